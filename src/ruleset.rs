//! The `Ruleset` trait: everything that differs between reconstructions, and nothing else.
//!
//! Shared code (move generation, applying moves, passing the turn, notation,
//! perft) is written once over these hooks. A ruleset answers small
//! questions about geometry ("where does a roll take a piece on house 26?")
//! and about the whole board at once, as [`Bitboard`]s ("which houses may
//! the mover not pass?"), so the shared generator stays a few masks per
//! piece.

use core::fmt::Debug;
use core::hash::Hash;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::throw::{Dice, Roll};

/// Where a roll carries a piece, before anything on the board is considered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reach {
    /// Along the track to this house.
    To(House),
    /// Along the track and off the board.
    Off,
    /// Along the track into the water (written as house 27); the piece then
    /// comes to rest where [`Ruleset::water_landing`] says.
    Water,
    /// Straight into the water, not along the track: no house in between is
    /// passed, so nothing can block it (Classic's falls from 28 and 29).
    Fall,
}

/// What one roll does, house by house, to pieces moving in one direction:
/// the per-roll table the move generator plays whole sets of pieces from.
///
/// The generator moves every piece on [`along`](Steps::along) at once with
/// shifts and masks, asks the ruleset about the pieces on
/// [`ask`](Steps::ask) one by one, and gives the pieces on any other house
/// no move. A table must agree with [`Ruleset::forward`] (or
/// [`Ruleset::backward`]); the defaults, which ask about every house
/// [`Ruleset::plain_forward`] does not cover, always do. The generator
/// lists the moves of `along` first, then those of `ask`, each by
/// ascending house.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Steps {
    /// Houses from which the roll carries a piece exactly `roll` houses
    /// along the track (up going forward, down going backward): to that
    /// house (`Reach::To`), off when it is 31 (`Reach::Off`), or, for the
    /// houses of [`water`](Steps::water), into the water (`Reach::Water`).
    pub along: Bitboard,
    /// The houses of `along` whose step reaches house 27 as `Reach::Water`.
    pub water: Bitboard,
    /// Houses whose pieces the generator asks about one at a time, for
    /// whatever `along` cannot say. Disjoint from `along`.
    pub ask: Bitboard,
}

impl Steps {
    /// No house steps and none is asked about: no move at all (the filler
    /// of a table's unused rolls).
    pub const NONE: Steps = Steps {
        along: Bitboard::EMPTY,
        water: Bitboard::EMPTY,
        ask: Bitboard::EMPTY,
    };
}

/// What landing on an opponent's piece does to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Contact {
    /// The two pieces exchange houses: the opponent's goes to the mover's start house.
    Swap,
    /// The opponent's piece leaves the game for good.
    Capture,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// This side won.
    Win(Side),
    /// Nobody won (Bell: equal scores with the board empty).
    Draw,
}

