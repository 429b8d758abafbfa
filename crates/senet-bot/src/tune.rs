//! Tuning the rule of thumb's feature weights ([`Weights`]) by self-play
//! and logistic regression: how the shipped tables were made, and how to
//! make one for a ruleset of your own. The `tune` example runs it from
//! the command line.
//!
//! [`self_play`] plays the rule of thumb against itself and keeps
//! [`Sample`]s (a position's features seen from the side to throw, and
//! that side's result); [`fit`] finds the weights that predict the
//! results best. Both are deterministic: the same arguments give the same
//! weights on every machine that rounds `f64` the IEEE way.
//!
//! ```
//! use senet_bot::Weights;
//! use senet::rulesets::Bell;
//! use senet_bot::tune::{fit, self_play};
//!
//! let samples = self_play(Bell, Weights::race(), 40, 1, 5)?;
//! let weights = fit(&samples, 1e-3, |_| {})?;
//! assert_ne!(weights, Weights::race());
//! # Ok::<(), senet_bot::tune::TuneError>(())
//! ```

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use thiserror::Error;

use super::{Evaluation, Evaluator, FEATURES, Weights, WeightsError};
use senet::IllegalMoveError;
use senet::Outcome;
use senet::Position;
use senet::Side;
use senet::rulesets::CheckedRuleset;
use senet::{Move, MoveList};

/// A self-play game still running after this many throws is dropped:
/// it has no result to learn from.
///
/// ```
/// use senet_bot::tune::MAX_THROWS;
///
/// assert_eq!(MAX_THROWS, 20_000); // far beyond any real game
/// ```
pub const MAX_THROWS: u32 = 20_000;

/// One move in this many is chosen at random in self-play, so that
/// positions the rule of thumb would never reach are seen too.
///
/// ```
/// use senet_bot::tune::EXPLORE;
///
/// assert_eq!(1.0 / f64::from(EXPLORE), 0.05); // 5% of moves at random
/// ```
pub const EXPLORE: u32 = 20;

/// Newton steps [`fit`] takes at most; it stops sooner once a step is
/// shorter than [`CONVERGED`].
///
/// ```
/// use senet_bot::FEATURES;
/// use senet_bot::tune::{NEWTON_STEPS, Sample, fit};
///
/// let data = [Sample::new([1.0; FEATURES], 1.0)?, Sample::new([0.5; FEATURES], 0.0)?];
/// let mut steps = 0;
/// fit(&data, 1e-3, |_| steps += 1)?;
/// assert!((1..=NEWTON_STEPS).contains(&steps));
/// # Ok::<(), senet_bot::tune::TuneError>(())
/// ```
pub const NEWTON_STEPS: u32 = 12;

/// The step length (Euclidean) below which [`fit`] has converged.
///
/// ```
/// use senet_bot::FEATURES;
/// use senet_bot::tune::{CONVERGED, Sample, fit};
///
/// // A win and a loss with the same features: all weights 0 is the best fit.
/// let data = [Sample::new([1.0; FEATURES], 1.0)?, Sample::new([1.0; FEATURES], 0.0)?];
/// let mut last = f64::MAX;
/// fit(&data, 1e-3, |step| last = step.step)?;
/// assert!(last < CONVERGED);
/// # Ok::<(), senet_bot::tune::TuneError>(())
/// ```
pub const CONVERGED: f64 = 1e-6;

/// The largest ridge penalty [`fit`] takes.
///
/// ```
/// use senet_bot::FEATURES;
/// use senet_bot::tune::{MAX_RIDGE, Sample, TuneError, fit};
///
/// let data = [Sample::new([1.0; FEATURES], 1.0)?];
/// assert!(fit(&data, MAX_RIDGE, |_| {}).is_ok());
/// assert_eq!(fit(&data, 2.0 * MAX_RIDGE, |_| {}), Err(TuneError::BadRidge));
/// # Ok::<(), TuneError>(())
/// ```
pub const MAX_RIDGE: f64 = 1_000.0;

/// A position kept in self-play: its features seen from the side to
/// throw (as `f32`, to keep millions of them in memory), and that side's
/// result (1 win, 1/2 draw, 0 loss).
///
/// ```
/// use senet_bot::FEATURES;
/// use senet_bot::tune::Sample;
///
/// let sample = Sample::new([0.0; FEATURES], 0.5)?;
/// assert_eq!(sample.result(), 0.5);
/// assert!(Sample::new([0.0; FEATURES], 2.0).is_err());
/// # Ok::<(), senet_bot::tune::TuneError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    features: [f32; FEATURES],
    result: f32,
}

