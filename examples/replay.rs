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
//! does not parse, an unknown ruleset, or a problem in the game), with the
//! first problem on stderr; 2 for bad arguments or a file that cannot be read.

mod common;
#[path = "common/diagram.rs"]
mod diagram;

use std::process::exit;

use common::{Args, fail};
use diagram::diagram;
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Checked, Place, Problem, Record, ReplayError, Side};

fn main() {
    let args = Args::parse(&["throws"]);
    args.only(&["throws"]);
    let [path] = args.positional() else {
        fail("usage: replay FILE [--throws]")
    };
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| fail(format!("cannot read {path:?}: {e}")));
    let record: Record = text
        .parse()
        .unwrap_or_else(|e| invalid(format!("{path}: {e}")));
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
    eprintln!("invalid: {problem}");
    exit(1)
}

/// Replays the record under `ruleset`, prints what it found; returns whether it is valid.
fn report<R: BuiltIn>(record: &Record, ruleset: R, throws: bool) -> bool {
    println!(
        "ruleset: {} (revision {})",
        record.ruleset(),
        record.revision()
    );
    match record.seed() {
        Some(seed) => println!("seed: {seed}"),
        None => println!("seed: none (only the moves can be checked, not the rolls)"),
    }
    for side in Side::BOTH {
        if let Some(name) = record.name(side) {
            println!("{side}: {name}");
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
        eprintln!("invalid: {problem}");
        return false;
    }
    println!("verdict: {verdict}");
    if verdict.checked() == Checked::RulesOnly {
        eprintln!("note: the record has no seed; its rolls were not checked");
    }
    true
}
