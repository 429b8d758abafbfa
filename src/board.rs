//! The pieces on the track and off it, without whose turn it is (a
//! position keeps its side to throw as the side its board stores first,
//! which no reading of the board depends on).

use crate::bitboard::Bitboard;
use crate::house::{House, Side};

/// Where every piece is: one [`Bitboard`] per side and the number each side
/// has borne off.
///
/// A `Board` is what the [`Ruleset`](crate::Ruleset) hooks look at. Its two
/// sides never share a house; a board is only built by the crate, from a
/// validated position.
///
/// ```
/// use senet::{Position, Side, rulesets::Kendall};
///
/// let position: Position<Kendall> = "ooooo.................x..x.... x 3 0".parse()?;
/// let board = position.board();
/// assert_eq!((board.on_board(Side::X), board.off(Side::X)), (2, 3));
/// assert_eq!(board.occupied().count(), 7);
/// # Ok::<(), senet::PositionError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Board {
    /// The pieces of [`first`](Self::first), then of its opponent.
    pieces: [Bitboard; 2],
    /// Borne off by [`first`](Self::first), then by its opponent.
    off: [u8; 2],
    /// The side whose piece on the ruleset's mark house is marked, if
    /// one is (see [`Ruleset::marks`](crate::Ruleset::marks)): the house
    /// is the ruleset's, so the board keeps only the side. (Keeping the
    /// house here instead cost a random Kendall throw 8 instructions.)
    marked: Option<Side>,
    /// The side stored first: in a position, the side to throw, so that
    /// the move generator reads the mover's pieces with no choice on the
    /// side. Not part of what the board is: equality and hashing ignore it.
    first: Side,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.canonical() == other.canonical()
    }
}

impl Eq for Board {}

impl core::hash::Hash for Board {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.canonical().hash(state);
    }
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Board")
            .field("x", &self.pieces(Side::X))
            .field("o", &self.pieces(Side::O))
            .field("off_x", &self.off(Side::X))
            .field("off_o", &self.off(Side::O))
            .field("marked", &self.marked)
            .finish()
    }
}

impl Board {
    /// A board from its parts, or `None` when the sides share a house.
    pub(crate) fn new(x: Bitboard, o: Bitboard, off_x: u8, off_o: u8) -> Option<Board> {
        if !(x & o).is_empty() {
            return None;
        }
        Some(Board {
            pieces: [x, o],
            off: [off_x, off_o],
            marked: None,
            first: Side::X,
        })
    }

    /// The same board with the piece of `marked` on the ruleset's mark
    /// house marked (or no mark); the position checks that it stands there.
    pub(crate) const fn with_mark(self, marked: Option<Side>) -> Board {
        Board { marked, ..self }
    }

    /// The side whose piece on the ruleset's
    /// [`mark_house`](crate::Ruleset::mark_house) is marked, if any: a
    /// piece back from the water in a ruleset that marks it, which alone
    /// may move.
    ///
    /// ```
    /// use senet::{Position, Side, rulesets::{Kendall, Kendall1979}};
    ///
    /// let position: Position<Kendall1979> = "oxoxoxoxoxoxo.X............... x 0 0".parse()?;
    /// assert_eq!(position.board().marked(), Some(Side::X));
    /// assert_eq!(Position::start(Kendall).board().marked(), None);
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    #[inline]
    pub const fn marked(&self) -> Option<Side> {
        self.marked
    }

    /// A board from a built-in ruleset's start: `x` and `o` never share a
    /// house there (the crate's tests check it), and nothing is borne off.
    #[inline]
    pub(crate) const fn unchecked(x: Bitboard, o: Bitboard) -> Board {
        Board {
            pieces: [x, o],
            off: [0, 0],
            marked: None,
            first: Side::X,
        }
    }

    /// The houses of this side's pieces.
    ///
    /// ```
    /// use senet::{Bitboard, Position, Side, rulesets::Kendall};
    ///
    /// let board = *Position::start(Kendall).board();
    /// assert_eq!(board.pieces(Side::X), Bitboard::from_numbers(&[2, 4, 6, 8, 10]));
    /// assert_eq!(board.pieces(Side::O), Bitboard::from_numbers(&[1, 3, 5, 7, 9]));
    /// ```
    #[inline]
    pub const fn pieces(&self, side: Side) -> Bitboard {
        if side as u8 == self.first as u8 {
            self.pieces[0]
        } else {
            self.pieces[1]
        }
    }

