//! Classic: the French traditional page, with no jumping and a water that makes pieces wait.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::moves::Move;
use crate::ruleset::{Direction, Outcome, Reach, Refusal, Ruleset};

use super::{first_home_wins, traditional_mark};
use crate::throw::{Dice, Roll, RollSet};

use super::Kendall;

/// The traditional French rules page ("Classic").
///
/// Source: `seeds/003` (« Senet — Origine, Matériel, Déroulement du jeu »),
/// which is incomplete; RULES.md makes the calls it leaves open.
///
/// - Five pieces each (the page's ten pieces alternate on 1..=10): `x` on
///   the even houses 2..=10, `o` on the odd houses 1..=9; `x` throws first.
/// - Four sticks. A 1 or a 5 throws again when it was played; any other
///   roll, or a lost throw, ends the turn.
/// - No piece may jump: every house between start and target must be
///   empty, bearing off too (the houses up to 30, and a piece waiting on
///   27). No backward moves.
/// - From 25 or below a piece moves by the roll but must stop on 26. From
///   26: 1 into the water, 2, 3, 4 to 28, 29, 30, 5 off. From 28 a 3, from
///   29 a 2, from 30 a 1 bears off.
/// - A piece on 28 or 29 played with another roll falls into the water
///   (written `28-27<`), but only when the side has no other legal move;
///   with its exit roll it never falls, even when the exit is blocked. A
///   fall does not travel the track, so nothing blocks it.
/// - Landing on an opponent's piece swaps the two, except on the special
///   houses 15, 26, 27, 28, 29. Neighbours do not protect.
/// - The water: a piece goes to 15 if it is empty; else it waits on 27,
///   and if 27 is taken too the move is illegal. A waiting piece never
///   moves by a throw; as soon as 15 is empty after any move it goes there.
/// - The first side with all five pieces off wins.
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
        Dice::FourSticks
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
