//! The rules a file describes, checked and ready to answer the hooks:
//! plain data, and the few lines that read the board with it.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side, Target};
use crate::movegen::steps::Steps;
use crate::mv::Move;
use crate::ruleset::{Contact, Direction, Outcome, Reach};
use crate::throw::{Dice, Roll, RollSet};

/// Every answer of a described ruleset: what its file says, checked.
#[derive(Clone, Debug)]
pub(crate) struct Rules {
    pub(crate) name: Box<str>,
    pub(crate) revision: u32,
    pub(crate) title: Box<str>,
    pub(crate) source: Box<str>,
    /// SHA-256 of the file's text, as records carry it.
    pub(crate) digest: [u8; 32],
    /// The file's text itself, so that a program can hand it on (a
    /// server to its page, a pickled ruleset) with the rules it states.
    pub(crate) text: Box<str>,
    pub(crate) side_names: [Box<str>; 2],
    pub(crate) colours: Option<[Box<str>; 2]>,
    pub(crate) house_side: Option<Side>,
    pub(crate) pieces: u8,
    pub(crate) start: [Bitboard; 2],
    pub(crate) dice: Dice,
    /// Where each roll carries a piece: forward then backward, indexed by
    /// house number (0 unused) and roll minus one.
    pub(crate) reach: [[[Option<Reach>; Roll::MAX as usize]; 31]; 2],
    /// The move generator's tables, derived once from `reach`.
    pub(crate) steps: [[Steps; Roll::MAX as usize]; 2],
    pub(crate) must_play_first: Bitboard,
    pub(crate) movable: Movable,
    /// Every piece of a side must stand here before one bears off.
    pub(crate) bear_off_from: Bitboard,
    pub(crate) blockade: Blockade,
    pub(crate) safe: Bitboard,
    pub(crate) protection: Protection,
    pub(crate) contact: Contact,
    pub(crate) exceptions: Box<[Exception]>,
    pub(crate) water: Option<House>,
    pub(crate) water_landing: Landing,
    pub(crate) return_landing: Landing,
    pub(crate) send_back: Landing,
    pub(crate) mark: Option<Mark>,
    pub(crate) house_marks: [Option<Box<str>>; 31],
    pub(crate) why: Why,
    pub(crate) again: Again,
    /// The houses whose piece may wait, by roll minus one.
    pub(crate) waits: [Bitboard; Roll::MAX as usize],
    pub(crate) lose_turn: Option<LoseTurn>,
    /// The roll each side must throw to begin, by side index.
    pub(crate) begins: [Option<Roll>; 2],
    /// The house a piece from the hand enters on, by roll minus one.
    pub(crate) enters: [Option<House>; Roll::MAX as usize],
    /// Whether the water sends a piece back to its side's hand.
    pub(crate) water_to_hand: bool,
    pub(crate) winner: Winner,
}

/// The moves that cost the mover its next turn: from a house of `from`
/// (every house, and entries, when the file names none) to a house of
/// `to` (`None`: anywhere, off included). Never a wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LoseTurn {
    pub(crate) from: Bitboard,
    pub(crate) to: Option<Bitboard>,
}

impl LoseTurn {
    #[inline]
    pub(crate) fn loses(&self, played: Move) -> bool {
        let to = match (self.to, played.to()) {
            (None, _) => true,
            (Some(set), Target::House(house)) => set.contains(house),
            (Some(_), Target::Off) => false,
        };
        // An entry starts from no house: it matches only a rule that
        // names no start.
        let from = if played.is_entry() {
            self.from == Bitboard::ALL
        } else {
            self.from.contains(played.from())
        };
        !played.is_wait() && from && to
    }
}

/// Which pieces may move this throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Movable {
    /// Checked in order: the first that a side has moves alone.
    pub(crate) alone: [Option<Alone>; 4],
    /// Pieces on these houses wait while the house above them is taken.
    pub(crate) wait_below_a_piece: Bitboard,
}

/// A piece that moves alone when its side has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Alone {
    /// The side's marked piece, on the mark house.
    Marked(House),
    /// The side's piece on this house.
    On(House),
}

