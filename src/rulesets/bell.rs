//! Bell: R. C. Bell's 1960 proposal, a game of points with captures.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::moves::Move;
use crate::ruleset::{Contact, Outcome, Reach, Refusal, Ruleset};
use crate::throw::{Dice, Roll};

use super::traditional_mark;

/// R. C. Bell's reconstruction (Board and Table Games from Many
/// Civilizations, 1960).
///
/// Source: `seeds/004` (« Senet de Bell »), as fixed by the project's RULES.md.
///
/// - Ten pieces each: `x` on the odd houses 1..=19, `o` on the even houses
///   2..=20. The long die (1 to 4); after every throw the other side throws.
/// - Forward only, no blockades, no mandatory stop: a piece moves by the
///   roll and jumps over anything. From 27, 28, 29, 30 (marked X, III, II,
///   I) a piece bears off with exactly 4, 3, 2, 1; a smaller roll moves it
///   on, a larger one cannot be played.
/// - Landing on an opponent's piece captures it for good, except on the
///   protected last five houses, 26 to 30. Neighbours do not protect.
/// - Whenever a piece on 26..=30 can move, one of them must be played.
/// - A point per piece borne off. The game ends as soon as the result is
///   certain: a side wins when it has borne off more than the other side
///   has borne off and still has on the board; with the board empty and
///   equal scores, it is a draw.
///
/// Calls the source leaves open, made by RULES.md: the first player (`x`,
/// the odd houses) throws first, and the end is checked after every move.
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
        Dice::LongDie
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
        let (off_x, off_o) = (board.off(Side::X), board.off(Side::O));
        let (on_x, on_o) = (board.on_board(Side::X), board.on_board(Side::O));
        if off_x > off_o + on_o {
            Some(Outcome::Win(Side::X))
        } else if off_o > off_x + on_x {
            Some(Outcome::Win(Side::O))
        } else if on_x == 0 && on_o == 0 && off_x == off_o {
            Some(Outcome::Draw)
        } else {
            None
        }
    }
}
