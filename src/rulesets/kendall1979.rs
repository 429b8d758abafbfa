//! Kendall 1979: seven pieces, a water that holds pieces, and a marked piece that moves alone.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::moves::Move;
use crate::ruleset::{Contact, Outcome, Reach, Refusal, Ruleset};
use crate::throw::{Dice, Roll, RollSet};

use super::{BEAUTY, Kendall, REBIRTH, WATER, first_home_wins, traditional_mark};

/// Timothy Kendall's rules booklet of 1979 ("Kendall 1979"), not the
/// rules modern sets print (those are [`Kendall`](super::Kendall)).
///
/// It follows the published paraphrase of the Ludii game system
/// ("Kendall (Scholarly)"), with the crate's reference page's calls.
///
/// - Seven pieces each. The opening (throwing until someone throws a 1;
///   that player becomes `x` and moves from 14 to 15) happens before the
///   game: the start is the position after it, `x` on 2, 4, ..., 12 and
///   15, `o` on 1, 3, ..., 13, and `x` throws.
/// - Four sticks. A 1, 4 or 5 throws again, played or lost, except after
///   a move out of the water (`27-15` or `27-off`).
/// - Forward: from 25 or below by the roll, stopping on 26. From 26: a 1
///   into the water (only while 27 is empty), 2, 3, 4 to 28, 29, 30, 5
///   off. From 28 a 3 and from 29 a 2 bear off; from 30 any roll does.
/// - Landing on an opponent's piece swaps the two, unless one of its own
///   side stands next to it (a piece on 27 counts). There are no safe
///   houses and no blockades. A move from 26 onto 28, 29 or 30 sends the
///   opponent's piece into the water instead (only while 27 is empty).
/// - The water: a piece on 27 stays there until it moves, and while it is
///   there its side moves no other piece. A 4 bears it off; a 1, 2, 3 or
///   5 brings it back to 15, written `27-15<`, when 15 is empty, and is
///   lost otherwise (a lost 1, 4 or 5 still throws again). The source
///   lets a player wait for a 4; a side with a move must play it, so it
///   cannot wait here.
/// - The piece back on 15 is marked (`X` or `O` in a position string):
///   while it is, its side moves only it, forward if it can, else
///   backward, and it may land on a protected piece. The mark ends when
///   it moves or is landed on; a piece it swaps, or one that swaps onto
///   15, is not marked.
/// - Backward, only when no piece can move forward (bearing off counts as
///   forward): from 26 or below by the roll, with the same landing rules.
/// - The first side with all seven pieces off wins.
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
        Dice::FourSticks
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

    fn marks_returns(&self) -> bool {
        true
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
