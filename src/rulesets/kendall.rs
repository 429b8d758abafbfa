//! Kendall: Timothy Kendall's 1978 reconstruction, as modern sets play it.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::mv::Move;
use crate::ruleset::{Direction, Outcome, Reach, Refusal, Ruleset};

use super::{first_home_wins, traditional_mark, water_to_rebirth_or_below};
use crate::throw::{Dice, Roll, RollSet};

/// Timothy Kendall's reconstruction of 1978, as the Senet sets sold today
/// print it.
///
/// Five pieces a side and four sticks; a 1, 4 or 5 throws again, played
/// or lost. Landing on an opponent's piece swaps the two, unless it stands
/// on a safe house (15, 26, 28 to 30) or has a neighbour of its own side;
/// three in a row form a blockade. Every piece stops on 26, the water
/// sends a piece back to 15, and a side with no forward move must go back.
///
/// Source: Timothy Kendall's reconstruction of 1978, "as modern sets play
/// it", in the rules page *Senet* published by peer2peergames. The full
/// rules, and the few calls the crate makes: [Kendall](crate::rulesets#kendall).
///
#[doc = include_str!("../../docs/start-kendall.svg")]
///
/// # Example
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet::{Position, Roll};
///
/// let start = Position::start(Kendall);
/// assert_eq!(start.to_string(), "oxoxoxoxox.................... x 0 0");
///
/// // A 2 would carry the piece on 25 past 26, where every piece stops; with
/// // no forward move, the side must move a piece backward.
/// let position: Position<Kendall> = "ooooo...................x..... x 4 0".parse()?;
/// let back = position.moves(Roll::new(2).unwrap()).get(0).unwrap();
/// assert_eq!(position.notation(back).to_string(), "2: 25-23<");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
        Dice::FOUR_STICKS
    }

    #[inline]
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (h, r) = (from.number(), roll.value());
        // Written as plain comparisons rather than a `match` on the house,
        // which compiles to a jump table the processor mispredicts.
        if h <= 25 {
            (h + r <= 26).then(|| Reach::To(House::from_index(h + r)))
        } else if h == 26 {
            match r {
                1 => Some(Reach::Water),
                5 => Some(Reach::Off),
                // 2 to 4 reach 28 to 30; a roll the sticks cannot make (6) reaches nothing.
                _ => House::new(26 + r).map(Reach::To),
            }
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
