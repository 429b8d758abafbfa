//! Strength in the endgame, measured exactly: the chance of winning an
//! agent gives away per decision in the positions a solved endgame
//! [`Table`] holds.
//!
//! [`starts`] draws start positions uniformly, with a seed, among the
//! table's positions that are not over (either side to throw). From each
//! one, [`measure`] lets the agent play **both sides** to the end, throws
//! from a seed, and at every throw with more than one legal move values
//! every legal move exactly, as [`review`](crate::review) does it: the
//! mover's chance after the move played against its chance after the best
//! one. No move puts a piece back on the track, so every position of
//! those games is in the table and every decision is judged exactly;
//! the agent's opponent is itself, so the decisions measured are the ones
//! its own play leads to.
//!
//! The result ([`Measurement`]) is the mean chance lost per decision with
//! a 95% interval. Decisions of one game are not independent, so the
//! interval is taken over games: the ratio estimator's standard error,
//! `sqrt(Σ (L_g - m n_g)² / (G (G - 1))) / n̄`, for `G` games, game `g`
//! losing `L_g` over `n_g` decisions, `m` the mean and `n̄` the mean
//! decisions a game; the interval is `m ± 1.96` of it.
//!
//! Game `i` starts from the `i`-th start and throws from
//! [`Seed::for_pair`]`(seed, i)`, so two agents measured with the same
//! starts and seed meet the same positions and throws until their moves
//! differ. The measurement is deterministic for deterministic agents.
//!
//! ```no_run
//! use senet::rulesets::Kendall;
//! use senet_bot::endgame::{TablePlayer, measure, starts};
//! use senet_bot::{Bot, Level, RandomAgent};
//! use senet_odds::Table;
//!
//! let table = Table::solve(Kendall, 2)?;
//! let starts = starts(&table, 20, 1);
//! let perfect = measure(&mut TablePlayer::new(&table), &table, &starts, 1)?;
//! assert_eq!(perfect.total_lost, 0.0); // the table's own best play
//! let random = measure(&mut RandomAgent::new(1), &table, &starts, 1)?;
//! assert!(random.mean_lost > 0.0);
//! assert!(random.low <= random.mean_lost && random.mean_lost <= random.high);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use thiserror::Error;

use crate::agent::{Agent, Decision};
use crate::review::{Class, exact};
use senet::game::{Game, GameError, Thrown};
use senet::{Move, Position, Ruleset, Seed};
use senet_odds::Table;

/// The most throws a game of [`measure`] is played for; a game still
/// running then is stopped (counted in [`Measurement::cut`]), its
/// decisions so far kept. Games from the tables' positions take tens of
/// throws, so only an agent that plays on for ever reaches this.
pub const MAX_THROWS: usize = 10_000;

/// Up to `count` start positions drawn uniformly, without repeats, among
/// the positions of `table` whose game is not over: a reservoir sample in
/// the table's order, seeded by `seed` (ChaCha8). Fewer when the table
/// holds fewer open positions. It reads the whole table once (a few
/// seconds for a bound-3 table in release).
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet_bot::endgame::starts;
/// use senet_odds::Table;
///
/// let table = Table::solve(Kendall, 1)?;
/// let drawn = starts(&table, 50, 7);
/// assert_eq!(drawn.len(), 50);
/// assert!(drawn.iter().all(|p| !p.is_over() && table.probe(p).is_some()));
/// assert_eq!(drawn, starts(&table, 50, 7)); // the same seed, the same draw
/// # Ok::<(), senet_odds::SolveError>(())
/// ```
pub fn starts<R: Ruleset>(table: &Table<R>, count: usize, seed: u64) -> Vec<Position<R>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sample = Vec::with_capacity(count.min(1 << 20));
    let open = table.iter().filter(|(p, _)| !p.is_over()).map(|(p, _)| p);
    for (seen, position) in open.enumerate() {
        if sample.len() < count {
            sample.push(position);
        } else {
            // Uniform in 0..=seen (Lemire's multiply: no bias worth naming
            // below 2^32 positions).
            let pick = (u128::from(rng.next_u64()) * (seen as u128 + 1)) >> 64;
            if let Some(slot) = sample.get_mut(pick as usize) {
                *slot = position;
            }
        }
    }
    sample
}

