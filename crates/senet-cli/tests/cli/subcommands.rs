//! What each subcommand prints and how it ends: game, perft, moves,
//! replay, play, tune, duel and playouts, as documented, and a closed
//! output or a full disk.

use super::*;

/// Whether `line` opens a board drawn by the library's diagram (the
/// house numbers of the first row), indented or not.
fn opens_board(line: &str) -> bool {
    line.trim_start().starts_with("1   2   3   4")
}

/// `senet game` explains its game: a legend, one line per throw with the
/// throw in standard notation exactly as the record writes it, the board
/// after every hit and bearing off (after every move with `--board`), and
/// an end that names nobody to throw. The same seed prints the same text.
#[test]
fn game_explains_its_game_and_keeps_the_notation() {
    let path = scratch("game-record.txt", b"");
    let mut args = os(&["game", "--ruleset", "kendall", "--seed", "1", "--record"]);
    args.push(path.clone().into_os_string());
    let output = senet(&args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let record: Record = std::fs::read_to_string(&path).unwrap().parse().unwrap();
    std::fs::remove_file(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let (last, lines) = lines.split_last().unwrap();
    assert_eq!(*last, format!("record written to {}", path.display()));
    assert!(lines[0].starts_with("seed: 1 "), "{}", lines[0]);
    let legend = lines
        .iter()
        .position(|l| *l == "legend:")
        .expect("a legend");
    for mark in [
        "    x ",
        "    < ",
        "    + ",
        "  lost:",
        "  water:",
        "  throws: four sticks",
    ] {
        assert!(
            lines[legend..legend + 16]
                .iter()
                .any(|l| l.starts_with(mark)),
            "the legend explains {mark:?}"
        );
    }
    // One line per throw, `N. SIDE throws STICKS = ROLL  NOTATION  words`.
    let throws: Vec<(usize, &str)> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            l.split_once(". ")
                .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
        })
        .map(|(i, l)| (i, *l))
        .collect();
    assert_eq!(throws.len(), record.throws().len());
    let mut boards = 0;
    for ((i, line), (written, number)) in throws.iter().zip(record.throws().iter().zip(1usize..)) {
        let notation = written.to_string();
        let fields: Vec<&str> = line.split("  ").map(str::trim).collect();
        assert!(line.starts_with(&format!("{number}. ")), "{line}");
        assert!(fields.contains(&notation.as_str()), "{line}: no {notation}");
        let lost = written.play().is_none();
        assert_eq!(line.contains("no move: the throw is lost"), lost, "{line}");
        if number < throws.len() {
            assert_eq!(
                line.contains("throws again"),
                written.throws_again(),
                "{line}"
            );
        }
        let drawn = opens_board(lines[i + 1]);
        boards += usize::from(drawn);
        let hit_or_off = notation.contains('x') || notation.contains("off");
        assert_eq!(drawn, hit_or_off && number < throws.len(), "{line}");
    }
    assert!(boards > 0);
    // The end: the final board, whose status says who won, the position
    // string labelled so that it names nobody to throw, and the outcome.
    let end = lines
        .iter()
        .rposition(|l| *l == "final board:")
        .expect("a final board");
    assert!(opens_board(lines[end + 1]));
    let finish = record.finish().expect("the game ended");
    let tail = &lines[lines.len() - 2..];
    assert!(
        tail[0].starts_with("final position string (game over, nobody throws): "),
        "{}",
        tail[0]
    );
    assert_eq!(
        tail[1],
        format!("outcome: {finish} after {} throws", throws.len())
    );
    let final_board = lines[end..].join("\n");
    assert!(
        final_board.contains(&format!("; {finish}.")),
        "{final_board}"
    );
    assert!(
        !final_board.contains("to throw."),
        "nobody is to throw at the end"
    );
    // `--board`: a board after every move but the last, none after a lost throw.
    let with_boards = stdout(&senet(&os(&["game", "--seed", "1", "--board"])));
    let moves = record
        .throws()
        .iter()
        .filter(|t| t.play().is_some())
        .count();
    let drawn = with_boards
        .lines()
        .filter(|l| l.starts_with("    ") && opens_board(l))
        .count();
    assert_eq!(
        drawn,
        moves - 1 + 1,
        "every move but the last, and the start"
    );
    // The same seed, the same text.
    let again = stdout(&senet(&os(&[
        "game",
        "--ruleset",
        "kendall",
        "--seed",
        "1",
    ])));
    assert_eq!(again.lines().collect::<Vec<_>>(), lines);
    // The record it wrote replays.
    let picture = scratch("game.svg", b"");
    let mut args = os(&["game", "--ruleset", "bell", "--seed", "3", "--svg"]);
    args.push(picture.clone().into_os_string());
    assert!(senet(&args).status.success());
    assert!(
        std::fs::read_to_string(&picture)
            .unwrap()
            .starts_with("<svg")
    );
    std::fs::remove_file(picture).unwrap();
}

