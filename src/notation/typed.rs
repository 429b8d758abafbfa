//! Moves as people type them: a lenient reader for input boxes and chat.
//!
//! Records and `replay` stay strict ([`MoveText`]); this reader is for a
//! person choosing among the legal moves of a throw they can see. It
//! accepts the strict form with or without its suffixes (even wrong
//! ones), `F-T`, `F T`, the start house `F` alone and `off`, and resolves
//! what was typed to the one legal move it names, or says which moves it
//! could mean.
//!
//! ```
//! use senet::{Position, Roll, rulesets::Kendall};
//!
//! let start = Position::start(Kendall);
//! let four = Roll::new(4).unwrap();
//! for typed in ["4: 10-14+", "4: 10-14", "10-14", "10 14", "10"] {
//!     let mv = start.read_typed_move(four, typed).unwrap();
//!     assert_eq!(start.notation(mv).to_string(), "4: 10-14+");
//! }
//! // No piece of x starts on 12, and no 4 bears off.
//! assert!(start.read_typed_move(four, "12").is_err());
//! assert!(start.read_typed_move(four, "off").is_err());
//! ```

use thiserror::Error;

use crate::house::{House, Target};
use crate::mv::Move;
use crate::notation::move_text::MoveText;
use crate::notation::quote::excerpt;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::throw::Roll;

/// Why what a person typed names no single legal move. Each message can be
/// shown to that person as it is.
///
/// ```
/// use senet::{Position, Roll};
/// use senet::notation::TypedMoveError;
/// use senet::rulesets::Kendall;
///
/// let start = Position::start(Kendall);
/// let three = Roll::new(3).unwrap();
/// let err = start.read_typed_move(three, "4: 10-14").unwrap_err();
/// assert!(matches!(err, TypedMoveError::WrongRoll { .. }));
/// assert_eq!(err.to_string(), "the throw is a 3, not a 4");
/// assert_eq!(start.read_typed_move(three, "  "), Err(TypedMoveError::Empty));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum TypedMoveError {
    /// Nothing but spaces was typed.
    #[error("nothing was typed: type a start house, a move like 10-12, or off")]
    Empty,
    /// Not a form this reader knows.
    #[error(
        "{found:?} is not a move: type a start house (10), a move (10-12 or 10 12), off, or the notation (2: 10-12)"
    )]
    Unreadable {
        /// What was typed, or its start when it is long (at most 60
        /// bytes once escaped; a cut is marked `…`).
        found: String,
    },
    /// The typed notation is for another roll.
    #[error("the throw is a {thrown}, not a {typed}")]
    WrongRoll {
        /// The roll typed.
        typed: Roll,
        /// The roll thrown.
        thrown: Roll,
    },
    /// The throw has no legal move: it is lost, and there is nothing to type.
    #[error("a {roll} has no legal move here: the throw is lost")]
    NoMoves {
        /// The roll.
        roll: Roll,
    },
    /// No legal move fits what was typed.
    #[error("no legal move with a {roll} is {typed}: {reason}")]
    NoSuchMove {
        /// The roll.
        roll: Roll,
        /// What was typed, as understood (`10-14`, `from 10`, `off`).
        typed: String,
        /// Why, as the rules put it.
        reason: String,
    },
    /// Several legal moves fit what was typed.
    #[error("{typed} could be {}; type the start and the target", list(.candidates))]
    Ambiguous {
        /// What was typed, as understood.
        typed: String,
        /// The legal moves that fit, in notation.
        candidates: Vec<MoveText>,
    },
}

/// `a, b or c`.
fn list(moves: &[MoveText]) -> String {
    let texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    match texts.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => texts.concat(),
    }
}

/// What the typed text asks for: a start, a target, or both.
#[derive(Clone, Copy)]
struct Wanted {
    from: Option<House>,
    to: Option<Target>,
}

impl Wanted {
    fn fits(self, mv: Move) -> bool {
        self.from.is_none_or(|from| mv.from() == from) && self.to.is_none_or(|to| mv.to() == to)
    }

    /// How the reader understood the text, for messages.
    fn describe(self) -> String {
        match (self.from, self.to) {
            (Some(from), Some(to)) => format!("{from}-{to}"),
            (Some(from), None) => format!("a move from {from}"),
            (None, Some(Target::Off)) => "a move off the board".to_owned(),
            (None, Some(to)) => format!("a move to {to}"),
            (None, None) => "any move".to_owned(),
        }
    }
}

/// A house number or `off`.
fn target(text: &str) -> Option<Target> {
    if text == "off" {
        return Some(Target::Off);
    }
    house(text).map(Target::House)
}

