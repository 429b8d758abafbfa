//! Senet rulesets stated as data: the TOML rules files of the `senet`
//! crate.
//!
//! A rules file states a reconstruction key by key (the pieces and their
//! start, the implement, where each roll carries a piece, what blocks and
//! protects, the water, who throws again and who wins); the `senet`
//! crate's `docs/rulesets.md` documents every key, and the repository's
//! `rules/` holds a file for each built-in ruleset and for Piccione's.
//! [`read`] and [`from_toml`] turn one into a [`Rules`], which
//! plays like any other: `senet` checks the keys, derives the move
//! generator's tables once and keeps the ruleset under the SHA-256 of the
//! text, which the records of its games carry. This crate reads the TOML
//! ([`Toml`]) and says on which line a refused key is written.
//!
//! ```
//! use senet::{Game, Position, Seed, perft};
//!
//! // Kendall's moves, with three pieces a side.
//! let text = r#"
//! name = "kendall3"
//! revision = 1
//! pieces = 3
//! implement = "four_sticks"
//! start = { x = [2, 4, 6], o = [1, 3, 5] }
//!
//! [forward]
//! step = "1-25"
//! stop = 26
//! from.26 = { 1 = "water", 2 = 28, 3 = 29, 4 = 30, 5 = "off" }
//! from.28 = { 3 = "off" }
//! from.29 = { 2 = "off" }
//! from.30 = { 1 = "off" }
//!
//! [water]
//! house = 27
//! lands = ["15 or below"]
//!
//! [throw_again]
//! rolls = [1, 4, 5]
//! after_no_move = true
//! "#;
//! let path = std::env::temp_dir().join("senet-rules-file-front-page.toml");
//! std::fs::write(&path, text)?;
//! let kendall3 = senet_rules_file::read(&path)?;
//! // Checked when read, so it starts like a built-in ruleset.
//! let start = Position::start(kendall3);
//! assert_eq!(start.to_string(), "oxoxox........................ x 0 0");
//! assert_eq!(perft(&start, 3), 1_905);
//! // Its records carry the file's SHA-256: a replay needs this very file.
//! let record = Game::seeded(kendall3, Seed::from_u64(7)).record();
//! assert!(record.to_string().contains("[RulesFile \""));
//! assert!(record.verify_with(kendall3)?.is_valid());
//!
//! // A refusal names the key and the line it is written on.
//! let error = senet_rules_file::from_toml(&text.replace("pieces = 3", "pieces = 2"))
//!     .expect_err("a start of 3 pieces");
//! assert_eq!(error.to_string(), "line 6, `start.x`: 3 pieces, but `pieces` says 2");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod places;
mod syntax;

use std::io::Read as _;
use std::path::Path;

use senet::{Rules, RulesFileError};

pub use syntax::Toml;

/// Reads a ruleset from the text of a rules file.
///
/// ```
/// use senet::{Position, Roll};
///
/// let text = r#"
/// name = "short"
/// revision = 1
/// pieces = 3
/// implement = "four_sticks"
/// start = { x = [2, 4, 6], o = [1, 3, 5] }
/// forward = { step = "1-30" }
/// throw_again = { rolls = [1, 4, 5], after_no_move = true }
/// "#;
/// let short = senet_rules_file::from_toml(text)?;
/// let start = Position::start(short);
/// assert_eq!(start.to_string(), "oxoxox........................ x 0 0");
/// // A 1 moves each of x's pieces onto o's, and swaps them.
/// assert_eq!(start.moves(Roll::new(1).unwrap()).len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`RulesFileError::Invalid`] naming the key and line of the first
/// thing wrong: a malformed file, an unknown key, a value out of range,
/// keys that contradict each other (a move into water the file does not
/// have), or a start the rules themselves refuse.
pub fn from_toml(text: &str) -> Result<Rules, RulesFileError> {
    Rules::read(text, &Toml)
}

/// Reads a ruleset from a rules file.
///
/// # Errors
///
/// [`RulesFileError::Read`] when the file cannot be read (see
/// [`read_text`]), and those of [`from_toml`].
pub fn read(path: impl AsRef<Path>) -> Result<Rules, RulesFileError> {
    from_toml(&read_text(path)?)
}

/// The text of a rules file, read only when it is a regular file of at
/// most [`Rules::MAX_TEXT_BYTES`]: a folder, a FIFO (which would
/// wait for a writer for ever), a device (`/dev/zero` never ends) or a
/// file too large to be rules is refused before a byte of it is read.
///
/// ```
/// let error = senet_rules_file::read_text("/dev/zero").expect_err("a device");
/// assert_eq!(
///     error.to_string(),
///     "cannot read /dev/zero: it is not a regular file, as a rules file must be"
/// );
/// ```
///
/// # Errors
///
/// [`RulesFileError::Read`] naming the file: it is missing or cannot be
/// opened, it is not a regular file, it is larger than
/// [`Rules::MAX_TEXT_BYTES`], or it is not UTF-8.
pub fn read_text(path: impl AsRef<Path>) -> Result<String, RulesFileError> {
    let path = path.as_ref();
    let refused = |source: std::io::Error| RulesFileError::Read {
        path: path.to_owned(),
        source,
    };
    let not_a_file = || {
        refused(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "it is not a regular file, as a rules file must be",
        ))
    };
    // Looked at before it is opened: opening a FIFO waits for a writer.
    if !std::fs::metadata(path).map_err(refused)?.is_file() {
        return Err(not_a_file());
    }
    let file = std::fs::File::open(path).map_err(refused)?;
    if !file.metadata().map_err(refused)?.is_file() {
        return Err(not_a_file());
    }
    let limit = Rules::MAX_TEXT_BYTES as u64;
    let mut text = String::new();
    // Read one byte past the limit, so that a file grown since its size
    // was taken is refused too.
    file.take(limit + 1)
        .read_to_string(&mut text)
        .map_err(refused)?;
    if text.len() as u64 > limit {
        return Err(refused(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("it is larger than {limit} bytes (1 MiB), the most a rules file may be"),
        )));
    }
    Ok(text)
}

/// The README's code, compiled and run with the doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