/// An agent that plays the table's best move: a move of the highest
/// exact value for the side to throw, the first in the order of the legal
/// moves among equal values (as [`Table::best_move`] picks). Outside the
/// table it plays the first legal move. Its name is `table`.
///
/// ```
/// use senet::{Position, Roll, rulesets::Kendall};
/// use senet_bot::endgame::TablePlayer;
/// use senet_bot::{Agent, Decision};
/// use senet_odds::Table;
///
/// let table = Table::solve(Kendall, 1)?;
/// let position: Position<Kendall> = "o......................x...... x 4 4".parse()?;
/// let roll = Roll::new(4).unwrap();
/// let decision = Decision::from_roll(position, roll)?;
/// let mv = TablePlayer::new(&table).choose(&decision);
/// assert_eq!(Some(mv), table.best_move(&position, roll).map(|(mv, _)| mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct TablePlayer<'a, R: Ruleset> {
    table: &'a Table<R>,
}

impl<'a, R: Ruleset> TablePlayer<'a, R> {
    /// The player of `table`'s best moves.
    /// ```
    /// use senet::rulesets::Kendall;
    /// use senet_bot::Agent;
    /// use senet_bot::endgame::TablePlayer;
    /// use senet_odds::Table;
    ///
    /// let table = Table::solve(Kendall, 1)?;
    /// assert_eq!(Agent::<Kendall>::name(&TablePlayer::new(&table)), "table");
    /// # Ok::<(), senet_odds::SolveError>(())
    /// ```
    pub fn new(table: &'a Table<R>) -> TablePlayer<'a, R> {
        TablePlayer { table }
    }
}

impl<R: Ruleset> Agent<R> for TablePlayer<'_, R> {
    fn name(&self) -> String {
        "table".to_owned()
    }

    fn choose(&mut self, decision: &Decision<'_, R>) -> Move {
        match exact(decision, self.table) {
            Some(thought) => thought.best(),
            None => decision.moves()[0],
        }
    }
}

/// What an agent's play from the table's positions gave away.
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet_bot::endgame::{measure, starts};
/// use senet_bot::review::Class;
/// use senet_bot::RandomAgent;
/// use senet_odds::Table;
///
/// let table = Table::solve(Kendall, 1)?;
/// let m = measure(&mut RandomAgent::new(3), &table, &starts(&table, 10, 3), 3)?;
/// assert_eq!(m.games, 10);
/// assert_eq!(Class::ALL.iter().map(|&c| m.count(c)).sum::<u64>(), m.decisions);
/// assert_eq!(m.error_rate(), 1000.0 * m.mean_lost);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Measurement {
    /// The agent's name.
    pub agent: String,
    /// The bound of the table.
    pub bound: u8,
    /// The games played, one from each start.
    pub games: usize,
    /// Of those, the games stopped after [`MAX_THROWS`] throws.
    pub cut: usize,
    /// The decisions judged: throws with more than one legal move, both
    /// sides.
    pub decisions: u64,
    /// Throws with one legal move (not judged).
    pub forced: u64,
    /// Throws with no legal move (not judged).
    pub lost_throws: u64,
    /// The chance of winning given away, added over the decisions.
    pub total_lost: f64,
    /// `total_lost` per decision (0 with no decision).
    pub mean_lost: f64,
    /// The low end of the 95% interval of `mean_lost`, taken over games
    /// (see the [module](self)); not below 0.
    pub low: f64,
    /// The high end of the 95% interval of `mean_lost`.
    pub high: f64,
    /// The most given away at one decision.
    pub worst: f64,
    /// The decisions of each class, in the order of [`Class::ALL`].
    pub classes: [u64; 4],
}

