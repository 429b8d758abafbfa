//! Why a move, or a lost throw, is refused.

use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::house::{House, Side, Target};
use crate::mv::Move;
use crate::throw::Roll;

/// Why a move (or a lost throw) is not legal in a position.
///
/// Where a rule of the ruleset decides, the message ends with the
/// ruleset's own words for it ([`Ruleset::why`](crate::Ruleset::why)).
///
/// ```
/// use senet::{House, IllegalMoveError, Position, Roll};
/// use senet::moves::Target;
/// use senet::rulesets::Kendall;
///
/// // o's piece on 3 has a neighbour of its own side on 4, so x may not land on it.
/// let position: Position<Kendall> = "x.oo.......................... x 4 3".parse()?;
/// let to = Target::House(House::new(3).unwrap());
/// let err = position.find_move(Roll::new(2).unwrap(), House::new(1).unwrap(), to).unwrap_err();
/// assert!(matches!(err, IllegalMoveError::Protected { .. }));
/// assert_eq!(
///     err.to_string(),
///     "the opponent's piece on 3 is protected: a piece of its side stands next to it"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum IllegalMoveError {
    /// The rules let the piece on this house no wait with this roll
    /// (see [`Ruleset::waits`](crate::Ruleset::waits)).
    #[error(
        "the piece on {house} may not wait with a {roll}: the rules let no piece wait there with that roll"
    )]
    NoWait {
        /// The house of the piece.
        house: House,
        /// The roll.
        roll: Roll,
    },
    /// No piece may enter from the hand with this roll (see
    /// [`Ruleset::enters`](crate::Ruleset::enters)), for the reason given.
    #[error("no piece may enter with a {roll}: {why}")]
    NoEntry {
        /// The roll.
        roll: Roll,
        /// Why not: the roll enters no piece, the side has none in hand,
        /// the house is taken, or the side has not begun.
        why: &'static str,
    },
    /// The side still throws before it plays its bank
    /// ([`Ruleset::banks_throws`](crate::Ruleset::banks_throws)): no move
    /// and no lost roll until a throw gives no other.
    #[error("{side} is still throwing: its bank is played once a throw gives no other")]
    StillThrowing {
        /// The side throwing.
        side: Side,
    },
    /// The side plays its bank, and holds no roll of this value.
    #[error("no {roll} is banked: a move plays one of the rolls the side has banked")]
    NotBanked {
        /// The roll asked for.
        roll: Roll,
    },
    /// A banked roll was claimed lost, but a banked roll (this one or
    /// another) has a legal move.
    #[error("the banked {roll} has a legal move: no banked roll is lost while one can be played")]
    BankPlayable {
        /// A banked roll with a legal move.
        roll: Roll,
    },
    /// A banked roll was claimed lost before a lower one: the rolls left
    /// are lost lowest first.
    #[error("the banked rolls are lost lowest first: the {lowest} goes before")]
    LostLowestFirst {
        /// The lowest banked roll.
        lowest: Roll,
    },
    /// A throw cannot be banked: the ruleset plays each throw when it is
    /// thrown.
    #[error("{ruleset} plays each throw when it is thrown: nothing is banked")]
    NoBanking {
        /// The ruleset's name.
        ruleset: &'static str,
    },
    /// A throw cannot be banked: the throwing is over, and the side plays
    /// its bank before anyone throws.
    #[error("the throwing is over: {side} plays its bank before anyone throws")]
    BankToPlay {
        /// The side to play its bank.
        side: Side,
    },
    /// The game is over: nobody throws again.
    #[error("the game is over")]
    GameOver,
    /// The ruleset's implement cannot make this roll.
    #[error("this ruleset's throw cannot make a {roll}")]
    RollNotOnDice {
        /// The roll asked for.
        roll: Roll,
    },
    /// The side to throw has no piece on the start house.
    #[error("{side} has no piece on house {house}")]
    NoPiece {
        /// The side to throw.
        side: Side,
        /// The start house given.
        house: House,
    },
    /// The ruleset gives that piece no move with that roll.
    #[error("a piece on {from} cannot move with a {roll}: {why}")]
    NoStep {
        /// The start house.
        from: House,
        /// The roll.
        roll: Roll,
        /// The ruleset's explanation.
        why: &'static str,
    },
    /// The roll takes the piece somewhere else.
    #[error("a {roll} takes the piece on {from} to {reaches}, not {to}")]
    WrongTarget {
        /// The roll.
        roll: Roll,
        /// The start house.
        from: House,
        /// Where the roll actually takes the piece.
        reaches: Target,
        /// The target asked for.
        to: Target,
    },
    /// The mover's own piece stands on the target.
    #[error("house {house} holds one of the mover's own pieces")]
    OwnPiece {
        /// The target house.
        house: House,
    },
    /// The opponent's piece stands on a safe house.
    #[error("the opponent's piece on {house} stands on a safe house")]
    SafeHouse {
        /// The target house.
        house: House,
    },
    /// The opponent's piece is protected.
    #[error("the opponent's piece on {house} is protected: {why}")]
    Protected {
        /// The target house.
        house: House,
        /// The ruleset's explanation.
        why: &'static str,
    },
    /// The move would pass a house that may not be passed.
    #[error("the move would pass house {house}, which blocks the way: {why}")]
    Blocked {
        /// The first such house along the way.
        house: House,
        /// The ruleset's explanation.
        why: &'static str,
    },
    /// The rules forbid landing on the opponent's piece from this start.
    #[error("a piece from {to} may not land on the opponent's piece on {from}: {why}")]
    Displacement {
        /// Where the opponent's piece stands, the move's target: the
        /// displaced piece would have gone from here...
        from: House,
        /// ...to here, the mover's start house (the fields name the
        /// displaced piece's journey, not the mover's).
        to: House,
        /// The ruleset's explanation.
        why: &'static str,
    },
    /// A hook of the ruleset broke its contract for this move (a landing
    /// on a taken house): the move is not played.
    #[error(transparent)]
    Hook(#[from] crate::ruleset::contract::HookError),
    /// The ruleset's [`send_back`](crate::Ruleset::send_back) gives the
    /// piece landed on nowhere to go.
    #[error("the piece on {house} cannot be sent back now: the rules give it nowhere to go")]
    NowhereToSendBack {
        /// The house landed on.
        house: House,
    },
    /// No house can take a piece entering the water.
    #[error("the water can take no piece now: no house is free for it")]
    WaterFull,
    /// No house can take a piece coming back from the water.
    #[error("the piece on {from} cannot come back from the water now: no house is free for it")]
    NoReturnHouse {
        /// The start house.
        from: House,
    },
    /// The rules keep this piece from moving this throw.
    #[error("the piece on {house} may not move this throw: {why}")]
    Held {
        /// The start house.
        house: House,
        /// The ruleset's explanation.
        why: &'static str,
    },
    /// The side may not bear off yet.
    #[error("the side may not bear off now: {why}")]
    NoBearingOff {
        /// The ruleset's explanation.
        why: &'static str,
    },
    /// A backward move while a forward move exists.
    #[error("a piece may move backward only when no piece can move forward with this roll")]
    ForwardExists,
    /// A piece that must be played first has a legal move.
    #[error(
        "a piece on a house that must be played first ({houses:?}) can move, so one of them must"
    )]
    MustPlayFirst {
        /// The houses whose pieces must be played first.
        houses: Bitboard,
    },
    /// A lost throw was claimed, but the roll has legal moves.
    #[error("the throw is not lost: {count} legal move(s) exist")]
    MovesExist {
        /// How many legal moves the roll has.
        count: usize,
    },
    /// The move has the right houses but not what this position makes of them
    /// (a move made for another position).
    #[error("this move was made for another position: here it is {actual:?}")]
    Mismatch {
        /// The legal move with the same roll, start and target here.
        actual: Move,
    },
}
