//! Play Senet against a bot in the terminal:
//! `play --ruleset temple --level 2 [--seed HEX] [--side x|o] [--record FILE] [--svg FILE] [--tables FILE]`.
//!
//! The board is drawn as the three rows of ten of the track, in its S
//! order (row 1 left to right, row 2 right to left, row 3 left to right),
//! with the special houses marked; under it both sides' borne-off counts.
//! Each throw shows the sticks as they fell. On your throw the legal moves
//! are numbered: answer with a number, with the move in notation
//! (`2: 10-12`), or with just its houses (`10-12`, `26-off`). `hint` shows
//! the bot's ranking of your moves, `board` draws the board again, `help`
//! explains, `resign` gives up. A bad answer is explained and asked again.
//! Lost throws and extra throws are announced. In Temple the bot is the
//! guardian. With `--tables FILE` (solved endgames, written by the `odds`
//! example's `--build`), a bot of level 2 or up plays the endgames the
//! table holds perfectly, and `hint` there gives the exact odds.
//!
//! Input is read line by line from standard input, so a game can be
//! scripted (`printf '1\n1\n...' | play ...`); the end of input resigns.
//! An answer that is not UTF-8 text, or longer than 1,024 bytes, is
//! explained and asked again.
//!
//! Exit codes: 0 when the game was played to its end (by the rules, a
//! resignation or the end of input), or when standard output was closed
//! (`| head`); 1 when standard input could not be read (the game is
//! abandoned and no record is written); 2 for bad arguments (`--level` 1
//! to 4, `--seed` lower-case hex of at most 32 bytes, `--side` x or o) or
//! a file that cannot be written.
//! At the end the game's record and its seed are printed (and written to
//! `--record FILE`), so the game can be checked with the `replay` example.
//! Without `--seed`, a fresh seed is made and kept secret until the end:
//! knowing it would tell the throws to come.

#[path = "common/mod.rs"]
mod common;

use std::io::{self, BufRead, Read, Write};

use common::{Args, MAX_MESSAGE, fail, fresh_seed, one_line, quote, read_table};
use senet::bot::{Agent, Bot, Decision, Level};
use senet::rulesets::BuiltIn;
use senet::{
    AnyRuleset, Finish, Game, Move, Outcome, Ruleset, Seed, Side, Target, Thrown, TypedMoveError,
};

/// The options of one terminal game.
#[derive(Clone, Debug)]
pub struct Options {
    /// The bot's level.
    pub level: Level,
    /// The seed of the throws.
    pub seed: Seed,
    /// The side the human plays.
    pub human: Side,
    /// A file of solved endgames for the bot and the hints.
    pub tables: Option<std::path::PathBuf>,
}

/// How a terminal game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// The finish (by the rules or by resignation).
    pub finish: Option<Finish>,
    /// The record, as text.
    pub record: String,
}

