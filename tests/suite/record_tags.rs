//! The optional record tags for who played, where, when, and the seed's
//! commitment: each round-trips, comes in its place only, is checked as it
//! is read and as it is set, and records without them are unchanged.

use senet::game::Thrown;
use senet::replay::Problem;
use senet::rulesets::Kendall;
use senet::source::{Commitment, CommitmentError};
use senet::{Game, Record, RecordError, Seed, Side};

/// The SHA-256 of seed 42's eight bytes, computed with
/// `printf 2a00000000000000 | xxd -r -p | sha256sum`, not with this crate.
const COMMITMENT_42: &str = "ed049108bc18f2c64369e8d0ea42850bdd1a7d1dd340cfde716315579702a76c";

/// Every tag, new ones included, in their order.
const TAGGED: &str = r#"[Ruleset "kendall"]
[Revision "1"]
[Seed "2a00000000000000"]
[X "Ann"]
[O "Bo"]
[XAgent "person"]
[OAgent "level 4"]
[Site "senet.example \"beta\""]
[Date "2026-12-02"]
[Commitment "ed049108bc18f2c64369e8d0ea42850bdd1a7d1dd340cfde716315579702a76c"]
[Result "x"]
[Ending "resignation"]

1. 4: 10-14+
2. 2: 14-16
"#;

fn tagged_game() -> Record {
    let mut game = Game::seeded(Kendall, Seed::from_u64(42));
    while game.history().len() < 2 {
        if let Thrown::ToPlay(_) = game.throw().unwrap() {
            game.play(*game.legal_moves().last().unwrap()).unwrap();
        }
    }
    game.resign(Side::O).unwrap();
    let mut record = game
        .record()
        .with_name(Side::X, "Ann")
        .unwrap()
        .with_name(Side::O, "Bo")
        .unwrap();
    record.set_agent(Side::X, Some("person")).unwrap();
    record.set_agent(Side::O, Some("level 4")).unwrap();
    record.set_site(Some("senet.example \"beta\"")).unwrap();
    record.set_date(Some("2026-12-02")).unwrap();
    record.set_commitment(Some(COMMITMENT_42.parse().unwrap()));
    record
}

#[test]
fn every_new_tag_prints_in_its_place_and_parses_back() {
    let record = tagged_game();
    assert_eq!(record.to_string(), TAGGED);
    let parsed: Record = TAGGED.parse().unwrap();
    assert_eq!(parsed, record);
    assert_eq!(parsed.agent(Side::X), Some("person"));
    assert_eq!(parsed.agent(Side::O), Some("level 4"));
    assert_eq!(parsed.site(), Some("senet.example \"beta\""));
    assert_eq!(parsed.date(), Some("2026-12-02"));
    assert_eq!(
        parsed.commitment().map(|c| c.to_string()).as_deref(),
        Some(COMMITMENT_42)
    );
    assert_eq!(Record::read_from(TAGGED.as_bytes()).unwrap(), record);
    assert!(parsed.verify().unwrap().is_valid());
}

#[test]
fn each_new_tag_round_trips_alone() {
    let lines = [
        "[XAgent \"person\"]",
        "[OAgent \"level 4\"]",
        "[Site \"Thebes\"]",
        "[Date \"2000-02-29\"]",
        &format!("[Commitment \"{COMMITMENT_42}\"]"),
    ];
    for line in lines {
        let text = format!("[Ruleset \"kendall\"]\n[Revision \"1\"]\n{line}\n[Result \"*\"]\n\n");
        let record: Record = text.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(record.to_string(), text);
        assert_ne!(record, Record::new(Kendall), "{line} was dropped");
    }
}

