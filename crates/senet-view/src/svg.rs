//! Pictures of the board: a position (and optionally a move) as an SVG document.
//!
//! No dependency: the SVG is written as text, every attribute quoted and
//! every element closed, so any XML reader takes it.
//!
//! ```
//! use senet::{Position, rulesets::Temple};
//! use senet_view::svg;
//!
//! let picture = svg::position(&Position::start(Temple), None);
//! assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
//! ```

use core::fmt::Write;

use senet::moves::Target;
use senet::{House, Move, Outcome, Position, Ruleset, Side};

const CELL: u32 = 60;
const MARGIN: u32 = 20;
const HEADER: u32 = 40;
const OFF_COLUMN: u32 = 70;
const WIDTH: u32 = 2 * MARGIN + 10 * CELL + OFF_COLUMN;
const HEIGHT: u32 = HEADER + 2 * MARGIN + 3 * CELL;

/// The top-left corner of a house: row 1 runs left to right, row 2 right
/// to left, row 3 left to right (the S of the track).
fn corner(house: House) -> (u32, u32) {
    corner_of(house.number())
}

/// The top-left corner of the house numbered `number`, 1 to 30.
fn corner_of(number: u8) -> (u32, u32) {
    let index = u32::from(number.saturating_sub(1));
    let (row, along) = (index / 10, index % 10);
    let column = if row == 1 { 9 - along } else { along };
    (MARGIN + column * CELL, HEADER + MARGIN + row * CELL)
}

/// The centre of where a move ends: a house, or the off column beside house 30.
fn centre(target: Target) -> (u32, u32) {
    match target {
        Target::House(house) => {
            let (x, y) = corner(house);
            (x + CELL / 2, y + CELL / 2)
        }
        Target::Off => (
            MARGIN + 10 * CELL + OFF_COLUMN / 2,
            HEADER + MARGIN + 2 * CELL + CELL / 2,
        ),
    }
}

/// Escapes text for an SVG text node or attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The position drawn as an SVG document: the three rows of houses in track
/// order with their numbers, the ruleset's special houses marked and tinted,
/// both sides' pieces, who throws next and the borne-off counts; with
/// `arrow`, the move drawn from its start to its target.
///
/// ```
/// use senet::{Position, Roll};
/// use senet::rulesets::Kendall;
/// use senet_view::svg;
///
/// let start = Position::start(Kendall);
/// let mv = start.moves(Roll::new(2).unwrap()).iter().next().unwrap();
/// let picture = svg::position(&start, Some(mv));
/// assert_eq!(picture.matches("<circle").count(), 10); // five pieces a side
/// assert_eq!(picture.matches("<line").count(), 1); // the arrow
/// assert!(!svg::position(&start, None).contains("<line"));
/// ```
pub fn position<R: Ruleset>(position: &Position<R>, arrow: Option<Move>) -> String {
    let ruleset = position.ruleset();
    let board = position.board();
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#f4ead5"/>"##
    );
    let names = |side: Side| escape(ruleset.side_name(side));
    let status = match position.outcome() {
        Some(Outcome::Win(winner)) => format!("{} won", names(winner)),
        Some(Outcome::Draw) => "a draw".to_owned(),
        None => format!("{} to throw", names(position.side_to_throw())),
    };
    let _ = writeln!(
        out,
        r##"<text x="{MARGIN}" y="28" font-size="18" fill="#3b2a14">{} · x {}: {} off · o {}: {} off · {}</text>"##,
        escape(ruleset.name()),
        names(Side::X),
        board.off(Side::X),
        names(Side::O),
        board.off(Side::O),
        escape(&status)
    );
    for house in House::all() {
        let (x, y) = corner(house);
        let mark = ruleset.house_mark(house);
        let fill = if mark.is_some() { "#e2c98f" } else { "#fbf6ea" };
        let _ = writeln!(
            out,
            r##"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#6b4f2a" stroke-width="2"/>"##
        );
        let _ = writeln!(
            out,
            r##"<text x="{}" y="{}" font-size="11" fill="#6b4f2a">{}</text>"##,
            x + 4,
            y + 13,
            house.number()
        );
        if let Some(mark) = mark {
            let _ = writeln!(
                out,
                r##"<text x="{}" y="{}" font-size="14" text-anchor="end" fill="#8a5a1c">{}</text>"##,
                x + CELL - 4,
                y + 16,
                escape(mark)
            );
        }
        if let Some(side) = board.piece_at(house) {
            let fill = match side {
                Side::X => "#fffdf5",
                Side::O => "#8b3a1a",
            };
            // A marked piece (back from the water, moving alone) wears a
            // gold ring and says so.
            let marked = position.marked_house() == Some(house);
            let (stroke, width, note) = if marked {
                ("#c8961e", 5, " (marked)")
            } else {
                ("#3b2a14", 2, "")
            };
            let _ = writeln!(
                out,
                r##"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"><title>{} on {}{note}</title></circle>"##,
                x + CELL / 2,
                y + CELL / 2 + 4,
                CELL / 3,
                side,
                house
            );
        }
    }
    let (off_x, off_y) = corner_of(House::COUNT);
    let _ = writeln!(
        out,
        r##"<text x="{}" y="{}" font-size="12" fill="#3b2a14">off</text>"##,
        off_x + CELL + 18,
        off_y + 14
    );
    if let Some(mv) = arrow {
        let (x1, y1) = centre(Target::House(mv.from()));
        let (x2, y2) = centre(mv.to());
        let _ = writeln!(
            out,
            r##"<defs><marker id="head" markerUnits="userSpaceOnUse" markerWidth="16" markerHeight="16" refX="14" refY="8" orient="auto"><path d="M0,0 L16,8 L0,16 z" fill="#1d5fa8"/></marker></defs>"##
        );
        let _ = writeln!(
            out,
            r##"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#1d5fa8" stroke-width="4" marker-end="url(#head)"/>"##
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet::rulesets::Kendall;

    #[test]
    fn houses_follow_the_s() {
        let at = |n| corner(House::new(n).unwrap());
        assert_eq!(at(1).1, at(10).1);
        assert!(at(1).0 < at(10).0);
        assert_eq!(at(11).0, at(10).0, "11 sits under 10");
        assert!(at(20).0 < at(11).0);
        assert_eq!(at(21).0, at(20).0, "21 sits under 20");
        assert!(at(30).0 > at(21).0);
    }

    #[test]
    fn every_piece_is_drawn_once() {
        let start = Position::start(Kendall);
        let picture = position(
            &start,
            start
                .moves(senet::Roll::new(2).unwrap())
                .to_list()
                .first()
                .copied(),
        );
        assert_eq!(picture.matches("<circle").count(), 10);
        assert_eq!(picture.matches("<line").count(), 1);
        assert!(picture.contains("Light"));
    }
}
