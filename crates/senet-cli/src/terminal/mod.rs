//! A game against a bot as a conversation: the board, the throws and the
//! moves written as text, the player's answers read line by line.
//!
//! The `play` example is this module on standard input and output; a chat
//! front end or a test drives it the same way over any [`BufRead`] and
//! [`Write`](std::io::Write), which is why none of it touches a terminal,
//! a file or the process. A [`Session`] plays one game from its
//! [`Options`] and says how it [`Ended`], or why it [`Stop`]ped.
//!
//! The player answers `your move>` with a move as
//! [`Game::play_typed`](senet::Game::play_typed) reads it: its start house
//! (`10`, the piece on 10, as the list of moves shows it), its houses
//! (`10-12`, `26-off`) or its notation (`2: 10-12`); or with `hint`,
//! `board`, `help` or `resign` ([`Answer`]). A bad answer,
//! a line that is not UTF-8 or one longer than 1,024 bytes is explained,
//! with what can be typed, and asked again
//! ([`BadAnswer`]); the end of input resigns.
//!
//! ```
//! use std::io::Cursor;
//! use senet_bot::Level;
//! use senet::rulesets::Kendall;
//! use senet_cli::terminal::{Options, Session};
//! use senet::{Seed, Side};
//!
//! let options = Options::new(Level::new(1).unwrap(), Seed::from_u64(7));
//! let mut output = Vec::new();
//! let ended = Session::new(Kendall, options).play(&mut Cursor::new("hint\nresign\n"), &mut output)?;
//! let text = String::from_utf8(output).unwrap();
//! assert!(text.contains("ranks your moves"));
//! assert_eq!(ended.winner(), Some(Side::O));
//! # Ok::<(), senet_cli::terminal::Stop>(())
//! ```
//!
//! [`BufRead`]: std::io::BufRead

use std::io;

use thiserror::Error;

use senet::game::Finish;
use senet::{Outcome, Seed, Side};
use senet_bot::Level;

/// Writes to the output; a failure stops the session ([`Stop::Output`]).
macro_rules! say {
    ($out:expr, $($arg:tt)*) => {
        write!($out, $($arg)*).map_err($crate::terminal::Stop::Output)?
    };
}

/// Writes a line to the output; a failure stops the session ([`Stop::Output`]).
macro_rules! sayln {
    ($out:expr) => {
        writeln!($out).map_err($crate::terminal::Stop::Output)?
    };
    ($out:expr, $($arg:tt)*) => {
        writeln!($out, $($arg)*).map_err($crate::terminal::Stop::Output)?
    };
}

mod answer;
mod session;
#[cfg(test)]
mod tests;
mod words;

pub use answer::{Answer, BadAnswer};
pub use session::Session;

/// The choices of one game: who plays what, against which bot, with which
/// throws. Built with [`Options::new`] so that new choices can come with
/// defaults.
///
/// ```
/// use senet_bot::Level;
/// use senet_cli::terminal::Options;
/// use senet::{Seed, Side};
///
/// let options = Options::new(Level::new(2).unwrap(), Seed::from_u64(42))
///     .playing(Side::O)
///     .with_seed_label("42 (play again with --seed 42)");
/// assert_eq!(options.human, Side::O);
/// assert_eq!(options.seed_label.as_deref(), Some("42 (play again with --seed 42)"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The bot's level.
    pub level: Level,
    /// The seed of the throws (secret until the end: it tells the throws to come).
    pub seed: Seed,
    /// The side the player plays (`x`, who throws first, by default).
    pub human: Side,
    /// How the last line names the seed, so that the game can be played
    /// again (a front end knows how it takes seeds); the seed's hex when
    /// `None`.
    pub seed_label: Option<String>,
}

impl Options {
    /// A game against the bot of `level`, with the throws of `seed`, the
    /// player on `x`.
    ///
    /// ```
    /// use senet_bot::Level;
    /// use senet_cli::terminal::Options;
    /// use senet::{Seed, Side};
    ///
    /// let options = Options::new(Level::new(3).unwrap(), Seed::from_u64(7));
    /// assert_eq!((options.human, options.seed_label), (Side::X, None));
    /// assert_eq!(options.level, Level::new(3).unwrap());
    /// ```
    pub fn new(level: Level, seed: Seed) -> Options {
        Options {
            level,
            seed,
            human: Side::X,
            seed_label: None,
        }
    }

