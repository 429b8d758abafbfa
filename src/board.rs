//! The pieces on the track and off it, without whose turn it is.

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pieces: [Bitboard; 2],
    off: [u8; 2],
    /// The side whose piece on house 15 is marked, if one is (see
    /// [`Ruleset::marks_returns`](crate::Ruleset::marks_returns)).
    marked: Option<Side>,
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
        })
    }

    /// The same board with the piece of `side` on house 15 marked (or no
    /// mark), or `None` when `side` has no piece there.
    pub(crate) fn with_mark(self, marked: Option<Side>) -> Option<Board> {
        match marked {
            Some(side) if !self.pieces(side).contains(crate::rulesets::REBIRTH) => None,
            _ => Some(Board { marked, ..self }),
        }
    }

    /// The side whose piece on house 15 is marked, if any: a piece back
    /// from the water in a ruleset that marks it, which alone may move.
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
        self.pieces[side.index()]
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
        self.off[side.index()]
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
        self.pieces[side.index()].count() as u8
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
            Some(Side::X)
        } else if self.pieces[1].contains(house) {
            Some(Side::O)
        } else {
            None
        }
    }

    /// The pieces of `side` and of its opponent. Indexed rather than
    /// matched on the side, which alternates too irregularly to predict.
    #[inline]
    pub(crate) const fn both(&self, side: Side) -> (Bitboard, Bitboard) {
        let i = side.index();
        (self.pieces[i], self.pieces[i ^ 1])
    }

    /// The board with the pieces of `side` and of its opponent replaced,
    /// `borne_off` added to the count of `side`, and the mark set to `marked`.
    ///
    /// Built whole with masks, never by writing into the arrays at an
    /// index: narrow writes at a computed place would make the next wide
    /// read of the board wait for them (a failed store-to-load forward).
    #[inline]
    pub(crate) const fn after(
        &self,
        side: Side,
        own: Bitboard,
        opp: Bitboard,
        borne_off: u8,
        marked: Option<Side>,
    ) -> Board {
        // All ones when `side` is O: then x's pieces are `opp`.
        let o_moves = 0u32.wrapping_sub(side.index() as u32);
        let (own, opp) = (own.bits(), opp.bits());
        let x = own ^ ((own ^ opp) & o_moves);
        let o_off = borne_off & o_moves as u8;
        Board {
            pieces: [Bitboard::from_bits(x), Bitboard::from_bits(x ^ own ^ opp)],
            // Wrapping, not saturating: a count never passes the pieces
            // per side, far below 255, and this is on every move.
            off: [
                self.off[0].wrapping_add(borne_off ^ o_off),
                self.off[1].wrapping_add(o_off),
            ],
            marked,
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
        }
    }
}
