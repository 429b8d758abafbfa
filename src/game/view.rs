//! `GameView`: everything a player may see of a game, and nothing of its throw source.

use crate::game::turn::{Finish, Turn};
use crate::house::Side;
use crate::mv::Move;
use crate::position::Position;
use crate::ruleset::{Outcome, Ruleset};
use crate::throw::Throw;

/// The state of a game that players may see: kept apart from the throw
/// source so that a view can never reach it.
#[derive(Clone, Debug)]
pub(crate) struct State<R: Ruleset> {
    pub(crate) start: Position<R>,
    pub(crate) position: Position<R>,
    /// The throw waiting for a move, and its legal moves (never empty);
    /// while a bank is played, the last throw banked and not yet played,
    /// and every banked roll's moves.
    pub(crate) pending: Option<(Throw, Vec<Move>)>,
    /// The throws banked this turn and not yet played, in the order
    /// thrown ([`Ruleset::banks_throws`]): a roll played from the bank is
    /// recorded with the first of its throws.
    pub(crate) banked: Vec<Throw>,
    pub(crate) history: Vec<Turn>,
    pub(crate) finish: Option<Finish>,
}

/// A read-only view of a [`Game`](crate::Game): the position, the ruleset,
/// the throw waiting for a move and its legal moves, and the history.
///
/// This is what a bot or a display should be given. It does not reach the
/// game's throw source or seed, so whoever holds it cannot know a throw
/// before it falls: a bot sees the position and the roll in hand, never
/// the throw source or the throws to come (see [Temple](crate::rulesets#temple)).
///
/// ```
/// use senet::{Game, Roll, Ruleset, rulesets::Kendall};
/// use senet::game::GameView;
/// use senet::source::ScriptedThrows;
///
/// // A display, or a bot, is given the view: it cannot reach the throws to come.
/// fn choices<R: Ruleset>(view: &GameView<'_, R>) -> usize {
///     view.legal_moves().len()
/// }
/// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls([Roll::new(3).unwrap()]));
/// game.throw()?;
/// assert_eq!(choices(&game.view()), 5);
/// # Ok::<(), senet::GameError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct GameView<'a, R: Ruleset> {
    state: &'a State<R>,
}

impl<'a, R: Ruleset> GameView<'a, R> {
    pub(crate) fn new(state: &'a State<R>) -> GameView<'a, R> {
        GameView { state }
    }

    /// The ruleset played.
    ///
    /// ```
    /// use senet::{AnyRuleset, Game, Ruleset, Seed};
    ///
    /// let ruleset: AnyRuleset = "bell".parse()?;
    /// let game = Game::seeded(ruleset, Seed::from_u64(7));
    /// assert_eq!(game.view().ruleset().name(), "bell");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ruleset(&self) -> R {
        self.state.position.ruleset()
    }

    /// The position now. While a throw waits for a move it is the position
    /// the move will be played in.
    ///
    /// ```
    /// use senet::{Game, Position, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls([Roll::new(2).unwrap()]));
    /// game.throw()?;
    /// assert_eq!(game.view().position(), &Position::start(Kendall)); // the throw waits
    /// game.play_text("2: 10-12")?;
    /// assert_eq!(game.view().position().to_string(), "oxoxoxoxo..x.................. o 0 0");
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn position(&self) -> &'a Position<R> {
        &self.state.position
    }

    /// The position the game started from.
    ///
    /// ```
    /// use senet::{Game, Position, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls([Roll::new(2).unwrap()]));
    /// game.throw()?;
    /// game.play_text("2: 10-12")?;
    /// let view = game.view();
    /// assert_eq!(view.start(), &Position::start(Kendall));
    /// assert_ne!(view.position(), view.start());
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn start(&self) -> &'a Position<R> {
        &self.state.start
    }

    /// The side that must act next: play the waiting throw, or throw.
    /// `None` once the game is over.
    ///
    /// ```
    /// use senet::{Game, Seed, Side, rulesets::Kendall};
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(7));
    /// assert_eq!(game.view().to_play(), Some(Side::X));
    /// game.resign(Side::X)?;
    /// assert_eq!(game.view().to_play(), None);
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn to_play(&self) -> Option<Side> {
        if self.is_over() {
            None
        } else {
            Some(self.state.position.side_to_throw())
        }
    }

    /// The throw waiting for a move, if any.
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls([Roll::new(3).unwrap()]));
    /// assert_eq!(game.view().current_throw(), None);
    /// game.throw()?;
    /// assert_eq!(game.view().current_throw().map(|t| t.roll().value()), Some(3));
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn current_throw(&self) -> Option<Throw> {
        self.state.pending.as_ref().map(|(throw, _)| *throw)
    }

    /// The legal moves of the waiting throw; empty when no throw waits.
    /// (A throw without legal moves never waits: it is played as lost.)
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls([Roll::new(3).unwrap()]));
    /// assert!(game.view().legal_moves().is_empty()); // nothing thrown yet
    /// game.throw()?;
    /// let view = game.view();
    /// assert!(view.legal_moves().iter().all(|mv| mv.roll().value() == 3));
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn legal_moves(&self) -> &'a [Move] {
        match &self.state.pending {
            Some((_, moves)) => moves,
            None => &[],
        }
    }

    /// Every throw played so far, in order.
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls([Roll::new(2).unwrap()]));
    /// game.throw()?;
    /// let turn = game.play_text("2: 10-12")?;
    /// assert_eq!(game.view().history(), [turn]);
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn history(&self) -> &'a [Turn] {
        &self.state.history
    }

    /// How the game ended, once it has.
    ///
    /// ```
    /// use senet::{Game, Seed, Side, rulesets::Kendall};
    /// use senet::game::Finish;
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(7));
    /// assert_eq!(game.view().finish(), None);
    /// game.resign(Side::O)?;
    /// assert_eq!(game.view().finish(), Some(Finish::Resignation { winner: Side::X }));
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn finish(&self) -> Option<Finish> {
        self.state.finish
    }

    /// The result, once the game is over.
    ///
    /// ```
    /// use senet::{Game, Outcome, Seed, Side, rulesets::Kendall};
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(7));
    /// assert_eq!(game.view().outcome(), None);
    /// game.resign(Side::X)?;
    /// assert_eq!(game.view().outcome(), Some(Outcome::Win(Side::O)));
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.finish.map(Finish::outcome)
    }

    /// Whether the game is over (by the rules or by resignation).
    ///
    /// ```
    /// use senet::{Game, Seed, Side, rulesets::Kendall};
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(7));
    /// assert!(!game.view().is_over());
    /// game.resign(Side::O)?;
    /// assert!(game.view().is_over());
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn is_over(&self) -> bool {
        self.state.finish.is_some()
    }
}
