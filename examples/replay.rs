//! Verifies a game record: `replay FILE [--throws]`.
//!
//! Replays every throw of the record under its ruleset, checks each roll
//! against the record's seed (when it has one) and each move against the
//! rules, and checks that the game ends where and as the record says. Prints
//! the final position (or the position where the first problem is) drawn as
//! the three rows of the board, then the verdict. With `--throws` it first
//! prints every throw replayed, with the sticks the seed threw.
//!
//! Exit code 0 when the record is valid; 1 when it is not (a record that
//! does not parse, text that is not UTF-8, a line longer than
//! `Record::MAX_LINE` bytes, an unknown ruleset, or a problem in the game),
//! with the first problem on stderr, one line naming the line and column;
//! 2 for bad arguments (no FILE or more than one, an unknown option,
//! `--throws` given twice) or a file that cannot be opened or read.
//!
//! The record is read line by line and refused at its first bad line, so
//! memory stays small whatever the file holds. Names and other text from
//! the record are printed with control and invisible characters escaped.

mod common;

use senet::with_ruleset;
#[path = "common/diagram.rs"]
mod diagram;

use std::process::exit;

use std::fs::File;
use std::io::BufReader;

use common::{Args, MAX_MESSAGE, fail, one_line, quote, shown};
use diagram::diagram;
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Checked, Place, Problem, ReadRecordError, Record, ReplayError, Side};

fn main() {
    let args = Args::parse(include_str!("replay.rs"), &["throws"]);
    args.only(&["throws"]);
    let path = args.one_positional("FILE", "replay FILE [--throws]");
    let file =
        File::open(path).unwrap_or_else(|e| fail(format!("cannot open {}: {e}", quote(path))));
    let record = match Record::read_from(BufReader::new(file)) {
        Ok(record) => record,
        Err(ReadRecordError::Parse(e)) => invalid(format!("{}: {e}", quote(path))),
        Err(e) => fail(format!("cannot read {}: {e}", quote(path))),
    };
    let Ok(ruleset) = record.ruleset().parse::<AnyRuleset>() else {
        let found = record.ruleset().to_owned();
        let problem = Problem::UnknownRuleset { found };
        invalid(
            ReplayError {
                place: Place::Header,
                problem,
            }
            .to_string(),
        )
    };
    let valid = with_ruleset!(ruleset, |r| report(&record, r, args.flag("throws")));
    exit(if valid { 0 } else { 1 });
}

/// Says why the record is not valid, on stderr, and exits with code 1.
fn invalid(problem: String) -> ! {
    eprintln!("invalid: {}", one_line(&problem, MAX_MESSAGE));
    exit(1)
}

/// Replays the record under `ruleset`, prints what it found; returns whether it is valid.
fn report<R: BuiltIn>(record: &Record, ruleset: R, throws: bool) -> bool {
    println!(
        "ruleset: {} (revision {})",
        shown(record.ruleset()),
        record.revision()
    );
    match record.seed() {
        Some(seed) => println!("seed: {seed}"),
        None => println!("seed: none (only the moves can be checked, not the rolls)"),
    }
    for side in Side::BOTH {
        if let Some(name) = record.name(side) {
            println!("{side}: {}", shown(name));
        }
    }
    let verdict = record.replay_with(ruleset);
    if throws {
        for turn in verdict.history() {
            println!("{turn}");
        }
    }
    println!("position: {}", verdict.position());
    println!("{}", diagram(verdict.position()));
    if let Some(problem) = verdict.problem() {
        println!("verdict: invalid");
        eprintln!("invalid: {}", one_line(&problem.to_string(), MAX_MESSAGE));
        return false;
    }
    println!("verdict: {verdict}");
    if verdict.checked() == Checked::RulesOnly {
        eprintln!("note: the record has no seed; its rolls were not checked");
    }
    true
}
