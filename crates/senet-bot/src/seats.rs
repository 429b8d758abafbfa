//! [`Seats`]: who plays each side of a game, a person or an [`Agent`], and
//! the game played on until a person must decide.

use core::fmt;

use thiserror::Error;

use senet::effect::Effect;
use senet::game::{Stop, Turn};
use senet::source::ThrowSource;
use senet::{Game, GameError, Move, Ruleset, Side};

use crate::agent::{Agent, Decision, DecisionError};

/// Who sits at each side of a game: an [`Agent`], or nobody, which means a
/// person plays that side.
///
/// [`Seats::advance`] plays a game on: it throws ([`Game::advance`]), lets
/// the seated agents play their decisions, and stops when a side with no
/// agent must decide or the game is over. A game server keeps one beside
/// each game and calls it after every move a person makes.
///
/// ```
/// use senet::{Game, Seed, Side, rulesets::Kendall};
/// use senet::game::Stop;
/// use senet_bot::{Bot, Event, Level, Seats};
///
/// let mut game = Game::seeded(Kendall, Seed::from_u64(2026));
/// let mut seats = Seats::new();
/// seats.seat(Side::O, Bot::new(Kendall, Level::new(1)?)); // x is a person
/// loop {
///     let events = seats.advance(&mut game)?;
///     match events.last() {
///         Some(Event::Stop(Stop::Decide { side, .. })) => {
///             assert_eq!(*side, Side::X); // only the person is asked
///             game.play(game.legal_moves()[0])?; // what the person chose
///         }
///         Some(Event::Stop(Stop::Over(finish))) => break println!("{finish}"),
///         _ => unreachable!("advance always ends with the stop"),
///     }
/// }
/// assert!(game.record().verify()?.is_valid());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Seats<R: Ruleset> {
    agents: [Option<Box<dyn Agent<R> + Send>>; 2],
}

/// What happened during one [`Seats::advance`], in order; the last event
/// is always the [`Event::Stop`].
///
/// ```
/// use senet::{Game, Seed, Side, rulesets::Kendall};
/// use senet_bot::{Event, RandomAgent, Seats};
///
/// let mut game = Game::seeded(Kendall, Seed::from_u64(5));
/// let mut seats = Seats::new();
/// seats.seat(Side::X, RandomAgent::new(1));
/// let events = seats.advance(&mut game)?;
/// // x's agent played until o, a person, had to decide.
/// assert!(matches!(events[0], Event::Played { by_agent: true, .. } | Event::Lost(_)));
/// assert!(matches!(events.last(), Some(Event::Stop(_))));
/// # Ok::<(), senet_bot::SeatsError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Event {
    /// A throw with no legal move, played as lost.
    Lost(Turn),
    /// A move played: by a seated agent (`by_agent`), or by a person, for
    /// callers that keep one log of both ([`Seats::advance`] itself only
    /// plays agents' moves).
    Played {
        /// The turn the move made.
        turn: Turn,
        /// What the move did (moved, captured, sent back, bore off...),
        /// so that a front end can tell it without comparing boards.
        effect: Effect,
        /// Whether an agent chose it.
        by_agent: bool,
    },
    /// Where it stopped: a person must decide, or the game is over.
    Stop(Stop),
}

impl Event {
    /// The turn of a lost throw or a move; `None` for the stop.
    ///
    /// ```
    /// use senet::{Game, Seed, Side, rulesets::Kendall};
    /// use senet_bot::{RandomAgent, Seats};
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(5));
    /// let mut seats = Seats::new();
    /// seats.seat(Side::X, RandomAgent::new(1));
    /// let events = seats.advance(&mut game)?;
    /// let turns: Vec<_> = events.iter().filter_map(|e| e.turn()).collect();
    /// assert_eq!(turns, game.history().iter().collect::<Vec<_>>());
    /// # Ok::<(), senet_bot::SeatsError>(())
    /// ```
    pub fn turn(&self) -> Option<&Turn> {
        match self {
            Event::Lost(turn) | Event::Played { turn, .. } => Some(turn),
            Event::Stop(_) => None,
        }
    }
}

