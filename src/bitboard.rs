//! A set of houses packed in a `u32`: bit `n` stands for house `n`.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use crate::house::House;

/// A set of houses, one bit per house (bit `n` is house `n`, bits 0 and 31 unused).
///
/// Every operation keeps the unused bits clear, so a `Bitboard` only ever
/// names real houses.
///
/// ```
/// use senet::{Bitboard, House};
///
/// let set = Bitboard::from_numbers(&[3, 7, 8]) | Bitboard::range(20, 21);
/// let numbers: Vec<u8> = set.map(House::number).collect();
/// assert_eq!(numbers, [3, 7, 8, 20, 21]);
/// assert_eq!((!set).count(), 25);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(u32);

const ALL_BITS: u32 = 0x7FFF_FFFE;

/// How many bits each 11-bit number has set, for [`count_bits`].
const ELEVEN_BIT_COUNTS: [u8; 2048] = {
    let mut counts = [0; 2048];
    let mut n = 1;
    while n < 2048 {
        counts[n] = counts[n / 2] + (n % 2) as u8;
        n += 1;
    }
    counts
};

/// The number of set bits of `bits`. The baseline x86-64 has no
/// instruction for it, and the portable fallback takes 17 instructions
/// where three lookups in a 2 KiB table take about ten; where the
/// instruction is available, it is used.
#[inline(always)]
pub(crate) const fn count_bits(bits: u32) -> u32 {
    if cfg!(any(target_feature = "popcnt", not(target_arch = "x86_64"))) {
        bits.count_ones()
    } else {
        (ELEVEN_BIT_COUNTS[(bits & 0x7FF) as usize]
            + ELEVEN_BIT_COUNTS[((bits >> 11) & 0x7FF) as usize]
            + ELEVEN_BIT_COUNTS[(bits >> 22) as usize]) as u32
    }
}

impl Bitboard {
    /// No house.
    ///
    /// ```
    /// use senet::Bitboard;
    ///
    /// assert!(Bitboard::EMPTY.is_empty());
    /// assert_eq!(Bitboard::EMPTY.count(), 0);
    /// assert_eq!(Bitboard::default(), Bitboard::EMPTY);
    /// ```
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every house 1..=30.
    ///
    /// ```
    /// use senet::Bitboard;
    ///
    /// assert_eq!(Bitboard::ALL.count(), 30);
    /// assert_eq!(Bitboard::ALL, Bitboard::range(1, 30));
    /// assert_eq!(!Bitboard::ALL, Bitboard::EMPTY);
    /// ```
    pub const ALL: Bitboard = Bitboard(ALL_BITS);

    /// The set holding just this house.
    ///
    /// ```
    /// use senet::{Bitboard, House};
    ///
    /// let house = House::new(9).unwrap();
    /// let set = Bitboard::from_house(house);
    /// assert_eq!((set.count(), set.first()), (1, Some(house)));
    /// ```
    #[inline]
    pub const fn from_house(house: House) -> Bitboard {
        Bitboard(1 << house.number())
    }

    /// The set of the houses with these numbers; numbers outside 1..=30 are ignored.
    ///
    /// ```
    /// use senet::Bitboard;
    ///
    /// let set = Bitboard::from_numbers(&[0, 2, 4, 31]);
    /// assert_eq!(set.count(), 2);
    /// assert_eq!(set, Bitboard::from_numbers(&[4, 2]));
    /// ```
    pub const fn from_numbers(numbers: &[u8]) -> Bitboard {
        let mut bits = 0u32;
        let mut i = 0;
        while i < numbers.len() {
            if numbers[i] >= 1 && numbers[i] <= House::COUNT {
                bits |= 1 << numbers[i];
            }
            i += 1;
        }
        Bitboard(bits)
    }

