//! The bots' data reads back from JSON as it was written, for every
//! built-in ruleset of senet's list, and bad values are refused.
#![cfg(feature = "serde")]

use core::fmt::Debug;

use senet::{Position, Roll, Seed};
use senet_bot::study::{Pairing, Score, Spread, Tally, play_games};
use senet_bot::train::{Plan, Report, train};
use senet_bot::tune::{NewtonStep, Sample, fit, self_play};
use senet_bot::{
    Bot, Decision, Duel, DuelStats, FEATURES, GameEnd, Level, PairResult, RandomAgent, Scored,
    SearchLimits, Thought, Weights, hint,
};
use senet_odds::{LayerReport, Progress, Table};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// `value` written to JSON reads back as `value` and writes the same JSON.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("written");
    let read: T = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("{json} does not read back as {value:?}: {e}"));
    assert_eq!(&read, value, "{json}");
    assert_eq!(serde_json::to_string(&read).unwrap(), json);
    json
}

/// `json` is refused as a `T`, with an error that contains `says`.
fn refused<T: DeserializeOwned + Debug>(json: &str, says: &str) {
    let err = serde_json::from_str::<T>(json).expect_err(json);
    assert!(err.to_string().contains(says), "{json}: {err}");
}

macro_rules! every_ruleset {
    ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {
        mod each {
            use super::*;
            $(
                #[test]
                fn $module() {
                    let ruleset = senet::rulesets::$ty;
                    round_trip(&Weights::tuned(&ruleset).expect("shipped"));
                    let start = Position::start(ruleset);
                    for level in Level::all() {
                        for value in 1..=6 {
                            let Some(roll) = Roll::new(value) else { continue };
                            if !senet::Ruleset::dice(&ruleset).can_roll(roll) {
                                continue;
                            }
                            let Ok(decision) = Decision::from_roll(start, roll) else { continue };
                            let thought: Thought = Bot::new(ruleset, level).think(&decision);
                            round_trip(&thought);
                            for scored in &thought.ranked {
                                round_trip(scored);
                            }
                            if let Ok(hints) = hint(&start, roll, level) {
                                for h in &hints {
                                    round_trip(h);
                                }
                            }
                        }
                    }
                    let duel = Duel::new(ruleset).with_max_throws(2_000);
                    let mut stats = DuelStats::default();
                    for pair in 0..3 {
                        let result: PairResult = duel
                            .play_pair(&mut RandomAgent::new(pair), &mut RandomAgent::new(pair + 9), Duel::<senet::rulesets::$ty>::pair_seed(5, pair))
                            .unwrap();
                        round_trip(&result);
                        round_trip(&result.a_first);
                        stats.record(&result);
                        round_trip(&stats);
                    }
                    let tally: Tally = play_games(ruleset, Pairing::RandomVsRandom, 4, 3, 1).unwrap();
                    round_trip(&tally);
                    round_trip(&tally.first_side_score());
                    round_trip(&Pairing::TopVsRandom);
                    let samples: Vec<Sample> = self_play(ruleset, Weights::race(), 2, 7, 8).unwrap();
                    round_trip(&samples);
                    let _ = Seed::from_u64(0);
                }
            )*
        }
    };
}

senet::for_each_builtin!(every_ruleset);

#[test]
fn levels_are_their_numbers() {
    for level in Level::all() {
        assert_eq!(round_trip(&level), level.number().to_string());
    }
    refused::<Level>("0", "a level is a number from 1 to 5, found \"0\"");
    refused::<Level>("6", "found \"6\"");
    refused::<Level>("\"3\"", "");
}

#[test]
fn weights_are_checked() {
    round_trip(&Weights::race());
    let json = serde_json::to_string(&Weights::race()).unwrap();
    let short = format!("[{}]", vec!["0.5"; FEATURES - 1].join(","));
    refused::<Weights>(&short, &format!("{}", FEATURES - 1));
    let long = format!("[{}]", vec!["0.5"; FEATURES + 1].join(","));
    refused::<Weights>(&long, "");
    assert!(serde_json::from_str::<Weights>(&json).is_ok());
}

