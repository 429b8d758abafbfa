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
//! 0.001), `--seed` any `u64` in decimal digits (default 1); `--from FILE`
//! holds one finite number per feature. Bad arguments (an unknown option,
//! a stray argument, an option given twice or without its value): one
//! line on stderr, exit code 2. A round that keeps no position, or whose
//! fit is not finite, stops the run with exit code 1 and writes nothing.

mod common;

use senet::with_ruleset;

use common::{Args, MAX_MESSAGE, fail, one_line, quote, read_small_file};
use senet::bot::tune::{NewtonStep, fit, self_play};
use senet::bot::{FEATURE_NAMES, Weights};

/// Says why tuning stopped, on stderr, and exits with code 1: nothing is written.
fn stop(why: String) -> ! {
    eprintln!("error: {}", one_line(&why, MAX_MESSAGE));
    std::process::exit(1)
}
use senet::{AnyRuleset, Ruleset};

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
            let data = self_play(r, weights, games, seed.wrapping_add(round), sample)
                .unwrap_or_else(|e| stop(format!("round {round}: {e}")));
            eprintln!("round {round}: {} positions", data.len());
            if data.is_empty() {
                stop(format!(
                    "round {round} kept no position to fit; play more --games or lower --sample"
                ));
            }
            weights = fit(&data, ridge, |step: NewtonStep| {
                eprintln!(
                    "  newton {}: log loss {:.5}, step {:.2e}",
                    step.iteration, step.log_loss, step.step
                );
            })
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