#[test]
fn removing_a_tag_removes_its_line() {
    let mut record = tagged_game();
    record.set_agent(Side::X, None).unwrap();
    record.set_site(None).unwrap();
    record.set_date(None).unwrap();
    record.set_commitment(None);
    let expected = TAGGED
        .lines()
        .filter(|l| {
            !["[XAgent", "[Site", "[Date", "[Commitment"]
                .iter()
                .any(|t| l.starts_with(t))
        })
        .map(|l| format!("{l}\n"))
        .collect::<String>();
    assert_eq!(record.to_string(), expected);
}

#[test]
fn records_without_the_new_tags_are_unchanged() {
    let mut game = Game::seeded(Kendall, Seed::from_u64(42));
    game.resign(Side::X).unwrap();
    let record = game.record().with_name(Side::X, "Ann").unwrap();
    assert_eq!(
        record.to_string(),
        "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Seed \"2a00000000000000\"]\n[X \"Ann\"]\n\
         [Result \"o\"]\n[Ending \"resignation\"]\n\n"
    );
    // The committed record corpus, written before these tags existed.
    let corpus = [
        include_str!("../data/records/kendall_seed7"),
        include_str!("../data/records/bell_seed7"),
        include_str!("../data/records/classic_from_position"),
        include_str!("../data/records/temple_seed7"),
        include_str!("../data/records/classic_seed7"),
        include_str!("../data/records/doc_example"),
        include_str!("../data/records/unseeded_unfinished"),
    ];
    for text in corpus {
        let record: Record = text.parse().unwrap();
        assert_eq!(record.to_string(), text);
        assert_eq!(record.agent(Side::X), None);
        assert_eq!(
            (record.site(), record.date(), record.commitment()),
            (None, None, None)
        );
    }
}

fn refusal(text: &str) -> (usize, usize, RecordError) {
    let err = text.parse::<Record>().unwrap_err();
    (err.line, err.column, err.error)
}

#[test]
fn the_new_tags_come_in_their_order_only() {
    let moved = |line: &str, before: &str| {
        let without = TAGGED.replacen(&format!("{line}\n"), "", 1);
        without.replacen(before, &format!("{line}\n{before}"), 1)
    };
    // An agent before the names (refused at the name that follows it), a
    // date after the commitment, a site after the date, an agent twice and
    // a date twice: each refused at the tag's name.
    for (text, line) in [
        (moved("[XAgent \"person\"]", "[X \"Ann\"]"), 5),
        (moved("[Date \"2026-12-02\"]", "[Result"), 10),
        (
            moved("[Site \"senet.example \\\"beta\\\"\"]", "[Commitment"),
            9,
        ),
        (
            TAGGED.replacen("[OAgent", "[XAgent \"again\"]\n[OAgent", 1),
            7,
        ),
        (
            TAGGED.replacen("[Result", "[Date \"2026-12-03\"]\n[Result", 1),
            11,
        ),
    ] {
        let (at, column, error) = refusal(&text);
        assert_eq!((at, column), (line, 2), "{text}");
        assert!(
            matches!(error, RecordError::UnexpectedTag { .. }),
            "{error}"
        );
        assert!(
            error
                .to_string()
                .contains("XAgent, OAgent, Site, Date, Commitment")
        );
    }
}