    /// Every occupied house.
    ///
    /// ```
    /// use senet::{Bitboard, Position, rulesets::Kendall};
    ///
    /// let board = *Position::start(Kendall).board();
    /// assert_eq!(board.occupied(), Bitboard::range(1, 10));
    /// ```
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// How many pieces this side has borne off.
    ///
    /// ```
    /// use senet::{Position, Side, rulesets::Kendall};
    ///
    /// let position: Position<Kendall> = "ooooo....................x.... x 4 0".parse()?;
    /// assert_eq!(position.board().off(Side::X), 4);
    /// assert_eq!(position.board().off(Side::O), 0);
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    #[inline]
    pub const fn off(&self, side: Side) -> u8 {
        if side as u8 == self.first as u8 {
            self.off[0]
        } else {
            self.off[1]
        }
    }

    /// How many pieces this side has on the track.
    ///
    /// ```
    /// use senet::{Position, Side, rulesets::Kendall};
    ///
    /// let position: Position<Kendall> = "ooooo....................x.... x 4 0".parse()?;
    /// assert_eq!(position.board().on_board(Side::X), 1);
    /// assert_eq!(position.board().on_board(Side::O), 5);
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    #[inline]
    pub const fn on_board(&self, side: Side) -> u8 {
        self.pieces(side).count() as u8
    }

    /// Whose piece stands on this house, if any.
    ///
    /// ```
    /// use senet::{House, Position, Side, rulesets::Kendall};
    ///
    /// let board = *Position::start(Kendall).board();
    /// assert_eq!(board.piece_at(House::new(1).unwrap()), Some(Side::O));
    /// assert_eq!(board.piece_at(House::new(2).unwrap()), Some(Side::X));
    /// assert_eq!(board.piece_at(House::new(11).unwrap()), None);
    /// ```
    #[inline]
    pub fn piece_at(&self, house: House) -> Option<Side> {
        if self.pieces[0].contains(house) {
            Some(self.first)
        } else if self.pieces[1].contains(house) {
            Some(self.first.opponent())
        } else {
            None
        }
    }

    /// The pieces of `side` and of its opponent. Indexed rather than
    /// matched on the side, which alternates too irregularly to predict.
    #[inline]
    pub(crate) const fn both(&self, side: Side) -> (Bitboard, Bitboard) {
        (self.pieces(side), self.pieces(side.opponent()))
    }

    /// The side stored first: the side to throw, in a position.
    #[inline]
    pub(crate) const fn first(&self) -> Side {
        self.first
    }

    /// The side with at least `all` pieces borne off, if one has; `x`
    /// when both have (possible only where pieces are captured). Read
    /// in the order the sides are stored, so that asking only whether
    /// one has costs no choice on the side.
    #[inline]
    pub(crate) const fn home(&self, all: u8) -> Option<Side> {
        match (self.off[0] >= all, self.off[1] >= all) {
            (true, true) => Some(Side::X),
            (true, false) => Some(self.first),
            (false, true) => Some(self.first.opponent()),
            (false, false) => None,
        }
    }

    /// The parts that make the board what it is, whichever side is stored first.
    fn canonical(&self) -> (Bitboard, Bitboard, u8, u8, Option<Side>) {
        (
            self.pieces(Side::X),
            self.pieces(Side::O),
            self.off(Side::X),
            self.off(Side::O),
            self.marked,
        )
    }

    /// The same board with `side` stored first. Built whole with masks
    /// rather than a branch: the side to throw alternates irregularly.
    #[inline]
    pub(crate) const fn facing(self, side: Side) -> Board {
        let turn = side as u8 != self.first as u8;
        let mask = 0u32.wrapping_sub(turn as u32);
        let [a, b] = [self.pieces[0].bits(), self.pieces[1].bits()];
        let swapped = (a ^ b) & mask;
        let off = u16::from_le_bytes(self.off);
        let off = if turn { off.rotate_left(8) } else { off };
        // Valid sets exchanged bit for bit: still valid, no mask needed.
        Board {
            pieces: [
                Bitboard::from_house_bits(a ^ swapped),
                Bitboard::from_house_bits(b ^ swapped),
            ],
            off: off.to_le_bytes(),
            marked: self.marked,
            first: side,
        }
    }

    /// The board with the pieces of `side` and of its opponent replaced,
    /// `borne_off` added to the count of `side`, and the mark set to
    /// `marked`, stored with `side` first.
    #[inline]
    pub(crate) const fn after(
        &self,
        side: Side,
        own: Bitboard,
        opp: Bitboard,
        borne_off: u8,
        marked: Option<Side>,
    ) -> Board {
        Board {
            pieces: [own, opp],
            // Wrapping, not saturating: a count never passes the pieces
            // per side, far below 255, and this is on every move.
            off: [
                self.off(side).wrapping_add(borne_off),
                self.off(side.opponent()),
            ],
            marked,
            first: side,
        }
    }

