//! Exact odds: solved endgames, for any ruleset.
//!
//! A [`Table`] holds, for every valid position with at most `k` pieces per
//! side on the track (the others borne off, or for a ruleset that captures,
//! borne off or captured in every proportion), x's exact share of the game
//! under best play by both sides: the chance that x wins, plus half the
//! chance of a draw. Extra throws, lost throws, swaps, backward moves and
//! the water are all part of it, because the table is built from the
//! ruleset's own moves ([`Position::moves_by_roll`]) and nothing else.
//!
//! [`Table::solve`] builds it by retrograde value iteration, fewest pieces
//! first; [`Table::probe`] reads a position's value and
//! [`Table::best_move`] picks the move of a roll whose result is worth the
//! most to the side that plays it. Tables are written to and read from a
//! small versioned file ([`Table::to_bytes`], [`Table::from_bytes`]) so
//! that a larger bound is solved once.
//!
//! # The table file
//!
//! Every number is little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 8 | the magic `SENETODS` |
//! | 4 | the format version, [`VERSION`] |
//! | 1 | the length `n` of the ruleset's name |
//! | `n` | the ruleset's name, ASCII |
//! | 4 | the ruleset's revision |
//! | 1 | `k`, the bound on pieces per side on the track |
//! | 1 | the ruleset's pieces per side |
//! | 8 | the number of slots |
//! | 4 per slot | the slot's value: x's share times [`ONE`], or [`HOLE`] for a slot that is no position |
//! | 8 | FNV-1a (64 bits) of every byte before it |
//!
//! The file holds no positions: the numbering of the slots gives them
//! back. Slots come layer by layer: for `t` from 0 to `2k` pieces on the
//! track, for x's `a` from 0 to `t` (both `a` and `b = t - a` at most
//! `k`), and in a ruleset that captures for each number borne off by x
//! and then by o, from 0 up. Within a layer slot `2 * board + side`
//! (`side` 0 for x to throw) holds a board numbered in up to three
//! blocks: first no marked piece, `rank(x) * C(30 - a, b) + rank(o)`,
//! where `rank(x)` numbers x's `a` houses among the 30 in the
//! combinatorial number system (colexicographic; houses 1..=30 as 0..=29)
//! and `rank(o)` numbers o's `b` houses among the `30 - a` that x leaves
//! free; then, in a ruleset that marks pieces, the boards with x's piece on
//! 15 marked (x's other houses among the 29 that are not 15), then with
//! o's (x's houses among the 29 that are not 15, o's others among the rest). A file that is truncated, altered (the checksum), of
//! another format version, or for another ruleset or revision is
//! refused with a [`TableError`].
//!
//! # Example
//!
//! ```
//! use senet_odds::Table;
//! use senet::rulesets::Kendall;
//! use senet::{Position, Roll};
//!
//! let table = Table::solve(Kendall, 1)?;
//! // One piece each: x on 29, o on 30, x to throw.
//! let position: Position<Kendall> = "............................xo x 4 4".parse().unwrap();
//! let share = table.probe(&position).unwrap();
//! assert!(share > 0.0 && share < 1.0);
//! // A piece on 29 leaves with a 2 only: x then wins, whatever o holds.
//! let two = Roll::new(2).unwrap();
//! assert_eq!(table.best_move(&position, two).map(|(_, share)| share), Some(1.0));
//! // With a 1 it has no move.
//! assert_eq!(table.best_move(&position, Roll::new(1).unwrap()), None);
//! # Ok::<(), senet_odds::SolveError>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub(crate) mod file;
mod index;
#[cfg(feature = "serde")]
mod serde_impls;
mod solve;

use std::ops::ControlFlow;

use thiserror::Error;

use index::Layout;
use senet::Move;
use senet::Position;
use senet::Roll;
use senet::Ruleset;
use senet::Side;

pub use file::{HOLE, MAGIC, ONE, TableError, VERSION};
pub use solve::TOLERANCE;

