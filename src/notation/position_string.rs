//! The position string `BOARD SIDE XOFF OOFF`, and a fifth field
//! `loses=x`, `loses=o` or `loses=xo` while a side will lose its next
//! turn ([its rules](crate::rulesets#position-strings)).
//!
//! ```
//! use senet::{Position, rulesets::Kendall};
//! let start = Position::start(Kendall);
//! assert_eq!(start.to_string(), "oxoxoxoxox.................... x 0 0");
//! assert_eq!("oxoxoxoxox.................... x 0 0".parse::<Position<Kendall>>(), Ok(start));
//! ```

use crate::notation::quote::excerpt;
use core::fmt;
use core::str::FromStr;

use crate::bitboard::Bitboard;
use crate::house::{House, Side};
use crate::position::{Position, PositionError, marked_piece};
use crate::ruleset::Ruleset;

impl<R: Ruleset> Position<R> {
    /// Parses a position string for `ruleset`, checking it as strictly as
    /// the rules say ([`rulesets`](crate::rulesets#position-strings)); the error
    /// names the field and the problem. `text.parse()` does the same for a
    /// ruleset that is its type's default.
    ///
    /// # Errors
    ///
    /// [`PositionError`] for a string that is not `BOARD SIDE XOFF OOFF`
    /// exactly, or a position the ruleset cannot reach (too many pieces, a
    /// piece where none may stand).
    ///
    /// ```
    /// use senet::{AnyRuleset, Position, Side};
    ///
    /// let bell: AnyRuleset = "bell".parse()?;
    /// let start = Position::start(bell);
    /// let again = Position::parse(bell, &start.to_string())?;
    /// assert_eq!((again, again.side_to_throw()), (start, Side::X));
    /// assert!(Position::parse(bell, "oxox x 0 0").is_err()); // 4 houses, not 30
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(ruleset: R, text: &str) -> Result<Position<R>, PositionError> {
        if text.is_empty() {
            return Err(PositionError::FieldCount { found: 0 });
        }
        let fields: Vec<&str> = text.split(' ').collect();
        if fields.iter().any(|f| f.is_empty()) {
            return Err(PositionError::Spacing);
        }
        let (board, side, off_x, off_o, state) = match fields[..] {
            [board, side, off_x, off_o] => (board, side, off_x, off_o, None),
            [board, side, off_x, off_o, state] => (board, side, off_x, off_o, Some(state)),
            _ => {
                return Err(PositionError::FieldCount {
                    found: fields.len(),
                });
            }
        };
        let found = board.chars().count();
        if found != usize::from(House::COUNT) {
            return Err(PositionError::BoardLength { found });
        }
        let (mut x, mut o) = (Bitboard::EMPTY, Bitboard::EMPTY);
        let mut marked = None;
        for (house, c) in House::all().zip(board.chars()) {
            match c {
                '.' => {}
                'x' => x = x.with(house),
                'o' => o = o.with(house),
                'X' | 'O' => {
                    let side = if c == 'X' { Side::X } else { Side::O };
                    if side == Side::X {
                        x = x.with(house);
                    } else {
                        o = o.with(house);
                    }
                    // One mark at most, on a house the ruleset marks.
                    if ruleset.mark_house() != Some(house) {
                        return Err(marked_piece(&ruleset, Some(house), side));
                    }
                    marked = Some(side);
                }
                found => {
                    return Err(PositionError::BoardChar {
                        house: house.number(),
                        found,
                    });
                }
            }
        }
        let side = match side {
            "x" => Side::X,
            "o" => Side::O,
            found => {
                return Err(PositionError::SideField {
                    found: excerpt(found),
                });
            }
        };
        let off_x = parse_count("XOFF", off_x)?;
        let off_o = parse_count("OOFF", off_o)?;
        let [loses_turn_x, loses_turn_o] = match state {
            None => [false, false],
            Some("loses=x") => [true, false],
            Some("loses=o") => [false, true],
            Some("loses=xo") => [true, true],
            Some(found) => {
                return Err(PositionError::StateField {
                    found: excerpt(found),
                });
            }
        };
        crate::Setup {
            x,
            o,
            off_x,
            off_o,
            marked,
            to_throw: side,
            loses_turn_x,
            loses_turn_o,
        }
        .position(ruleset)
    }
}

/// A borne-off count: ASCII digits, no sign, no leading zero.
fn parse_count(field: &'static str, text: &str) -> Result<u8, PositionError> {
    let well_written =
        text.bytes().all(|b| b.is_ascii_digit()) && (text == "0" || !text.starts_with('0'));
    let value = if well_written {
        text.parse::<u8>().ok()
    } else {
        None
    };
    value.ok_or_else(|| PositionError::Count {
        field,
        found: excerpt(text),
    })
}

impl<R: Ruleset> fmt::Display for Position<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut board = [b'.'; House::COUNT as usize];
        for side in Side::BOTH {
            for house in self.board.pieces(side) {
                board[usize::from(house.number() - 1)] = side.to_char() as u8;
            }
        }
        if let Some(house) = self.marked_house() {
            let at = usize::from(house.number() - 1);
            board[at] = board[at].to_ascii_uppercase();
        }
        // The board holds only ASCII '.', 'x', 'o', 'X' and 'O'.
        let board = core::str::from_utf8(&board).map_err(|_| fmt::Error)?;
        write!(
            f,
            "{board} {} {} {}",
            self.side_to_throw(),
            self.board.off(Side::X),
            self.board.off(Side::O)
        )?;
        match [self.loses_next_turn(Side::X), self.loses_next_turn(Side::O)] {
            [false, false] => Ok(()),
            [true, false] => f.write_str(" loses=x"),
            [false, true] => f.write_str(" loses=o"),
            [true, true] => f.write_str(" loses=xo"),
        }
    }
}

impl<R: Ruleset + Default> FromStr for Position<R> {
    type Err = PositionError;

    /// Parses a position string for the ruleset `R::default()`.
    fn from_str(text: &str) -> Result<Position<R>, PositionError> {
        Position::parse(R::default(), text)
    }
}
