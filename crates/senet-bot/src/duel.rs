//! Mirrored duels: two agents play each pair of games with the same
//! throws and the seats swapped, so that luck largely cancels.

use thiserror::Error;

use crate::agent::{Agent, Decision, DecisionError};
use senet::Position;
use senet::Side;
use senet::game::{Game, GameError, Thrown};
use senet::source::{Seed, ThrowSource};
use senet::{Outcome, Ruleset};

/// Plays games between agents on the [`Game`] driver, from a start
/// position. The agents see each decision through [`Decision::from_view`],
/// built from the game's read-only view: never the throw source.
///
/// A decision with a single legal move is played without asking the agent
/// (the agent could only return that move).
///
/// ```
/// use senet_bot::{Bot, Duel, DuelStats, Level, RandomAgent};
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
/// # Ok::<(), senet_bot::DuelError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Duel<R: Ruleset> {
    start: Position<R>,
    max_throws: usize,
}

/// How one game ended.
/// ```
/// use senet_bot::{Duel, RandomAgent};
/// use senet::{Seed, rulesets::Kendall};
///
/// let (mut a, mut b) = (RandomAgent::new(1), RandomAgent::new(2));
/// let pair = Duel::new(Kendall).play_pair(&mut a, &mut b, Seed::from_u64(1))?;
/// let end = pair.a_first;
/// assert!(end.outcome.is_some()); // finished well before 100,000 throws
/// assert!(end.throws > 0);
/// # Ok::<(), senet_bot::DuelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
pub struct GameEnd {
    /// The result, or `None` when the game was stopped after the duel's
    /// maximum number of throws.
    pub outcome: Option<Outcome>,
    /// How many throws were made.
    pub throws: usize,
}

/// The two games of a mirrored pair, from agent A's point of view.
/// ```
/// use senet_bot::{Duel, RandomAgent};
/// use senet::{Seed, rulesets::Kendall};
///
/// let (mut a, mut b) = (RandomAgent::new(1), RandomAgent::new(2));
/// let pair = Duel::new(Kendall).play_pair(&mut a, &mut b, Seed::from_u64(3))?;
/// assert!(pair.a_first.outcome.is_some() && pair.a_second.outcome.is_some());
/// assert!(pair.a_half_points() <= 4);
/// # Ok::<(), senet_bot::DuelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
pub struct PairResult {
    /// The game where A plays `x` (throws first).
    pub a_first: GameEnd,
    /// The game where A plays `o`, with the same throws.
    pub a_second: GameEnd,
}

/// A duel could not go on.
/// ```
/// use senet_bot::{Agent, Decision, Duel, DuelError};
/// use senet::{Move, Position, Roll, Seed, rulesets::Kendall};
///
/// /// Always plays the same move, legal or not.
/// struct Stubborn(Move);
/// impl Agent<Kendall> for Stubborn {
///     fn name(&self) -> String { "stubborn".into() }
///     fn choose(&mut self, _: &Decision<'_, Kendall>) -> Move { self.0 }
/// }
/// let ten_to_twelve = Position::start(Kendall).moves(Roll::new(2).unwrap()).get(0).unwrap();
/// let (mut a, mut b) = (Stubborn(ten_to_twelve), Stubborn(ten_to_twelve));
/// let error = Duel::new(Kendall).play_pair(&mut a, &mut b, Seed::from_u64(1)).unwrap_err();
/// assert!(matches!(error, DuelError::Game { ref agent, .. } if agent == "stubborn"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
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
    Decision(#[from] DecisionError),
}

