//! `GameView`: everything a player may see of a game, and nothing of its throw source.

use crate::game::turn::{Finish, Turn};
use crate::house::Side;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::ruleset::{Outcome, Ruleset};
use crate::throw::Throw;

/// The state of a game that players may see: kept apart from the throw
/// source so that a view can never reach it.
#[derive(Clone, Debug)]
pub(crate) struct State<R: Ruleset> {
    pub(crate) start: Position<R>,
    pub(crate) position: Position<R>,
    /// The throw waiting for a move, and its legal moves (never empty).
    pub(crate) pending: Option<(Throw, MoveList)>,
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
#[derive(Clone, Copy, Debug)]
pub struct GameView<'a, R: Ruleset> {
    state: &'a State<R>,
}

impl<'a, R: Ruleset> GameView<'a, R> {
    pub(crate) fn new(state: &'a State<R>) -> GameView<'a, R> {
        GameView { state }
    }

    /// The ruleset played.
    pub fn ruleset(&self) -> R {
        self.state.position.ruleset()
    }

    /// The position now. While a throw waits for a move it is the position
    /// the move will be played in.
    pub fn position(&self) -> &'a Position<R> {
        &self.state.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &'a Position<R> {
        &self.state.start
    }

    /// The side that must act next: play the waiting throw, or throw.
    /// `None` once the game is over.
    pub fn to_play(&self) -> Option<Side> {
        if self.is_over() {
            None
        } else {
            Some(self.state.position.side_to_throw())
        }
    }

    /// The throw waiting for a move, if any.
    pub fn current_throw(&self) -> Option<Throw> {
        self.state.pending.map(|(throw, _)| throw)
    }

    /// The legal moves of the waiting throw; empty when no throw waits.
    /// (A throw without legal moves never waits: it is played as lost.)
    pub fn legal_moves(&self) -> &'a [Move] {
        match &self.state.pending {
            Some((_, moves)) => moves,
            None => &[],
        }
    }

    /// Every throw played so far, in order.
    pub fn history(&self) -> &'a [Turn] {
        &self.state.history
    }

    /// How the game ended, once it has.
    pub fn finish(&self) -> Option<Finish> {
        self.state.finish
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.finish.map(Finish::outcome)
    }

    /// Whether the game is over (by the rules or by resignation).
    pub fn is_over(&self) -> bool {
        self.state.finish.is_some()
    }
}
