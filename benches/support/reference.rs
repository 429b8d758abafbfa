//! A hand-written Kendall generator, the yardstick for the shared one.
//!
//! Written for this one ruleset with plain bitboards and no trait, and
//! tuned as far as we know how, so that the benches time it next to the
//! crate's generator on the same machine, in the same run: the machine's
//! speed drifts by a quarter from one hour to the next, the ratio much
//! less. Before it is timed it must agree with the crate move for move
//! (`movegen`) and game for game (`playouts`).
//!
//! The rules are those of `senet::rulesets::Kendall` (see `docs/rules.md`, "Kendall"); the
//! moves of a roll come in the crate's order, by ascending start house,
//! so that the same random choices play the same games.
#![allow(dead_code)]

use std::hint::black_box;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::moves::Target;
use senet::rulesets::Kendall;
use senet::{Move, Position, Ruleset, Side};

/// Houses 15, 26, 28, 29 and 30: no piece on them can be landed on.
const SAFE: u32 = 1 << 15 | 1 << 26 | 1 << 28 | 1 << 29 | 1 << 30;
/// Houses 1 to 15, where the water sends a piece (the highest free one).
const REBIRTH_AND_BELOW: u32 = 0xFFFE;
/// Bit 31: a step to track number 31 bears the piece off.
const OFF: u32 = 1 << 31;

/// Flags of a reference move (bits 16 and up; start in 0..8, target in 8..16).
const SWAP: u32 = 1 << 16;
const BACKWARD: u32 = 1 << 17;
const WATER: u32 = 1 << 18;

/// Houses `low..=high` as bits.
const fn range(low: u32, high: u32) -> u32 {
    ((1u64 << (high + 1)) - (1u64 << low)) as u32
}

/// The houses from which a roll steps plainly forward, by roll: up to 26,
/// from 26 (into the water with a 1, to 28..30 or off otherwise), and
/// off from 30, 29, 28 with exactly 1, 2, 3. Indexed by the roll masked
/// to 0..8, so the look-up needs no bounds check.
const FORWARD: [u32; 8] = [
    0,
    range(1, 25) | 1 << 26 | 1 << 30,
    range(1, 24) | 1 << 26 | 1 << 29,
    range(1, 23) | 1 << 26 | 1 << 28,
    range(1, 22) | 1 << 26,
    range(1, 21) | 1 << 26,
    0,
    0,
];

/// The legal moves of one roll as sets: a move's word (start in bits
/// 0..8, target in 8..16, flags above) is `base + start * 0x101` with its
/// flags.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    /// The starts of the moves.
    movers: u32,
    /// Starts whose target holds an opponent's piece.
    swaps: u32,
    /// The start whose move enters the water, if any.
    water: u32,
    /// The word of a move from house 0.
    base: u32,
}

/// A Kendall position: each side's pieces as bits (bit n = house n), the
/// pieces borne off, and the side to throw (0 = x, 1 = o).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Reference {
    pieces: [u32; 2],
    off: [u8; 2],
    side: usize,
}

impl Reference {
    /// The start: x on the even houses 2..=10, o on the odd houses 1..=9.
    pub fn start() -> Reference {
        Reference {
            pieces: [0b101_0101_0100, 0b10_1010_1010],
            off: [0, 0],
            side: 0,
        }
    }

    /// The same position, from the crate's.
    pub fn from_position(position: &Position<Kendall>) -> Reference {
        let board = position.board();
        Reference {
            pieces: [board.pieces(Side::X).bits(), board.pieces(Side::O).bits()],
            off: [board.off(Side::X), board.off(Side::O)],
            side: position.side_to_throw().index(),
        }
    }

    /// Whether a side has borne off all five pieces.
    pub fn is_over(&self) -> bool {
        self.off[0] >= 5 || self.off[1] >= 5
    }

