//! The board as text (`diagram::position`): rows in the S order of the
//! track, pieces and marked pieces, the ruleset's marks, and whose throw
//! it is or who won; and a game as text (`diagram::game`): the throw
//! awaited, a throw waiting with its moves, or how the game ended.

use crate::common;

use common::*;
use senet::game::Thrown;
use senet::rulesets::{Bell, Kendall, Kendall1979};
use senet::source::ScriptedThrows;
use senet::{AnyRuleset, Game, Position, Roll, Side};
use senet_view::diagram;

/// The piece characters of one drawn row (every fourth column from the third).
fn pieces(row: &str) -> String {
    row.chars().skip(2).step_by(4).take(10).collect()
}

#[test]
fn the_rows_follow_the_track_and_show_every_piece() {
    for ruleset in AnyRuleset::ALL {
        let start = Position::start(ruleset);
        let text = diagram::position(&start);
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
    let text = diagram::position(&p);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(pieces(lines[3]), ".....X....");
    assert_eq!(pieces(lines[5]), "......o...");
    assert!(text.contains("borne off: x 6, o 5; x to throw."), "{text}");
}

#[test]
fn a_finished_game_says_who_won_and_marks_are_explained() {
    let won = pos(Kendall, &ps(&[], &[3, 4, 5], 'o', 5, 2));
    assert!(
        diagram::position(&won).contains("borne off: x 5, o 2; x won."),
        "{}",
        diagram::position(&won)
    );
    let text = diagram::position(&Position::start(Kendall));
    assert!(
        text.ends_with(
            "marks: \u{2625} on 15, * on 26, \u{2248} on 27, 3 on 28, 2 on 29, 1 on 30."
        ),
        "{text}"
    );
    // A drawn Bell game.
    let draw = pos(Bell, &ps(&[], &[], 'x', 5, 5));
    assert!(
        diagram::position(&draw).contains("a draw."),
        "{}",
        diagram::position(&draw)
    );
}

/// A game from `position` whose throws are `rolls`.
fn game<R: senet::Ruleset>(position: Position<R>, rolls: &[u8]) -> Game<R, ScriptedThrows> {
    let rolls: Vec<Roll> = rolls.iter().map(|&r| roll(r)).collect();
    Game::new(position, ScriptedThrows::from_rolls(rolls))
}

/// The line of a diagram that says what the game waits for.
fn status(text: &str) -> &str {
    text.lines()
        .find(|line| line.starts_with("borne off: "))
        .expect("a status line")
}

#[test]
fn a_game_awaiting_a_throw_says_whose_it_is() {
    let game = game(Position::start(Kendall), &[2]);
    let text = diagram::game(&game.view());
    assert_eq!(status(&text), "borne off: x 0, o 0; x to throw.");
    // The board is the position's.
    let board: Vec<&str> = text.lines().take(6).collect();
    let position = diagram::position(&Position::start(Kendall));
    assert_eq!(board, position.lines().take(6).collect::<Vec<_>>());
    assert!(text.ends_with("1 on 30."), "{text}");
}

#[test]
fn a_throw_waiting_for_a_move_is_shown_with_its_moves() {
    let mut game = game(Position::start(Kendall), &[3]);
    assert!(matches!(game.throw(), Ok(Thrown::ToPlay(_))));
    let text = diagram::game(&game.view());
    assert_eq!(
        status(&text),
        "borne off: x 0, o 0; x threw |||- 3 and has 5 moves:"
    );
    assert!(
        text.contains(
            "and has 5 moves:\n  3: 2-5x\n  3: 4-7x\n  3: 6-9x\n  3: 8-11\n  3: 10-13\nmarks: "
        ),
        "{text}"
    );
    assert!(!text.contains("to throw"), "{text}");
    // Bell's long die.
    let mut game = game_of_bell();
    game.throw().unwrap();
    let text = diagram::game(&game.view());
    assert!(status(&text).contains("x threw die 4 and has"), "{text}");
    assert!(
        text.contains("and has 2 moves:\n  4: 17-21\n  4: 19-23\n"),
        "{text}"
    );
}

fn game_of_bell() -> Game<Bell, ScriptedThrows> {
    game(Position::start(Bell), &[4])
}

#[test]
fn a_game_finished_by_bearing_off_says_who_won_and_how() {
    let last = pos(Kendall, "ooooo....................x.... x 4 0");
    let mut game = game(last, &[5]);
    game.throw().unwrap();
    assert!(diagram::game(&game.view()).contains("x threw ---- 5 and has 1 move:\n  5: 26-off"));
    game.play_text("5: 26-off").unwrap();
    let text = diagram::game(&game.view());
    assert_eq!(status(&text), "borne off: x 5, o 0; x won by bearing off.");
    assert!(
        !text.contains("to throw") && !text.contains("threw"),
        "{text}"
    );
    // A drawn Bell game, started over.
    let drawn = game_from_draw();
    assert_eq!(status(&drawn), "borne off: x 5, o 5; a draw.");
}

/// The diagram of a game that starts from a drawn Bell position.
fn game_from_draw() -> String {
    let draw = pos(Bell, &ps(&[], &[], 'x', 5, 5));
    diagram::game(&game(draw, &[]).view())
}

#[test]
fn a_resigned_game_says_so_not_whose_throw_it_is() {
    // Resigned while nothing is thrown.
    let mut idle = game(Position::start(Kendall), &[]);
    idle.resign(Side::X).unwrap();
    let text = diagram::game(&idle.view());
    assert_eq!(status(&text), "borne off: x 0, o 0; o won by resignation.");
    // Resigned while a throw waits for a move: neither the throw nor its moves.
    let mut waiting = game(Position::start(Kendall), &[3]);
    waiting.throw().unwrap();
    waiting.resign(Side::X).unwrap();
    let text = diagram::game(&waiting.view());
    assert_eq!(status(&text), "borne off: x 0, o 0; o won by resignation.");
    assert!(
        !text.contains("to throw") && !text.contains("1) "),
        "{text}"
    );
}
