//! Temple: the French reconstruction played against the guardian of the Temple.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::moves::Move;
use crate::ruleset::{Contact, Outcome, Reach, Refusal, Ruleset};

use super::{first_home_wins, traditional_mark, water_to_rebirth_or_below};
use crate::throw::{Dice, Roll};

/// The French "Temple" reconstruction: the player against the guardian.
///
/// Source: `seeds/000` (« Le senet se joue au Temple, face au gardien »),
/// as fixed by the project's RULES.md.
///
/// - Five pieces each: the player (`x`, ivory) on the odd houses 1..=9, the
///   guardian (`o`, terracotta) on the even houses 2..=10.
/// - Four sticks. A 1, 3, 4 or 5 throws again, but only when a move was
///   actually made; a 2 ends the turn, and so does a lost throw.
/// - A piece moves by the roll and may not pass 26 without stopping there
///   on an exact count. From 26: 1 into the water, 2, 3, 4 to 28, 29, 30;
///   a 5 cannot be played (26 is no exit). From 28: 1 to 29, 2 to 30, 3
///   off. From 29: 1 to 30, 2 off. From 30 any roll bears off.
/// - Landing on a lone opponent's piece swaps the two; two pieces of one
///   side on consecutive houses protect each other. No safe houses, no
///   blockades: pieces jump over anything.
/// - When no piece can move forward the side must move one backward by the
///   roll, from any house, under the same landing rules; a backward move
///   reaching 27 falls into the water.
/// - The water sends a piece to 15, or to the first empty house below it.
/// - The first side with all five pieces off wins.
///
/// Calls RULES.md makes where the source is silent: the player throws
/// first; the mandatory stop on 26 binds swapped pieces too, so a swap may
/// never carry a piece from 25 or below to 27 or beyond.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Temple;

impl Ruleset for Temple {
    fn name(&self) -> &'static str {
        "temple"
    }

    fn revision(&self) -> u32 {
        1
    }

    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::X => "player",
            Side::O => "guardian",
        }
    }

    fn pieces_per_side(&self) -> u8 {
        5
    }

    fn start(&self) -> [Bitboard; 2] {
        [
            Bitboard::from_numbers(&[1, 3, 5, 7, 9]),
            Bitboard::from_numbers(&[2, 4, 6, 8, 10]),
        ]
    }

    fn dice(&self) -> Dice {
        Dice::FourSticks
    }

    #[inline]
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (h, r) = (from.number(), roll.value());
        match h {
            ..=25 => House::new(h + r)
                .filter(|t| t.number() <= 26)
                .map(Reach::To),
            26 => match r {
                1 => Some(Reach::Water),
                5 => None,
                _ => Some(Reach::To(House::from_index(26 + r))),
            },
            28..=30 if h + r == 31 => Some(Reach::Off),
            28..=30 if h + r < 31 => Some(Reach::To(House::from_index(h + r))),
            30 => Some(Reach::Off),
            _ => None,
        }
    }

    #[inline]
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (h, r) = (from.number(), roll.value());
        match h.checked_sub(r) {
            Some(27) => Some(Reach::Water),
            Some(t @ 1..) => Some(Reach::To(House::from_index(t))),
            _ => None,
        }
    }

    #[inline]
    fn shielded(&self, board: &Board, owner: Side) -> Bitboard {
        board.pieces(owner).with_neighbour()
    }

    #[inline]
    fn contact_at(&self, start: House, target: House) -> Option<Contact> {
        (!(target.number() <= 25 && start.number() >= 27)).then_some(Contact::Swap)
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
            Refusal::NoStep { from, .. } => match from.number() {
                ..=25 => "every piece must stop on 26 on an exact count before going further",
                26 => "26 is not an exit: a 5 cannot be played from it",
                _ => "from 28 a piece needs at most a 3, from 29 at most a 2",
            },
            Refusal::Protected => "a piece of its side stands next to it",
            Refusal::NotDisplaced => {
                "the mandatory stop on 26 binds a swapped piece too: none goes from 25 or below to 27 or beyond"
            }
            // Temple has no blockades, no held pieces, no bar on bearing off.
            Refusal::Blocked => "the rules forbid passing it",
            Refusal::Held | Refusal::NoBearingOff => "the rules forbid that",
        }
    }

    #[inline]
    fn throws_again(&self, roll: Roll, played: Option<Move>) -> bool {
        played.is_some() && roll.value() != 2
    }

    #[inline]
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}
