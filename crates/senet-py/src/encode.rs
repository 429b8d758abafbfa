//! Positions as numbers for learning agents: the observation vector and
//! the fixed action space, shared by every environment.
//!
//! An action is one index per start house and direction:
//! `2 * (house - 1) + backward`, so 60 actions on a board of 30 houses.
//! A roll never gives one piece two moves the same way, so an action and
//! a roll name at most one move (the tests check every ruleset).

use senet::{Move, Position, Roll, Ruleset, Side};

/// Houses on the board.
const HOUSES: usize = 30;

/// The size of the action space: a start house and a direction.
pub const ACTIONS: usize = 2 * HOUSES;

/// The length of an observation:
///
/// | slice | what |
/// |---|---|
/// | `0..30` | 1 where the observer has a piece, house 1 first |
/// | `30..60` | 1 where the opponent has one |
/// | `60..90` | 1 on the house the ruleset marks, if any (the piece that moves alone in Kendall 1979) |
/// | `90`, `91` | pieces off the board, the observer's and the opponent's, as a fraction of a side's pieces |
/// | `92..98` | the roll to play, one-hot from 1 to 6 (all 0 when none is pending) |
/// | `98` | 1 when the observer is `x`, the side that throws first |
pub const OBSERVATION_SIZE: usize = 3 * HOUSES + 2 + 6 + 1;

/// Where the counts of pieces off start.
const OFF: usize = 3 * HOUSES;

/// The action of a move.
pub fn action_of(mv: Move) -> usize {
    2 * (usize::from(mv.from().number()) - 1) + usize::from(mv.is_backward())
}

/// Writes the observation of `position` for `observer`, with `roll`
/// pending or not, into `out` (`OBSERVATION_SIZE` long).
pub fn observe<R: Ruleset>(
    position: &Position<R>,
    observer: Side,
    roll: Option<Roll>,
    out: &mut [f32],
) {
    out.fill(0.0);
    let board = position.board();
    let pieces = f32::from(position.ruleset().pieces_per_side().max(1));
    for (offset, side) in [(0, observer), (HOUSES, observer.opponent())] {
        let mine = board.pieces(side);
        for house in senet::House::all() {
            if mine.contains(house) {
                out[offset + usize::from(house.number()) - 1] = 1.0;
            }
        }
    }
    if let Some(house) = position.marked_house() {
        out[2 * HOUSES + usize::from(house.number()) - 1] = 1.0;
    }
    out[OFF] = f32::from(board.off(observer)) / pieces;
    out[OFF + 1] = f32::from(board.off(observer.opponent())) / pieces;
    if let Some(roll) = roll {
        out[OFF + 1 + usize::from(roll.value())] = 1.0;
    }
    out[OBSERVATION_SIZE - 1] = f32::from(u8::from(observer == Side::X));
}

/// Writes 1 for the action of each of `moves`, 0 elsewhere, into `out`
/// (`ACTIONS` long).
pub fn mask(moves: &[Move], out: &mut [i8]) {
    out.fill(0);
    for &mv in moves {
        out[action_of(mv)] = 1;
    }
}

/// The one of `moves` that `action` names, if any.
pub fn move_of(moves: &[Move], action: i64) -> Option<Move> {
    moves
        .iter()
        .copied()
        .find(|&mv| i64::try_from(action_of(mv)).is_ok_and(|a| a == action))
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet::rulesets::Kendall;

    #[test]
    fn start_observation_has_each_sides_pieces_and_the_roll() {
        let start = Position::start(Kendall);
        let mut out = [0.0; OBSERVATION_SIZE];
        observe(&start, Side::X, Roll::new(3), &mut out);
        let mine: f32 = out[..HOUSES].iter().sum();
        let theirs: f32 = out[HOUSES..2 * HOUSES].iter().sum();
        assert_eq!((mine, theirs), (5.0, 5.0));
        assert_eq!(out[OFF + 1 + 3], 1.0);
        assert!(out[2 * HOUSES..OFF].iter().all(|&v| v == 0.0)); // nothing marked
        assert_eq!(out[OBSERVATION_SIZE - 1], 1.0);
        // The observer's pieces are `x`'s: house 2, 4, ... in Kendall.
        assert_eq!(
            out[..HOUSES].iter().position(|&v| v == 1.0),
            start
                .board()
                .pieces(Side::X)
                .first()
                .map(|h| usize::from(h.number()) - 1)
        );
    }

    #[test]
    fn each_legal_move_has_its_own_action() {
        let start = Position::start(Kendall);
        for roll in Kendall.dice().rolls() {
            let moves = start.moves(roll).to_list();
            for &mv in moves.iter() {
                assert_eq!(move_of(&moves, action_of(mv) as i64), Some(mv));
            }
        }
    }
}
