//! Evaluating positions: the [`Evaluator`] trait and [`Evaluation`], a
//! logistic model over a few dozen features with weights tuned per ruleset
//! by self-play.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::weights;
use senet::Bitboard;
use senet::Position;
use senet::notation::quote::excerpt;
use senet::rulesets::{Direction, Reach};
use senet::{House, Side};
use senet::{Outcome, Ruleset};

/// Estimates who is winning a position.
/// ```
/// use senet_bot::{Evaluation, Evaluator};
/// use senet::{Position, Side, rulesets::Kendall};
///
/// let eval = Evaluation::new(Kendall);
/// let start = Position::start(Kendall);
/// let x = eval.equity_for(&start, Side::X); // x throws first
/// assert_eq!(x, eval.equity(&start));
/// assert_eq!(eval.equity_for(&start, Side::O), 1.0 - x);
/// ```
pub trait Evaluator<R: Ruleset> {
    /// The equity of the side about to throw in `position`, a game that is
    /// not over: its chance of winning plus half its chance of a draw,
    /// from 0 to 1, as this evaluator estimates it.
    fn equity(&self, position: &Position<R>) -> f64;

    /// The equity of `side` in `position`: exact (1, 0 or 1/2) when the
    /// game is over, otherwise [`equity`](Evaluator::equity) seen from
    /// `side`. Provided; implementations do not override it.
    #[inline]
    fn equity_for(&self, position: &Position<R>, side: Side) -> f64 {
        match position.outcome() {
            Some(outcome) => outcome_equity(outcome, side),
            None => {
                let equity = self.equity(position);
                if position.side_to_throw() == side {
                    equity
                } else {
                    1.0 - equity
                }
            }
        }
    }
}

/// The equity of `side` in a finished game.
#[inline]
pub(crate) fn outcome_equity(outcome: Outcome, side: Side) -> f64 {
    match outcome {
        Outcome::Win(winner) if winner == side => 1.0,
        Outcome::Win(_) => 0.0,
        Outcome::Draw => 0.5,
    }
}

impl<R: Ruleset, E: Evaluator<R> + ?Sized> Evaluator<R> for &E {
    #[inline]
    fn equity(&self, position: &Position<R>) -> f64 {
        (**self).equity(position)
    }
}

pub use crate::weights::FEATURES;
use crate::weights::SIDE_FEATURES;

/// Short names of the features, index by index (for tuning reports).
/// ```
/// use senet_bot::{FEATURE_NAMES, Weights};
///
/// assert_eq!(FEATURE_NAMES[..3], ["bias", "race", "mover off"]);
/// let tuned = Weights::tuned(&senet::rulesets::Kendall).unwrap();
/// for (name, weight) in FEATURE_NAMES.iter().zip(tuned.0).take(3) {
///     println!("{name}: {weight:+.3}");
/// }
/// ```
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "bias",
    "race",
    "mover off",
    "mover shielded",
    "mover mobility",
    "mover threats",
    "mover stuck",
    "mover h1",
    "mover h2",
    "mover h3",
    "mover h4",
    "mover h5",
    "mover h6",
    "mover h7",
    "mover h8",
    "mover h9",
    "mover h10",
    "mover h11",
    "mover h12",
    "mover h13",
    "mover h14",
    "mover h15",
    "mover h16",
    "mover h17",
    "mover h18",
    "mover h19",
    "mover h20",
    "mover h21",
    "mover h22",
    "mover h23",
    "mover h24",
    "mover h25",
    "mover h26",
    "mover h27",
    "mover h28",
    "mover h29",
    "mover h30",
    "other off",
    "other shielded",
    "other mobility",
    "other threats",
    "other stuck",
    "other h1",
    "other h2",
    "other h3",
    "other h4",
    "other h5",
    "other h6",
    "other h7",
    "other h8",
    "other h9",
    "other h10",
    "other h11",
    "other h12",
    "other h13",
    "other h14",
    "other h15",
    "other h16",
    "other h17",
    "other h18",
    "other h19",
    "other h20",
    "other h21",
    "other h22",
    "other h23",
    "other h24",
    "other h25",
    "other h26",
    "other h27",
    "other h28",
    "other h29",
    "other h30",
];

/// The weights of an [`Evaluation`], one per feature (see [`Evaluation`]
/// for the layout).
/// They read from text with [`str::parse`]: [`FEATURES`] decimal numbers
/// separated by white space, each finite.
///
/// ```
/// use senet_bot::{FEATURES, Weights};
///
/// let race = Weights::race();
/// assert_eq!(race.0[0], 0.1); // the value of having the throw
/// let text: String = race.0.iter().map(|w| format!("{w}\n")).collect();
/// assert_eq!(text.parse::<Weights>(), Ok(race));
/// ```
#[derive(Clone, Copy, PartialEq)]
pub struct Weights(pub [f64; FEATURES]);

