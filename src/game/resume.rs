//! A saved game taken up again: a record becomes the game it was made from.

use thiserror::Error;

use crate::game::{Finish, Game, GameError};
use crate::position::{Position, PositionError};
use crate::record::Record;
use crate::replay::ReplayError;
use crate::ruleset::Ruleset;
use crate::source::SeededThrows;

/// Why a record cannot be taken up again as a game.
///
/// ```
/// use senet::{Game, Record, rulesets::Kendall};
/// use senet::game::ResumeError;
///
/// // A record made by hand has no seed: its game cannot throw on.
/// let record = Record::new(Kendall);
/// assert_eq!(Game::resume(&record, Kendall).unwrap_err(), ResumeError::NoSeed);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum ResumeError {
    /// The record has no seed: a game taken up from it could not throw on
    /// as the original would have.
    #[error("the record has no seed, so the game cannot throw on as it would have")]
    NoSeed,
    /// The record does not replay: a roll is not the seed's, a move is
    /// not legal, or its header or ending is wrong.
    #[error("the record does not replay: {0}")]
    Replay(#[from] ReplayError),
    /// The record's start position is not valid for the ruleset.
    #[error("the record's start position is not valid: {0}")]
    Start(#[from] PositionError),
    /// Replaying the verified record in a game failed (a fault of the
    /// crate, reported rather than hidden).
    #[error("throw {number} of the record could not be played again: {error}")]
    Diverged {
        /// The 1-based number of the throw.
        number: usize,
        /// What the game said.
        error: GameError,
    },
}

impl<R: Ruleset> Game<R, SeededThrows> {
    /// The game `record` was made from, taken up again under `ruleset`:
    /// the save and resume of a server.
    ///
    /// The record is verified first (every roll must be its seed's and
    /// every move legal), then played again from the seed's stream, so the
    /// resumed game throws on exactly as the original would have: its next
    /// throw is the original's next throw. A throw the original had
    /// thrown but not yet played is not in the record, and the resumed
    /// game throws it again: the same throw. A finished record gives a
    /// finished game.
    ///
    /// ```
    /// use senet::{Game, Seed, rulesets::Kendall};
    /// use senet::game::Thrown;
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(9));
    /// for _ in 0..10 {
    ///     if let Thrown::ToPlay(_) = game.throw()? {
    ///         game.play(game.legal_moves()[0])?;
    ///     }
    /// }
    /// let saved = game.record().to_string();
    /// let mut resumed = Game::resume(&saved.parse()?, Kendall)?;
    /// assert_eq!(resumed.position(), game.position());
    /// assert_eq!(resumed.throw()?, game.throw()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ResumeError`]: no seed, a record that does not replay, or a
    /// start position the ruleset refuses. Nothing is resumed then.
    pub fn resume(record: &Record, ruleset: R) -> Result<Game<R, SeededThrows>, ResumeError> {
        let seed = record.seed().ok_or(ResumeError::NoSeed)?;
        let verdict = record.verify_with(ruleset)?;
        let start = match record.start() {
            Some(text) => Position::parse(ruleset, text)?,
            None => Position::start_checked(ruleset)?,
        };
        let mut game = Game::seeded(start, seed);
        let history = verdict.history();
        // Throw when nothing waits, play the recorded move when a move
        // waits; a throw may record several turns (a banked throw and the
        // rolls lost with it), each checked against the record's.
        while let Some(turn) = history.get(game.history().len()) {
            let number = game.history().len() + 1;
            let diverged = |error| ResumeError::Diverged { number, error };
            let before = game.history().len();
            match (game.legal_moves().is_empty(), turn.played()) {
                (true, _) => {
                    game.throw().map_err(diverged)?;
                }
                (false, Some(mv)) => {
                    game.play(mv).map_err(diverged)?;
                }
                (false, None) => {
                    return Err(diverged(GameError::NotThrown { side: turn.side() }));
                }
            }
            let made = game.history().get(before..).unwrap_or_default();
            if made.iter().zip(&history[before..]).any(|(a, b)| a != b) {
                return Err(diverged(GameError::NotThrown { side: turn.side() }));
            }
        }
        if let Some(Finish::Resignation { winner }) = record.finish() {
            game.resign(winner.opponent())
                .map_err(|error| ResumeError::Diverged {
                    number: verdict.history().len(),
                    error,
                })?;
        }
        Ok(game)
    }
}
