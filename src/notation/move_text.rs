//! Move notation: `R: F-T` with the suffixes `x`, `<`, `+`, `R: F=` for
//! a wait, `R: in-T` for an entry, and `R: -` for a lost throw.
//!
//! [`MoveText`] is the syntax alone: it parses and prints the canonical
//! text and knows nothing of a position. [`Position::notation`] writes a
//! legal move, and [`MoveText::resolve`] finds the move a text names in a
//! position, refusing it unless every part, suffixes included, is exactly
//! what the move does there.
//!
//! ```
//! use senet::{MoveText, Position, Roll, rulesets::Kendall};
//! let start = Position::start(Kendall);
//! let text: MoveText = "2: 10-12".parse().unwrap();
//! let mv = text.resolve(&start).unwrap().unwrap();
//! assert_eq!(start.notation(mv).to_string(), "2: 10-12");
//! assert!("2: 10-12+".parse::<MoveText>().unwrap().resolve(&start).is_err());
//! ```

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::house::{House, Target};
use crate::movegen::IllegalMoveError;
use crate::mv::Move;
use crate::notation::quote::excerpt;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::throw::Roll;

/// A throw written in move notation: the roll, and the move or a dash.
///
/// ```
/// use senet::MoveText;
///
/// let text: MoveText = "4: 10-14+".parse()?;
/// assert_eq!(text.roll().value(), 4);
/// assert!(text.throws_again() && !text.is_swap());
/// assert_eq!(text.to_string(), "4: 10-14+");
/// # Ok::<(), senet::notation::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveText {
    roll: Roll,
    play: Option<(House, Target)>,
    /// What the text says besides the roll and the houses: one bit of
    /// `WAIT`, `ENTRY`, `BANKED`, `SWAP`, `BACKWARD` and `AGAIN` each (one
    /// byte, so that a record keeps a throw in five).
    flags: u8,
}

/// A wait, `R: F=`: `play` is then the house, to itself.
const WAIT: u8 = 1;
/// An entry from the hand, `R: in-T`: `play` is then T, to itself (as
/// [`Move::from`] gives an entry's start).
const ENTRY: u8 = 2;
/// A throw banked to be played later, `R: bank`: `play` is `None`.
const BANKED: u8 = 4;
/// The `x` suffix.
const SWAP: u8 = 8;
/// The `<` suffix.
const BACKWARD: u8 = 16;
/// The `+` suffix.
const AGAIN: u8 = 32;

/// Text that is not move notation. Says where (a 1-based column) and what was expected.
///
/// ```
/// use senet::MoveText;
///
/// // 31 is not how off is written.
/// let err = "2: 10-31".parse::<MoveText>().unwrap_err();
/// assert_eq!(err.column, 7);
/// assert_eq!(err.expected, "a target house from 1 to 30, or 'off'");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[error("malformed move {text:?} at column {column}: expected {expected}")]
pub struct ParseMoveError {
    /// The start of the text as given (at most 60 bytes once escaped;
    /// `…` marks a cut).
    pub text: String,
    /// The 1-based column of the first character that does not fit.
    pub column: usize,
    /// What the notation has there.
    pub expected: &'static str,
}

/// Why a move text cannot be played in a position.
///
/// ```
/// use senet::{MoveText, MoveTextError, Position};
/// use senet::rulesets::Kendall;
///
/// let start = Position::start(Kendall);
/// // A 4 throws again in Kendall, so the text must end in `+`.
/// let text: MoveText = "4: 10-14".parse()?;
/// assert!(matches!(text.resolve(&start), Err(MoveTextError::Suffix { .. })));
/// // Every piece can move a 3: the throw is not lost.
/// let lost: MoveText = "3: -".parse()?;
/// assert!(matches!(lost.resolve(&start), Err(MoveTextError::NotLost { count: 5, .. })));
/// # Ok::<(), senet::notation::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum MoveTextError {
    /// The move it names is not legal here.
    #[error("{0}")]
    Illegal(#[from] IllegalMoveError),
    /// The move is legal, but the text's suffixes do not say what it does.
    #[error("the move is legal but written {written}; it is {canonical}")]
    Suffix {
        /// The text as given.
        written: MoveText,
        /// How the move is written.
        canonical: MoveText,
    },
    /// The text says the throw is lost; it is not.
    #[error("{written} claims a lost throw, but {count} legal move(s) exist")]
    NotLost {
        /// The text as given.
        written: MoveText,
        /// How many legal moves the roll has.
        count: usize,
    },
}

