//! `senet replay`: verifies a game record.

use std::io::Write;

use senet::replay::Checked;
use senet::rulesets::CheckedRuleset;
use senet::{Record, Side};

use super::common::{MemoryArgs, invalid, read_record};
use crate::fail::{Fail, shown};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The record to verify
    #[arg(value_name = "FILE")]
    file: String,
    /// Print every throw replayed, with the sticks the seed threw
    #[arg(long)]
    throws: bool,
    /// The rules file the record was played under, when it names one
    /// (its RulesFile tag)
    #[arg(long, value_name = "FILE")]
    rules: Option<String>,
    #[command(flatten)]
    memory: MemoryArgs,
}

/// The memory counted per byte of record: a throw is kept as about 40
/// bytes while it is replayed, and takes at least 5 bytes of the file.
const MEMORY_PER_BYTE: u64 = 8;

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    let path = &args.file;
    let (record, ruleset) = read_record(
        path,
        &args.memory,
        MEMORY_PER_BYTE,
        "replaying",
        args.rules.as_deref(),
    )?;
    senet::with_rules!(ruleset, |r| report(&record, r, args.throws, out))
}

/// Replays the record under `ruleset` and prints what it found.
fn report<R: CheckedRuleset>(
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
    writeln!(out, "{}", senet_view::diagram::position(verdict.position()))?;
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
