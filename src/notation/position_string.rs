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

use crate::bank::Bank;
use crate::bitboard::Bitboard;
use crate::house::{House, Side};
use crate::owed::{Debt, Owed};
use crate::position::{Position, PositionError, marked_piece};
use crate::ruleset::Ruleset;
use crate::throw::Roll;

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
        let (owed, bank) = match state {
            None => (Owed::NOTHING, Bank::EMPTY),
            Some(state) => state_field(state).ok_or_else(|| PositionError::StateField {
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
            loses_turn_x: owed.has(Debt::LosesTurn, Side::X),
            loses_turn_o: owed.has(Debt::LosesTurn, Side::O),
            unbegun_x: owed.has(Debt::Unbegun, Side::X),
            unbegun_o: owed.has(Debt::Unbegun, Side::O),
            bank,
        }
        .position(ruleset)
    }
}

/// The fifth field: `NAME=SIDES` parts joined by commas, each debt at
/// most once and in [`Debt::ALL`]'s order (`loses=x,unbegun=o`), SIDES
/// being `x`, `o` or `xo`, then at most one `bank=ROLLS`, last; `None`
/// for anything else.
fn state_field(field: &str) -> Option<(Owed, Bank)> {
    let mut owed = Owed::NOTHING;
    let mut bank = None;
    let mut debts = Debt::ALL.into_iter();
    for part in field.split(',') {
        let (name, value) = part.split_once('=')?;
        if bank.is_some() {
            return None;
        }
        if name == BANK {
            bank = Some(bank_value(value)?);
            continue;
        }
        let debt = debts.find(|debt| debt.field() == name)?;
        let [x, o] = SIDES.iter().find(|(text, _)| *text == value)?.1;
        owed = owed.adding(debt, Side::X, x).adding(debt, Side::O, o);
    }
    Some((owed, bank.unwrap_or(Bank::EMPTY)))
}

/// The name of the bank's part of the fifth field.
const BANK: &str = "bank";

/// A bank as the fifth field writes it: at least one roll digit, lowest
/// first, then `+` while the side still throws; `None` for anything else.
pub(crate) fn bank_value(value: &str) -> Option<Bank> {
    let (digits, to_play) = match value.strip_suffix('+') {
        Some(digits) => (digits, false),
        None => (value, true),
    };
    let mut bank = Bank::EMPTY;
    let mut last = 0;
    for byte in digits.bytes() {
        let roll = Roll::new(byte.checked_sub(b'0')?)?;
        if roll.value() < last {
            return None;
        }
        last = roll.value();
        bank = bank.with(roll)?;
    }
    if bank.is_empty() {
        return None;
    }
    Some(if to_play { bank.to_play() } else { bank })
}

/// The fifth field of `owed` and `bank`, empty when nothing is owed,
/// awaited or banked.
fn written_state(owed: Owed, bank: Bank) -> String {
    let mut parts: Vec<String> = Debt::ALL
        .into_iter()
        .filter_map(|debt| {
            let on = [owed.has(debt, Side::X), owed.has(debt, Side::O)];
            let (sides, _) = SIDES.iter().find(|(_, sides)| *sides == on)?;
            Some(format!("{}={sides}", debt.field()))
        })
        .collect();
    if !bank.is_empty() {
        parts.push(format!("{BANK}={bank}"));
    }
    parts.join(",")
}

/// How the fifth field writes a set of sides, by [`Side::index`].
const SIDES: [(&str, [bool; 2]); 3] = [
    ("x", [true, false]),
    ("o", [false, true]),
    ("xo", [true, true]),
];

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
        if !self.owed.is_nothing() || !self.bank.is_empty() {
            write!(f, " {}", written_state(self.owed, self.bank))?;
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
