//! What the player types: one line read safely, and what it means.

use std::io::{self, BufRead, Read};

use thiserror::Error;

use super::words::{capital, excerpt};
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
/// Public so that a front end with its own input (a chat, buttons) reads
/// answers exactly as the terminal does.
///
/// ```
/// use senet_bot::Decision;
/// use senet::rulesets::Kendall;
/// use crate::terminal::Answer;
/// use senet::{Position, Roll};
///
/// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(1).unwrap())?;
/// let first = decision.moves()[0];
/// assert_eq!(Answer::parse(&decision, "1"), Ok(Answer::Play(first)));
/// assert_eq!(Answer::parse(&decision, " HINT "), Ok(Answer::Hint));
/// assert!(Answer::parse(&decision, "99").is_err());
/// # Ok::<(), senet_bot::DecisionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Answer {
    /// Play this legal move (chosen by its number or typed as a move).
    Play(Move),
    /// Give up the game (`resign` or `quit`).
    Resign,
    /// Explain the answers (`help` or `?`).
    Help,
    /// Show the bot's ranking of the moves (`hint`).
    Hint,
    /// Draw the board again (`board`).
    Board,
}

/// Why an answer is not one, in words that tell the player what to type.
///
/// ```
/// use senet_bot::Decision;
/// use senet::rulesets::Kendall;
/// use crate::terminal::{Answer, BadAnswer};
/// use senet::{Position, Roll};
///
/// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(1).unwrap())?;
/// let count = decision.moves().len();
/// let why = Answer::parse(&decision, "0").unwrap_err();
/// assert_eq!(why, BadAnswer::NoSuchNumber { number: 0, count });
/// assert!(why.to_string().starts_with("There is no move 0"));
/// # Ok::<(), senet_bot::DecisionError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BadAnswer {
    /// Nothing but spaces.
    #[error("Please answer with a number from 1 to {count}, or help.")]
    Empty {
        /// How many moves are listed.
        count: usize,
    },
    /// A number that is not in the list.
    #[error("There is no move {number}: choose a number from 1 to {count}.")]
    NoSuchNumber {
        /// The number given.
        number: usize,
        /// How many moves are listed.
        count: usize,
    },
    /// A move, typed, that is not legal (or names more than one).
    #[error("{}.", capital(&.0.to_string()))]
    Illegal(TypedMoveError),
    /// Neither a word, a number nor a move.
    #[error(
        "I do not understand \"{found}\". Answer with a number from 1 to {count}, a move like `{example}`, or help."
    )]
    NotUnderstood {
        /// The answer, escaped and cut (marked `…`) past 40 characters.
        found: String,
        /// How many moves are listed.
        count: usize,
        /// The notation of the first move, as an example.
        example: String,
    },
}

impl Answer {
    /// Reads `text` (one answer, spaces around it ignored) against the
    /// legal moves of `decision`, numbered from 1 in their order there.
    ///
    /// # Errors
    ///
    /// A [`BadAnswer`] saying why `text` is no answer.
    ///
    /// ```
    /// use senet_bot::Decision;
    /// use senet::rulesets::Kendall;
    /// use crate::terminal::{Answer, BadAnswer};
    /// use senet::{Position, Roll};
    ///
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(1).unwrap())?;
    /// let typed = Answer::parse(&decision, "10-11"); // a move as a person types it
    /// assert!(matches!(typed, Ok(Answer::Play(mv)) if mv.from().number() == 10));
    /// assert_eq!(Answer::parse(&decision, "Quit"), Ok(Answer::Resign));
    /// assert!(matches!(Answer::parse(&decision, "  "), Err(BadAnswer::Empty { .. })));
    /// # Ok::<(), senet_bot::DecisionError>(())
    /// ```
    pub fn parse<R: Ruleset>(decision: &Decision<'_, R>, text: &str) -> Result<Answer, BadAnswer> {
        let text = text.trim();
        let moves = decision.moves();
        let count = moves.len();
        match text.to_ascii_lowercase().as_str() {
            "" => return Err(BadAnswer::Empty { count }),
            "resign" | "quit" => return Ok(Answer::Resign),
            "help" | "?" => return Ok(Answer::Help),
            "hint" => return Ok(Answer::Hint),
            "board" => return Ok(Answer::Board),
            _ => {}
        }
        if let Ok(number) = text.parse::<usize>() {
            return match number.checked_sub(1).and_then(|i| moves.get(i)) {
                Some(&mv) => Ok(Answer::Play(mv)),
                None => Err(BadAnswer::NoSuchNumber { number, count }),
            };
        }
        // Anything else is a move as a person types it (`10-14`, `10 14`,
        // `off`, `4: 10-14`), read by the library; a bare number was a
        // choice from the list.
        match decision.position().read_typed_move(decision.roll(), text) {
            Ok(mv) => return Ok(Answer::Play(mv)),
            Err(TypedMoveError::Unreadable { .. }) => {}
            Err(e) => return Err(BadAnswer::Illegal(e)),
        }
        Err(BadAnswer::NotUnderstood {
            found: excerpt(text),
            count,
            example: moves
                .first()
                .map(|&mv| decision.position().notation(mv).to_string())
                .unwrap_or_default(),
        })
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