/// `senet perft` prints the count last, `NOTATION: COUNT` per first move
/// with `--divide`, one count per line with `--positions`.
#[test]
fn perft_prints_the_documented_counts() {
    let output = senet(&os(&["perft", "--depth", "3"]));
    assert_eq!(stdout(&output), "4189\n");
    let divided = stdout(&senet(&os(&[
        "perft",
        "--ruleset",
        "bell",
        "--depth",
        "2",
        "--divide",
    ])));
    let lines: Vec<&str> = divided.lines().collect();
    let (total, parts) = lines.split_last().unwrap();
    let total: u64 = total.parse().unwrap();
    let mut sum = 0;
    for line in parts {
        let (notation, count) = line.rsplit_once(": ").expect("NOTATION: COUNT");
        assert!(notation.parse::<senet::MoveText>().is_ok(), "{line}");
        sum += count.parse::<u64>().unwrap();
    }
    assert_eq!(sum, total);
    assert_eq!(total, 519);
    let file = scratch(
        "positions.txt",
        b"oxoxoxoxox.................... x 0 0\noxoxoxoxo..x.................. o 0 0\n",
    );
    let mut args = os(&["perft", "--depth", "1", "--positions"]);
    args.push(file.clone().into_os_string());
    assert_eq!(stdout(&senet(&args)), "18\n18\n");
    let bad = scratch(
        "bad-positions.txt",
        b"oxoxoxoxox.................... x 0 0\nnonsense\n",
    );
    let mut args = os(&["perft", "--depth", "1", "--positions"]);
    args.push(bad.clone().into_os_string());
    let output = senet(&args);
    assert_refusal(&args, 2, &output);
    assert!(stderr(&output).contains("bad position \"nonsense\""));
    for path in [file, bad] {
        std::fs::remove_file(path).unwrap();
    }
    assert_refused_saying(
        &["perft", "--depth", "1"],
        &["--position", "x", "--positions", "y"],
        &["--position", "--positions", "cannot be used with"],
    );
}

/// `senet moves` prints `NOTATION<TAB>POSITION AFTER`, one line per move,
/// or the lost throw; `--check` prints the same line for an exact legal
/// text and refuses anything else with exit code 1.
#[test]
fn moves_prints_the_documented_lines_and_checks_texts() {
    let output = senet(&os(&["moves", "--roll", "3"]));
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let start = senet::Position::start(senet::rulesets::Kendall);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    for line in &lines {
        let (notation, after) = line.split_once('\t').expect("a tab");
        let mv: senet::MoveText = notation.parse().unwrap();
        let played = mv.resolve(&start).unwrap().expect("a move");
        assert_eq!(start.play(played).unwrap().to_string(), after);
        // Each line is what --check prints for its own text.
        let checked = senet(&os(&["moves", "--roll", "3", "--check", notation]));
        assert_eq!(checked.status.code(), Some(0));
        assert_eq!(stdout(&checked), format!("{line}\n"));
    }
    for (text, why) in [
        ("2: 9-11", "no piece"),
        ("3: 10-12", "the roll is 2"),
        ("2:10-12", ""),
        ("nonsense", ""),
    ] {
        let args = os(&["moves", "--roll", "2", "--check", text]);
        let output = senet(&args);
        assert_refusal(&args, 1, &output);
        assert!(
            stderr(&output).starts_with(&format!("{text:?}: ")),
            "{}",
            stderr(&output)
        );
        assert!(stderr(&output).contains(why), "{}", stderr(&output));
        assert!(output.stdout.is_empty());
    }
    // A huge move text is refused the same way, on one short line.
    let huge = format!("2: 10-12{}", "\u{202e}".repeat(30_000));
    let args = os(&["moves", "--roll", "2", "--check", &huge]);
    let output = senet(&args);
    assert_refusal(&args, 1, &output);
    assert!(!stderr(&output).contains('\u{202e}'));
}

