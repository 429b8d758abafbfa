//! The terminal game driven by scripted input, in-process (ported from
//! the library's `tests/play_terminal.rs` when the terminal moved into the
//! command): every line of output can be checked. The command itself is
//! run with piped input by `tests/cli.rs`.

use std::io::{self, BufRead, Cursor, Read};

use senet_bot::Level;

use super::{Ended, Options, Session, Stop};
use senet::game::Finish;
use senet::{AnyRuleset, Record, Seed, Side};

fn options(human: Side) -> Options {
    Options::new(Level::new(1).unwrap(), Seed::from_u64(7)).playing(human)
}

fn run_with(ruleset: AnyRuleset, options: Options, input: &[u8]) -> (Ended, String) {
    let mut output = Vec::new();
    let ended = Session::new(ruleset, options)
        .play(&mut Cursor::new(input), &mut output)
        .expect("writing to a Vec never fails");
    (
        ended,
        String::from_utf8(output).expect("the output is UTF-8"),
    )
}

fn run(ruleset: AnyRuleset, human: Side, input: &str) -> (Ended, String) {
    run_with(ruleset, options(human), input.as_bytes())
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
    assert_eq!(ended.winner(), Some(Side::O));
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
fn answers_that_are_not_text_or_too_long_are_asked_again() {
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend(vec![b'7'; 5_000]);
    input.extend("\n\x1b[2J\u{202e}\nresign\n".as_bytes());
    let (ended, output) = run_with(AnyRuleset::Kendall, options(Side::X), &input);
    assert_eq!(ended.finish, Some(Finish::Resignation { winner: Side::O }));
    assert!(
        output.contains("That answer is not UTF-8 text."),
        "{output}"
    );
    assert!(
        output.contains("That answer is too long (more than 1024 bytes)."),
        "{output}"
    );
    // A control character is quoted escaped, never written as itself.
    assert!(
        output.contains(r#"I do not understand "\u{1b}[2J\u{202e}""#),
        "{output}"
    );
    assert!(!output.contains('\u{1b}'));
    assert_eq!(output.matches("your move> ").count(), 4, "{output}");
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
fn the_seed_label_ends_the_output() {
    let options = options(Side::X).with_seed_label("7 (play this game again with --seed 7)");
    let (_, output) = run_with(AnyRuleset::Bell, options, b"resign\n");
    assert!(
        output.ends_with("seed: 7 (play this game again with --seed 7)\n"),
        "{output}"
    );
}

#[test]
fn a_session_plays_the_same_game_each_time() {
    let session = Session::new(AnyRuleset::Skyruk, options(Side::O));
    let answers = "1\n".repeat(20_000);
    let first = session
        .play(&mut Cursor::new(&answers), &mut io::sink())
        .unwrap();
    let again = session
        .play(&mut Cursor::new(&answers), &mut io::sink())
        .unwrap();
    assert_eq!(first, again);
}

/// An input that fails after its first line.
struct Failing(Cursor<Vec<u8>>);

impl Read for Failing {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}

impl BufRead for Failing {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.0.position() as usize >= self.0.get_ref().len() {
            return Err(io::Error::other("the disk is on fire"));
        }
        self.0.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        self.0.consume(n)
    }
}

#[test]
fn a_failing_input_stops_the_session() {
    let mut input = Failing(Cursor::new(b"help\n".to_vec()));
    let stop = Session::new(AnyRuleset::Kendall, options(Side::X))
        .play(&mut input, &mut Vec::new())
        .unwrap_err();
    assert!(matches!(stop, Stop::Input(_)), "{stop:?}");
    assert!(stop.to_string().contains("the disk is on fire"));
}

/// The terminal says what a move did in the library's words
/// (`senet::effect::Effect`) when the notation does not say it all: swaps in
/// Kendall, captures in Bell, the water; and nothing for a plain move.
#[test]
fn the_terminal_says_what_a_move_did() {
    let answers = "1\n".repeat(20_000);
    let (_, kendall) = run(AnyRuleset::Kendall, Side::X, &answers);
    assert!(
        kendall.contains("and swaps with o's piece there, which goes to")
            || kendall.contains("and swaps with x's piece there, which goes to"),
        "{kendall}"
    );
    assert!(kendall.contains("into the water (27) and comes out on"));
    assert!(!kendall.contains("Into the water!"));
    let (_, bell) = run(AnyRuleset::Bell, Side::X, &answers);
    assert!(bell.contains("piece there."), "{bell}");
    assert!(bell.contains("captures"), "{bell}");
    // A plain move is its notation alone.
    let plain = kendall.lines().find(|line| {
        line.split_once("You play ")
            .is_some_and(|(_, played)| played.matches('.').count() == 1)
    });
    assert!(plain.is_some(), "{kendall}");
}

/// `help` explains the ruleset's own throw: Bell's long die, no sticks;
/// Jéquier's sticks counting 6 when none is light; Kendall's counting 5.
#[test]
fn the_help_explains_the_rulesets_own_throw() {
    /// The answer to `help`: from its first line to the next prompt.
    fn help_of(ruleset: AnyRuleset) -> String {
        let (_, output) = run(ruleset, Side::X, "help\nresign\n");
        let start = output.find("Answer with the number").expect("the help");
        let help = &output[start..];
        help[..help.find("your move>").expect("asked again")].to_owned()
    }
    let bell = help_of(AnyRuleset::Bell);
    assert!(bell.contains("The throw: a long die"), "{bell}");
    assert!(!bell.contains("stick") && !bell.contains("dark"), "{bell}");
    let jequier = help_of(AnyRuleset::Jequier);
    assert!(jequier.contains("or 6 when none is"), "{jequier}");
    assert!(jequier.contains("6: 1/16"), "{jequier}");
    let kendall = help_of(AnyRuleset::Kendall);
    assert!(kendall.contains("four sticks"), "{kendall}");
    assert!(kendall.contains("or 5 when none is"), "{kendall}");
}

/// The terminal draws the game, not only its position: `board` shows
/// the throw waiting and its numbered moves, and the last board after a
/// resignation says who won by it, not whose throw it is.
#[test]
fn the_terminal_draws_the_game_with_its_throw_and_its_finish() {
    let (_, output) = run(AnyRuleset::Kendall, Side::X, "board\nresign\n");
    let listed: Vec<&str> = output
        .lines()
        .skip_while(|line| !line.starts_with("You threw "))
        .skip(1)
        .take_while(|line| line.starts_with("  ") && line.contains(") "))
        .collect();
    assert!(!listed.is_empty(), "{output}");
    // The answer to `board`: the game's diagram, its moves numbered as listed.
    let board = output
        .split("your move> ")
        .nth(1)
        .expect("the answer to board");
    assert!(board.contains(" threw "), "{board}");
    assert!(board.contains(" and has "), "{board}");
    for line in &listed {
        assert!(board.contains(&format!("{line}\n")), "{line} in {board}");
    }
    assert!(!board.contains("to throw."), "{board}");
    // The end: resigned.
    let end = output.rsplit("You resign.").next().unwrap();
    assert!(end.contains("; o won by resignation."), "{end}");
    assert!(!end.contains("to throw"), "{end}");
}

/// An output that is closed (`| head`).
struct Closed;

impl io::Write for Closed {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::ErrorKind::BrokenPipe.into())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_closed_output_stops_the_session() {
    let stop = Session::new(AnyRuleset::Kendall, options(Side::X))
        .play(&mut Cursor::new("1\n"), &mut Closed)
        .unwrap_err();
    assert!(matches!(stop, Stop::Output(_)), "{stop:?}");
}

#[test]
fn options_and_the_end_say_who_won() {
    let options = Options::new(Level::new(1).unwrap(), Seed::from_u64(7)).playing(Side::O);
    assert_eq!(options.human, Side::O);
    let (ended, _) = run_with(AnyRuleset::Kendall, options, b"resign\n");
    // The player, on o, resigned.
    assert_eq!(ended.winner(), Some(Side::X));
}