/// A reconstruction of the rules of Senet.
///
/// Implement it to add your own ruleset: the required methods say what a
/// roll does to one piece and how the game starts, ends and passes the
/// turn; the provided ones default to "no such rule" (no backward play, no
/// blockade, no protection, no water). Every function of the crate then
/// works with it unchanged.
///
/// Hooks must be pure functions of their arguments: the crate calls them
/// on hot paths and relies on them answering the same way every time.
pub trait Ruleset: Copy + Debug + Eq + Hash + Send + Sync + 'static {
    /// The ruleset's name in lower case, as written in position files,
    /// records and on the command line (`"kendall"`).
    fn name(&self) -> &'static str;

    /// Changes whenever a game replayed from the same seed and moves would
    /// play differently under this ruleset; records carry it.
    fn revision(&self) -> u32;

    /// A display name for a side (the crate writes `x` and `o` everywhere else).
    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::X => "x",
            Side::O => "o",
        }
    }

    /// How many pieces each side starts with.
    fn pieces_per_side(&self) -> u8;

    /// The houses of `x`'s and `o`'s pieces at the start; `x` throws first.
    fn start(&self) -> [Bitboard; 2];

    /// The implement thrown.
    fn dice(&self) -> Dice;

    /// Where `roll` carries a piece on `from` going forward, or `None` when
    /// that piece cannot move forward with it (exact exits, mandatory stops).
    fn forward(&self, from: House, roll: Roll) -> Option<Reach>;

    /// Houses from which `roll` simply carries a piece `roll` houses forward
    /// along the track (`forward` answers `Reach::To(from + roll)` for each).
    ///
    /// Only a fast path: the generator moves all these pieces at once with
    /// shifts and masks, and asks [`forward`](Ruleset::forward) about the
    /// others. It must agree with `forward`; the default (none) is always
    /// correct.
    fn plain_forward(&self, roll: Roll) -> Bitboard {
        let _ = roll;
        Bitboard::EMPTY
    }

    /// The table of forward moves with `roll` (see `Steps`). Overriding
    /// it lets the generator play every piece without asking
    /// [`forward`](Ruleset::forward) one piece at a time. Default: the
    /// [`plain_forward`](Ruleset::plain_forward) houses go along, the
    /// others are asked about.
    #[inline]
    fn forward_steps(&self, roll: Roll) -> Steps {
        let along = self.plain_forward(roll);
        Steps {
            along,
            water: Bitboard::EMPTY,
            ask: !along,
        }
    }

    /// The table of backward moves with `roll` (see `Steps`); it must
    /// agree with [`backward`](Ruleset::backward). Default: every house is
    /// asked about.
    #[inline]
    fn backward_steps(&self, roll: Roll) -> Steps {
        let _ = roll;
        Steps {
            along: Bitboard::EMPTY,
            water: Bitboard::EMPTY,
            ask: Bitboard::ALL,
        }
    }

    /// Where `roll` carries a piece on `from` when the side must play
    /// backward, or `None`. Backward moves are legal only when no forward
    /// move is. Default: no backward play.
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        let _ = (from, roll);
        None
    }

    /// Houses whose pieces must be played first: when any of them has a
    /// legal move, only their moves are legal. Default: none.
    fn must_play_first(&self) -> Bitboard {
        Bitboard::EMPTY
    }

    /// Houses the mover's piece may not pass along the track (a move is
    /// illegal when any house strictly between its start and its target,
    /// 31 for off, is in the set). Default: pieces jump over anything.
    fn impassable(&self, board: &Board, mover: Side) -> Bitboard {
        let _ = (board, mover);
        Bitboard::EMPTY
    }

    /// Houses where an opponent's piece can never be landed on, whatever
    /// stands around it. Default: none.
    fn safe_houses(&self) -> Bitboard {
        Bitboard::EMPTY
    }

    /// The pieces of `owner` that the other side may not land on.
    /// Default: those on [`safe_houses`](Ruleset::safe_houses).
    fn shielded(&self, board: &Board, owner: Side) -> Bitboard {
        board.pieces(owner) & self.safe_houses()
    }

    /// What landing on an unshielded opponent's piece does. Rulesets with
    /// [`Contact::Capture`] may have fewer pieces than they started with.
    fn contact(&self) -> Contact {
        Contact::Swap
    }

    /// Whether a swap may carry the opponent's piece from `from` to `to`
    /// (the mover's start house). Default: always.
    fn may_displace(&self, from: House, to: House) -> bool {
        let _ = (from, to);
        true
    }

    /// Where a piece that enters the water comes to rest, given the houses
    /// taken by every other piece; `None` when it cannot enter (the move is
    /// then illegal). A piece found standing on house 27 is moved at once to
    /// where this answers, after every move, whenever that is another house.
    /// Default: the ruleset has no water.
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        let _ = occupied;
        None
    }

    /// Houses with a rule or a mark of their own, for drawing the board.
    fn special_houses(&self) -> Bitboard {
        Bitboard::EMPTY
    }

    /// Why a piece on `from` has no move with `roll` (when
    /// [`forward`](Ruleset::forward) says `None`), for error messages.
    fn why_no_step(&self, from: House, roll: Roll) -> &'static str {
        let _ = (from, roll);
        "the rules give that piece no move with this roll"
    }

    /// Whether the side that threw `roll` throws again; `moved` is false
    /// when the throw was lost. Never asked after a move that ended the game.
    fn throws_again(&self, roll: Roll, moved: bool) -> bool;

    /// The result, when the game on `board` is over; checked after every move.
    fn outcome(&self, board: &Board) -> Option<Outcome>;
}

/// The race rule shared by most rulesets: the first side with every piece
/// borne off wins.
pub fn first_home_wins<R: Ruleset>(ruleset: &R, board: &Board) -> Option<Outcome> {
    let all = ruleset.pieces_per_side();
    Side::BOTH
        .into_iter()
        .find(|&side| board.off(side) >= all)
        .map(Outcome::Win)
}

/// Water that sends a piece to house 15, or when 15 is taken to the first
/// empty house below it (Kendall, Temple).
pub fn water_to_rebirth_or_below(occupied: Bitboard) -> Option<House> {
    (!occupied & Bitboard::range(1, House::REBIRTH.number())).last()
}
