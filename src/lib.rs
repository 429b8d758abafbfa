#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod any_ruleset;
mod bitboard;
mod board;
pub mod bot;
mod game;
mod house;
mod move_set;
mod movegen;
mod moves;
pub mod notation;
mod perft;
mod position;
mod record;
mod replay;
mod ruleset;
pub mod rulesets;
mod source;
pub mod svg;
mod throw;

pub use any_ruleset::{AnyRuleset, UnknownRuleset};
pub use bitboard::Bitboard;
pub use board::Board;
pub use house::{House, Side, Target};
pub use move_set::MoveSet;
pub use movegen::{IllegalMove, LegalMoves};
pub use moves::{MAX_MOVES, Move, MoveList, MovesByRoll};
pub use notation::move_text::{MoveText, MoveTextError, ParseMoveError};
pub use perft::{divide, perft};
pub use position::{Position, PositionError};
pub use ruleset::{
    Contact, Outcome, Reach, Ruleset, Steps, first_home_wins, water_to_rebirth_or_below,
};
pub use source::{ScriptedThrows, Seed, SeedError, SeededThrows, ThrowError, ThrowSource};
pub use throw::{Dice, Roll, Throw};
// Games, records and replay (issue 3): re-exports go below this line.
pub use game::{Ending, Finish, Game, GameError, GameView, Thrown, Turn, TurnError, UnknownEnding};
pub use record::{ParseRecordError, ReadRecordError, Record, RecordError};
pub use replay::{Checked, Place, Problem, ReplayError, Verdict};
#[cfg(feature = "serde")]
mod serde_impls;

// Bots (issue 6): re-exports go below this line.
