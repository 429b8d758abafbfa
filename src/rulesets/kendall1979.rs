//! Kendall 1979: seven pieces, a water that holds pieces, and a marked piece that moves alone.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side, Target};
use crate::mv::Move;
use crate::ruleset::{Contact, Outcome, Reach, Refusal, Ruleset};
use crate::throw::{Dice, Roll, RollSet};

use super::{BEAUTY, Kendall, REBIRTH, WATER, first_home_wins, traditional_mark};

/// Timothy Kendall's rules booklet ("Kendall 1979"), not the rules that
/// modern sets print (those are [`Kendall`](super::Kendall)).
///
/// Seven pieces a side and four sticks. The water keeps a piece on 27,
/// and its side moves nothing else until a 4 bears it off or another roll
/// brings it back to 15; back there it is marked, and moves alone, even
/// onto protected pieces. Swaps, protection by neighbours, no blockades.
///
/// Source: Timothy Kendall's rules booklet, as paraphrased in the Ludii
/// general game system's description of Senet, ruleset "Kendall
/// (Scholarly)". The full rules, and the calls the crate makes:
/// [Kendall 1979](crate::rulesets#kendall-1979).
///
#[doc = include_str!("../../docs/start-kendall1979.svg")]
///
/// # Example
///
/// ```
/// use senet::rulesets::Kendall1979;
/// use senet::{Position, Roll};
///
/// // The start is the position after the opening move from 14 to 15.
/// let start = Position::start(Kendall1979);
/// assert_eq!(start.to_string(), "oxoxoxoxoxoxo.x............... x 0 0");
///
/// // The piece in the water moves first; a 4 bears it off, and a move out
/// // of the water passes the sticks, even after a 4.
/// let position: Position<Kendall1979> = "ooooooo............x......x... x 5 0".parse()?;
/// let four = position.moves(Roll::new(4).unwrap());
/// assert_eq!(four.len(), 1);
/// assert_eq!(position.notation(four.get(0).unwrap()).to_string(), "4: 27-off");
///
/// // Another roll brings it back to 15, marked (`X`).
/// let two = position.moves(Roll::new(2).unwrap()).get(0).unwrap();
/// assert_eq!(position.notation(two).to_string(), "2: 27-15<");
/// assert_eq!(position.play(two)?.to_string(), "ooooooo.......X....x.......... o 5 0");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Kendall1979;

/// The rolls that throw again.
const AGAIN: RollSet = RollSet::of(&[1, 4, 5]);

impl Ruleset for Kendall1979 {
    fn name(&self) -> &'static str {
        "kendall1979"
    }

    fn revision(&self) -> u32 {
        1
    }

    fn pieces_per_side(&self) -> u8 {
        7
    }

    fn start(&self) -> [Bitboard; 2] {
        [
            Bitboard::from_numbers(&[2, 4, 6, 8, 10, 12, 15]),
            Bitboard::from_numbers(&[1, 3, 5, 7, 9, 11, 13]),
        ]
    }

    fn dice(&self) -> Dice {
        Dice::FOUR_STICKS
    }

    /// Up to 26 and from it, Kendall's moves; from the water and from 30,
    /// the booklet's own.
    #[inline]
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (h, r) = (from.number(), roll.value());
        if h <= 26 {
            Kendall.forward(from, roll)
        } else if h == 27 {
            Some(if r == 4 { Reach::Off } else { Reach::Return })
        } else {
            // 28 leaves with a 3, 29 with a 2, 30 with anything.
            (h == 30 || h + r == 31).then_some(Reach::Off)
        }
    }

    #[inline]
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (h, r) = (from.number(), roll.value());
        (h <= 26 && h > r).then(|| Reach::To(House::from_index(h - r)))
    }

    /// The marked piece alone, else the piece in the water alone, else all.
    #[inline]
    fn movable(&self, board: &Board, side: Side) -> Bitboard {
        let own = board.pieces(side);
        if board.marked() == Some(side) {
            Bitboard::from_house(REBIRTH)
        } else if own.contains(WATER) {
            Bitboard::from_house(WATER)
        } else {
            own
        }
    }

    /// A neighbour of its side protects a piece, except from a marked piece.
    #[inline]
    fn shielded(&self, board: &Board, owner: Side) -> Bitboard {
        if board.marked() == Some(owner.opponent()) {
            Bitboard::EMPTY
        } else {
            board.pieces(owner).with_neighbour()
        }
    }

    /// From 26 onto 28, 29 or 30, the opponent's piece goes into the water.
    #[inline]
    fn contact_at(&self, start: House, target: House) -> Option<Contact> {
        Some(if start == BEAUTY && target > WATER {
            Contact::Drown
        } else {
            Contact::Swap
        })
    }

    /// Into 27 only while it is empty, and the piece stays there.
    #[inline]
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        (!occupied.contains(WATER)).then_some(WATER)
    }

    /// Back to 15 only while it is empty.
    #[inline]
    fn return_landing(&self, occupied: Bitboard) -> Option<House> {
        (!occupied.contains(REBIRTH)).then_some(REBIRTH)
    }

    /// A piece back from the water, on 15.
    #[inline]
    fn marks(&self, played: Move) -> bool {
        played.from() == WATER && played.to() == Target::House(REBIRTH)
    }

    fn mark_house(&self) -> Option<House> {
        Some(REBIRTH)
    }

    #[inline]
    fn water(&self) -> Option<House> {
        Some(WATER)
    }

    fn house_mark(&self, house: House) -> Option<&'static str> {
        traditional_mark(house)
    }

    fn why(&self, refusal: Refusal) -> &'static str {
        match refusal {
            Refusal::NoStep { from, .. } => match from.number() {
                ..=25 => "every piece must stop on 26 before going further",
                27..=30 => {
                    "pieces on 27 to 30 never move backward, and 28 and 29 leave only with a 3 and a 2"
                }
                _ => "no piece moves below house 1",
            },
            Refusal::Protected => "a piece of its side stands next to it",
            Refusal::Held => {
                "a side with a marked piece moves only it, and a side with a piece in the water only that one"
            }
            Refusal::Blocked | Refusal::NotDisplaced | Refusal::NoBearingOff => {
                "the rules forbid that"
            }
        }
    }

    #[inline]
    fn throws_again(&self, roll: Roll, played: Option<Move>) -> bool {
        let out_of_water = played.is_some_and(|mv| mv.from() == WATER);
        AGAIN.contains(roll) && !out_of_water
    }

    #[inline]
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}
