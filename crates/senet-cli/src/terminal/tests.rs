//! The terminal game driven by scripted input, in-process: every line of
//! output can be checked. The command itself is run with piped input by
//! the tests of `crates/senet-cli/tests/cli/`.

use std::cell::RefCell;
use std::io::{self, BufRead, Cursor, Read, Write};
use std::rc::Rc;

use senet_bot::{Decision, Level};

use super::answer::Answer;
use super::{Ended, Options, Session, Stop};
use senet::game::{Finish, Thrown};
use senet::{AnyRuleset, Game, Record, Seed, Side};

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

/// An output the test keeps a handle on while the session writes it.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A player who reads the output and types what the list of moves says
/// to type for its first move, as a person following the list would;
/// after `answers` answers, the end of input.
struct FirstListed {
    out: Shared,
    answer: Cursor<Vec<u8>>,
    answers: usize,
}

impl FirstListed {
    /// What the last list of moves says to type for its first move.
    fn choose(&self) -> String {
        let out = self.out.0.borrow();
        let text = String::from_utf8_lossy(&out);
        let since = text.rfind("You threw ").expect("a throw to answer");
        let first = text[since..]
            .lines()
            .find_map(|line| line.strip_prefix("  type "))
            .expect("a listed move");
        let (typed, _) = first.split_once(" for ").expect("`type T for M`");
        format!("{}\n", typed.trim())
    }
}

impl Read for FirstListed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.read(buf)?;
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for FirstListed {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.answer.position() as usize >= self.answer.get_ref().len() && self.answers > 0 {
            self.answers -= 1;
            self.answer = Cursor::new(self.choose().into_bytes());
        }
        self.answer.fill_buf()
    }
    fn consume(&mut self, n: usize) {
        self.answer.consume(n)
    }
}

/// A game in which the player always types what the list says for its
/// first move.
fn run_first_listed(ruleset: AnyRuleset, human: Side) -> (Ended, String) {
    let out = Shared::default();
    let mut input = FirstListed {
        out: out.clone(),
        answer: Cursor::new(Vec::new()),
        answers: 20_000,
    };
    let ended = Session::new(ruleset, options(human))
        .play(&mut input, &mut out.clone())
        .expect("writing to a Vec never fails");
    let text = String::from_utf8(out.0.take()).expect("the output is UTF-8");
    (ended, text)
}