    /// The houses `low..=high` (empty when `low > high`); bounds are clamped to 1..=30.
    ///
    /// ```
    /// use senet::Bitboard;
    ///
    /// assert_eq!(Bitboard::range(26, 30), Bitboard::from_numbers(&[26, 27, 28, 29, 30]));
    /// assert_eq!(Bitboard::range(0, 40), Bitboard::ALL);
    /// assert!(Bitboard::range(5, 4).is_empty());
    /// ```
    pub const fn range(low: u8, high: u8) -> Bitboard {
        let low = if low < 1 { 1 } else { low };
        let high = if high > House::COUNT {
            House::COUNT
        } else {
            high
        };
        if low > high {
            return Bitboard::EMPTY;
        }
        let upto_high = if high >= 31 {
            u32::MAX
        } else {
            (1u32 << (high + 1)) - 1
        };
        let below_low = (1u32 << low) - 1;
        Bitboard(upto_high & !below_low & ALL_BITS)
    }

    /// The houses strictly between two track numbers (1..=31, 31 meaning off),
    /// in either order.
    ///
    /// ```
    /// use senet::Bitboard;
    ///
    /// // The houses a move from 3 to 7 passes.
    /// assert_eq!(Bitboard::between(3, 7), Bitboard::from_numbers(&[4, 5, 6]));
    /// assert_eq!(Bitboard::between(7, 3), Bitboard::between(3, 7));
    /// // Bearing off from 28 (31 stands for off) passes 29 and 30.
    /// assert_eq!(Bitboard::between(28, 31), Bitboard::range(29, 30));
    /// ```
    #[inline]
    pub const fn between(a: u8, b: u8) -> Bitboard {
        let (low, high) = if a < b { (a, b) } else { (b, a) };
        let high = if high > 31 { 31 } else { high };
        let below_high = (1u32 << high) - 1;
        let above_low = match u32::MAX.checked_shl(low as u32 + 1) {
            Some(bits) => bits,
            None => 0,
        };
        Bitboard(below_high & above_low & ALL_BITS)
    }

    /// Each house of the set moved `n` houses up the track; houses past 30 drop out.
    ///
    /// ```
    /// use senet::Bitboard;
    ///
    /// let set = Bitboard::from_numbers(&[1, 28, 30]);
    /// assert_eq!(set.shift_up(2), Bitboard::from_numbers(&[3, 30]));
    /// ```
    #[inline]
    pub const fn shift_up(self, n: u8) -> Bitboard {
        match self.0.checked_shl(n as u32) {
            Some(bits) => Bitboard(bits & ALL_BITS),
            None => Bitboard::EMPTY,
        }
    }

    /// Each house of the set moved `n` houses down the track; houses below 1 drop out.
    ///
    /// ```
    /// use senet::Bitboard;
    ///
    /// let set = Bitboard::from_numbers(&[1, 2, 30]);
    /// assert_eq!(set.shift_down(1), Bitboard::from_numbers(&[1, 29]));
    /// ```
    #[inline]
    pub const fn shift_down(self, n: u8) -> Bitboard {
        match self.0.checked_shr(n as u32) {
            Some(bits) => Bitboard(bits & ALL_BITS),
            None => Bitboard::EMPTY,
        }
    }

    /// The set of raw bits (bit `n` is house `n`); bits 0 and 31 are dropped.
    ///
    /// ```
    /// use senet::Bitboard;
    ///
    /// assert_eq!(Bitboard::from_bits(0b1010), Bitboard::from_numbers(&[1, 3]));
    /// assert_eq!(Bitboard::from_bits(u32::MAX), Bitboard::ALL);
    /// ```
    #[inline]
    pub const fn from_bits(bits: u32) -> Bitboard {
        Bitboard(bits & ALL_BITS)
    }

    /// The set of raw bits a caller has built from sets of houses by
    /// and, or and xor alone, so that bits 0 and 31 are already clear;
    /// no mask on the hot path of playing a move.
    #[inline]
    pub(crate) const fn from_house_bits(bits: u32) -> Bitboard {
        debug_assert!(bits & !ALL_BITS == 0);
        Bitboard(bits)
    }

    /// The raw bits (bit `n` is house `n`).
    ///
    /// ```
    /// use senet::Bitboard;
    ///
    /// assert_eq!(Bitboard::from_numbers(&[1, 3]).bits(), 0b1010);
    /// assert_eq!(Bitboard::ALL.bits(), 0x7FFF_FFFE);
    /// ```
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Whether the set holds this house.
    ///
    /// ```
    /// use senet::{Bitboard, House};
    ///
    /// let set = Bitboard::range(10, 12);
    /// assert!(set.contains(House::new(11).unwrap()));
    /// assert!(!set.contains(House::new(13).unwrap()));
    /// ```
    #[inline]
    pub const fn contains(self, house: House) -> bool {
        self.0 & (1 << house.number()) != 0
    }

