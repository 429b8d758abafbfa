//! A hint in one call: every legal move of a roll, written and valued.

use crate::agent::{Decision, DecisionError};
use crate::level::{Bot, Level};
use senet::Move;
use senet::Position;
use senet::Roll;
use senet::Ruleset;
use senet::notation::move_text::MoveText;

/// One legal move as a hint shows it.
/// ```
/// use senet_bot::{Level, hint};
/// use senet::{Position, Roll, rulesets::Kendall};
///
/// let start = Position::start(Kendall);
/// let hints = hint(&start, Roll::new(2).unwrap(), Level::new(2).unwrap())?;
/// assert_eq!(hints.len(), 1); // a 2 can only move the piece on 10
/// assert_eq!(hints[0].text, start.notation(hints[0].mv));
/// assert_eq!(hints[0].text.to_string(), "2: 10-12");
/// # Ok::<(), senet_bot::DecisionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
pub struct Hint {
    /// The move.
    pub mv: Move,
    /// The move in notation, as it would be recorded.
    pub text: MoveText,
    /// The mover's equity after it, as the bot of the level estimates it:
    /// its chance of winning plus half its chance of a draw, 0 to 1.
    pub equity: f64,
}

/// Every legal move of `roll` in `position`, best first for the side to
/// throw, with its notation and the value the bot of `level` gives it.
///
/// ```
/// use senet_bot::{Level, hint};
/// use senet::{Position, Roll, rulesets::Kendall};
///
/// let start = Position::start(Kendall);
/// let hints = hint(&start, Roll::new(3).unwrap(), Level::new(1).unwrap())?;
/// assert_eq!(hints.len(), 5);
/// assert!(hints.windows(2).all(|w| w[0].equity >= w[1].equity));
/// println!("best: {} ({:.0}%)", hints[0].text, 100.0 * hints[0].equity);
/// # Ok::<(), senet_bot::DecisionError>(())
/// ```
///
/// # Errors
///
/// [`DecisionError`]: the game is over, the implement cannot make `roll`, or
/// the throw is lost (no legal move).
pub fn hint<R: Ruleset>(
    position: &Position<R>,
    roll: Roll,
    level: Level,
) -> Result<Vec<Hint>, DecisionError> {
    let decision = Decision::from_roll(*position, roll)?;
    let thought = Bot::new(position.ruleset(), level).think(&decision);
    Ok(thought
        .ranked
        .iter()
        .map(|scored| Hint {
            mv: scored.mv,
            text: position.notation(scored.mv),
            equity: scored.equity,
        })
        .collect())
}