    /// The same, the player on `side`.
    ///
    /// ```
    /// use senet_bot::Level;
    /// use senet_cli::terminal::Options;
    /// use senet::{Seed, Side};
    ///
    /// let options = Options::new(Level::new(1).unwrap(), Seed::from_u64(7)).playing(Side::O);
    /// assert_eq!(options.human, Side::O);
    /// ```
    #[must_use]
    pub fn playing(self, side: Side) -> Options {
        Options {
            human: side,
            ..self
        }
    }

    /// The same, the seed named `label` at the end (`seed: LABEL`).
    ///
    /// ```
    /// use std::io::Cursor;
    /// use senet_bot::Level;
    /// use senet::rulesets::Kendall;
    /// use senet_cli::terminal::{Options, Session};
    ///
    /// let options = Options::new(Level::new(1).unwrap(), senet::Seed::from_u64(7))
    ///     .with_seed_label("7, with --seed 7");
    /// let mut output = Vec::new();
    /// Session::new(Kendall, options).play(&mut Cursor::new("resign\n"), &mut output)?;
    /// assert!(String::from_utf8(output).unwrap().ends_with("seed: 7, with --seed 7\n"));
    /// # Ok::<(), senet_cli::terminal::Stop>(())
    /// ```
    #[must_use]
    pub fn with_seed_label(self, label: impl Into<String>) -> Options {
        Options {
            seed_label: Some(label.into()),
            ..self
        }
    }
}

/// How a game ended: what a caller keeps once the conversation is over
/// (to save the record, draw the final position, keep a score).
///
/// ```
/// use std::io::Cursor;
/// use senet_bot::Level;
/// use senet::rulesets::Temple;
/// use senet_cli::terminal::{Options, Session};
/// use senet::{Record, Side};
/// use senet::game::Finish;
///
/// let options = Options::new(Level::new(1).unwrap(), senet::Seed::from_u64(7));
/// let ended = Session::new(Temple, options).play(&mut Cursor::new(""), &mut Vec::new())?;
/// // The end of input resigns; the record still replays.
/// assert_eq!(ended.finish, Some(Finish::Resignation { winner: Side::O }));
/// assert!(ended.record.parse::<Record>().unwrap().verify().is_ok());
/// # Ok::<(), senet_cli::terminal::Stop>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Ended {
    /// The finish (by the rules or by resignation); `None` when the game
    /// could not go on (said in the output).
    pub finish: Option<Finish>,
    /// The game's record as text, the sides named `you` and the bot.
    pub record: String,
}

impl Ended {
    /// The winner, if the game has one (a draw or a stopped game has none).
    ///
    /// ```
    /// use std::io::Cursor;
    /// use senet_bot::Level;
    /// use senet::rulesets::Kendall;
    /// use senet_cli::terminal::{Options, Session};
    /// use senet::{Seed, Side};
    ///
    /// let options = Options::new(Level::new(1).unwrap(), Seed::from_u64(7)).playing(Side::O);
    /// let session = Session::new(Kendall, options);
    /// let ended = session.play(&mut Cursor::new("resign\n"), &mut Vec::new())?;
    /// assert_eq!(ended.winner(), Some(Side::X)); // the player, on o, resigned
    /// # Ok::<(), senet_cli::terminal::Stop>(())
    /// ```
    #[cfg_attr(not(test), allow(dead_code))] // the tests and other front ends ask
    pub fn winner(&self) -> Option<Side> {
        match self.finish?.outcome() {
            Outcome::Win(winner) => Some(winner),
            Outcome::Draw => None,
        }
    }
}

/// Why a session stopped before the game's end: the conversation's
/// channels failed, and the two call for different handling (a closed
/// output is usually a quiet end; an input that fails abandons the game).
///
/// ```
/// use std::io::{self, Cursor, Write};
/// use senet_bot::Level;
/// use senet::rulesets::Kendall;
/// use senet_cli::terminal::{Options, Session, Stop};
///
/// struct Closed;
/// impl Write for Closed {
///     fn write(&mut self, _: &[u8]) -> io::Result<usize> {
///         Err(io::ErrorKind::BrokenPipe.into())
///     }
///     fn flush(&mut self) -> io::Result<()> {
///         Ok(())
///     }
/// }
///
/// let options = Options::new(Level::new(1).unwrap(), senet::Seed::from_u64(7));
/// let stop = Session::new(Kendall, options).play(&mut Cursor::new("1\n"), &mut Closed);
/// assert!(matches!(stop, Err(Stop::Output(_))));
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum Stop {
    /// Writing to the output failed (it was closed).
    #[error("cannot write the game: {0}")]
    Output(#[source] io::Error),
    /// Reading the answers failed; the game is abandoned.
    #[error("cannot read the answers: {0}")]
    Input(#[source] io::Error),
}
