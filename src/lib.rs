//! The rules of Senet, the ancient Egyptian race game, under seven modern
//! reconstructions of its lost rules: exact move generation, position strings
//! and move notation, games whose every throw can be verified from a published
//! seed, records and their replay, perft, exact endgame odds and bots.
//!
//! Nobody knows how Senet was played: the boards survive, the rules do not.
//! Each reconstruction is a type implementing [`Ruleset`]; the module
//! [`rulesets`] states the rules of each, with its published source. Everything
//! else is written once over the trait, so a ruleset of your own gets all of
//! it.
//!
//! ```
//! use senet::{perft, Position, Roll, rulesets::Kendall};
//!
//! let start = Position::start(Kendall);
//! assert_eq!(start.to_string(), "oxoxoxoxox.................... x 0 0");
//!
//! // The legal moves of a roll, in the notation of the rules.
//! let moves = start.moves(Roll::new(2).unwrap());
//! let mv = moves.get(0).unwrap();
//! assert_eq!(start.notation(mv).to_string(), "2: 10-12");
//!
//! // Play it: the position after says who throws next (a 2 passes the turn).
//! let after = moves.play(mv)?;
//! assert_eq!(after.to_string(), "oxoxoxoxo..x.................. o 0 0");
//! assert_eq!(perft(&start, 2), 278);
//! # Ok::<(), senet::IllegalMove>(())
//! ```
//!
//! # Where to start
//!
//! - A position and its moves: [`Position`] (made from the start, a position
//!   string, or a [`Board`]), [`Position::moves`] for a roll's legal
//!   [`Moves`], [`Move`] and its notation ([`MoveText`]).
//! - A whole game: [`Game`] (see the [`game`] module), played from a
//!   [`Seed`] so that its [`Record`] can be verified by anyone.
//! - A ruleset chosen at run time: [`AnyRuleset`], or
//!   [`with_ruleset!`] to run generic code with the concrete type.
//! - An opponent: [`bot::Bot`] at levels 1 to 4.
//!
//! # Modules
//!
//! | module | what it holds |
//! |---|---|
//! | [`rulesets`] | the seven reconstructions, their rules in full, and the small rules they share |
//! | [`game`] | playing a game throw by throw; a game server in a few lines |
//! | [`effect`] | what a move did, house by house, and in a sentence ([`Effect`]) |
//! | [`source`] | where throws come from, and the fair-play contract: every throw a pure function of the seed |
//! | [`record`] | the text (and JSON) record of a game |
//! | [`replay`] | verifying a record against the rules and its seed |
//! | [`notation`] | position strings and move text, strict both ways |
//! | [`odds`] | exact values of endgames, solved by retrograde analysis, and their file |
//! | [`bot`] | agents, the four levels, the learned evaluation and its training, the feature evaluation's fit ([`bot::tune`]), duels |
//! | [`terminal`] | the conversation of a game against a bot over any text input and output |
//! | [`study`] | measuring a reconstruction by playing it: fairness, length, contacts, the weight of skill |
//! | [`svg`] | pictures of positions |
//!
//! The root holds the vocabulary every module uses: houses ([`House`],
//! [`Bitboard`]), throws ([`Dice`], [`Roll`], [`Throw`]), the [`Ruleset`]
//! trait and its answers, positions and moves, [`perft`], and [`playout`],
//! the random game played to its end that studies are made of.
//!
//! <details><summary>Inside the crate: one file per concern</summary>
//!
//! | file | what it holds |
//! |---|---|
//! | `house.rs`, `bitboard.rs` | the vocabulary: [`House`], [`Target`], [`Side`], and [`Bitboard`], a set of houses |
//! | `throw.rs`, `source.rs` | [`Roll`], [`Dice`], [`Throw`]; throw sources and the seeded fair-play contract ([`SeededThrows`]) |
//! | `ruleset.rs` | the [`Ruleset`] trait: every rule that differs between reconstructions, as hooks |
//! | `rulesets/` | the built-in reconstructions, one file each, and the small rules they share |
//! | `any_ruleset.rs` | [`AnyRuleset`], a built-in ruleset chosen at run time |
//! | `board.rs`, `position.rs` | [`Board`] and [`Position`]: validated construction and queries |
//! | `movegen/steps.rs` | `Steps`: the generator's per-roll tables, derived from the geometry hooks, private to the crate |
//! | `movegen/mod.rs` | the board as the generator sees it, asked of the ruleset once per position |
//! | `movegen/sets.rs` | a roll's legal moves found as sets of start houses, with shifts and masks |
//! | `movegen/write.rs` | the moves of the sets as [`Move`]s: the `n`-th, one start's, or a whole [`MoveList`] |
//! | `movegen/check.rs` | one piece's move of another kind, and why a named move is refused ([`Position::find_move`]) |
//! | `movegen/error.rs` | [`IllegalMove`], with the ruleset's own words for its rules |
//! | `legal.rs` | [`Moves`] and [`MovesByRoll`]: the one way to list, count, pick and play moves |
//! | `play.rs` | playing a move or a lost throw, and passing the turn |
//! | `effect.rs` | what a move did ([`Effect`]), read from the move, the hooks and the board |
//! | `moves.rs` | [`Move`] (four bytes) and [`MoveList`] (fixed capacity, no heap) |
//! | `perft.rs` | [`perft`] and [`divide`] |
//! | `playout.rs` | [`playout`]: a game played on to its end, at random or by a driver |
//! | `notation/` | position strings and move text |
//! | `game.rs`, `game/` | [`Game`]: throws, moves, turns and history |
//! | `record.rs`, `record/`, `replay.rs` | [`Record`]s and their verified replay ([`Verdict`]) |
//! | `svg.rs`, `diagram.rs` | pictures of positions, the board as text ([`Position::diagram`]) and a game as text ([`GameView::diagram`]) |
//! | `bot/` | agents, evaluation, search and duels |
//! | `terminal/` | the terminal game's conversation: answers, words, the session |
//! | `study.rs` | measurements of a reconstruction by self-play |
//!
//! </details>
//!
//! # Features
//!
//! - `serde`: serde forms of every public data type, each checked as it is
//!   read (a position string must be valid for its ruleset, and so on).
//! - `os-seed`: `Seed::random`, a fresh seed from the operating system's
//!   random source.
//!
//! # More
//!
//! The package's `docs/` holds the rules as one text (`rules.md`), every
//! example's command line (`examples.md`), how the bots were made and
//! measured (`bots.md`), which reconstruction is fair, long or skill-driven
//! (`study.md`), the endgame tables (`solving.md`), the speed figures with
//! their commands and dates (`performance.md`), and the hostile-input tests
//! and fuzzing (`robustness.md`). `CHANGELOG.md` lists every public change.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod any_ruleset;
mod bitboard;
mod board;
mod contract;
mod diagram;
pub mod effect;
pub mod game;
mod house;
mod legal;
mod movegen;
mod moves;
pub mod notation;
mod perft;
mod play;
mod playout;
mod position;
pub mod quote;
pub mod record;
pub mod replay;
mod ruleset;
mod ruleset_enum;
pub mod rulesets;
mod setup;
pub mod source;
pub mod svg;
mod throw;

