//! Where each position of a table lives: a collision-free numbering of
//! every position with at most `k` pieces per side on the track.
//!
//! The positions are cut into layers by how many pieces each side has on
//! the track and, in a ruleset that removes pieces, how many each has
//! borne off: no move ever puts a piece back on the track, so a layer's
//! moves lead into itself or into layers solved before it. Within a
//! layer a slot is
//!
//! ```text
//! ((rank(x) * C(30 - a, b) + rank(o)) * marks + mark) * 2 + side
//! ```
//!
//! where `rank(x)` numbers x's `a` houses among the 30 in the
//! combinatorial number system, `rank(o)` numbers o's `b` houses among
//! the 30 - `a` that x leaves free, `mark` is 0 (none), 1 (x's piece on
//! the ruleset's mark house marked) or 2 (o's) when the ruleset marks
//! pieces (`marks` is 3, else 1), and `side` is 0 for x to throw. Slots that name no valid
//! position (a mark without its piece, a piece in a water that never
//! keeps one...) are holes.

use senet::Bitboard;
use senet::Board;
use senet::Ruleset;
use senet::rulesets::removes_pieces;
use senet::{House, Side};
use senet::{Position, Setup};

/// Houses on the track, as combination positions 0..30 (house `n` is position `n - 1`).
const HOUSES: usize = House::COUNT as usize;

/// `BINOMIAL[n][k]` = C(n, k) for n ≤ 30 and k ≤ 30.
const BINOMIAL: [[u64; HOUSES + 1]; HOUSES + 1] = {
    let mut table = [[0u64; HOUSES + 1]; HOUSES + 1];
    let mut n = 0;
    while n <= HOUSES {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// C(n, k), zero when k > n.
#[inline]
pub(crate) const fn binomial(n: usize, k: usize) -> u64 {
    if n > HOUSES || k > HOUSES {
        0
    } else {
        BINOMIAL[n][k]
    }
}

/// The rank of a set of combination positions (bits 0..30) among the sets
/// of its size, in colexicographic order.
#[inline]
fn rank(mut set: u32) -> u64 {
    let mut rank = 0;
    let mut i = 1;
    while set != 0 {
        rank += BINOMIAL[set.trailing_zeros() as usize][i];
        set &= set - 1;
        i += 1;
    }
    rank
}

/// The set of `size` positions below `n` whose [`rank`] is `rank`.
fn unrank(mut rank: u64, size: usize, n: usize) -> u32 {
    let mut set = 0;
    let mut top = n;
    for i in (1..=size).rev() {
        // The highest position c with C(c, i) <= rank.
        top -= 1;
        while BINOMIAL[top][i] > rank {
            top -= 1;
        }
        rank -= BINOMIAL[top][i];
        set |= 1 << top;
    }
    set
}

/// `set`'s positions renumbered among the positions not in `taken`
/// (each moves down by the number of taken positions below it).
#[inline]
fn squeeze(set: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut rest = set;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        out |= bit >> (taken & (bit - 1)).count_ones();
        rest &= rest - 1;
    }
    out
}

/// The inverse of [`squeeze`]: positions among those not in `taken`,
/// spread back onto all positions.
fn spread(squeezed: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut free = !taken & ((1 << HOUSES) - 1);
    let mut rest = squeezed;
    let mut position = 0;
    while rest != 0 {
        let bit = free & free.wrapping_neg();
        if rest & (1 << position) != 0 {
            out |= bit;
            rest &= !(1 << position);
        }
        free &= free - 1;
        position += 1;
    }
    out
}

/// One layer: the positions with `on` pieces on the track and `off`
/// borne off, per side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layer {
    /// Pieces on the track, x's and o's.
    pub on: [u8; 2],
    /// Pieces borne off, x's and o's.
    pub off: [u8; 2],
    /// The first slot of the layer.
    pub offset: usize,
    /// The boards of each block: no mark, x's piece marked, o's marked.
    pub blocks: [usize; 3],
}

impl Layer {
    /// How many boards the layer has, in all its blocks.
    pub fn boards(&self) -> usize {
        self.blocks.iter().sum()
    }

    /// The ways of placing o's `b` pieces once x's `a` are placed, in `block`.
    fn o_among(&self, block: usize) -> u64 {
        let [a, b] = self.on.map(usize::from);
        match block {
            0 | 1 => binomial(HOUSES - a, b),
            _ => binomial(HOUSES - 1 - a, b.wrapping_sub(1)),
        }
    }
}

