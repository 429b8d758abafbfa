//! Legal moves: shared code over the [`Ruleset`] hooks.
//!
//! How a roll's moves are found:
//!
//! 1. [`steps`] derives from the ruleset's geometry hooks, per roll and
//!    direction, which houses step exactly the roll along the track (all
//!    handled at once with shifts and masks) and which have a move of
//!    another kind (asked about one piece at a time).
//! 2. [`Context`] asks the ruleset once per position about the whole
//!    board: the houses the mover may not pass and the opponent's pieces
//!    it may not land on.
//! 3. [`sets`] finds the legal moves as sets of start houses (a roll gives
//!    a piece at most one move, so a start names its move): forward moves,
//!    else backward ones; pieces that must be played first before others.
//! 4. [`write`] turns the sets into [`Move`](crate::Move)s: the `n`-th one,
//!    or all of them into a list.
//! 5. [`check`] decides one piece's move of another kind, and explains why
//!    a move a user names is not among the legal ones.

pub(crate) mod check;
mod error;
pub(crate) mod sets;
pub(crate) mod steps;
mod write;

pub use error::IllegalMove;

use crate::bitboard::Bitboard;
use crate::movegen::steps::Direction;
use crate::position::Position;
use crate::ruleset::Ruleset;

/// What the generator needs to know about the board, asked of the ruleset
/// once per position and shared by every roll.
#[derive(Clone, Copy)]
pub(crate) struct Context {
    /// The pieces of the side to throw.
    pub(crate) own: Bitboard,
    /// The pieces of its opponent.
    pub(crate) opp: Bitboard,
    /// The pieces of the side to throw that may move this throw.
    pub(crate) movable: Bitboard,
    /// Houses the mover may not pass going forward.
    pub(crate) impassable: Bitboard,
    /// Houses the mover may not pass going backward.
    pub(crate) impassable_back: Bitboard,
    /// The opponent's pieces the mover may not land on.
    pub(crate) shielded: Bitboard,
    /// Whether the side to throw may bear off.
    pub(crate) bear_off: bool,
}

impl Context {
    /// The houses the mover may not pass going `direction`.
    #[inline(always)]
    pub(crate) fn impassable(&self, direction: Direction) -> Bitboard {
        match direction {
            Direction::Forward => self.impassable,
            Direction::Backward => self.impassable_back,
        }
    }
}

impl<R: Ruleset> Position<R> {
    /// The board as the generator sees it, for the side to throw.
    #[inline]
    pub(crate) fn context(&self) -> Context {
        let side = self.side_to_throw();
        let (own, opp) = self.board.both(side);
        let ruleset = &self.ruleset;
        let board = &self.board;
        Context {
            own,
            opp,
            movable: ruleset.movable(board, side) & own,
            impassable: ruleset.impassable(board, side, Direction::Forward),
            impassable_back: ruleset.impassable(board, side, Direction::Backward),
            shielded: ruleset.shielded(board, side.opponent()),
            bear_off: ruleset.may_bear_off(board, side),
        }
    }
}
