//! The terminal game of the `play` example, driven by scripted input.
//!
//! The example's game loop is generic over `BufRead`/`Write`, so this test
//! includes the example's source and plays through that loop in-process
//! (fast, and every line of output can be checked). It also runs the
//! example's own binary with piped standard input when `cargo test` has
//! built it (it builds examples unless a single test target is selected);
//! otherwise that part says so and is skipped.

#[allow(dead_code)]
#[path = "../examples/play.rs"]
mod play;

use std::io::{Cursor, Write};
use std::process::{Command, Stdio};

use play::{Options, session};
use senet::bot::Level;
use senet::{AnyRuleset, Finish, Record, Seed, Side};

fn run(ruleset: AnyRuleset, human: Side, input: &str) -> (play::Ended, String) {
    let options = Options {
        level: Level::new(1).unwrap(),
        seed: Seed::from_u64(7),
        human,
        tables: None,
    };
    let mut output = Vec::new();
    let ended = session(
        ruleset,
        options,
        &mut Cursor::new(input.as_bytes()),
        &mut output,
    )
    .expect("writing to a Vec never fails");
    (
        ended,
        String::from_utf8(output).expect("the output is UTF-8"),
    )
}

#[test]
fn a_whole_game_is_played_from_piped_answers() {
    let answers = "1\n".repeat(20_000);
    for ruleset in AnyRuleset::ALL {
        for human in Side::BOTH {
            let (ended, output) = run(ruleset, human, &answers);
            let finish = ended.finish.expect("the game ends");
            assert!(
                !matches!(finish, Finish::Resignation { .. }),
                "{ruleset}: the game should end by the rules\n{output}"
            );
            let record: Record = ended.record.parse().expect("the record parses");
            assert!(record.verify().is_ok(), "{ruleset}: the record verifies");
            assert!(output.contains(&format!("seed: {}", Seed::from_u64(7))));
            assert!(output.contains("your move> "));
            if ruleset == AnyRuleset::Temple {
                assert!(
                    output.contains("the guardian"),
                    "Temple's bot is the guardian"
                );
            }
        }
    }
}

#[test]
fn bad_answers_are_explained_and_asked_again() {
    let (ended, output) = run(
        AnyRuleset::Kendall,
        Side::X,
        "\n0\n99\nfoo\n5: 1-6\n2: 99-1\n10-off\nhelp\nhint\nboard\nresign\n",
    );
    assert_eq!(ended.finish, Some(Finish::Resignation { winner: Side::O }));
    for expected in [
        "Please answer with a number",
        "There is no move 0",
        "There is no move 99",
        "I do not understand \"foo\"",
        "hint    the bot's view",
        "ranks your moves",
        "You resign.",
        "wins by resignation",
    ] {
        assert!(
            output.contains(expected),
            "missing {expected:?} in\n{output}"
        );
    }
    // Every answer after a bad one was asked for again.
    assert!(output.matches("your move> ").count() >= 11, "{output}");
}

#[test]
fn the_end_of_input_resigns_cleanly() {
    let (ended, output) = run(AnyRuleset::Temple, Side::X, "");
    assert!(matches!(
        ended.finish,
        Some(Finish::Resignation { winner: Side::O })
    ));
    assert!(output.contains("(end of input)"));
    let record: Record = ended.record.parse().unwrap();
    assert!(record.verify().is_ok());
}

#[test]
fn moves_can_be_written_in_notation_or_by_houses() {
    // Kendall's start with the seed 7: read the first offered move and answer with its notation.
    let (_, output) = run(AnyRuleset::Kendall, Side::X, "");
    let first = output
        .lines()
        .find_map(|line| line.trim().strip_prefix("1) "))
        .expect("a numbered move")
        .to_owned();
    let (_, by_notation) = run(AnyRuleset::Kendall, Side::X, &format!("{first}\n"));
    assert!(
        by_notation.contains(&format!("You play {first}")),
        "{by_notation}"
    );
    let houses = first
        .split(": ")
        .nth(1)
        .unwrap()
        .trim_end_matches(['x', '<', '+']);
    let (_, by_houses) = run(AnyRuleset::Kendall, Side::X, &format!("{houses}\n"));
    assert!(
        by_houses.contains(&format!("You play {first}")),
        "{by_houses}"
    );
}

#[test]
fn the_built_example_plays_from_a_pipe() {
    let Some(binary) = std::env::current_exe().ok().and_then(|exe| {
        let profile = exe.parent()?.parent()?;
        let path = profile
            .join("examples")
            .join(format!("play{}", std::env::consts::EXE_SUFFIX));
        path.exists().then_some(path)
    }) else {
        eprintln!(
            "the play example is not built (run all of `cargo test`); skipping the pipe test"
        );
        return;
    };
    let mut child = Command::new(binary)
        .args([
            "--ruleset",
            "temple",
            "--level",
            "1",
            "--seed",
            "00ff",
            "--side",
            "o",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let mut stdin = child.stdin.take().unwrap();
    // A few bad answers, then the first move every time; ignore a closed pipe.
    let _ = stdin.write_all(b"foo\n0\n");
    let _ = stdin.write_all("1\n".repeat(5_000).as_bytes());
    drop(stdin);
    let output = child.wait_with_output().expect("the example runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("I do not understand \"foo\""));
    assert!(stdout.contains("[Ruleset \"temple\"]"));
    assert!(stdout.contains("seed: 00ff"));
}
