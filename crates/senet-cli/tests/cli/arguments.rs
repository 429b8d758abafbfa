//! Arguments: every subcommand explains itself, and refuses every bad
//! argument with one line naming it and its range, before doing anything.

use super::*;

/// Every subcommand with arguments that are good but for what a test
/// adds, and its switches (options that take no value).
const SUBCOMMANDS: [(&[&str], &[&str]); 14] = [
    (&["game", "--seed", "1"], &["board"]),
    (&["perft", "--depth", "1"], &["divide", "time"]),
    (&["moves", "--roll", "2"], &[]),
    (&["replay", "/dev/null"], &["throws"]),
    (&["review", "/dev/null"], &["json"]),
    (&["endgame-error", "--games", "1", "--bound", "1"], &[]),
    (&["playouts", "--games", "1"], &[]),
    (
        &["duel", "--a", "random", "--b", "random", "--games", "2"],
        &["timing"],
    ),
    (&["play", "--level", "1"], &[]),
    (&["study", "--games", "1", "--bot-games", "1"], &[]),
    (&["think-time", "--games", "1"], &["table"]),
    (&["tune", "--games", "1"], &[]),
    (&["odds", "--bound", "1"], &["verify"]),
    (&["train", "--ruleset", "kendall", "--out", "x"], &[]),
];

/// `--help` and `-h`, anywhere among the arguments and whatever else is
/// wrong with them, print the subcommand's help with its usage and its
/// exit codes, and exit with code 0; so do `senet --help` and `--version`.
#[test]
fn every_subcommand_explains_itself() {
    for (good, _) in SUBCOMMANDS {
        let name = good[0];
        for extra in [
            &["--help"][..],
            &["-h"],
            &["--bogus", "1", "stray", "--help"],
        ] {
            let mut args = os(good);
            args.extend(os(extra));
            let output = senet(&args);
            assert_eq!(output.status.code(), Some(0), "{name} {extra:?}");
            let help = stdout(&output);
            assert!(
                help.contains(&format!("Usage: senet {name} ")),
                "{name} {extra:?}: {help}"
            );
            let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(words.contains("Exit codes"), "{name} {extra:?}: {help}");
            assert!(output.stderr.is_empty(), "{name} {extra:?}");
        }
    }
    let help = senet(&os(&["--help"]));
    assert_eq!(help.status.code(), Some(0));
    for (good, _) in SUBCOMMANDS {
        assert!(
            stdout(&help).contains(&format!("  {} ", good[0])),
            "{}",
            stdout(&help)
        );
    }
    let version = senet(&os(&["--version"]));
    assert_eq!(version.status.code(), Some(0));
    assert_eq!(
        stdout(&version),
        format!("senet {}\n", env!("CARGO_PKG_VERSION"))
    );
    // No subcommand: the help, on stderr, and the usage error's code.
    let bare = senet(&[]);
    assert_eq!(bare.status.code(), Some(2));
    assert!(stderr(&bare).contains("Usage: senet <COMMAND>"));
    let unknown = senet(&os(&["teleport"]));
    assert_refusal(&os(&["teleport"]), 2, &unknown);
}

#[test]
fn every_subcommand_refuses_every_kind_of_bad_argument() {
    #[cfg(unix)]
    let not_utf8 = {
        use std::os::unix::ffi::OsStringExt;
        OsString::from_vec(b"record-\xff.txt".to_vec())
    };
    #[cfg(not(unix))]
    let not_utf8 = OsString::from("record-\u{fffd}.txt");
    let huge = "k".repeat(130_000);
    let invisible = "ken\u{202e}dall\u{200b}\n";
    for (good, _) in SUBCOMMANDS {
        let name = good[0];
        let with = |extra: Vec<OsString>| {
            let mut args = os(good);
            args.extend(extra);
            args
        };
        let mut bad: Vec<Vec<OsString>> = vec![
            with(vec![not_utf8.clone()]),
            with(os(&["--bogus", "1"])),
            with(os(&["--bogus"])),
            with(os(&["-v"])),
            with(os(&[&format!("--{huge}"), "1"])),
            with(os(&["stray"])),
            with(os(&[&huge])),
        ];
        if !matches!(name, "replay" | "review") {
            bad.push(with(vec!["--ruleset".into(), not_utf8.clone()]));
            bad.push(with(os(&["--ruleset"])));
            bad.push(with(os(&["--ruleset", &huge])));
            bad.push(with(os(&["--ruleset", invisible])));
        }
        for args in bad {
            let output = senet(&args);
            assert_refusal(&args, 2, &output);
            let said = stderr(&output);
            assert!(said.starts_with("error: "), "{name}: {said}");
            assert!(!said.contains('\u{202e}'), "{name}: {said}");
            assert!(output.stdout.is_empty(), "{name}: printed before refusing");
        }
    }
}