impl<R: Ruleset> Duel<R> {
    /// Duels from `start`: a checked ruleset's start (`Duel::new(Kendall)`,
    /// see [`CheckedRuleset`](senet::rulesets::CheckedRuleset)) or any
    /// position; games are stopped after 100,000 throws.
    /// ```
    /// use senet_bot::{Bot, Duel, Level, RandomAgent};
    /// use senet::{Position, Seed, rulesets::Kendall};
    ///
    /// let mut bot = Bot::new(Kendall, Level::new(1).unwrap());
    /// let mut random = RandomAgent::new(1);
    /// let pair = Duel::new(Kendall).play_pair(&mut bot, &mut random, Seed::from_u64(1))?;
    /// assert!(pair.a_first.outcome.is_some());
    ///
    /// // An endgame: one piece each left to bear off.
    /// let endgame: Position<Kendall> = "o........................x.... x 4 4".parse().unwrap();
    /// let (mut a, mut b) = (RandomAgent::new(1), RandomAgent::new(2));
    /// let pair = Duel::new(endgame).play_pair(&mut a, &mut b, Seed::from_u64(1))?;
    /// assert!(pair.a_first.throws < 50);
    /// # Ok::<(), senet_bot::DuelError>(())
    /// ```
    pub fn new(start: impl Into<Position<R>>) -> Duel<R> {
        let start = start.into();
        Duel {
            start,
            max_throws: 100_000,
        }
    }

    /// The same duel, stopping games after `max_throws` throws.
    /// ```
    /// use senet_bot::{Duel, RandomAgent};
    /// use senet::{Seed, rulesets::Kendall};
    ///
    /// let duel = Duel::new(Kendall).with_max_throws(10); // too few to finish a game
    /// let (mut a, mut b) = (RandomAgent::new(1), RandomAgent::new(2));
    /// let pair = duel.play_pair(&mut a, &mut b, Seed::from_u64(1))?;
    /// assert_eq!((pair.a_first.outcome, pair.a_first.throws), (None, 10));
    /// assert_eq!(pair.a_half_points(), 2); // two unfinished games: half a point each
    /// # Ok::<(), senet_bot::DuelError>(())
    /// ```
    pub fn with_max_throws(self, max_throws: usize) -> Duel<R> {
        Duel { max_throws, ..self }
    }

    /// Plays one game from the duel's start, `x` and `o` moving for their
    /// sides, throwing from `source`; returns the game (finished, or
    /// stopped after the maximum number of throws), with its history and
    /// record.
    ///
    /// # Errors
    ///
    /// [`DuelError::Game`] when an agent returns a move that is not legal or
    /// the throw source fails.
    ///
    /// ```
    /// use senet_bot::{Duel, RandomAgent};
    /// use senet::{Seed, rulesets::Kendall};
    /// use senet::source::SeededThrows;
    ///
    /// let (mut x, mut o) = (RandomAgent::new(1), RandomAgent::new(2));
    /// let source = SeededThrows::new(Seed::from_u64(1));
    /// let game = Duel::new(Kendall).play(&mut x, &mut o, source)?;
    /// assert!(game.is_over());
    /// assert!(game.outcome().is_some());
    /// # Ok::<(), senet_bot::DuelError>(())
    /// ```
    pub fn play<X, O, S>(&self, x: &mut X, o: &mut O, source: S) -> Result<Game<R, S>, DuelError>
    where
        X: Agent<R> + ?Sized,
        O: Agent<R> + ?Sized,
        S: ThrowSource,
    {
        let mut game = Game::new(self.start, source);
        self.finish(&mut game, x, o)?;
        Ok(game)
    }

