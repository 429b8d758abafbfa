//! Trains a ruleset's evaluation network by self-play and writes it:
//! `senet-train --ruleset kendall --out kendall.net [--games N] [--seed N]
//! [--lambda L] [--rate R] [--final-rate R]`.
//!
//! The method and its parameters are those of `senet_bot::train`; the
//! defaults are the ones the shipped networks were made with. Prints the
//! games played every 10,000 games, then the time taken. Bad arguments:
//! one line on stderr, exit code 2.

use std::process::exit;
use std::time::Instant;

use senet::{AnyRuleset, Ruleset};
use senet_bot::train::{Plan, train};

const USAGE: &str = "usage: senet-train --ruleset NAME --out FILE [--games N] [--seed N] [--lambda L] [--rate R] [--final-rate R]";

fn fail(message: &str) -> ! {
    eprintln!("senet-train: {message}");
    exit(2)
}

fn main() {
    let mut plan = Plan::default();
    let (mut ruleset, mut out) = (None, None);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--help" || flag == "-h" {
            println!("{USAGE}");
            return;
        }
        let value = args
            .next()
            .unwrap_or_else(|| fail(&format!("{flag} needs a value; {USAGE}")));
        let number = |what: &str| -> f32 {
            value
                .parse::<f32>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0 && *v <= 1.0)
                .unwrap_or_else(|| {
                    fail(&format!("{what} is a number from 0 to 1, found {value:?}"))
                })
        };
        match flag.as_str() {
            "--ruleset" if ruleset.is_none() => {
                ruleset = Some(
                    value
                        .parse::<AnyRuleset>()
                        .unwrap_or_else(|e| fail(&e.to_string())),
                )
            }
            "--out" if out.is_none() => out = Some(value),
            "--games" => {
                plan.games = value
                    .parse()
                    .ok()
                    .filter(|g| (1..=100_000_000).contains(g))
                    .unwrap_or_else(|| {
                        fail(&format!("--games is from 1 to 100000000, found {value:?}"))
                    })
            }
            "--seed" => {
                plan.seed = value
                    .parse()
                    .unwrap_or_else(|_| fail(&format!("--seed is a u64, found {value:?}")))
            }
            "--lambda" => plan.lambda = number("--lambda"),
            "--rate" => plan.rate = number("--rate"),
            "--final-rate" => plan.final_rate = number("--final-rate"),
            _ => fail(&format!("unexpected or repeated argument {flag}; {USAGE}")),
        }
    }
    let ruleset = ruleset.unwrap_or_else(|| fail(&format!("--ruleset is required; {USAGE}")));
    let out = out.unwrap_or_else(|| fail(&format!("--out is required; {USAGE}")));
    let started = Instant::now();
    let trained = senet::with_ruleset!(ruleset, |r| train(r, &plan, |games| {
        if games % 10_000 == 0 {
            eprintln!("{games} games, {:.0} s", started.elapsed().as_secs_f64());
        }
    }));
    let (network, report) = trained.unwrap_or_else(|e| fail(&e.to_string()));
    let bytes = network.to_bytes(ruleset.name());
    std::fs::write(&out, bytes).unwrap_or_else(|e| fail(&format!("cannot write {out}: {e}")));
    println!(
        "{}: {} games ended, {} cut at {} throws, {} positions, {:.1} s, written to {out}",
        ruleset.name(),
        report.games,
        report.cut,
        plan.max_throws,
        report.positions,
        started.elapsed().as_secs_f64()
    );
}