const HEADER: &str = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Result \"*\"]\n\n";

/// `senet replay` prints the ruleset, the seed, the players, the final
/// position and its board, and the verdict; exit code 0 when valid.
#[test]
fn replay_prints_the_documented_report() {
    let path = scratch("replay-record.txt", b"");
    let mut args = os(&["game", "--ruleset", "temple", "--seed", "42", "--record"]);
    args.push(path.clone().into_os_string());
    assert!(senet(&args).status.success());
    let mut args = os(&["replay", "--throws"]);
    args.push(path.clone().into_os_string());
    let output = senet(&args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "ruleset: temple (revision 1)");
    assert_eq!(lines[1], format!("seed: {}", Seed::from_u64(42)));
    assert_eq!(lines[2], "x: random");
    assert_eq!(lines[3], "o: random");
    let record: Record = std::fs::read_to_string(&path).unwrap().parse().unwrap();
    let position = lines
        .iter()
        .find_map(|l| l.strip_prefix("position: "))
        .expect("the position");
    assert_eq!(position, record.verify().unwrap().position().to_string());
    assert!(lines.iter().any(|l| opens_board(l)));
    assert!(
        lines.last().unwrap().starts_with("verdict: valid"),
        "{text}"
    );
    assert!(
        lines.len() > record.throws().len(),
        "--throws prints every throw"
    );
    assert!(output.stderr.is_empty());
    // Another seed: the rolls are not its rolls; invalid, exit code 1,
    // the problem on stderr, the board where it is.
    let tampered = std::fs::read_to_string(&path)
        .unwrap()
        .replace("[Seed \"2a00000000000000\"]", "[Seed \"2b00000000000000\"]");
    std::fs::write(&path, tampered).unwrap();
    let args = vec![OsString::from("replay"), path.clone().into_os_string()];
    let output = senet(&args);
    assert_refusal(&args, 1, &output);
    assert!(
        stderr(&output).starts_with("invalid: throw "),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).ends_with("verdict: invalid\n"));
    std::fs::remove_file(path).unwrap();
}

#[test]
fn replay_refuses_bad_records_with_exit_1_and_one_short_line() {
    // 10 MB, as docs/robustness.md says.
    const MB: usize = 10 * 1024 * 1024;
    let mut records: Vec<(&str, Vec<u8>)> =
        vec![
        ("newlines.txt", vec![b'\n'; MB]),
        ("one-line.txt", vec![b'a'; MB]),
        ("not-utf8.txt", b"\xff\n".to_vec()),
        ("empty.txt", Vec::new()),
        (
            "rlo.txt",
            "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[X \"Ann\u{202e}bob\"]\n[Result \"*\"]\n\n"
                .as_bytes()
                .to_vec(),
        ),
        (
            "ruleset.txt",
            format!("[Ruleset \"{}\"]\n[Revision \"1\"]\n[Result \"*\"]\n\n", "q".repeat(100))
                .into_bytes(),
        ),
        ("illegal.txt", format!("{HEADER}1. 2: 8-10\n").into_bytes()),
    ];
    let mut long = HEADER.as_bytes().to_vec();
    long.resize(MB, b'\n');
    records.push(("blank-lines.txt", long));
    for (name, bytes) in records {
        let path = scratch(name, &bytes);
        let args = vec![OsString::from("replay"), path.clone().into_os_string()];
        let output = senet(&args);
        assert_refusal(&args, 1, &output);
        let said = stderr(&output);
        assert!(said.starts_with("invalid: "), "{name}: {said}");
        assert!(!said.contains('\u{202e}'), "{name}: {said}");
        std::fs::remove_file(path).unwrap();
    }
    // What cannot be opened or read is an argument's fault: exit 2.
    for path in ["/nonexistent/record.txt", "/"] {
        let args = os(&["replay", path]);
        let output = senet(&args);
        assert_refusal(&args, 2, &output);
    }
}

