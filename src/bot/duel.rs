//! Mirrored duels: two agents play each pair of games with the same
//! throws and the seats swapped, so that luck largely cancels.

use thiserror::Error;

use crate::bot::agent::{Agent, Decision, NoDecision};
use crate::game::{Game, GameError, Thrown};
use crate::house::Side;
use crate::position::Position;
use crate::ruleset::{Outcome, Ruleset};
use crate::source::{Seed, ThrowSource};

/// Plays games between agents on the [`Game`] driver, from a start
/// position. The agents see each decision through [`Decision::from_view`],
/// built from the game's read-only view: never the throw source.
///
/// A decision with a single legal move is played without asking the agent
/// (the agent could only return that move).
///
/// ```
/// use senet::bot::{Bot, Duel, DuelStats, Level, RandomAgent};
/// use senet::rulesets::Bell;
///
/// let duel = Duel::new(Bell);
/// let mut stats = DuelStats::default();
/// for pair in 0..4 {
///     let mut bot = Bot::new(Bell, Level::new(2).unwrap());
///     let mut random = RandomAgent::new(pair);
///     stats.record(&duel.play_pair(&mut bot, &mut random, Duel::<Bell>::pair_seed(9, pair))?);
/// }
/// assert_eq!(stats.games(), 8);
/// assert!(stats.win_rate() > 0.5);
/// # Ok::<(), senet::bot::DuelError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Duel<R: Ruleset> {
    start: Position<R>,
    max_throws: usize,
}

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The result, or `None` when the game was stopped after the duel's
    /// maximum number of throws.
    pub outcome: Option<Outcome>,
    /// How many throws were made.
    pub throws: usize,
}

/// The two games of a mirrored pair, from agent A's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairResult {
    /// The game where A plays `x` (throws first).
    pub a_first: GameEnd,
    /// The game where A plays `o`, with the same throws.
    pub a_second: GameEnd,
}

/// A duel could not go on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DuelError {
    /// The game refused a move (an agent returned a move that is not
    /// legal), or its throw source failed.
    #[error("{agent}: {error}")]
    Game {
        /// The name of the agent to play.
        agent: String,
        /// What the game said.
        error: GameError,
    },
    /// The game offered no decision where one was expected.
    #[error(transparent)]
    Decision(#[from] NoDecision),
}

impl<R: crate::rulesets::BuiltIn> Duel<R> {
    /// Duels from a built-in ruleset's start position; games are stopped
    /// after 100,000 throws. (For a ruleset of your own:
    /// [`Duel::from_position`] with [`Position::try_start`].)
    pub fn new(ruleset: R) -> Duel<R> {
        Duel::from_position(Position::start(ruleset))
    }
}

impl<R: Ruleset> Duel<R> {
    /// Duels from another position.
    pub fn from_position(start: Position<R>) -> Duel<R> {
        Duel {
            start,
            max_throws: 100_000,
        }
    }

    /// The same duel, stopping games after `max_throws` throws.
    pub fn with_max_throws(self, max_throws: usize) -> Duel<R> {
        Duel { max_throws, ..self }
    }

    /// Plays one game from the duel's start, `x` and `o` moving for their
    /// sides, throwing from `source`; returns the game (finished, or
    /// stopped after the maximum number of throws), with its history and
    /// record.
    pub fn play<X, O, S>(&self, x: &mut X, o: &mut O, source: S) -> Result<Game<R, S>, DuelError>
    where
        X: Agent<R> + ?Sized,
        O: Agent<R> + ?Sized,
        S: ThrowSource,
    {
        let mut game = Game::from_position(self.start, source);
        self.finish(&mut game, x, o)?;
        Ok(game)
    }

    /// Plays `game` on until it is over (or stopped), `x` and `o` moving
    /// for their sides.
    pub fn finish<X, O, S>(
        &self,
        game: &mut Game<R, S>,
        x: &mut X,
        o: &mut O,
    ) -> Result<(), DuelError>
    where
        X: Agent<R> + ?Sized,
        O: Agent<R> + ?Sized,
        S: ThrowSource,
    {
        while !game.is_over() && game.history().len() < self.max_throws {
            let side = game.position().side_to_throw();
            // Who was to play when the game refused something.
            let refused = |x: &X, o: &O, error| DuelError::Game {
                agent: match side {
                    Side::X => x.name(),
                    Side::O => o.name(),
                },
                error,
            };
            if game.current_throw().is_none()
                && let Thrown::Lost(_) = game.throw().map_err(|e| refused(x, o, e))?
            {
                continue;
            }
            let view = game.view();
            let decision = Decision::from_view(&view)?;
            let mv = if decision.is_forced() {
                decision.moves()[0]
            } else {
                match side {
                    Side::X => x.choose(&decision),
                    Side::O => o.choose(&decision),
                }
            };
            game.play(mv).map_err(|e| refused(x, o, e))?;
        }
        Ok(())
    }

