//! Perft from a position: `perft --ruleset kendall --depth 4 [--position "POS" | --positions FILE] [--divide]`.
//!
//! Prints the node count as the last line; with `--divide`, one line per
//! first move (`NOTATION: COUNT`) before it. With `--positions FILE`, one
//! count per line of the file, in order.
//!
//! `--depth` is from 0 to 8 (each ply multiplies the work by about fifteen:
//! depth 8 already takes hours); `--positions` reads a file of at most
//! 1,000,000 lines of at most 256 bytes. Bad arguments (an unknown
//! option, a stray argument, an option given twice or without its value)
//! or a bad position: one line on stderr, exit code 2.

mod common;

use senet::with_ruleset;

use std::time::Instant;

use common::{Args, fail, quote, read_small_file};
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Position, Ruleset, divide, perft};

fn main() {
    let args = Args::parse(include_str!("perft.rs"), &["divide", "time"]);
    args.only(&[
        "ruleset",
        "depth",
        "position",
        "positions",
        "divide",
        "time",
    ]);
    let ruleset = args.ruleset_or(AnyRuleset::Kendall);
    args.no_positional();
    let depth = u32::try_from(args.required_in("depth", 0..=MAX_DEPTH))
        .unwrap_or_else(|_| fail("a depth fits in 32 bits"));
    with_ruleset!(ruleset, |r| run(r, &args, depth));
}

/// The deepest perft.
const MAX_DEPTH: u64 = 8;

/// The most lines of a `--positions` file, and the longest.
const MAX_LINES: usize = 1_000_000;
const MAX_LINE: usize = 256;

fn parse<R: Ruleset>(ruleset: R, text: &str) -> Position<R> {
    Position::parse(ruleset, text)
        .unwrap_or_else(|e| fail(format!("bad position {}: {e}", quote(text))))
}

fn run<R: BuiltIn>(ruleset: R, args: &Args, depth: u32) {
    if args.value("position").is_some() && args.value("positions").is_some() {
        fail("give --position or --positions, not both");
    }
    if let Some(file) = args.value("positions") {
        let text = read_small_file(file, (MAX_LINES * (MAX_LINE + 1)) as u64);
        let mut positions = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if i >= MAX_LINES {
                fail(format!("{}: more than {MAX_LINES} lines", quote(file)));
            }
            if line.len() > MAX_LINE {
                fail(format!(
                    "{} line {}: longer than {MAX_LINE} bytes",
                    quote(file),
                    i + 1
                ));
            }
            positions.push(parse(ruleset, line));
        }
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
