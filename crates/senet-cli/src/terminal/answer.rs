//! What the player types: one line read safely, and what it means.

use std::io::{self, BufRead, Read};

use thiserror::Error;

use super::words::{capital, excerpt, to_type};
use senet::notation::TypedMoveError;
use senet::{Move, Ruleset};
use senet_bot::Decision;

/// The longest answer read, in bytes; a longer line is explained and skipped.
pub(super) const MAX_ANSWER: usize = 1024;

/// One line of input.
pub(super) enum Line {
    /// A line of text, without its line break.
    Text(String),
    /// A line that is not UTF-8, or too long (skipped to its end): why.
    Bad(&'static str),
    /// The end of input.
    End,
}

/// Reads one line, holding at most [`MAX_ANSWER`] bytes of it, so that
/// no input (a huge line, bytes that are not text) costs memory or panics.
pub(super) fn read_line<I: BufRead>(input: &mut I) -> io::Result<Line> {
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

/// What the player meant by an answer to `your move>`.
///
/// A move is read only by the library's reader of typed moves,
/// [`Position::read_typed_move`](senet::Position::read_typed_move), as
/// [`Game::play_typed`](senet::Game::play_typed) reads it: a bare number
/// is the start house of the move (`10`), not a place in a list. Besides
/// moves, the terminal's own words: `help` (or `?`), `hint`, `board`, and
/// `resign`, the only answer that gives up the game.
///
/// Public so that a front end with its own input (a chat, buttons) reads
/// answers exactly as the terminal does.
///
/// ```
/// use senet_bot::Decision;
/// use senet::rulesets::Kendall;
/// use senet_cli::terminal::Answer;
/// use senet::{Position, Roll};
///
/// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(1).unwrap())?;
/// let mv = decision.position().read_typed_move(decision.roll(), "10")?;
/// assert_eq!(Answer::parse(&decision, "10"), Ok(Answer::Play(mv))); // the piece on 10
/// assert_eq!(Answer::parse(&decision, " HINT "), Ok(Answer::Hint));
/// assert!(Answer::parse(&decision, "99").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Answer {
    /// Play this legal move (typed as its start house, its houses or its
    /// notation).
    Play(Move),
    /// Give up the game (`resign`).
    Resign,
    /// Explain the answers (`help` or `?`).
    Help,
    /// Show the bot's ranking of the moves (`hint`).
    Hint,
    /// Draw the board again (`board`).
    Board,
}

/// Why an answer is not one, in words that tell the player what to type:
/// each message ends with the start houses of the legal moves, a move to
/// copy and the words.
///
/// ```
/// use senet_bot::Decision;
/// use senet::rulesets::Kendall;
/// use senet_cli::terminal::{Answer, BadAnswer};
/// use senet::{Position, Roll};
///
/// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(1).unwrap())?;
/// let why = Answer::parse(&decision, "quit").unwrap_err(); // only `resign` resigns
/// assert!(matches!(why, BadAnswer::NotUnderstood { .. }));
/// assert!(why.to_string().starts_with("I do not understand \"quit\"."));
/// assert!(why.to_string().contains("resign"));
/// # Ok::<(), senet_bot::DecisionError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BadAnswer {
    /// Nothing but spaces.
    #[error("Nothing was typed. {choices}")]
    Empty {
        /// What can be typed: the start houses of the legal moves, a move
        /// to copy and the words.
        choices: String,
    },
    /// A move, typed, that is no legal move (or names more than one).
    #[error("{}. {choices}", capital(&.error.to_string()))]
    Illegal {
        /// Why, in the library's words.
        error: TypedMoveError,
        /// What can be typed: the start houses of the legal moves, a move
        /// to copy and the words.
        choices: String,
    },
    /// Neither a word nor a move.
    #[error("I do not understand \"{found}\". {choices}")]
    NotUnderstood {
        /// The answer, escaped and cut (marked `…`) past 40 characters.
        found: String,
        /// What can be typed: the start houses of the legal moves, a move
        /// to copy and the words.
        choices: String,
    },
}

