//! Bell: R. C. Bell's 1960 proposal, a game of points with captures.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::House;
use crate::mv::Move;
use crate::ruleset::{Contact, Outcome, Reach, Refusal, Ruleset};
use crate::throw::{Dice, Roll};

use super::traditional_mark;

/// R. C. Bell's proposal of 1960: a game of points with captures.
///
/// Ten pieces a side and a long die (1 to 4), with no extra throws.
/// Forward only, no blockades and no stop on 26; landing on an opponent's
/// piece captures it, except on the protected houses 26 to 30, whose
/// pieces must move first. A point per piece borne off; the game ends as
/// soon as the result is certain, and can be a draw.
///
/// Source: R. C. Bell, *Board and Table Games from Many Civilizations*
/// (first published 1960), his proposed rules for the game of thirty
/// squares. The full rules, and the calls the crate makes where Bell is
/// silent: [Bell](crate::rulesets#bell).
///
#[doc = include_str!("../../docs/start-bell.svg")]
///
/// # Example
///
/// ```
/// use senet::rulesets::Bell;
/// use senet::{House, Position, Roll, Side};
///
/// let start = Position::start(Bell);
/// assert_eq!(start.to_string(), "xoxoxoxoxoxoxoxoxoxo.......... x 0 0");
///
/// // A 1 lands on an opponent's piece and captures it; the die passes.
/// let one = start.moves(Roll::new(1).unwrap());
/// let mv = one.starting_at(House::new(19).unwrap()).unwrap();
/// assert_eq!(start.notation(mv).to_string(), "1: 19-20x");
/// let after = start.play(mv)?;
/// assert_eq!(after.to_string(), "xoxoxoxoxoxoxoxoxo.x.......... o 0 0");
/// assert_eq!(after.board().on_board(Side::O), 9);
/// # Ok::<(), senet::IllegalMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bell;

const LAST_FIVE: Bitboard = Bitboard::range(26, 30);

impl Ruleset for Bell {
    fn name(&self) -> &'static str {
        "bell"
    }

    fn revision(&self) -> u32 {
        1
    }

    fn pieces_per_side(&self) -> u8 {
        10
    }

    fn start(&self) -> [Bitboard; 2] {
        [
            Bitboard::from_numbers(&[1, 3, 5, 7, 9, 11, 13, 15, 17, 19]),
            Bitboard::from_numbers(&[2, 4, 6, 8, 10, 12, 14, 16, 18, 20]),
        ]
    }

    fn dice(&self) -> Dice {
        Dice::LONG_DIE
    }

    #[inline]
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        match from.number() + roll.value() {
            31 => Some(Reach::Off),
            t => House::new(t).map(Reach::To),
        }
    }

    /// Every move is a step of exactly the roll, off when it reaches 31.
    fn must_play_first(&self) -> Bitboard {
        LAST_FIVE
    }

    fn safe_houses(&self) -> Bitboard {
        LAST_FIVE
    }

    fn contact(&self) -> Contact {
        Contact::Capture
    }

    /// The last five houses are drawn marked: the house of beauty, the
    /// numeral X on 27 (an ordinary protected house here, not the water),
    /// and III, II, I.
    fn house_mark(&self, house: House) -> Option<&'static str> {
        match house.number() {
            27 => Some("X"),
            _ if LAST_FIVE.contains(house) => traditional_mark(house),
            _ => None,
        }
    }

    fn why(&self, refusal: Refusal) -> &'static str {
        match refusal {
            Refusal::NoStep { .. } => {
                "a piece on 27, 28, 29 or 30 bears off only with the exact roll (4, 3, 2, 1)"
            }
            Refusal::Blocked
            | Refusal::Protected
            | Refusal::NotDisplaced
            | Refusal::Held
            | Refusal::NoBearingOff => "the rules forbid that",
        }
    }

    #[inline]
    fn throws_again(&self, _roll: Roll, _played: Option<Move>) -> bool {
        false
    }

    #[inline]
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        super::most_borne_off_wins(board)
    }
}
