//! Playing the study's games and counting what happens in them.

use senet::bot::{Agent, Bot, Decision, Level, RandomAgent};
use senet::rulesets::BuiltIn;
use senet::{Outcome, Position, Seed, SeededThrows, Side, ThrowSource};

use crate::common::fail;

/// A game still running after this many throws is stopped and counted.
const MAX_THROWS: u32 = 100_000;

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairing {
    /// A uniformly random mover on each side.
    RandomVsRandom,
    /// The top bot level on each side.
    TopVsTop,
    /// The top level against random, each seed played twice with the seats swapped.
    TopVsRandom,
}

impl Pairing {
    pub const ALL: [Pairing; 3] = [
        Pairing::RandomVsRandom,
        Pairing::TopVsTop,
        Pairing::TopVsRandom,
    ];

    pub fn label(self) -> String {
        match self {
            Pairing::RandomVsRandom => "random vs random".to_owned(),
            Pairing::TopVsTop => format!("level {} vs itself", Level::MAX),
            Pairing::TopVsRandom => format!("level {} vs random, mirrored", Level::MAX),
        }
    }
}

/// What a batch of games came to.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub games: u64,
    pub x_wins: u64,
    pub draws: u64,
    /// Wins of the top level (pairing TopVsRandom only).
    pub top_wins: u64,
    pub unfinished: u64,
    pub lost: u64,
    pub contacts: u64,
    pub water: u64,
    pub backward: u64,
    pub lengths: Vec<u32>,
    pub turns: Vec<u32>,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        self.games += other.games;
        self.x_wins += other.x_wins;
        self.draws += other.draws;
        self.top_wins += other.top_wins;
        self.unfinished += other.unfinished;
        self.lost += other.lost;
        self.contacts += other.contacts;
        self.water += other.water;
        self.backward += other.backward;
        self.lengths.extend(other.lengths);
        self.turns.extend(other.turns);
    }

    pub fn mean(&self, values: &[u32]) -> f64 {
        values.iter().map(|&v| f64::from(v)).sum::<f64>() / values.len().max(1) as f64
    }

    /// Median with the 5th and 95th percentiles (nearest rank).
    pub fn spread(&self, values: &[u32]) -> String {
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let rank =
            |p: f64| sorted[((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1];
        if sorted.is_empty() {
            return "-".to_owned();
        }
        format!("{} ({}-{})", rank(0.5), rank(0.05), rank(0.95))
    }

    pub fn per_game(&self, count: u64) -> String {
        format!("{:.2}", count as f64 / self.games as f64)
    }

    pub fn first_side_wins(&self) -> String {
        rate(self.x_wins, self.draws, self.games)
    }

    pub fn edge(&self) -> String {
        rate(self.top_wins, self.draws, self.games)
    }
}

/// A win rate counting draws as half, with its 95% normal interval.
fn rate(wins: u64, draws: u64, games: u64) -> String {
    let n = games as f64;
    let p = (wins as f64 + 0.5 * draws as f64) / n;
    let half = 1.96 * (p * (1.0 - p) / n).sqrt();
    format!("{:.2}% ± {:.2}", 100.0 * p, 100.0 * half)
}

/// The seed of game `index` of a study seeded with `master`: 16 bytes, the
/// master seed then the index, little-endian. It decides the throws and,
/// through its first word, the random movers' choices.
fn game_seed(master: u64, index: u64) -> Seed {
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&master.to_le_bytes());
    bytes[8..].copy_from_slice(&index.to_le_bytes());
    Seed::from_bytes(&bytes).unwrap_or_else(|e| fail(e))
}

/// Plays `games` games of `pairing` over `threads` threads.
pub fn play_games<R: BuiltIn>(
    ruleset: R,
    pairing: Pairing,
    games: u64,
    seed: u64,
    threads: u64,
) -> Tally {
    let chunk = games.div_ceil(threads);
    let mut total = Tally::default();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let range = (t * chunk).min(games)..((t + 1) * chunk).min(games);
                scope.spawn(move || {
                    let mut tally = Tally::default();
                    for index in range {
                        play_one(ruleset, pairing, seed, index, &mut tally);
                    }
                    tally
                })
            })
            .collect();
        for worker in workers {
            total.merge(
                worker
                    .join()
                    .unwrap_or_else(|_| fail("a worker thread panicked")),
            );
        }
    });
    total
}

/// Game `index` of the batch; for TopVsRandom the top level sits as x on
/// even indices and as o on odd ones, and each pair shares its throws.
fn play_one<R: BuiltIn>(ruleset: R, pairing: Pairing, seed: u64, index: u64, tally: &mut Tally) {
    let throws = game_seed(
        seed,
        if pairing == Pairing::TopVsRandom {
            index / 2
        } else {
            index
        },
    );
    let chooser = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let top = || -> Box<dyn Agent<R>> {
        Box::new(Bot::new(
            ruleset,
            Level::new(Level::MAX).unwrap_or_else(|| fail("no level")),
        ))
    };
    let random = |salt: u64| -> Box<dyn Agent<R>> { Box::new(RandomAgent::new(chooser ^ salt)) };
    let (mut x, mut o, top_side) = match pairing {
        Pairing::RandomVsRandom => (random(0), random(1), None),
        Pairing::TopVsTop => (top(), top(), None),
        Pairing::TopVsRandom if index.is_multiple_of(2) => (top(), random(1), Some(Side::X)),
        Pairing::TopVsRandom => (random(0), top(), Some(Side::O)),
    };
    let mut source = SeededThrows::new(throws);
    let mut position = Position::start(ruleset);
    let (mut length, mut turns, mut last_side) = (0u32, 0u32, None);
    while !position.is_over() && length < MAX_THROWS {
        let side = position.side_to_throw();
        if last_side != Some(side) {
            turns += 1;
            last_side = Some(side);
        }
        let throw = source
            .next_throw(ruleset.dice())
            .unwrap_or_else(|e| fail(e));
        length += 1;
        let legal = position.moves(throw.roll());
        if legal.is_empty() {
            tally.lost += 1;
            position = legal.lose_throw().unwrap_or_else(|e| fail(e));
            continue;
        }
        let mv = if legal.len() == 1 {
            legal
                .get(0)
                .unwrap_or_else(|| fail("a roll with one move has a move"))
        } else {
            let decision = Decision::new(position, throw, &[]).unwrap_or_else(|e| fail(e));
            match side {
                Side::X => x.choose(&decision),
                Side::O => o.choose(&decision),
            }
        };
        tally.contacts += u64::from(mv.is_hit());
        tally.water += u64::from(mv.is_water());
        tally.backward += u64::from(mv.is_backward());
        position = legal
            .play(mv)
            .unwrap_or_else(|e| fail(format!("an agent chose an illegal move: {e}")));
    }
    tally.games += 1;
    tally.lengths.push(length);
    tally.turns.push(turns);
    match position.outcome() {
        Some(Outcome::Win(winner)) => {
            tally.x_wins += u64::from(winner == Side::X);
            tally.top_wins += u64::from(Some(winner) == top_side);
        }
        Some(Outcome::Draw) => tally.draws += 1,
        None => tally.unfinished += 1,
    }
}
