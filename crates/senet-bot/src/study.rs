//! Measuring a reconstruction by playing it: who wins, how long games
//! last, how often pieces meet, fall in the water or go back, and how
//! much skill counts, for random movers and for the top bot level.
//!
//! Every game's throws and random choices come from a seed made of the
//! study's seed and the game's number alone, so [`play_games`] gives the
//! same [`Tally`] whatever the thread count. `senet study` prints
//! these tallies as tables for every built-in ruleset.
//!
//! ```
//! use senet::rulesets::Kendall;
//! use senet_bot::study::{Pairing, play_games};
//!
//! let tally = play_games(Kendall, Pairing::RandomVsRandom, 200, 1, 2)?;
//! assert_eq!(tally.games, 200);
//! let score = tally.first_side_score();
//! assert!((0.3..0.7).contains(&score.value)); // about even
//! # Ok::<(), senet_bot::study::StudyError>(())
//! ```

use core::fmt;

use thiserror::Error;

use crate::{Agent, Bot, Decision, DecisionError, Level, RandomAgent};
use senet::IllegalMoveError;
use senet::Moves;
use senet::Position;
use senet::Side;
use senet::Throw;
use senet::playout::{PlayoutDriver, playout_with};
use senet::rulesets::CheckedRuleset;
use senet::source::{Seed, SeededThrows, ThrowError, ThrowSource};
use senet::{Outcome, Ruleset};

/// A game still running after this many throws is stopped and counted
/// as unfinished ([`Tally::unfinished`]).
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet_bot::study::{MAX_THROWS, Pairing, play_games};
///
/// let tally = play_games(Kendall, Pairing::RandomVsRandom, 5, 1, 1)?;
/// assert!(tally.games_by_throws.len() as u64 <= u64::from(MAX_THROWS) + 1);
/// assert_eq!(tally.unfinished, 0); // random games end far sooner
/// # Ok::<(), senet_bot::study::StudyError>(())
/// ```
pub const MAX_THROWS: u32 = 100_000;

/// The most threads [`play_games`] spreads its games over.
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet_bot::study::{MAX_THREADS, Pairing, StudyError, play_games};
///
/// let many = play_games(Kendall, Pairing::RandomVsRandom, 2, 1, MAX_THREADS + 1);
/// assert!(matches!(many, Err(StudyError::Threads { asked: 257 })));
/// ```
pub const MAX_THREADS: u64 = 256;

/// The top bot level, checked when the crate compiles.
const TOP: Level = match Level::checked(Level::MAX) {
    Some(level) => level,
    None => panic!("Level::MAX is a level"),
};

/// Who plays whom.
///
/// ```
/// use senet_bot::study::Pairing;
///
/// assert_eq!(Pairing::ALL.len(), 3);
/// assert_eq!(Pairing::TopVsRandom.to_string(), "level 5 vs random, mirrored");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Pairing {
    /// A uniformly random mover on each side.
    RandomVsRandom,
    /// The top bot level on each side.
    TopVsTop,
    /// The top level against random, each seed played twice with the
    /// seats swapped, so that the throws favour neither.
    TopVsRandom,
}

impl Pairing {
    /// Every pairing, in the order the study reports them.
    ///
    /// ```
    /// use senet_bot::study::Pairing;
    ///
    /// let names: Vec<String> = Pairing::ALL.iter().map(|p| p.to_string()).collect();
    /// assert_eq!(names[0], "random vs random");
    /// assert_eq!(names[2], "level 5 vs random, mirrored");
    /// ```
    pub const ALL: [Pairing; 3] = [
        Pairing::RandomVsRandom,
        Pairing::TopVsTop,
        Pairing::TopVsRandom,
    ];
}

impl fmt::Display for Pairing {
    /// The pairing as the study's tables name it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pairing::RandomVsRandom => f.write_str("random vs random"),
            Pairing::TopVsTop => write!(f, "level {} vs itself", Level::MAX),
            Pairing::TopVsRandom => write!(f, "level {} vs random, mirrored", Level::MAX),
        }
    }
}