#[allow(dead_code)]
fn main() {
    let args = Args::parse(include_str!("play.rs"), &[]);
    args.only(&[
        "ruleset", "level", "seed", "side", "record", "svg", "tables",
    ]);
    args.no_positional();
    let ruleset = args.ruleset_or(AnyRuleset::Kendall);
    let level: Level = args
        .parsed("level")
        .unwrap_or(Level::new(2).unwrap_or_else(|| fail("no level 2")));
    let seed: Seed = args
        .parsed("seed")
        .unwrap_or_else(|| Seed::from_u64(fresh_seed()));
    let human = match args.value("side") {
        None | Some("x") => Side::X,
        Some("o") => Side::O,
        Some(other) => fail(format!("--side must be x or o, found {}", quote(other))),
    };
    let tables = args.value("tables").map(std::path::PathBuf::from);
    let options = Options {
        level,
        seed,
        human,
        tables,
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut output = io::stdout().lock();
    let ended = senet::with_ruleset!(ruleset, |r| session(r, options, &mut input, &mut output));
    match ended {
        Ok(ended) => {
            if let Some(file) = args.value("record") {
                std::fs::write(file, &ended.record)
                    .unwrap_or_else(|e| fail(format!("cannot write {}: {e}", quote(file))));
                // The terminal may be gone; nothing more to say if so.
                let _ = writeln!(output, "record written to {file}");
            }
            if let Some(file) = args.value("svg") {
                // The record was made by this game, so it replays; draw where it ended.
                let verdict = ended.record.parse::<senet::Record>().map(|r| r.verify());
                match verdict {
                    Ok(Ok(verdict)) => {
                        std::fs::write(file, senet::svg::position(verdict.position(), None))
                            .unwrap_or_else(|e| fail(format!("cannot write {}: {e}", quote(file))));
                        let _ = writeln!(output, "picture of the final position written to {file}");
                    }
                    _ => fail("the game's own record did not replay; no picture written"),
                }
            }
        }
        // Standard output closed (`| head`): stop quietly.
        Err(Stop::Output(_)) => std::process::exit(0),
        Err(Stop::Input(e)) => {
            eprintln!(
                "{}",
                one_line(
                    &format!(
                        "error: cannot read the answers from standard input: {e}; the game is abandoned"
                    ),
                    MAX_MESSAGE
                )
            );
            std::process::exit(1)
        }
    }
}

/// Why a session stopped before the game's end.
#[derive(Debug)]
pub enum Stop {
    /// Writing to the output failed (it was closed).
    Output(io::Error),
    /// Reading the answers failed.
    Input(io::Error),
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Stop {
        Stop::Output(e)
    }
}

/// The longest answer read, in bytes; a longer line is explained and skipped.
const MAX_ANSWER: usize = 1024;

/// One line of input.
enum Line {
    /// A line of text, without its line break.
    Text(String),
    /// A line that is not UTF-8, or too long (skipped to its end): why.
    Bad(&'static str),
    /// The end of input.
    End,
}

/// Reads one line, holding at most [`MAX_ANSWER`] bytes of it.
fn read_answer<I: BufRead>(input: &mut I) -> io::Result<Line> {
    let mut bytes = Vec::new();
    let read = (&mut *input)
        .take(MAX_ANSWER as u64 + 1)
        .read_until(b'\n', &mut bytes)?;
    if read == 0 {
        return Ok(Line::End);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_ANSWER {
        // Skip the rest of the line without keeping it.
        loop {
            let available = input.fill_buf()?;
            if available.is_empty() {
                break;
            }
            match available.iter().position(|&b| b == b'\n') {
                Some(at) => {
                    input.consume(at + 1);
                    break;
                }
                None => {
                    let n = available.len();
                    input.consume(n);
                }
            }
        }
        return Ok(Line::Bad("That answer is too long (more than 1024 bytes)."));
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Line::Text(text)),
        Err(_) => Ok(Line::Bad("That answer is not UTF-8 text.")),
    }
}

/// What the player answered.
enum Answer {
    Play(Move),
    Resign,
    Help,
    Hint,
    Board,
    /// End of input.
    Closed,
}

/// Plays one game between the human (on `input`/`output`) and the bot.
pub fn session<R: BuiltIn, I: BufRead, O: Write>(
    ruleset: R,
    options: Options,
    input: &mut I,
    out: &mut O,
) -> Result<Ended, Stop> {
    let human = options.human;
    let mut game = Game::seeded(ruleset, options.seed);
    let mut bot = Bot::new(ruleset, options.level);
    if let Some(path) = &options.tables {
        let table = read_table(ruleset, &path.to_string_lossy());
        bot = bot.with_table(std::sync::Arc::new(table));
    }
    let names = Names::new(ruleset, human, options.level);
    writeln!(out, "Senet, {} rules. {}", ruleset.name(), names.intro)?;
    writeln!(out, "Type a move's number (or its notation), or help.")?;
    writeln!(out)?;
    while !game.is_over() {
        let side = game.position().side_to_throw();
        if side == human && game.current_throw().is_none() {
            writeln!(out, "{}", game.position().diagram())?;
        }
        let thrown = match game.throw() {
            Ok(thrown) => thrown,
            Err(e) => {
                writeln!(out, "the game cannot go on: {e}")?;
                break;
            }
        };
        let who = names.of(side);
        match thrown {
            Thrown::Lost(turn) => {
                write!(
                    out,
                    "{} threw {}: no legal move, the throw is lost.",
                    capital(who),
                    turn.throw()
                )?;
                if turn.throws_again() && !game.is_over() {
                    write!(out, " {}", throws_again(who))?;
                }
                writeln!(out)?;
            }
            Thrown::ToPlay(throw) => {
                let view = game.view();
                let decision = match Decision::from_view(&view) {
                    Ok(decision) => decision,
                    Err(e) => {
                        writeln!(out, "the game cannot go on: {e}")?;
                        break;
                    }
                };
                let mv = if side == human {
                    writeln!(out, "You threw {throw}.")?;
                    match ask(&decision, &mut bot, input, out)? {
                        Some(mv) => mv,
                        None => {
                            // Resigned, or input closed. The game is over either way.
                            let _ = game.resign(human);
                            writeln!(out, "You resign.")?;
                            break;
                        }
                    }
                } else {
                    bot.choose(&decision)
                };
                let turn = match game.play(mv) {
                    Ok(turn) => turn,
                    Err(e) => {
                        writeln!(out, "the game cannot go on: {e}")?;
                        break;
                    }
                };
                if side == human {
                    write!(out, "You play {}.", turn.text())?;
                } else {
                    write!(
                        out,
                        "{} threw {} and plays {}.",
                        capital(who),
                        throw,
                        turn.text()
                    )?;
                }
                describe(out, mv)?;
                if turn.throws_again() && !game.is_over() {
                    write!(out, " {}", throws_again(who))?;
                }
                writeln!(out)?;
            }
        }
    }
    writeln!(out)?;
    writeln!(out, "{}", game.position().diagram())?;
    let finish = game.finish();
    let result = match finish {
        Some(Finish::Resignation { winner }) => {
            format!("{} wins by resignation.", capital(names.of(winner)))
        }
        Some(f) => match f.outcome() {
            Outcome::Win(winner) if winner == human => "You win!".to_owned(),
            Outcome::Win(winner) => format!("{} wins.", capital(names.of(winner))),
            Outcome::Draw => "A draw.".to_owned(),
        },
        None => "The game was stopped.".to_owned(),
    };
    writeln!(out, "{result}")?;
    let mut record = game.record();
    for (side, name) in [(human, "you"), (human.opponent(), names.bot.as_str())] {
        record.set_name(side, Some(name)).ok();
    }
    let record = record.to_string();
    writeln!(out)?;
    writeln!(
        out,
        "The record (check it with `cargo run --example replay -- FILE`):"
    )?;
    write!(out, "{record}")?;
    writeln!(out, "seed: {}", options.seed)?;
    Ok(Ended { finish, record })
}

/// What the sides are called.
struct Names {
    you_side: Side,
    bot: String,
    intro: String,
}

impl Names {
    fn new<R: Ruleset>(ruleset: R, human: Side, level: Level) -> Names {
        let bot_side = human.opponent();
        // Temple names its sides the player and the guardian: the bot is
        // the guardian whichever colour it plays (ivory x, terracotta o).
        let temple = ruleset.side_name(Side::O) == "guardian";
        let bot = if temple {
            "the guardian".to_owned()
        } else {
            format!("the bot (level {level})")
        };
        let colour = |side: Side| match (temple, side, ruleset.side_name(side)) {
            (true, Side::X, _) => " (ivory)".to_owned(),
            (true, Side::O, _) => " (terracotta)".to_owned(),
            (false, _, "x" | "o") => String::new(),
            (false, _, name) => format!(" ({name})"),
        };
        let intro = format!(
            "You play {human}{}, {bot} plays {bot_side}{}. {} first.",
            colour(human),
            colour(bot_side),
            if human == Side::X {
                "You throw".to_owned()
            } else {
                format!("{} throws", capital(&bot))
            }
        );
        Names {
            you_side: human,
            bot,
            intro,
        }
    }

    fn of(&self, side: Side) -> &str {
        if side == self.you_side {
            "you"
        } else {
            &self.bot
        }
    }
}

fn throws_again(who: &str) -> String {
    if who == "you" {
        "You throw again.".to_owned()
    } else {
        format!("{} throws again.", capital(who))
    }
}

fn capital(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Says what a move did beyond its notation: a swap, a capture, the water.
fn describe<O: Write>(out: &mut O, mv: Move) -> io::Result<()> {
    if mv.is_water() {
        write!(out, " Into the water!")?;
    }
    if mv.is_capture() {
        write!(out, " A piece is captured.")?;
    } else if mv.is_swap()
        && let Target::House(to) = mv.to()
    {
        write!(out, " The piece on {to} goes back to {}.", mv.from())?;
    }
    Ok(())
}

const HELP: &str = "\
Answer with the number of a move in the list, with the move in notation
(like `2: 10-12`), or with its houses (`10-12`, `26-off`).
  hint    the bot's view of your moves, best first
  board   draw the board again
  resign  give up the game
  help    this text
The throw: four sticks, the roll is the number of light faces (|), or 5
when all are dark (-). Houses are numbered 1 to 30 along the S of the
board; off means borne off.";

/// Asks the human for a move until the answer is one; `None` to resign.
fn ask<R: Ruleset, I: BufRead, O: Write>(
    decision: &Decision<'_, R>,
    bot: &mut Bot<R>,
    input: &mut I,
    out: &mut O,
) -> Result<Option<Move>, Stop> {
    let position = decision.position();
    list_moves(decision, out)?;
    loop {
        write!(out, "your move> ")?;
        out.flush()?;
        let answer = match read_answer(input).map_err(Stop::Input)? {
            Line::End => {
                writeln!(out)?;
                writeln!(out, "(end of input)")?;
                Answer::Closed
            }
            Line::Bad(why) => {
                writeln!(out, "{why}")?;
                continue;
            }
            Line::Text(line) => match parse_answer(decision, line.trim()) {
                Ok(answer) => answer,
                Err(why) => {
                    writeln!(out, "{why}")?;
                    continue;
                }
            },
        };
        match answer {
            Answer::Play(mv) => return Ok(Some(mv)),
            Answer::Resign | Answer::Closed => return Ok(None),
            Answer::Help => writeln!(out, "{HELP}")?,
            Answer::Board => {
                writeln!(out, "{}", position.diagram())?;
                list_moves(decision, out)?;
            }
            Answer::Hint => {
                let thought = bot.think(decision);
                if thought.exact {
                    writeln!(out, "Exact, from the endgame table, your moves ranked:")?;
                } else {
                    writeln!(
                        out,
                        "The bot looks {} throws ahead and ranks your moves:",
                        thought.depth
                    )?;
                }
                for scored in &thought.ranked {
                    let number = decision
                        .moves()
                        .iter()
                        .position(|&m| m == scored.mv)
                        .unwrap_or(0)
                        + 1;
                    let notation = position.notation(scored.mv).to_string();
                    if thought.exact {
                        writeln!(
                            out,
                            "  {number}) {notation:<12} your share {:.9} (exact)",
                            scored.equity
                        )?;
                    } else {
                        writeln!(
                            out,
                            "  {number}) {notation:<12} your chances {:.1}%",
                            scored.equity * 100.0
                        )?;
                    }
                }
            }
        }
    }
}

fn list_moves<R: Ruleset, O: Write>(decision: &Decision<'_, R>, out: &mut O) -> io::Result<()> {
    let position = decision.position();
    for (i, &mv) in decision.moves().iter().enumerate() {
        writeln!(out, "  {}) {}", i + 1, position.notation(mv))?;
    }
    Ok(())
}

/// Reads one answer, or says why it is not one.
fn parse_answer<R: Ruleset>(decision: &Decision<'_, R>, text: &str) -> Result<Answer, String> {
    let moves = decision.moves();
    match text.to_ascii_lowercase().as_str() {
        "" => {
            return Err(format!(
                "Please answer with a number from 1 to {}, or help.",
                moves.len()
            ));
        }
        "resign" | "quit" => return Ok(Answer::Resign),
        "help" | "?" => return Ok(Answer::Help),
        "hint" => return Ok(Answer::Hint),
        "board" => return Ok(Answer::Board),
        _ => {}
    }
    if let Ok(number) = text.parse::<usize>() {
        return match number.checked_sub(1).and_then(|i| moves.get(i)) {
            Some(&mv) => Ok(Answer::Play(mv)),
            None => Err(format!(
                "There is no move {number}: choose a number from 1 to {}.",
                moves.len()
            )),
        };
    }
    // Anything else is a move as a person types it (`10-14`, `10 14`,
    // `off`, `4: 10-14`), read by the library; a bare number was a
    // choice from the list above.
    match decision.position().read_typed_move(decision.roll(), text) {
        Ok(mv) => return Ok(Answer::Play(mv)),
        Err(TypedMoveError::Unreadable { .. }) => {}
        Err(e) => return Err(format!("{}.", capital(&e.to_string()))),
    }
    Err(format!(
        "I do not understand {}. Answer with a number from 1 to {}, a move like `{}`, or help.",
        quote(text),
        moves.len(),
        decision.position().notation(moves[0])
    ))
}
