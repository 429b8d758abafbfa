//! A ruleset of one's own, written in a crate of its own as a user of
//! `senet` writes one: Kendall's rules, copied hook for hook from the
//! built-in [`Kendall`](senet::rulesets::Kendall) through the public API
//! alone, with no `#[inline]` and no attribute of any kind.
//!
//! It exists to be measured and checked against the built-in: the same
//! games must be played move for move (the tests), and at the same speed
//! (`cargo run --profile downstream -p senet-downstream --example speed`).
//! The crate's tests also play every built-in ruleset through an enum of
//! this crate that sees only the trait's public hooks, and find the same
//! games: nothing a built-in ruleset does is hidden from a ruleset of
//! another crate.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use senet::rulesets::{Direction, Reach, RollSet};
use senet::rulesets::{first_home_wins, traditional_mark, water_to_rebirth_or_below};
use senet::{Bitboard, Board, Dice, House, Move, Outcome, Roll, Ruleset, Side};

/// Kendall's 1978 rules, as a user copies them: five pieces a side, four
/// sticks, swaps, protected pairs, blockades of three, safe houses, the
/// stop on 26 and the water.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct KendallCopy;

const SAFE: Bitboard = Bitboard::from_numbers(&[15, 26, 28, 29, 30]);
const AGAIN: RollSet = RollSet::of(&[1, 4, 5]);

fn house(number: u8) -> Option<House> {
    House::new(number)
}

impl Ruleset for KendallCopy {
    fn name(&self) -> &'static str {
        "kendall-copy"
    }

    fn revision(&self) -> u32 {
        1
    }

    fn pieces_per_side(&self) -> u8 {
        5
    }

    fn start(&self) -> [Bitboard; 2] {
        [
            Bitboard::from_numbers(&[2, 4, 6, 8, 10]),
            Bitboard::from_numbers(&[1, 3, 5, 7, 9]),
        ]
    }

    fn dice(&self) -> Dice {
        Dice::FOUR_STICKS
    }

    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (h, r) = (from.number(), roll.value());
        if h <= 25 {
            if h + r <= 26 {
                house(h + r).map(Reach::To)
            } else {
                None
            }
        } else if h == 26 {
            match r {
                1 => Some(Reach::Water),
                5 => Some(Reach::Off),
                _ => house(26 + r).map(Reach::To),
            }
        } else if h >= 28 && h + r == 31 {
            Some(Reach::Off)
        } else {
            None
        }
    }

    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (h, r) = (from.number(), roll.value());
        if h > 25 || h <= r {
            return None;
        }
        house(h - r).map(Reach::To)
    }

    fn impassable(&self, board: &Board, mover: Side, _direction: Direction) -> Bitboard {
        board.pieces(mover.opponent()).runs_of(3)
    }

    fn safe_houses(&self) -> Bitboard {
        SAFE
    }

    fn shielded(&self, board: &Board, owner: Side) -> Bitboard {
        let pieces = board.pieces(owner);
        (pieces & SAFE) | pieces.with_neighbour()
    }

    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        water_to_rebirth_or_below(occupied)
    }

    fn water(&self) -> Option<House> {
        house(27)
    }

    fn house_mark(&self, house: House) -> Option<&'static str> {
        traditional_mark(house)
    }

    fn throws_again(&self, roll: Roll, _played: Option<Move>) -> bool {
        AGAIN.contains(roll)
    }

    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

/// Random playouts of the copy played in this crate, where its hooks are
/// written: `games` games from the start, with ChaCha8 seeded by `seed`.
/// Returns the throws played. The `speed` example times it beside the
/// same games played from another crate, where the hooks are calls the
/// compiler cannot see into.
pub fn played_here(games: u32, seed: u64) -> u64 {
    use rand_core::SeedableRng;
    let Ok(start) = senet::Position::parse(KendallCopy, KENDALL_START) else {
        return 0;
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..games)
        .map(|_| u64::from(senet::playout::playout(&start, &mut rng, 100_000).throws))
        .sum()
}

/// Kendall's start, as the position string writes it.
const KENDALL_START: &str = "oxoxoxoxox.................... x 0 0";