/// Why [`Seats::advance`] stopped early. The turns played before it stay
/// in the game.
///
/// ```
/// use senet::{Game, Roll, Side, rulesets::Kendall};
/// use senet::source::ScriptedThrows;
/// use senet_bot::{RandomAgent, Seats, SeatsError};
///
/// // One throw scripted: x's agent plays it, then o has nothing to throw.
/// let script = ScriptedThrows::from_rolls([Roll::new(2).unwrap()]);
/// let mut game = Game::new(Kendall, script);
/// let mut seats = Seats::new();
/// seats.seat(Side::X, RandomAgent::new(1));
/// seats.seat(Side::O, RandomAgent::new(2));
/// assert!(matches!(seats.advance(&mut game), Err(SeatsError::Game(_))));
/// assert_eq!(game.history().len(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum SeatsError {
    /// The game refused a throw (its throw source failed, or nobody can
    /// move).
    #[error(transparent)]
    Game(#[from] GameError),
    /// The game's waiting throw made no decision for the agent.
    #[error(transparent)]
    Decision(#[from] DecisionError),
    /// The agent at `side` chose a move that is not one of the legal moves.
    #[error("{agent}, playing {side}, chose {mv:?}, which is not a legal move here")]
    IllegalChoice {
        /// The side the agent plays.
        side: Side,
        /// The agent's name.
        agent: String,
        /// The move it chose.
        mv: Move,
    },
    /// Agents played this many throws in one call without the game ending
    /// or a person being asked: a game that does not end.
    #[error("{throws} throws played without the game ending or a person being asked")]
    TooLong {
        /// The throws played in the call.
        throws: usize,
    },
}

impl<R: Ruleset> Seats<R> {
    /// The most throws one [`Seats::advance`] plays before giving up
    /// ([`SeatsError::TooLong`]); as for a [`Duel`](crate::Duel), far more
    /// than any game lasts.
    ///
    /// ```
    /// use senet::rulesets::Kendall;
    /// use senet_bot::Seats;
    ///
    /// assert_eq!(Seats::<Kendall>::MAX_THROWS, 100_000);
    /// ```
    pub const MAX_THROWS: usize = 100_000;

    /// Empty seats: both sides are played by people.
    ///
    /// ```
    /// use senet::{Side, rulesets::Kendall};
    /// use senet_bot::Seats;
    ///
    /// let seats = Seats::<Kendall>::new();
    /// assert!(seats.is_person(Side::X) && seats.is_person(Side::O));
    /// ```
    pub fn new() -> Seats<R> {
        Seats {
            agents: [None, None],
        }
    }

    /// Seats `agent` at `side`, replacing whoever sat there.
    ///
    /// ```
    /// use senet::{Side, rulesets::Kendall};
    /// use senet_bot::{Bot, Level, Seats};
    ///
    /// let mut seats = Seats::new();
    /// seats.seat(Side::O, Bot::new(Kendall, Level::new(4)?));
    /// assert!(!seats.is_person(Side::O));
    /// assert_eq!(seats.name(Side::O).as_deref(), Some("level 4"));
    /// # Ok::<(), senet_bot::LevelError>(())
    /// ```
    pub fn seat(&mut self, side: Side, agent: impl Agent<R> + Send + 'static) -> &mut Seats<R> {
        self.agents[side.index()] = Some(Box::new(agent));
        self
    }

    /// Takes the agent away from `side`, which a person then plays.
    ///
    /// ```
    /// use senet::{Side, rulesets::Kendall};
    /// use senet_bot::{RandomAgent, Seats};
    ///
    /// let mut seats = Seats::<Kendall>::new();
    /// seats.seat(Side::X, RandomAgent::new(3));
    /// assert!(seats.unseat(Side::X).is_some());
    /// assert!(seats.is_person(Side::X));
    /// ```
    pub fn unseat(&mut self, side: Side) -> Option<Box<dyn Agent<R> + Send>> {
        self.agents[side.index()].take()
    }

    /// Whether a person plays `side`: no agent sits there.
    ///
    /// ```
    /// use senet::{Side, rulesets::Kendall};
    /// use senet_bot::{RandomAgent, Seats};
    ///
    /// let mut seats = Seats::<Kendall>::new();
    /// seats.seat(Side::X, RandomAgent::new(3));
    /// assert!(!seats.is_person(Side::X));
    /// assert!(seats.is_person(Side::O));
    /// ```
    pub fn is_person(&self, side: Side) -> bool {
        self.agents[side.index()].is_none()
    }

    /// The name of the agent at `side` ([`Agent::name`]), for a record's
    /// `XAgent`/`OAgent` tag; `None` for a person.
    ///
    /// ```
    /// use senet::{Side, rulesets::Kendall};
    /// use senet_bot::{RandomAgent, Seats};
    ///
    /// let mut seats = Seats::<Kendall>::new();
    /// seats.seat(Side::X, RandomAgent::new(3));
    /// assert_eq!(seats.name(Side::X).as_deref(), Some("random"));
    /// assert_eq!(seats.name(Side::O), None);
    /// ```
    pub fn name(&self, side: Side) -> Option<String> {
        self.agents[side.index()].as_ref().map(|agent| agent.name())
    }

    /// Plays `game` on until a person must decide or the game is over:
    /// throws with [`Game::advance`] (each lost throw an [`Event::Lost`]),
    /// and whenever the side to move has an agent, plays the move it
    /// chooses ([`Event::Played`]). The last event is the
    /// [`Event::Stop`]: [`Stop::Decide`] for a side a person plays, or
    /// [`Stop::Over`]. When a person's throw already waits, it returns at
    /// once with only the stop.
    ///
    /// # Errors
    ///
    /// [`SeatsError::Game`] when the game cannot throw,
    /// [`SeatsError::IllegalChoice`] when an agent chooses a move that is
    /// not legal, [`SeatsError::TooLong`] after [`Seats::MAX_THROWS`]
    /// throws in one call. Every turn played before the error stays in
    /// the game.
    ///
    /// ```
    /// use senet::{Game, Seed, Side, rulesets::Kendall};
    /// use senet::game::Stop;
    /// use senet_bot::{Event, RandomAgent, Seats};
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(9));
    /// let mut seats = Seats::new();
    /// seats.seat(Side::X, RandomAgent::new(1));
    /// seats.seat(Side::O, RandomAgent::new(2));
    /// let events = seats.advance(&mut game)?; // two agents: the whole game
    /// assert!(matches!(events.last(), Some(Event::Stop(Stop::Over(_)))));
    /// assert_eq!(events.len(), game.history().len() + 1);
    /// # Ok::<(), senet_bot::SeatsError>(())
    /// ```
    pub fn advance<S: ThrowSource>(
        &mut self,
        game: &mut Game<R, S>,
    ) -> Result<Vec<Event>, SeatsError> {
        let mut events = Vec::new();
        loop {
            let (lost, stop) = game.advance()?.into_parts();
            events.extend(lost.into_iter().map(Event::Lost));
            let Stop::Decide { side, .. } = stop else {
                events.push(Event::Stop(stop));
                return Ok(events);
            };
            let Some(agent) = self.agents[side.index()].as_mut() else {
                events.push(Event::Stop(stop));
                return Ok(events);
            };
            if events.len() >= Self::MAX_THROWS {
                return Err(SeatsError::TooLong {
                    throws: events.len(),
                });
            }
            let view = game.view();
            let decision = Decision::from_view(&view)?;
            let mv = agent.choose(&decision);
            if !decision.moves().contains(&mv) {
                return Err(SeatsError::IllegalChoice {
                    side,
                    agent: agent.name(),
                    mv,
                });
            }
            let (turn, effect) = game.play_with_effect(mv)?;
            events.push(Event::Played {
                turn,
                effect,
                by_agent: true,
            });
        }
    }
}

