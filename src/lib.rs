//! The rules of Senet, the ancient Egyptian race game, under seven modern
//! reconstructions of its lost rules: exact move generation, position strings
//! and move notation, games whose every throw can be verified from a published
//! seed, records and their replay, perft.
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
//! # Ok::<(), senet::IllegalMoveError>(())
//! ```
//!
//! # Where to start
//!
//! - A position and its moves: [`Position`] (made from the start, a position
//!   string, or a [`Setup`] of its parts), [`Position::moves`] for a roll's
//!   legal [`Moves`], [`Move`] and its notation ([`MoveText`]).
//! - A whole game: [`Game`] (see the [`game`] module), played from a
//!   [`Seed`] so that its [`Record`] can be verified by anyone.
//! - A ruleset chosen at run time: [`AnyRuleset`], or
//!   [`with_ruleset!`] to run generic code with the concrete type.
//!
//! The layers built on this crate are crates of their own: `senet-view`
//! (what people look at: pictures of positions, the board and a game as
//! text, what a move did and what a throw is in words, a game commented
//! throw by throw), `senet-odds` (exact endgame tables), `senet-bot`
//! (opponents at five levels, the learned evaluation, duels, the study of
//! the reconstructions) and `senet-cli` (the `senet` command). This crate
//! holds only what the rules need.
//!
//! # The root and the modules
//!
//! The root holds the vocabulary and the main types: houses and sides
//! ([`House`], [`Side`], [`Bitboard`], [`Board`]), throws ([`Dice`],
//! [`Roll`], [`Throw`], [`Seed`], [`Commitment`]), rulesets ([`Ruleset`], [`AnyRuleset`],
//! [`Outcome`]), positions ([`Position`], [`Setup`]), moves ([`Move`],
//! [`Moves`], [`MoveList`], [`MoveText`]), games and records ([`Game`],
//! [`Record`]), each with its error, and [`perft`]. The rest is in modules:
//!
//! | module | what it holds |
//! |---|---|
//! | [`rulesets`] | the seven reconstructions, their rules in full, the small rules they share, and what a ruleset's hooks answer |
//! | [`moves`] | moves and the sets of legal moves, where a move goes, why a move is refused, perft by first move |
//! | [`game`] | playing a game throw by throw; a game server in a few lines |
//! | [`effect`] | what a move did, house by house |
//! | [`source`] | where throws come from, and the fair-play contract: every throw a pure function of the seed |
//! | [`record`] | the text (and JSON) record of a game |
//! | [`replay`] | verifying a record against the rules and its seed |
//! | [`notation`] | position strings and move text, strict both ways, a lenient reader for people, and how errors quote input |
//! | [`playout`] | a game played on to its end, at random or by a driver: what studies are made of |
//!
//! <details><summary>Inside the crate: one file per concern</summary>
//!
//! | file | what it holds |
//! |---|---|
//! | `house.rs`, `bitboard.rs` | the vocabulary: [`House`], [`moves::Target`], [`Side`], and [`Bitboard`], a set of houses |
//! | `throw.rs`, `source.rs` | [`Roll`], [`Dice`], [`Throw`]; throw sources and the seeded fair-play contract ([`source::SeededThrows`]) |
//! | `ruleset/` | the ruleset machinery: the [`Ruleset`] trait and its vocabulary (`mod.rs`), the one list of its hooks every holder forwards (`hook_list.rs`), what shared code checks of the hooks (`contract.rs`), which built-in ruleset a value is (`identity.rs`), the one checked ruleset type [`Rules`] and the bound of the entry points that need no check (`rules.rs`), what a `Rules` holds for a ruleset of your own (`compiled.rs`) and for a rules file (`described.rs`, `described/`), and the forwarding of every hook from [`AnyRuleset`] (`forward.rs`) |
//! | `rulesets/` | the catalogue: the built-in reconstructions, one file each, their one list, the small rules they share, and [`AnyRuleset`], a built-in ruleset chosen at run time |
//! | `board.rs`, `position.rs`, `setup.rs` | [`Board`], [`Position`] and [`Setup`]: validated construction and queries |
//! | `movegen/steps.rs` | `Steps`: the generator's per-roll tables, derived from the geometry hooks, private to the crate |
//! | `movegen/mod.rs` | the board as the generator sees it, asked of the ruleset once per position |
//! | `movegen/sets.rs` | a roll's legal moves found as sets of start houses, with shifts and masks |
//! | `movegen/write.rs` | the moves of the sets as [`Move`]s: the `n`-th, one start's, or a whole [`MoveList`] |
//! | `movegen/check.rs` | one piece's move of another kind, and why a named move is refused ([`Position::find_move`]) |
//! | `movegen/error.rs` | [`IllegalMoveError`], with the ruleset's own words for its rules |
//! | `legal.rs` | [`Moves`] and [`moves::MovesByRoll`]: the one way to list, count, pick and play moves |
//! | `play.rs` | playing a move or a lost throw, and passing the turn |
//! | `effect.rs` | what a move did ([`effect::Effect`]), read from the move, the hooks and the board |
//! | `mv.rs` | [`Move`] (four bytes) and [`MoveList`] (fixed capacity, no heap) |
//! | `perft.rs` | [`perft`] and [`moves::divide`] |
//! | `playout.rs` | [`playout::playout`]: a game played on to its end, at random or by a driver |
//! | `notation/` | position strings, move text, typed moves, and short quotations of input for errors |
//! | `game.rs`, `game/` | [`Game`]: throws, moves, turns and history |
//! | `record.rs`, `record/`, `replay.rs` | [`Record`]s and their verified replay ([`replay::Verdict`]) |
//!
//! </details>
//!
//! # Features
//!
//! - `serde`: serde forms of every public data type, each checked as it is
//!   read (a position string must be valid for its ruleset, and so on).
//! - `os-seed`: `Seed::random`, a fresh seed from the operating system's
//!   random source.
//! - `commit`: `Seed::commitment` and `Commitment::verifies`, a seed's
//!   SHA-256 published before a game; records whose `Commitment` tag does
//!   not match their seed are refused (without the feature the tag is kept
//!   but not checked).
//! - `rules-file`: `Rules::read`, a ruleset read from the text of a rules
//!   file, whatever its syntax (`RulesFormat`); the `senet-rules-file`
//!   crate reads the TOML files of the repository's `rules/`.
//!
//! # More
//!
//! The package's `docs/` holds the rules as one text (`rules.md`), a
//! ruleset of your own and the rules-file keys (`rulesets.md`), the
//! `senet` command's reference (`examples.md`), the game server
//! (`server.md`) and the endgame tables (`solving.md`). The repository
//! keeps the measurements beside them: speed, the bots, the study of the
//! reconstructions, robustness. `CHANGELOG.md` lists every public change.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod bank;
mod bitboard;
mod board;
pub mod effect;
pub mod game;
mod house;
mod legal;
mod movegen;
mod mv;
pub mod notation;
mod owed;
mod perft;
mod play;
pub mod playout;
mod position;
pub mod record;
pub mod replay;
mod ruleset;
pub mod rulesets;
mod setup;
pub mod source;
mod throw;