/// The numbering of one table: which layers it holds and where.
#[derive(Clone, Debug)]
pub(crate) struct Layout<R: Ruleset> {
    ruleset: R,
    /// The bound on pieces per side on the track.
    k: u8,
    /// Layers in solving order: fewer pieces on the track first.
    layers: Vec<Layer>,
    /// `layer_of[on_x][on_o][off_x][off_o]`, flattened: the layer's
    /// place in `layers`.
    layer_of: Vec<u32>,
    /// Pieces per side, plus one: the stride of the off counts.
    stride: usize,
    len: usize,
    /// The ruleset's mark house as a set of combination positions (house
    /// `n` is bit `n - 1`), 0 when it marks nothing.
    mark_set: u32,
}

/// No layer at this place of `layer_of`.
const NO_LAYER: u32 = u32::MAX;

impl<R: Ruleset> Layout<R> {
    /// The layout of the positions of `ruleset` with at most `k` pieces
    /// per side on the track, or `None` when it has more slots than fit
    /// in memory addresses.
    pub fn new(ruleset: R, k: u8) -> Option<Layout<R>> {
        let pieces = ruleset.pieces_per_side();
        let removes = removes_pieces(&ruleset);
        let mark_set = ruleset
            .mark_house()
            .map_or(0, |house| Bitboard::from_house(house).bits() >> 1);
        let marks = mark_set != 0;
        let stride = usize::from(pieces) + 1;
        let mut layer_of = vec![NO_LAYER; stride.pow(4)];
        let mut layers = Vec::new();
        let mut offset: usize = 0;
        for total in 0..=2 * k {
            for on_x in 0..=k.min(total) {
                let on_o = total - on_x;
                if on_o > k || on_x > pieces || on_o > pieces {
                    continue;
                }
                let offs = |on: u8| {
                    if removes {
                        0..=pieces - on
                    } else {
                        pieces - on..=pieces - on
                    }
                };
                for off_x in offs(on_x) {
                    for off_o in offs(on_o) {
                        let (a, b) = (usize::from(on_x), usize::from(on_o));
                        let plain = binomial(HOUSES, a).checked_mul(binomial(HOUSES - a, b))?;
                        // Boards with x's piece on the mark house marked, and with o's.
                        let x_marked = if marks && a > 0 {
                            binomial(HOUSES - 1, a - 1) * binomial(HOUSES - a, b)
                        } else {
                            0
                        };
                        let o_marked = if marks && b > 0 {
                            binomial(HOUSES - 1, a) * binomial(HOUSES - 1 - a, b - 1)
                        } else {
                            0
                        };
                        let [Some(plain), Some(x_marked), Some(o_marked)] =
                            [plain, x_marked, o_marked].map(|n| usize::try_from(n).ok())
                        else {
                            return None;
                        };
                        let blocks = [plain, x_marked, o_marked];
                        let slots = blocks.iter().sum::<usize>().checked_mul(2)?;
                        let place = ((usize::from(on_x) * stride + usize::from(on_o)) * stride
                            + usize::from(off_x))
                            * stride
                            + usize::from(off_o);
                        layer_of[place] = u32::try_from(layers.len()).ok()?;
                        layers.push(Layer {
                            on: [on_x, on_o],
                            off: [off_x, off_o],
                            offset,
                            blocks,
                        });
                        offset = offset.checked_add(slots)?;
                    }
                }
            }
        }
        Some(Layout {
            ruleset,
            k,
            layers,
            layer_of,
            stride,
            len: offset,
            mark_set,
        })
    }

    /// The ruleset whose positions these are.
    pub fn ruleset(&self) -> R {
        self.ruleset
    }

    /// The bound on pieces per side on the track.
    pub fn k(&self) -> u8 {
        self.k
    }

    /// The number of slots, holes included.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The layers, in solving order.
    pub fn layers(&self) -> &[Layer] {
        &self.layers
    }

    /// The layer a board belongs to, if the table holds it.
    #[inline]
    fn layer(&self, board: &Board) -> Option<&Layer> {
        let on_x = board.on_board(Side::X);
        let on_o = board.on_board(Side::O);
        let (off_x, off_o) = (board.off(Side::X), board.off(Side::O));
        if on_x > self.k || on_o > self.k {
            return None;
        }
        let s = self.stride;
        let [on_x, on_o, off_x, off_o] = [on_x, on_o, off_x, off_o].map(usize::from);
        if off_x >= s || off_o >= s {
            return None;
        }
        let place = ((on_x * s + on_o) * s + off_x) * s + off_o;
        let layer = *self.layer_of.get(place)?;
        self.layers.get(layer as usize)
    }

