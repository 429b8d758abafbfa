//! The position string `BOARD SIDE XOFF OOFF`, and a fifth field while
//! a side will lose its next turn (`loses=o`) or has not begun
//! (`unbegun=o`), or both (`loses=x,unbegun=o`)
//! ([its rules](crate::rulesets#position-strings)).
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
        let [loses_turn_x, loses_turn_o, unbegun_x, unbegun_o] = match state {
            None => [false; 4],
            Some(state) => side_state(state).ok_or_else(|| PositionError::StateField {
                found: excerpt(state),
            })?,
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
            unbegun_x,
            unbegun_o,
        }
        .position(ruleset)
    }
}

/// The fifth field, `loses=SIDES`, `unbegun=SIDES` or both joined by a
/// comma in that order, SIDES being `x`, `o` or `xo`: the sides that
/// lose their next turn, then those not begun; `None` for anything else.
fn side_state(field: &str) -> Option<[bool; 4]> {
    let sides = |text: &str| match text {
        "x" => Some([true, false]),
        "o" => Some([false, true]),
        "xo" => Some([true, true]),
        _ => None,
    };
    let (loses, unbegun) = match field.split_once(',') {
        Some((loses, unbegun)) => (Some(loses), Some(unbegun)),
        None if field.starts_with("loses=") => (Some(field), None),
        None => (None, Some(field)),
    };
    let loses = match loses {
        Some(text) => sides(text.strip_prefix("loses=")?)?,
        None => [false, false],
    };
    let unbegun = match unbegun {
        Some(text) => sides(text.strip_prefix("unbegun=")?)?,
        None => [false, false],
    };
    Some([loses[0], loses[1], unbegun[0], unbegun[1]])
}

/// The fifth field of `position`, empty when nothing is owed or awaited.
fn written_state<R: Ruleset>(position: &Position<R>) -> String {
    let sides = |on: [bool; 2]| match on {
        [true, false] => Some("x"),
        [false, true] => Some("o"),
        [true, true] => Some("xo"),
        [false, false] => None,
    };
    let loses = sides([
        position.loses_next_turn(Side::X),
        position.loses_next_turn(Side::O),
    ])
    .map(|sides| format!("loses={sides}"));
    let unbegun = sides([!position.has_begun(Side::X), !position.has_begun(Side::O)])
        .map(|sides| format!("unbegun={sides}"));
    let parts: Vec<String> = [loses, unbegun].into_iter().flatten().collect();
    parts.join(",")
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
        // Only a ruleset with lost turns or a roll to begin has a fifth
        // field: a constant `0` for the others.
        if self.lost != 0 {
            write!(f, " {}", written_state(self))?;
        }
        Ok(())
    }
}

impl<R: Ruleset + Default> FromStr for Position<R> {
    type Err = PositionError;

    /// Parses a position string for the ruleset `R::default()`.
    fn from_str(text: &str) -> Result<Position<R>, PositionError> {
        Position::parse(R::default(), text)
    }
}
