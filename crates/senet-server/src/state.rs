//! What every request shares (the store, the per-game locks, the tables,
//! the rulesets offered), and how a request's work runs under its game's
//! lock.

use std::sync::Arc;

use crate::error::{ApiError, quoted};
use crate::hosted::Hosted;
use crate::limits::CreateWindow;
use crate::live::Live;
use crate::odds::Odds;
use crate::offered::Offered;
use crate::store::{OpenLimits, Store};

/// The largest request body taken, in bytes, unless the operator says
/// otherwise (`--max-body-bytes`).
pub const BODY_LIMIT: usize = 4096;

/// The turns a game may have unless the operator says otherwise: Jéquier
/// passes 2,400 throws in one game of 20 under random play
/// (`docs/study.md`), so 10,000 leaves every real game room.
pub const DEFAULT_MAX_TURNS: usize = 10_000;

/// The games in play a server holds unless the operator says otherwise
/// (`--max-open-games`).
pub const DEFAULT_MAX_OPEN_GAMES: usize = 10_000;

/// The games in play one client address may hold unless the operator
/// says otherwise (`--max-open-games-per-address`): more than a person
/// plays at once, a hundredth of [`DEFAULT_MAX_OPEN_GAMES`].
pub const DEFAULT_MAX_OPEN_GAMES_PER_ADDRESS: usize = 100;

/// The days after which an untouched game stops counting as in play
/// unless the operator says otherwise (`--abandon-after`).
pub const DEFAULT_ABANDON_AFTER_DAYS: u64 = 7;

/// Each game's lock while a request on it runs or waits: requests on one
/// game run one at a time, requests on different games in parallel. A
/// game's entry lives as long as a request holds its lock; the entries
/// of games nobody asks for any more are dropped as the map grows.
#[derive(Debug, Default)]
struct GameLocks {
    map: std::collections::HashMap<String, std::sync::Weak<tokio::sync::Mutex<()>>>,
    /// The map's size after its last sweep: the next sweep is due when it
    /// has doubled, so sweeping costs each request O(1) on average.
    swept: usize,
}

/// A change committed to a game: its id and the turn it is at now.
#[derive(Clone, Debug)]
pub(crate) struct News {
    pub(crate) id: Arc<str>,
    pub(crate) turn: usize,
}

/// How many changes a slow event stream may fall behind before it is told
/// it missed some.
const NEWS_KEPT: usize = 1024;

/// What every request shares: the store, the per-game locks, the tables.
#[derive(Debug)]
pub struct AppState {
    pub(crate) store: Store,
    locks: std::sync::Mutex<GameLocks>,
    /// Every committed change, for the games' event streams.
    pub(crate) news: tokio::sync::broadcast::Sender<News>,
    /// True once the server stops: the event streams end.
    stopping: tokio::sync::watch::Receiver<bool>,
    pub(crate) odds: Odds,
    pub(crate) offered: Offered,
    pub(crate) work_delay: std::time::Duration,
    allowed_hosts: Vec<String>,
    body_timeout: std::time::Duration,
    pub(crate) creates: CreateWindow,
    pub(crate) live: Live,
    max_body_bytes: usize,
    max_turns: usize,
    max_open_games: usize,
    max_open_games_per_address: usize,
    abandon_after: std::time::Duration,
}

impl AppState {
    /// The state over `store`, with endgame tables of `odds_bound` pieces
    /// a side (0 for none) solved when first asked for, offering the
    /// built-in rulesets.
    pub fn new(store: Store, odds_bound: u8) -> AppState {
        AppState::offering(store, odds_bound, Offered::built_in())
    }

    /// [`new`](Self::new), offering the rulesets of `offered` (the
    /// built-in ones and those of rules files).
    pub fn offering(store: Store, odds_bound: u8, offered: Offered) -> AppState {
        AppState {
            store,
            locks: std::sync::Mutex::default(),
            news: tokio::sync::broadcast::channel(NEWS_KEPT).0,
            stopping: tokio::sync::watch::channel(false).1,
            odds: Odds::new(odds_bound),
            offered,
            work_delay: std::time::Duration::ZERO,
            allowed_hosts: Vec::new(),
            body_timeout: std::time::Duration::from_secs(10),
            creates: CreateWindow::new(0),
            live: Live::new(crate::live::DEFAULT_CACHE_GAMES),
            max_body_bytes: BODY_LIMIT,
            max_turns: DEFAULT_MAX_TURNS,
            max_open_games: DEFAULT_MAX_OPEN_GAMES,
            max_open_games_per_address: DEFAULT_MAX_OPEN_GAMES_PER_ADDRESS,
            abandon_after: std::time::Duration::from_secs(DEFAULT_ABANDON_AFTER_DAYS * 86_400),
        }
    }