    /// The side to throw: 0 for x, 1 for o.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The legal moves of `roll` (1..=5) as sets.
    ///
    /// Tuned as far as we know how, so that it is a fair yardstick: the
    /// blocked starts are computed (with masked shifts, no loop on the
    /// roll) only when the opponent has a blockade, which is rare, and
    /// forward and backward moves come out in the same form.
    #[inline]
    pub fn find(&self, roll: u32) -> Found {
        let own = self.pieces[self.side];
        let opp = self.pieces[self.side ^ 1];
        // Three or more of the opponent's pieces in a row may not be passed.
        let run = opp & opp >> 1 & opp >> 2;
        let blockade = run | run << 1 | run << 2;
        let shielded = opp & (SAFE | opp << 1 | opp >> 1);
        let landable = !own & !shielded | OFF;
        // A step of `roll` passes the `roll - 1` houses after its start
        // (before it, backward).
        let (mut forward_blocked, mut backward_blocked) = (0, 0);
        if blockade != 0 {
            for k in 1..5 {
                let passed = 0u32.wrapping_sub(u32::from(k < roll));
                forward_blocked |= blockade >> k & passed;
                backward_blocked |= blockade << k & passed;
            }
        }
        let free = own & FORWARD[roll as usize & 7] & !forward_blocked;
        let water = free & u32::from(roll == 1) << 26;
        let mut movers = free & !water & landable >> roll;
        if water != 0 && !(own | opp) & REBIRTH_AND_BELOW != 0 {
            movers |= water;
        }
        if movers != 0 {
            return Found {
                movers,
                swaps: opp >> roll,
                water,
                base: roll << 8,
            };
        }
        // Backward, only when nothing moves forward: from 25 or below,
        // and never off the board's start.
        Found {
            movers: own & range(roll + 1, 25) & !backward_blocked & landable << roll,
            swaps: opp << roll,
            water: 0,
            base: BACKWARD.wrapping_sub(roll << 8),
        }
    }

    /// Writes the legal moves of `roll` (1..=5) into `moves`; returns how many.
    ///
    /// A side has five pieces, so five slots hold every move: all five
    /// are written, with no branch on how many moves there are (a spare
    /// slot holds junk past the count).
    #[inline]
    pub fn legal_moves(&self, roll: u32, moves: &mut [u32; 32]) -> usize {
        let found = self.find(roll);
        let mut rest = found.movers;
        for slot in moves.iter_mut().take(5) {
            let from = rest.trailing_zeros();
            rest &= rest.wrapping_sub(1);
            *slot =
                found.base.wrapping_add(from * 0x101) | ((found.swaps >> (from & 31) & 1) * SWAP);
        }
        if found.movers & found.water != 0 {
            // The move from 26 comes after those from the houses below it.
            moves[(found.movers & range(1, 25)).count_ones() as usize % 32] |= WATER;
        }
        found.movers.count_ones() as usize
    }

    /// The position after the `pick`-th move (by start house) of `found`,
    /// this position's moves of `roll`, which has more than `pick`: played
    /// from the sets, with no list written.
    #[inline]
    pub fn play_found(&self, found: &Found, roll: u32, pick: u32) -> Reference {
        // Clear the `pick` lowest starts, with no branch on `pick` (a side
        // has five pieces, so four rounds suffice).
        let mut starts = found.movers;
        for round in 0..4 {
            starts &= starts.wrapping_sub(u32::from(round < pick));
        }
        let from = starts.trailing_zeros();
        let bit = |set: u32| (set >> from) & 1;
        let mv = found.base.wrapping_add(from * 0x101)
            | (bit(found.swaps) * SWAP)
            | (bit(found.water) * WATER);
        self.play(mv, roll)
    }