impl Measurement {
    /// The mean chance lost per decision times 1000, as the review's
    /// error rate ([`SideSummary::error_rate`](crate::review::SideSummary::error_rate)).
    /// ```
    /// use senet::rulesets::Kendall;
    /// use senet_bot::endgame::{TablePlayer, measure, starts};
    /// use senet_odds::Table;
    ///
    /// let table = Table::solve(Kendall, 1)?;
    /// let m = measure(&mut TablePlayer::new(&table), &table, &starts(&table, 5, 1), 1)?;
    /// assert_eq!(m.error_rate(), 0.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn error_rate(&self) -> f64 {
        1000.0 * self.mean_lost
    }

    /// How many decisions were of `class`.
    /// ```
    /// use senet::rulesets::Kendall;
    /// use senet_bot::endgame::{TablePlayer, measure, starts};
    /// use senet_bot::review::Class;
    /// use senet_odds::Table;
    ///
    /// let table = Table::solve(Kendall, 1)?;
    /// let m = measure(&mut TablePlayer::new(&table), &table, &starts(&table, 5, 1), 1)?;
    /// assert_eq!(m.count(Class::Fine), m.decisions);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn count(&self, class: Class) -> u64 {
        let index = Class::ALL.iter().position(|&c| c == class).unwrap_or(0);
        self.classes[index]
    }
}

/// Why a measurement could not be made.
/// ```
/// use senet::rulesets::Kendall;
/// use senet_bot::endgame::{EndgameError, measure};
/// use senet_bot::RandomAgent;
/// use senet_odds::Table;
///
/// let table = Table::solve(Kendall, 1)?;
/// let err = measure(&mut RandomAgent::new(1), &table, &[], 1).unwrap_err();
/// assert_eq!(err, EndgameError::NoStarts);
/// assert_eq!(err.to_string(), "no start position to play from");
/// # Ok::<(), senet_odds::SolveError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum EndgameError {
    /// No start position was given (or the table holds none).
    #[error("no start position to play from")]
    NoStarts,
    /// A start position is not in the table.
    #[error("start {index} ({position}) is not in the table")]
    StartOutside {
        /// The start's number, from 0.
        index: usize,
        /// The position, as a position string.
        position: String,
    },
    /// The game refused the agent's move (it was not legal), or its
    /// throw source failed.
    #[error("{agent}: {error}")]
    Game {
        /// The agent's name.
        agent: String,
        /// What the game said.
        error: GameError,
    },
    /// A position of the game had a legal move leading out of the table
    /// (never for a table [`Table::solve`] made: it refuses such a
    /// ruleset).
    #[error("{position}: a legal move leads out of the table")]
    LeftTable {
        /// The position, as a position string.
        position: String,
    },
}

