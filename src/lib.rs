#![doc = include_str!("../README.md")]
//!
//! ## Module map
//!
//! What each file of the crate holds, in the order a move is made. Public
//! items are re-exported at the root unless their module is public.
//!
//! | file | what it holds |
//! |---|---|
//! | `house.rs`, `bitboard.rs` | the vocabulary: [`House`], [`Target`], [`Side`], and [`Bitboard`], a set of houses |
//! | `throw.rs`, `source.rs` | [`Roll`], [`Dice`], [`Throw`]; throw sources and the seeded fair-play contract ([`SeededThrows`]) |
//! | `ruleset.rs` | the [`Ruleset`] trait: every rule that differs between reconstructions, as hooks |
//! | `rulesets/` | the built-in reconstructions, one file each, and the small rules they share ([`rulesets`]) |
//! | `any_ruleset.rs` | [`AnyRuleset`], a built-in ruleset chosen at run time |
//! | `board.rs`, `position.rs` | [`Board`] and [`Position`]: validated construction and queries |
//! | `movegen/steps.rs` | [`Steps`]: the generator's per-roll tables, derived from the geometry hooks |
//! | `movegen/mod.rs` | the board as the generator sees it, asked of the ruleset once per position |
//! | `movegen/sets.rs` | a roll's legal moves found as sets of start houses, with shifts and masks |
//! | `movegen/write.rs` | the moves of the sets as [`Move`]s: the `n`-th, one start's, or a whole [`MoveList`] |
//! | `movegen/check.rs` | one piece's move of another kind, and why a named move is refused ([`Position::find_move`]) |
//! | `movegen/error.rs` | [`IllegalMove`], with the ruleset's own words for its rules |
//! | `legal.rs` | [`Moves`] and [`MovesByRoll`]: the one way to list, count, pick and play moves |
//! | `play.rs` | playing a move or a lost throw, and passing the turn |
//! | `moves.rs` | [`Move`] (four bytes) and [`MoveList`] (fixed capacity, no heap) |
//! | `perft.rs` | [`perft`] and [`divide`] |
//! | `notation/` | position strings and move text ([`notation`]) |
//! | `game.rs`, `game/` | [`Game`]: throws, moves, turns and history |
//! | `record.rs`, `record/`, `replay.rs` | [`Record`]s and their verified replay ([`Verdict`]) |
//! | `svg.rs`, `diagram.rs` | pictures of positions ([`svg`]) and the board as text ([`Position::diagram`]) |
//! | `bot/` | agents, evaluation, search and duels ([`bot`]) |
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod any_ruleset;
mod bitboard;
mod board;
pub mod bot;
mod diagram;
pub mod game;
mod house;
mod legal;
mod movegen;
mod moves;
pub mod notation;
pub mod odds;
mod perft;
mod play;
mod position;
pub mod record;
pub mod replay;
mod ruleset;
mod ruleset_enum;
pub mod rulesets;
pub mod source;
pub mod svg;
mod throw;

pub use any_ruleset::{AnyRuleset, UnknownRuleset};
pub use bitboard::Bitboard;
pub use board::Board;
pub use house::{House, Side, Target};
pub use legal::{Moves, MovesByRoll};
pub use movegen::IllegalMove;
pub use moves::{MAX_MOVES, Move, MoveList};
pub use notation::move_text::{MoveText, MoveTextError, ParseMoveError};
pub use notation::typed::TypedMoveError;
pub use perft::{divide, perft};
pub use position::{Position, PositionError};
pub use ruleset::{Contact, Direction, Outcome, Reach, Refusal, Ruleset, Steps};
pub use source::{ScriptedThrows, Seed, SeedError, SeededThrows, ThrowError, ThrowSource};
pub use throw::{Dice, Roll, RollSet, Throw};

/// The random-number traits [`Dice::throw`] takes a generator through,
/// re-exported so that a caller names the very version the crate uses. It
/// is part of the crate's contract: the only third-party item in its API
/// besides the optional `serde` traits.
pub use rand_core;
// Games, records and replay (issue 3): re-exports go below this line.
pub use game::{
    Ending, Finish, Game, GameError, GameView, ResumeError, Thrown, Turn, TurnError, UnknownEnding,
};
pub use record::{ParseRecordError, ReadRecordError, Record, RecordError};
pub use replay::{Checked, Place, Problem, ReplayError, Verdict};
#[cfg(feature = "serde")]
mod serde_impls;

// Bots (issue 6): re-exports go below this line.