/// What a batch of games came to. Counts are over all the games; game
/// lengths are kept as a count of games per length (at most
/// [`MAX_THROWS`]` + 1` entries whatever the number of games), from
/// which medians, means and histograms are computed exactly.
///
/// ```
/// use senet::rulesets::Bell;
/// use senet_bot::study::{Pairing, play_games};
///
/// let tally = play_games(Bell, Pairing::RandomVsRandom, 50, 7, 1)?;
/// assert_eq!(tally.games_by_throws.iter().sum::<u64>(), 50);
/// assert_eq!(tally.games_by_turns.iter().sum::<u64>(), 50);
/// assert!(tally.x_wins + tally.draws + tally.unfinished <= 50);
/// # Ok::<(), senet_bot::study::StudyError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
#[non_exhaustive]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games the first side (`x`) won.
    pub x_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games the top level won ([`Pairing::TopVsRandom`] only).
    pub top_wins: u64,
    /// Games stopped by [`MAX_THROWS`].
    pub unfinished: u64,
    /// Throws with no legal move.
    pub lost: u64,
    /// Moves landing on a piece (swaps, captures, pieces sent back).
    pub contacts: u64,
    /// Moves ending in the water.
    pub water: u64,
    /// Moves backward.
    pub backward: u64,
    /// Games per length in throws: `games_by_throws[n]` games were `n`
    /// throws long. Empty, or ending with a nonzero count.
    pub games_by_throws: Vec<u64>,
    /// Games per length in turns (runs of throws by the same side):
    /// `games_by_turns[n]` games took `n` turns. Empty, or ending with a
    /// nonzero count.
    pub games_by_turns: Vec<u64>,
}

impl Tally {
    /// Adds `other`'s games to this tally's.
    ///
    /// ```
    /// use senet::rulesets::Kendall;
    /// use senet_bot::study::{Pairing, play_games};
    ///
    /// let mut a = play_games(Kendall, Pairing::RandomVsRandom, 3, 1, 1)?;
    /// let b = play_games(Kendall, Pairing::RandomVsRandom, 4, 2, 1)?;
    /// a.merge(b.clone());
    /// assert_eq!(a.games, 7);
    /// assert_eq!(a.games_by_throws.iter().sum::<u64>(), 7);
    /// # Ok::<(), senet_bot::study::StudyError>(())
    /// ```
    pub fn merge(&mut self, other: Tally) {
        self.games += other.games;
        self.x_wins += other.x_wins;
        self.draws += other.draws;
        self.top_wins += other.top_wins;
        self.unfinished += other.unfinished;
        self.lost += other.lost;
        self.contacts += other.contacts;
        self.water += other.water;
        self.backward += other.backward;
        add_counts(&mut self.games_by_throws, &other.games_by_throws);
        add_counts(&mut self.games_by_turns, &other.games_by_turns);
    }

    /// `count` divided by the games (0 for no game).
    ///
    /// ```
    /// use senet_bot::study::Tally;
    ///
    /// let mut tally = Tally::default();
    /// assert_eq!(tally.per_game(5), 0.0);
    /// tally.games = 4;
    /// assert_eq!(tally.per_game(2), 0.5);
    /// ```
    pub fn per_game(&self, count: u64) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        count as f64 / self.games as f64
    }

    /// The first side's score: its wins plus half the draws, per game.
    ///
    /// ```
    /// use senet_bot::study::Tally;
    ///
    /// let mut tally = Tally::default();
    /// (tally.games, tally.x_wins, tally.draws) = (10, 4, 2);
    /// assert_eq!(tally.first_side_score().value, 0.5);
    /// ```
    pub fn first_side_score(&self) -> Score {
        Score::new(self.x_wins, self.draws, self.games)
    }

    /// The top level's score against random ([`Pairing::TopVsRandom`]):
    /// its wins plus half the draws, per game.
    ///
    /// ```
    /// use senet_bot::study::Tally;
    ///
    /// let mut tally = Tally::default();
    /// (tally.games, tally.top_wins) = (4, 3);
    /// assert_eq!(tally.top_score().value, 0.75);
    /// ```
    pub fn top_score(&self) -> Score {
        Score::new(self.top_wins, self.draws, self.games)
    }
}

/// A score (wins plus half the draws, per game) with the half-width of
/// its 95% normal interval: the score is known to about ± that.
///
/// ```
/// use senet_bot::study::Tally;
///
/// let mut tally = Tally::default();
/// (tally.games, tally.x_wins) = (100, 50);
/// let score = tally.first_side_score();
/// assert_eq!(score.value, 0.5);
/// assert!((score.half_width - 0.098).abs() < 1e-9);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
#[non_exhaustive]
pub struct Score {
    /// Wins plus half the draws, over the games (0 to 1).
    pub value: f64,
    /// 1.96 standard errors.
    pub half_width: f64,
}