impl fmt::Debug for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map()
            .entries(FEATURE_NAMES.iter().zip(self.0.iter()))
            .finish()
    }
}

/// Numbers that are not [`Weights`].
/// ```
/// use senet_bot::{WeightsError, FEATURES, Weights};
///
/// let short = "0.1 2.0 1.24".parse::<Weights>().unwrap_err();
/// assert_eq!(short, WeightsError::Count { found: 3, expected: FEATURES });
/// assert_eq!(short.to_string(), format!("expected {FEATURES} weights, one per feature, found 3"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum WeightsError {
    /// Not one number per feature.
    #[error("expected {expected} weights, one per feature, found {found}")]
    Count {
        /// How many numbers there are.
        found: usize,
        /// How many features there are ([`FEATURES`]).
        expected: usize,
    },
    /// A word that is not a decimal number.
    #[error("weight {index}: {found:?} is not a number")]
    NotANumber {
        /// Its 1-based place in the list.
        index: usize,
        /// The start of the word (at most 60 bytes once escaped).
        found: String,
    },
    /// A weight that is infinite or not a number (NaN).
    #[error("weight {index} ({feature}) is {value}; a weight is a finite number")]
    NotFinite {
        /// Its 1-based place in the list.
        index: usize,
        /// The feature it weighs.
        feature: &'static str,
        /// The value, as Rust prints it (`NaN`, `inf`, `-inf`).
        value: String,
    },
}

impl Weights {
    /// The weights, when every one is a finite number (an evaluation with
    /// an infinite or NaN weight values nothing).
    ///
    /// # Errors
    ///
    /// [`WeightsError::NotFinite`] for the first weight that is infinite or NaN.
    ///
    /// ```
    /// use senet_bot::{WeightsError, FEATURES, Weights};
    ///
    /// let mut numbers = [0.0; FEATURES];
    /// assert!(Weights::new(numbers).is_ok());
    /// numbers[1] = f64::NAN;
    /// let refused = Weights::new(numbers).unwrap_err();
    /// assert!(matches!(refused, WeightsError::NotFinite { index: 2, feature: "race", .. }));
    /// ```
    pub fn new(weights: [f64; FEATURES]) -> Result<Weights, WeightsError> {
        Weights(weights).check()
    }

    /// The weights, when every one is a finite number.
    /// For weights built from the public field, which [`Weights::new`] did
    /// not check.
    ///
    /// # Errors
    ///
    /// [`WeightsError::NotFinite`] for the first weight that is infinite or NaN.
    ///
    /// ```
    /// use senet_bot::{WeightsError, FEATURES, Weights};
    ///
    /// assert_eq!(Weights::race().check(), Ok(Weights::race()));
    /// let refused = Weights([f64::INFINITY; FEATURES]).check().unwrap_err();
    /// assert!(matches!(refused, WeightsError::NotFinite { index: 1, feature: "bias", .. }));
    /// ```
    pub fn check(self) -> Result<Weights, WeightsError> {
        match self.0.iter().position(|w| !w.is_finite()) {
            Some(i) => Err(WeightsError::NotFinite {
                index: i + 1,
                feature: FEATURE_NAMES[i],
                value: self.0[i].to_string(),
            }),
            None => Ok(self),
        }
    }

    /// The tuned weights of `ruleset` when it is a built-in ruleset
    /// (known from its type by [`AnyRuleset::of`](senet::AnyRuleset::of),
    /// never from its name); `None` for a ruleset of your own, whatever
    /// it calls itself.
    /// ```
    /// use senet_bot::Weights;
    /// use senet::{AnyRuleset, rulesets::Kendall};
    ///
    /// assert!(Weights::tuned(&Kendall).is_some());
    /// assert_eq!(Weights::tuned(&AnyRuleset::Kendall), Weights::tuned(&Kendall));
    /// ```
    pub fn tuned<R: Ruleset>(ruleset: &R) -> Option<Weights> {
        senet::AnyRuleset::of(ruleset).map(|any| Weights(weights::tuned(any)))
    }