#[test]
fn bad_values_are_refused() {
    let start = Position::start(senet::rulesets::Kendall);
    let roll = Roll::new(3).unwrap();
    let decision = Decision::from_roll(start, roll).unwrap();
    let thought = Bot::new(senet::rulesets::Kendall, Level::new(1).unwrap()).think(&decision);
    // Equities are chances.
    let mut scored = serde_json::to_value(thought.ranked[0]).unwrap();
    scored["equity"] = 1.5.into();
    assert!(serde_json::from_value::<Scored>(scored).is_err());
    // Ranked best first, each move once.
    let mut value = serde_json::to_value(&thought).unwrap();
    let ranked = value["ranked"].as_array_mut().unwrap();
    ranked.reverse();
    if thought.ranked.first().map(|s| s.equity) != thought.ranked.last().map(|s| s.equity) {
        assert!(serde_json::from_value::<Thought>(value.clone()).is_err());
    }
    let mut twice = serde_json::to_value(&thought).unwrap();
    let first = twice["ranked"][0].clone();
    twice["ranked"].as_array_mut().unwrap().insert(0, first);
    assert!(serde_json::from_value::<Thought>(twice).is_err());
    // A hint's text writes its move.
    let hints = hint(&start, roll, Level::new(1).unwrap()).unwrap();
    let mut h = serde_json::to_value(hints[0]).unwrap();
    h["text"] = "3: 1-4".into();
    assert!(serde_json::from_value::<senet_bot::Hint>(h).is_err());
    // Structs are objects only, with no unknown field.
    refused::<GameEnd>("[null, 3]", "an object");
    refused::<GameEnd>("{\"outcome\": null, \"throws\": 3, \"more\": 1}", "more");
    round_trip(&GameEnd {
        outcome: None,
        throws: 3,
    });
    // Limits in range.
    round_trip(&SearchLimits::new(3, 5000, 10).unwrap());
    refused::<SearchLimits>(
        "{\"max_depth\": 0, \"nodes\": 1, \"table_bits\": 0}",
        "depth",
    );
    refused::<SearchLimits>(
        "{\"max_depth\": 2, \"nodes\": 1, \"table_bits\": 99}",
        "table_bits",
    );
    // Duel stats whose counts disagree.
    refused::<DuelStats>(
        "{\"pairs\": 1, \"a_wins\": 3, \"b_wins\": 0, \"draws\": 0, \"unfinished\": 0, \"throws\": 9, \"quarters_squared\": 16}",
        "add up",
    );
    refused::<DuelStats>(
        "{\"pairs\": 1, \"a_wins\": 2, \"b_wins\": 0, \"draws\": 0, \"unfinished\": 0, \"throws\": 9, \"quarters_squared\": 3}",
        "quarters_squared",
    );
    round_trip(&DuelStats::default());
    // Plans in range, samples checked.
    round_trip(&Plan::default());
    let mut plan = serde_json::to_value(Plan::default()).unwrap();
    plan["lambda"] = 2.0.into();
    assert!(serde_json::from_value::<Plan>(plan).is_err());
    // A plan written before networks had a size reads as the small one.
    let mut older = serde_json::to_value(Plan::default()).unwrap();
    older.as_object_mut().unwrap().remove("hidden");
    assert_eq!(
        serde_json::from_value::<Plan>(older).unwrap(),
        Plan::default()
    );
    let mut large = serde_json::to_value(Plan::default()).unwrap();
    large["hidden"] = senet_bot::LARGE_HIDDEN.into();
    assert_eq!(
        serde_json::from_value::<Plan>(large).unwrap().hidden,
        senet_bot::LARGE_HIDDEN
    );
    let mut odd = serde_json::to_value(Plan::default()).unwrap();
    odd["hidden"] = 64.into();
    let said = serde_json::from_value::<Plan>(odd).unwrap_err().to_string();
    assert!(
        said.contains("hidden must be 32 or 128, found 64"),
        "{said}"
    );
    let mut sample = serde_json::to_value(Sample::new([0.0; FEATURES], 1.0).unwrap()).unwrap();
    sample["result"] = 2.0.into();
    assert!(serde_json::from_value::<Sample>(sample).is_err());
    refused::<Spread>("{\"low\": 5, \"median\": 3, \"high\": 9}", "low <= median");
    round_trip(&Spread::of(&[3, 5, 9]).unwrap());
}

#[test]
fn training_and_solving_reports_round_trip() {
    let (_, report) = train(
        senet::rulesets::Kendall,
        &Plan {
            games: 4,
            seed: 2,
            ..Plan::default()
        },
        |_| {},
    )
    .unwrap();
    round_trip(&report);
    let _: Report = report;
    let samples = self_play(senet::rulesets::Kendall, Weights::race(), 2, 7, 4).unwrap();
    let mut steps: Vec<NewtonStep> = Vec::new();
    fit(&samples, 0.01, |step| steps.push(step)).unwrap();
    for step in &steps {
        round_trip(step);
    }
    let mut seen: Vec<Progress> = Vec::new();
    let (_, layers) =
        Table::solve_with_progress(senet::rulesets::Kendall, 1, |p| seen.push(*p)).unwrap();
    for p in &seen {
        round_trip(p);
    }
    for layer in &layers {
        round_trip::<LayerReport>(layer);
    }
    let _: Score;
}