/// Every position of a ruleset with at most `k` pieces per side on the
/// track, each with its exact value under best play.
///
/// ```
/// use senet_odds::Table;
/// use senet::rulesets::Kendall;
/// use senet::Position;
///
/// let table = Table::solve(Kendall, 1)?;
/// assert_eq!(table.bound(), 1);
/// // The start has five pieces a side on the track: beyond the bound.
/// assert_eq!(table.probe(&Position::start(Kendall)), None);
/// # Ok::<(), senet_odds::SolveError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Table<R: Ruleset> {
    layout: Layout<R>,
    /// Per slot: x's share times [`ONE`], or [`HOLE`].
    values: Vec<u32>,
}

/// Why a table could not be solved.
///
/// ```
/// use senet_odds::{SolveError, Table};
/// use senet::rulesets::Kendall;
///
/// let err = Table::solve(Kendall, 6).unwrap_err();
/// assert_eq!(err, SolveError::Bound { k: 6, pieces: 5 });
/// assert!(err.to_string().contains("between 1 and 5"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum SolveError {
    /// The bound is 0 or more than the ruleset's pieces per side.
    #[error("the bound on pieces per side on the track must be between 1 and {pieces}, not {k}")]
    Bound {
        /// The bound asked for.
        k: u8,
        /// The ruleset's pieces per side.
        pieces: u8,
    },
    /// The ruleset takes turns away ([`Ruleset::loses_next_turn`]): a
    /// position then holds which side loses its next turn, which the
    /// slots of a table do not.
    #[error(
        "{ruleset} takes turns away (a move may cost its side the next turn): its tables would need the lost turns, which this solver does not hold"
    )]
    TakesTurns {
        /// The ruleset's name.
        ruleset: String,
    },
    /// The ruleset makes a side throw a roll before it moves
    /// ([`Ruleset::begins_with`]): a position then holds whether each
    /// side has begun, which the slots of a table do not.
    #[error(
        "{ruleset} makes a side throw a roll before it moves: its tables would need whether each side has begun, which this solver does not hold"
    )]
    MustBegin {
        /// The ruleset's name.
        ruleset: String,
    },
    /// Pieces of the ruleset enter from the hand ([`Ruleset::enters`]):
    /// a position then holds pieces neither on the board nor borne off,
    /// which the slots of a table do not.
    #[error(
        "{ruleset} enters pieces from the hand: its tables would need the pieces in hand, which this solver does not hold"
    )]
    EntersPieces {
        /// The ruleset's name.
        ruleset: String,
    },
    /// The ruleset banks its throws before moving
    /// ([`Ruleset::banks_throws`]): a position then holds a bank, which
    /// the slots of a table do not.
    #[error(
        "{ruleset} banks every throw of a turn before moving: its tables would need the rolls banked, which this solver does not hold"
    )]
    BanksThrows {
        /// The ruleset's name.
        ruleset: String,
    },
    /// The table would have more slots than a `u32` numbers.
    #[error("the table would have {slots} slots, more than this solver numbers (2^32 - 1)")]
    TooLarge {
        /// Its slots.
        slots: usize,
    },
    /// The memory for the values could not be had.
    #[error("the solver could not allocate the {bytes} bytes the table needs")]
    OutOfMemory {
        /// The bytes asked for.
        bytes: usize,
    },
    /// A board the ruleset found valid was found invalid when asked again:
    /// its hooks are not pure functions of their arguments.
    #[error(
        "slot {slot}: the ruleset answered the same question two ways (its hooks must be pure)"
    )]
    Impure {
        /// The slot of the board.
        slot: u64,
    },
    /// A move leads out of the table: the ruleset puts a piece back on
    /// the track, which the layering by pieces on the track cannot hold.
    #[error("the move from {from} to {to} leaves the table: a piece came back onto the track")]
    LeavesTable {
        /// The position moved from.
        from: String,
        /// The position reached.
        to: String,
    },
    /// The caller stopped the solve ([`Table::solve_until`]).
    #[error("the solve was stopped before its end")]
    Stopped,
}

