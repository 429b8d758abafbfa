//! The games in play, kept taken up between requests: a request on a game
//! in the cache reads no game row and no turns, and replays nothing.
//!
//! The database stays the truth. A game enters the cache when it is taken
//! up (`Game::resume` of its stored record) and is replaced only after a
//! change to it is committed, always under the game's lock, so the cache
//! never holds what the database does not. Past its size the game used
//! least recently leaves it; it is taken up again when next asked for.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::hosted::Hosted;

/// How many games the cache holds unless the operator says otherwise
/// (`--cache-games`).
pub const DEFAULT_CACHE_GAMES: usize = 1000;

/// The cache of games taken up, by id.
#[derive(Debug)]
pub(crate) struct Live {
    games: Mutex<HashMap<String, (Hosted, u64)>>,
    capacity: usize,
    clock: AtomicU64,
    resumes: AtomicU64,
}

impl Live {
    /// A cache of at most `capacity` games (0: none kept, every request
    /// takes its game up).
    pub(crate) fn new(capacity: usize) -> Live {
        Live {
            games: Mutex::new(HashMap::new()),
            capacity,
            clock: AtomicU64::new(0),
            resumes: AtomicU64::new(0),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (Hosted, u64)>> {
        // Every entry is whole: a panic elsewhere leaves nothing half set.
        self.games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The game `id`, if it is kept; call only under the game's lock.
    pub(crate) fn get(&self, id: &str) -> Option<Hosted> {
        let now = self.clock.fetch_add(1, Ordering::Relaxed);
        let mut games = self.lock();
        let (hosted, used) = games.get_mut(id)?;
        *used = now;
        Some(hosted.clone())
    }

    /// Keeps `hosted`, as the database holds it now: call only under its
    /// game's lock, after its change is committed. `resumed` counts a
    /// game just taken up from the database.
    pub(crate) fn put(&self, hosted: Hosted, resumed: bool) {
        if resumed {
            self.resumes.fetch_add(1, Ordering::Relaxed);
        }
        if self.capacity == 0 {
            return;
        }
        let now = self.clock.fetch_add(1, Ordering::Relaxed);
        let mut games = self.lock();
        games.insert(hosted.stored.id.clone(), (hosted, now));
        while games.len() > self.capacity {
            let oldest = games
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => games.remove(&id),
                None => break,
            };
        }
    }

    /// Games taken up from the database since the start.
    pub(crate) fn resumes(&self) -> u64 {
        self.resumes.load(Ordering::Relaxed)
    }
}