impl Sample {
    /// A sample, when every feature is finite and the result is from 0
    /// to 1.
    ///
    /// # Errors
    ///
    /// [`TuneError::BadSample`] otherwise.
    ///
    /// ```
    /// use senet_bot::FEATURES;
    /// use senet_bot::tune::Sample;
    ///
    /// assert!(Sample::new([0.0; FEATURES], 1.0).is_ok());
    /// assert!(Sample::new([f32::NAN; FEATURES], 1.0).is_err());
    /// assert!(Sample::new([0.0; FEATURES], -0.5).is_err());
    /// ```
    pub fn new(features: [f32; FEATURES], result: f32) -> Result<Sample, TuneError> {
        if !features.iter().all(|f| f.is_finite()) {
            return Err(TuneError::BadSample {
                why: "a feature is not a finite number",
            });
        }
        if !(0.0..=1.0).contains(&result) {
            return Err(TuneError::BadSample {
                why: "the result is not from 0 to 1",
            });
        }
        Ok(Sample { features, result })
    }

    /// The features, seen from the side to throw.
    ///
    /// ```
    /// use senet_bot::{FEATURES, Weights};
    /// use senet_bot::tune::self_play;
    /// use senet::rulesets::Kendall;
    ///
    /// let samples = self_play(Kendall, Weights::race(), 1, 3, 10)?;
    /// assert!(!samples.is_empty());
    /// assert!(samples.iter().all(|s| s.features().len() == FEATURES));
    /// assert!(samples.iter().all(|s| s.features().iter().all(|f| f.is_finite())));
    /// # Ok::<(), senet_bot::tune::TuneError>(())
    /// ```
    pub fn features(&self) -> &[f32; FEATURES] {
        &self.features
    }

    /// The result for the side to throw: 1 win, 1/2 draw, 0 loss.
    ///
    /// ```
    /// use senet_bot::FEATURES;
    /// use senet_bot::tune::Sample;
    ///
    /// let draw = Sample::new([0.0; FEATURES], 0.5)?;
    /// assert_eq!(draw.result(), 0.5);
    /// # Ok::<(), senet_bot::tune::TuneError>(())
    /// ```
    pub fn result(&self) -> f32 {
        self.result
    }
}

/// One Newton step of [`fit`], for a progress report.
///
/// ```
/// use senet_bot::FEATURES;
/// use senet_bot::tune::{Sample, fit};
///
/// let data = [Sample::new([1.0; FEATURES], 1.0)?, Sample::new([1.0; FEATURES], 0.0)?];
/// let mut steps = Vec::new();
/// fit(&data, 1e-3, |step| steps.push(step))?;
/// assert_eq!(steps[0].iteration, 0);
/// assert!((steps[0].log_loss - 2f64.ln()).abs() < 1e-12); // all weights 0: p = 1/2
/// # Ok::<(), senet_bot::tune::TuneError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
#[non_exhaustive]
pub struct NewtonStep {
    /// Its number, from 0.
    pub iteration: u32,
    /// The mean log loss of the weights before the step.
    pub log_loss: f64,
    /// The step's Euclidean length.
    pub step: f64,
}