/// Where the solver is, reported after each sweep.
///
/// ```
/// use senet_odds::Table;
/// use senet::rulesets::Kendall;
///
/// let mut seen = Vec::new();
/// Table::solve_with_progress(Kendall, 1, |progress| seen.push(*progress))?;
/// assert!(!seen.is_empty());
/// assert!(seen.iter().all(|p| p.layer < p.layers && p.sweep >= 1));
/// # Ok::<(), senet_odds::SolveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
#[non_exhaustive]
pub struct Progress {
    /// The layer being solved, from 0.
    pub layer: usize,
    /// How many layers there are.
    pub layers: usize,
    /// Its pieces on the track, x's and o's.
    pub on: [u8; 2],
    /// The sweep just done, from 1.
    pub sweep: usize,
    /// The largest change of a value in that sweep.
    pub change: f64,
}

/// How one layer was solved.
///
/// ```
/// use senet_odds::Table;
/// use senet::rulesets::Kendall;
///
/// let (table, layers) = Table::solve_with_progress(Kendall, 1, |_| {})?;
/// // Every position of the table is in exactly one layer.
/// let positions: usize = layers.iter().map(|layer| layer.positions).sum();
/// assert_eq!(positions, table.len());
/// assert!(layers.iter().all(|layer| layer.open <= layer.positions));
/// # Ok::<(), senet_odds::SolveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
#[non_exhaustive]
pub struct LayerReport {
    /// Pieces on the track, x's and o's.
    pub on: [u8; 2],
    /// Pieces borne off, x's and o's.
    pub off: [u8; 2],
    /// Valid positions in the layer.
    pub positions: usize,
    /// Of those, the positions whose game is not over.
    pub open: usize,
    /// Sweeps until no value changed by more than [`TOLERANCE`].
    pub sweeps: usize,
    /// Seconds the layer took.
    pub seconds: f64,
}

impl<R: Ruleset> Table<R> {
    /// Solves every position of `ruleset` with at most `k` pieces per
    /// side on the track. Takes seconds for `k` = 2; see
    /// [`solve_with_progress`](Self::solve_with_progress) for larger bounds.
    ///
    /// # Errors
    ///
    /// [`SolveError`] for a bound out of range, a table too large for
    /// memory, or a ruleset that puts pieces back on the track.
    ///
    /// ```
    /// use senet_odds::Table;
    /// use senet::rulesets::Kendall;
    ///
    /// let table = Table::solve(Kendall, 1)?;
    /// assert!(!table.is_empty());
    /// assert!(Table::solve(Kendall, 0).is_err());
    /// # Ok::<(), senet_odds::SolveError>(())
    /// ```
    pub fn solve(ruleset: R, k: u8) -> Result<Table<R>, SolveError> {
        Self::solve_with_progress(ruleset, k, |_| {}).map(|(table, _)| table)
    }

    /// [`solve`](Self::solve), calling `progress` after every sweep, and
    /// returning how each layer went.
    ///
    /// # Errors
    ///
    /// As [`solve`](Self::solve).
    ///
    /// ```
    /// use senet_odds::Table;
    /// use senet::rulesets::Kendall;
    ///
    /// let mut sweeps = 0;
    /// let (table, layers) = Table::solve_with_progress(Kendall, 1, |_| sweeps += 1)?;
    /// assert_eq!(sweeps, layers.iter().map(|layer| layer.sweeps).sum::<usize>());
    /// assert_eq!(table.bound(), 1);
    /// # Ok::<(), senet_odds::SolveError>(())
    /// ```
    pub fn solve_with_progress(
        ruleset: R,
        k: u8,
        mut progress: impl FnMut(&Progress),
    ) -> Result<(Table<R>, Vec<LayerReport>), SolveError> {
        let layout = layout(ruleset, k)?;
        let mut progress = |p: &Progress| {
            progress(p);
            ControlFlow::Continue(())
        };
        let (values, reports) = solve::solve(&layout, ruleset, &mut progress)?;
        let values = values.into_iter().map(quantize).collect();
        Ok((Table { layout, values }, reports))
    }