/// Which houses of the opponent a moving piece may not pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Blockade {
    /// None: pieces jump over anything.
    None,
    /// Any house of a run of `length` or more of the opponent's pieces.
    Run { length: u8, houses: Bitboard },
    /// A whole group of `length` or more of the opponent's pieces (its far
    /// end, as the move meets it).
    Group { length: u8, houses: Bitboard },
    /// Every piece on the board, of either side.
    EveryPiece,
}

/// Which of its pieces a side's neighbours protect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Neighbours {
    /// No piece.
    None,
    /// A piece with a piece of its side on either side of it.
    Any,
    /// A piece with exactly one neighbour of its side: the ends of groups.
    ExactlyOne,
    /// Every piece: no landing on an opponent's piece at all.
    Every,
}

/// Protection: safe houses, neighbours, and whether a marked piece
/// ignores both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Protection {
    pub(crate) neighbours: Neighbours,
    pub(crate) lost_to_a_marked_piece: bool,
}

/// A landing on an opponent's piece that does other than the usual.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Exception {
    pub(crate) from: Bitboard,
    pub(crate) to: Bitboard,
    /// Only moves this way, or both.
    pub(crate) moving: Option<Direction>,
    /// What it does; `None` refuses it.
    pub(crate) then: Option<Contact>,
}

/// Where a piece comes to rest: the first choice that finds an empty house.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Landing(pub(crate) [Option<Place>; 4]);

/// One choice of a [`Landing`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Place {
    /// This house, when it is empty.
    House(House),
    /// This house, or the first empty house below it.
    OrBelow(House),
    /// The lowest empty house of the board.
    LowestEmpty,
}

/// The marked piece: where it stands, and which moves mark it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mark {
    pub(crate) house: House,
    pub(crate) after_moving_from: Bitboard,
    /// An entry onto `house` marks the piece entered.
    pub(crate) after_entering: bool,
}

/// A refusal's words, per start house where they differ.
#[derive(Clone, Debug)]
pub(crate) struct Why {
    pub(crate) no_step: Box<[(Bitboard, Box<str>)]>,
    pub(crate) blocked: Option<Box<str>>,
    pub(crate) protected: Option<Box<str>>,
    pub(crate) not_displaced: Option<Box<str>>,
    pub(crate) held: Option<Box<str>>,
    pub(crate) no_bearing_off: Option<Box<str>>,
}

/// Who throws again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Again {
    pub(crate) rolls: RollSet,
    pub(crate) after_no_move: bool,
    /// An entry throws again, whatever the roll.
    pub(crate) after_entering: bool,
    pub(crate) after_moving_to: Bitboard,
    pub(crate) never_after_moving_from: Bitboard,
    /// Every throw of a turn is made before any move: the throws are
    /// banked ([`Ruleset::banks_throws`](crate::Ruleset::banks_throws)).
    pub(crate) before_moving: bool,
}

/// How a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Winner {
    /// The first side with every piece borne off.
    FirstHome,
    /// The side whose borne-off pieces outnumber all the other can still
    /// bear off; equal counts with the board empty are a draw.
    MostBorneOff,
}

impl Movable {
    #[inline(always)]
    pub(crate) fn pieces(&self, board: &Board, side: Side) -> Bitboard {
        let own = board.pieces(side);
        if self.alone[0].is_none() && self.wait_below_a_piece.is_empty() {
            return own;
        }
        for alone in self.alone.iter().map_while(|alone| *alone) {
            match alone {
                Alone::Marked(house) if board.marked() == Some(side) => {
                    return Bitboard::from_house(house);
                }
                Alone::On(house) if own.contains(house) => return Bitboard::from_house(house),
                _ => {}
            }
        }
        let waiting = own & self.wait_below_a_piece & board.occupied().shift_down(1);
        own & !waiting
    }
}

/// `pieces.runs_of(length)`, with the usual lengths written as
/// constants so that each folds into a few shifts rather than a loop.
#[inline(always)]
fn runs(pieces: Bitboard, length: u8) -> Bitboard {
    match length {
        2 => pieces.runs_of(2),
        3 => pieces.runs_of(3),
        _ => pieces.runs_of(length),
    }
}

