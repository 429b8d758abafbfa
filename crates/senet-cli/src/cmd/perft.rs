//! `senet perft`: the number of move sequences of a depth.

use std::io::Write;
use std::time::Instant;

use senet::moves::divide;
use senet::rulesets::CheckedRuleset;
use senet::{Position, perft};

use super::common::{RulesetArgs, number, position, read_small_file};
use crate::fail::{Fail, quote, usage};

/// The deepest perft (each ply multiplies the work by about fifteen:
/// depth 8 already takes hours).
const MAX_DEPTH: u64 = 8;

/// The most lines of a `--positions` file, and the longest.
const MAX_LINES: usize = 1_000_000;
const MAX_LINE: usize = 256;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// How many throws deep, 0 to 8
    #[arg(long, value_name = "D", value_parser = number(0, MAX_DEPTH), allow_negative_numbers = true)]
    depth: u64,
    /// Count from this position string instead of the start
    #[arg(long, value_name = "POS", conflicts_with = "positions")]
    position: Option<String>,
    /// Count from every position of FILE, one per line; one count per line
    #[arg(long, value_name = "FILE")]
    positions: Option<String>,
    /// Print `NOTATION: COUNT` for each first move before the total
    #[arg(long)]
    divide: bool,
    /// Print the time taken on stderr
    #[arg(long)]
    time: bool,
}

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    let depth = u32::try_from(args.depth).map_err(|_| usage("a depth fits in 32 bits"))?;
    senet::with_rules!(args.ruleset.chosen()?, |r| count(r, &args, depth, out))
}

fn count<R: CheckedRuleset>(
    ruleset: R,
    args: &Args,
    depth: u32,
    out: &mut dyn Write,
) -> Result<(), Fail> {
    if let Some(file) = &args.positions {
        let text = read_small_file(file, (MAX_LINES * (MAX_LINE + 1)) as u64)?;
        let mut positions = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if i >= MAX_LINES {
                return Err(usage(format!(
                    "{}: more than {MAX_LINES} lines",
                    quote(file)
                )));
            }
            if line.len() > MAX_LINE {
                return Err(usage(format!(
                    "{} line {}: longer than {MAX_LINE} bytes",
                    quote(file),
                    i + 1
                )));
            }
            positions.push(position(ruleset, line)?);
        }
        for position in positions {
            writeln!(out, "{}", perft(&position, depth))?;
        }
        return Ok(());
    }
    let start = match &args.position {
        Some(text) => position(ruleset, text)?,
        None => Position::start(ruleset),
    };
    let started = Instant::now();
    if args.divide {
        for (text, count) in divide(&start, depth) {
            writeln!(out, "{text}: {count}")?;
        }
    }
    let count = perft(&start, depth);
    if args.time {
        crate::fail::note!("{:.3} s", started.elapsed().as_secs_f64());
    }
    writeln!(out, "{count}")?;
    Ok(())
}
