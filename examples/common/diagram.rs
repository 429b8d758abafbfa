//! Drawing a position as the three rows of the board (shared by `full_game` and `replay`).

use senet::{House, Position, Ruleset, Side};

/// The board as three lines: row 1 is houses 1..10 left to right, row 2
/// houses 20..11 (the track turns back), row 3 houses 21..30; `x`, `o`, or
/// `.` for an empty house. Then who has borne off how many; not who throws,
/// since the drawing also serves finished games, where nobody does.
pub fn diagram<R: Ruleset>(position: &Position<R>) -> String {
    let rows: [(&str, [u8; 10]); 3] = [
        ("row 1 ( 1..10 ->)", core::array::from_fn(|i| 1 + i as u8)),
        ("row 2 (20..11 <-)", core::array::from_fn(|i| 20 - i as u8)),
        ("row 3 (21..30 ->)", core::array::from_fn(|i| 21 + i as u8)),
    ];
    let mut out = String::new();
    for (label, houses) in rows {
        let cells: Vec<String> = houses
            .iter()
            .map(|&n| {
                let piece = House::new(n).and_then(|h| position.piece_at(h));
                piece.map_or('.', Side::to_char).to_string()
            })
            .collect();
        out.push_str(&format!("{label}: {}\n", cells.join(" ")));
    }
    let board = position.board();
    out.push_str(&format!(
        "borne off: x {}, o {}",
        board.off(Side::X),
        board.off(Side::O)
    ));
    out
}