/// The agent plays both sides of one game from each of `starts`, and
/// every decision is judged exactly against `table` (see the
/// [module](self)); game `i` throws from `Seed::for_pair(seed, i)`.
///
/// ```no_run
/// use senet::rulesets::Kendall;
/// use senet_bot::endgame::{measure, starts};
/// use senet_bot::{Bot, Level};
/// use senet_odds::Table;
///
/// let table = Table::solve(Kendall, 2)?;
/// let starts = starts(&table, 10, 1);
/// let mut bot = Bot::new(Kendall, Level::new(3)?);
/// let m = measure(&mut bot, &table, &starts, 1)?;
/// assert_eq!(m, measure(&mut bot, &table, &starts, 1)?); // deterministic
/// assert!(m.decisions > 0 && m.worst <= 1.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`EndgameError::NoStarts`] for no start, [`EndgameError::StartOutside`]
/// for a start the table does not hold, [`EndgameError::Game`] when the
/// agent returns a move that is not legal, [`EndgameError::LeftTable`]
/// if a legal move leaves the table.
pub fn measure<R, A>(
    agent: &mut A,
    table: &Table<R>,
    starts: &[Position<R>],
    seed: u64,
) -> Result<Measurement, EndgameError>
where
    R: Ruleset,
    A: Agent<R> + ?Sized,
{
    if starts.is_empty() {
        return Err(EndgameError::NoStarts);
    }
    let mut m = Measurement {
        agent: agent.name(),
        bound: table.bound(),
        games: starts.len(),
        cut: 0,
        decisions: 0,
        forced: 0,
        lost_throws: 0,
        total_lost: 0.0,
        mean_lost: 0.0,
        low: 0.0,
        high: 0.0,
        worst: 0.0,
        classes: [0; 4],
    };
    // Per-game sums for the interval: Σ L, Σ n, Σ L², Σ n², Σ L n.
    let mut sums = [0.0f64; 5];
    for (index, &start) in starts.iter().enumerate() {
        if table.probe(&start).is_none() {
            return Err(EndgameError::StartOutside {
                index,
                position: start.to_string(),
            });
        }
        let (lost, n) = play(
            agent,
            table,
            start,
            Seed::for_pair(seed, index as u64),
            &mut m,
        )?;
        sums[0] += lost;
        sums[1] += n;
        sums[2] += lost * lost;
        sums[3] += n * n;
        sums[4] += lost * n;
    }
    if m.decisions > 0 {
        let [l, n, ll, nn, ln] = sums;
        let mean = l / n;
        let games = m.games as f64;
        let residual = (ll - 2.0 * mean * ln + mean * mean * nn).max(0.0);
        let spread = if m.games > 1 {
            1.96 * (residual / (games * (games - 1.0))).sqrt() / (n / games)
        } else {
            f64::INFINITY
        };
        m.mean_lost = mean;
        m.low = (mean - spread).max(0.0);
        m.high = mean + spread;
    }
    Ok(m)
}