impl MoveText {
    /// The roll written.
    ///
    /// ```
    /// use senet::{MoveText, Roll};
    ///
    /// let text: MoveText = "3: -".parse()?;
    /// assert_eq!(text.roll(), Roll::new(3).unwrap());
    /// # Ok::<(), senet::notation::ParseMoveError>(())
    /// ```
    pub fn roll(&self) -> Roll {
        self.roll
    }

    /// The start and target written, or `None` for a lost throw.
    ///
    /// ```
    /// use senet::{House, MoveText};
    /// use senet::moves::Target;
    ///
    /// let text: MoveText = "5: 26-off".parse()?;
    /// assert_eq!(text.play(), Some((House::new(26).unwrap(), Target::Off)));
    /// assert_eq!("3: -".parse::<MoveText>()?.play(), None);
    /// # Ok::<(), senet::notation::ParseMoveError>(())
    /// ```
    pub fn play(&self) -> Option<(House, Target)> {
        self.play
    }

    /// Whether the text is a wait, `R: F=` (the piece on F stays where it
    /// is; see [`Ruleset::waits`]); [`play`](Self::play) then gives F to F.
    ///
    /// ```
    /// use senet::{House, MoveText};
    /// use senet::moves::Target;
    ///
    /// let text: MoveText = "2: 27=".parse()?;
    /// assert!(text.is_wait());
    /// let house = House::new(27).unwrap();
    /// assert_eq!(text.play(), Some((house, Target::House(house))));
    /// assert_eq!(text.to_string(), "2: 27=");
    /// # Ok::<(), senet::notation::ParseMoveError>(())
    /// ```
    pub fn is_wait(&self) -> bool {
        self.has(WAIT)
    }

    /// Whether the text is an entry, `R: in-T` (a piece from the hand
    /// enters on T; see [`Ruleset::enters`]); [`play`](Self::play) then
    /// gives T to T.
    ///
    /// ```
    /// use senet::MoveText;
    ///
    /// let text: MoveText = "1: in-1+".parse()?;
    /// assert!(text.is_entry() && text.throws_again());
    /// assert_eq!(text.to_string(), "1: in-1+");
    /// # Ok::<(), senet::notation::ParseMoveError>(())
    /// ```
    pub fn is_entry(&self) -> bool {
        self.has(ENTRY)
    }

    /// Whether it writes a throw banked to be played later, `R: bank`
    /// (or `R: bank+` when the side throws again), in a ruleset where
    /// every throw of a turn is made before any move
    /// ([`Ruleset::banks_throws`]).
    ///
    /// ```
    /// use senet::MoveText;
    ///
    /// let text: MoveText = "4: bank+".parse()?;
    /// assert!(text.is_banked() && text.throws_again() && text.play().is_none());
    /// assert_eq!(text.to_string(), "4: bank+");
    /// # Ok::<(), senet::notation::ParseMoveError>(())
    /// ```
    pub fn is_banked(&self) -> bool {
        self.has(BANKED)
    }

    /// Whether the text has `x` (a swap, or in Bell a capture).
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// // x on 2 lands on o's piece on 5, which is not protected.
    /// let first = start.moves(Roll::new(3).unwrap()).iter().next().unwrap();
    /// let text = start.notation(first);
    /// assert!(text.is_swap());
    /// assert_eq!(text.to_string(), "3: 2-5x");
    /// ```
    pub fn is_swap(&self) -> bool {
        self.has(SWAP)
    }