    /// [`solve_with_progress`](Self::solve_with_progress), stopped when
    /// `progress` answers [`ControlFlow::Break`] after a sweep: the way
    /// to give up a long solve (a person's Ctrl-C, a deadline).
    ///
    /// # Errors
    ///
    /// As [`solve`](Self::solve), and [`SolveError::Stopped`] when
    /// `progress` stopped it.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use senet_odds::{SolveError, Table};
    /// use senet::rulesets::Kendall;
    ///
    /// let stopped = Table::solve_until(Kendall, 2, |_| ControlFlow::Break(()));
    /// assert_eq!(stopped.err(), Some(SolveError::Stopped));
    /// let (table, _) = Table::solve_until(Kendall, 1, |_| ControlFlow::Continue(()))?;
    /// assert_eq!(table.bound(), 1);
    /// # Ok::<(), SolveError>(())
    /// ```
    pub fn solve_until(
        ruleset: R,
        k: u8,
        mut progress: impl FnMut(&Progress) -> ControlFlow<()>,
    ) -> Result<(Table<R>, Vec<LayerReport>), SolveError> {
        let layout = layout(ruleset, k)?;
        let (values, reports) = solve::solve(&layout, ruleset, &mut progress)?;
        let values = values.into_iter().map(quantize).collect();
        Ok((Table { layout, values }, reports))
    }

    /// The slots of a table of `ruleset` with at most `k` pieces per side
    /// on the track (positions and holes, [`HOLE`]): what its memory grows
    /// with, known before it is solved or read. Solving holds 8 bytes per
    /// slot while it works and 4 in the table; the file has 4 per slot.
    /// `None` for a bound out of range or a count past `usize`.
    ///
    /// ```
    /// use senet_odds::Table;
    /// use senet::rulesets::{Bell, Kendall};
    ///
    /// let slots = Table::slots(Kendall, 1).unwrap();
    /// let table = Table::solve(Kendall, 1)?;
    /// assert_eq!(table.to_bytes().len(), 34 + 4 * slots + 8);
    /// assert!(Table::slots(Kendall, 0).is_none());
    /// // Bell's bound 3: more than a billion slots, gigabytes to solve.
    /// assert!(Table::slots(Bell, 3).unwrap() > 1_000_000_000);
    /// # Ok::<(), senet_odds::SolveError>(())
    /// ```
    pub fn slots(ruleset: R, k: u8) -> Option<usize> {
        if k == 0 || k > ruleset.pieces_per_side() {
            return None;
        }
        Layout::new(ruleset, k).map(|layout| layout.len())
    }

    /// The ruleset the table was solved for.
    ///
    /// ```
    /// use senet_odds::Table;
    /// use senet::rulesets::Temple;
    ///
    /// let table = Table::solve(Temple, 1)?;
    /// assert_eq!(table.ruleset(), Temple);
    /// # Ok::<(), senet_odds::SolveError>(())
    /// ```
    pub fn ruleset(&self) -> R {
        self.layout.ruleset()
    }

    /// The bound: the most pieces per side on the track in a position of the table.
    ///
    /// ```
    /// use senet_odds::Table;
    /// use senet::rulesets::Kendall;
    /// use senet::Side;
    ///
    /// let table = Table::solve(Kendall, 1)?;
    /// assert_eq!(table.bound(), 1);
    /// // Five pieces a side, at most one on the track: four or five are off.
    /// assert!(table.iter().all(|(position, _)| position.board().off(Side::X) >= 4));
    /// # Ok::<(), senet_odds::SolveError>(())
    /// ```
    pub fn bound(&self) -> u8 {
        self.layout.k()
    }

