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

pub use error::IllegalMoveError;

use crate::bitboard::Bitboard;
use crate::house::House;
use crate::position::Position;
use crate::ruleset::contract::{Hook, HookError, checked_landing};
use crate::ruleset::identity::built_in;
use crate::ruleset::{Direction, Ruleset};
use crate::throw::Roll;
use sets::OFF_BIT;

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
    /// The opponent's pieces no step may land on (the ruleset's
    /// `shielded`); read only through [`landable`](Self::landable).
    pub(crate) shielded: Bitboard,
    /// [`OFF_BIT`] when the side may not bear off yet, else 0; read only
    /// through [`landable`](Self::landable).
    pub(crate) off_barred: u32,
}

impl Context {
    /// Where a step may end, as raw bits: an empty house, an unshielded
    /// opponent's piece, or off (bit 31) when the side may bear off. The
    /// one statement of the landing rules, which the masks and the check
    /// of a single piece both read.
    ///
    /// Formed where it is read rather than kept whole in the context, so
    /// that each tier of the generator works it out after the first
    /// branch (on the pieces that must be played first), not before it:
    /// the same instructions, but Bell's one-roll generation runs 3 to 4%
    /// faster so (see `docs/performance.md`).
    #[inline(always)]
    pub(crate) fn landable(&self) -> u32 {
        // Bit 31 is off: no piece stands there, so the complement has it,
        // unless the side may not bear off yet. Bit 0 is junk, but no
        // start the tables step reaches it.
        !(self.own.bits() | (self.opp.bits() & self.shielded.bits()) | self.off_barred)
    }

    /// The houses the mover may not pass going `direction`.
    #[inline(always)]
    pub(crate) fn impassable(&self, direction: Direction) -> Bitboard {
        match direction {
            Direction::Forward => self.impassable,
            Direction::Backward => self.impassable_back,
        }
    }

    /// The start houses, as raw bits, from which a step of `distance`
    /// houses (a roll, at most [`Roll::MAX`]) going `direction` would pass
    /// an impassable house: the passing rule for every piece at once. A
    /// fixed number of shifts masked by the distance (no branch on a
    /// random roll); a single piece's move of any length is read by
    /// [`first_passed`](Self::first_passed).
    #[inline(always)]
    pub(crate) fn blocked_starts(&self, direction: Direction, distance: u8) -> u32 {
        let impassable = self.impassable(direction).bits();
        if impassable == 0 {
            return 0;
        }
        let passes = |k: u8| match direction {
            Direction::Forward => impassable >> k,
            Direction::Backward => impassable << k,
        };
        let mut blocked = 0u32;
        for k in 1..Roll::MAX {
            blocked |= passes(k) & 0u32.wrapping_sub(u32::from(k < distance));
        }
        blocked
    }

    /// The impassable house a move of one piece from `from` to the track
    /// number `to` going `direction` passes first, if any: the rule of
    /// [`blocked_starts`](Self::blocked_starts) read at one start (the
    /// start is among those starts exactly when this is `Some`), with the
    /// house that blocks named for the refusal. A mask of the houses
    /// between costs a piece less than the shifts that serve every piece.
    #[inline]
    pub(crate) fn first_passed(&self, from: House, to: u8, direction: Direction) -> Option<House> {
        let passed = Bitboard::between(from.number(), to) & self.impassable(direction);
        match direction {
            Direction::Forward => passed.first(),
            Direction::Backward => passed.last(),
        }
    }

    /// Where the piece on `from` rests if it enters the water (or is
    /// drowned from under a piece that lands where it stood: the same
    /// houses are taken then), given every other piece; `Ok(None)` when
    /// the water can take no piece. A water that sends the piece to its
    /// hand always takes it, and answers its own house. One statement for
    /// the generator, the check of a single piece and the explanation of
    /// a refusal.
    ///
    /// # Errors
    ///
    /// [`HookError::Occupied`] when the ruleset's `water_landing` answers
    /// a taken house.
    #[inline]
    pub(crate) fn water_rest<R: Ruleset>(
        &self,
        ruleset: &R,
        from: House,
    ) -> Result<Option<House>, HookError> {
        if ruleset.water_to_hand() {
            return Ok(ruleset.water());
        }
        let others = (self.own | self.opp).without(from);
        let answer = ruleset.water_landing(others);
        checked_landing(Hook::WaterLanding, answer, others, built_in(ruleset))
    }
}

impl Context {
    /// Where a piece sent back from under a landing goes, given every
    /// piece before the move; `Ok(None)` when it has nowhere to go. One
    /// statement for the generator and the check of a single piece.
    ///
    /// # Errors
    ///
    /// [`HookError::Occupied`] when the ruleset's `send_back` answers a
    /// taken house.
    #[inline]
    pub(crate) fn send_back_rest<R: Ruleset>(
        &self,
        ruleset: &R,
    ) -> Result<Option<House>, HookError> {
        let occupied = self.own | self.opp;
        let answer = ruleset.send_back(occupied);
        checked_landing(Hook::SendBack, answer, occupied, built_in(ruleset))
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
        let off_barred = OFF_BIT & 0u32.wrapping_sub(u32::from(!ruleset.may_bear_off(board, side)));
        Context {
            own,
            opp,
            movable: ruleset.movable(board, side) & own,
            impassable: ruleset.impassable(board, side, Direction::Forward),
            impassable_back: ruleset.impassable(board, side, Direction::Backward),
            shielded: ruleset.shielded(board, side.opponent()),
            off_barred,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-piece reading of the passing rule and the all-pieces one
    /// give the same starts, for every start, distance and direction, on
    /// a spread of impassable sets.
    #[test]
    fn one_piece_and_every_piece_read_the_passing_rule_alike() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..200 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let impassable = Bitboard::from_bits(state as u32 & (state >> 32) as u32);
            let ctx = Context {
                own: Bitboard::EMPTY,
                opp: Bitboard::EMPTY,
                movable: Bitboard::EMPTY,
                impassable,
                impassable_back: impassable,
                shielded: Bitboard::EMPTY,
                off_barred: 0,
            };
            for direction in [Direction::Forward, Direction::Backward] {
                for distance in 1..=Roll::MAX {
                    let blocked = ctx.blocked_starts(direction, distance);
                    for from in House::all() {
                        let to = match direction {
                            Direction::Forward => from.number() + distance,
                            Direction::Backward => match from.number().checked_sub(distance) {
                                Some(to) => to,
                                None => continue,
                            },
                        };
                        let one = ctx.first_passed(from, to, direction).is_some();
                        let all = Bitboard::from_house(from).bits() & blocked != 0;
                        assert_eq!(one, all, "{from} by {distance}, {direction:?}");
                    }
                }
            }
        }
    }
}
