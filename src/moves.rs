//! `Move`: one legal play of one piece, and `MoveList`, the fixed-capacity list of them.

use core::fmt;
use core::ops::Deref;

use crate::house::{House, Target};
use crate::throw::Roll;

const SWAP: u8 = 1;
const CAPTURE: u8 = 2;
const BACKWARD: u8 = 4;
const WATER: u8 = 8;
const OFF: u8 = House::COUNT + 1;

/// One piece moved by one roll, with what the move does. Four bytes, `Copy`.
///
/// Moves come from [`Position::legal_moves`](crate::Position::legal_moves)
/// or from parsing move text against a position; a move is only ever
/// played in the position it was made for (playing checks this).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    roll: Roll,
    from: House,
    /// The target's track number: 1..=30, or 31 for off.
    to: u8,
    flags: u8,
}

impl Move {
    #[inline]
    pub(crate) fn new(roll: Roll, from: House, to: Target, flags: u8) -> Move {
        Move {
            roll,
            from,
            to: to.track_number(),
            flags,
        }
    }

    pub(crate) const FLAG_SWAP: u8 = SWAP;
    pub(crate) const FLAG_CAPTURE: u8 = CAPTURE;
    pub(crate) const FLAG_BACKWARD: u8 = BACKWARD;
    pub(crate) const FLAG_WATER: u8 = WATER;

    /// The roll the move plays.
    #[inline]
    pub fn roll(self) -> Roll {
        self.roll
    }

    /// The house the piece leaves.
    #[inline]
    pub fn from(self) -> House {
        self.from
    }

    /// Where the piece goes: a house (27 for the water, wherever the piece
    /// then comes to rest) or off.
    #[inline]
    pub fn to(self) -> Target {
        if self.to == OFF {
            Target::Off
        } else {
            Target::House(House::from_index(self.to))
        }
    }

    /// Whether the piece changed places with an opponent's piece.
    #[inline]
    pub fn is_swap(self) -> bool {
        self.flags & SWAP != 0
    }

    /// Whether the opponent's piece landed on was removed from the game.
    #[inline]
    pub fn is_capture(self) -> bool {
        self.flags & CAPTURE != 0
    }

    /// Whether the piece moved backward (its target is below its start).
    #[inline]
    pub fn is_backward(self) -> bool {
        self.flags & BACKWARD != 0
    }

    /// Whether the piece went into the water.
    #[inline]
    pub fn is_water(self) -> bool {
        self.flags & WATER != 0
    }

    /// Whether the piece was borne off.
    #[inline]
    pub fn is_off(self) -> bool {
        self.to == OFF
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}-{}", self.roll, self.from, self.to())?;
        if self.is_swap() || self.is_capture() {
            f.write_str("x")?;
        }
        if self.is_backward() {
            f.write_str("<")?;
        }
        if self.is_water() {
            f.write_str(" (water)")?;
        }
        Ok(())
    }
}

/// The most moves one roll can offer: one per house, since a roll takes a
/// piece to at most one target.
pub const MAX_MOVES: usize = House::COUNT as usize;

/// The legal moves of one roll in one position, held inline (no heap).
///
/// A roll gives each piece at most one target, so a list never holds more
/// than one move per piece, and never more than [`MAX_MOVES`].
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: u8,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        const FILLER: Move = Move {
            roll: match Roll::new(1) {
                Some(r) => r,
                None => unreachable!(),
            },
            from: House::WATER,
            to: 0,
            flags: 0,
        };
        MoveList {
            moves: [FILLER; MAX_MOVES],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, mv: Move) {
        // A ruleset gives each piece at most one target per tier, and a tier
        // is generated alone, so this never overflows; stay safe regardless.
        if (self.len as usize) < MAX_MOVES {
            self.moves[self.len as usize] = mv;
            self.len += 1;
        }
    }

    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_four_bytes() {
        assert_eq!(core::mem::size_of::<Move>(), 4);
    }

    #[test]
    fn off_round_trips_through_the_packed_target() {
        let mv = Move::new(Roll::new(5).unwrap(), House::BEAUTY, Target::Off, 0);
        assert!(mv.is_off());
        assert_eq!(mv.to(), Target::Off);
    }
}