    /// Whether the text has `<` (a backward move).
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// // x on 23 may not pass 26 with a 4, so it must go back.
    /// let position: Position<Kendall> = "..................o...x....... x 4 4".parse()?;
    /// let back = position.moves(Roll::new(4).unwrap()).iter().next().unwrap();
    /// let text = position.notation(back);
    /// assert!(text.is_backward());
    /// assert_eq!(text.to_string(), "4: 23-19x<+");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_backward(&self) -> bool {
        self.has(BACKWARD)
    }

    /// Whether the text has `+` (the same side throws next).
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// // In Kendall a 4 throws again, a 2 does not.
    /// let four = start.moves(Roll::new(4).unwrap()).iter().next().unwrap();
    /// let two = start.moves(Roll::new(2).unwrap()).iter().next().unwrap();
    /// assert!(start.notation(four).throws_again());
    /// assert!(!start.notation(two).throws_again());
    /// ```
    pub fn throws_again(&self) -> bool {
        self.has(AGAIN)
    }

    /// The move this text names in `position`: `Ok(None)` for a lost throw
    /// that really is lost, `Ok(Some(mv))` for a legal move written exactly
    /// as [`Position::notation`] writes it; otherwise why not.
    ///
    /// # Errors
    ///
    /// [`MoveTextError::Illegal`] when the move is not legal here,
    /// [`MoveTextError::Suffix`] when its suffixes are not the move's own,
    /// [`MoveTextError::NotLost`] for a dash when the roll has a move.
    ///
    /// ```
    /// use senet::{MoveText, Position};
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// let text: MoveText = "2: 10-12".parse()?;
    /// let mv = text.resolve(&start)?.expect("not a lost throw");
    /// assert_eq!(start.play(mv)?.to_string(), "oxoxoxoxo..x.................. o 0 0");
    /// // No piece of x stands on 11.
    /// assert!("2: 11-13".parse::<MoveText>()?.resolve(&start).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve<R: Ruleset>(
        &self,
        position: &Position<R>,
    ) -> Result<Option<Move>, MoveTextError> {
        match self.play {
            None if self.has(BANKED) => {
                let after = position.bank_throw(self.roll)?;
                self.written_as(MoveText::banked(self.roll, again(position, &after)))?;
                Ok(None)
            }
            None => {
                let after = position.lose_throw(self.roll).map_err(|e| match e {
                    IllegalMoveError::MovesExist { count } => MoveTextError::NotLost {
                        written: *self,
                        count,
                    },
                    other => MoveTextError::Illegal(other),
                })?;
                self.written_as(MoveText::lost(self.roll, again(position, &after)))?;
                Ok(None)
            }
            Some((from, to)) => {
                let mv = if self.has(WAIT) {
                    position.find_wait(self.roll, from)?
                } else if self.has(ENTRY) {
                    position.find_entry(self.roll)?
                } else {
                    position.find_move(self.roll, from, to)?
                };
                self.written_as(position.notation(mv))?;
                Ok(Some(mv))
            }
        }
    }

    /// Refuses the text unless it is `canonical`, how what it names is
    /// written: its suffixes must say what it does.
    fn written_as(&self, canonical: MoveText) -> Result<(), MoveTextError> {
        if canonical == *self {
            Ok(())
        } else {
            Err(MoveTextError::Suffix {
                written: *self,
                canonical,
            })
        }
    }

    /// Whether the text says `flag`.
    #[inline]
    fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    /// The text, saying `flag` or not.
    #[inline]
    fn set(&mut self, flag: u8, on: bool) {
        if on {
            self.flags |= flag;
        } else {
            self.flags &= !flag;
        }
    }

    fn lost(roll: Roll, again: bool) -> MoveText {
        let mut text = MoveText {
            roll,
            play: None,
            flags: 0,
        };
        text.set(AGAIN, again);
        text
    }

    /// A banked throw: `R: bank`, with `+` when the side throws again.
    fn banked(roll: Roll, again: bool) -> MoveText {
        let mut text = MoveText::lost(roll, again);
        text.set(BANKED, true);
        text
    }
}

/// Whether the side that threw in `before` throws again in `after` (not
/// when it plays on from its bank without a throw).
fn again<R: Ruleset>(before: &Position<R>, after: &Position<R>) -> bool {
    after.is_to_throw() && after.side_to_throw() == before.side_to_throw()
}

impl<R: Ruleset> Position<R> {
    /// How `mv`, a legal move of this position, is written.
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// let mv = start.moves(Roll::new(1).unwrap()).get(0).unwrap();
    /// // 2 to 3, swapping with o's piece, and a 1 throws again.
    /// assert_eq!(start.notation(mv).to_string(), "1: 2-3x+");
    /// ```
    pub fn notation(&self, mv: Move) -> MoveText {
        let after = self.apply(mv);
        let mut text = MoveText {
            roll: mv.roll(),
            play: Some((mv.from(), mv.to())),
            flags: 0,
        };
        text.set(WAIT, mv.is_wait());
        text.set(ENTRY, mv.is_entry());
        text.set(SWAP, mv.is_hit());
        text.set(BACKWARD, mv.is_backward());
        text.set(AGAIN, again(self, &after));
        text
    }

