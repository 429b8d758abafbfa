//! The games: each player thread plays games of two seats, to the end,
//! picking the moves at random, and times every move request.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use senet_server::client::take_turn;
use serde_json::{Value, json};
use tokio::runtime::Handle;

use crate::wire;

/// What one player thread measured.
#[derive(Default)]
pub struct Played {
    /// The time of every move request (not the throws).
    pub latencies: Vec<Duration>,
    /// Games played to their end.
    pub finished: usize,
    /// Games stopped by `--max-turns`, the run's deadline or an error.
    pub cut: usize,
    /// The first error, if any: the player stops at it.
    pub error: Option<String>,
}

/// One player thread's part of a run.
pub struct Player {
    pub port: u16,
    pub ruleset: String,
    pub index: usize,
    pub max_turns: usize,
    /// The player starts new games until the run is this old.
    pub min_run: Duration,
    pub started: Instant,
    pub stop: Arc<AtomicBool>,
    /// The runtime the creates go through (they need a bound socket).
    pub runtime: Handle,
}

impl Player {
    /// Plays games, one after the other, until one has been played and
    /// the run is `min_run` old, or the run stops.
    pub fn play(self) -> Played {
        let mut played = Played::default();
        for game in 0.. {
            match self.play_one(game, &mut played.latencies) {
                Ok(true) => played.finished += 1,
                Ok(false) => played.cut += 1,
                Err(error) => {
                    played.cut += 1;
                    played.error = Some(error);
                    break;
                }
            }
            if self.stop.load(Ordering::Relaxed) || self.started.elapsed() >= self.min_run {
                break;
            }
        }
        played
    }

    /// The address game `game` is created from: one per player and game
    /// (modulo 250), so that a player making many short games stays far
    /// under the server's creates a minute per address.
    fn address(&self, game: usize) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(
            127,
            1,
            (game % 250) as u8,
            (self.index % 250 + 1) as u8,
        ))
    }

    /// Takes the second seat of `created` by its invitation, as the person
    /// invited does; answers that seat's token.
    fn join(&self, game: usize, created: &Value) -> Result<String, String> {
        let id = created["id"].as_str().ok_or("no game id")?;
        let invitation = created["invitation"].as_str().ok_or("no invitation")?;
        let body = json!({ "invitation": invitation }).to_string();
        let path = format!("/api/games/{id}/join");
        let (status, answer) = self
            .runtime
            .block_on(wire::post(self.address(game), self.port, &path, &body))
            .map_err(|e| format!("join: {e}"))?;
        if status != 201 {
            return Err(format!("join: {status}: {answer}"));
        }
        let joined: Value = serde_json::from_str(&answer).map_err(|e| e.to_string())?;
        Ok(joined["token"]
            .as_str()
            .ok_or("no token in the join")?
            .to_owned())
    }

    /// Creates a game and plays it; true when it reached its end.
    fn play_one(&self, game: usize, latencies: &mut Vec<Duration>) -> Result<bool, String> {
        let body = json!({"ruleset": self.ruleset, "opponent": "person", "opponent_token": false})
            .to_string();
        let (status, answer) = self
            .runtime
            .block_on(wire::post(
                self.address(game),
                self.port,
                "/api/games",
                &body,
            ))
            .map_err(|e| format!("create: {e}"))?;
        if status != 201 {
            return Err(format!("create: {status}: {answer}"));
        }
        let created: Value = serde_json::from_str(&answer).map_err(|e| e.to_string())?;
        let x = created["token"].as_str().ok_or("no token")?.to_owned();
        let o = self.join(game, &created)?;
        let mut view = created["game"].clone();
        let seed = (self.index as u64 + 1).wrapping_add((game as u64) << 32);
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        for _ in 0..self.max_turns {
            if !view["finish"].is_null() {
                return Ok(true);
            }
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            let moving = view["legal_moves"]
                .as_array()
                .is_some_and(|moves| !moves.is_empty());
            let started = Instant::now();
            // `take_turn` names the view's turn: a request is answered once.
            let answer = take_turn(self.port, &view, [Some(&x), Some(&o)], |count| {
                rng.below(count)
            })
            .map_err(|e| e.to_string())?;
            if moving {
                latencies.push(started.elapsed());
            }
            if answer.status != 200 {
                return Err(format!("{}: {}", answer.status, answer.body));
            }
            view = answer.json().map_err(|e| e.to_string())?["game"].clone();
        }
        Ok(!view["finish"].is_null())
    }
}

/// xorshift64*: the moves are random, and the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// The `p`th percentile of `sorted` (nearest rank), zero when empty.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}