impl Score {
    fn new(wins: u64, draws: u64, games: u64) -> Score {
        let n = games.max(1) as f64;
        let value = (wins as f64 + 0.5 * draws as f64) / n;
        Score {
            value,
            half_width: 1.96 * (value * (1.0 - value) / n).sqrt(),
        }
    }
}

/// The middle and the bulk of some values: median and 5th and 95th
/// percentiles, by nearest rank.
///
/// ```
/// use senet_bot::study::Spread;
///
/// let values: Vec<u32> = (1..=100).collect();
/// let spread = Spread::of(&values).unwrap();
/// assert_eq!((spread.low, spread.median, spread.high), (5, 50, 95));
/// assert_eq!(Spread::of(&[]), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
#[non_exhaustive]
pub struct Spread {
    /// The 5th percentile.
    pub low: u32,
    /// The median.
    pub median: u32,
    /// The 95th percentile.
    pub high: u32,
}

impl Spread {
    /// The spread of `values`, or `None` when there are none.
    ///
    /// ```
    /// use senet_bot::study::Spread;
    ///
    /// let spread = Spread::of(&[30, 10, 20]).unwrap(); // the order does not matter
    /// assert_eq!((spread.low, spread.median, spread.high), (10, 20, 30));
    /// assert_eq!(Spread::of(&[]), None);
    /// ```
    pub fn of(values: &[u32]) -> Option<Spread> {
        if values.is_empty() {
            return None;
        }
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        let rank = |p: f64| {
            let index = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1;
            sorted.get(index).copied()
        };
        Some(Spread {
            low: rank(0.05)?,
            median: rank(0.5)?,
            high: rank(0.95)?,
        })
    }

    /// The spread of values given as counts (`counts[v]` values equal
    /// `v`), exactly as [`Spread::of`] of those values; `None` when
    /// there are none.
    ///
    /// ```
    /// use senet_bot::study::Spread;
    ///
    /// let spread = Spread::of_counts(&[0, 1, 0, 2]).unwrap(); // 1, 3, 3
    /// assert_eq!(spread, Spread::of(&[1, 3, 3]).unwrap());
    /// assert_eq!(Spread::of_counts(&[0, 0]), None);
    /// ```
    pub fn of_counts(counts: &[u64]) -> Option<Spread> {
        let total: u64 = counts.iter().sum();
        if total == 0 {
            return None;
        }
        let rank = |p: f64| {
            let index = ((p * total as f64).ceil() as u64).clamp(1, total) - 1;
            nth_of_counts(counts, index)
        };
        Some(Spread {
            low: rank(0.05)?,
            median: rank(0.5)?,
            high: rank(0.95)?,
        })
    }
}

/// The value at `index` (from 0) of the sorted values that `counts`
/// counts (`counts[v]` values equal `v`), or `None` past the end.
///
/// ```
/// use senet_bot::study::nth_of_counts;
///
/// let counts = [0, 1, 0, 2]; // 1, 3, 3
/// assert_eq!(nth_of_counts(&counts, 0), Some(1));
/// assert_eq!(nth_of_counts(&counts, 2), Some(3));
/// assert_eq!(nth_of_counts(&counts, 3), None);
/// ```
pub fn nth_of_counts(counts: &[u64], index: u64) -> Option<u32> {
    let mut before = 0u64;
    for (value, &count) in counts.iter().enumerate() {
        before = before.saturating_add(count);
        if index < before {
            return u32::try_from(value).ok();
        }
    }
    None
}

/// The mean of values given as counts (`counts[v]` values equal `v`),
/// exactly as [`mean`] of those values (0 for none).
///
/// ```
/// use senet_bot::study::mean_of_counts;
///
/// assert_eq!(mean_of_counts(&[0, 1, 1, 0, 0, 0, 1]), 3.0);
/// assert_eq!(mean_of_counts(&[]), 0.0);
/// ```
pub fn mean_of_counts(counts: &[u64]) -> f64 {
    let (sum, total) =
        counts
            .iter()
            .enumerate()
            .fold((0u128, 0u128), |(sum, total), (value, &count)| {
                (
                    sum + value as u128 * u128::from(count),
                    total + u128::from(count),
                )
            });
    sum as f64 / total.max(1) as f64
}