    /// How a throw of `roll` banked here is written (`4: bank+`, `2: bank`),
    /// trusting that the side is throwing in a ruleset that banks throws
    /// ([`bank_throw`](Position::bank_throw) checks it).
    ///
    /// ```
    /// # use senet::{Bitboard, Board, Dice, House, Move, Outcome, Position, Roll, Ruleset};
    /// # use senet::rulesets::{Reach, first_home_wins};
    /// #
    /// # /// Five pieces a side, every throw made before moving: 1, 4 and 5 throw again.
    /// # #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    /// # struct Banked;
    /// # impl Ruleset for Banked {
    /// #     fn name(&self) -> &'static str { "banked" }
    /// #     fn revision(&self) -> u32 { 1 }
    /// #     fn pieces_per_side(&self) -> u8 { 5 }
    /// #     fn start(&self) -> [Bitboard; 2] {
    /// #         [Bitboard::from_numbers(&[2, 4, 6, 8, 10]), Bitboard::from_numbers(&[1, 3, 5, 7, 9])]
    /// #     }
    /// #     fn dice(&self) -> Dice { Dice::FOUR_STICKS }
    /// #     fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
    /// #         match from.number() + roll.value() {
    /// #             31 => Some(Reach::Off),
    /// #             to => House::new(to).map(Reach::To),
    /// #         }
    /// #     }
    /// #     fn throws_again(&self, roll: Roll, _: Option<Move>) -> bool { matches!(roll.value(), 1 | 4 | 5) }
    /// #     fn banks_throws(&self) -> bool { true }
    /// #     fn outcome(&self, board: &Board) -> Option<Outcome> { first_home_wins(self, board) }
    /// # }
    ///
    /// let start = Position::start(senet::Rules::new(Banked)?);
    /// assert_eq!(start.bank_notation(Roll::new(4).unwrap()).to_string(), "4: bank+");
    /// assert_eq!(start.bank_notation(Roll::new(2).unwrap()).to_string(), "2: bank");
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    pub fn bank_notation(&self, roll: Roll) -> MoveText {
        MoveText::banked(roll, again(self, &self.apply_bank_throw(roll)))
    }

    /// How a lost throw of `roll` is written here (`3: -` or `4: -+`).
    /// It writes the text whether or not the throw is lost; ask
    /// [`Moves::is_lost_throw`](crate::Moves::is_lost_throw) first when that is in doubt.
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// // x's last piece, on 28, leaves only with a 3.
    /// let position: Position<Kendall> = "ooooo......................x.. x 4 0".parse()?;
    /// assert_eq!(position.lost_notation(Roll::new(2).unwrap()).to_string(), "2: -");
    /// // A 4 throws again, even when it is lost.
    /// assert_eq!(position.lost_notation(Roll::new(4).unwrap()).to_string(), "4: -+");
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    pub fn lost_notation(&self, roll: Roll) -> MoveText {
        MoveText::lost(roll, again(self, &self.apply_lost_throw(roll)))
    }
}

impl fmt::Debug for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MoveText")
            .field("roll", &self.roll)
            .field("play", &self.play)
            .field("wait", &self.has(WAIT))
            .field("entry", &self.has(ENTRY))
            .field("banked", &self.has(BANKED))
            .field("swap", &self.has(SWAP))
            .field("backward", &self.has(BACKWARD))
            .field("again", &self.has(AGAIN))
            .finish()
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.roll)?;
        match self.play {
            None if self.has(BANKED) => f.write_str("bank")?,
            None => f.write_str("-")?,
            Some((from, _)) if self.has(WAIT) => write!(f, "{from}=")?,
            Some((_, to)) if self.has(ENTRY) => write!(f, "in-{to}")?,
            Some((from, to)) => write!(f, "{from}-{to}")?,
        }
        for (on, suffix) in [
            (self.has(SWAP), "x"),
            (self.has(BACKWARD), "<"),
            (self.has(AGAIN), "+"),
        ] {
            if on {
                f.write_str(suffix)?;
            }
        }
        Ok(())
    }
}

