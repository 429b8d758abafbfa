//! The moves of the sets, as [`Move`]s: the `n`-th, the one from a house,
//! or all of them written into a list.

use crate::bitboard::{Bitboard, count_bits};
use crate::house::House;
use crate::movegen::sets::Found;
use crate::mv::{Move, MoveList};
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::throw::Roll;

/// How many list slots [`Position::write_found`] fills without a branch
/// on the number of moves. A roll gives at most one move per piece, and
/// with five pieces a side most rolls have four moves or fewer; writing
/// the spare slots costs less than mispredicting where the moves end.
/// Measured over the bench corpora of all the built-in rulesets (see
/// `docs/performance.md`).
const FIXED_SLOTS: usize = 4;

/// `bits` without its `index` lowest set bits: the `index`-th set bit
/// (counting from 0) is then the lowest left, and none is left when
/// `bits` has no more than `index`.
///
/// `rounds` passes clear the lowest bit or leave the set alone, with no
/// branch on `index` (random in a playout, so unpredictable); the loop
/// after them only runs for an `index` beyond `rounds`, which a caller
/// passing the pieces per side never asks for of a legal move.
#[inline(always)]
fn drop_lowest(mut bits: u32, index: u32, rounds: u8) -> u32 {
    for round in 0..u32::from(rounds) {
        bits &= bits.wrapping_sub(u32::from(round < index));
    }
    for _ in u32::from(rounds)..index {
        bits &= bits.wrapping_sub(1);
    }
    bits
}

impl<R: Ruleset> Position<R> {
    /// `starts` without its `index` lowest houses (see [`drop_lowest`]):
    /// one round per piece but the last covers every start a side can have.
    #[inline(always)]
    pub(crate) fn drop_starts(&self, starts: u32, index: usize) -> u32 {
        let rounds = self
            .ruleset
            .pieces_per_side()
            .saturating_sub(1)
            .min(House::COUNT);
        // No set of houses has 32 members: past that, nothing is left.
        if index >= 32 {
            return 0;
        }
        drop_lowest(starts, index as u32, rounds)
    }

    /// The `index`-th move of `found` (a set found here for `roll`), in
    /// list order: the moves along the track by start house, then the
    /// asked ones by start house.
    #[inline]
    pub(crate) fn nth_found(&self, found: &Found, roll: Roll, index: usize) -> Option<Move> {
        let rest = self.drop_starts(found.along, index);
        if rest != 0 {
            return Some(self.along_move(found, roll, rest.trailing_zeros()));
        }
        let along = count_bits(found.along) as usize;
        let asked = count_bits(found.asked) as usize;
        let index = index.checked_sub(along)?;
        if index >= asked {
            let waits = count_bits(found.waits) as usize;
            if index - asked >= waits {
                return Self::entry_of(found, roll).filter(|_| index - asked == waits);
            }
            let from = Bitboard::from_bits(found.waits)
                .into_iter()
                .nth(index - asked)?;
            return Some(Move::wait(roll, from));
        }
        let from = Bitboard::from_bits(found.asked).into_iter().nth(index)?;
        self.asked_move(&self.context(), from, roll, found.direction())
    }

    /// The entry of `found` (a set found here for `roll`), if a piece
    /// may enter.
    #[inline]
    pub(crate) fn entry_of(found: &Found, roll: Roll) -> Option<Move> {
        Bitboard::from_bits(found.enters)
            .first()
            .map(|house| Move::entry(roll, house))
    }

    /// The wait of `found` (a set found here for `roll`) of the piece on
    /// `from`, if it may wait.
    #[inline]
    pub(crate) fn wait_from(&self, found: &Found, roll: Roll, from: House) -> Option<Move> {
        Bitboard::from_bits(found.waits)
            .contains(from)
            .then(|| Move::wait(roll, from))
    }

