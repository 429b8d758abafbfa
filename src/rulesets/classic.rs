//! Classic: the French traditional page, with no jumping and a water that makes pieces wait.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::mv::Move;
use crate::ruleset::{Direction, Outcome, Reach, Refusal, Ruleset};

use super::{first_home_wins, traditional_mark};
use crate::throw::{Dice, Roll, RollSet};

use super::Kendall;

/// The traditional French rules page ("Classic"): no jumping, and a water
/// that can make a piece wait.
///
/// Five pieces a side and four sticks; a 1 or 5 throws again after a move.
/// No piece may pass another, of either side, and there is no backward
/// play: a piece on 28 or 29 that cannot leave falls into the water. Swaps
/// are barred on the special houses 15 and 26 to 29; a piece in the water
/// goes to 15, or waits on 27 until 15 is free.
///
/// Source: the anonymous French rules page *Senet* (« Origine »,
/// « Matériel », « Déroulement du jeu »), which is incomplete. The full
/// rules, and the calls the crate makes to complete it:
/// [Classic](crate::rulesets#classic).
///
#[doc = include_str!("../../docs/start-classic.svg")]
///
/// # Example
///
/// ```
/// use senet::rulesets::Classic;
/// use senet::{Position, Roll};
///
/// let start = Position::start(Classic);
/// assert_eq!(start.to_string(), "oxoxoxoxox.................... x 0 0");
///
/// // No piece may jump: with a 2, only the piece on 10 has a free path.
/// let two = start.moves(Roll::new(2).unwrap());
/// assert_eq!(two.len(), 1);
/// assert_eq!(start.notation(two.get(0).unwrap()).to_string(), "2: 10-12");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Classic;

const SPECIAL: Bitboard = Bitboard::from_numbers(&[15, 26, 27, 28, 29]);
/// The rolls that throw again.
const AGAIN: RollSet = RollSet::of(&[1, 5]);

impl Ruleset for Classic {
    fn name(&self) -> &'static str {
        "classic"
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

    /// Forward moves are Kendall's: a stop on 26, then 28, 29, 30 or off,
    /// with exact exits; only what the board allows differs.
    #[inline]
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        Kendall.forward(from, roll)
    }

    /// Falls: the only way back, from 28 or 29 with any roll but the exit roll.
    #[inline]
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        let h = from.number();
        (matches!(h, 28 | 29) && h + roll.value() != 31).then_some(Reach::Fall)
    }

    #[inline]
    fn impassable(&self, board: &Board, _mover: Side, _direction: Direction) -> Bitboard {
        board.occupied()
    }

    fn safe_houses(&self) -> Bitboard {
        SPECIAL
    }

    #[inline]
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        [super::REBIRTH, super::WATER]
            .into_iter()
            .find(|&h| !occupied.contains(h))
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
            Refusal::NoStep { from, .. } => match from.number() {
                ..=25 => "every piece must stop on 26 before going further",
                27 => "a piece waiting in the water never moves by a throw",
                _ => "a piece on 28, 29 or 30 leaves only with its exact roll (3, 2, 1)",
            },
            Refusal::Blocked => "no piece may jump over another",
            Refusal::Protected | Refusal::NotDisplaced | Refusal::Held | Refusal::NoBearingOff => {
                "the rules forbid that"
            }
        }
    }

    #[inline]
    fn throws_again(&self, roll: Roll, played: Option<Move>) -> bool {
        played.is_some() && AGAIN.contains(roll)
    }

    #[inline]
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}
