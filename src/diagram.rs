//! The board as text a person reads: for terminals, chat and logs.

use crate::house::{House, Side};
use crate::position::Position;
use crate::ruleset::Ruleset;

impl<R: Ruleset> Position<R> {
    /// The board as text: the three rows of ten in the S order of the
    /// track (1 to 10, then 20 back to 11, then 21 to 30), each house with
    /// its number, its piece (`x`, `o`, `X` or `O` for a marked piece, `.`
    /// for none) and the ruleset's mark of it; then the pieces borne off
    /// and whose throw it is, or how the game ended; then what the marks
    /// are.
    ///
    /// ```
    /// use senet::{Position, rulesets::Kendall};
    ///
    /// let text = Position::start(Kendall).diagram();
    /// assert!(text.starts_with("  1   2   3"));
    /// assert!(text.contains("  o   x   o   x"));
    /// assert!(text.contains("borne off: x 0, o 0; x to throw."));
    /// ```
    pub fn diagram(&self) -> String {
        let ruleset = self.ruleset();
        let rows: [([u8; 10], &str); 3] = [
            (core::array::from_fn(|i| 1 + i as u8), "->"),
            (core::array::from_fn(|i| 20 - i as u8), "<-"),
            (core::array::from_fn(|i| 21 + i as u8), "->"),
        ];
        let mut text = String::new();
        for (houses, arrow) in rows {
            let numbers: Vec<String> = houses.iter().map(|n| format!("{n:>3}")).collect();
            text.push_str(&numbers.join(" "));
            text.push('\n');
            for house in houses.into_iter().filter_map(House::new) {
                let piece = match self.piece_at(house) {
                    None => '.',
                    Some(side) if self.is_marked(house) => side.to_char().to_ascii_uppercase(),
                    Some(side) => side.to_char(),
                };
                text.push_str(&format!("  {piece}{}", mark(ruleset.house_mark(house))));
            }
            text.push_str(&format!("  {arrow}\n"));
        }
        let board = self.board();
        text.push_str(&format!(
            "borne off: x {}, o {}; ",
            board.off(Side::X),
            board.off(Side::O)
        ));
        match self.outcome() {
            Some(outcome) => text.push_str(&format!("{outcome}.")),
            None => text.push_str(&format!("{} to throw.", self.side_to_throw())),
        }
        let marks: Vec<String> = House::all()
            .filter_map(|house| {
                ruleset
                    .house_mark(house)
                    .map(|m| format!("{} on {house}", mark(Some(m))))
            })
            .collect();
        if !marks.is_empty() {
            text.push_str(&format!("\nmarks: {}.", marks.join(", ")));
        }
        text
    }

    /// Whether the piece on `house` is marked.
    fn is_marked(&self, house: House) -> bool {
        self.board().marked_house() == Some(house)
    }
}

/// A house's mark in one character: its first, except the star and the
/// numerals, which read better as ASCII; a space for none.
fn mark(mark: Option<&str>) -> char {
    match mark {
        None => ' ',
        Some("\u{2736}") => '*',
        Some("III") => '3',
        Some("II") => '2',
        Some("I") => '1',
        Some(mark) => mark.chars().next().unwrap_or('!'),
    }
}
