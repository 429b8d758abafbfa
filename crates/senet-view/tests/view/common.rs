//! Helpers shared by the tests: rolls, houses and positions from short
//! literals, refused input reported with its error.

use senet::{House, Position, Roll, Ruleset};

/// The roll of this value.
pub fn roll(value: u8) -> Roll {
    Roll::new(value).unwrap_or_else(|| panic!("no roll {value}"))
}

/// The house with this number (1..=30).
pub fn house(number: u8) -> House {
    House::new(number).unwrap_or_else(|| panic!("no house {number}"))
}

/// A position string: `x`'s pieces on the houses `x`, `o`'s on `o`, the
/// side to throw and the borne-off counts.
pub fn ps(x: &[u8], o: &[u8], side: char, off_x: u8, off_o: u8) -> String {
    let mut board = ['.'; 30];
    for &h in x {
        board[usize::from(h - 1)] = 'x';
    }
    for &h in o {
        board[usize::from(h - 1)] = 'o';
    }
    let board: String = board.iter().collect();
    format!("{board} {side} {off_x} {off_o}")
}

/// Parses a position string, panicking with the error if it is refused.
pub fn pos<R: Ruleset>(ruleset: R, text: &str) -> Position<R> {
    Position::parse(ruleset, text).unwrap_or_else(|e| panic!("position {text:?} refused: {e}"))
}
