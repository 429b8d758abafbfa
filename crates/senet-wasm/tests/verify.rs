//! The page's check of a finished game: a record replayed from its seed,
//! what it finds on an honest record and where it stops on a forged one.

use senet::game::Thrown;
use senet::rulesets::CheckedRuleset;
use senet::source::SeededThrows;
use senet::{Game, Record, Ruleset, Seed, rulesets::Kendall};
use senet_wasm::{Compared, verify, verify_json};

/// A whole game with the first legal move each time.
fn whole_game<R: CheckedRuleset>(ruleset: R, seed: Seed) -> Game<R, SeededThrows> {
    let mut game = Game::seeded(ruleset, seed);
    while !game.is_over() {
        if let Thrown::ToPlay(_) = game.throw().unwrap() {
            game.play(game.legal_moves()[0]).unwrap();
        }
    }
    game
}

/// The record's text with the commitment tag the server writes.
fn committed(game: &Game<impl Ruleset, SeededThrows>, seed: Seed) -> String {
    let mut record: Record = game.record();
    record.set_commitment(Some(seed.commitment()));
    record.to_string()
}

/// Replaces the `number`th throw's text (`1. 4: 10-14+` → `1. {with}`).
fn with_throw(record: &str, number: usize, with: &str) -> String {
    let prefix = format!("{number}. ");
    record
        .lines()
        .map(|line| match line.strip_prefix(&prefix) {
            Some(_) => format!("{prefix}{with}\n"),
            None => format!("{line}\n"),
        })
        .collect()
}

fn throw_text(record: &str, number: usize) -> String {
    let prefix = format!("{number}. ");
    record
        .lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .unwrap()
        .to_owned()
}

#[test]
fn an_honest_whole_game_replays_from_its_seed_to_the_same_end() {
    let seed = Seed::from_u64(11);
    let game = whole_game(Kendall, seed);
    let text = committed(&game, seed);
    let report = verify(&text, "", &seed.commitment().to_string());
    assert!(report.valid, "{:?}", report.problem);
    assert_eq!(report.problem, None);
    assert_eq!(report.throws, game.history().len());
    assert_eq!(report.replayed, game.history().len());
    let lost = game.history().iter().filter(|turn| turn.is_lost()).count();
    assert_eq!((report.moves, report.lost), (report.replayed - lost, lost));
    assert!(lost > 0 && report.moves > 0);
    assert_eq!(report.position, Some(game.position().to_string()));
    assert_eq!(
        report.finish,
        game.finish().map(|finish| finish.to_string())
    );
    assert_eq!(report.seed, Some(seed.to_string()));
    assert_eq!(report.seed_sha256, Some(seed.commitment().to_string()));
    assert_eq!(report.commitment, Compared::Shown);
}

#[test]
fn a_roll_that_is_not_the_seeds_is_found_at_its_throw() {
    let seed = Seed::from_u64(12);
    let game = whole_game(Kendall, seed);
    let text = committed(&game, seed);
    // Throw 5 under another roll (its move text kept): the seed threw
    // something else there.
    let original = throw_text(&text, 5);
    let roll: u8 = original[..1].parse().unwrap();
    let other = if roll == 5 { 4 } else { roll + 1 };
    let forged = with_throw(&text, 5, &format!("{other}{}", &original[1..]));
    let report = verify(&forged, "", &seed.commitment().to_string());
    assert!(!report.valid);
    assert_eq!(report.throw, Some(5));
    assert_eq!(report.replayed, 4);
    let problem = report.problem.unwrap();
    assert!(problem.starts_with("throw 5: "), "{problem}");
}

#[test]
fn a_move_that_was_not_played_is_found_at_its_throw() {
    let seed = Seed::from_u64(13);
    let game = whole_game(Kendall, seed);
    let text = committed(&game, seed);
    let (number, turn) = game
        .history()
        .iter()
        .enumerate()
        .find(|(_, turn)| !turn.is_lost() && turn.number() > 3)
        .map(|(index, turn)| (index + 1, turn))
        .unwrap();
    let roll = turn.roll().value();
    // A lost throw where a move was played.
    let forged = with_throw(&text, number, &format!("{roll}: -"));
    let report = verify(&forged, "", "");
    assert!(!report.valid);
    assert_eq!(report.throw, Some(number));
    assert!(
        report
            .problem
            .unwrap()
            .starts_with(&format!("throw {number}: "))
    );
}