impl<R: Ruleset> Default for Seats<R> {
    fn default() -> Seats<R> {
        Seats::new()
    }
}

impl<R: Ruleset> fmt::Debug for Seats<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Seats")
            .field("x", &self.name(Side::X))
            .field("o", &self.name(Side::O))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use senet::game::Stop;
    use senet::rulesets::{Bell, Kendall};
    use senet::{Game, Move, Seed, Side};

    use super::{Event, Seats, SeatsError};
    use crate::{Agent, Bot, Decision, Level, RandomAgent};

    #[test]
    fn a_bot_against_a_bot_plays_the_whole_game() {
        for seed in 0..5 {
            let mut game = Game::seeded(Kendall, Seed::from_u64(seed));
            let mut seats = Seats::new();
            seats.seat(Side::X, Bot::new(Kendall, Level::new(1).unwrap()));
            seats.seat(Side::O, RandomAgent::new(seed));
            let events = seats.advance(&mut game).unwrap();
            assert!(game.is_over());
            let Some(Event::Stop(Stop::Over(finish))) = events.last() else {
                panic!("the game is over: {:?}", events.last());
            };
            assert_eq!(game.finish(), Some(*finish));
            // Every turn of the game is an event, in order, and nothing else.
            let turns: Vec<_> = events.iter().filter_map(Event::turn).copied().collect();
            assert_eq!(turns, game.history());
            for event in &events[..events.len() - 1] {
                match event {
                    Event::Lost(turn) => assert!(turn.is_lost()),
                    Event::Played {
                        turn,
                        effect,
                        by_agent,
                    } => {
                        assert!(*by_agent && !turn.is_lost());
                        assert_eq!(
                            (effect.side, effect.played),
                            (turn.side(), turn.played().unwrap())
                        );
                    }
                    Event::Stop(_) => panic!("a stop before the end"),
                }
            }
            assert!(game.record().verify().unwrap().is_valid());
            // Over: a second call changes nothing.
            assert_eq!(
                seats.advance(&mut game).unwrap(),
                [Event::Stop(Stop::Over(*finish))]
            );
        }
    }

    #[test]
    fn a_person_against_a_bot_is_asked_only_for_the_persons_moves() {
        let mut game = Game::seeded(Bell, Seed::from_u64(11));
        let mut seats = Seats::new();
        seats.seat(Side::O, Bot::new(Bell, Level::new(2).unwrap()));
        let mut asked = 0;
        loop {
            let events = seats.advance(&mut game).unwrap();
            for event in &events {
                if let Event::Played { turn, .. } = event {
                    assert_eq!(turn.side(), Side::O, "only the bot's moves are played");
                }
            }
            match events.last() {
                Some(Event::Stop(Stop::Decide { side, throw })) => {
                    assert_eq!(*side, Side::X);
                    assert_eq!(game.current_throw(), Some(*throw));
                    // Asking again before the person moves changes nothing.
                    let again = seats.advance(&mut game).unwrap();
                    assert_eq!(again, [events.last().unwrap().clone()]);
                    asked += 1;
                    let mv = *game.legal_moves().last().unwrap();
                    game.play(mv).unwrap();
                }
                Some(Event::Stop(Stop::Over(_))) => break,
                other => panic!("advance must end with its stop: {other:?}"),
            }
        }
        assert!(asked > 0);
        let moved_by_x = game
            .history()
            .iter()
            .filter(|t| t.side() == Side::X && !t.is_lost())
            .count();
        assert_eq!(asked, moved_by_x);
    }

    #[test]
    fn two_people_are_asked_at_once() {
        let mut game = Game::seeded(Kendall, Seed::from_u64(42));
        let mut seats = Seats::<Kendall>::new();
        let events = seats.advance(&mut game).unwrap();
        assert!(matches!(
            events.as_slice(),
            [Event::Stop(Stop::Decide { side: Side::X, .. })]
        ));
        assert!(game.history().is_empty());
    }

    /// Plays a move that is never legal.
    struct Cheat;

    impl Agent<Kendall> for Cheat {
        fn name(&self) -> String {
            "cheat".into()
        }
        fn choose(&mut self, decision: &Decision<'_, Kendall>) -> Move {
            // A move of another roll: never among the decision's moves.
            let roll = decision.roll().value() % 5 + 1;
            let position = *decision.position();
            position
                .moves(senet::Roll::new(roll).unwrap())
                .to_list()
                .first()
                .copied()
                .unwrap_or(decision.moves()[0])
        }
    }

    #[test]
    fn an_agent_choosing_an_illegal_move_is_an_error_not_a_move() {
        let mut game = Game::seeded(Kendall, Seed::from_u64(42));
        let mut seats = Seats::new();
        seats.seat(Side::X, Cheat);
        let error = seats.advance(&mut game).unwrap_err();
        assert!(matches!(
            error,
            SeatsError::IllegalChoice { side: Side::X, ref agent, .. } if agent == "cheat"
        ));
        assert!(error.to_string().starts_with("cheat, playing x, chose "));
        assert!(game.history().is_empty());
        assert!(game.current_throw().is_some());
    }
}
