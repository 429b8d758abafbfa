//! Game records as text: the exact layout, exact round trips, strict parsing
//! with errors that name the line, and any random game recording and verifying.

use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::game::{Finish, Thrown};
use senet::record::ParseRecordError;
use senet::replay::Checked;
use senet::rulesets::Kendall;
use senet::source::{ScriptedThrows, SeededThrows, ThrowSource};
use senet::{AnyRuleset, Game, Position, Record, RecordError, Seed, Side};

/// Kendall, seed 42, the last legal move each time, eight throws, then o resigns.
const EXAMPLE: &str = r#"[Ruleset "kendall"]
[Revision "1"]
[Seed "2a00000000000000"]
[X "Ann \"the Scribe\""]
[O "Bo\\b"]
[Result "x"]
[Ending "resignation"]

1. 4: 10-14+
2. 2: 14-16
3. 2: 9-11
4. 2: 16-18
5. 1: 11-12+
6. 2: 12-14
7. 2: 18-20
8. 3: 14-17
"#;

fn example_game() -> Record {
    let mut game = Game::seeded(Kendall, Seed::from_u64(42));
    while game.history().len() < 8 {
        if let Thrown::ToPlay(_) = game.throw().unwrap() {
            game.play(*game.legal_moves().last().unwrap()).unwrap();
        }
    }
    game.resign(Side::O).unwrap();
    game.record()
        .with_name(Side::X, "Ann \"the Scribe\"")
        .unwrap()
        .with_name(Side::O, "Bo\\b")
        .unwrap()
}

#[test]
fn a_game_prints_as_the_documented_layout() {
    let record = example_game();
    assert_eq!(record.to_string(), EXAMPLE);
    assert_eq!(EXAMPLE.parse::<Record>(), Ok(record.clone()));
    assert_eq!(record.name(Side::X), Some("Ann \"the Scribe\""));
    assert_eq!(
        record.finish(),
        Some(Finish::Resignation { winner: Side::X })
    );
    let verdict = record.verify().unwrap();
    assert_eq!(verdict.checked(), Checked::SeedAndRules);
    assert_eq!(
        verdict.to_string(),
        "valid: 8 throws, every roll the seed's and every move legal; x won by resignation"
    );
}

#[test]
fn minimal_records_round_trip() {
    let empty = Record::new(AnyRuleset::Bell);
    assert_eq!(
        empty.to_string(),
        "[Ruleset \"bell\"]\n[Revision \"1\"]\n[Result \"*\"]\n\n"
    );
    for text in [
        empty.to_string(),
        "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Seed \"\"]\n[Result \"*\"]\n\n1. 3: -\n".into(),
        "[Ruleset \"x y\"]\n[Revision \"4294967295\"]\n[Result \"draw\"]\n[Ending \"draw\"]\n\n"
            .into(),
    ] {
        let record: Record = text.parse().unwrap();
        assert_eq!(record.to_string(), text);
    }
}

fn error(text: &str) -> ParseRecordError {
    text.parse::<Record>().unwrap_err()
}

