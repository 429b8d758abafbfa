//! Skyruk: groups that protect with their ends and block when whole, and a 26 that any excess reaches.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::mv::Move;
use crate::ruleset::{Direction, Outcome, Reach, Refusal, Ruleset};
use crate::throw::{Dice, Roll, RollSet};

use super::{BEAUTY, WATER, first_home_wins, traditional_mark, water_to_rebirth_or_below};

/// D. Skyruk's rules ("Skyruk").
///
/// Five pieces a side and four sticks; a 1, 4 or 5 throws again, and so
/// does a move onto 26, which any excess reaches and whose piece moves
/// first. Only the ends of a group of pieces are protected, and only a
/// whole group blocks. The water keeps one piece on 27, which leaves with
/// a 4 or goes back to 15 with a 1, 2 or 3.
///
/// Source: D. Skyruk's rules, as published with the open-source gym-senet
/// project (and played by the Perl module Game::Senet); his own text is
/// not at hand. The full rules, and the calls the crate makes:
/// [Skyruk](crate::rulesets#skyruk).
///
#[doc = include_str!("../../docs/start-skyruk.svg")]
///
/// # Example
///
/// ```
/// use senet::rulesets::Skyruk;
/// use senet::{Position, Roll};
///
/// let start = Position::start(Skyruk);
/// assert_eq!(start.to_string(), "oxoxoxoxox.................... x 0 0");
///
/// // Any excess takes a piece to 26, and a move onto 26 throws again,
/// // even after a 3.
/// let position: Position<Skyruk> = "ooooo..................x...... x 4 0".parse()?;
/// let mv = position.moves(Roll::new(3).unwrap()).get(0).unwrap();
/// assert_eq!(position.notation(mv).to_string(), "3: 24-26+");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Skyruk;

/// Houses that are never landed on while taken: 15 and 26.
const SAFE: Bitboard = Bitboard::from_numbers(&[15, 26]);
/// The houses whose moves a group can block.
const BLOCKABLE: Bitboard = Bitboard::range(1, 25);

/// The rolls that throw again.
const AGAIN: RollSet = RollSet::of(&[1, 4, 5]);

impl Ruleset for Skyruk {
    fn name(&self) -> &'static str {
        "skyruk"
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

    #[inline]
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (h, r) = (from.number(), roll.value());
        if h <= 25 {
            Some(Reach::To(House::from_index((h + r).min(26))))
        } else if h == 26 {
            match r {
                1 => Some(Reach::Water),
                5 => Some(Reach::Off),
                // 2 to 4 reach 28 to 30; a roll the sticks cannot make (6) reaches nothing.
                _ => House::new(26 + r).map(Reach::ToElseWater),
            }
        } else if h == 27 {
            match r {
                4 => Some(Reach::Off),
                5 => None,
                _ => Some(Reach::Return),
            }
        } else {
            // 28 leaves with a 3, 29 with a 2, 30 with anything.
            (h == 30 || h + r == 31).then_some(Reach::Off)
        }
    }

    #[inline]
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (h, r) = (from.number(), roll.value());
        (h <= 25 && h > r).then(|| Reach::To(House::from_index(h - r)))
    }

    /// A piece on 26 moves alone.
    #[inline]
    fn movable(&self, board: &Board, side: Side) -> Bitboard {
        let own = board.pieces(side);
        if own.contains(BEAUTY) {
            Bitboard::from_house(BEAUTY)
        } else {
            own
        }
    }

    /// The end of each whole opponent's group that a move meets last: its
    /// top going forward, its bottom going backward. Passing that house
    /// means passing the whole group, since the start is not in it.
    #[inline]
    fn impassable(&self, board: &Board, mover: Side, direction: Direction) -> Bitboard {
        let groups = board.pieces(mover.opponent());
        let below = groups.shift_up(1);
        let above = groups.shift_down(1);
        let ends = match direction {
            // In a group, with no piece of it above.
            Direction::Forward => groups & below & Bitboard::from_bits(!above.bits()),
            Direction::Backward => groups & above & Bitboard::from_bits(!below.bits()),
        };
        ends & BLOCKABLE
    }

    fn safe_houses(&self) -> Bitboard {
        SAFE
    }

    /// The ends of groups, and the pieces on 15 and 26.
    #[inline]
    fn shielded(&self, board: &Board, owner: Side) -> Bitboard {
        let pieces = board.pieces(owner);
        let below = pieces.shift_up(1);
        let above = pieces.shift_down(1);
        let one_neighbour = Bitboard::from_bits(below.bits() ^ above.bits());
        (pieces & one_neighbour) | (pieces & SAFE)
    }

    /// On 27 while it is empty, else 15 or the first empty house below.
    #[inline]
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        if occupied.contains(WATER) {
            water_to_rebirth_or_below(occupied)
        } else {
            Some(WATER)
        }
    }

    #[inline]
    fn return_landing(&self, occupied: Bitboard) -> Option<House> {
        water_to_rebirth_or_below(occupied)
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
                27 => "a 5 does not move a piece in the water",
                28 | 29 => "28 leaves only with a 3, 29 only with a 2",
                26..=30 => "pieces on 26 to 30 never move backward",
                _ => "no piece moves below house 1",
            },
            Refusal::Blocked => "a whole group of the other side may not be passed",
            Refusal::Protected => {
                "it ends a group of its side (exactly one of its neighbours is its own), or stands on 15"
            }
            Refusal::Held => "a side with a piece on 26 moves only that one",
            Refusal::NotDisplaced | Refusal::NoBearingOff => "the rules forbid that",
        }
    }

    #[inline]
    fn throws_again(&self, roll: Roll, played: Option<Move>) -> bool {
        played.is_some_and(|mv| {
            AGAIN.contains(roll) || mv.to() == crate::house::Target::House(BEAUTY)
        })
    }

    #[inline]
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}