/// Why tuning could not go on.
///
/// ```
/// use senet_bot::tune::{TuneError, fit};
///
/// assert_eq!(fit(&[], 1e-3, |_| {}), Err(TuneError::NoSamples));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum TuneError {
    /// [`fit`] was given no sample.
    #[error("no sample to fit")]
    NoSamples,
    /// A sample's numbers are out of range.
    #[error("a bad sample: {why}")]
    BadSample {
        /// What is wrong with it.
        why: &'static str,
    },
    /// The ridge penalty is not a number from 0 to [`MAX_RIDGE`].
    #[error("the ridge penalty must be a number from 0 to {MAX_RIDGE}")]
    BadRidge,
    /// [`self_play`] was asked to keep one position in 0.
    #[error("the sampling rate must be 1 or more")]
    NoSampling,
    /// The fit gave a weight that is not finite (the data cannot be
    /// fitted, or the ridge is too small).
    #[error(transparent)]
    NotFinite(#[from] WeightsError),
    /// The engine refused its own move.
    #[error("the engine refused its own move: {0}")]
    Move(#[from] IllegalMoveError),
    /// [`self_play_within`] would have kept more samples than allowed.
    #[error("more than {max} positions kept ({bytes} bytes), the most allowed")]
    TooManySamples {
        /// The most samples allowed.
        max: usize,
        /// Their size in bytes.
        bytes: u64,
    },
}

/// Plays `games` games of the rule of thumb with `weights` against
/// itself, one move in [`EXPLORE`] at random, and keeps each position
/// before a throw with probability 1/`sample`, seen from the side to
/// throw with that side's result. Games longer than [`MAX_THROWS`]
/// throws are dropped. Throws, sampling and random moves come from one
/// `ChaCha8Rng` seeded with `seed`.
///
/// # Errors
///
/// [`TuneError::NoSampling`] when `sample` is 0; [`TuneError::Move`]
/// only if the engine contradicted itself.
///
/// ```
/// use senet_bot::Weights;
/// use senet::rulesets::Kendall;
/// use senet_bot::tune::self_play;
///
/// let a = self_play(Kendall, Weights::race(), 3, 7, 4)?;
/// let b = self_play(Kendall, Weights::race(), 3, 7, 4)?;
/// assert_eq!(a, b);
/// assert!(a.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.result())));
/// # Ok::<(), senet_bot::tune::TuneError>(())
/// ```
pub fn self_play<R: CheckedRuleset>(
    ruleset: R,
    weights: Weights,
    games: u64,
    seed: u64,
    sample: u64,
) -> Result<Vec<Sample>, TuneError> {
    self_play_within(ruleset, weights, games, seed, sample, usize::MAX)
}

/// [`self_play`], keeping at most `max_samples` samples (each
/// `size_of::<Sample>()` bytes): memory bounded whatever `games` and
/// `sample` ask. The samples are the same as [`self_play`]'s when they fit.
///
/// # Errors
///
/// As [`self_play`], and [`TuneError::TooManySamples`] as soon as one
/// more sample would pass `max_samples` (nothing is returned).
///
/// ```
/// use senet_bot::Weights;
/// use senet::rulesets::Kendall;
/// use senet_bot::tune::{TuneError, self_play, self_play_within};
///
/// let all = self_play(Kendall, Weights::race(), 3, 7, 4)?;
/// assert_eq!(self_play_within(Kendall, Weights::race(), 3, 7, 4, all.len())?, all);
/// let err = self_play_within(Kendall, Weights::race(), 3, 7, 4, 10).unwrap_err();
/// assert!(matches!(err, TuneError::TooManySamples { max: 10, .. }));
/// # Ok::<(), TuneError>(())
/// ```
pub fn self_play_within<R: CheckedRuleset>(
    ruleset: R,
    weights: Weights,
    games: u64,
    seed: u64,
    sample: u64,
    max_samples: usize,
) -> Result<Vec<Sample>, TuneError> {
    if sample == 0 {
        return Err(TuneError::NoSampling);
    }
    let eval = Evaluation::with_weights(ruleset, weights);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let dice = ruleset.dice();
    let mut samples = Vec::new();
    let mut list = MoveList::new();
    let mut kept: Vec<([f32; FEATURES], Side)> = Vec::new();
    for _ in 0..games {
        let mut position = Position::start(ruleset);
        kept.clear();
        let mut throws = 0;
        while !position.is_over() && throws < MAX_THROWS {
            throws += 1;
            if u64::from(rng.next_u32()).is_multiple_of(sample) {
                kept.push((
                    eval.features(&position).map(|f| f as f32),
                    position.side_to_throw(),
                ));
            }
            let roll = dice.throw(&mut rng).roll();
            position.moves(roll).write_to(&mut list);
            position = if list.is_empty() {
                position.lose_throw(roll)
            } else if rng.next_u32().is_multiple_of(EXPLORE) {
                position.play(list[uniform_index(rng.next_u32(), list.len())])
            } else {
                position.play(best(&eval, &position, &list))
            }?;
        }
        let Some(outcome) = position.outcome() else {
            continue;
        };
        if kept.len() > max_samples - samples.len() {
            return Err(TuneError::TooManySamples {
                max: max_samples,
                bytes: (max_samples as u64).saturating_mul(size_of::<Sample>() as u64),
            });
        }
        for &(features, side) in &kept {
            let result = match outcome {
                Outcome::Win(w) if w == side => 1.0,
                Outcome::Win(_) => 0.0,
                Outcome::Draw => 0.5,
            };
            samples.push(Sample { features, result });
        }
    }
    Ok(samples)
}

/// The rule of thumb's move: the best equity after it for the mover,
/// the first of equals. `list` is not empty.
fn best<R: CheckedRuleset>(eval: &Evaluation<R>, position: &Position<R>, list: &MoveList) -> Move {
    let me = position.side_to_throw();
    let mut best: Option<(Move, f64)> = None;
    for &mv in list.iter() {
        let value = eval.equity_for(&position.play(mv).unwrap_or(*position), me);
        match best {
            Some((_, b)) if b >= value => {}
            _ => best = Some((mv, value)),
        }
    }
    best.map_or(list[0], |b| b.0)
}

/// The weights that predict the samples' results best: logistic
/// regression by Newton's method, with a ridge penalty `ridge` on every
/// weight but the bias (which gets a token 1e-9), starting from all
/// zeros. `progress` hears of each step.
///
/// # Errors
///
/// [`TuneError::NoSamples`] for no data, [`TuneError::BadRidge`] for a
/// ridge that is not from 0 to [`MAX_RIDGE`], [`TuneError::NotFinite`]
/// when the fit diverges.
///
/// ```
/// use senet_bot::FEATURES;
/// use senet_bot::tune::{Sample, fit};
///
/// // The first side wins when feature 1 is positive.
/// let data: Vec<Sample> = (0..200)
///     .map(|i| {
///         let mut features = [0.0; FEATURES];
///         features[0] = 1.0;
///         features[1] = (i % 20) as f32 - 9.5;
///         Sample::new(features, if features[1] > 0.0 { 1.0 } else { 0.0 })
///     })
///     .collect::<Result<_, _>>()?;
/// let weights = fit(&data, 0.01, |_| {})?;
/// assert!(weights.0[1] > 1.0);
/// # Ok::<(), senet_bot::tune::TuneError>(())
/// ```
pub fn fit(
    data: &[Sample],
    ridge: f64,
    mut progress: impl FnMut(NewtonStep),
) -> Result<Weights, TuneError> {
    if data.is_empty() {
        return Err(TuneError::NoSamples);
    }
    if !(0.0..=MAX_RIDGE).contains(&ridge) {
        return Err(TuneError::BadRidge);
    }
    let n = FEATURES;
    let mut w = [0.0f64; FEATURES];
    for iteration in 0..NEWTON_STEPS {
        let mut grad = [0.0f64; FEATURES];
        let mut hess = vec![0.0f64; n * n];
        let mut loss = 0.0;
        for s in data {
            let x = s.features.map(f64::from);
            let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let y = f64::from(s.result);
            loss -= y * p.max(1e-12).ln() + (1.0 - y) * (1.0 - p).max(1e-12).ln();
            let r = p * (1.0 - p);
            for i in 0..n {
                if x[i] == 0.0 {
                    continue;
                }
                grad[i] += (p - y) * x[i];
                let rx = r * x[i];
                for j in i..n {
                    hess[i * n + j] += rx * x[j];
                }
            }
        }
        let m = data.len() as f64;
        for i in 0..n {
            for j in 0..i {
                hess[i * n + j] = hess[j * n + i];
            }
        }
        for i in 0..n {
            grad[i] /= m;
            for j in 0..n {
                hess[i * n + j] /= m;
            }
            let penalty = if i == 0 { 1e-9 } else { ridge };
            grad[i] += penalty * w[i];
            hess[i * n + i] += penalty;
        }
        let step = solve(&hess, &grad);
        for i in 0..n {
            w[i] -= step[i];
        }
        let size: f64 = step.iter().map(|s| s * s).sum::<f64>().sqrt();
        progress(NewtonStep {
            iteration,
            log_loss: loss / m,
            step: size,
        });
        if size < CONVERGED {
            break;
        }
    }
    Ok(Weights(w).check()?)
}

/// Solves `a x = b` for a symmetric positive definite `a` (Cholesky),
/// `a` row-major, [`FEATURES`] square.
fn solve(a: &[f64], b: &[f64; FEATURES]) -> [f64; FEATURES] {
    let n = FEATURES;
    let mut l = vec![0.0f64; n * n];
    for i in 0..n {
        for j in 0..=i {
            let mut sum = a[i * n + j];
            for k in 0..j {
                sum -= l[i * n + k] * l[j * n + k];
            }
            if i == j {
                l[i * n + i] = sum.max(1e-12).sqrt();
            } else {
                l[i * n + j] = sum / l[j * n + j];
            }
        }
    }
    let mut y = [0.0f64; FEATURES];
    for i in 0..n {
        let mut sum = b[i];
        for k in 0..i {
            sum -= l[i * n + k] * y[k];
        }
        y[i] = sum / l[i * n + i];
    }
    let mut x = [0.0f64; FEATURES];
    for i in (0..n).rev() {
        let mut sum = y[i];
        for k in i + 1..n {
            sum -= l[k * n + i] * x[k];
        }
        x[i] = sum / l[i * n + i];
    }
    x
}

/// An index below `len` from 32 uniformly random bits, by multiply-shift
/// (each index's chance within 2^-32 of one in `len`).
fn uniform_index(bits: u32, len: usize) -> usize {
    ((u64::from(bits) * len as u64) >> 32) as usize
}