impl Answer {
    /// Reads `text` (one answer, spaces around it and case ignored)
    /// against the legal moves of `decision`: one of the terminal's words,
    /// or a move as [`Position::read_typed_move`](senet::Position::read_typed_move)
    /// reads it.
    ///
    /// # Errors
    ///
    /// A [`BadAnswer`] saying why `text` is no answer, and what is.
    ///
    /// ```
    /// use senet_bot::Decision;
    /// use senet::rulesets::Kendall;
    /// use senet_cli::terminal::{Answer, BadAnswer};
    /// use senet::{Position, Roll};
    ///
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(1).unwrap())?;
    /// let typed = Answer::parse(&decision, "10-11"); // a move as a person types it
    /// assert!(matches!(typed, Ok(Answer::Play(mv)) if mv.from().number() == 10));
    /// assert_eq!(Answer::parse(&decision, "Resign"), Ok(Answer::Resign));
    /// assert!(matches!(Answer::parse(&decision, "  "), Err(BadAnswer::Empty { .. })));
    /// # Ok::<(), senet_bot::DecisionError>(())
    /// ```
    pub fn parse<R: Ruleset>(decision: &Decision<'_, R>, text: &str) -> Result<Answer, BadAnswer> {
        let text = text.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => {
                return Err(BadAnswer::Empty {
                    choices: choices(decision),
                });
            }
            "resign" => return Ok(Answer::Resign),
            "help" | "?" => return Ok(Answer::Help),
            "hint" => return Ok(Answer::Hint),
            "board" => return Ok(Answer::Board),
            _ => {}
        }
        // Anything else is a move as a person types it (`10`, `10-14`,
        // `10 14`, `off`, `4: 10-14`), read by the library alone.
        match decision.position().read_typed_move(decision.roll(), text) {
            Ok(mv) => Ok(Answer::Play(mv)),
            Err(TypedMoveError::Unreadable { .. }) => Err(BadAnswer::NotUnderstood {
                found: excerpt(text),
                choices: choices(decision),
            }),
            Err(error) => Err(BadAnswer::Illegal {
                error,
                choices: choices(decision),
            }),
        }
    }
}

/// What can be typed at `your move>`, as the end of a message: the start
/// houses (or houses) of the legal moves, a move written out, the words.
pub(super) fn choices<R: Ruleset>(decision: &Decision<'_, R>) -> String {
    let typed: Vec<String> = decision
        .moves()
        .iter()
        .map(|&mv| to_type(decision, mv))
        .collect();
    let moves = match typed.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => typed.concat(),
    };
    let houses = decision
        .moves()
        .first()
        .map(|&mv| format!("{}-{}", mv.from(), mv.to()))
        .unwrap_or_default();
    if typed.iter().all(|t| t.bytes().all(|b| b.is_ascii_digit())) {
        format!(
            "Type the start house of a move ({moves}) or its houses (like {houses}), \
             or hint, board, help or resign."
        )
    } else {
        format!("Type a move as listed ({moves}), or hint, board, help or resign.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(input: &[u8]) -> Line {
        read_line(&mut io::Cursor::new(input)).unwrap()
    }

    #[test]
    fn lines_are_read_safely() {
        assert!(matches!(line(b"12\n"), Line::Text(t) if t == "12"));
        assert!(matches!(line(b""), Line::End));
        assert!(matches!(line(b"\xff\n"), Line::Bad(why) if why.contains("UTF-8")));
        let long = vec![b'1'; MAX_ANSWER + 10];
        let mut input = io::Cursor::new([long, b"\n2\n".to_vec()].concat());
        assert!(matches!(read_line(&mut input).unwrap(), Line::Bad(why) if why.contains("long")));
        assert!(matches!(read_line(&mut input).unwrap(), Line::Text(t) if t == "2"));
    }
}