    /// Untuned weights that only count the race: progress along the track
    /// and pieces borne off, plus having the throw. The starting point of
    /// tuning, and the evaluation of rulesets without tuned weights.
    /// ```
    /// use senet_bot::{Evaluation, Evaluator, Weights};
    /// use senet::{Position, rulesets::Kendall};
    ///
    /// let race = Evaluation::with_weights(Kendall, Weights::race());
    /// // x stands one house ahead of o at the start, and has the throw.
    /// assert!(race.equity(&Position::start(Kendall)) > 0.5);
    /// ```
    pub fn race() -> Weights {
        let mut w = [0.0; FEATURES];
        w[0] = 0.1;
        w[1] = 2.0;
        for (side, sign) in [(0, 1.0), (1, -1.0)] {
            let base = 2 + side * SIDE_FEATURES;
            w[base] = sign * 31.0 * 0.04;
            for h in 1..=usize::from(House::COUNT) {
                w[base + 4 + h] = sign * h as f64 * 0.04;
            }
        }
        Weights(w)
    }
}

impl FromStr for Weights {
    type Err = WeightsError;

    /// Reads [`FEATURES`] decimal numbers separated by white space (the
    /// `tune` example writes one a line), each finite.
    fn from_str(text: &str) -> Result<Weights, WeightsError> {
        let mut weights = [0.0; FEATURES];
        let mut found = 0;
        for word in text.split_whitespace() {
            found += 1;
            if found > FEATURES {
                continue;
            }
            // Rust's float syntax also reads "inf" and "NaN": refused below.
            let value: f64 = word.parse().map_err(|_| WeightsError::NotANumber {
                index: found,
                found: excerpt(word),
            })?;
            weights[found - 1] = value;
        }
        if found != FEATURES {
            return Err(WeightsError::Count {
                found,
                expected: FEATURES,
            });
        }
        Weights::new(weights)
    }
}

/// Where one roll takes a piece from each house, ignoring the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    None,
    To(House),
    /// Off the board, or into the water: the piece moves, lands on nobody.
    Away {
        off: bool,
    },
}

/// The tuned evaluation: a logistic model `equity = σ(w · f)` of the
/// features `f` of the position, seen from the side about to throw.
///
/// The features (index: meaning), first for the side to throw (the
/// *mover*), then the same for its opponent:
///
/// - 0: 1 (the value of having the throw);
/// - 1: the race, `(b − a) / (a + b + 10)` where `a`, `b` are the
///   distances to off of the mover's and the opponent's pieces on the board;
/// - per side, at `2` (mover) and `2 + 35` (opponent):
///   - `+0` pieces borne off;
///   - `+1` pieces the other side may not land on (safe or protected:
///     [`Ruleset::shielded`]);
///   - `+2` mobility: the expected number of pieces that can move forward
///     with one throw (a cheap test: the ruleset's reach, passage and
///     landing rules, without precedence rules or backward moves);
///   - `+3` threats: the expected number of the other side's pieces one
///     throw can land on (swap or capture);
///   - `+4` stuck: the chance that one throw moves no piece forward;
///   - `+4 + h` for h in 1..=30: a piece on house h (a piece-square table,
///     which learns the value of progress and of each special house).
///
/// The weights are fitted per ruleset by logistic regression on the
/// results of self-play games (`senet tune`) and then checked by
/// mirrored duels; rulesets without tuned weights use [`Weights::race`].
/// Only basic IEEE arithmetic is used (the logistic function is computed
/// with a polynomial and squarings), so every machine gets the same value.
/// ```
/// use senet_bot::{Evaluation, Evaluator};
/// use senet::{Position, rulesets::Kendall};
///
/// let eval = Evaluation::new(Kendall);
/// let start = Position::start(Kendall);
/// let features = eval.features(&start);
/// assert_eq!(features[0], 1.0); // the throw
/// assert_eq!(features[2], 0.0); // the mover has borne no piece off
/// assert!((0.0..=1.0).contains(&eval.equity(&start)));
/// ```
#[derive(Clone, Debug)]
pub struct Evaluation<R: Ruleset> {
    ruleset: R,
    weights: Weights,
    /// `steps[i][h]`: where the `i`-th roll of the implement takes a piece on house `h`.
    steps: [[Step; 31]; 5],
    /// The probability of each roll, in the implement's order.
    chances: [f64; 5],
    rolls: usize,
}

/// Receives features one at a time: either summing them with weights or collecting them.
trait Sink {
    fn put(&mut self, index: usize, value: f64);
}

struct Dot<'w> {
    weights: &'w [f64; FEATURES],
    sum: f64,
}

impl Sink for Dot<'_> {
    #[inline(always)]
    fn put(&mut self, index: usize, value: f64) {
        self.sum += self.weights[index] * value;
    }
}

struct Collect([f64; FEATURES]);