#[test]
fn a_whole_game_is_played_by_typing_what_the_list_says() {
    for ruleset in AnyRuleset::ALL {
        for human in Side::BOTH {
            let (ended, output) = run_first_listed(ruleset, human);
            let finish = ended.finish.expect("the game ends");
            assert!(
                !matches!(finish, Finish::Resignation { .. }),
                "{ruleset}: the game should end by the rules\n{output}"
            );
            let record: Record = ended.record.parse().expect("the record parses");
            assert!(record.verify().is_ok(), "{ruleset}: the record verifies");
            assert!(output.contains(&format!("seed: {}", Seed::from_u64(7))));
            assert!(output.contains("your move> "));
            // Each answer typed from the list was taken, and played the
            // move the list shows beside it.
            let mut listed = None;
            for (line, next) in output.lines().zip(output.lines().skip(1)) {
                if line.starts_with("You threw ") {
                    listed = next
                        .strip_prefix("  type ")
                        .map(|l| l.split_once(" for ").unwrap().1);
                }
                if let Some(played) = line.strip_prefix("your move> You play ") {
                    let notation = listed.take().expect("a list before each answer");
                    assert!(
                        played.starts_with(&format!("{notation}.")),
                        "{ruleset}: {line} after {notation}"
                    );
                }
                if line.starts_with("your move> ") {
                    assert!(
                        line.starts_with("your move> You play "),
                        "{ruleset}: an answer from the list refused: {line}"
                    );
                }
            }
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
        "\n0\n99\n1\nfoo\nquit\n5: 1-6\n2: 99-1\n10-off\nhelp\nhint\nboard\nresign\n",
    );
    assert_eq!(ended.finish, Some(Finish::Resignation { winner: Side::O }));
    assert_eq!(ended.winner(), Some(Side::O));
    for expected in [
        "Nothing was typed. Type the start house of a move (",
        "I do not understand \"0\". Type ",
        "I do not understand \"99\". Type ",
        // A bare number is a start house: o's piece is on 1.
        "is a move from 1: x has no piece on 1. Type ",
        "I do not understand \"foo\". Type ",
        // Only `resign` resigns.
        "I do not understand \"quit\". Type ",
        "hint, board, help or resign.",
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
    assert!(output.matches("your move> ").count() >= 13, "{output}");
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
fn moves_can_be_written_as_listed_in_notation_or_by_houses() {
    // Kendall's start with the seed 7: read the first listed move and
    // answer with what the list says to type, its notation and its houses.
    let (_, output) = run(AnyRuleset::Kendall, Side::X, "");
    let (typed, first) = output
        .lines()
        .find_map(|line| line.strip_prefix("  type ")?.split_once(" for "))
        .expect("a listed move");
    let houses = first
        .split(": ")
        .nth(1)
        .unwrap()
        .trim_end_matches(['x', '<', '+']);
    let start = houses.split('-').next().unwrap();
    assert_eq!(typed.trim(), start, "a bare start house is listed");
    for answer in [typed.trim(), first, houses, start] {
        let (_, played) = run(AnyRuleset::Kendall, Side::X, &format!("{answer}\n"));
        assert!(
            played.contains(&format!("You play {first}")),
            "{answer}: {played}"
        );
    }
}

/// The terminal reads a move exactly as the library's lenient reader does:
/// the same text gives the same move through `Game::play_typed` and
/// through the terminal's `Answer::parse`, or is refused by both.
#[test]
fn the_terminal_reads_moves_as_game_play_typed_does() {
    for ruleset in AnyRuleset::ALL {
        let mut game = Game::seeded(ruleset, Seed::from_u64(11));
        let mut checked = 0;
        for _ in 0..60 {
            if game.is_over() {
                break;
            }
            let Ok(Thrown::ToPlay(_)) = game.throw() else {
                continue;
            };
            let view = game.view();
            let decision = Decision::from_view(&view).unwrap();
            let first = decision.moves()[0];
            let notation = decision.position().notation(first).to_string();
            let bare = notation.trim_end_matches(['x', '<', '+']).to_owned();
            let (from, to) = (first.from().to_string(), first.to().to_string());
            let mut texts = vec![
                from.clone(),
                format!("{from}-{to}"),
                format!(" {from} {to} "),
                notation.clone(),
                bare.clone(),
                bare.to_uppercase(),
                "off".to_owned(),
                "0".to_owned(),
                "31".to_owned(),
                "1: 1-2".to_owned(),
                "10-".to_owned(),
            ];
            texts.extend((1..=30).map(|house| house.to_string()));
            for text in &texts {
                let by_terminal = match Answer::parse(&decision, text) {
                    Ok(Answer::Play(mv)) => Some(decision.position().notation(mv)),
                    Ok(other) => panic!("{text:?} read as {other:?}"),
                    Err(_) => None,
                };
                let by_game = game.clone().play_typed(text).ok().map(|turn| turn.text());
                assert_eq!(
                    by_terminal,
                    by_game,
                    "{ruleset}: {text:?} at\n{}",
                    senet_view::diagram::game(&view)
                );
                checked += usize::from(by_game.is_some());
            }
            game.play(first).unwrap();
        }
        assert!(checked > 20, "{ruleset}: {checked} moves read");
    }
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
    // Every house in turn: the answers that are no move are refused.
    let answers: String = (1..=30).map(|house| format!("{house}\n")).collect();
    let answers = answers.repeat(1_000);
    let first = session
        .play(&mut Cursor::new(&answers), &mut io::sink())
        .unwrap();
    let again = session
        .play(&mut Cursor::new(&answers), &mut io::sink())
        .unwrap();
    assert_eq!(first, again);
    assert!(
        !matches!(first.finish, Some(Finish::Resignation { .. })),
        "{first:?}"
    );
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
    let (_, kendall) = run_first_listed(AnyRuleset::Kendall, Side::X);
    assert!(
        kendall.contains("and swaps with o's piece there, which goes to")
            || kendall.contains("and swaps with x's piece there, which goes to"),
        "{kendall}"
    );
    assert!(kendall.contains("into the water (27) and comes out on"));
    assert!(!kendall.contains("Into the water!"));
    let (_, bell) = run_first_listed(AnyRuleset::Bell, Side::X);
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
        let start = output
            .find("Answer with the start house")
            .expect("the help");
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
/// the throw waiting and its moves listed with what to type (not
/// numbered), and the last board after a
/// resignation says who won by it, not whose throw it is.
#[test]
fn the_terminal_draws_the_game_with_its_throw_and_its_finish() {
    let (_, output) = run(AnyRuleset::Kendall, Side::X, "board\nresign\n");
    let listed: Vec<&str> = output
        .lines()
        .skip_while(|line| !line.starts_with("You threw "))
        .skip(1)
        .take_while(|line| line.starts_with("  type ") && line.contains(" for "))
        .collect();
    assert!(!listed.is_empty(), "{output}");
    // The answer to `board`: the game's diagram, its moves as listed.
    let board = output
        .split("your move> ")
        .nth(1)
        .expect("the answer to board");
    assert!(board.contains(" threw "), "{board}");
    assert!(board.contains(" and has "), "{board}");
    for line in &listed {
        assert!(board.contains(&format!("{line}\n")), "{line} in {board}");
    }
    assert!(!board.contains("1) "), "{board}");
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