    /// This state taking request bodies of at most `bytes` (4096 by
    /// default, [`BODY_LIMIT`]); a longer one gets a JSON 413.
    pub fn with_max_body_bytes(mut self, bytes: usize) -> AppState {
        self.max_body_bytes = bytes;
        self
    }

    /// The longest request body taken, in bytes.
    pub fn max_body_bytes(&self) -> usize {
        self.max_body_bytes
    }

    /// This state refusing a throw or a move in a game of `turns` turns or
    /// more with a JSON 409 ([`DEFAULT_MAX_TURNS`] by default): a game
    /// that never ends cannot grow without bound. Resigning stays open.
    pub fn with_max_turns(mut self, turns: usize) -> AppState {
        self.max_turns = turns;
        self
    }

    /// The most turns a game may have before a throw or a move.
    pub fn max_turns(&self) -> usize {
        self.max_turns
    }

    /// This state refusing a new game with a JSON 503 while `games` games
    /// are in play ([`DEFAULT_MAX_OPEN_GAMES`] by default; 0 for no
    /// limit): games not over and changed within `abandon_after` (7 days
    /// by default, [`DEFAULT_ABANDON_AFTER_DAYS`]). An abandoned game can
    /// still be played, and then counts again.
    pub fn with_max_open_games(
        mut self,
        games: usize,
        abandon_after: std::time::Duration,
    ) -> AppState {
        self.max_open_games = games;
        self.abandon_after = abandon_after;
        self
    }

    /// This state refusing a new game with a JSON 429 while `games` games
    /// made from the same client address (an IPv6 one with its /64) are
    /// in play ([`DEFAULT_MAX_OPEN_GAMES_PER_ADDRESS`] by default; 0 for
    /// no limit), counted as [`with_max_open_games`](Self::with_max_open_games)
    /// counts: a few addresses cannot hold every game the server allows.
    pub fn with_max_open_games_per_address(mut self, games: usize) -> AppState {
        self.max_open_games_per_address = games;
        self
    }

    /// The open-games limits as [`Store::create_within`] takes them, for
    /// a game made by `creator` (see [`crate::limits::creator_of`]).
    pub(crate) fn open_limits(&self, creator: Option<String>) -> OpenLimits {
        let window = i64::try_from(self.abandon_after.as_secs()).unwrap_or(i64::MAX);
        OpenLimits {
            games: (self.max_open_games > 0).then_some(self.max_open_games),
            per_creator: (self.max_open_games_per_address > 0)
                .then_some(self.max_open_games_per_address),
            creator,
            since: crate::store::unix_now().saturating_sub(window),
        }
    }

    /// This state letting one client address (an IPv6 one with its /64)
    /// make at most `per_minute` games a minute, others getting a JSON
    /// 429 with `Retry-After`; 0 (the default here) for no limit.
    pub fn with_creates_per_minute(mut self, per_minute: u32) -> AppState {
        self.creates = CreateWindow::new(per_minute);
        self
    }

    /// This state keeping at most `games` games taken up between requests
    /// (1000 by default, [`DEFAULT_CACHE_GAMES`](crate::DEFAULT_CACHE_GAMES));
    /// past them the least recently used is taken up again when next asked
    /// for. 0 keeps none.
    pub fn with_cache_games(mut self, games: usize) -> AppState {
        self.live = Live::new(games);
        self
    }

    /// This state giving a request's body `timeout` to arrive whole, from
    /// the end of its head (10 s by default); past it, a JSON 408.
    pub fn with_body_timeout(mut self, timeout: std::time::Duration) -> AppState {
        self.body_timeout = timeout;
        self
    }

    /// How long a request's body has to arrive.
    pub fn body_timeout(&self) -> std::time::Duration {
        self.body_timeout
    }

    /// This state answering only requests whose `Host` is one of `hosts`
    /// (`name` for any port, or `name:port`; any case); others get a JSON
    /// 421. None (the default) answers every host.
    pub fn with_allowed_hosts(mut self, hosts: Vec<String>) -> AppState {
        self.allowed_hosts = hosts;
        self
    }

    /// The hosts this server answers for; empty for every host.
    pub fn allowed_hosts(&self) -> &[String] {
        &self.allowed_hosts
    }