#[test]
fn a_seed_that_is_not_the_commitment_shown_is_refused() {
    let seed = Seed::from_u64(14);
    let game = whole_game(Kendall, seed);
    let text = committed(&game, seed);
    let other = Seed::from_u64(15).commitment().to_string();
    let report = verify(&text, "", &other);
    assert!(!report.valid);
    assert_eq!(report.commitment, Compared::Shown);
    let problem = report.problem.unwrap();
    assert!(problem.contains(&other), "{problem}");
    assert!(
        problem.contains(&seed.commitment().to_string()),
        "{problem}"
    );
}

#[test]
fn without_a_commitment_shown_it_says_it_compared_with_the_records_tag() {
    let seed = Seed::from_u64(16);
    let game = whole_game(Kendall, seed);
    let report = verify(&committed(&game, seed), "", "");
    assert!(report.valid);
    assert_eq!(report.commitment, Compared::Record);
    // A record without the tag: the seed was compared with nothing.
    let report = verify(&game.record().to_string(), "", "  ");
    assert!(report.valid);
    assert_eq!(report.commitment, Compared::Nothing);
}

#[test]
fn a_record_tag_that_is_not_the_seeds_is_refused() {
    let seed = Seed::from_u64(17);
    let game = whole_game(Kendall, seed);
    let mut record = game.record();
    record.set_commitment(Some(Seed::from_u64(18).commitment()));
    let report = verify(&record.to_string(), "", "");
    assert!(!report.valid);
    assert!(report.problem.is_some());
}

#[test]
fn a_record_without_a_seed_is_not_verified() {
    let game = whole_game(Kendall, Seed::from_u64(19));
    let mut record = game.record();
    record.set_seed(None);
    let report = verify(&record.to_string(), "", "");
    assert!(!report.valid);
    assert_eq!(report.throws, game.history().len());
    assert!(report.problem.unwrap().contains("no seed"));
}

#[test]
fn bad_input_is_refused_with_what_is_wrong() {
    let report = verify("not a record", "", "");
    assert!(!report.valid);
    assert!(
        report
            .problem
            .unwrap()
            .starts_with("the record cannot be read: ")
    );

    let seed = Seed::from_u64(20);
    let text = committed(&whole_game(Kendall, seed), seed);
    let report = verify(&text, "", "xyz");
    assert!(
        report
            .problem
            .unwrap()
            .starts_with("the commitment shown: ")
    );
    let report = verify(&text, "name = 3", "");
    assert!(report.problem.unwrap().starts_with("the rules file: "));
}

#[test]
fn a_rules_file_game_replays_under_its_own_file_and_no_other() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/");
    let kendall7 = std::fs::read_to_string(format!("{root}kendall7.toml")).unwrap();
    let ruleset = senet_rules_file::from_toml(&kendall7).unwrap();
    let seed = Seed::from_u64(21);
    let game = whole_game(ruleset, seed);
    let text = committed(&game, seed);
    let report = verify(&text, &kendall7, &seed.commitment().to_string());
    assert!(report.valid, "{:?}", report.problem);
    assert_eq!(report.replayed, game.history().len());

    // Another file (one more line changes its SHA-256) is refused.
    let other = format!("{kendall7}\n# another file\n");
    let report = verify(&text, &other, "");
    assert!(!report.valid);
    // And without the file, the header's name is not a built-in one.
    assert!(!verify(&text, "", "").valid);
}

#[test]
fn the_json_names_every_field_the_page_reads() {
    let seed = Seed::from_u64(22);
    let text = committed(&whole_game(Kendall, seed), seed);
    let json: serde_json::Value =
        serde_json::from_str(&verify_json(&text, "", &seed.commitment().to_string())).unwrap();
    for key in [
        "valid",
        "problem",
        "throw",
        "throws",
        "replayed",
        "moves",
        "lost",
        "seed",
        "seed_sha256",
        "position",
        "finish",
    ] {
        assert!(json.get(key).is_some(), "{key} missing from {json}");
    }
    assert_eq!(json["valid"], true);
    assert_eq!(json["commitment"], "shown");
}