    /// The number of positions the table holds.
    ///
    /// ```
    /// use senet_odds::Table;
    /// use senet::rulesets::Kendall;
    ///
    /// let table = Table::solve(Kendall, 1)?;
    /// assert_eq!(table.len(), table.iter().count());
    /// # Ok::<(), senet_odds::SolveError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.values.iter().filter(|&&v| v != HOLE).count()
    }

    /// Whether the table holds no position (never, for a solved table).
    ///
    /// ```
    /// use senet_odds::Table;
    /// use senet::rulesets::Kendall;
    ///
    /// assert!(!Table::solve(Kendall, 1)?.is_empty());
    /// # Ok::<(), senet_odds::SolveError>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// x's share of the game in `position` under best play (the chance
    /// that x wins, plus half the chance of a draw), exact to within
    /// 2^-32, or `None` when the table does not hold the position.
    ///
    /// ```
    /// use senet_odds::Table;
    /// use senet::rulesets::Kendall;
    /// use senet::Position;
    ///
    /// let table = Table::solve(Kendall, 1)?;
    /// // x on 26 bears off with a 5 and wins; o on 1 is far from home.
    /// let position: Position<Kendall> = "o........................x.... x 4 4".parse()?;
    /// assert!(table.probe(&position).unwrap() > 0.5);
    /// assert_eq!(table.probe(&Position::start(Kendall)), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn probe(&self, position: &Position<R>) -> Option<f64> {
        let slot = self.layout.index(position)?;
        let value = *self.values.get(slot)?;
        (value != HOLE).then(|| f64::from(value) / f64::from(ONE))
    }

    /// The legal move of `roll` that is worth the most to the side to
    /// throw, with x's share after it; `None` when the table does not hold
    /// the position or the roll has no move. Among equal values the first
    /// move in the order of [`Moves`](senet::Moves) is chosen.
    ///
    /// ```
    /// use senet_odds::Table;
    /// use senet::rulesets::Kendall;
    /// use senet::{Position, Roll};
    ///
    /// let table = Table::solve(Kendall, 1)?;
    /// let position: Position<Kendall> = "o........................x.... x 4 4".parse()?;
    /// let (mv, share) = table.best_move(&position, Roll::new(5).unwrap()).unwrap();
    /// assert_eq!(position.notation(mv).to_string(), "5: 26-off");
    /// assert_eq!(share, 1.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn best_move(&self, position: &Position<R>, roll: Roll) -> Option<(Move, f64)> {
        self.probe(position)?;
        let maximize = position.side_to_throw() == Side::X;
        let mut best: Option<(Move, f64)> = None;
        let moves = position.moves(roll);
        for mv in moves.iter() {
            let value = self.probe(&moves.play(mv).ok()?)?;
            let better = match best {
                None => true,
                Some((_, so_far)) if maximize => value > so_far,
                Some((_, so_far)) => value < so_far,
            };
            if better {
                best = Some((mv, value));
            }
        }
        best
    }

    /// Every position of the table with its value, in slot order.
    ///
    /// ```
    /// use senet_odds::Table;
    /// use senet::rulesets::Kendall;
    ///
    /// let table = Table::solve(Kendall, 1)?;
    /// for (position, share) in table.iter().take(100) {
    ///     assert_eq!(table.probe(&position), Some(share));
    /// }
    /// # Ok::<(), senet_odds::SolveError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Position<R>, f64)> + '_ {
        self.values.iter().enumerate().filter_map(|(slot, &value)| {
            if value == HOLE {
                return None;
            }
            let position = self.layout.position(slot)?;
            Some((position, f64::from(value) / f64::from(ONE)))
        })
    }

    /// The table as a file (see the module's format).
    ///
    /// ```
    /// use senet_odds::{MAGIC, Table};
    /// use senet::rulesets::Kendall;
    ///
    /// let bytes = Table::solve(Kendall, 1)?.to_bytes();
    /// assert_eq!(bytes[..8], MAGIC);
    /// # Ok::<(), senet_odds::SolveError>(())
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        file::to_bytes(self)
    }

    /// A table of `ruleset` from the bytes of a file.
    ///
    /// # Errors
    ///
    /// [`TableError`] for a file that is not a table, is truncated or
    /// altered, has an unknown format version, or was solved for another
    /// ruleset or revision; and [`TableError::Inconsistent`] for a table
    /// whose checksum matches but whose values do not fit their slots (a
    /// hole where a position is, a value where none is, a
    /// finished game not worth 0, ½ or 1 to x). Every slot is checked
    /// this way on load; whether the open positions' values are right is
    /// the Bellman equation's to say (`senet odds --verify`).
    ///
    /// ```
    /// use senet_odds::{Table, TableError};
    /// use senet::rulesets::{Kendall, Temple};
    ///
    /// let bytes = Table::solve(Kendall, 1)?.to_bytes();
    /// let table = Table::from_bytes(Kendall, &bytes)?;
    /// assert_eq!(table.to_bytes(), bytes);
    /// let err = Table::from_bytes(Temple, &bytes).unwrap_err();
    /// assert!(matches!(err, TableError::WrongRuleset { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_bytes(ruleset: R, bytes: &[u8]) -> Result<Table<R>, TableError> {
        file::from_bytes(ruleset, bytes)
    }

    /// A table of `ruleset` read from `reader` to its end.
    ///
    /// # Errors
    ///
    /// As [`from_bytes`](Self::from_bytes), and [`TableError::Io`] when reading fails.
    ///
    /// # Memory
    ///
    /// It reads the header first, then only the bytes the header's table
    /// needs (and one more, to refuse bytes after the end): a reader that
    /// never ends (`/dev/zero`, a pipe) is refused at its first bytes or
    /// at the size of a table the header announces and the ruleset allows,
    /// whatever it holds. That size is gigabytes for the largest bounds;
    /// a caller that wants a smaller limit bounds the reader too
    /// (`Read::take`), as `senet` does.
    ///
    /// ```
    /// use std::io::Read;
    /// use senet_odds::{Table, TableError};
    /// use senet::rulesets::Kendall;
    ///
    /// let bytes = Table::solve(Kendall, 1)?.to_bytes();
    /// // Any reader: a file, a socket, or here a slice.
    /// let table = Table::read_from(Kendall, &bytes[..])?;
    /// assert_eq!(table.bound(), 1);
    /// // Readers that never end are refused, not read to their end.
    /// let err = Table::read_from(Kendall, std::io::repeat(0)).unwrap_err();
    /// assert!(matches!(err, TableError::NotATable));
    /// let endless = bytes.chain(std::io::repeat(0));
    /// let err = Table::read_from(Kendall, endless).unwrap_err();
    /// assert!(matches!(err, TableError::TrailingBytes { extra: 1 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_from(ruleset: R, reader: impl std::io::Read) -> Result<Table<R>, TableError> {
        file::read_from(ruleset, reader)
    }
}