/// Adds `more`'s counts to `counts`, index by index.
fn add_counts(counts: &mut Vec<u64>, more: &[u64]) {
    if counts.len() < more.len() {
        counts.reserve_exact(more.len() - counts.len());
        counts.resize(more.len(), 0);
    }
    for (count, &n) in counts.iter_mut().zip(more) {
        *count += n;
    }
}

/// Counts one game of `length` in `counts`.
fn count_one(counts: &mut Vec<u64>, length: u32) {
    let index = length as usize;
    if counts.len() <= index {
        counts.reserve_exact(index + 1 - counts.len());
        counts.resize(index + 1, 0);
    }
    counts[index] += 1;
}

/// The mean of `values` (0 for none).
///
/// ```
/// assert_eq!(senet_bot::study::mean(&[1, 2, 6]), 3.0);
/// assert_eq!(senet_bot::study::mean(&[]), 0.0);
/// ```
pub fn mean(values: &[u32]) -> f64 {
    values.iter().map(|&v| f64::from(v)).sum::<f64>() / values.len().max(1) as f64
}

/// Why a study could not be played.
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet_bot::study::{Pairing, StudyError, play_games};
///
/// let refused = play_games(Kendall, Pairing::RandomVsRandom, 10, 1, 0);
/// assert_eq!(refused, Err(StudyError::Threads { asked: 0 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum StudyError {
    /// The thread count is not from 1 to [`MAX_THREADS`].
    #[error("the thread count must be from 1 to {MAX_THREADS}, not {asked}")]
    Threads {
        /// The count asked for.
        asked: u64,
    },
    /// The seeded throws failed (they do not: a seed's stream never ends).
    #[error("a throw failed: {0}")]
    Throw(#[from] ThrowError),
    /// A move was refused: an agent's, or a lost throw.
    #[error("a move was refused: {0}")]
    Move(#[from] IllegalMoveError),
    /// A position and a throw made no decision for an agent.
    #[error("no decision to make: {0}")]
    Decision(#[from] DecisionError),
}

/// Plays `games` games of `pairing` from the ruleset's start, spread over
/// `threads` threads, and tallies them. Game `i` throws from the seed of
/// [`Seed::for_pair`]`(seed, i)` (of `i / 2` for
/// [`Pairing::TopVsRandom`], whose pairs share their throws with the
/// seats swapped: the top level is `x` in even games), and its random
/// movers choose from `seed` and `i` too: the tally does not depend on
/// `threads`.
///
/// # Errors
///
/// [`StudyError::Threads`] for a thread count outside 1 to
/// [`MAX_THREADS`]; the others only if the engine contradicted itself.
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet_bot::study::{Pairing, play_games};
///
/// let one = play_games(Kendall, Pairing::RandomVsRandom, 40, 9, 1)?;
/// let three = play_games(Kendall, Pairing::RandomVsRandom, 40, 9, 3)?;
/// assert_eq!(one, three);
/// # Ok::<(), senet_bot::study::StudyError>(())
/// ```
pub fn play_games<R: CheckedRuleset>(
    ruleset: R,
    pairing: Pairing,
    games: u64,
    seed: u64,
    threads: u64,
) -> Result<Tally, StudyError> {
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(StudyError::Threads { asked: threads });
    }
    let chunk = games.div_ceil(threads);
    let mut total = Tally::default();
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let range = (t * chunk).min(games)..((t + 1) * chunk).min(games);
                scope.spawn(move || play_range(ruleset, pairing, seed, range))
            })
            .collect();
        for worker in workers {
            match worker.join() {
                Ok(tally) => total.merge(tally?),
                // A worker's panic is a bug: it goes on in the caller.
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        Ok(total)
    })
}