    /// Plays `game` on until it is over (or stopped), `x` and `o` moving
    /// for their sides.
    ///
    /// # Errors
    ///
    /// [`DuelError::Game`] when an agent returns a move that is not legal or
    /// the throw source fails.
    ///
    /// ```
    /// use senet_bot::{Duel, RandomAgent};
    /// use senet::{Game, Seed, rulesets::Kendall};
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(1));
    /// game.throw()?; // the game may be taken over at any point
    /// let (mut x, mut o) = (RandomAgent::new(1), RandomAgent::new(2));
    /// Duel::new(Kendall).finish(&mut game, &mut x, &mut o)?;
    /// assert!(game.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// # Errors
    ///
    /// [`DuelError::Game`] when an agent returns a move that is not legal.
    ///
    /// ```
    /// use senet_bot::{Duel, RandomAgent};
    /// use senet::{Seed, rulesets::Kendall};
    ///
    /// let duel = Duel::new(Kendall);
    /// let (mut a, mut b) = (RandomAgent::new(1), RandomAgent::new(2));
    /// let pair = duel.play_pair(&mut a, &mut b, Seed::from_u64(5))?;
    /// let (mut a, mut b) = (RandomAgent::new(1), RandomAgent::new(2));
    /// assert_eq!(duel.play_pair(&mut a, &mut b, Seed::from_u64(5))?, pair); // reproducible
    /// # Ok::<(), senet_bot::DuelError>(())
    /// ```
    pub fn play_pair<A, B>(&self, a: &mut A, b: &mut B, seed: Seed) -> Result<PairResult, DuelError>
    where
        A: Agent<R> + ?Sized,
        B: Agent<R> + ?Sized,
    {
        let end = |game: Game<R>| GameEnd {
            outcome: game.outcome(),
            throws: game.history().len(),
        };
        let mut first = Game::seeded(self.start, seed);
        self.finish(&mut first, a, b)?;
        let mut second = Game::seeded(self.start, seed);
        self.finish(&mut second, b, a)?;
        Ok(PairResult {
            a_first: end(first),
            a_second: end(second),
        })
    }

    /// The seed of pair number `pair` of a duel with master seed `master`:
    /// [`Seed::for_pair`], which needs no ruleset named.
    /// ```
    /// use senet_bot::Duel;
    /// use senet::{Seed, rulesets::Kendall};
    ///
    /// assert_eq!(Duel::<Kendall>::pair_seed(1, 0), Seed::for_pair(1, 0));
    /// assert_ne!(Duel::<Kendall>::pair_seed(1, 0), Duel::<Kendall>::pair_seed(1, 1));
    /// ```
    pub fn pair_seed(master: u64, pair: u64) -> Seed {
        Seed::for_pair(master, pair)
    }
}

impl PairResult {
    /// A's score over the pair in half points: 2 per game won, 1 per
    /// draw or unfinished game (0 to 4).
    /// ```
    /// use senet_bot::{GameEnd, PairResult};
    /// use senet::{Outcome, Side};
    ///
    /// let x_wins = GameEnd { outcome: Some(Outcome::Win(Side::X)), throws: 90 };
    /// // A wins as x, then loses as o.
    /// let pair = PairResult { a_first: x_wins, a_second: x_wins };
    /// assert_eq!(pair.a_half_points(), 2);
    /// ```
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
/// ```
/// use senet_bot::{DuelStats, GameEnd, PairResult};
/// use senet::{Outcome, Side};
///
/// let won = |side| GameEnd { outcome: Some(Outcome::Win(side)), throws: 80 };
/// let mut stats = DuelStats::default();
/// stats.record(&PairResult { a_first: won(Side::X), a_second: won(Side::O) }); // A wins both
/// stats.record(&PairResult { a_first: won(Side::X), a_second: won(Side::X) }); // one each
/// assert_eq!((stats.a_wins, stats.b_wins, stats.throws), (3, 1, 320));
/// assert_eq!(stats.win_rate(), 0.75);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
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
    #[cfg_attr(feature = "serde", serde(skip))]
    quarters: u64,
    quarters_squared: u64,
}

impl DuelStats {
    /// The stats read back: the counts agree (every game of every pair
    /// is a win of either side, a draw or unfinished) and the squared
    /// scores are ones that pairs can make; the score of `a` is
    /// recomputed from the counts.
    #[cfg(feature = "serde")]
    pub(crate) fn checked(mut self) -> Result<DuelStats, String> {
        let games = [self.a_wins, self.b_wins, self.draws, self.unfinished]
            .iter()
            .try_fold(0u128, |sum, &n| sum.checked_add(u128::from(n)));
        if games != Some(2 * u128::from(self.pairs)) {
            return Err(format!(
                "{} pairs are {} games, but a_wins, b_wins, draws and unfinished do not add up to it",
                self.pairs,
                2 * u128::from(self.pairs)
            ));
        }
        let quarters =
            2 * u128::from(self.a_wins) + u128::from(self.draws) + u128::from(self.unfinished);
        let squared = u128::from(self.quarters_squared);
        // Each pair scores 0 to 4 quarters: the sum of their squares is at
        // most 4 times their sum, and at least its square over the pairs.
        let fits = squared <= 4 * quarters
            && (self.pairs == 0 && squared == 0
                || self.pairs > 0 && squared * u128::from(self.pairs) >= quarters * quarters);
        if !fits {
            return Err(format!(
                "quarters_squared {} is not what {} pairs scoring {quarters} quarters can make",
                self.quarters_squared, self.pairs
            ));
        }
        self.quarters = u64::try_from(quarters).map_err(|_| "too many games".to_owned())?;
        Ok(self)
    }

