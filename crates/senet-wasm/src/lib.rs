//! The rules of Senet for the game server's page, compiled to WebAssembly.
//!
//! When a game ends, the server publishes its seed and its record. A page
//! that only checked the seed's SHA-256 against the commitment would take
//! the server's word for every throw and move. This crate lets the page
//! replay the record itself with the same rules as the server: every throw
//! from the seed (the throw contract), every move against the ruleset, the
//! end as the record says it, and the seed against the commitment the page
//! was shown when the game was made.
//!
//! It is plain Rust, tested on the host like the rest of the workspace.
//! Built for `wasm32-unknown-unknown` (by `tools/build-wasm.sh`), it also
//! exports [`verify`] to JavaScript through wasm-bindgen, as a function
//! from strings to a JSON string: the page needs no other binding.
//!
//! ```
//! use senet::{Game, Seed, rulesets::Kendall};
//!
//! let seed = Seed::from_u64(7);
//! let mut game = Game::seeded(Kendall, seed);
//! game.throw()?;
//! let record = game.record().to_string();
//! let shown = seed.commitment().to_string();
//!
//! let report = senet_wasm::verify(&record, "", &shown);
//! assert!(report.valid, "{:?}", report.problem);
//! assert_eq!(report.commitment, senet_wasm::Compared::Shown);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use senet::Rules;
use senet::replay::{Place, ReplayError};
use senet::source::Commitment;
use senet::{AnyRuleset, Position, Record, Ruleset, Seed};
use serde::Serialize;

#[cfg(target_arch = "wasm32")]
mod bindings;

/// What the seed's SHA-256 was compared with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Compared {
    /// The commitment the page was shown when the game was made: the seed
    /// was fixed before the first throw.
    Shown,
    /// Only the record's own `Commitment` tag: the page never saw the
    /// commitment before the end, so it cannot tell when the seed was
    /// fixed.
    Record,
    /// Nothing: the record has no seed, or no commitment to compare with.
    #[default]
    Nothing,
}

/// What replaying a record found.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Every throw is the seed's, every move legal, the end the record's,
    /// and the seed's SHA-256 is the commitment compared with, if any
    /// (see [`commitment`](Self::commitment)).
    pub valid: bool,
    /// The first thing wrong, with its place (`throw 57: …`); `None` when
    /// valid.
    pub problem: Option<String>,
    /// The throw the problem is at, numbered from 1 as in the record.
    pub throw: Option<usize>,
    /// The throws the record holds.
    pub throws: usize,
    /// The throws replayed and found right, before any problem.
    pub replayed: usize,
    /// Of those, the throws played with a move.
    pub moves: usize,
    /// Of those, the throws lost (no legal move).
    pub lost: usize,
    /// The record's seed, hex.
    pub seed: Option<String>,
    /// The SHA-256 of the seed, hex.
    pub seed_sha256: Option<String>,
    /// What the seed's SHA-256 was compared with.
    pub commitment: Compared,
    /// The position the replay reached, as a position string.
    pub position: Option<String>,
    /// How the replayed game ended, in words (`x won by bearing off`).
    pub finish: Option<String>,
}

impl Report {
    fn refused(problem: String) -> Report {
        Report {
            problem: Some(problem),
            ..Report::default()
        }
    }
}

/// Replays `record` (a record's text) from its seed and checks it whole.
///
/// `rules_file` is the text of the rules file the game was played under,
/// or empty for a built-in ruleset (the record's header names it); a rules
/// file must be the one the record's `RulesFile` tag names. `shown` is the
/// commitment (hex) the page was shown when the game was made, or empty if
/// it never saw one: the record's own `Commitment` tag is then all the seed
/// is compared with, and the report says so.
pub fn verify(record: &str, rules_file: &str, shown: &str) -> Report {
    let record: Record = match record.parse() {
        Ok(record) => record,
        Err(error) => return Report::refused(format!("the record cannot be read: {error}")),
    };
    let Some(seed) = record.seed() else {
        let mut report =
            Report::refused("the record has no seed: its throws cannot be checked".into());
        report.throws = record.throws().len();
        return report;
    };
    let shown = match shown.trim() {
        "" => None,
        text => match text.parse::<Commitment>() {
            Ok(commitment) => Some(commitment),
            Err(error) => return Report::refused(format!("the commitment shown: {error}")),
        },
    };
    let mut report = if rules_file.trim().is_empty() {
        match record.ruleset().parse::<AnyRuleset>() {
            Ok(ruleset) => replay(&record, ruleset),
            // The replay names the header's problem itself.
            Err(_) => replay_refused(&record, record.verify().err()),
        }
    } else {
        match senet_rules_file::from_toml(rules_file) {
            Ok(ruleset) => replay(&record, ruleset),
            Err(error) => return Report::refused(format!("the rules file: {error}")),
        }
    };
    compare_seed(&mut report, &record, seed, shown);
    report
}

/// [`verify`], as the JSON the page reads.
pub fn verify_json(record: &str, rules_file: &str, shown: &str) -> String {
    serde_json::to_string(&verify(record, rules_file, shown))
        .unwrap_or_else(|error| format!("{{\"valid\":false,\"problem\":\"{error}\"}}"))
}

/// The report of a replay under `ruleset`, valid or stopped at its first
/// problem.
fn replay<R: Ruleset>(record: &Record, ruleset: R) -> Report {
    let start = match Rules::new(ruleset).map(Position::start) {
        Ok(start) => start,
        Err(error) => return Report::refused(format!("header: the ruleset's start: {error}")),
    };
    let verdict = record.replay_with(start);
    let history = verdict.history();
    let lost = history.iter().filter(|turn| turn.is_lost()).count();
    let problem = verdict.problem();
    Report {
        valid: problem.is_none(),
        problem: problem.map(ToString::to_string),
        throw: problem.and_then(|error| thrown_at(error.place)),
        throws: record.throws().len(),
        replayed: history.len(),
        moves: history.len() - lost,
        lost,
        position: Some(verdict.position().to_string()),
        finish: verdict.finish().map(|finish| finish.to_string()),
        ..Report::default()
    }
}

/// The report of a record refused before any replay (its header).
fn replay_refused(record: &Record, error: Option<ReplayError>) -> Report {
    let problem = error.map_or_else(|| "header: unknown ruleset".to_owned(), |e| e.to_string());
    let mut report = Report::refused(problem);
    report.throws = record.throws().len();
    report
}

fn thrown_at(place: Place) -> Option<usize> {
    match place {
        Place::Throw(number) => Some(number),
        Place::Header | Place::End { .. } => None,
    }
}

/// Compares the seed's SHA-256 with the commitment shown, or else with
/// the record's own tag (which the replay has already checked).
fn compare_seed(report: &mut Report, record: &Record, seed: Seed, shown: Option<Commitment>) {
    let digest = seed.commitment();
    report.seed = Some(seed.to_string());
    report.seed_sha256 = Some(digest.to_string());
    report.commitment = match (shown, record.commitment()) {
        (Some(shown), _) => {
            if shown != digest && report.valid {
                report.valid = false;
                report.problem = Some(format!(
                    "the seed's SHA-256 is {digest}, the commitment shown was {shown}"
                ));
            }
            Compared::Shown
        }
        (None, Some(_)) => Compared::Record,
        (None, None) => Compared::Nothing,
    };
}