pub use bank::Bank;
pub use bitboard::Bitboard;
pub use board::Board;
pub use game::{Game, GameError};
pub use house::{House, Side};
pub use legal::Moves;
pub use movegen::IllegalMoveError;
pub use mv::{Move, MoveList};
pub use notation::move_text::{MoveText, MoveTextError};
pub use perft::perft;
pub use position::{Position, PositionError};
pub use record::{Record, RecordError};
#[cfg(feature = "rules-file")]
use ruleset::described::Described;
#[cfg(feature = "rules-file")]
pub use ruleset::described::{RulesFileError, RulesFormat, RulesSchema};
pub use ruleset::rules::Rules;
pub use ruleset::{Outcome, Ruleset};
pub use rulesets::AnyRuleset;
pub use setup::Setup;
pub use source::{Commitment, Seed};
pub use throw::{Dice, Roll, Throw};

pub mod moves {
    //! Moves: [`Move`], one legal play of one piece; [`MoveList`], the
    //! fixed-capacity list of them; [`Moves`] and [`MovesByRoll`], the legal
    //! moves of a position as sets; where a move goes ([`Target`]); why a move
    //! is refused ([`IllegalMoveError`]); why a number is no house
    //! ([`HouseError`]); and [`divide`], perft by first move.
    //! The main ones are also at the crate root.

    pub use crate::house::{HouseError, Target};
    pub use crate::legal::{Moves, MovesByRoll};
    pub use crate::movegen::IllegalMoveError;
    pub use crate::mv::{MAX_MOVES, Move, MoveList};
    pub use crate::perft::divide;
}

#[cfg(feature = "serde")]
mod serde_impls;

/// serde, as the exported [`object_only!`] names it from the crates that
/// call it.
#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde as __serde;

/// `docs/rulesets.md`'s code, compiled and run with the doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/rulesets.md")]
pub struct RulesetsDoctests;

/// The README's code, compiled and run with the doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