/// A house number written as plain digits.
fn house(text: &str) -> Option<House> {
    if text.is_empty() || text.len() > 2 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<u8>().ok().and_then(House::new)
}

/// Reads `F-T`, `F T`, `F` or `off` (suffixes `x`, `<`, `+` already cut).
fn wanted(text: &str) -> Option<Wanted> {
    let text = text.trim();
    if text == "off" {
        return Some(Wanted {
            from: None,
            to: Some(Target::Off),
        });
    }
    let parts: Vec<&str> = if text.contains('-') {
        text.split('-').map(str::trim).collect()
    } else {
        text.split_whitespace().collect()
    };
    match parts[..] {
        [from] => Some(Wanted {
            from: Some(house(from)?),
            to: None,
        }),
        [from, to] => Some(Wanted {
            from: Some(house(from)?),
            to: Some(target(to)?),
        }),
        _ => None,
    }
}

impl<R: Ruleset> Position<R> {
    /// The legal move of `roll` that `text`, as a person typed it, names.
    ///
    /// Accepted, case and surrounding spaces ignored: the notation with
    /// any or no suffixes (`4: 10-14+`, `4: 10-14`, `4: 10-14x`), `10-14`,
    /// `10 14`, the start house alone (`10`) and `off` (or `26-off`,
    /// `26 off`). The text must name exactly one legal move; otherwise the
    /// error says why, or which moves it could mean. Strict reading, for
    /// records: [`MoveText`].
    ///
    /// # Errors
    ///
    /// [`TypedMoveError`] when the text is empty or unreadable, is for
    /// another roll, or names no legal move or more than one, and when the
    /// throw has no legal move at all.
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// let two = Roll::new(2).unwrap();
    /// let mv = start.read_typed_move(two, " 10 12 ")?;
    /// assert_eq!(start.notation(mv).to_string(), "2: 10-12");
    /// assert_eq!(start.read_typed_move(two, "10")?, mv); // the start house alone
    /// assert!(start.read_typed_move(two, "8-10").is_err()); // 10 holds x's own piece
    /// # Ok::<(), senet::notation::TypedMoveError>(())
    /// ```
    pub fn read_typed_move(&self, roll: Roll, text: &str) -> Result<Move, TypedMoveError> {
        let lowered = text.trim().to_ascii_lowercase();
        if lowered.is_empty() {
            return Err(TypedMoveError::Empty);
        }
        let unreadable = || TypedMoveError::Unreadable {
            found: excerpt(text),
        };
        // The notation: its roll must be this throw's; its suffixes are
        // what the move does, worked out here, so they are not checked.
        let body = match lowered.split_once(':') {
            Some((typed, rest)) => {
                let typed = typed
                    .trim()
                    .parse::<u8>()
                    .ok()
                    .and_then(Roll::new)
                    .ok_or_else(unreadable)?;
                if typed != roll {
                    return Err(TypedMoveError::WrongRoll {
                        typed,
                        thrown: roll,
                    });
                }
                rest.trim_end_matches(['x', '<', '+', ' '])
            }
            None => lowered.as_str(),
        };
        let wanted = wanted(body).ok_or_else(unreadable)?;
        let moves = self.moves(roll);
        if moves.is_empty() {
            return Err(TypedMoveError::NoMoves { roll });
        }
        let fitting: Vec<Move> = moves.iter().filter(|&mv| wanted.fits(mv)).collect();
        match fitting[..] {
            [mv] => Ok(mv),
            [] => Err(TypedMoveError::NoSuchMove {
                roll,
                typed: wanted.describe(),
                reason: self.why_none(roll, wanted),
            }),
            _ => Err(TypedMoveError::Ambiguous {
                typed: wanted.describe(),
                candidates: fitting.iter().map(|&mv| self.notation(mv)).collect(),
            }),
        }
    }

    /// Why no legal move of `roll` fits `wanted`, in the rules' words.
    fn why_none(&self, roll: Roll, wanted: Wanted) -> String {
        match (wanted.from, wanted.to) {
            (Some(from), Some(to)) => match self.find_move(roll, from, to) {
                Err(error) => error.to_string(),
                Ok(_) => "it is not among the legal moves".to_owned(),
            },
            (Some(from), None) => match self.piece_at(from) {
                Some(side) if side == self.side_to_throw() => {
                    format!("the piece on {from} has no legal move with a {roll}")
                }
                _ => format!("{} has no piece on {from}", self.side_to_throw()),
            },
            _ => "no legal move goes there".to_owned(),
        }
    }
}