    /// The board with the piece standing on `from`, whoever owns it, moved
    /// to the empty house `to` (built whole, as in [`after`](Self::after)).
    #[inline]
    pub(crate) const fn with_piece_moved(&self, from: House, to: House) -> Board {
        let from = Bitboard::from_house(from).bits();
        let moved = from | Bitboard::from_house(to).bits();
        let [x, o] = [self.pieces[0].bits(), self.pieces[1].bits()];
        // All ones for the side whose piece moves.
        let x_there = 0u32.wrapping_sub((x & from != 0) as u32);
        let o_there = 0u32.wrapping_sub((o & from != 0) as u32);
        Board {
            pieces: [
                Bitboard::from_bits(x ^ (moved & x_there)),
                Bitboard::from_bits(o ^ (moved & o_there)),
            ],
            off: self.off,
            marked: self.marked,
            first: self.first,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};

    use super::*;

    fn hash_of(board: &Board) -> u64 {
        let mut hasher = DefaultHasher::new();
        board.hash(&mut hasher);
        hasher.finish()
    }

    fn sample() -> Board {
        let x = Bitboard::from_numbers(&[2, 9, 26]);
        let o = Bitboard::from_numbers(&[1, 14, 15, 30]);
        Board::new(x, o, 2, 1)
            .map(|board| board.with_mark(Some(Side::O)))
            .unwrap()
    }

    /// Which side is stored first is how a position keeps its side to
    /// throw, not part of the board: both orders read, compare, hash
    /// and print the same.
    #[test]
    fn a_board_is_the_same_whichever_side_is_stored_first() {
        let board = sample();
        for first in Side::BOTH {
            let facing = board.facing(first);
            assert_eq!(facing.first(), first);
            for side in Side::BOTH {
                assert_eq!(facing.pieces(side), board.pieces(side));
                assert_eq!(facing.off(side), board.off(side));
                assert_eq!(facing.on_board(side), board.on_board(side));
                assert_eq!(facing.both(side), board.both(side));
            }
            for house in House::all() {
                assert_eq!(facing.piece_at(house), board.piece_at(house));
            }
            assert_eq!(facing.marked(), Some(Side::O));
            assert_eq!(facing, board);
            assert_eq!(hash_of(&facing), hash_of(&board));
            assert_eq!(format!("{facing:?}"), format!("{board:?}"));
            assert_eq!(facing.facing(Side::X).facing(first), facing);
        }
        assert_ne!(
            board,
            board.after(
                Side::X,
                board.pieces(Side::X),
                board.pieces(Side::O),
                1,
                None
            )
        );
    }

    /// `after` gives the pieces and the count to the side that moved,
    /// whichever side was stored first before.
    #[test]
    fn after_credits_the_side_that_moved() {
        let board = sample();
        let (x, o) = (
            Bitboard::from_numbers(&[3]),
            Bitboard::from_numbers(&[4, 5]),
        );
        for first in Side::BOTH {
            let before = board.facing(first);
            let moved = before.after(Side::O, o, x, 1, None);
            assert_eq!(moved.first(), Side::O);
            assert_eq!((moved.pieces(Side::X), moved.pieces(Side::O)), (x, o));
            assert_eq!((moved.off(Side::X), moved.off(Side::O)), (2, 2));
            assert_eq!(moved.marked(), None);
        }
    }

    /// The side home is the same in both orders; when both are (only
    /// where pieces are captured), `x`, as before the order was stored.
    #[test]
    fn home_does_not_depend_on_the_order() {
        let none = Bitboard::EMPTY;
        let one = Bitboard::from_numbers(&[20]);
        for first in Side::BOTH {
            let x_home = Board::new(none, one, 5, 4).unwrap().facing(first);
            let o_home = Board::new(one, none, 4, 5).unwrap().facing(first);
            let both = Board::new(none, none, 5, 5).unwrap().facing(first);
            let neither = Board::new(one, one.shift_up(1), 4, 4)
                .unwrap()
                .facing(first);
            assert_eq!(x_home.home(5), Some(Side::X));
            assert_eq!(o_home.home(5), Some(Side::O));
            assert_eq!(both.home(5), Some(Side::X));
            assert_eq!(neither.home(5), None);
        }
    }
}
