//! Kendall: Timothy Kendall's 1978 reconstruction, as modern sets play it.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::moves::Move;
use crate::ruleset::{Direction, Outcome, Reach, Refusal, Ruleset};

use super::{first_home_wins, traditional_mark, water_to_rebirth_or_below};
use crate::throw::{Dice, Roll, RollSet};

/// Timothy Kendall's reconstruction (1978), as modern sets print it.
///
/// Source: `seeds/001` (an English rules page "after Timothy Kendall's
/// reconstruction of 1978, as modern sets play it"), as fixed by the
/// project's RULES.md.
///
/// - Five pieces each; Light (`x`) on the even houses 2..=10, Dark (`o`)
///   on the odd houses 1..=9. Light throws first.
/// - Four sticks. After a 1, 4 or 5 the same side throws again, whether it
///   moved or lost the throw; after a 2 or 3 the other side throws.
/// - From a house up to 25 a piece moves by the roll but may not go past
///   26: every piece stops on 26. From 26: 1 into the water (27), 2, 3, 4
///   to 28, 29, 30, 5 off. From 28 only a 3, from 29 only a 2, from 30 only
///   a 1 bears off; nothing else moves them.
/// - Landing on an opponent swaps the two pieces, unless the opponent's
///   piece is on a safe house (15, 26, 28, 29, 30) or protected by a piece
///   of its own side on the house before or after it.
/// - Three or more pieces of one side in a row are a blockade: the other
///   side may not pass it, forward, backward or bearing off.
/// - Only when no piece can move forward, a piece on 25 or below moves
///   backward by the roll, under the same landing and blockade rules (the
///   swapped piece goes forward to the mover's start).
/// - The water sends a piece at once to 15, or if 15 is taken to the first
///   empty house below it; no piece ever stands on 27.
/// - The first side with all five pieces off wins; there are no draws.
///
/// The source is complete on these points; RULES.md makes two of its
/// statements exact: a piece may not pass 26 even when the roll would take
/// it further, and the relocation from the water passes no blockade.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Kendall;

const SAFE: Bitboard = Bitboard::from_numbers(&[15, 26, 28, 29, 30]);
/// The rolls that throw again.
const AGAIN: RollSet = RollSet::of(&[1, 4, 5]);

impl Ruleset for Kendall {
    fn name(&self) -> &'static str {
        "kendall"
    }

    fn revision(&self) -> u32 {
        1
    }

    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::X => "Light",
            Side::O => "Dark",
        }
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
        Dice::FourSticks
    }

    #[inline]
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (h, r) = (from.number(), roll.value());
        // Written as plain comparisons rather than a `match` on the house,
        // which compiles to a jump table the processor mispredicts.
        if h <= 25 {
            (h + r <= 26).then(|| Reach::To(House::from_index(h + r)))
        } else if h == 26 {
            Some(if r == 1 {
                Reach::Water
            } else if r == 5 {
                Reach::Off
            } else {
                Reach::To(House::from_index(26 + r))
            })
        } else {
            // 28 leaves with a 3, 29 with a 2, 30 with a 1; nothing else moves them.
            (h >= 28 && h + r == 31).then_some(Reach::Off)
        }
    }

    #[inline]
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (h, r) = (from.number(), roll.value());
        if h > 25 || h <= r {
            return None;
        }
        Some(Reach::To(House::from_index(h - r)))
    }

    #[inline]
    fn impassable(&self, board: &Board, mover: Side, _direction: Direction) -> Bitboard {
        board.pieces(mover.opponent()).runs_of(3)
    }

    fn safe_houses(&self) -> Bitboard {
        SAFE
    }

    #[inline]
    fn shielded(&self, board: &Board, owner: Side) -> Bitboard {
        let pieces = board.pieces(owner);
        (pieces & SAFE) | pieces.with_neighbour()
    }

    #[inline]
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        water_to_rebirth_or_below(occupied)
    }

    #[inline]
    fn water(&self) -> Option<House> {
        Some(super::WATER)
    }

    fn house_mark(&self, house: House) -> Option<&'static str> {
        traditional_mark(house)
    }

    fn why(&self, refusal: Refusal) -> &'static str {
        match refusal {
            Refusal::NoStep { from, .. } if from.number() <= 25 => {
                "every piece must stop on 26 before going further"
            }
            Refusal::NoStep { .. } => {
                "a piece on 28, 29 or 30 leaves only with its exact roll (3, 2, 1) and moves no other way"
            }
            Refusal::Blocked => "three or more pieces of one side in a row form a blockade",
            Refusal::Protected => "a piece of its side stands next to it",
            Refusal::NotDisplaced | Refusal::Held | Refusal::NoBearingOff => {
                "the rules forbid that"
            }
        }
    }

    #[inline]
    fn throws_again(&self, roll: Roll, _played: Option<Move>) -> bool {
        AGAIN.contains(roll)
    }

    #[inline]
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}
