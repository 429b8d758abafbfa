//! Tuning (`senet_bot::tune`), which made the shipped weights: self-play is
//! a function of its seed, the fit finds weights it is shown, and bad
//! input is refused with a typed error.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::rulesets::{Bell, Kendall};
use senet_bot::tune::{MAX_RIDGE, NewtonStep, Sample, TuneError, fit, self_play};
use senet_bot::{FEATURES, Weights};

#[test]
fn self_play_is_a_function_of_its_seed() {
    let a = self_play(Kendall, Weights::race(), 20, 3, 5).unwrap();
    let b = self_play(Kendall, Weights::race(), 20, 3, 5).unwrap();
    assert_eq!(a, b);
    let other = self_play(Kendall, Weights::race(), 20, 4, 5).unwrap();
    assert_ne!(a, other, "another seed plays other games");
    let fit_a = fit(&a, 1e-3, |_| {}).unwrap();
    assert_eq!(fit_a, fit(&b, 1e-3, |_| {}).unwrap());
}

/// The example's first round (`tune --ruleset bell --games 200 --seed 1`)
/// keeps 2815 positions: the games are the ones the shipped tables
/// were fitted on, move for move.
#[test]
fn self_play_keeps_the_published_positions() {
    let samples = self_play(Bell, Weights::race(), 200, 1, 5).unwrap();
    assert_eq!(samples.len(), 2815);
    // Sampling one position in 1 keeps about five times as many.
    let all = self_play(Bell, Weights::race(), 200, 1, 1).unwrap();
    assert!(all.len() > 4 * samples.len());
}

/// Samples whose results follow a logistic model with known weights
/// (bias and three features; every other feature 0).
fn synthetic(truth: &[(usize, f64)], count: usize, hard: bool) -> Vec<Sample> {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut unit = move || f64::from(rng.next_u32()) / f64::from(u32::MAX);
    (0..count)
        .map(|_| {
            let mut features = [0.0f32; FEATURES];
            features[0] = 1.0;
            for &(i, _) in &truth[1..] {
                features[i] = (4.0 * unit() - 2.0) as f32;
            }
            let z: f64 = truth.iter().map(|&(i, w)| w * f64::from(features[i])).sum();
            let p = 1.0 / (1.0 + (-z).exp());
            let result = if hard {
                if unit() < p { 1.0 } else { 0.0 }
            } else {
                p as f32
            };
            Sample::new(features, result).unwrap()
        })
        .collect()
}

const TRUTH: [(usize, f64); 4] = [(0, 0.3), (1, 1.5), (5, -0.8), (40, 0.25)];

#[test]
fn the_fit_recovers_known_weights() {
    // Results as probabilities: the exact weights are the optimum.
    let weights = fit(&synthetic(&TRUTH, 2_000, false), 0.0, |_| {}).unwrap();
    for (i, w) in weights.0.iter().enumerate() {
        let expected = TRUTH.iter().find(|t| t.0 == i).map_or(0.0, |t| t.1);
        assert!(
            (w - expected).abs() < 1e-4,
            "weight {i}: {w} where {expected} was used"
        );
    }
    // Results as wins and losses drawn from the model: close.
    let weights = fit(&synthetic(&TRUTH, 20_000, true), 1e-4, |_| {}).unwrap();
    for &(i, expected) in &TRUTH {
        let w = weights.0[i];
        assert!(
            (w - expected).abs() < 0.1,
            "weight {i}: {w}, drawn from {expected}"
        );
    }
}

#[test]
fn the_fit_lowers_the_loss_and_converges() {
    let data = self_play(Bell, Weights::race(), 100, 2, 3).unwrap();
    let mut steps: Vec<NewtonStep> = Vec::new();
    let weights = fit(&data, 1e-3, |step| steps.push(step)).unwrap();
    assert!(weights.check().is_ok());
    let first = steps.first().unwrap();
    let last = steps.last().unwrap();
    assert!((first.log_loss - 2f64.ln()).abs() < 1e-9, "from all zeros");
    assert!(last.log_loss < first.log_loss);
    assert!(last.step < 1e-6, "converged: {last:?}");
    assert!(
        steps
            .windows(2)
            .all(|w| w[1].iteration == w[0].iteration + 1)
    );
}

#[test]
fn bad_input_is_a_typed_error() {
    assert_eq!(fit(&[], 1e-3, |_| {}), Err(TuneError::NoSamples));
    let data = synthetic(&TRUTH, 10, true);
    for ridge in [-1.0, MAX_RIDGE * 2.0, f64::NAN, f64::INFINITY] {
        assert_eq!(
            fit(&data, ridge, |_| {}),
            Err(TuneError::BadRidge),
            "{ridge}"
        );
    }
    for result in [-0.1, 1.5, f32::NAN] {
        assert!(matches!(
            Sample::new([0.0; FEATURES], result),
            Err(TuneError::BadSample { .. })
        ));
    }
    let mut features = [0.0; FEATURES];
    features[3] = f32::INFINITY;
    assert!(matches!(
        Sample::new(features, 1.0),
        Err(TuneError::BadSample { .. })
    ));
    assert_eq!(
        self_play(Kendall, Weights::race(), 1, 1, 0),
        Err(TuneError::NoSampling)
    );
    let message = fit(&[], 0.0, |_| {}).unwrap_err().to_string();
    assert_eq!(message, "no sample to fit");
}
