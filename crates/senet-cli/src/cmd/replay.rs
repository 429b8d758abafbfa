//! `senet replay`: verifies a game record.

use std::fs::File;
use std::io::{BufReader, Read, Write};

use senet::record::ReadRecordError;
use senet::replay::{Checked, Place, Problem, ReplayError};
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Record, Side, with_ruleset};

use super::common::MemoryArgs;
use crate::fail::{Fail, quote, shown, usage};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The record to verify
    #[arg(value_name = "FILE")]
    file: String,
    /// Print every throw replayed, with the sticks the seed threw
    #[arg(long)]
    throws: bool,
    #[command(flatten)]
    memory: MemoryArgs,
}

/// The memory counted per byte of record: a throw is kept as about 40
/// bytes while it is replayed, and takes at least 5 bytes of the file.
const MEMORY_PER_BYTE: u64 = 8;

/// A record refused: `invalid: WHY`, exit code 1.
fn invalid(problem: impl std::fmt::Display) -> Fail {
    Fail::Refused(format!("invalid: {problem}"))
}

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    let path = &args.file;
    let file = File::open(path).map_err(|e| usage(format!("cannot open {}: {e}", quote(path))))?;
    // Every throw is kept: the need grows with the record. A file's
    // reported size is checked first; what is read is bounded all the
    // same (a pipe or a device reports none).
    let max = args.memory.limit() / MEMORY_PER_BYTE;
    let too_long = |bytes: u64| {
        args.memory.check(
            bytes.saturating_mul(MEMORY_PER_BYTE),
            format_args!(
                "replaying {}: {bytes}+ bytes of record × {MEMORY_PER_BYTE}",
                quote(path)
            ),
        )
    };
    too_long(file.metadata().map_or(0, |m| m.len()))?;
    let mut input = BufReader::new(file).take(max + 1);
    let read = Record::read_from(&mut input);
    if input.limit() == 0 {
        too_long(max + 1)?;
    }
    let record = match read {
        Ok(record) => record,
        Err(ReadRecordError::Parse(e)) => return Err(invalid(format!("{}: {e}", quote(path)))),
        Err(e) => return Err(usage(format!("cannot read {}: {e}", quote(path)))),
    };
    let Ok(ruleset) = record.ruleset().parse::<AnyRuleset>() else {
        let found = record.ruleset().to_owned();
        let problem = Problem::ParseRulesetError { found };
        return Err(invalid(ReplayError {
            place: Place::Header,
            problem,
        }));
    };
    with_ruleset!(ruleset, |r| report(&record, r, args.throws, out))
}

/// Replays the record under `ruleset` and prints what it found.
fn report<R: BuiltIn>(
    record: &Record,
    ruleset: R,
    throws: bool,
    out: &mut dyn Write,
) -> Result<(), Fail> {
    writeln!(
        out,
        "ruleset: {} (revision {})",
        shown(record.ruleset()),
        record.revision()
    )?;
    match record.seed() {
        Some(seed) => writeln!(out, "seed: {seed}")?,
        None => writeln!(
            out,
            "seed: none (only the moves can be checked, not the rolls)"
        )?,
    }
    for side in Side::BOTH {
        if let Some(name) = record.name(side) {
            writeln!(out, "{side}: {}", shown(name))?;
        }
    }
    let verdict = record.replay_with(ruleset);
    if throws {
        for turn in verdict.history() {
            writeln!(out, "{turn}")?;
        }
    }
    writeln!(out, "position: {}", verdict.position())?;
    writeln!(out, "{}", verdict.position().diagram())?;
    if let Some(problem) = verdict.problem() {
        writeln!(out, "verdict: invalid")?;
        return Err(invalid(problem));
    }
    writeln!(out, "verdict: {verdict}")?;
    if verdict.checked() == Checked::RulesOnly {
        crate::fail::note!("note: the record has no seed; its rolls were not checked");
    }
    Ok(())
}