#[test]
fn malformed_records_name_the_line_and_the_problem() {
    let line = |text: &str| error(text).line;
    let replace = |from: &str, to: &str| EXAMPLE.replacen(from, to, 1);
    assert_eq!(error("").error, RecordError::Empty);
    assert_eq!(error(EXAMPLE.trim_end()).error, RecordError::NoFinalNewline);
    assert_eq!(
        error(&EXAMPLE.replace('\n', "\r\n")).error,
        RecordError::CarriageReturn
    );
    let no_ruleset = replace("[Ruleset \"kendall\"]\n", "");
    assert!(matches!(
        error(&no_ruleset).error,
        RecordError::MissingTag {
            expected: "Ruleset",
            ..
        }
    ));
    let unknown = replace("[Result", "[Colour \"red\"]\n[Result");
    assert_eq!(line(&unknown), 6);
    assert!(matches!(
        error(&unknown).error,
        RecordError::UnexpectedTag { .. }
    ));
    let out_of_order =
        replace("[Seed \"2a00000000000000\"]\n", "").replace("[Result", "[Seed \"2a\"]\n[Result");
    assert!(matches!(
        error(&out_of_order).error,
        RecordError::UnexpectedTag { .. }
    ));
    let twice = replace("[O", "[X \"again\"]\n[O");
    assert_eq!(line(&twice), 5);
    assert_eq!(
        error(&replace("\"1\"", "\"01\"")).to_string(),
        "line 2, column 12: the Revision tag cannot be \"01\": it must be a decimal number with no sign or leading zero"
    );
    assert!(matches!(
        error(&replace("2a00", "2A00")).error,
        RecordError::Seed(_)
    ));
    assert_eq!(line(&replace("2a00", "2A00")), 3);
    assert!(matches!(
        error(&replace("\"x\"]", "\"o x\"]")).error,
        RecordError::BadValue { tag: "Result", .. }
    ));
    assert!(matches!(
        error(&replace("\"x\"]", "\"draw\"]")).error,
        RecordError::Finish { .. }
    ));
    assert!(matches!(
        error(&replace("\"x\"]", "\"*\"]")).error,
        RecordError::Finish { .. }
    ));
    let unfinished_without_ending =
        replace("[Result \"x\"]\n[Ending \"resignation\"]", "[Result \"x\"]");
    assert!(matches!(
        error(&unfinished_without_ending).error,
        RecordError::Finish { ending: None, .. }
    ));
    assert!(matches!(
        error(&replace("Ann", "An\tn")).error,
        RecordError::BadValue { tag: "X", .. }
    ));
    assert!(matches!(
        error(&replace("\"Bo\\\\b\"", "\"\"")).error,
        RecordError::BadValue { tag: "O", .. }
    ));
    assert!(matches!(
        error(&replace("\"]\n\n1.", "\"]\n1.")).error,
        RecordError::NoBlankLine { .. }
    ));
    assert!(matches!(
        error(&replace("[X \"Ann", "[X Ann")).error,
        RecordError::TagLine { .. }
    ));
    let renumbered = replace("3. 2: 9-11", "4. 2: 9-11");
    assert_eq!(line(&renumbered), 11);
    assert!(matches!(
        error(&renumbered).error,
        RecordError::ThrowNumber { expected: 3, .. }
    ));
    assert_eq!(
        error(&replace("3. 2: 9-11", "3. 2: 9-11 ")).to_string(),
        "line 11, column 11: throw 3: malformed move \"2: 9-11 \" at column 8: expected the end, or the suffixes x, <, + in that order"
    );
    assert!(matches!(
        error(&format!("{EXAMPLE}\n")).error,
        RecordError::ThrowNumber { expected: 9, .. }
    ));
}

#[test]
fn names_are_checked_when_set() {
    let record = Record::new(Kendall);
    assert!(record.clone().with_name(Side::X, "").is_err());
    assert!(record.clone().with_name(Side::O, "two\nlines").is_err());
    let named = record.with_name(Side::O, "[\"]\\").unwrap();
    assert_eq!(named.to_string().parse::<Record>(), Ok(named));
}

/// Plays a game with random choices (from `choices`), stopping after
/// `stop_after` throws, when one side may resign.
fn random_game<S: ThrowSource>(
    mut game: Game<AnyRuleset, S>,
    choices: u64,
    stop_after: usize,
    resign: Option<Side>,
) -> Game<AnyRuleset, S> {
    let mut rng = ChaCha8Rng::seed_from_u64(choices);
    while !game.is_over() && game.history().len() < stop_after {
        if let Thrown::ToPlay(_) = game.throw().unwrap() {
            let moves = game.legal_moves();
            let mv = moves[rng.next_u32() as usize % moves.len()];
            game.play(mv).unwrap();
        }
    }
    if let (false, Some(side)) = (game.is_over(), resign) {
        game.resign(side).unwrap();
    }
    game
}

/// Every way of making a game from a seeded source records the seed, so
/// that every roll of it is checked: `Game::seeded`, `Game::seeded_from`,
/// `Game::new` and `Game::from_position` with a fresh `SeededThrows`
/// (the bot crate checks `Duel::play`). A source that already threw records none.
#[test]
fn every_game_from_a_fresh_seeded_source_records_its_seed() {
    let seed = Seed::from_u64(5);
    for ruleset in AnyRuleset::ALL {
        let start = Position::start(ruleset);
        let made = [
            Game::seeded(ruleset, seed),
            Game::seeded(start, seed),
            Game::new(ruleset, SeededThrows::new(seed)),
            Game::new(start, SeededThrows::new(seed)),
        ];
        let records: Vec<Record> = made
            .into_iter()
            .map(|game| random_game(game, 9, 400, Some(Side::O)).record())
            .collect();
        for record in &records {
            assert_eq!(record.seed(), Some(seed), "{ruleset}");
            let verdict = record
                .to_string()
                .parse::<Record>()
                .unwrap()
                .verify()
                .unwrap();
            assert_eq!(verdict.checked(), Checked::SeedAndRules, "{ruleset}");
            assert!(!verdict.history().is_empty());
        }
        // A source part-way through its stream is no seed's stream from the start.
        let mut used = SeededThrows::new(seed);
        used.next_throw(senet::Ruleset::dice(&ruleset)).unwrap();
        assert_eq!(Game::new(ruleset, used).record().seed(), None, "{ruleset}");
    }
}