impl Sink for Collect {
    #[inline(always)]
    fn put(&mut self, index: usize, value: f64) {
        self.0[index] += value;
    }
}

impl<R: Ruleset> Evaluation<R> {
    /// The evaluation of `ruleset` with its tuned weights
    /// ([`Weights::tuned`]: a built-in ruleset's, known from its type), or
    /// the race weights for any other ruleset.
    /// ```
    /// use senet_bot::{Evaluation, Weights};
    /// use senet::rulesets::Kendall;
    ///
    /// let eval = Evaluation::new(Kendall);
    /// assert_eq!(Some(*eval.weights()), Weights::tuned(&Kendall));
    /// ```
    pub fn new(ruleset: R) -> Evaluation<R> {
        let weights = Weights::tuned(&ruleset).unwrap_or_else(Weights::race);
        Evaluation::with_weights(ruleset, weights)
    }

    /// The evaluation of `ruleset` with these weights.
    /// ```
    /// use senet_bot::{Evaluation, Evaluator, FEATURES, Weights};
    /// use senet::{Position, rulesets::Kendall};
    ///
    /// let zero = Weights::new([0.0; FEATURES]).unwrap();
    /// let eval = Evaluation::with_weights(Kendall, zero);
    /// assert_eq!(eval.equity(&Position::start(Kendall)), 0.5); // no weight, no opinion
    /// ```
    pub fn with_weights(ruleset: R, weights: Weights) -> Evaluation<R> {
        let dice = ruleset.dice();
        let total = f64::from(dice.total_weight());
        let mut steps = [[Step::None; 31]; 5];
        let mut chances = [0.0; 5];
        for (i, &(roll, weight)) in dice.weights().iter().enumerate() {
            chances[i] = f64::from(weight) / total;
            for house in House::all() {
                steps[i][usize::from(house.number())] = match ruleset.forward(house, roll) {
                    Some(Reach::To(to) | Reach::ToElseWater(to)) => Step::To(to),
                    Some(Reach::Off) => Step::Away { off: true },
                    Some(Reach::Water) => Step::Away { off: false },
                    // A fall, a return, or a kind of reach added later: no
                    // step the race features count.
                    _ => Step::None,
                };
            }
        }
        Evaluation {
            ruleset,
            weights,
            steps,
            chances,
            rolls: dice.weights().len(),
        }
    }

    /// The ruleset it evaluates.
    /// ```
    /// use senet_bot::Evaluation;
    /// use senet::rulesets::Kendall;
    ///
    /// assert_eq!(Evaluation::new(Kendall).ruleset(), Kendall);
    /// ```
    pub fn ruleset(&self) -> R {
        self.ruleset
    }

