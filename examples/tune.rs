//! Tunes the evaluation weights of a ruleset by self-play:
//! `tune --ruleset kendall --games 20000 --rounds 3 --seed 1 --out weights.txt [--from FILE]`.
//!
//! Each round plays `--games` games of the rule of thumb against itself
//! with the current weights (starting from the race weights, or
//! `--from FILE`), one move in twenty chosen at random so that more kinds
//! of positions are seen. It keeps one position in `--sample` (default 5)
//! before a throw, with its features seen from the side to throw and that
//! side's result (1 win, 1/2 draw, 0 loss), and fits the weights by
//! logistic regression (Newton's method with a small ridge penalty). The
//! last round's weights are written to `--out`, one number per line, and
//! printed as a Rust table for `src/bot/weights.rs`. The duel example
//! then checks that they win (`--a greedy@FILE --b greedy@race`).
//!
//! Ranges: `--games` 1 to 10,000,000, `--rounds` 1 to 100 (default 3),
//! `--sample` 1 to 1,000, `--ridge` a number from 0 to 1,000 (default
//! 0.001), `--seed` any `u64`; `--from FILE` holds one finite number per
//! feature. Bad arguments: one line on stderr, exit code 2. A round that
//! keeps no position, or whose fit is not finite, stops the run with exit
//! code 1 and writes nothing.

mod common;

use senet::with_ruleset;

use common::{Args, MAX_MESSAGE, fail, one_line, quote, read_small_file};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::bot::{Evaluation, Evaluator, FEATURE_NAMES, FEATURES, Weights};
use senet::rulesets::BuiltIn;

/// Says why tuning stopped, on stderr, and exits with code 1: nothing is written.
fn stop(why: String) -> ! {
    eprintln!("error: {}", one_line(&why, MAX_MESSAGE));
    std::process::exit(1)
}
use senet::{AnyRuleset, MoveList, Outcome, Position, Ruleset, Side};

fn main() {
    let args = Args::parse(include_str!("tune.rs"), &[]);
    args.only(&[
        "ruleset", "games", "rounds", "seed", "out", "from", "sample", "ridge",
    ]);
    args.no_positional();
    let ruleset = args.ruleset_or(AnyRuleset::Kendall);
    let games = args.required_in("games", 1..=10_000_000);
    let rounds = args.number_in("rounds", 1..=100, 3);
    let seed = args.number_in("seed", 0..=u64::MAX, 1);
    let sample = args.number_in("sample", 1..=1_000, 5);
    let ridge = match args.value("ridge") {
        None => 1e-3,
        Some(text) => text
            .parse::<f64>()
            .ok()
            .filter(|r| (0.0..=1_000.0).contains(r))
            .unwrap_or_else(|| {
                fail(format!(
                    "--ridge {}: expected a number from 0 to 1000",
                    quote(text)
                ))
            }),
    };
    let out = args.value("out").map(str::to_owned);
    let from = args.value("from").map(|file| {
        read_small_file(file, 64 * 1024)
            .parse::<Weights>()
            .unwrap_or_else(|e| fail(format!("{}: {e}", quote(file))))
    });
    let mut weights = from.unwrap_or_else(Weights::race);
    with_ruleset!(ruleset, |r| {
        for round in 0..rounds {
            let data = self_play(r, weights, games, seed.wrapping_add(round), sample);
            eprintln!("round {round}: {} positions", data.len());
            if data.is_empty() {
                stop(format!(
                    "round {round} kept no position to fit; play more --games or lower --sample"
                ));
            }
            weights = fit(&data, ridge)
                .check()
                .unwrap_or_else(|e| stop(format!("round {round}: the fit failed: {e}")));
        }
    });
    if let Some(out) = out {
        let text: String = weights.0.iter().map(|w| format!("{w:.6}\n")).collect();
        std::fs::write(&out, text).unwrap_or_else(|e| fail(format!("cannot write {out}: {e}")));
    }
    println!(
        "// {} ({games} games x {rounds} rounds, seed {seed})",
        ruleset.name()
    );
    for (name, w) in FEATURE_NAMES.iter().zip(weights.0.iter()) {
        println!("    {w:.6}, // {name}");
    }
}

/// One kept position: its features (as `f32` to save memory) and the result for the side to throw.
struct Sample {
    features: [f32; FEATURES],
    result: f32,
}

fn self_play<R: BuiltIn>(
    ruleset: R,
    weights: Weights,
    games: u64,
    seed: u64,
    sample: u64,
) -> Vec<Sample> {
    let eval = Evaluation::with_weights(ruleset, weights);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let dice = ruleset.dice();
    let mut samples = Vec::new();
    let mut list = MoveList::new();
    for _ in 0..games {
        let mut position = Position::start(ruleset);
        let mut kept: Vec<([f32; FEATURES], Side)> = Vec::new();
        let mut throws = 0;
        while !position.is_over() && throws < 20_000 {
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
            } else if rng.next_u32().is_multiple_of(20) {
                let pick = (u64::from(rng.next_u32()) * list.len() as u64) >> 32;
                position.play(list[pick as usize])
            } else {
                let me = position.side_to_throw();
                let best = list
                    .iter()
                    .copied()
                    .map(|mv| {
                        (
                            mv,
                            eval.equity_for(&position.play(mv).unwrap_or(position), me),
                        )
                    })
                    .fold(
                        None,
                        |best: Option<(senet::Move, f64)>, (mv, v)| match best {
                            Some((_, b)) if b >= v => best,
                            _ => Some((mv, v)),
                        },
                    );
                position.play(best.map(|b| b.0).unwrap_or(list[0]))
            }
            .unwrap_or_else(|e| fail(format!("engine refused its own move: {e}")));
        }
        let Some(outcome) = position.outcome() else {
            continue;
        };
        for (features, side) in kept {
            let result = match outcome {
                Outcome::Win(w) if w == side => 1.0,
                Outcome::Win(_) => 0.0,
                Outcome::Draw => 0.5,
            };
            samples.push(Sample { features, result });
        }
    }
    samples
}

/// Logistic regression by Newton's method with a ridge penalty (not on the bias).
fn fit(data: &[Sample], ridge: f64) -> Weights {
    let n = FEATURES;
    let mut w = vec![0.0f64; n];
    for iteration in 0..12 {
        let mut grad = vec![0.0f64; n];
        let mut hess = vec![0.0f64; n * n];
        let mut loss = 0.0;
        for s in data {
            let x: Vec<f64> = s.features.iter().map(|&f| f64::from(f)).collect();
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
        let step = solve(&hess, &grad, n);
        for i in 0..n {
            w[i] -= step[i];
        }
        let size: f64 = step.iter().map(|s| s * s).sum::<f64>().sqrt();
        eprintln!(
            "  newton {iteration}: log loss {:.5}, step {size:.2e}",
            loss / m
        );
        if size < 1e-6 {
            break;
        }
    }
    Weights(w.try_into().unwrap_or_else(|_| fail("weight count")))
}

/// Solves `a x = b` for a symmetric positive definite `a` (Cholesky).
fn solve(a: &[f64], b: &[f64], n: usize) -> Vec<f64> {
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
    let mut y = vec![0.0f64; n];
    for i in 0..n {
        let mut sum = b[i];
        for k in 0..i {
            sum -= l[i * n + k] * y[k];
        }
        y[i] = sum / l[i * n + i];
    }
    let mut x = vec![0.0f64; n];
    for i in (0..n).rev() {
        let mut sum = y[i];
        for k in i + 1..n {
            sum -= l[k * n + i] * x[k];
        }
        x[i] = sum / l[i * n + i];
    }
    x
}
