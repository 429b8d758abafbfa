//! Perft: counting the leaves of the tree of throws and moves, every roll once and unweighted.

use crate::notation::move_text::MoveText;
use crate::position::Position;
use crate::ruleset::Ruleset;

/// The number of leaves `depth` throws below `position`.
///
/// `perft(P, 0) = 1` and `perft(P, d) = 1` when the game at `P` is over;
/// otherwise the sum, over every roll the ruleset's implement can make
/// (each once, unweighted), of `perft(P after m, d - 1)` for each legal
/// move `m`, or of `perft(P after the lost throw, d - 1)` when there is none.
///
/// Every depth is accepted, but the work grows with the count: each level
/// multiplies it by 10 to 25, so depth 8 takes hours and depth 12 would
/// take centuries (the `perft` example allows 0 to 8). A count past
/// `u64::MAX`, which no finishing run can reach, stays at `u64::MAX`
/// rather than wrapping.
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet::{Position, perft};
///
/// let start = Position::start(Kendall);
/// assert_eq!(perft(&start, 0), 1);
/// assert_eq!(perft(&start, 1), 18); // every roll of the sticks, each once
/// ```
pub fn perft<R: Ruleset>(position: &Position<R>, depth: u32) -> u64 {
    if depth == 0 || position.is_over() {
        return 1;
    }
    let mut total: u64 = 0;
    for (roll, moves) in position.moves_by_roll().iter() {
        if moves.is_empty() {
            total = total.saturating_add(perft(&position.apply_lost_throw(roll), depth - 1));
        } else {
            for index in 0..moves.len() {
                if let Some(after) = moves.play_nth(index) {
                    total = total.saturating_add(perft(&after, depth - 1));
                }
            }
        }
    }
    total
}

/// Perft split by the first throw: each first move (or lost throw) in
/// notation with the perft of the position after it, `depth - 1` deep.
/// The counts add up to `perft(position, depth)` (for `depth >= 1` and a
/// game not over; otherwise the list is empty).
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet::{Position, divide, perft};
///
/// let start = Position::start(Kendall);
/// let lines = divide(&start, 2);
/// assert_eq!(lines.len(), 18); // one line per first move
/// assert_eq!(lines[0].0.to_string(), "1: 2-3x+");
/// let total: u64 = lines.iter().map(|(_, count)| count).sum();
/// assert_eq!(total, perft(&start, 2));
/// ```
pub fn divide<R: Ruleset>(position: &Position<R>, depth: u32) -> Vec<(MoveText, u64)> {
    let mut lines = Vec::new();
    if depth == 0 || position.is_over() {
        return lines;
    }
    for roll in position.ruleset().dice().rolls() {
        let moves = position.moves(roll);
        if moves.is_empty() {
            let after = position.apply_lost_throw(roll);
            lines.push((position.lost_notation(roll), perft(&after, depth - 1)));
        }
        for mv in moves.iter() {
            lines.push((position.notation(mv), perft(&position.apply(mv), depth - 1)));
        }
    }
    lines
}