    /// The slot of a position, or `None` when the table does not hold it.
    #[inline]
    pub fn index(&self, position: &Position<R>) -> Option<usize> {
        let board = position.board();
        let layer = self.layer(board)?;
        let x = board.pieces(Side::X).bits() >> 1;
        let o = board.pieces(Side::O).bits() >> 1;
        let mark_set = self.mark_set;
        let (block, first, x_rank, o_rank) = match board.marked() {
            None => (0, 0, rank(x), rank(squeeze(o, x))),
            Some(Side::X) => (
                1,
                layer.blocks[0],
                rank(squeeze(x & !mark_set, mark_set)),
                rank(squeeze(o, x)),
            ),
            Some(Side::O) => (
                2,
                layer.blocks[0] + layer.blocks[1],
                rank(squeeze(x, mark_set)),
                rank(squeeze(o & !mark_set, x | mark_set)),
            ),
        };
        let number = first + (x_rank * layer.o_among(block) + o_rank) as usize;
        Some(layer.offset + (number << 1) + position.side_to_throw().index())
    }

    /// The board numbered `number` in `layer` with `side` to throw, or
    /// `None` when it is not a valid position of the ruleset (a hole).
    pub fn board(&self, layer: &Layer, number: usize, side: Side) -> Option<Position<R>> {
        let [a, b] = layer.on.map(usize::from);
        let (block, within) = if number < layer.blocks[0] {
            (0, number)
        } else if number < layer.blocks[0] + layer.blocks[1] {
            (1, number - layer.blocks[0])
        } else {
            (2, number - layer.blocks[0] - layer.blocks[1])
        };
        let o_among = layer.o_among(block) as usize;
        let (x_rank, o_rank) = ((within / o_among) as u64, (within % o_among) as u64);
        let mark_set = self.mark_set;
        let (x, o, marked) = match block {
            0 => {
                let x = unrank(x_rank, a, HOUSES);
                (x, spread(unrank(o_rank, b, HOUSES - a), x), None)
            }
            1 => {
                let x = spread(unrank(x_rank, a - 1, HOUSES - 1), mark_set) | mark_set;
                (x, spread(unrank(o_rank, b, HOUSES - a), x), Some(Side::X))
            }
            _ => {
                let x = spread(unrank(x_rank, a, HOUSES - 1), mark_set);
                let o = spread(unrank(o_rank, b - 1, HOUSES - 1 - a), x | mark_set) | mark_set;
                (x, o, Some(Side::O))
            }
        };
        let setup = Setup {
            x: Bitboard::from_bits(x << 1),
            o: Bitboard::from_bits(o << 1),
            off_x: layer.off[0],
            off_o: layer.off[1],
            marked,
            ..Setup::new(side)
        };
        setup.position(self.ruleset).ok()
    }

    /// The position in `slot`, or `None` for a hole or past the end.
    pub fn position(&self, slot: usize) -> Option<Position<R>> {
        if slot >= self.len {
            return None;
        }
        let layer = self.layers[self.layers.partition_point(|layer| layer.offset <= slot) - 1];
        let within = slot - layer.offset;
        let side = if within & 1 == 0 { Side::X } else { Side::O };
        self.board(&layer, within >> 1, side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet::rulesets::{Bell, Kendall, Kendall1979};

    #[test]
    fn ranks_number_every_set_of_a_size_once() {
        for size in 0..=3 {
            let count = binomial(HOUSES, size) as usize;
            let mut seen = vec![false; count];
            for r in 0..count as u64 {
                let set = unrank(r, size, HOUSES);
                assert_eq!(set.count_ones() as usize, size);
                assert_eq!(rank(set), r);
                assert!(!seen[r as usize]);
                seen[r as usize] = true;
            }
        }
    }

    #[test]
    fn squeeze_and_spread_are_inverse() {
        let taken = 0b1010_0110_0001;
        for set in [
            0u32,
            0b1000,
            0b0101_0000_0000_0000,
            0b1_0000_0000_0000_0000_0000,
        ] {
            let set = set & !taken;
            assert_eq!(spread(squeeze(set, taken), taken), set);
        }
    }

    /// Every valid slot gives a position whose index is that slot.
    fn round_trip<R: Ruleset>(ruleset: R, k: u8) -> usize {
        let layout = Layout::new(ruleset, k).unwrap();
        let mut valid = 0;
        for slot in 0..layout.len() {
            if let Some(position) = layout.position(slot) {
                assert_eq!(layout.index(&position), Some(slot), "{position}");
                valid += 1;
            }
        }
        valid
    }

    #[test]
    fn slots_and_positions_agree() {
        assert!(round_trip(Kendall, 1) > 0);
        assert!(round_trip(Kendall1979, 1) > 0);
        assert!(round_trip(Bell, 1) > 0);
    }
}
