//! The board as text a person reads, for terminals, chat and logs: a
//! position's ([`position`]), or a game's, which also says what the game
//! waits for ([`game`]).

use senet::game::GameView;
use senet::{House, Position, Ruleset, Side};

/// The board as text: the three rows of ten in the S order of the track
/// (1 to 10, then 20 back to 11, then 21 to 30), each house with its
/// number, its piece (`x`, `o`, `X` or `O` for a marked piece, `.` for
/// none) and the ruleset's mark of it; then the pieces borne off and whose
/// throw it is, or how the game ended; then what the marks are.
///
/// A position does not know the game it is part of: a throw waiting for a
/// move, a resignation. [`game`] draws a game.
///
/// ```
/// use senet::{Position, rulesets::Kendall};
/// use senet_view::diagram;
///
/// let text = diagram::position(&Position::start(Kendall));
/// assert!(text.starts_with("  1   2   3"));
/// assert!(text.contains("  o   x   o   x"));
/// assert!(text.contains("borne off: x 0, o 0; x to throw."));
/// ```
pub fn position<R: Ruleset>(position: &Position<R>) -> String {
    let status = match position.outcome() {
        Some(outcome) => format!("{outcome}."),
        None => to_throw(position),
    };
    draw(position, &status, &[])
}

/// The game as text: the board as [`position`] draws it, but with what the
/// game is waiting for, which a position alone does not know. While a
/// throw waits for a move: the throw and its legal moves, in their
/// notation, in the order of [`GameView::legal_moves`]. Once the game is
/// over: who won and how (by bearing off, by resignation), or a draw.
/// Otherwise: whose throw it is.
///
/// ```
/// use senet::{Game, Roll, Side, rulesets::Kendall};
/// use senet::source::ScriptedThrows;
/// use senet_view::diagram;
///
/// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls([Roll::new(2).unwrap()]));
/// assert!(diagram::game(&game.view()).contains("borne off: x 0, o 0; x to throw."));
/// game.throw()?;
/// let text = diagram::game(&game.view());
/// assert!(text.contains("borne off: x 0, o 0; x threw ||-- 2 and has 1 move:\n  2: 10-12"));
/// game.resign(Side::X)?;
/// let text = diagram::game(&game.view());
/// assert!(text.contains("borne off: x 0, o 0; o won by resignation."));
/// assert!(!text.contains("to throw") && !text.contains("threw"));
/// # Ok::<(), senet::GameError>(())
/// ```
pub fn game<R: Ruleset>(view: &GameView<'_, R>) -> String {
    let position = view.position();
    let side = position.side_to_throw();
    let moves = view.legal_moves();
    let (status, lines) = match (view.finish(), view.current_throw()) {
        (Some(finish), _) => (format!("{finish}."), Vec::new()),
        (None, Some(throw)) => {
            let count = match moves.len() {
                1 => "1 move".to_owned(),
                n => format!("{n} moves"),
            };
            // Each move in its notation, which every reader of moves
            // takes: no numbers, which none does.
            let lines = moves
                .iter()
                .map(|&mv| format!("  {}", position.notation(mv)))
                .collect();
            let bank = position.bank();
            let status = if bank.is_to_play() {
                let rolls: Vec<String> = bank.rolls().map(|roll| roll.to_string()).collect();
                format!(
                    "{side} plays its bank ({}) and has {count}:",
                    rolls.join(", ")
                )
            } else {
                format!("{side} threw {throw} and has {count}:")
            };
            (status, lines)
        }
        (None, None) => (to_throw(position), Vec::new()),
    };
    draw(position, &status, &lines)
}

/// Who throws next, with what it has banked (`x to throw, 1 and 4
/// banked.`), or who plays its bank (`x plays its bank: 1, 2, 4.`).
fn to_throw<R: Ruleset>(position: &Position<R>) -> String {
    let side = position.side_to_throw();
    let bank = position.bank();
    let rolls: Vec<String> = bank.rolls().map(|roll| roll.to_string()).collect();
    if bank.is_to_play() {
        format!("{side} plays its bank: {}.", rolls.join(", "))
    } else if bank.is_empty() {
        format!("{side} to throw.")
    } else {
        format!("{side} to throw, {} banked.", rolls.join(", "))
    }
}

/// The board as [`position`] draws it, with `status` after the pieces
/// borne off and `lines` under it, then the marks.
fn draw<R: Ruleset>(position: &Position<R>, status: &str, lines: &[String]) -> String {
    let ruleset = position.ruleset();
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
            let piece = match position.piece_at(house) {
                None => '.',
                Some(side) if position.marked_house() == Some(house) => {
                    side.to_char().to_ascii_uppercase()
                }
                Some(side) => side.to_char(),
            };
            text.push_str(&format!("  {piece}{}", mark(ruleset.house_mark(house))));
        }
        text.push_str(&format!("  {arrow}\n"));
    }
    let board = position.board();
    // The hand, only where pieces enter from it.
    let hand = if senet::rulesets::enters_pieces(&ruleset) {
        format!(
            "in hand: x {}, o {}; ",
            position.in_hand(Side::X),
            position.in_hand(Side::O)
        )
    } else {
        String::new()
    };
    text.push_str(&format!(
        "{hand}borne off: x {}, o {}; {status}",
        board.off(Side::X),
        board.off(Side::O)
    ));
    for line in lines {
        text.push('\n');
        text.push_str(line);
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