/// A closed output (`| head`) ends the command quietly with exit code 0;
/// another write error is one line and exit code 1, never a panic.
#[test]
fn a_closed_output_is_a_quiet_end_and_a_full_disk_an_error() {
    for args in [
        &["game", "--seed", "7", "--board"][..],
        &["perft", "--depth", "2", "--divide"],
        &["moves", "--roll", "1"],
    ] {
        let output = hostile::into_closed_pipe(args);
        assert_eq!(
            output.status.code(),
            Some(141),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(output.stderr.is_empty(), "{args:?}: {}", stderr(&output));
    }
    #[cfg(target_os = "linux")]
    {
        let output = Command::new(env!("CARGO_BIN_EXE_senet"))
            .args(["perft", "--depth", "2", "--divide"])
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        assert_refusal(&os(&["> /dev/full"]), 1, &output);
        assert!(stderr(&output).starts_with("error: cannot write the output"));
    }
}

#[test]
fn play_explains_bad_answers_and_tells_a_read_error_from_a_closed_output() {
    let record = scratch("play-record.txt", b"");
    let mut input = b"\xff\n".to_vec();
    input.extend(vec![b'1'; 100_000]);
    input.push(b'\n');
    let output = senet_with_input(
        &[
            "play",
            "--level",
            "1",
            "--seed",
            "00",
            "--record",
            record.to_str().unwrap(),
        ],
        &input,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let said = stdout(&output);
    assert!(said.contains("That answer is not UTF-8 text."), "{said}");
    assert!(said.contains("That answer is too long"), "{said}");
    let written: Record = std::fs::read_to_string(&record).unwrap().parse().unwrap();
    assert_eq!(
        written.finish(),
        Some(Finish::Resignation { winner: Side::O })
    );
    std::fs::remove_file(&record).unwrap();
    // Standard input that cannot be read (a directory): exit 1, one line.
    #[cfg(unix)]
    {
        let output = Command::new(env!("CARGO_BIN_EXE_senet"))
            .args(["play", "--level", "1", "--seed", "00"])
            .stdin(std::fs::File::open("/").unwrap())
            .output()
            .unwrap();
        assert_refusal(&os(&["play < /"]), 1, &output);
        assert!(stderr(&output).contains("standard input"));
    }
}

/// Answers to `senet play`: the houses 1 to 30 in turn, `times` times.
/// A bare number is the start house of a move, so each throw is answered
/// by the first house in turn that starts a legal move (the others are
/// refused and asked again).
fn every_house_in_turn(times: usize) -> String {
    (1..=30)
        .map(|house| format!("{house}\n"))
        .collect::<String>()
        .repeat(times)
}

#[test]
fn play_runs_a_game_from_a_pipe() {
    // A few bad answers (`quit` does not resign: only `resign` does), then
    // every house in turn: a bare number is a start house, and the
    // numbers that start no move are refused.
    let input = format!("foo\n0\nquit\n{}", every_house_in_turn(500));
    let output = senet_with_input(
        &[
            "play",
            "--ruleset",
            "temple",
            "--level",
            "1",
            "--seed-hex",
            "00ff",
            "--side",
            "o",
        ],
        input.as_bytes(),
    );
    let said = stdout(&output);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(said.contains("I do not understand \"foo\""));
    assert!(
        said.contains("I do not understand \"quit\". Type "),
        "{said}"
    );
    assert!(said.contains("hint, board, help or resign."), "{said}");
    assert!(said.contains("has no piece on"), "{said}");
    // The game was played to its end by the rules: nobody resigned.
    assert!(!said.contains("You resign."), "{said}");
    assert!(!said.contains("[Ending \"resignation\"]"), "{said}");
    assert!(said.contains("[Ruleset \"temple\"]"));
    assert!(
        said.contains("seed: hex 00ff (play this game again with --seed-hex 00ff)"),
        "{said}"
    );
}

#[test]
fn play_takes_a_decimal_seed_and_its_hex_plays_the_same_game() {
    let input = every_house_in_turn(500);
    let by_number = senet_with_input(
        &[
            "play",
            "--ruleset",
            "kendall",
            "--level",
            "1",
            "--seed",
            "7",
        ],
        input.as_bytes(),
    );
    let said = stdout(&by_number);
    assert!(by_number.status.success(), "{said}");
    assert!(
        said.contains(&format!(
            "seed: 7 (hex {}; play this game again with --seed 7)",
            Seed::from_u64(7)
        )),
        "{said}"
    );
    let record_of = |text: &str| -> String {
        let start = text.find("[Ruleset ").expect("the record is printed");
        text[start..]
            .lines()
            .take_while(|l| !l.starts_with("seed: "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let hex = Seed::from_u64(7).to_string();
    let by_hex = senet_with_input(
        &[
            "play",
            "--ruleset",
            "kendall",
            "--level",
            "1",
            "--seed-hex",
            &hex,
        ],
        input.as_bytes(),
    );
    assert_eq!(record_of(&stdout(&by_hex)), record_of(&said));
    for (args, why) in [
        (&["--seed", "00ff"][..], "'00ff' for '--seed <N>'"),
        (&["--seed", "-1"][..], "expected a whole number"),
        (
            &["--seed", "18446744073709551616"][..],
            "expected a whole number",
        ),
        (&["--seed-hex", "0g"][..], "lower-case hex"),
    ] {
        let mut all = vec!["play"];
        all.extend(args);
        let output = senet_with_input(&all, b"");
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains(why),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty(), "{args:?}: nothing is played");
    }
}

#[test]
fn tune_stops_rather_than_write_weights_that_are_not_numbers() {
    let out = std::env::temp_dir().join(format!("senet-cli-tune-{}.txt", std::process::id()));
    let output = senet(&os(&[
        "tune",
        "--games",
        "1",
        "--rounds",
        "1",
        "--sample",
        "1000",
        "--out",
        out.to_str().unwrap(),
    ]));
    if output.status.success() {
        let text = std::fs::read_to_string(&out).unwrap();
        text.parse::<senet_bot::Weights>().expect("finite weights");
        std::fs::remove_file(&out).unwrap();
    } else {
        assert_eq!(output.status.code(), Some(1));
        assert!(!out.exists(), "nothing is written when tuning fails");
    }
    // NaN weights given to duel are refused.
    let nan = scratch("nan-weights.txt", "NaN\n".repeat(FEATURES).as_bytes());
    let spec = format!("greedy@{}", nan.display());
    let args = os(&["duel", "--a", &spec, "--b", "random", "--games", "2"]);
    let output = senet(&args);
    assert_refusal(&args, 2, &output);
    assert!(stderr(&output).contains("finite"), "{}", stderr(&output));
}

#[test]
fn duel_and_playouts_print_their_statistics() {
    let duel = stdout(&senet(&os(&[
        "duel", "--a", "random", "--b", "baseline", "--games", "2", "--timing",
    ])));
    assert!(
        duel.starts_with("ruleset: kendall\na: random   b: baseline\n"),
        "{duel}"
    );
    assert!(duel.contains("a win rate: ") && duel.ends_with('\n'));
    assert!(duel.lines().last().unwrap().starts_with("games/s: "));
    let playouts = stdout(&senet(&os(&[
        "playouts",
        "--games",
        "20",
        "--threads",
        "2",
    ])));
    assert!(playouts.contains("games: 20\n"), "{playouts}");
    assert!(playouts.lines().last().unwrap().starts_with("games/s: "));
    let odds = stdout(&senet(&os(&[
        "odds",
        "--bound",
        "1",
        "--position",
        ".........................x...o x 4 4",
    ])));
    assert!(
        odds.starts_with("x: 0.") && odds.ends_with(" (exact)\n"),
        "{odds}"
    );
}
