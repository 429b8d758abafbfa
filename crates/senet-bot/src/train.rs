//! Learning a [`Network`] by self-play, with temporal-difference learning.
//!
//! The method is TD(λ) as TD-Gammon used it, learning after each game:
//! the network plays a whole game against itself, each side choosing the
//! move whose position it values best; then, from the last position back,
//! every position is moved towards its λ-return, a blend of the values of
//! the positions that followed it and of the game's result, weighted by λ
//! per throw. The values in the blend are those the network gives as the
//! sweep reaches them (already moved by the later positions' steps), so
//! it is the backward, online form of the λ-return.
//! The throws and the first weights come from a seeded ChaCha8, and the
//! arithmetic is `f32` in a fixed order, so a plan gives the same network
//! on every machine.
//!
//! ```
//! use senet_bot::train::{Plan, train};
//! use senet::rulesets::Kendall;
//!
//! let plan = Plan { games: 20, ..Plan::default() };
//! let (network, report) = train(Kendall, &plan, |_| {})?;
//! assert_eq!(report.games, 20);
//! assert_eq!(network, train(Kendall, &plan, |_| {})?.0);
//! # Ok::<(), senet_bot::train::TrainError>(())
//! ```
//!
//! The command `senet train` runs this for a built-in ruleset and writes the
//! network file; the shipped networks were made with it (the repository's
//! `docs/bots.md` records the commands and times).

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use thiserror::Error;

use crate::eval::Evaluator;
use crate::network::{Active, HIDDEN, Layers, Network, Weights, clip};
use senet::MoveList;
use senet::Position;
use senet::Ruleset;
use senet::Side;
use senet::rulesets::CheckedRuleset;

/// How to train: the games, the seed and the learning parameters. The
/// default is the plan the shipped networks were trained with.
///
/// ```
/// use senet_bot::train::{Plan, TrainError};
///
/// let quick = Plan { games: 1_000, seed: 7, ..Plan::default() };
/// assert_eq!(quick.check(), Ok(quick));
/// let wild = Plan { lambda: 2.0, ..quick };
/// assert!(matches!(wild.check(), Err(TrainError::Plan { field: "lambda", .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
pub struct Plan {
    /// Self-play games.
    pub games: u64,
    /// Seeds the first weights and every throw.
    pub seed: u64,
    /// λ: how far back a result reaches, per throw (0 to 1).
    pub lambda: f32,
    /// The learning rate at the start; it falls linearly to
    /// `final_rate` over the games.
    pub rate: f32,
    /// The learning rate at the end.
    pub final_rate: f32,
    /// A game still running after this many throws is cut there: its
    /// last position's value stands in for the result.
    pub max_throws: usize,
    /// The network's hidden units: [`HIDDEN`] (the levels' networks) or
    /// [`LARGE_HIDDEN`](crate::LARGE_HIDDEN) (four times as many). Absent from older plans in JSON,
    /// where it reads as [`HIDDEN`].
    #[cfg_attr(feature = "serde", serde(default = "small_hidden"))]
    pub hidden: usize,
}

/// The hidden units of a plan that names none.
#[cfg(feature = "serde")]
fn small_hidden() -> usize {
    HIDDEN
}

impl Default for Plan {
    fn default() -> Plan {
        Plan {
            games: 300_000,
            seed: 1,
            lambda: 0.7,
            rate: 0.02,
            final_rate: 0.002,
            max_throws: 5_000,
            hidden: HIDDEN,
        }
    }
}

/// What a training run did.
///
/// ```
/// use senet_bot::train::{Plan, train};
/// use senet::rulesets::Kendall;
///
/// let plan = Plan { games: 5, ..Plan::default() };
/// let (_, report) = train(Kendall, &plan, |_| {})?;
/// // Every game is learned from, ended or cut.
/// assert_eq!(report.games + report.cut, 5);
/// assert!(report.positions > 0);
/// # Ok::<(), senet_bot::train::TrainError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
#[non_exhaustive]
pub struct Report {
    /// Games played to their end.
    pub games: u64,
    /// Games cut at `max_throws` (learned from all the same).
    pub cut: u64,
    /// Positions learned from.
    pub positions: u64,
}

/// Why a training run cannot start.
///
/// ```
/// use senet_bot::train::{Plan, TrainError, train};
/// use senet::rulesets::Kendall;
///
/// let plan = Plan { max_throws: 0, ..Plan::default() };
/// let err = train(Kendall, &plan, |_| {}).unwrap_err();
/// assert!(matches!(err, TrainError::Plan { field: "max_throws", .. }));
/// assert_eq!(err.to_string(), "max_throws must be at least 1, found 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum TrainError {
    /// A field of the [`Plan`] is out of its range.
    #[error("{field} must be {range}, found {found}")]
    Plan {
        /// The field.
        field: &'static str,
        /// Its range, in words.
        range: &'static str,
        /// The value given.
        found: String,
    },
}

