//! Jéquier: sticks that count 6, a first row that holds pieces, pieces sent back to the start of the track.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::mv::Move;
use crate::ruleset::{Contact, Direction, Outcome, Reach, Refusal, Ruleset};
use crate::throw::{Dice, Roll, RollSet};

use super::{WATER, first_home_wins, lowest_empty, traditional_mark};

/// Gustave Jéquier's reconstruction ("Jéquier").
///
/// Five pieces a side; the sticks count 6, not 5, when none is light, and
/// a 1, 4 or 6 throws again. A piece on the first row waits while the
/// house above it is taken. No stop on 26: a piece bears off with any
/// excess once its whole side is on 21 to 30. Landing on an opponent's
/// piece sends it back to the lowest empty house; blockades of three.
///
/// Source: Gustave Jéquier's reconstruction, as paraphrased in the Ludii
/// general game system's description of Senet, ruleset "Jequier
/// (Scholarly)" (his own text is not at hand). The full rules, and the
/// calls the crate makes: [Jéquier](crate::rulesets#jéquier).
///
#[doc = include_str!("../../docs/start-jequier.svg")]
///
/// # Example
///
/// ```
/// use senet::rulesets::Jequier;
/// use senet::{Position, Roll, Ruleset};
///
/// // The start is the position after the opening move from 10 to 11.
/// let start = Position::start(Jequier);
/// assert_eq!(start.to_string(), "oxoxoxoxo.x................... x 0 0");
/// assert!(Jequier.dice().can_roll(Roll::new(6).unwrap()));
/// assert!(!Jequier.dice().can_roll(Roll::new(5).unwrap()));
///
/// // The first row: x's pieces on 2, 4, 6 and 8 are held by the pieces
/// // above them, so only the piece on 11 moves.
/// let six = start.moves(Roll::new(6).unwrap());
/// assert_eq!(six.len(), 1);
/// assert_eq!(start.notation(six.get(0).unwrap()).to_string(), "6: 11-17+");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Jequier;

/// The safe houses: 15, 26, 28 and 29.
const SAFE: Bitboard = Bitboard::from_numbers(&[15, 26, 28, 29]);
/// The first row, whose pieces wait for the house above them to empty.
const FIRST_ROW: Bitboard = Bitboard::range(1, 10);
/// Where every piece must stand before any bears off.
const HOME: Bitboard = Bitboard::range(21, 30);

/// Where a roll takes a piece on `h` by `r` houses: the water on 27, a
/// house, or off past 30.
#[inline]
fn reach(to: u8) -> Reach {
    match House::new(to) {
        Some(house) if house == WATER => Reach::Water,
        Some(house) => Reach::To(house),
        None => Reach::Off,
    }
}

/// The rolls that throw again.
const AGAIN: RollSet = RollSet::of(&[1, 4, 6]);

impl Ruleset for Jequier {
    fn name(&self) -> &'static str {
        "jequier"
    }

    fn revision(&self) -> u32 {
        1
    }

    fn pieces_per_side(&self) -> u8 {
        5
    }

    fn start(&self) -> [Bitboard; 2] {
        [
            Bitboard::from_numbers(&[2, 4, 6, 8, 11]),
            Bitboard::from_numbers(&[1, 3, 5, 7, 9]),
        ]
    }

    fn dice(&self) -> Dice {
        Dice::FOUR_STICKS_SIX
    }

    #[inline]
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        Some(reach(from.number() + roll.value()))
    }

    #[inline]
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (h, r) = (from.number(), roll.value());
        (h > r).then(|| reach(h - r))
    }

    /// The first row: a piece on 10 or below waits while the house above
    /// it is taken.
    #[inline]
    fn movable(&self, board: &Board, side: Side) -> Bitboard {
        let own = board.pieces(side);
        let held = own & FIRST_ROW & board.occupied().shift_down(1);
        Bitboard::from_bits(own.bits() & !held.bits())
    }

    #[inline]
    fn may_bear_off(&self, board: &Board, side: Side) -> bool {
        (board.pieces(side) & !HOME).is_empty()
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

    fn contact(&self) -> Contact {
        Contact::SendBack
    }

    /// Only a forward move lands on an opponent's piece.
    #[inline]
    fn contact_at(&self, start: House, target: House) -> Option<Contact> {
        (start < target).then_some(Contact::SendBack)
    }

    /// A piece landed on goes back to the lowest empty house.
    #[inline]
    fn send_back(&self, occupied: Bitboard) -> Option<House> {
        lowest_empty(occupied)
    }

    /// The lowest empty house.
    #[inline]
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        (!occupied & Bitboard::ALL).first()
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
            Refusal::NoStep { .. } => "no piece moves below house 1",
            Refusal::Blocked => "three or more pieces of one side in a row form a blockade",
            Refusal::Protected => "a piece of its side stands next to it",
            Refusal::NotDisplaced => "a backward move never sends a piece back",
            Refusal::Held => {
                "a piece on house 10 or below moves only when the house above it is empty"
            }
            Refusal::NoBearingOff => "every piece of the side must stand on 21 to 30 first",
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