/// Every subcommand names what it refuses: an unknown option, a stray
/// argument, an option or switch given twice, an option without its value.
#[test]
fn every_subcommand_names_what_it_refuses() {
    for (good, switches) in SUBCOMMANDS {
        let name = good[0];
        assert_refused_saying(good, &["--bogus", "1"], &["unexpected argument '--bogus'"]);
        assert_refused_saying(good, &["stray"], &["unexpected argument 'stray'"]);
        assert_refused_saying(good, &["-v"], &["unexpected argument '-v'"]);
        assert_refused_saying(good, &["--bogus"], &[&format!("senet {name} --help")]);
        for switch in switches.iter() {
            let twice = format!("--{switch}");
            assert_refused_saying(
                good,
                &[&twice, &twice],
                &[&twice, "cannot be used multiple times"],
            );
        }
        if name == "replay" {
            assert_refused_saying(&["replay"], &[], &["<FILE>"]);
            continue;
        }
        if name == "review" {
            assert_refused_saying(&["review"], &[], &["<RECORD>"]);
            continue;
        }
        if name != "train" {
            assert_refused_saying(
                good,
                &["--ruleset", "kendall", "--ruleset", "kendall"],
                &["--ruleset", "cannot be used multiple times"],
            );
        }
        let (option, value) = (good[1], good[2]);
        let mut rest = vec![name];
        rest.extend(&good[3..]);
        assert_refused_saying(
            &rest,
            &[option, value, option, value],
            &[option, "cannot be used multiple times"],
        );
        assert_refused_saying(
            good,
            &["--ruleset"],
            &["a value is required for '--ruleset"],
        );
        // A forgotten value: the next option is not taken for it.
        assert_refused_saying(
            &rest,
            &["--ruleset", option, value],
            &["a value is required for '--ruleset"],
        );
        assert_refused_saying(&rest, &["--ruleset", "nope"], &["--ruleset", "nope"]);
    }
}

/// Every numeric value is checked against its documented range, and the
/// refusal names the option and the range.
#[test]
fn every_numeric_argument_is_checked_with_its_range() {
    let max = u64::MAX.to_string();
    let over = "18446744073709551616";
    let long_seed = "00".repeat(33);
    let cases: Vec<Vec<&str>> = vec![
        vec!["perft", "--depth", "1000"],
        vec!["perft", "--depth", "9"],
        vec!["perft", "--depth", "-1"],
        vec!["perft", "--depth", ""],
        vec!["perft", "--depth", "+1"],
        vec!["perft", "--depth", "1.0"],
        vec!["perft", "--depth", "\u{661}"],
        vec!["playouts", "--games", &max],
        vec!["playouts", "--games", "0"],
        vec!["playouts", "--games", "1", "--threads", "0"],
        vec!["playouts", "--games", "1", "--threads", "257"],
        vec!["playouts", "--games", "1", "--seed", over],
        vec!["playouts", "--games", "1", "--seed", "-1"],
        vec!["moves", "--roll", "0"],
        vec!["moves", "--roll", "7"],
        vec!["moves", "--roll", "6"],
        vec!["moves", "--roll", "300"],
        vec!["moves", "--ruleset", "bell", "--roll", "5"],
        vec!["game", "--seed", over],
        vec!["game", "--seed-hex", "ABCD"],
        vec!["game", "--seed-hex", &long_seed],
        vec!["think-time", "--games", "0"],
        vec!["think-time", "--games", "1001"],
        vec!["think-time", "--levels", "1,9"],
        vec!["think-time", "--levels", "1,2,1"],
        vec!["tune", "--games", "0"],
        vec!["tune", "--games", "1", "--ridge", "NaN"],
        vec!["tune", "--games", "1", "--ridge", "inf"],
        vec!["tune", "--games", "1", "--ridge", "-1"],
        vec!["tune", "--games", "1", "--ridge", "1001"],
        vec!["tune", "--games", "1", "--rounds", "0"],
        vec!["tune", "--games", "1", "--rounds", "101"],
        vec!["tune", "--games", "1", "--sample", "0"],
        vec!["tune", "--games", "1", "--sample", "4294967296"],
        vec!["study", "--games", "0"],
        vec!["study", "--games", "1000000001"],
        vec!["study", "--games", "1", "--threads", "65"],
        vec!["study", "--games", "1", "--bot-games", "0"],
        vec!["study", "--games", "1", "--bot-games", "10000001"],
        vec!["play", "--level", "9"],
        vec!["play", "--level", "0"],
        vec!["play", "--side", "z"],
        vec!["play", "--seed", "ZZ"],
        vec!["odds", "--verify", "--bound", "4"],
        vec!["odds", "--verify", "--bound", "0"],
        vec!["odds", "--out", "x", "--build", "4"],
        vec!["odds", "--check", "0"],
        vec!["odds", "--check", "100000001"],
        vec![
            "train",
            "--ruleset",
            "kendall",
            "--out",
            "x",
            "--games",
            "0",
        ],
        vec![
            "train",
            "--ruleset",
            "kendall",
            "--out",
            "x",
            "--games",
            "100000001",
        ],
        vec![
            "train",
            "--ruleset",
            "kendall",
            "--out",
            "x",
            "--lambda",
            "2",
        ],
        vec![
            "train",
            "--ruleset",
            "kendall",
            "--out",
            "x",
            "--rate",
            "NaN",
        ],
        vec![
            "train",
            "--ruleset",
            "kendall",
            "--out",
            "x",
            "--final-rate",
            "-0.5",
        ],
        vec!["duel", "--a", "random", "--b", "random", "--games", "0"],
        vec!["duel", "--a", "random", "--b", "random", "--games", "3"],
        vec![
            "duel", "--a", "random", "--b", "random", "--games", "20000000",
        ],
        vec!["duel", "--a", "random", "--b", "random", "--games", &max],
    ];
    for args in &cases {
        let output = senet(&os(args));
        assert_refusal(&os(args), 2, &output);
        let said = stderr(&output);
        // The option refused is named...
        let option = args.iter().rev().find(|a| a.starts_with("--")).unwrap();
        assert!(
            said.contains(option),
            "{args:?}: the error should name {option}: {said}"
        );
        // ... and, when the value refused is a number, its range.
        let last = args.last().unwrap();
        if !last.is_empty() && last.chars().all(|c| c.is_ascii_digit()) {
            assert!(
                said.contains(" to ") || said.contains("at most") || said.contains("cannot"),
                "{args:?}: the error should name the range: {said}"
            );
        }
    }
    for agent in [
        "depth:0",
        "depth:5",
        "depth:256",
        "depth:1000",
        "search:0:100",
        "search:33:100",
        "search:3:0",
        "search:3:1000000001",
        "search:3:100:25",
        "search:3:100:31",
        "search:3:100:63",
        "search:3:100:256",
        "level:0",
        "level:6",
        "level:256",
        "random@race",
        "baseline@race",
        "baseline:2",
        "greedy@/nonexistent",
        "greedy@/dev/null",
        "teleport",
    ] {
        let args = os(&["duel", "--a", agent, "--b", "random", "--games", "2"]);
        let output = senet(&args);
        assert_refusal(&args, 2, &output);
        assert!(
            stderr(&output).contains("'--a <AGENT>'"),
            "{agent}: {}",
            stderr(&output)
        );
    }
}