    /// The weights in use.
    /// ```
    /// use senet_bot::{Evaluation, Weights};
    /// use senet::rulesets::Kendall;
    ///
    /// let eval = Evaluation::with_weights(Kendall, Weights::race());
    /// assert_eq!(eval.weights(), &Weights::race());
    /// ```
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The features of `position`, seen from the side about to throw (the
    /// layout is documented on [`Evaluation`]).
    /// ```
    /// use senet_bot::Evaluation;
    /// use senet::{Position, rulesets::Kendall};
    ///
    /// let f = Evaluation::new(Kendall).features(&Position::start(Kendall));
    /// // The piece-square table: the mover (x) has one piece on each of 2, 4, ..., 10.
    /// let mover_houses = &f[2 + 5..2 + 5 + 30];
    /// assert_eq!(mover_houses.iter().sum::<f64>(), 5.0);
    /// assert_eq!((mover_houses[0], mover_houses[1]), (0.0, 1.0));
    /// ```
    pub fn features(&self, position: &Position<R>) -> [f64; FEATURES] {
        let mut sink = Collect([0.0; FEATURES]);
        self.visit(position, &mut sink);
        sink.0
    }

    /// The linear score `w · f` before the logistic function.
    /// ```
    /// use senet_bot::{Evaluation, Evaluator};
    /// use senet::{Position, rulesets::Kendall};
    ///
    /// let eval = Evaluation::new(Kendall);
    /// let start = Position::start(Kendall);
    /// let dot: f64 = eval.features(&start).iter().zip(eval.weights().0).map(|(f, w)| f * w).sum();
    /// assert!((eval.score(&start) - dot).abs() < 1e-12);
    /// assert_eq!(eval.score(&start) > 0.0, eval.equity(&start) > 0.5);
    /// ```
    #[inline]
    pub fn score(&self, position: &Position<R>) -> f64 {
        let mut sink = Dot {
            weights: &self.weights.0,
            sum: 0.0,
        };
        self.visit(position, &mut sink);
        sink.sum
    }

    #[inline]
    fn visit<S: Sink>(&self, position: &Position<R>, sink: &mut S) {
        let board = position.board();
        let mover = position.side_to_throw();
        sink.put(0, 1.0);
        let mut distance = [0u32; 2];
        for (k, side) in [mover, mover.opponent()].into_iter().enumerate() {
            let base = 2 + k * SIDE_FEATURES;
            let own = board.pieces(side);
            let other = board.pieces(side.opponent());
            sink.put(base, f64::from(board.off(side)));
            sink.put(
                base + 1,
                f64::from(self.ruleset.shielded(board, side).count()),
            );
            let impassable = self.ruleset.impassable(board, side, Direction::Forward);
            let shielded = self.ruleset.shielded(board, side.opponent());
            let (mut mobility, mut threats, mut stuck) = (0.0, 0.0, 0.0);
            let water = self.ruleset.water().map_or(House::COUNT, House::number);
            for i in 0..self.rolls {
                let (mut movers, mut hits) = (0u32, 0u32);
                for from in own {
                    let (to, lands) = match self.steps[i][usize::from(from.number())] {
                        Step::None => continue,
                        Step::Away { off: true } => (House::COUNT + 1, None),
                        // Into the water: its house, as far as passing goes.
                        Step::Away { off: false } => (water, None),
                        Step::To(to) => (to.number(), Some(to)),
                    };
                    if !(Bitboard::between(from.number(), to) & impassable).is_empty() {
                        continue;
                    }
                    if let Some(to) = lands {
                        if own.contains(to) || shielded.contains(to) {
                            continue;
                        }
                        if other.contains(to) {
                            hits += 1;
                        }
                    }
                    movers += 1;
                }
                let chance = self.chances[i];
                mobility += chance * f64::from(movers);
                threats += chance * f64::from(hits);
                if movers == 0 {
                    stuck += chance;
                }
            }
            sink.put(base + 2, mobility);
            sink.put(base + 3, threats);
            sink.put(base + 4, stuck);
            for house in own {
                sink.put(base + 4 + usize::from(house.number()), 1.0);
                distance[k] += 31 - u32::from(house.number());
            }
        }
        let (a, b) = (f64::from(distance[0]), f64::from(distance[1]));
        sink.put(1, (b - a) / (a + b + 10.0));
    }
}

impl<R: Ruleset> Evaluator<R> for Evaluation<R> {
    #[inline]
    fn equity(&self, position: &Position<R>) -> f64 {
        logistic(self.score(position))
    }
}

/// The logistic function `1 / (1 + e^-z)`, computed with basic arithmetic
/// only (a Taylor polynomial of `e^t` for small `t`, squared eight times),
/// so it rounds the same way everywhere. Accurate to about 1e-7.
pub fn logistic(z: f64) -> f64 {
    let z = z.clamp(-40.0, 40.0);
    let t = -z.abs() / 256.0;
    let mut e = 1.0 + t * (1.0 + t * (0.5 + t * (1.0 / 6.0 + t * (1.0 / 24.0 + t / 120.0))));
    for _ in 0..8 {
        e *= e;
    }
    let p = 1.0 / (1.0 + e);
    if z >= 0.0 { p } else { 1.0 - p }
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet::rulesets::{Bell, Kendall};

    #[test]
    fn logistic_is_close_to_the_real_one() {
        for i in -200..=200 {
            let z = f64::from(i) / 10.0;
            let exact = 1.0 / (1.0 + (-z).exp());
            assert!((logistic(z) - exact).abs() < 1e-6, "z = {z}");
        }
        assert_eq!(logistic(0.0), 0.5);
    }

    #[test]
    fn features_are_symmetric_at_the_start_but_for_the_throw() {
        let start = Position::start(Kendall);
        let f = Evaluation::new(Kendall).features(&start);
        assert_eq!(f[0], 1.0);
        assert_eq!(f[2], 0.0);
        assert_eq!(f.iter().skip(2 + 5).take(30).sum::<f64>(), 5.0);
        let bell = Evaluation::new(Bell).features(&Position::start(Bell));
        assert_eq!(bell.iter().skip(2 + 5).take(30).sum::<f64>(), 10.0);
    }

    #[test]
    fn names_cover_every_feature() {
        assert!(FEATURE_NAMES.iter().all(|n| !n.is_empty()));
        assert_eq!(FEATURE_NAMES[2 + 5], "mover h1");
        assert_eq!(FEATURE_NAMES[FEATURES - 1], "other h30");
    }
}
