//! Senet for people to look at, over the rules of the `senet` crate:
//! pictures of positions, the board and a game as text, and a game in
//! words. The rules crate holds the rules, positions, notation, games,
//! records and verified replay; what a person reads or sees of them is
//! here, for any ruleset (a ruleset of your own included).
//!
//! ```
//! use senet::{Position, Roll, rulesets::Kendall};
//! use senet_view::{diagram, svg, words};
//!
//! let start = Position::start(Kendall);
//! // The board as text, and as a picture.
//! assert!(diagram::position(&start).contains("borne off: x 0, o 0; x to throw."));
//! assert!(svg::position(&start, None).starts_with("<svg"));
//! // What a move did, in a sentence.
//! let mv = start.moves(Roll::new(2).unwrap()).get(0).unwrap();
//! assert_eq!(words::effect(&start.effect(mv)?), "x moves from 10 to 12.");
//! # Ok::<(), senet::IllegalMoveError>(())
//! ```
//!
//! | module | what it holds |
//! |---|---|
//! | [`diagram`] | the board as text: a position's, or a game's with the throw it waits for |
//! | [`svg`] | pictures of positions, as SVG documents |
//! | [`words`] | what a move did and what a throw is, in plain English |
//! | [`commentary`] | a whole game in words: its legend, one line per throw, the boards, the outcome |
//!
//! Nothing here changes a game or judges a move: every fact comes from
//! `senet`'s public API, so what is drawn is what the rules say.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod commentary;
pub mod diagram;
pub mod svg;
pub mod words;

/// The README's code, compiled and run with the doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