    /// The position after `mv`, one of this position's legal moves of its roll.
    #[inline]
    pub fn play(&self, mv: u32, roll: u32) -> Reference {
        let from = mv & 0xFF;
        let to = mv >> 8 & 0xFF;
        let side = self.side;
        let mut own = self.pieces[side] & !(1 << from);
        let mut opp = self.pieces[side ^ 1];
        let mut off = self.off;
        if to == 31 {
            off[side] += 1;
        } else if mv & WATER != 0 {
            let free = !(own | opp) & REBIRTH_AND_BELOW;
            own |= 1 << (31 - free.leading_zeros());
        } else {
            if mv & SWAP != 0 {
                opp ^= 1 << to | 1 << from;
            }
            own |= 1 << to;
        }
        let mut pieces = [0; 2];
        pieces[side] = own;
        pieces[side ^ 1] = opp;
        let again = matches!(roll, 1 | 4 | 5) && off[side] < 5;
        Reference {
            pieces,
            off,
            side: if again { side } else { side ^ 1 },
        }
    }

    /// The position after `roll` is lost (no legal move).
    #[inline]
    pub fn lose_throw(&self, roll: u32) -> Reference {
        let again = matches!(roll, 1 | 4 | 5);
        Reference {
            side: if again { self.side } else { self.side ^ 1 },
            ..*self
        }
    }
}

/// The reference positions of `positions`, after checking that the
/// reference lists exactly the crate's moves, in the crate's order, for
/// every roll of each.
pub fn agreeing(positions: &[Position<Kendall>]) -> Vec<Reference> {
    let mut moves = [0; 32];
    positions
        .iter()
        .map(|position| {
            let reference = Reference::from_position(position);
            for roll in Kendall.dice().rolls() {
                let count = reference.legal_moves(u32::from(roll.value()), &mut moves);
                let expected: Vec<u32> = position
                    .moves(roll)
                    .to_list()
                    .iter()
                    .map(|&mv| encode(mv))
                    .collect();
                assert_eq!(
                    moves[..count],
                    expected[..],
                    "reference moves of {position} with {roll}"
                );
            }
            reference
        })
        .collect()
}

/// Lists the moves of every roll of `rolls` for every one of `positions`
/// into `moves`, each list through `black_box` so that none of its writes
/// can be skipped, and returns how many moves there were: what the
/// benches time.
#[inline]
pub fn list_all(positions: &[Reference], rolls: &[u32], moves: &mut [u32; 32]) -> usize {
    let mut total = 0;
    for position in black_box(positions) {
        for &roll in rolls {
            total += position.legal_moves(roll, moves);
            black_box(&*moves);
        }
    }
    total
}

/// The crate's move in the reference's terms (start, target, flags).
pub fn encode(mv: Move) -> u32 {
    let to = match mv.to() {
        Target::House(house) => u32::from(house.number()),
        Target::Off => 31,
    };
    let mut word = u32::from(mv.from().number()) | to << 8;
    if mv.is_swap() {
        word |= SWAP;
    }
    if mv.is_backward() {
        word |= BACKWARD;
    }
    if mv.is_water() {
        word |= WATER;
    }
    word
}

/// Random games from the start, as the `playouts` example plays them: a
/// throw takes one `u32` (four sticks in its low bits), a choice another,
/// scaled to the number of moves. Returns (throws, games x won).
#[inline]
pub fn playouts(games: u32, seed: u64) -> (u64, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut throws, mut x_wins) = (0, 0);
    for _ in 0..games {
        let mut position = Reference::start();
        while !position.is_over() {
            // One word a throw: its low four bits are the sticks, the
            // other 28 choose the move.
            let word = rng.next_u32();
            let light = (word & 0xF).count_ones();
            let roll = if light == 0 { 5 } else { light };
            throws += 1;
            // Picked from the sets, with no list: what the crate's
            // `MoveSet` does.
            let found = position.find(roll);
            let count = found.movers.count_ones();
            position = if count == 0 {
                position.lose_throw(roll)
            } else {
                let pick = (u64::from(word >> 4) * u64::from(count)) >> 28;
                position.play_found(&found, roll, pick as u32)
            };
        }
        if position.off[0] >= 5 {
            x_wins += 1;
        }
    }
    (throws, x_wins)
}