    /// Whether the set is empty.
    ///
    /// ```
    /// use senet::Bitboard;
    ///
    /// assert!(Bitboard::EMPTY.is_empty());
    /// assert!(!Bitboard::from_numbers(&[5]).is_empty());
    /// assert!(Bitboard::from_numbers(&[0, 31]).is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many houses the set holds.
    ///
    /// ```
    /// use senet::{Bitboard, Position, Side, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// assert_eq!(start.board().pieces(Side::X).count(), 5);
    /// assert_eq!(Bitboard::range(1, 10).count(), 10);
    /// ```
    #[inline]
    pub const fn count(self) -> u32 {
        count_bits(self.0)
    }

    /// The lowest house in the set, if any.
    ///
    /// ```
    /// use senet::{Bitboard, House};
    ///
    /// let set = Bitboard::from_numbers(&[12, 4, 20]);
    /// assert_eq!(set.first(), House::new(4));
    /// assert_eq!(Bitboard::EMPTY.first(), None);
    /// ```
    #[inline]
    pub const fn first(self) -> Option<House> {
        if self.0 == 0 {
            None
        } else {
            Some(House::from_index(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest house in the set, if any.
    ///
    /// ```
    /// use senet::{Bitboard, House};
    ///
    /// let set = Bitboard::from_numbers(&[12, 4, 20]);
    /// assert_eq!(set.last(), House::new(20));
    /// assert_eq!(Bitboard::EMPTY.last(), None);
    /// ```
    #[inline]
    pub const fn last(self) -> Option<House> {
        if self.0 == 0 {
            None
        } else {
            Some(House::from_index(31 - self.0.leading_zeros() as u8))
        }
    }

    /// The set with this house added.
    ///
    /// ```
    /// use senet::{Bitboard, House};
    ///
    /// let house = House::new(15).unwrap();
    /// let set = Bitboard::EMPTY.with(house);
    /// assert!(set.contains(house));
    /// assert_eq!(set.with(house), set);
    /// ```
    #[inline]
    #[must_use]
    pub const fn with(self, house: House) -> Bitboard {
        Bitboard(self.0 | (1 << house.number()))
    }

    /// The set with this house removed.
    ///
    /// ```
    /// use senet::{Bitboard, House};
    ///
    /// let set = Bitboard::range(1, 3).without(House::new(2).unwrap());
    /// assert_eq!(set, Bitboard::from_numbers(&[1, 3]));
    /// ```
    #[inline]
    #[must_use]
    pub const fn without(self, house: House) -> Bitboard {
        Bitboard(self.0 & !(1 << house.number()))
    }

    /// The houses of the set that have a neighbour in the set along the track
    /// (house `n - 1` or `n + 1`): pieces that protect each other.
    ///
    /// ```
    /// use senet::Bitboard;
    ///
    /// let pieces = Bitboard::from_numbers(&[1, 2, 5, 7, 8]);
    /// assert_eq!(pieces.with_neighbour(), Bitboard::from_numbers(&[1, 2, 7, 8]));
    /// ```
    #[inline]
    pub const fn with_neighbour(self) -> Bitboard {
        // A subset of the set, so no bit off the track can appear.
        Bitboard(self.0 & ((self.0 << 1) | (self.0 >> 1)))
    }

    /// The houses of the set that belong to a run of at least `length`
    /// consecutive houses of the set along the track.
    ///
    /// ```
    /// use senet::Bitboard;
    ///
    /// // Three in a row make a blockade in Kendall.
    /// let pieces = Bitboard::from_numbers(&[1, 2, 7, 8, 9, 12]);
    /// assert_eq!(pieces.runs_of(3), Bitboard::from_numbers(&[7, 8, 9]));
    /// assert_eq!(pieces.runs_of(2), Bitboard::from_numbers(&[1, 2, 7, 8, 9]));
    /// ```
    #[inline]
    pub const fn runs_of(self, length: u8) -> Bitboard {
        if length <= 1 {
            return self;
        }
        if length > House::COUNT {
            return Bitboard::EMPTY;
        }
        // Bits where a run of `length` starts, then smear each start over its run.
        let mut starts = self.0;
        let mut i = 1;
        while i < length {
            starts &= self.0 >> i;
            i += 1;
        }
        let mut run = starts;
        let mut i = 1;
        while i < length {
            run |= starts << i;
            i += 1;
        }
        // Each start is followed by `length - 1` houses of the set, so the
        // runs are a subset of the set: no bit off the track appears.
        Bitboard(run)
    }
}

impl Iterator for Bitboard {
    type Item = House;

    /// Yields the houses from lowest to highest, emptying the set.
    #[inline]
    fn next(&mut self) -> Option<House> {
        let first = self.first()?;
        self.0 &= self.0 - 1;
        Some(first)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitOrAssign for Bitboard {
    #[inline]
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitAndAssign for Bitboard {
    #[inline]
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// The houses 1..=30 not in the set.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL_BITS)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.map(House::number)).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn count_bits_agrees_with_count_ones() {
        let mut word = 0x9E37_79B9u32;
        let edges = [
            0,
            1,
            u32::MAX,
            1 << 31,
            0x7FF,
            0x800,
            0x3F_F800,
            0x40_0000,
            ALL_BITS,
        ];
        for bits in edges.into_iter().chain((0..10_000).map(|_| {
            word ^= word << 13;
            word ^= word >> 17;
            word ^= word << 5;
            word
        })) {
            assert_eq!(count_bits(bits), bits.count_ones(), "{bits:#x}");
        }
    }

    fn numbers(b: Bitboard) -> Vec<u8> {
        b.map(House::number).collect()
    }

    #[test]
    fn between_is_strict_and_reaches_off() {
        assert_eq!(numbers(Bitboard::between(3, 7)), vec![4, 5, 6]);
        assert_eq!(numbers(Bitboard::between(7, 3)), vec![4, 5, 6]);
        assert!(Bitboard::between(3, 4).is_empty());
        assert_eq!(numbers(Bitboard::between(28, 31)), vec![29, 30]);
    }

    #[test]
    fn range_clamps_and_handles_empty() {
        assert_eq!(numbers(Bitboard::range(0, 3)), vec![1, 2, 3]);
        assert_eq!(Bitboard::range(26, 40).count(), 5);
        assert!(Bitboard::range(5, 4).is_empty());
        assert_eq!(Bitboard::range(1, 30), Bitboard::ALL);
    }

    #[test]
    fn neighbours_and_runs() {
        let b = Bitboard::from_numbers(&[1, 2, 5, 7, 8, 9, 12]);
        assert_eq!(numbers(b.with_neighbour()), vec![1, 2, 7, 8, 9]);
        assert_eq!(numbers(b.runs_of(3)), vec![7, 8, 9]);
        assert_eq!(numbers(b.runs_of(2)), vec![1, 2, 7, 8, 9]);
        let long = Bitboard::range(26, 30);
        assert_eq!(long.runs_of(3), long);
        // The whole track is the only run of 30; none is longer.
        assert_eq!(Bitboard::ALL.runs_of(30), Bitboard::ALL);
        assert!(Bitboard::ALL.runs_of(31).is_empty());
        assert!(Bitboard::ALL.runs_of(255).is_empty());
        assert_eq!(Bitboard::ALL.with_neighbour(), Bitboard::ALL);
    }

    #[test]
    fn shifts_drop_houses_off_the_track() {
        let b = Bitboard::from_numbers(&[1, 28, 30]);
        assert_eq!(numbers(b.shift_up(2)), vec![3, 30]);
        assert_eq!(numbers(b.shift_down(1)), vec![27, 29]);
        assert!(b.shift_up(40).is_empty());
        assert!(Bitboard::between(31, 31).is_empty());
        assert!(Bitboard::between(30, 31).is_empty());
        assert_eq!(numbers(Bitboard::between(1, 31)).len(), 29);
    }

    #[test]
    fn complement_stays_on_the_board() {
        assert_eq!(!Bitboard::EMPTY, Bitboard::ALL);
        assert_eq!((!Bitboard::ALL).bits(), 0);
        assert_eq!(Bitboard::from_numbers(&[0, 31, 4]).count(), 1);
    }
}