#[test]
fn bad_values_are_refused_at_their_line_and_column() {
    let with = |from: &str, to: &str| TAGGED.replacen(from, to, 1);
    // Dates: the form, the month, the day of the month, leap years.
    for bad in [
        "2026-2-02",
        "02-12-2026",
        "2026-13-01",
        "2026-00-10",
        "2026-04-31",
        "2026-02-29",
        "1900-02-29",
        "2026-12-02 ",
    ] {
        let (line, column, error) = refusal(&with("2026-12-02", bad));
        assert_eq!((line, column), (9, 8), "{bad}");
        assert!(
            matches!(error, RecordError::BadValue { tag: "Date", .. }),
            "{bad}: {error}"
        );
    }
    let err = with("2026-12-02", "2026-02-30")
        .parse::<Record>()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 9, column 8: the Date tag cannot be \"2026-02-30\": that day is not in the calendar"
    );
    // Commitments: the column of the bad digit, or of the value for a bad length.
    let upper = with("[Commitment \"ed0491", "[Commitment \"eD0491");
    let (line, column, error) = refusal(&upper);
    assert_eq!((line, column), (10, 15));
    assert_eq!(
        error,
        RecordError::Commitment(CommitmentError::Digit {
            found: 'D',
            position: 2
        })
    );
    let short = with(&format!("{COMMITMENT_42}\""), "ed04\"");
    assert_eq!(
        refusal(&short),
        (
            10,
            14,
            RecordError::Commitment(CommitmentError::Length { found: 4 })
        )
    );
    // Free text: the same rules as names, at the bad character.
    let (line, column, error) = refusal(&with("[Site \"senet", "[Site \"se\u{200b}net"));
    assert_eq!((line, column), (8, 10));
    assert!(matches!(error, RecordError::BadValue { tag: "Site", .. }));
    let (line, column, error) = refusal(&with("[OAgent \"level 4\"]", "[OAgent \"\"]"));
    assert_eq!((line, column), (7, 10));
    assert!(matches!(error, RecordError::BadValue { tag: "OAgent", .. }));
}

#[test]
fn setters_refuse_what_parsing_refuses_and_keep_the_old_value() {
    let mut record = tagged_game();
    assert!(matches!(
        record.set_agent(Side::X, Some("a\nb")),
        Err(RecordError::BadValue { tag: "XAgent", .. })
    ));
    assert!(
        record
            .set_agent(Side::O, Some(&"x".repeat(Record::MAX_VALUE + 1)))
            .is_err()
    );
    assert!(record.set_site(Some("")).is_err());
    assert!(record.set_date(Some("2026-02-29")).is_err());
    assert!(record.set_date(Some("２０２６-12-02")).is_err());
    assert_eq!(record.to_string(), TAGGED);
    assert!(record.set_date(Some("2024-02-29")).is_ok());
}

#[test]
fn commitments_parse_strictly() {
    let commitment: Commitment = COMMITMENT_42.parse().unwrap();
    assert_eq!(commitment.to_string(), COMMITMENT_42);
    assert_eq!(
        format!("{}x", &COMMITMENT_42[..63]).parse::<Commitment>(),
        Err(CommitmentError::Digit {
            found: 'x',
            position: 64
        })
    );
}

#[cfg(feature = "commit")]
#[test]
fn a_commitment_that_is_not_the_seeds_is_refused() {
    assert_eq!(Seed::from_u64(42).commitment().to_string(), COMMITMENT_42);
    let other = Seed::from_u64(43).commitment();
    let forged = TAGGED.replacen(COMMITMENT_42, &other.to_string(), 1);
    let record: Record = forged.parse().unwrap();
    let err = record.verify().unwrap_err();
    assert_eq!(err.place, senet::replay::Place::Header);
    assert_eq!(
        err.problem,
        Problem::Commitment {
            commitment: other,
            seed: Seed::from_u64(42),
            actual: COMMITMENT_42.parse().unwrap()
        }
    );
    assert!(err.to_string().starts_with("header: the Commitment tag "));
    // Without a seed there is nothing to check it against.
    let mut unseeded = record.clone();
    unseeded.set_seed(None);
    assert!(unseeded.verify().unwrap().is_valid());
}

#[cfg(not(feature = "commit"))]
#[test]
fn without_the_commit_feature_the_commitment_is_kept_not_checked() {
    let other = "00".repeat(32);
    let record: Record = TAGGED.replacen(COMMITMENT_42, &other, 1).parse().unwrap();
    assert!(record.verify().unwrap().is_valid());
    assert_eq!(record.commitment().map(|c| c.to_string()), Some(other));
    let _ = Problem::Commitment {
        commitment: record.commitment().unwrap(),
        seed: Seed::from_u64(42),
        actual: record.commitment().unwrap(),
    };
}
