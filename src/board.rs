//! The pieces on the track and off it, without whose turn it is.

use crate::bitboard::Bitboard;
use crate::house::{House, Side};

/// Where every piece is: one [`Bitboard`] per side and the number each side
/// has borne off.
///
/// A `Board` is what the [`Ruleset`](crate::Ruleset) hooks look at. Its two
/// sides never share a house; a board is only built by the crate, from a
/// validated position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pieces: [Bitboard; 2],
    off: [u8; 2],
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
        })
    }

    /// The houses of this side's pieces.
    #[inline]
    pub const fn pieces(&self, side: Side) -> Bitboard {
        self.pieces[side.index()]
    }

    /// Every occupied house.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// How many pieces this side has borne off.
    #[inline]
    pub const fn off(&self, side: Side) -> u8 {
        self.off[side.index()]
    }

    /// How many pieces this side has on the track.
    #[inline]
    pub const fn on_board(&self, side: Side) -> u8 {
        self.pieces[side.index()].count() as u8
    }

    /// Whose piece stands on this house, if any.
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

    #[inline]
    pub(crate) fn remove(&mut self, side: Side, house: House) {
        self.pieces[side.index()] = self.pieces[side.index()].without(house);
    }

    #[inline]
    pub(crate) fn put(&mut self, side: Side, house: House) {
        self.pieces[side.index()] = self.pieces[side.index()].with(house);
    }

    #[inline]
    pub(crate) fn bear_off(&mut self, side: Side) {
        self.off[side.index()] = self.off[side.index()].saturating_add(1);
    }
}