    /// The move of `found` (a set found here for `roll`) that starts on
    /// `from`, if there is one.
    #[inline]
    pub(crate) fn move_from(&self, found: &Found, roll: Roll, from: House) -> Option<Move> {
        let bit = Bitboard::from_house(from).bits();
        if found.along & bit != 0 {
            Some(self.along_move(found, roll, u32::from(from.number())))
        } else if found.asked & bit != 0 {
            self.asked_move(&self.context(), from, roll, found.direction())
        } else {
            None
        }
    }

    /// The move along the track from the start `from` of `found`.
    #[inline(always)]
    pub(crate) fn along_move(&self, found: &Found, roll: Roll, from: u32) -> Move {
        let water = (found.water >> (from & 31)) & 1;
        let word = self.along_word(found, roll)(from);
        Move::from_word(word | (u32::from(Move::FLAG_WATER) * water) << 24)
    }

    /// How the word of a move along the track of `found` is made from its
    /// start, all but the water flag: `roll | from << 8 | to << 16 |
    /// flags << 24`, the target being the start plus or minus the roll.
    #[inline(always)]
    fn along_word(&self, found: &Found, roll: Roll) -> impl Fn(u32) -> u32 {
        let r = u32::from(roll.value());
        let base = if found.step < 0 {
            Move::pack(roll, 0, 0, Move::FLAG_BACKWARD).wrapping_sub(r << 16)
        } else {
            Move::pack(roll, 0, roll.value(), 0)
        };
        let contact = u32::from(Move::flag_of(self.ruleset.contact())) << 24;
        // The contact starts moved up to the flag's bit, so that shifting
        // them down by a start puts its flag in place (no branch).
        let contacts = u64::from(found.contacts) << contact.trailing_zeros();
        move |from| {
            base.wrapping_add(from * 0x0001_0100) | ((contacts >> (from & 63)) as u32 & contact)
        }
    }

    /// Writes the moves of `found` (a set found here for `roll`) into
    /// `list`, in list order, replacing what it held.
    ///
    /// When there is a move, the first [`FIXED_SLOTS`] slots are written
    /// whether or not that many moves exist (a spare slot, past the
    /// length, holds junk the list never shows), and only the moves
    /// beyond them loop. A loop that ends after the last move ends at a
    /// count random play makes unpredictable: its exit was mispredicted
    /// on most calls, which cost more than the spare writes.
    #[inline(always)]
    pub(crate) fn write_found(&self, found: &Found, roll: Roll, list: &mut MoveList) {
        let word = self.along_word(found, roll);
        let mut rest = found.along;
        if rest == 0 {
            list.set_len(0);
        } else {
            for slot in 0..FIXED_SLOTS {
                // An exhausted `rest` gives start 32: junk, past the length.
                list.write(slot, Move::from_word(word(rest.trailing_zeros())));
                rest &= rest.wrapping_sub(1);
            }
            let mut slot = FIXED_SLOTS;
            while rest != 0 {
                list.write(slot, Move::from_word(word(rest.trailing_zeros())));
                slot += 1;
                rest &= rest - 1;
            }
            list.set_len(count_bits(found.along) as usize);
        }
        // Entering the water is rare: its flag is set afterwards, out of
        // the loop.
        if found.water != 0 {
            Self::flag_water(found.water, list);
        }
        if found.asked != 0 {
            let ctx = self.context();
            for from in Bitboard::from_bits(found.asked) {
                if let Some(mv) = self.asked_move(&ctx, from, roll, found.direction()) {
                    list.push(mv);
                }
            }
        }
        if found.waits != 0 {
            for from in Bitboard::from_bits(found.waits) {
                list.push(Move::wait(roll, from));
            }
        }
        if let Some(entry) = Self::entry_of(found, roll) {
            list.push(entry);
        }
    }

    /// Sets the water flag on the moves of `list`, just written, whose
    /// starts are in `water` (the starts that enter the water).
    #[cold]
    #[inline(never)]
    fn flag_water(water: u32, list: &mut MoveList) {
        for index in 0..list.len() {
            let mv = list[index];
            if (water >> mv.from().number()) & 1 != 0 {
                list.write(index, mv.with_flag(Move::FLAG_WATER));
            }
        }
    }
}