impl Plan {
    /// The plan, when every field is in range: `lambda`, `rate` and
    /// `final_rate` finite numbers from 0 to 1, `max_throws` at least 1,
    /// `hidden` [`HIDDEN`] or [`LARGE_HIDDEN`](crate::LARGE_HIDDEN).
    ///
    /// # Errors
    ///
    /// [`TrainError::Plan`] names the first field out of range.
    ///
    /// ```
    /// use senet_bot::train::Plan;
    ///
    /// assert!(Plan::default().check().is_ok());
    /// // Not a number is out of every range.
    /// assert!(Plan { rate: f32::NAN, ..Plan::default() }.check().is_err());
    /// ```
    pub fn check(&self) -> Result<Plan, TrainError> {
        for (field, value) in [
            ("lambda", self.lambda),
            ("rate", self.rate),
            ("final_rate", self.final_rate),
        ] {
            if !(0.0..=1.0).contains(&value) {
                return Err(TrainError::Plan {
                    field,
                    range: "a number from 0 to 1",
                    found: value.to_string(),
                });
            }
        }
        if Network::zero_sized(self.hidden).is_none() {
            return Err(TrainError::Plan {
                field: "hidden",
                range: "32 or 128",
                found: self.hidden.to_string(),
            });
        }
        if self.max_throws == 0 {
            return Err(TrainError::Plan {
                field: "max_throws",
                range: "at least 1",
                found: "0".to_string(),
            });
        }
        Ok(*self)
    }
}

/// Trains a network for `ruleset` by `plan`, calling `progress` with the
/// games played so far after every thousandth game.
///
/// # Errors
///
/// [`TrainError::Plan`] for a plan out of range ([`Plan::check`]).
///
/// ```
/// use senet_bot::train::{Plan, train};
/// use senet::rulesets::Kendall;
/// use senet::Position;
///
/// let plan = Plan { games: 10, seed: 3, ..Plan::default() };
/// let (network, report) = train(Kendall, &plan, |_| {})?;
/// assert_eq!(report.games + report.cut, 10);
/// // It values a position for the side to throw, from 0 to 1.
/// let equity = network.equity(&Position::start(Kendall));
/// assert!((0.0..=1.0).contains(&equity));
/// # Ok::<(), senet_bot::train::TrainError>(())
/// ```
pub fn train<R: CheckedRuleset>(
    ruleset: R,
    plan: &Plan,
    mut progress: impl FnMut(u64),
) -> Result<(Network, Report), TrainError> {
    let plan = plan.check()?;
    let start = Position::start(ruleset);
    let mut rng = ChaCha8Rng::seed_from_u64(plan.seed);
    let mut network = first_weights(&mut rng, plan.hidden);
    let mut report = Report::default();
    let mut game: Vec<Position<R>> = Vec::new();
    for played in 0..plan.games {
        let fraction = played as f32 / plan.games.max(1) as f32;
        let rate = plan.rate + (plan.final_rate - plan.rate) * fraction;
        game.clear();
        let end = self_play(&network, start, &mut rng, &mut game, plan.max_throws);
        let end_x = match end.outcome() {
            Some(outcome) => {
                report.games += 1;
                outcome.x_share() as f32
            }
            None => {
                report.cut += 1;
                network.equity_for(&end, Side::X) as f32
            }
        };
        learn(&mut network, &game, end_x, plan.lambda, rate);
        report.positions += game.len() as u64;
        if (played + 1) % 1000 == 0 {
            progress(played + 1);
        }
    }
    Ok((network, report))
}

/// Small random first weights, with the hidden units in their linear
/// range, for a network of `hidden` units (a size [`Plan::check`] let through).
fn first_weights(rng: &mut ChaCha8Rng, hidden: usize) -> Network {
    let mut network = Network::zero_sized(hidden).unwrap_or_else(Network::zero);
    let (inputs, hidden) = (network.input_count(), network.hidden_units());
    let mut uniform = |scale: f32| {
        // 24 random bits to a number in -scale..scale.
        let unit = (rng.next_u32() >> 8) as f32 / (1u32 << 24) as f32;
        (2.0 * unit - 1.0) * scale
    };
    // In the file's order: input weights, hidden biases, output weights;
    // the output's bias stays 0.
    let (biases, outputs) = (inputs * hidden, inputs * hidden + hidden);
    for (k, weight) in network.parameters_mut().enumerate() {
        *weight = if k < biases {
            uniform(0.05)
        } else if k < outputs {
            0.5 + uniform(0.1)
        } else if k < outputs + hidden {
            uniform(0.2)
        } else {
            0.0
        };
    }
    network
}