/// Plays games `range` of the batch that [`play_games`] plays for `seed`,
/// in this thread, and tallies them: the study split in parts, for
/// spreading it over processes or machines. The parts' tallies, merged,
/// are the whole batch's, however it was cut.
///
/// # Errors
///
/// Only if the engine contradicted itself (see [`StudyError`]).
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet_bot::study::{Pairing, play_games, play_range};
///
/// let whole = play_games(Kendall, Pairing::RandomVsRandom, 30, 4, 1)?;
/// let mut parts = play_range(Kendall, Pairing::RandomVsRandom, 4, 0..7)?;
/// parts.merge(play_range(Kendall, Pairing::RandomVsRandom, 4, 7..30)?);
/// assert_eq!(parts, whole);
/// # Ok::<(), senet_bot::study::StudyError>(())
/// ```
pub fn play_range<R: CheckedRuleset>(
    ruleset: R,
    pairing: Pairing,
    seed: u64,
    range: std::ops::Range<u64>,
) -> Result<Tally, StudyError> {
    let mut tally = Tally::default();
    for index in range {
        play_one(ruleset, pairing, seed, index, &mut tally)?;
    }
    Ok(tally)
}

/// Game `index` of a batch, added to `tally`.
fn play_one<R: CheckedRuleset>(
    ruleset: R,
    pairing: Pairing,
    seed: u64,
    index: u64,
    tally: &mut Tally,
) -> Result<(), StudyError> {
    let throws = Seed::for_pair(
        seed,
        if pairing == Pairing::TopVsRandom {
            index / 2
        } else {
            index
        },
    );
    let chooser = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let top = || -> Box<dyn Agent<R>> { Box::new(Bot::new(ruleset, TOP)) };
    let random = |salt: u64| -> Box<dyn Agent<R>> { Box::new(RandomAgent::new(chooser ^ salt)) };
    let (x, o, top_side) = match pairing {
        Pairing::RandomVsRandom => (random(0), random(1), None),
        Pairing::TopVsTop => (top(), top(), None),
        Pairing::TopVsRandom if index.is_multiple_of(2) => (top(), random(1), Some(Side::X)),
        Pairing::TopVsRandom => (random(0), top(), Some(Side::O)),
    };
    let mut seats = Seats {
        throws: SeededThrows::new(throws),
        x,
        o,
        last_side: None,
        turns: 0,
        contacts: 0,
        water: 0,
        backward: 0,
    };
    let game = playout_with(&Position::start(ruleset), &mut seats, MAX_THROWS)?;
    tally.games += 1;
    tally.lost += u64::from(game.lost_throws);
    tally.contacts += seats.contacts;
    tally.water += seats.water;
    tally.backward += seats.backward;
    count_one(&mut tally.games_by_throws, game.throws);
    count_one(&mut tally.games_by_turns, seats.turns);
    match game.outcome() {
        Some(Outcome::Win(winner)) => {
            tally.x_wins += u64::from(winner == Side::X);
            tally.top_wins += u64::from(Some(winner) == top_side);
        }
        Some(Outcome::Draw) => tally.draws += 1,
        None => tally.unfinished += 1,
    }
    Ok(())
}

/// One game's players, its throws, and what it counts on the way.
struct Seats<R: Ruleset> {
    throws: SeededThrows,
    x: Box<dyn Agent<R>>,
    o: Box<dyn Agent<R>>,
    last_side: Option<Side>,
    turns: u32,
    contacts: u64,
    water: u64,
    backward: u64,
}

impl<R: Ruleset> PlayoutDriver<R> for Seats<R> {
    type Error = StudyError;

    fn throw(&mut self, position: &Position<R>) -> Result<Throw, StudyError> {
        let side = position.side_to_throw();
        if self.last_side != Some(side) {
            self.turns += 1;
            self.last_side = Some(side);
        }
        Ok(self.throws.next_throw(position.ruleset().dice())?)
    }

    fn play(&mut self, moves: &Moves<R>, throw: Throw) -> Result<Position<R>, StudyError> {
        // A forced move asks no agent: a random one draws nothing for it.
        let forced = if moves.len() == 1 { moves.get(0) } else { None };
        let mv = match forced {
            Some(mv) => mv,
            None => {
                let decision = Decision::new(*moves.position(), throw, &[])?;
                match moves.position().side_to_throw() {
                    Side::X => self.x.choose(&decision),
                    Side::O => self.o.choose(&decision),
                }
            }
        };
        self.contacts += u64::from(mv.is_hit());
        self.water += u64::from(mv.is_water());
        self.backward += u64::from(mv.is_backward());
        Ok(moves.play(mv)?)
    }
}
