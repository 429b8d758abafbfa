//! A small transposition table for the search, keyed by a hash computed
//! here (no `HashMap`, nothing that depends on iteration order).

use senet::Position;
use senet::Ruleset;
use senet::Side;

/// What a stored value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    /// The true value is at least this.
    Lower,
    /// The true value is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u64,
    value: f64,
    extra: u16,
    /// 0 for an empty slot.
    depth: u8,
    bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    value: 0.0,
    extra: 0,
    depth: 0,
    bound: Bound::Exact,
};

/// A position packed exactly: both bitboards, and the counts, the side
/// and the marked piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    bits: u64,
    extra: u16,
}

impl Key {
    #[inline]
    pub(crate) fn of<R: Ruleset>(position: &Position<R>) -> Key {
        let board = position.board();
        let bits =
            u64::from(board.pieces(Side::X).bits()) | u64::from(board.pieces(Side::O).bits()) << 32;
        let extra = u16::from(board.off(Side::X))
            | u16::from(board.off(Side::O)) << 6
            | u16::from(position.side_to_throw() == Side::O) << 12
            | match board.marked() {
                None => 0,
                Some(Side::X) => 1 << 13,
                Some(Side::O) => 2 << 13,
            };
        Key { bits, extra }
    }

    #[inline]
    fn slot(self, mask: usize) -> usize {
        // The splitmix64 finaliser.
        let mut z = self.bits ^ u64::from(self.extra).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z as usize) & mask
    }
}

/// A fixed-size table, emptied before every search; the slots written are
/// remembered so emptying costs only what was used.
#[derive(Clone, Debug, Default)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    touched: Vec<u32>,
}

impl Table {
    /// A table of `2^bits` entries (none when `bits` is 0), allocated on first use.
    pub(crate) fn new() -> Table {
        Table::default()
    }

    /// Empties the table, sizing it to `2^bits` entries.
    pub(crate) fn reset(&mut self, bits: u8) {
        let size = if bits == 0 { 0 } else { 1usize << bits };
        if self.entries.len() != size {
            self.entries = vec![EMPTY; size];
            // A slot is listed once, when first filled: this never grows.
            self.touched = Vec::with_capacity(size);
            return;
        }
        for &slot in &self.touched {
            self.entries[slot as usize] = EMPTY;
        }
        self.touched.clear();
    }

    /// The stored value for `key` searched `depth` deep, when it settles
    /// the window `(alpha, beta)`.
    #[inline]
    pub(crate) fn probe(&self, key: Key, depth: u8, alpha: f64, beta: f64) -> Option<f64> {
        if self.entries.is_empty() {
            return None;
        }
        let entry = &self.entries[key.slot(self.entries.len() - 1)];
        if entry.depth != depth || entry.key != key.bits || entry.extra != key.extra {
            return None;
        }
        match entry.bound {
            Bound::Exact => Some(entry.value),
            Bound::Lower if entry.value >= beta => Some(entry.value),
            Bound::Upper if entry.value <= alpha => Some(entry.value),
            _ => None,
        }
    }

    /// Stores a value (always replacing).
    #[inline]
    pub(crate) fn store(&mut self, key: Key, depth: u8, value: f64, bound: Bound) {
        if self.entries.is_empty() {
            return;
        }
        let slot = key.slot(self.entries.len() - 1);
        if self.entries[slot].depth == 0 {
            self.touched.push(slot as u32);
        }
        self.entries[slot] = Entry {
            key: key.bits,
            value,
            extra: key.extra,
            depth,
            bound,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet::rulesets::Kendall1979;

    /// Positions that differ only in the mark are different keys: the
    /// marked piece alone may move, so they have different values.
    #[test]
    fn the_mark_is_part_of_the_key() {
        let marked: Position<Kendall1979> = "oxoxoxoxoxoxo.X............... x 0 0".parse().unwrap();
        let plain: Position<Kendall1979> = "oxoxoxoxoxoxo.x............... x 0 0".parse().unwrap();
        let o_marked: Position<Kendall1979> =
            "oxoxoxoxoxoxx.O............... x 0 0".parse().unwrap();
        let o_plain: Position<Kendall1979> =
            "oxoxoxoxoxoxx.o............... x 0 0".parse().unwrap();
        assert_ne!(Key::of(&marked), Key::of(&plain));
        assert_ne!(Key::of(&o_marked), Key::of(&o_plain));
        assert_ne!(Key::of(&marked).extra, Key::of(&o_marked).extra);
    }
}