/// A name a record accepts: no control or format characters, no line separators.
const NAME: &str = "[^\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]{1,12}";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn any_random_game_records_parses_back_and_verifies(
        ruleset in prop::sample::select(AnyRuleset::ALL.to_vec()),
        seed in prop::collection::vec(any::<u8>(), 0..=32),
        choices in any::<u64>(),
        stop_after in prop_oneof![Just(usize::MAX), 0..400usize],
        resign in prop::option::of(prop_oneof![Just(Side::X), Just(Side::O)]),
        names in prop::option::of((NAME, NAME)),
    ) {
        let seed = Seed::from_bytes(&seed).unwrap();
        let game = random_game(Game::seeded(ruleset, seed), choices, stop_after, resign);
        let mut record = game.record();
        if let Some((x, o)) = &names {
            record = record.with_name(Side::X, x).unwrap().with_name(Side::O, o).unwrap();
        }
        let text = record.to_string();
        let parsed: Record = text.parse().unwrap();
        prop_assert_eq!(&parsed, &record);
        prop_assert_eq!(parsed.to_string(), text);
        let verdict = parsed.verify().unwrap();
        prop_assert_eq!(verdict.checked(), Checked::SeedAndRules);
        prop_assert_eq!(verdict.history(), game.history());
        prop_assert_eq!(verdict.position(), game.position());
        prop_assert_eq!(verdict.finish(), game.finish());

        // The same game from a fresh `SeededThrows` made by hand records
        // the seed too, and verifies the same way.
        let by_hand = Game::new(ruleset, SeededThrows::new(seed));
        let by_hand = random_game(by_hand, choices, stop_after, resign).record();
        prop_assert_eq!(by_hand.seed(), Some(seed));
        prop_assert_eq!(by_hand.throws(), record.throws());
        let verdict = by_hand.to_string().parse::<Record>().unwrap().verify().unwrap();
        prop_assert_eq!(verdict.checked(), Checked::SeedAndRules);
        // The same throws from a source that is no seed's stream: no seed,
        // legality only.
        let scripted = ScriptedThrows::from_throws(game.history().iter().map(|t| t.throw()));
        let unseeded = Game::new(ruleset, scripted);
        let unseeded = random_game(unseeded, choices, stop_after, resign).record();
        prop_assert_eq!(unseeded.seed(), None);
        prop_assert_eq!(unseeded.throws(), record.throws());
        let verdict = unseeded.to_string().parse::<Record>().unwrap().verify().unwrap();
        prop_assert_eq!(verdict.checked(), Checked::RulesOnly);
    }
}

/// The whole game shown in the record module docs: a start position, backward moves,
/// lost throws, an extra throw, the end by bearing off.
const WHOLE_GAME: &str = r#"[Ruleset "kendall"]
[Revision "1"]
[Seed "0000000000000000"]
[Start "....................o.o.ox.oxx o 2 1"]
[X "Ann"]
[O "Bo"]
[Result "x"]
[Ending "borne off"]

1. 2: 21-19<
2. 3: -
3. 3: 28-off
4. 2: 29-off
5. 5: 19-24+
6. 2: 24-22<
7. 2: 26-28
8. 2: 22-24
9. 3: 28-off
10. 3: 23-26
11. 2: -
12. 2: 26-28
13. 1: 30-off
"#;

#[test]
fn the_documented_whole_game_verifies() {
    let record: Record = WHOLE_GAME.parse().unwrap();
    assert_eq!(record.to_string(), WHOLE_GAME);
    let verdict = record.verify().unwrap();
    assert_eq!(
        verdict.position().to_string(),
        ".......................oo..o.. o 5 2"
    );
    assert_eq!(verdict.finish(), Some(Finish::BorneOff { winner: Side::X }));
}

/// A fresh seed from the operating system: 32 bytes, different each time,
/// and a game from it verifies like any other.
#[cfg(feature = "os-seed")]
#[test]
fn a_random_seed_is_fresh_and_plays_a_verifiable_game() {
    let a = Seed::random().unwrap();
    let b = Seed::random().unwrap();
    assert_eq!(a.as_bytes().len(), 32);
    assert_ne!(a, b, "two fresh seeds alike");
    let game = random_game(Game::seeded(AnyRuleset::Kendall, a), 1, 50, Some(Side::X));
    let verdict = game.record().verify().unwrap();
    assert_eq!(verdict.checked(), Checked::SeedAndRules);
}