    /// This state with every change to a game made `delay` longer, under
    /// its game's lock and before its commit: for tests of a client that
    /// leaves in the middle of a request (`--debug-work-delay-ms`); none
    /// by default.
    pub fn with_work_delay(mut self, delay: std::time::Duration) -> AppState {
        self.work_delay = delay;
        self
    }

    /// This state ending the games' event streams when `stopping` turns
    /// true: a server's stop then waits for no stream (by default they
    /// end only when their client leaves).
    pub fn with_stop(mut self, stopping: tokio::sync::watch::Receiver<bool>) -> AppState {
        self.stopping = stopping;
        self
    }

    /// Whether and when the server stops, as the event streams watch it.
    pub(crate) fn stopping(&self) -> tokio::sync::watch::Receiver<bool> {
        self.stopping.clone()
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Game `id`'s own lock: the one a request on it holds or waits for,
    /// or a new one.
    fn lock_of(&self, id: &str) -> Arc<tokio::sync::Mutex<()>> {
        // Held only to look up or add an entry: no request waits here
        // for another's work.
        let mut locks = self
            .locks
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(lock) = locks.map.get(id).and_then(std::sync::Weak::upgrade) {
            return lock;
        }
        if locks.map.len() >= 2 * locks.swept.max(64) {
            locks.map.retain(|_, lock| lock.strong_count() > 0);
            locks.swept = locks.map.len();
        }
        let lock = Arc::new(tokio::sync::Mutex::new(()));
        locks.map.insert(id.to_owned(), Arc::downgrade(&lock));
        lock
    }

    /// Game `id` as the database holds it: the one kept in the cache, or
    /// its row taken up with its record (and then kept). Call only under
    /// the game's lock (`locked`).
    pub(crate) fn hosted(&self, id: &str) -> Result<Hosted, ApiError> {
        if let Some(hosted) = self.live.get(id) {
            return Ok(hosted);
        }
        let stored = self.store.game(id)?.ok_or_else(|| {
            ApiError::not_found(format!("no game has the id \"{}\"", quoted(id, 40)))
        })?;
        let hosted = Hosted::resume(stored, &self.offered)?;
        self.live.put(hosted.clone(), true);
        Ok(hosted)
    }

    /// Keeps `hosted` as its game is now: call only under the game's lock,
    /// once its change is committed.
    pub(crate) fn committed(&self, hosted: &Hosted) {
        self.live.put(hosted.clone(), false);
        // No stream listening is no error.
        let _ = self.news.send(News {
            id: Arc::from(hosted.stored.id.as_str()),
            turn: hosted.turn(),
        });
    }
}

/// Runs `work` on the blocking pool while holding game `id`'s lock, to its
/// end: the work is a task of its own, so a client that leaves (which
/// drops the handler's future) neither cancels it nor frees the lock
/// early; the next request on the game sees all of the change or none.
pub(crate) async fn locked<T: Send + 'static>(
    state: &Arc<AppState>,
    id: String,
    work: impl FnOnce(&AppState, &str) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let failed = |e: tokio::task::JoinError| {
        ApiError::internal(format!(
            "the request's work failed: {e}; nothing was changed"
        ))
    };
    let shared = Arc::clone(state);
    tokio::spawn(async move {
        let guard = shared.lock_of(&id).lock_owned().await;
        tokio::task::spawn_blocking(move || {
            let result = work(&shared, &id);
            drop(guard);
            result
        })
        .await
        .map_err(failed)?
    })
    .await
    .map_err(failed)?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_has_one_lock_while_asked_for_and_forgotten_games_are_swept() {
        let state = AppState::new(Store::in_memory().unwrap(), 0);
        let a = state.lock_of("a");
        assert!(Arc::ptr_eq(&a, &state.lock_of("a")), "one lock per game");
        assert!(!Arc::ptr_eq(&a, &state.lock_of("b")), "another game's own");
        // A thousand games asked for once each: their entries are swept
        // as the map grows, while the one still held stays.
        for n in 0..1000 {
            drop(state.lock_of(&format!("g{n}")));
        }
        let locks = state.locks.lock().unwrap();
        assert!(locks.map.len() < 300, "{} entries kept", locks.map.len());
        assert!(
            locks
                .map
                .get("a")
                .and_then(std::sync::Weak::upgrade)
                .is_some()
        );
        drop(locks);
        assert!(Arc::ptr_eq(&a, &state.lock_of("a")));
    }
}