/// The layout of a table of `ruleset` bounded by `k`, once the ruleset
/// and the bound are ones this solver holds.
fn layout<R: Ruleset>(ruleset: R, k: u8) -> Result<Layout<R>, SolveError> {
    let pieces = ruleset.pieces_per_side();
    if k == 0 || k > pieces {
        return Err(SolveError::Bound { k, pieces });
    }
    if senet::rulesets::takes_turns(&ruleset) {
        return Err(SolveError::TakesTurns {
            ruleset: ruleset.name().to_owned(),
        });
    }
    if Side::BOTH
        .iter()
        .any(|&side| ruleset.begins_with(side).is_some())
    {
        return Err(SolveError::MustBegin {
            ruleset: ruleset.name().to_owned(),
        });
    }
    if senet::rulesets::enters_pieces(&ruleset) {
        return Err(SolveError::EntersPieces {
            ruleset: ruleset.name().to_owned(),
        });
    }
    if ruleset.banks_throws() {
        return Err(SolveError::BanksThrows {
            ruleset: ruleset.name().to_owned(),
        });
    }
    Layout::new(ruleset, k).ok_or(SolveError::TooLarge { slots: usize::MAX })
}

/// A share in [0, 1] as stored.
fn quantize(value: f64) -> u32 {
    if value.is_nan() {
        HOLE
    } else {
        (value.clamp(0.0, 1.0) * f64::from(ONE)).round() as u32
    }
}