    /// Adds a pair's games.
    /// ```
    /// use senet_bot::{DuelStats, GameEnd, PairResult};
    ///
    /// let unfinished = GameEnd { outcome: None, throws: 1000 };
    /// let mut stats = DuelStats::default();
    /// stats.record(&PairResult { a_first: unfinished, a_second: unfinished });
    /// assert_eq!((stats.pairs, stats.unfinished, stats.throws), (1, 2, 2000));
    /// assert_eq!(stats.win_rate(), 0.5); // an unfinished game counts as a draw
    /// ```
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
    /// ```
    /// use senet_bot::{DuelStats, GameEnd, PairResult};
    /// use senet::{Outcome, Side};
    ///
    /// let x_wins = GameEnd { outcome: Some(Outcome::Win(Side::X)), throws: 50 };
    /// let pair = PairResult { a_first: x_wins, a_second: x_wins };
    /// let (mut one, mut other, mut both) = (DuelStats::default(), DuelStats::default(), DuelStats::default());
    /// one.record(&pair);
    /// other.record(&pair);
    /// both.record(&pair);
    /// both.record(&pair);
    /// one.merge(&other);
    /// assert_eq!(one, both);
    /// ```
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
    /// ```
    /// use senet_bot::{DuelStats, GameEnd, PairResult};
    ///
    /// let end = GameEnd { outcome: None, throws: 10 };
    /// let mut stats = DuelStats::default();
    /// stats.record(&PairResult { a_first: end, a_second: end });
    /// assert_eq!(stats.games(), 2); // a pair is two games
    /// ```
    pub fn games(&self) -> u64 {
        2 * self.pairs
    }

    /// A's share of the points, a draw counting half.
    /// Before any game it is 0.5.
    ///
    /// ```
    /// use senet_bot::{DuelStats, GameEnd, PairResult};
    /// use senet::{Outcome, Side};
    ///
    /// let mut stats = DuelStats::default();
    /// assert_eq!(stats.win_rate(), 0.5);
    /// let draw = GameEnd { outcome: Some(Outcome::Draw), throws: 60 };
    /// let x_wins = GameEnd { outcome: Some(Outcome::Win(Side::X)), throws: 60 };
    /// stats.record(&PairResult { a_first: x_wins, a_second: draw }); // a win and a draw
    /// assert_eq!(stats.win_rate(), 0.75);
    /// ```
    pub fn win_rate(&self) -> f64 {
        if self.pairs == 0 {
            return 0.5;
        }
        self.quarters as f64 / (4 * self.pairs) as f64
    }

    /// The 95% confidence interval of [`win_rate`](Self::win_rate), over pairs.
    /// It is the whole of 0..1 with fewer than two pairs. It is the normal
    /// approximation (the mean plus or minus 1.96 standard errors), so with
    /// few pairs of very different scores its bounds may lie outside 0..1.
    ///
    /// ```
    /// use senet_bot::{DuelStats, GameEnd, PairResult};
    /// use senet::{Outcome, Side};
    ///
    /// let won = |side| GameEnd { outcome: Some(Outcome::Win(side)), throws: 70 };
    /// let mut stats = DuelStats::default();
    /// stats.record(&PairResult { a_first: won(Side::X), a_second: won(Side::O) });
    /// assert_eq!(stats.interval(), (0.0, 1.0));
    /// stats.record(&PairResult { a_first: won(Side::O), a_second: won(Side::X) });
    /// let (low, high) = stats.interval();
    /// assert!(low < stats.win_rate() && stats.win_rate() < high);
    /// ```
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