/// One game from `start`, the agent on both sides; adds its decisions to
/// `m` and returns what it lost and over how many decisions.
fn play<R, A>(
    agent: &mut A,
    table: &Table<R>,
    start: Position<R>,
    seed: Seed,
    m: &mut Measurement,
) -> Result<(f64, f64), EndgameError>
where
    R: Ruleset,
    A: Agent<R> + ?Sized,
{
    let refused = |agent: &A, error| EndgameError::Game {
        agent: agent.name(),
        error,
    };
    let mut game = Game::seeded(start, seed);
    let (mut lost, mut decisions) = (0.0, 0u64);
    while !game.is_over() {
        if game.history().len() >= MAX_THROWS {
            m.cut += 1;
            break;
        }
        if let Thrown::Lost(_) = game.throw().map_err(|e| refused(agent, e))? {
            m.lost_throws += 1;
            continue;
        }
        let view = game.view();
        // A game not over with a throw in hand that is not lost always
        // makes a decision.
        let Ok(decision) = Decision::from_view(&view) else {
            break;
        };
        let mv = if decision.is_forced() {
            m.forced += 1;
            decision.moves()[0]
        } else {
            let mv = agent.choose(&decision);
            let thought = exact(&decision, table).ok_or_else(|| EndgameError::LeftTable {
                position: decision.position().to_string(),
            })?;
            // The move's value; an illegal move is refused by the game below.
            if let Some(played) = thought.ranked.iter().find(|s| s.mv == mv) {
                let given = (thought.value() - played.equity).max(0.0);
                lost += given;
                decisions += 1;
                m.decisions += 1;
                m.total_lost += given;
                m.worst = m.worst.max(given);
                let class = Class::of(given);
                if let Some(i) = Class::ALL.iter().position(|&c| c == class) {
                    m.classes[i] += 1;
                }
            }
            mv
        };
        game.play(mv).map_err(|e| refused(agent, e))?;
    }
    Ok((lost, decisions as f64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bot, Level, RandomAgent};
    use senet::rulesets::Kendall;
    use std::sync::OnceLock;

    /// Kendall's bound-2 table, solved once for the tests (a few seconds
    /// in debug).
    fn table() -> &'static Table<Kendall> {
        static TABLE: OnceLock<Table<Kendall>> = OnceLock::new();
        TABLE.get_or_init(|| Table::solve(Kendall, 2).expect("Kendall solves at bound 2"))
    }

    #[test]
    fn the_tables_own_play_loses_nothing() {
        let table = table();
        let starts = starts(table, 200, 1);
        let m = measure(&mut TablePlayer::new(table), table, &starts, 1).unwrap();
        assert!(m.decisions > 100, "{m:?}");
        assert_eq!((m.total_lost, m.worst, m.mean_lost), (0.0, 0.0, 0.0));
        assert_eq!((m.low, m.high), (0.0, 0.0));
    }

    #[test]
    fn a_random_mover_loses_more_than_level_4() {
        let table = table();
        let starts = starts(table, 200, 2);
        let random = measure(&mut RandomAgent::new(2), table, &starts, 2).unwrap();
        let mut bot = Bot::new(Kendall, Level::STRONGEST);
        let level4 = measure(&mut bot, table, &starts, 2).unwrap();
        assert!(level4.high < random.low, "{level4:?} {random:?}");
        assert!(level4.mean_lost > 0.0, "level 4 is not perfect: {level4:?}");
    }

    #[test]
    fn the_same_seed_gives_the_same_measurement() {
        let table = table();
        let first = measure(&mut RandomAgent::new(5), table, &starts(table, 50, 5), 5).unwrap();
        let again = measure(&mut RandomAgent::new(5), table, &starts(table, 50, 5), 5).unwrap();
        assert_eq!(first, again);
        let other = measure(&mut RandomAgent::new(5), table, &starts(table, 50, 6), 6).unwrap();
        assert_ne!(first, other);
    }

    #[test]
    fn starts_are_uniform_open_positions_without_repeats() {
        let table = table();
        let drawn = starts(table, 1000, 9);
        assert_eq!(drawn.len(), 1000);
        let mut sorted: Vec<String> = drawn.iter().map(ToString::to_string).collect();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 1000);
        assert!(drawn.iter().all(|p| !p.is_over()));
        // Both sides to throw, and more than one layer, appear.
        let x = drawn
            .iter()
            .filter(|p| p.side_to_throw() == senet::Side::X)
            .count();
        assert!((400..600).contains(&x), "{x} of 1000 with x to throw");
        // Asking for more than the table holds gives all of it.
        let small = Table::solve(Kendall, 1).unwrap();
        let open = small.iter().filter(|(p, _)| !p.is_over()).count();
        assert_eq!(starts(&small, usize::MAX, 1).len(), open);
    }

    #[test]
    fn an_illegal_move_is_refused_not_judged() {
        struct Stubborn;
        impl Agent<Kendall> for Stubborn {
            fn name(&self) -> String {
                "stubborn".into()
            }
            fn choose(&mut self, decision: &Decision<'_, Kendall>) -> Move {
                // A move of another roll: never legal here.
                let other = if decision.roll().value() == 1 { 2 } else { 1 };
                let roll = senet::Roll::new(other).unwrap();
                let start = Position::start(Kendall);
                start.moves(roll).get(0).unwrap()
            }
        }
        let table = table();
        let err = measure(&mut Stubborn, table, &starts(table, 20, 1), 1).unwrap_err();
        assert!(
            matches!(err, EndgameError::Game { ref agent, .. } if agent == "stubborn"),
            "{err:?}"
        );
        let start = Position::start(Kendall);
        let err = measure(&mut Stubborn, table, &[start], 1).unwrap_err();
        assert!(matches!(err, EndgameError::StartOutside { index: 0, .. }));
    }
}