    /// Plays a mirrored pair: A as `x` then A as `o`, both games thrown
    /// from `seed` (so the `n`-th throw is the same in both).
    pub fn play_pair<A, B>(&self, a: &mut A, b: &mut B, seed: Seed) -> Result<PairResult, DuelError>
    where
        A: Agent<R> + ?Sized,
        B: Agent<R> + ?Sized,
    {
        let end = |game: Game<R>| GameEnd {
            outcome: game.outcome(),
            throws: game.history().len(),
        };
        let mut first = Game::seeded_from(self.start, seed);
        self.finish(&mut first, a, b)?;
        let mut second = Game::seeded_from(self.start, seed);
        self.finish(&mut second, b, a)?;
        Ok(PairResult {
            a_first: end(first),
            a_second: end(second),
        })
    }

    /// The seed of pair number `pair` of a duel with master seed `master`:
    /// [`Seed::for_pair`], which needs no ruleset named.
    pub fn pair_seed(master: u64, pair: u64) -> Seed {
        Seed::for_pair(master, pair)
    }
}

impl PairResult {
    /// A's score over the pair in half points: 2 per game won, 1 per
    /// draw or unfinished game (0 to 4).
    pub fn a_half_points(&self) -> u64 {
        let points = |end: &GameEnd, a: Side| match end.outcome {
            Some(Outcome::Win(winner)) if winner == a => 2,
            Some(Outcome::Win(_)) => 0,
            Some(Outcome::Draw) | None => 1,
        };
        points(&self.a_first, Side::X) + points(&self.a_second, Side::O)
    }
}

/// The totals of a duel between agents A and B.
///
/// The win rate of A counts a draw (or an unfinished game) as half a win.
/// Its 95% interval treats each mirrored pair as one sample (pairs are
/// independent; the two games of a pair are not), so it is
/// `mean ± 1.96 · sd / √pairs` over the pairs' scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DuelStats {
    /// Mirrored pairs played.
    pub pairs: u64,
    /// Games A won.
    pub a_wins: u64,
    /// Games B won.
    pub b_wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games stopped unfinished (counted as draws in the win rate).
    pub unfinished: u64,
    /// Throws made in all games.
    pub throws: u64,
    quarters: u64,
    quarters_squared: u64,
}

impl DuelStats {
    /// Adds a pair's games.
    pub fn record(&mut self, pair: &PairResult) {
        self.pairs += 1;
        for (end, a) in [(pair.a_first, Side::X), (pair.a_second, Side::O)] {
            self.throws += end.throws as u64;
            match end.outcome {
                Some(Outcome::Win(winner)) if winner == a => self.a_wins += 1,
                Some(Outcome::Win(_)) => self.b_wins += 1,
                Some(Outcome::Draw) => self.draws += 1,
                None => self.unfinished += 1,
            }
        }
        let q = pair.a_half_points();
        self.quarters += q;
        self.quarters_squared += q * q;
    }

    /// Adds another duel's totals (for duels split over threads).
    pub fn merge(&mut self, other: &DuelStats) {
        self.pairs += other.pairs;
        self.a_wins += other.a_wins;
        self.b_wins += other.b_wins;
        self.draws += other.draws;
        self.unfinished += other.unfinished;
        self.throws += other.throws;
        self.quarters += other.quarters;
        self.quarters_squared += other.quarters_squared;
    }

    /// Games played.
    pub fn games(&self) -> u64 {
        2 * self.pairs
    }

    /// A's share of the points, a draw counting half.
    pub fn win_rate(&self) -> f64 {
        if self.pairs == 0 {
            return 0.5;
        }
        self.quarters as f64 / (4 * self.pairs) as f64
    }

    /// The 95% confidence interval of [`win_rate`](Self::win_rate), over pairs.
    pub fn interval(&self) -> (f64, f64) {
        let n = self.pairs as f64;
        let mean = self.win_rate();
        if self.pairs < 2 {
            return (0.0, 1.0);
        }
        let sum = self.quarters as f64 / 4.0;
        let sum_sq = self.quarters_squared as f64 / 16.0;
        let variance = ((sum_sq - sum * sum / n) / (n - 1.0)).max(0.0);
        let half = 1.96 * (variance / n).sqrt();
        (mean - half, mean + half)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end(winner: Option<Side>) -> GameEnd {
        GameEnd {
            outcome: Some(winner.map_or(Outcome::Draw, Outcome::Win)),
            throws: 10,
        }
    }

    #[test]
    fn stats_count_pairs_and_their_spread() {
        let mut stats = DuelStats::default();
        // A wins both games; each side wins once; B wins both.
        for (first, second) in [
            (Some(Side::X), Some(Side::O)),
            (Some(Side::X), Some(Side::X)),
            (Some(Side::O), Some(Side::X)),
        ] {
            stats.record(&PairResult {
                a_first: end(first),
                a_second: end(second),
            });
        }
        assert_eq!((stats.a_wins, stats.b_wins, stats.games()), (3, 3, 6));
        assert_eq!(stats.win_rate(), 0.5);
        // Pair scores 1, 1/2, 0: sd 1/2, so the half-width is 1.96 * 0.5 / sqrt(3).
        let (low, high) = stats.interval();
        let half = 1.96 * 0.5 / 3f64.sqrt();
        assert!((low - (0.5 - half)).abs() < 1e-12 && (high - (0.5 + half)).abs() < 1e-12);
        let mut draws = DuelStats::default();
        draws.record(&PairResult {
            a_first: end(None),
            a_second: end(None),
        });
        assert_eq!((draws.draws, draws.win_rate()), (2, 0.5));
    }
}
