//! Jéquier: sticks that count 6, a first row that holds pieces, pieces sent back to the start of the track.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::moves::Move;
use crate::ruleset::{Contact, Direction, Outcome, Reach, Refusal, Ruleset};
use crate::throw::{Dice, Roll, RollSet};

use super::{WATER, first_home_wins, traditional_mark};

/// Gustave Jéquier's reconstruction ("Jéquier").
///
/// Jéquier's own text is not at hand: these rules follow the published
/// paraphrase of the Ludii game system ("Jequier (Scholarly)"), with the
/// calls the crate's reference page makes where that paraphrase and its
/// code disagree.
///
/// - Five pieces each. The opening (throwing until someone throws a 1;
///   that player becomes `x` and moves from 10 to 11) happens before the
///   game: the start is the position after it, `x` on 2, 4, 6, 8 and 11,
///   `o` on 1, 3, 5, 7 and 9, and `x` throws.
/// - Four sticks, where none light counts 6: rolls 1, 2, 3, 4 and 6
///   ([`Dice::FourSticksSix`]). A 1, 4 or 6 throws again, played or lost.
/// - The first row: a piece on house 10 or below moves (either way) only
///   when the house just above it is empty, whichever side holds it.
/// - Forward by the roll, with no stop on 26: past 30 a piece bears off,
///   whatever the excess, but only while every piece of its side on the
///   board stands on 21 to 30.
/// - Landing on an opponent's piece is illegal on the safe houses 15, 26,
///   28 and 29 (30 is not safe) and when one of its own side stands next
///   to it; otherwise the mover takes the house and sends that piece back
///   to the lowest house that was empty before the move (the mover's start
///   counts as taken). Written `x`.
/// - Three or more pieces of one side in a row form a blockade the other
///   side may not pass, forward, backward or off.
/// - The water: a move that ends on 27 is written with 27, and the piece
///   goes at once to the lowest empty house (its start now empty). No
///   piece ever stands on 27.
/// - Backward, only when no piece can move forward: any piece, from 26 to
///   30 too, by the roll down to an empty house (a backward move never
///   sends a piece back); 27 is the water there too (`3: 30-27<`).
/// - The first side with all five pieces off wins.
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
        Dice::FourSticksSix
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