/// Plays one game of the network against itself from `start`, pushing the
/// position before every throw; returns the last position, where the game
/// ended or was cut after `max_throws` throws.
fn self_play<R: Ruleset>(
    network: &Network,
    start: Position<R>,
    rng: &mut ChaCha8Rng,
    game: &mut Vec<Position<R>>,
    max_throws: usize,
) -> Position<R> {
    let dice = start.ruleset().dice();
    let mut position = start;
    let mut list = MoveList::new();
    while game.len() < max_throws {
        if position.is_over() {
            return position;
        }
        game.push(position);
        let roll = dice.throw(rng).roll();
        let moves = position.moves(roll);
        if let Ok(lost) = moves.lose_throw() {
            position = lost;
            continue;
        }
        moves.write_to(&mut list);
        let me = position.side_to_throw();
        let mut best = (f64::NEG_INFINITY, position);
        for &mv in list.iter() {
            let Ok(child) = moves.play(mv) else {
                continue;
            };
            let value = network.equity_for(&child, me);
            if value > best.0 {
                best = (value, child);
            }
        }
        position = best.1;
    }
    position
}

/// Moves every position of `game` towards its λ-return (from the last
/// position back), `end_x` being x's share at the end.
fn learn<R: Ruleset>(
    network: &mut Network,
    game: &[Position<R>],
    end_x: f32,
    lambda: f32,
    rate: f32,
) {
    // The λ-return seen from x, carried backwards: G_t = (1-λ) V(t+1) + λ G_{t+1}.
    let mut target_x = end_x;
    let mut next_value_x: Option<f32> = None;
    for position in game.iter().rev() {
        if let Some(next) = next_value_x {
            target_x = (1.0 - lambda) * next + lambda * target_x;
        }
        let x_side = position.side_to_throw() == Side::X;
        let target = if x_side { target_x } else { 1.0 - target_x };
        let value = network.learn_one(position, |value| rate * (target - value));
        // The value this position had before the step, as the next target's blend.
        next_value_x = Some(if x_side { value } else { 1.0 - value });
    }
}

impl Network {
    /// Values `position`, then takes one gradient
    /// step of the size `delta` gives for that value (the gradient of the
    /// log-loss in the logit is target − value); returns the value before
    /// the step.
    fn learn_one<R: Ruleset>(
        &mut self,
        position: &Position<R>,
        delta: impl FnOnce(f32) -> f32,
    ) -> f32 {
        match &mut self.layers {
            Layers::Small(small) => learn_weights(small, &Active::of(position), delta),
            Layers::Large(large) => learn_weights(large, &Active::of(position), delta),
        }
    }
}

/// [`Network::learn_one`] for a network of `H` hidden units over `I` inputs.
fn learn_weights<const H: usize, const I: usize>(
    weights: &mut Weights<H, I>,
    active: &Active<I>,
    delta: impl FnOnce(f32) -> f32,
) -> f32 {
    let hidden = weights.hidden(active);
    let value = crate::eval::logistic(f64::from(weights.logit(&hidden))) as f32;
    step(weights, active, &hidden, delta(value));
    value
}

/// One gradient step of size `delta` on the logit, for the inputs `active`.
fn step<const H: usize, const I: usize>(
    network: &mut Weights<H, I>,
    active: &Active<I>,
    hidden: &[f32; H],
    delta: f32,
) {
    let mut back = [0.0f32; H];
    for j in 0..H {
        let h = hidden[j];
        // The clipped unit passes a gradient only in its linear range.
        if h > 0.0 && h < 1.0 {
            back[j] = delta * network.output[j];
        }
        network.output[j] += delta * clip(h);
    }
    network.output_bias += delta;
    for (bias, b) in network.hidden_bias.iter_mut().zip(back) {
        *bias += b;
    }
    for &i in active.indices() {
        let column = &mut network.input[usize::from(i) % I];
        for (w, b) in column.iter_mut().zip(back) {
            *w += b;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LARGE_HIDDEN;
    use senet::rulesets::Kendall;

    #[test]
    fn training_is_deterministic_and_moves_the_weights() {
        let plan = Plan {
            games: 30,
            ..Plan::default()
        };
        let (a, report) = train(Kendall, &plan, |_| {}).unwrap();
        let (b, _) = train(Kendall, &plan, |_| {}).unwrap();
        assert_eq!(a, b);
        assert_eq!(report.games + report.cut, 30);
        assert!(report.positions > 30 * 20);
        let mut rng = ChaCha8Rng::seed_from_u64(plan.seed);
        assert_ne!(a, first_weights(&mut rng, HIDDEN));
        let other = train(Kendall, &Plan { seed: 2, ..plan }, |_| {}).unwrap().0;
        assert_ne!(a, other);
        for bad in [
            Plan {
                lambda: 1.5,
                ..plan
            },
            Plan {
                rate: f32::NAN,
                ..plan
            },
            Plan {
                final_rate: -0.1,
                ..plan
            },
            Plan {
                max_throws: 0,
                ..plan
            },
        ] {
            assert!(matches!(
                train(Kendall, &bad, |_| {}),
                Err(TrainError::Plan { .. })
            ));
        }
    }

    #[test]
    fn a_step_moves_the_value_towards_the_target() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for hidden in [HIDDEN, LARGE_HIDDEN] {
            let mut network = first_weights(&mut rng, hidden);
            assert_eq!(network.hidden_units(), hidden);
            let start = Position::start(Kendall);
            let before = network.equity(&start);
            network.learn_one(&start, |_| 0.05);
            assert!(network.equity(&start) > before);
        }
    }
}