pub use any_ruleset::{AnyRuleset, UnknownRuleset};
pub use bitboard::Bitboard;
pub use board::Board;
pub use contract::{Hook, HookError};
pub use effect::Effect;
pub use game::{
    Ending, Finish, Game, GameError, GameView, ResumeError, Thrown, Turn, TurnError, UnknownEnding,
};
pub use house::{House, Side, Target};
pub use legal::{Moves, MovesByRoll};
pub use movegen::IllegalMove;
pub use moves::{MAX_MOVES, Move, MoveList};
pub use notation::move_text::{MoveText, MoveTextError, ParseMoveError};
pub use notation::typed::TypedMoveError;
pub use perft::{divide, perft};
pub use playout::{Playout, PlayoutDriver, playout, playout_with};
pub use position::{Position, PositionError};
pub use record::{ParseRecordError, ReadRecordError, Record, RecordError};
pub use replay::{Checked, Place, Problem, ReplayError, Verdict};
pub use ruleset::{Contact, Direction, Outcome, Reach, Refusal, Ruleset};
pub use setup::Setup;
pub use source::{ScriptedThrows, Seed, SeedError, SeededThrows, ThrowError, ThrowSource};
pub use throw::{Dice, Roll, RollSet, Throw};

/// The random-number traits [`Dice::throw`] takes a generator through,
/// re-exported so that a caller names the very version the crate uses. It
/// is part of the crate's contract: the only third-party item in its API
/// besides the optional `serde` traits.
pub use rand_core;

#[cfg(feature = "serde")]
mod serde_impls;

/// What the crate's exported macros name and nothing else may: the move
/// generator's tables, which only the crate derives.
#[doc(hidden)]
pub mod __private {
    pub use crate::movegen::steps::Steps;

    /// Proof that a call to the generator's tables comes from the crate:
    /// it cannot be made anywhere else.
    #[derive(Clone, Copy, Debug)]
    pub struct Token(pub(crate) ());

    /// Which built-in ruleset a ruleset is (`Ruleset::__built_in`): made
    /// only by the crate, from the ruleset's type.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Identity(pub(crate) crate::AnyRuleset);
}

/// The README's code, compiled and run with the doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
