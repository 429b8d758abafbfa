//! Throwing on until someone must decide: [`Game::advance`], the turn loop a
//! game server or a front end would otherwise write itself.
//!
//! Nothing here knows a rule: it calls [`Game::throw`] until a throw waits
//! for a move or the game is over, and says what happened on the way.

use crate::game::{Finish, Game, GameError, Turn};
use crate::house::Side;
use crate::ruleset::Ruleset;
use crate::source::ThrowSource;
use crate::throw::Throw;

/// Where [`Game::advance`] stopped: a side must choose a move for the
/// throw it holds, or the game is over.
///
/// ```
/// use senet::{Game, Roll, Side, rulesets::Kendall};
/// use senet::game::Stop;
/// use senet::source::ScriptedThrows;
///
/// let script = ScriptedThrows::from_rolls([Roll::new(3).unwrap()]);
/// let mut game = Game::new(Kendall, script);
/// let Stop::Decide { side, throw } = game.advance()?.stop() else {
///     panic!("the start has moves for a 3")
/// };
/// assert_eq!((side, throw.roll().value()), (Side::X, 3));
/// # Ok::<(), senet::GameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Stop {
    /// `side` holds `throw`, which has at least one legal move
    /// ([`Game::legal_moves`]); the game waits for one of them.
    Decide {
        /// The side that threw and must move.
        side: Side,
        /// The throw waiting for its move.
        throw: Throw,
    },
    /// The game is over, and ended so.
    Over(Finish),
}

/// What one call of [`Game::advance`] did: the throws it made that had no
/// legal move (each already played as lost, and in the game's history),
/// and where it stopped.
///
/// ```
/// use senet::{Game, Seed, rulesets::Kendall};
/// use senet::game::Stop;
///
/// let mut game = Game::seeded(Kendall, Seed::from_u64(42));
/// let advance = game.advance()?;
/// assert!(advance.turns().is_empty()); // the first throw has moves
/// assert!(matches!(advance.stop(), Stop::Decide { .. }));
/// # Ok::<(), senet::GameError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Advance {
    turns: Vec<Turn>,
    stop: Stop,
}

impl Advance {
    /// The turns played during the call, oldest first: every one a lost
    /// throw (no legal move), already in [`Game::history`]. Empty when the
    /// game was already waiting for a move, or already over.
    ///
    /// ```
    /// use senet::{Game, Position, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// // x on 29 leaves only with a 2: the 3 is lost, then o throws a 1.
    /// let position: Position<Kendall> = "o...........................x. x 4 4".parse()?;
    /// let rolls = [3, 1].map(|r| Roll::new(r).unwrap());
    /// let mut game = Game::new(position, ScriptedThrows::from_rolls(rolls));
    /// let advance = game.advance()?;
    /// let lost: Vec<String> = advance.turns().iter().map(|t| t.text().to_string()).collect();
    /// assert_eq!(lost, ["3: -"]);
    /// assert_eq!(advance.turns(), game.history());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// Where the call stopped.
    ///
    /// ```
    /// use senet::{Game, Seed, Side, rulesets::Kendall};
    /// use senet::game::{Finish, Stop};
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(1));
    /// game.resign(Side::X)?;
    /// let stop = game.advance()?.stop();
    /// assert_eq!(stop, Stop::Over(Finish::Resignation { winner: Side::O }));
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn stop(&self) -> Stop {
        self.stop
    }

    /// The turns and the stop, taken apart.
    ///
    /// ```
    /// use senet::{Game, Seed, rulesets::Kendall};
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(42));
    /// let (turns, _stop) = game.advance()?.into_parts();
    /// assert!(turns.is_empty());
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn into_parts(self) -> (Vec<Turn>, Stop) {
        (self.turns, self.stop)
    }
}