impl Blockade {
    #[inline(always)]
    pub(crate) fn impassable(self, board: &Board, mover: Side, direction: Direction) -> Bitboard {
        match self {
            Blockade::None => Bitboard::EMPTY,
            Blockade::Run { length, houses } => {
                runs(board.pieces(mover.opponent()), length) & houses
            }
            Blockade::Group { length, houses } => {
                let pieces = board.pieces(mover.opponent());
                let beyond = match direction {
                    Direction::Forward => pieces.shift_down(1),
                    Direction::Backward => pieces.shift_up(1),
                };
                runs(pieces, length) & !beyond & houses
            }
            Blockade::EveryPiece => board.occupied(),
        }
    }
}

impl Protection {
    #[inline(always)]
    pub(crate) fn shielded(self, safe: Bitboard, board: &Board, owner: Side) -> Bitboard {
        if self.lost_to_a_marked_piece && board.marked() == Some(owner.opponent()) {
            return Bitboard::EMPTY;
        }
        let pieces = board.pieces(owner);
        let guarded = match self.neighbours {
            Neighbours::None => Bitboard::EMPTY,
            Neighbours::Any => pieces.with_neighbour(),
            Neighbours::ExactlyOne => {
                let one = pieces.shift_up(1).bits() ^ pieces.shift_down(1).bits();
                pieces & Bitboard::from_bits(one)
            }
            Neighbours::Every => pieces,
        };
        guarded | (pieces & safe)
    }
}

impl Exception {
    fn applies(&self, start: House, target: House) -> bool {
        let direction = if start < target {
            Direction::Forward
        } else {
            Direction::Backward
        };
        self.from.contains(start)
            && self.to.contains(target)
            && self.moving.is_none_or(|moving| moving == direction)
    }
}

/// What landing from `start` on an opponent's piece on `target` does.
#[inline]
pub(crate) fn contact_at(
    usual: Contact,
    exceptions: &[Exception],
    start: House,
    target: House,
) -> Option<Contact> {
    match exceptions.iter().find(|e| e.applies(start, target)) {
        Some(exception) => exception.then,
        None => Some(usual),
    }
}

impl Landing {
    /// Nowhere.
    pub(crate) const NOWHERE: Landing = Landing([None; 4]);

    #[inline]
    pub(crate) fn rest(&self, occupied: Bitboard) -> Option<House> {
        let empty = !occupied & Bitboard::ALL;
        self.0
            .iter()
            .map_while(|place| *place)
            .find_map(|place| match place {
                Place::House(house) => empty.contains(house).then_some(house),
                Place::OrBelow(house) => (empty & Bitboard::range(1, house.number())).last(),
                Place::LowestEmpty => empty.first(),
            })
    }

    /// Whether it names no place.
    pub(crate) fn is_nowhere(&self) -> bool {
        self.0[0].is_none()
    }
}

impl Mark {
    #[inline]
    pub(crate) fn marks(&self, played: Move) -> bool {
        // An entry starts from no house: only `after_entering` marks it.
        let from = if played.is_entry() {
            self.after_entering
        } else {
            self.after_moving_from.contains(played.from())
        };
        from && played.to() == Target::House(self.house)
    }
}

impl Again {
    #[inline]
    pub(crate) fn throws_again(&self, roll: Roll, played: Option<Move>) -> bool {
        match played {
            // Banked throws are asked with no move: every roll listed
            // gives another throw then.
            None => (self.after_no_move | self.before_moving) && self.rolls.contains(roll),
            Some(mv) => {
                let to = match mv.to() {
                    Target::House(house) => self.after_moving_to.contains(house),
                    Target::Off => false,
                };
                // An entry starts from no house.
                if mv.is_entry() {
                    return self.after_entering || self.rolls.contains(roll) || to;
                }
                !self.never_after_moving_from.contains(mv.from())
                    && (self.rolls.contains(roll) || to)
            }
        }
    }
}

impl Winner {
    #[inline]
    pub(crate) fn outcome(self, pieces: u8, board: &Board) -> Option<Outcome> {
        match self {
            Winner::FirstHome => board.home(pieces).map(Outcome::Win),
            Winner::MostBorneOff => crate::rulesets::most_borne_off_wins(board),
        }
    }
}
