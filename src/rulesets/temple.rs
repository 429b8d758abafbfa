//! Temple: the French reconstruction played against the guardian of the Temple.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::mv::Move;
use crate::ruleset::{Contact, Outcome, Reach, Refusal, Ruleset};

use super::{first_home_wins, traditional_mark, water_to_rebirth_or_below};
use crate::throw::{Dice, Roll};

/// The French "Temple" reconstruction: the player against the guardian.
///
/// Five pieces a side and four sticks; a 1, 3, 4 or 5 throws again, but
/// only after a move. Landing on an opponent's piece swaps the two unless
/// a neighbour of its own side protects it; there are no safe houses and
/// no blockades. Every piece stops on 26, which is no exit; from 28, 29
/// and 30 smaller rolls move on, and backward play reaches every house.
///
/// Source: the anonymous French rules text « Le senet se joue au Temple,
/// face au gardien », a modern reconstruction. The full rules, and the
/// calls the crate makes where it is silent: [Temple](crate::rulesets#temple).
///
#[doc = include_str!("../../docs/start-temple.svg")]
///
/// # Example
///
/// ```
/// use senet::rulesets::Temple;
/// use senet::{House, Position, Roll};
///
/// let start = Position::start(Temple);
/// assert_eq!(start.to_string(), "xoxoxoxoxo.................... x 0 0");
/// // A 3 throws again once it is played.
/// let three = start.moves(Roll::new(3).unwrap());
/// let mv = three.starting_at(House::new(9).unwrap()).unwrap();
/// assert_eq!(start.notation(mv).to_string(), "3: 9-12+");
///
/// // A 5 cannot take a piece off from 26: with no forward move, it goes back.
/// let position: Position<Temple> = "ooooo....................x.... x 4 0".parse()?;
/// let back = position.moves(Roll::new(5).unwrap()).get(0).unwrap();
/// assert_eq!(position.notation(back).to_string(), "5: 26-21<+");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

    fn colour(&self, side: Side) -> Option<&'static str> {
        Some(match side {
            Side::X => "ivory",
            Side::O => "terracotta",
        })
    }

    /// The guardian keeps the temple: a bot is the guardian, whichever
    /// pieces it moves.
    fn house_side(&self) -> Option<Side> {
        Some(Side::O)
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
        Dice::FOUR_STICKS
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
                // 2 to 4 reach 28 to 30; a roll the sticks cannot make (6) reaches nothing.
                _ => House::new(26 + r).map(Reach::To),
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