/// How many lost throws in a row one call of [`Game::advance`] makes
/// before it gives up ([`GameError::NoMove`]): far more than any playable
/// position loses in a row, so only a position where nobody can ever move
/// reaches it.
pub(crate) const MAX_LOST_IN_A_ROW: usize = 10_000;

impl<R: Ruleset, S: ThrowSource> Game<R, S> {
    /// Throws until a person (or a bot) must decide, or the game is over:
    /// the turn loop of a game server in one call.
    ///
    /// If a throw already waits for its move, nothing is thrown: the call
    /// returns at once with no turns and [`Stop::Decide`] for that throw,
    /// so calling it twice is the same as calling it once. If the game is
    /// over, it returns [`Stop::Over`]. Otherwise it throws for the side
    /// to play; each throw with no legal move is played as lost (the
    /// ruleset says who throws next) and reported in
    /// [`Advance::turns`]; it stops at the first throw with a legal move,
    /// or when the game ends.
    ///
    /// # Errors
    ///
    /// The errors of [`Game::throw`] from the throw source
    /// ([`GameError::Source`], [`GameError::WrongDice`]): the lost throws
    /// made before the error stay in the history, and the game is as it
    /// was after the last of them. [`GameError::NoMove`] after
    /// 10,000 lost throws in a row, which only a position where nobody can
    /// ever move comes to.
    ///
    /// ```
    /// use senet::{Game, Seed, rulesets::Kendall};
    /// use senet::game::Stop;
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(2026));
    /// loop {
    ///     match game.advance()?.stop() {
    ///         // A real server asks the side's player here.
    ///         Stop::Decide { .. } => game.play(game.legal_moves()[0])?,
    ///         Stop::Over(finish) => break println!("{finish}"),
    ///     };
    /// }
    /// assert!(game.record().verify()?.is_valid());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn advance(&mut self) -> Result<Advance, GameError> {
        let mut turns = Vec::new();
        loop {
            if let Some(finish) = self.finish() {
                return Ok(Advance {
                    turns,
                    stop: Stop::Over(finish),
                });
            }
            if let Some(throw) = self.current_throw() {
                let side = self.position().side_to_throw();
                return Ok(Advance {
                    turns,
                    stop: Stop::Decide { side, throw },
                });
            }
            if turns.len() >= MAX_LOST_IN_A_ROW {
                return Err(GameError::NoMove {
                    throws: turns.len(),
                });
            }
            // Every turn the throw made: a lost throw, or a banked one
            // and any banked rolls lost with it.
            let before = self.history().len();
            self.throw()?;
            turns.extend_from_slice(&self.history()[before..]);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Finish, Stop};
    use crate::house::Side;
    use crate::position::Position;
    use crate::rulesets::Kendall;
    use crate::source::{ScriptedThrows, Seed};
    use crate::throw::Roll;
    use crate::{Game, GameError};

    fn rolls(values: &[u8]) -> ScriptedThrows {
        ScriptedThrows::from_rolls(values.iter().map(|&r| Roll::new(r).unwrap()))
    }

    /// x on 29 leaves only with a 2; o on 1 moves with anything.
    fn endgame() -> Position<Kendall> {
        "o...........................x. x 4 4".parse().unwrap()
    }

    #[test]
    fn lost_throws_are_reported_and_in_the_history() {
        // x loses a 3 (o's turn), o moves a 1; x would then lose a 4 and a 1.
        let mut game = Game::new(endgame(), rolls(&[3, 1]));
        let advance = game.advance().unwrap();
        assert_eq!(advance.turns().len(), 1);
        assert!(advance.turns()[0].is_lost());
        assert_eq!(advance.turns()[0].side(), Side::X);
        assert_eq!(advance.turns(), game.history());
        let Stop::Decide { side, throw } = advance.stop() else {
            panic!("o has a move for a 1");
        };
        assert_eq!((side, throw.roll().value()), (Side::O, 1));
        assert_eq!(game.current_throw(), Some(throw));
    }

    /// x on 29 leaves only with a 2, o on 30 only with a 1.
    fn both_stuck() -> Position<Kendall> {
        "............................xo x 4 4".parse().unwrap()
    }

    #[test]
    fn several_lost_throws_in_one_call() {
        // A 3 throws no extra: x loses, o loses, x loses, then o's 1 moves.
        let mut game = Game::new(both_stuck(), rolls(&[3, 3, 3, 1]));
        let advance = game.advance().unwrap();
        let sides: Vec<Side> = advance.turns().iter().map(|t| t.side()).collect();
        assert_eq!(sides, [Side::X, Side::O, Side::X]);
        assert!(advance.turns().iter().all(|t| t.is_lost()));
        assert_eq!(advance.turns(), game.history());
        let Stop::Decide { side, throw } = advance.stop() else {
            panic!("o has a move for a 1");
        };
        assert_eq!((side, throw.roll().value()), (Side::O, 1));
        assert_eq!(game.legal_moves().len(), 1);
    }

    #[test]
    fn endless_lost_throws_are_refused_not_looped() {
        let threes = vec![3; super::MAX_LOST_IN_A_ROW + 1];
        let mut game = Game::new(both_stuck(), rolls(&threes));
        assert_eq!(
            game.advance(),
            Err(GameError::NoMove {
                throws: super::MAX_LOST_IN_A_ROW
            })
        );
        assert_eq!(game.history().len(), super::MAX_LOST_IN_A_ROW);
    }

    #[test]
    fn waiting_throw_returns_at_once_and_is_idempotent() {
        let mut game = Game::new(endgame(), rolls(&[2]));
        let first = game.advance().unwrap();
        let history = game.history().len();
        let second = game.advance().unwrap();
        assert!(second.turns().is_empty());
        assert_eq!(first.stop(), second.stop());
        assert_eq!(game.history().len(), history);
        // Nothing more was thrown: the script's only roll is the waiting one.
        assert!(game.play_text("2: 29-off").is_ok());
    }

    #[test]
    fn over_games_stop_over() {
        let mut game = Game::seeded(Kendall, Seed::from_u64(3));
        game.resign(Side::O).unwrap();
        let advance = game.advance().unwrap();
        assert!(advance.turns().is_empty());
        assert_eq!(
            advance.stop(),
            Stop::Over(Finish::Resignation { winner: Side::X })
        );
    }

    #[test]
    fn a_lost_throw_that_ends_nothing_and_a_move_that_ends_the_game() {
        let mut game = Game::new(endgame(), rolls(&[2]));
        game.advance().unwrap();
        game.play_text("2: 29-off").unwrap();
        let advance = game.advance().unwrap();
        assert_eq!(
            advance.stop(),
            Stop::Over(Finish::BorneOff { winner: Side::X })
        );
    }

    #[test]
    fn source_errors_keep_the_lost_throws() {
        // x loses a 3, o's turn, and the script runs out.
        let mut game = Game::new(endgame(), rolls(&[3]));
        assert!(matches!(game.advance(), Err(GameError::Source(_))));
        assert_eq!(game.history().len(), 1);
        assert!(game.history()[0].is_lost());
    }

    #[test]
    fn seeded_games_played_through_advance_end_and_verify() {
        for seed in 0..20 {
            let mut game = Game::seeded(Kendall, Seed::from_u64(seed));
            let mut lost = 0;
            loop {
                let advance = game.advance().unwrap();
                lost += advance.turns().len();
                match advance.stop() {
                    Stop::Decide { .. } => {
                        game.play(game.legal_moves()[0]).unwrap();
                    }
                    Stop::Over(finish) => {
                        assert_eq!(game.finish(), Some(finish));
                        break;
                    }
                }
            }
            let recorded = game.history().iter().filter(|t| t.is_lost()).count();
            assert_eq!(lost, recorded);
            assert!(game.record().verify().unwrap().is_valid());
        }
    }
}
