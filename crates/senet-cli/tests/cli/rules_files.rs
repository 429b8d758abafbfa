//! `--rules FILE`: every subcommand that plays a ruleset takes one read
//! from a rules file, in place of `--ruleset NAME`; records of its games
//! name the file by its SHA-256, and replay only under it.

use crate::{assert_refusal, os, scratch, senet, stderr, stdout};

/// The path of a file of the repository's `rules/`.
fn rules(name: &str) -> String {
    format!("{}/../../rules/{name}.toml", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_subcommand_that_plays_a_ruleset_takes_a_rules_file() {
    let piccione = rules("piccione");
    let out = scratch("piccione.net", b"");
    let out = out.to_str().expect("a UTF-8 path");
    let runs: [&[&str]; 12] = [
        &["game", "--seed", "1"],
        &["perft", "--depth", "2"],
        &["moves", "--roll", "5"],
        &["endgame-error", "--games", "1", "--bound", "1"],
        &["playouts", "--games", "10"],
        &["duel", "--a", "level:1", "--b", "random", "--games", "2"],
        &["play", "--level", "1"],
        &["study", "--games", "4", "--bot-games", "2"],
        &["think-time", "--games", "1"],
        &["tune", "--games", "2", "--rounds", "1"],
        &[
            "odds",
            "--bound",
            "1",
            "--position",
            "..........x..........o........ x 4 4",
        ],
        &["train", "--games", "2", "--out", out],
    ];
    for run in runs {
        let mut args = os(run);
        args.extend(os(&["--rules", &piccione]));
        let output = senet(&args);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{run:?}: {}",
            stderr(&output)
        );
        assert!(!stderr(&output).contains("panicked"), "{run:?}");
    }
    let perft = senet(&os(&["perft", "--rules", &piccione, "--depth", "4"]));
    assert_eq!(stdout(&perft), "9986\n");
    let study = senet(&os(&[
        "study",
        "--games",
        "4",
        "--bot-games",
        "2",
        "--rules",
        &piccione,
    ]));
    assert!(
        stdout(&study).contains("| piccione |"),
        "{}",
        stdout(&study)
    );
}

#[test]
fn a_rules_file_is_not_named_twice_and_a_bad_one_is_refused_at_its_line() {
    let piccione = rules("piccione");
    let both = os(&[
        "perft",
        "--depth",
        "1",
        "--ruleset",
        "bell",
        "--rules",
        &piccione,
    ]);
    assert_refusal(&both, 2, &senet(&both));
    let missing = os(&["perft", "--depth", "1", "--rules", "/no/such/rules.toml"]);
    let output = senet(&missing);
    assert_refusal(&missing, 2, &output);
    assert!(
        stderr(&output).contains("cannot read /no/such/rules.toml"),
        "{}",
        stderr(&output)
    );
    let text = std::fs::read_to_string(&piccione).expect("the file");
    let broken = scratch(
        "broken.toml",
        text.replace("rolls = [5]", "rolls = [9]").as_bytes(),
    );
    let args = os(&["game", "--seed", "1", "--rules", broken.to_str().unwrap()]);
    let output = senet(&args);
    assert_refusal(&args, 2, &output);
    assert!(
        stderr(&output).contains("line 37, `throw_again.rolls`: 9 is not a roll"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_rules_files_record_replays_only_under_that_file() {
    let piccione = rules("piccione");
    let record = scratch("piccione.rec", b"");
    let record = record.to_str().unwrap();
    let game = senet(&os(&[
        "game", "--rules", &piccione, "--seed", "1", "--record", record,
    ]));
    assert_eq!(game.status.code(), Some(0), "{}", stderr(&game));
    let text = std::fs::read_to_string(record).expect("the record");
    assert!(text.contains("[RulesFile \""), "{text}");

    let valid = senet(&os(&["replay", "--rules", &piccione, record]));
    assert_eq!(valid.status.code(), Some(0), "{}", stderr(&valid));
    assert!(
        stdout(&valid).contains("verdict: valid"),
        "{}",
        stdout(&valid)
    );

    // Without the file: told to give it.
    let args = os(&["replay", record]);
    let output = senet(&args);
    assert_refusal(&args, 2, &output);
    assert!(
        stderr(&output).contains("give that file with --rules FILE"),
        "{}",
        stderr(&output)
    );

    // Under another file of the same name: invalid.
    let text = std::fs::read_to_string(&piccione).expect("the file");
    let other = scratch(
        "other.toml",
        text.replace("rolls = [5]", "rolls = [4, 5]").as_bytes(),
    );
    let args = os(&["replay", "--rules", other.to_str().unwrap(), record]);
    let output = senet(&args);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let said = format!("{}{}", stdout(&output), stderr(&output));
    assert!(said.contains("another rules file"), "{said}");

    // A review of the same game, under its file.
    let review = senet(&os(&["review", "--rules", &piccione, record]));
    assert_eq!(review.status.code(), Some(0), "{}", stderr(&review));
}

#[test]
fn a_file_whose_games_cannot_end_is_refused_and_a_game_stopped_unfinished_fails() {
    // No way on from 26, where every piece stops: refused when read,
    // naming the house.
    let kendall = std::fs::read_to_string(rules("kendall")).expect("the file");
    let no_way_on = kendall.replace(
        "from.26 = { 1 = \"water\", 2 = 28, 3 = 29, 4 = 30, 5 = \"off\" }",
        "",
    );
    let path = scratch("no-way-on.toml", no_way_on.as_bytes());
    let args = os(&["game", "--seed", "1", "--rules", path.to_str().unwrap()]);
    let output = senet(&args);
    assert_refusal(&args, 2, &output);
    assert!(
        stderr(&output).contains("a piece can reach house 26 but never leave the board"),
        "{}",
        stderr(&output)
    );
    // A file that can end, from a position where neither side can ever
    // move (a piece on 30 and one on 27, which nothing leaves): the game
    // is stopped after 100,000 throws, and the command says so and fails.
    let stuck = scratch(
        "stuck.toml",
        b"name = \"stuck\"\nrevision = 1\npieces = 5\nimplement = \"four_sticks\"\n\
          start = { x = [2, 4, 6, 8, 10], o = [1, 3, 5, 7, 9] }\n\
          [forward]\nstep = \"1-25\"\nstop = 26\n\
          from.26 = { 2 = 28, 3 = 29, 5 = \"off\" }\nfrom.28 = { 3 = \"off\" }\nfrom.29 = { 2 = \"off\" }\n",
    );
    let args = os(&[
        "game",
        "--seed",
        "1",
        "--rules",
        stuck.to_str().unwrap(),
        "--position",
        "..........................o..x x 4 4",
    ]);
    let output = senet(&args);
    assert_refusal(&args, 1, &output);
    assert!(
        stdout(&output).contains("outcome: none, stopped unfinished after 100000 throws"),
        "{}",
        stdout(&output)
    );
    assert!(
        stderr(&output).contains("stopped unfinished after 100000 throws"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_refused_unknown_key_lists_every_key_whole_and_file_text_is_escaped() {
    let text = std::fs::read_to_string(rules("kendall")).expect("the file");
    let long_key = format!("{} = 3", "peices".repeat(40));
    let unknown = scratch(
        "unknown.toml",
        text.replacen("pieces = 5", &format!("pieces = 5\n{long_key}"), 1)
            .as_bytes(),
    );
    let args = os(&[
        "perft",
        "--depth",
        "1",
        "--rules",
        unknown.to_str().unwrap(),
    ]);
    let output = senet(&args);
    assert_eq!(output.status.code(), Some(2));
    let said = stderr(&output);
    assert_eq!(said.matches('\n').count(), 1, "{said}");
    for key in [
        "`name`",
        "`revision`",
        "`title`",
        "`source`",
        "`pieces`",
        "`implement`",
        "`sides`",
        "`start`",
        "`forward`",
        "`backward`",
        "`movable`",
        "`bearing_off`",
        "`blockade`",
        "`protection`",
        "`contact`",
        "`water`",
        "`mark`",
        "`throw_again`",
        "`winner`",
        "`drawing`",
        "`refusals`",
    ] {
        assert!(said.contains(key), "{key} missing: {said}");
    }
    // A side name that would colour the terminal is refused, and the
    // refusal shows it escaped.
    let escape = scratch(
        "escape.toml",
        text.replace("x = \"Light\"", "x = \"\\u001b[31mLight\"")
            .as_bytes(),
    );
    let args = os(&["perft", "--depth", "1", "--rules", escape.to_str().unwrap()]);
    let output = senet(&args);
    assert_refusal(&args, 2, &output);
    let said = stderr(&output);
    assert!(!said.contains('\u{1b}'), "{said:?}");
    assert!(said.contains("`sides.x`: character 1 is \\u{1b}"), "{said}");
}

/// Kendall 1979 as the booklet states it: every throw banked before moving.
#[test]
fn a_ruleset_that_banks_its_throws_is_played_counted_and_replayed() {
    let booklet = rules("kendall1979-booklet");
    // A throw while the side throws: the single line of the throw banked.
    let moves = senet(&os(&["moves", "--rules", &booklet, "--roll", "4"]));
    assert_eq!(
        stdout(&moves),
        "4: bank+\toxoxoxoxoxoxo.x............... x 0 0 bank=4+\n"
    );
    // A bank to play: the moves of a roll banked; a roll not banked is refused.
    let bank = "oxoxoxoxoxoxo.x............... x 0 0 bank=24";
    let two = senet(&os(&[
        "moves",
        "--rules",
        &booklet,
        "--roll",
        "2",
        "--position",
        bank,
    ]));
    assert!(stdout(&two).starts_with("2: "), "{}", stderr(&two));
    assert!(stdout(&two).lines().all(|line| line.ends_with(" bank=4")));
    let args = os(&[
        "moves",
        "--rules",
        &booklet,
        "--roll",
        "3",
        "--position",
        bank,
    ]);
    let three = senet(&args);
    assert_refusal(&args, 2, &three);
    assert!(
        stderr(&three).contains("no 3 is banked"),
        "{}",
        stderr(&three)
    );
    // Perft from the start, as the independent implementation counts it.
    let perft = senet(&os(&["perft", "--rules", &booklet, "--depth", "4"]));
    assert_eq!(stdout(&perft), "759\n");
    // A whole game, printed with its banks, and its record replayed.
    let record = scratch("booklet.txt", b"");
    let record = record.to_str().expect("a UTF-8 path");
    let game = senet(&os(&[
        "game", "--rules", &booklet, "--seed", "7", "--record", record,
    ]));
    assert_eq!(game.status.code(), Some(0), "{}", stderr(&game));
    let printed = stdout(&game);
    assert!(
        printed.contains("  bank:   ROLL: bank"),
        "the legend says what a bank is"
    );
    assert!(
        printed.contains("1. x throws ---- = 5    5: bank+     banked (5 so far). x throws again.")
    );
    assert!(printed.contains("5. x plays --|- = 1     1: 4-5x"));
    assert!(printed.contains("outcome: x won"));
    let replay = senet(&os(&["replay", "--rules", &booklet, record]));
    assert_eq!(replay.status.code(), Some(0), "{}", stderr(&replay));
    assert!(stdout(&replay).contains("verdict: valid"));
    let playouts = senet(&os(&["playouts", "--rules", &booklet, "--games", "20"]));
    assert_eq!(playouts.status.code(), Some(0), "{}", stderr(&playouts));
    // The commands whose bots and tables do not play banks yet say so.
    for run in [
        &["duel", "--a", "level:1", "--b", "random", "--games", "2"][..],
        &["play", "--level", "1"],
        &["study", "--games", "4", "--bot-games", "2"],
        &["think-time", "--games", "1"],
        &["tune", "--games", "2", "--rounds", "1"],
        &["endgame-error", "--games", "1", "--bound", "1"],
    ] {
        let mut args = os(run);
        args.extend(os(&["--rules", &booklet]));
        let output = senet(&args);
        assert_refusal(&args, 2, &output);
        assert!(
            stderr(&output).contains("does not play banked throws yet"),
            "{run:?}: {}",
            stderr(&output)
        );
    }
}
