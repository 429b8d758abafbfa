//! The board as text (`Position::diagram`): rows in the S order of the
//! track, pieces and marked pieces, the ruleset's marks, and whose throw
//! it is or who won.

mod common;

use common::*;
use senet::rulesets::{Bell, Kendall, Kendall1979};
use senet::{AnyRuleset, Position};

/// The piece characters of one drawn row (every fourth column from the third).
fn pieces(row: &str) -> String {
    row.chars().skip(2).step_by(4).take(10).collect()
}

#[test]
fn the_rows_follow_the_track_and_show_every_piece() {
    for ruleset in AnyRuleset::ALL {
        let start = Position::start(ruleset);
        let text = start.diagram();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0].split_whitespace().collect::<Vec<_>>(),
            (1..=10).map(|n| n.to_string()).collect::<Vec<_>>()
        );
        assert_eq!(lines[2].split_whitespace().next(), Some("20"), "{ruleset}");
        assert_eq!(lines[4].split_whitespace().last(), Some("30"), "{ruleset}");
        // Row by row, the pieces are the position string's, row 2 reversed.
        let board: String = start.to_string().chars().take(30).collect();
        let row2: String = board[10..20].chars().rev().collect();
        assert_eq!(pieces(lines[1]), board[..10], "{ruleset}");
        assert_eq!(pieces(lines[3]), row2, "{ruleset}");
        assert_eq!(pieces(lines[5]), board[20..], "{ruleset}");
        assert!(lines[6].ends_with("x to throw."), "{ruleset}: {}", lines[6]);
    }
}

#[test]
fn a_marked_piece_is_upper_case_and_a_piece_in_the_water_is_drawn() {
    let p = pos(Kendall1979, "o.............X...........o... x 6 5");
    let text = p.diagram();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(pieces(lines[3]), ".....X....");
    assert_eq!(pieces(lines[5]), "......o...");
    assert!(text.contains("borne off: x 6, o 5; x to throw."), "{text}");
}

#[test]
fn a_finished_game_says_who_won_and_marks_are_explained() {
    let won = pos(Kendall, &ps(&[], &[3, 4, 5], 'o', 5, 2));
    assert!(
        won.diagram().contains("borne off: x 5, o 2; x won."),
        "{}",
        won.diagram()
    );
    let text = Position::start(Kendall).diagram();
    assert!(
        text.ends_with(
            "marks: \u{2625} on 15, * on 26, \u{2248} on 27, 3 on 28, 2 on 29, 1 on 30."
        ),
        "{text}"
    );
    // A drawn Bell game.
    let draw = pos(Bell, &ps(&[], &[], 'x', 5, 5));
    assert!(draw.diagram().contains("a draw."), "{}", draw.diagram());
}
