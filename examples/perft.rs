//! Perft from a position: `perft --ruleset kendall --depth 4 [--position "POS" | --positions FILE] [--divide]`.
//!
//! Prints the node count as the last line; with `--divide`, one line per
//! first move (`NOTATION: COUNT`) before it. With `--positions FILE`, one
//! count per line of the file, in order.

mod common;

use std::time::Instant;

use common::{Args, fail};
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Position, Ruleset, divide, perft};

fn main() {
    let args = Args::parse(&["divide", "time"]);
    args.only(&[
        "ruleset",
        "depth",
        "position",
        "positions",
        "divide",
        "time",
    ]);
    let ruleset = args.ruleset_or(AnyRuleset::Kendall);
    let depth: u32 = args.required("depth");
    with_ruleset!(ruleset, |r| run(r, &args, depth));
}

fn parse<R: Ruleset>(ruleset: R, text: &str) -> Position<R> {
    Position::parse(ruleset, text).unwrap_or_else(|e| fail(format!("bad position {text:?}: {e}")))
}

fn run<R: BuiltIn>(ruleset: R, args: &Args, depth: u32) {
    if args.value("position").is_some() && args.value("positions").is_some() {
        fail("give --position or --positions, not both");
    }
    if let Some(file) = args.value("positions") {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| fail(format!("cannot read {file}: {e}")));
        let positions: Vec<_> = text.lines().map(|line| parse(ruleset, line)).collect();
        for position in positions {
            println!("{}", perft(&position, depth));
        }
        return;
    }
    let position = match args.value("position") {
        Some(text) => parse(ruleset, text),
        None => Position::start(ruleset),
    };
    let started = Instant::now();
    if args.flag("divide") {
        let lines = divide(&position, depth);
        for (text, count) in &lines {
            println!("{text}: {count}");
        }
    }
    let count = perft(&position, depth);
    if args.flag("time") {
        eprintln!("{:.3} s", started.elapsed().as_secs_f64());
    }
    println!("{count}");
}