/// A tally's counts per length: no more games than it played, within the
/// throw limit, and in one form only (no trailing zero).
#[test]
fn a_tally_counts_lengths_in_bounded_canonical_form() {
    let tally = |counts: &str| {
        format!(
            r#"{{"games":3,"x_wins":0,"draws":0,"top_wins":0,"unfinished":0,"lost":0,"contacts":0,"water":0,"backward":0,"games_by_throws":{counts},"games_by_turns":[0,3]}}"#
        )
    };
    let read: Tally = serde_json::from_str(&tally("[0,0,3]")).expect("a good tally");
    assert_eq!(read.games_by_throws, [0, 0, 3]);
    refused::<Tally>(&tally("[0,2,2]"), "counts more lengths than games");
    refused::<Tally>(
        &tally("[18446744073709551615,1]"),
        "counts more lengths than games",
    );
    refused::<Tally>(&tally("[3,0]"), "end with a nonzero count");
    let long = format!("[{}1]", "0,".repeat(100_001));
    refused::<Tally>(&tally(&long), "at most 100001 long");
}

/// Hostile field names: an unknown key holding
/// ESC, BEL or U+202E, or 10 MB long, in the bots' and the solver's
/// structs, is refused with an error that says the field is unknown and
/// quotes its name escaped and cut.
#[test]
fn hostile_field_names_are_escaped_and_cut_in_errors() {
    use senet::notation::quote::escaped;
    use serde_json::{Value, json};

    fn json<T: Serialize>(value: &T) -> Value {
        serde_json::to_value(value).unwrap()
    }
    /// The error of `document` with the key `name` added, read as a `T`.
    fn error<T: DeserializeOwned + Debug>(mut document: Value, name: &str) -> String {
        document[name] = json!(1);
        serde_json::from_value::<T>(document.clone())
            .map(|value| panic!("read as {value:?}"))
            .unwrap_err()
            .to_string()
    }
    let start = Position::start(senet::rulesets::Kendall);
    let roll = Roll::new(3).unwrap();
    let level = Level::new(1).unwrap();
    let thought =
        Bot::new(senet::rulesets::Kendall, level).think(&Decision::from_roll(start, roll).unwrap());
    let hinted = hint(&start, roll, level).unwrap()[0];
    let long = "k".repeat(10_000_000);
    for name in ["ke\u{1b}[31my", "bell\u{7}", "o\u{202e}x", &long] {
        let errors = [
            (
                "GameEnd",
                error::<GameEnd>(
                    json(&GameEnd {
                        outcome: None,
                        throws: 3,
                    }),
                    name,
                ),
            ),
            (
                "SearchLimits",
                error::<SearchLimits>(json(&SearchLimits::new(3, 5000, 10).unwrap()), name),
            ),
            (
                "DuelStats",
                error::<DuelStats>(json(&DuelStats::default()), name),
            ),
            ("Plan", error::<Plan>(json(&Plan::default()), name)),
            (
                "Sample",
                error::<Sample>(json(&Sample::new([0.0; FEATURES], 1.0).unwrap()), name),
            ),
            (
                "Spread",
                error::<Spread>(json(&Spread::of(&[3, 5, 9]).unwrap()), name),
            ),
            ("Scored", error::<Scored>(json(&thought.ranked[0]), name)),
            ("Thought", error::<Thought>(json(&thought), name)),
            ("Hint", error::<senet_bot::Hint>(json(&hinted), name)),
            (
                "Progress",
                error::<Progress>(
                    json!({"layer": 0, "layers": 2, "on": [1, 1], "sweep": 1, "change": 0.0}),
                    name,
                ),
            ),
            (
                "LayerReport",
                error::<LayerReport>(
                    json!({"on": [1, 1], "off": [0, 0], "positions": 10, "open": 5, "sweeps": 3, "seconds": 0.1}),
                    name,
                ),
            ),
        ];
        for (what, error) in errors {
            assert!(
                !error.chars().any(|c| c.is_control()
                    || ('\u{200b}'..='\u{200f}').contains(&c)
                    || ('\u{202a}'..='\u{202e}').contains(&c)
                    || ('\u{2066}'..='\u{2069}').contains(&c)),
                "{what}: {error:?}"
            );
            assert!(error.len() < 300, "{what}: {} bytes", error.len());
            assert!(error.contains("unknown field"), "{what}: {error}");
            assert!(
                error.contains(&format!("`{}`", escaped(name))),
                "{what}: {error}"
            );
        }
    }
}