/// A strict left-to-right reader of one move text.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn error(&self, expected: &'static str) -> ParseMoveError {
        ParseMoveError {
            text: excerpt(self.text),
            column: self.at + 1,
            expected,
        }
    }

    fn eat(&mut self, literal: &str) -> bool {
        if self.text[self.at..].starts_with(literal) {
            self.at += literal.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, literal: &str, expected: &'static str) -> Result<(), ParseMoveError> {
        if self.eat(literal) {
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    /// A number without sign or leading zero.
    fn number(&mut self, expected: &'static str) -> Result<u32, ParseMoveError> {
        let digits = self.text[self.at..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        let written = &self.text[self.at..self.at + digits];
        if digits == 0 || digits > 2 || written.starts_with('0') {
            return Err(self.error(expected));
        }
        let value = written.parse().map_err(|_| self.error(expected))?;
        self.at += digits;
        Ok(value)
    }

    fn house(&mut self, expected: &'static str) -> Result<House, ParseMoveError> {
        let start = self.at;
        let number = self.number(expected)?;
        u8::try_from(number)
            .ok()
            .and_then(House::new)
            .ok_or_else(|| {
                self.at = start;
                self.error(expected)
            })
    }
}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    /// Parses exactly the canonical form: `R: F-T` then any of `x`, `<`,
    /// `+` in that order, `R: F=` (a wait) or `R: in-T` (an entry) with
    /// an optional `+`, or
    /// `R: -` with an optional `+`. Nothing else:
    /// no spaces around, no `31` for off, no leading zeros.
    fn from_str(text: &str) -> Result<MoveText, ParseMoveError> {
        let mut reader = Reader { text, at: 0 };
        let start = reader.at;
        let roll = reader.number("a roll from 1 to 6")?;
        let roll = u8::try_from(roll).ok().and_then(Roll::new).ok_or_else(|| {
            reader.at = start;
            reader.error("a roll from 1 to 6")
        })?;
        reader.expect(": ", "': ' (a colon and one space) after the roll")?;
        let mut parsed = MoveText::lost(roll, false);
        if reader.eat("bank") {
            parsed.set(BANKED, true);
            parsed.set(AGAIN, reader.eat("+"));
            if reader.at != text.len() {
                return Err(reader.error("the end, or '+' after a banked throw"));
            }
            return Ok(parsed);
        }
        if reader.eat("in-") {
            let to = reader.house("a house from 1 to 30 that the piece enters")?;
            parsed.play = Some((to, Target::House(to)));
            parsed.set(ENTRY, true);
            parsed.set(AGAIN, reader.eat("+"));
            if reader.at != text.len() {
                return Err(reader.error("the end, or '+' after an entry"));
            }
            return Ok(parsed);
        }
        if !reader.eat("-") {
            // No longer than the other expectations: a record's error
            // quotes it, in one line of less than 200 bytes.
            let from = reader.house("a start house 1 to 30, 'in', 'bank' or '-'")?;
            if reader.eat("=") {
                parsed.play = Some((from, Target::House(from)));
                parsed.set(WAIT, true);
                parsed.set(AGAIN, reader.eat("+"));
                if reader.at != text.len() {
                    return Err(reader.error("the end, or '+' after a wait"));
                }
                return Ok(parsed);
            }
            reader.expect(
                "-",
                "'-' between the start and the target, or '=' for a wait",
            )?;
            let to = if reader.eat("off") {
                Target::Off
            } else {
                Target::House(reader.house("a target house from 1 to 30, or 'off'")?)
            };
            parsed.play = Some((from, to));
            parsed.set(SWAP, reader.eat("x"));
            parsed.set(BACKWARD, reader.eat("<"));
        }
        parsed.set(AGAIN, reader.eat("+"));
        if reader.at != text.len() {
            let expected = if parsed.play.is_some() {
                "the end, or the suffixes x, <, + in that order"
            } else {
                "the end, or '+'"
            };
            return Err(reader.error(expected));
        }
        Ok(parsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_canonical_texts_are_malformed() {
        for text in [
            "2:10-12",
            "2: 10-12 ",
            " 2: 10-12",
            "2: 010-12",
            "2: 10-31",
            "2: 10-12<x",
            "2: 10-12++",
            "0: 1-2",
            "7: 1-2",
            "2: 0-2",
            "2: 10 - 12",
            "2: -x",
            "2: 10-",
            "",
            "2: 10-12X",
            "02: 10-12",
            "2: 10-offx+x",
            "2: 27=x",
            "2: 27=<",
            "2: 27=++",
            "2: 27-=",
            "2: =",
            "2: 27= ",
        ] {
            assert!(
                text.parse::<MoveText>().is_err(),
                "{text:?} should be rejected"
            );
        }
    }

    #[test]
    fn a_move_text_is_five_bytes() {
        assert_eq!(core::mem::size_of::<MoveText>(), 5);
    }

    #[test]
    fn errors_say_where() {
        let err = "2: 10-12<x".parse::<MoveText>().unwrap_err();
        assert_eq!(err.column, 10);
        let err = "2: 10-31".parse::<MoveText>().unwrap_err();
        assert_eq!(err.column, 7);
    }
}