/// `--seed N` is a decimal `u64` wherever a subcommand takes a seed, and
/// `--seed-hex HEX` (lower-case hex bytes) only where it is documented.
#[test]
fn every_seed_is_decimal_and_only_game_and_play_take_hex() {
    let seeded: [&[&str]; 8] = [
        &["game"],
        &["play"],
        &["duel", "--a", "random", "--b", "random", "--games", "2"],
        &["playouts", "--games", "1"],
        &["think-time", "--games", "1"],
        &["tune", "--games", "1"],
        &["study", "--games", "1", "--bot-games", "1"],
        &["odds", "--bound", "1", "--check", "1"],
    ];
    for good in seeded {
        for bad in ["0x10", "ff", "1e3", "-1", "+1", " 1", "1_000", ""] {
            assert_refused_saying(good, &["--seed", bad], &["--seed", "in decimal digits"]);
        }
        if !["game", "play"].contains(&good[0]) {
            assert_refused_saying(
                good,
                &["--seed-hex", "01"],
                &["unexpected argument '--seed-hex'"],
            );
        }
    }
    assert_refused_saying(
        &["train", "--ruleset", "skyruk", "--out", "x"],
        &["--seed", "0x10"],
        &["in decimal digits"],
    );
    for bad in ["0x01", "ABCD", "1", "zz", &"00".repeat(33)] {
        assert_refused_saying(&["game"], &["--seed-hex", bad], &["--seed-hex"]);
    }
    for command in ["game", "play"] {
        assert_refused_saying(
            &[command],
            &["--seed", "1", "--seed-hex", "01"],
            &["--seed", "--seed-hex", "cannot be used with"],
        );
    }
    for (args, first) in [
        (
            &["game", "--seed", "18446744073709551615"][..],
            "seed: 18446744073709551615 (hex ffffffffffffffff)",
        ),
        (&["game", "--seed", "007"], "seed: 7 (hex 0700000000000000)"),
        (
            &["game", "--seed-hex", "00ff"],
            "seed: hex 00ff (play this game again with --seed-hex 00ff)",
        ),
    ] {
        let output = senet(&os(args));
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(
            stdout(&output).starts_with(first),
            "{args:?}: {}",
            stdout(&output)
        );
    }
    // Without a seed, a fresh one is printed first, with the option that plays it again.
    let fresh = stdout(&senet(&os(&["game", "--ruleset", "bell"])));
    assert!(
        fresh.starts_with("seed: ") && fresh.lines().next().unwrap().contains("again with --seed ")
    );
}
