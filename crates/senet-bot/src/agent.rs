//! The [`Agent`] trait and [`Decision`], the read-only view it is given.

use thiserror::Error;

use senet::Position;
use senet::Ruleset;
use senet::Side;
use senet::game::{GameView, Turn};
use senet::{Dice, Roll, Throw};
use senet::{Move, MoveList, Moves};

/// What an agent sees when it must move: the position, the throw in hand,
/// its legal moves, and the game so far.
///
/// It is built from a [`GameView`] (which cannot reach the game's throw
/// source) or from plain values (a position, a throw, the turns already
/// played): there is no throw source in it, so an agent cannot see, draw
/// or influence a future throw. A decision always has at least one legal
/// move.
/// ```
/// use senet_bot::Decision;
/// use senet::{Dice, Position, Roll, Throw, rulesets::Kendall};
///
/// let throw = Throw::canonical(Dice::FOUR_STICKS, Roll::new(3).unwrap()).unwrap();
/// let decision = Decision::new(Position::start(Kendall), throw, &[]).unwrap();
/// assert_eq!(decision.moves().len(), 5); // any of x's five pieces may move 3
/// assert!(decision.history().is_empty());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Decision<'a, R: Ruleset> {
    position: Position<R>,
    throw: Throw,
    moves: MoveList,
    /// The same moves as sets, which play a move with a cheap check.
    legal: Moves<R>,
    history: &'a [Turn],
}

/// Why a position and a throw make no decision.
/// ```
/// use senet_bot::{Decision, DecisionError};
/// use senet::{Position, Roll, rulesets::Kendall};
///
/// // x on 29 leaves only with a 2: a 3 has no legal move.
/// let position: Position<Kendall> = "o...........................x. x 4 4".parse().unwrap();
/// let three = Roll::new(3).unwrap();
/// let refusal = Decision::from_roll(position, three).unwrap_err();
/// assert_eq!(refusal, DecisionError::LostThrow { roll: three });
/// assert_eq!(refusal.to_string(), "a 3 is lost here: there is no legal move");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum DecisionError {
    /// The game is over: nobody throws again.
    #[error("the game is over")]
    GameOver,
    /// The throw was made with another implement than the ruleset's.
    #[error("the throw is of the {thrown}, but this ruleset throws the {expected}")]
    WrongDice {
        /// The implement of the throw.
        thrown: Dice,
        /// The ruleset's implement.
        expected: Dice,
    },
    /// No throw waits in the game: the side to play must throw first.
    #[error("no throw waits for a move: the side to play must throw first")]
    NotThrown,
    /// The throw is lost: there is no legal move to choose from.
    #[error("a {roll} is lost here: there is no legal move")]
    LostThrow {
        /// The roll thrown.
        roll: Roll,
    },
    /// The ruleset's implement cannot make the roll.
    #[error("this ruleset's throw cannot make a {roll}")]
    RollNotOnDice {
        /// The roll asked for.
        roll: Roll,
    },
}

impl<'a, R: Ruleset> Decision<'a, R> {
    /// The decision of the side to throw in `position` holding `throw`;
    /// `history` is the game so far, oldest first (it may be empty when
    /// the caller keeps none). Fails when there is nothing to
    /// choose: the game is over, the throw is lost, or it is of the wrong
    /// implement.
    ///
    /// # Errors
    ///
    /// [`DecisionError::GameOver`] when the game is over,
    /// [`DecisionError::WrongDice`] when the throw is not of the ruleset's
    /// implement, [`DecisionError::LostThrow`] when the throw has no legal move.
    ///
    /// ```
    /// use senet_bot::{Decision, DecisionError};
    /// use senet::{Dice, Position, Roll, Throw, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// let sticks = Throw::canonical(Dice::FOUR_STICKS, Roll::new(4).unwrap()).unwrap();
    /// assert_eq!(Decision::new(start, sticks, &[])?.roll(), Roll::new(4).unwrap());
    /// let die = Throw::canonical(Dice::LONG_DIE, Roll::new(4).unwrap()).unwrap();
    /// let wrong = Decision::new(start, die, &[]).unwrap_err();
    /// assert!(matches!(wrong, DecisionError::WrongDice { expected: Dice::FOUR_STICKS, .. }));
    /// # Ok::<(), DecisionError>(())
    /// ```
    pub fn new(
        position: Position<R>,
        throw: Throw,
        history: &'a [Turn],
    ) -> Result<Decision<'a, R>, DecisionError> {
        if position.is_over() {
            return Err(DecisionError::GameOver);
        }
        let expected = position.ruleset().dice();
        if throw.dice() != expected {
            return Err(DecisionError::WrongDice {
                thrown: throw.dice(),
                expected,
            });
        }
        let legal = position.moves(throw.roll());
        let moves = legal.to_list();
        if moves.is_empty() {
            return Err(DecisionError::LostThrow { roll: throw.roll() });
        }
        Ok(Decision {
            position,
            throw,
            moves,
            legal,
            history,
        })
    }

    /// The decision of the side to throw in `position` with a throw worth
    /// `roll` (its sticks in their canonical arrangement) and no history:
    /// what a hint for a position and a roll needs.
    ///
    /// # Errors
    ///
    /// [`DecisionError::RollNotOnDice`] when the ruleset's implement cannot make
    /// `roll`, and the errors of [`Decision::new`].
    ///
    /// ```
    /// use senet_bot::{Decision, DecisionError};
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// let decision = Decision::from_roll(start, Roll::new(3).unwrap())?;
    /// assert_eq!(decision.moves().len(), 5);
    /// let six = Roll::new(6).unwrap(); // four sticks make 1 to 5
    /// assert_eq!(Decision::from_roll(start, six).unwrap_err(), DecisionError::RollNotOnDice { roll: six });
    /// # Ok::<(), DecisionError>(())
    /// ```
    pub fn from_roll(
        position: Position<R>,
        roll: Roll,
    ) -> Result<Decision<'static, R>, DecisionError> {
        let dice = position.ruleset().dice();
        let throw = Throw::canonical(dice, roll).ok_or(DecisionError::RollNotOnDice { roll })?;
        Decision::new(position, throw, &[])
    }

    /// The decision waiting in a game: its position, its waiting throw and
    /// its history. Fails when no throw waits for a move (the game is over,
    /// or the side to play has not thrown yet: [`DecisionError::NotThrown`]).
    ///
    /// # Errors
    ///
    /// [`DecisionError::GameOver`] when the game is over,
    /// [`DecisionError::NotThrown`] when no throw waits for a move.
    ///
    /// ```
    /// use senet_bot::{Decision, DecisionError};
    /// use senet::{Game, Seed, rulesets::Kendall};
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(42));
    /// assert_eq!(Decision::from_view(&game.view()).unwrap_err(), DecisionError::NotThrown);
    /// game.throw()?; // every game seeded with 42 begins with a 4
    /// let view = game.view();
    /// let decision = Decision::from_view(&view)?;
    /// assert_eq!(decision.roll().value(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_view(view: &GameView<'a, R>) -> Result<Decision<'a, R>, DecisionError> {
        if view.is_over() {
            return Err(DecisionError::GameOver);
        }
        let throw = view.current_throw().ok_or(DecisionError::NotThrown)?;
        Decision::new(*view.position(), throw, view.history())
    }

    /// The position, before the move.
    /// ```
    /// use senet_bot::Decision;
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// let decision = Decision::from_roll(start, Roll::new(3).unwrap()).unwrap();
    /// assert_eq!(decision.position(), &start);
    /// ```
    #[inline]
    pub fn position(&self) -> &Position<R> {
        &self.position
    }

    /// The ruleset of the game.
    /// ```
    /// use senet_bot::Decision;
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
    /// assert_eq!(decision.ruleset(), Kendall);
    /// ```
    #[inline]
    pub fn ruleset(&self) -> R {
        self.position.ruleset()
    }

    /// The side that must move.
    /// ```
    /// use senet_bot::Decision;
    /// use senet::{Position, Roll, Side, rulesets::Kendall};
    ///
    /// // x throws first.
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
    /// assert_eq!(decision.side(), Side::X);
    /// ```
    #[inline]
    pub fn side(&self) -> Side {
        self.position.side_to_throw()
    }

    /// The throw in hand, as it fell.
    /// ```
    /// use senet_bot::Decision;
    /// use senet::{Position, Throw, rulesets::Kendall};
    ///
    /// let throw = Throw::from_sticks(0b1110); // sticks 1, 2 and 3 light: a 3
    /// let decision = Decision::new(Position::start(Kendall), throw, &[]).unwrap();
    /// assert_eq!(decision.throw(), throw);
    /// ```
    #[inline]
    pub fn throw(&self) -> Throw {
        self.throw
    }

    /// The roll of the throw in hand.
    /// ```
    /// use senet_bot::Decision;
    /// use senet::{Dice, Position, Roll, Throw, rulesets::Kendall};
    ///
    /// let throw = Throw::canonical(Dice::FOUR_STICKS, Roll::new(3).unwrap()).unwrap();
    /// let decision = Decision::new(Position::start(Kendall), throw, &[]).unwrap();
    /// assert_eq!(decision.roll(), throw.roll());
    /// assert_eq!(decision.roll().value(), 3);
    /// ```
    #[inline]
    pub fn roll(&self) -> Roll {
        self.throw.roll()
    }

    /// The legal moves, in the engine's order (never empty).
    /// ```
    /// use senet_bot::Decision;
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// let three = Roll::new(3).unwrap();
    /// let decision = Decision::from_roll(start, three).unwrap();
    /// assert_eq!(decision.moves().len(), start.moves(three).len());
    /// assert!(decision.moves().iter().all(|mv| mv.roll() == three));
    /// ```
    #[inline]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Whether there is only one legal move.
    /// ```
    /// use senet_bot::Decision;
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// // At the start a 2 can only move the piece on 10; a 3 can move any piece.
    /// assert!(Decision::from_roll(start, Roll::new(2).unwrap()).unwrap().is_forced());
    /// assert!(!Decision::from_roll(start, Roll::new(3).unwrap()).unwrap().is_forced());
    /// ```
    #[inline]
    pub fn is_forced(&self) -> bool {
        self.moves.len() == 1
    }

    /// The throws played so far in this game, oldest first.
    /// ```
    /// use senet_bot::Decision;
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let rolls = [2, 3].map(|r| Roll::new(r).unwrap());
    /// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls(rolls));
    /// game.throw()?;
    /// game.play_text("2: 10-12")?;
    /// game.throw()?;
    /// let view = game.view();
    /// assert_eq!(Decision::from_view(&view)?.history(), game.history());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn history(&self) -> &'a [Turn] {
        self.history
    }

    /// The position after one of the legal moves, or `None` for a move
    /// that is not one of [`moves`](Self::moves).
    /// ```
    /// use senet_bot::Decision;
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// let decision = Decision::from_roll(start, Roll::new(3).unwrap()).unwrap();
    /// let mv = decision.moves()[0];
    /// assert_eq!(decision.after(mv), start.play(mv).ok());
    /// let two = start.moves(Roll::new(2).unwrap()).get(0).unwrap(); // another roll's move
    /// assert_eq!(decision.after(two), None);
    /// ```
    pub fn after(&self, mv: Move) -> Option<Position<R>> {
        self.legal.play(mv).ok()
    }
}

/// A player: given a decision, it returns one of its legal moves.
///
/// Implementations must return an element of
/// [`Decision::moves`]; drivers such as [`Duel`](crate::Duel) check it
/// and report a breach as an error. The trait is object-safe, so agents
/// picked at run time can be boxed.
///
/// ```
/// use senet_bot::{Agent, Decision, Duel};
/// use senet::rulesets::Kendall;
/// use senet::{Move, Seed};
///
/// /// Always moves the piece furthest back.
/// struct Laggard;
///
/// impl Agent<Kendall> for Laggard {
///     fn name(&self) -> String {
///         "laggard".into()
///     }
///     fn choose(&mut self, decision: &Decision<'_, Kendall>) -> Move {
///         decision.moves()[0] // the engine lists moves by start house
///     }
/// }
///
/// let pair = Duel::new(Kendall).play_pair(&mut Laggard, &mut Laggard, Seed::from_u64(1))?;
/// assert_eq!(pair.a_half_points(), 2); // the same player twice: one win each
/// # Ok::<(), senet_bot::DuelError>(())
/// ```
pub trait Agent<R: Ruleset> {
    /// A short name for reports (`"random"`, `"level 2"`).
    fn name(&self) -> String;

    /// Picks one of `decision.moves()`.
    fn choose(&mut self, decision: &Decision<'_, R>) -> Move;
}

impl<R: Ruleset, A: Agent<R> + ?Sized> Agent<R> for Box<A> {
    fn name(&self) -> String {
        (**self).name()
    }

    fn choose(&mut self, decision: &Decision<'_, R>) -> Move {
        (**self).choose(decision)
    }
}

impl<R: Ruleset, A: Agent<R> + ?Sized> Agent<R> for &mut A {
    fn name(&self) -> String {
        (**self).name()
    }

    fn choose(&mut self, decision: &Decision<'_, R>) -> Move {
        (**self).choose(decision)
    }
}

/// A legal move with the equity an agent expects after it.
/// ```
/// use senet_bot::{Decision, Evaluation, Greedy, Scored};
/// use senet::{Position, Roll, rulesets::Kendall};
///
/// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
/// let thought = Greedy::new(Evaluation::new(Kendall)).think(&decision);
/// let Scored { mv, equity } = thought.ranked[0];
/// assert!(decision.moves().contains(&mv));
/// assert!((0.0..=1.0).contains(&equity));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
pub struct Scored {
    /// The move.
    pub mv: Move,
    /// The mover's equity after it, as the agent estimates it: its chance
    /// of winning plus half its chance of a draw, from 0 to 1.
    pub equity: f64,
}

/// How an agent sees every legal move of a decision: what a hint shows.
/// ```
/// use senet_bot::{Bot, Decision, Level};
/// use senet::{Position, Roll, rulesets::Kendall};
///
/// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
/// let thought = Bot::new(Kendall, Level::new(1).unwrap()).think(&decision);
/// assert_eq!(thought.ranked.len(), decision.moves().len());
/// assert!(thought.ranked.windows(2).all(|w| w[0].equity >= w[1].equity));
/// assert_eq!((thought.depth, thought.exact), (1, false));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
pub struct Thought {
    /// Every legal move with its value, best first; among equal values the
    /// engine's move order is kept. The first is the move the agent plays.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "ranked"))]
    pub ranked: Vec<Scored>,
    /// How many throws deep the values look: 1 for the rule of thumb (the
    /// throw in hand only), more for a search.
    pub depth: u8,
    /// How many positions were generated or evaluated.
    pub nodes: u64,
    /// Whether the values are exact: read from a solved endgame
    /// [`Table`](senet_odds::Table) rather than estimated (`depth` is then 0).
    pub exact: bool,
}

impl Thought {
    /// The move the agent plays.
    ///
    /// # Panics
    ///
    /// When `ranked` is empty (never for a thought an agent returned).
    ///
    /// ```
    /// use senet_bot::{Agent, Bot, Decision, Level};
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
    /// let mut bot = Bot::new(Kendall, Level::new(2).unwrap());
    /// let thought = bot.think(&decision);
    /// assert_eq!(thought.best(), thought.ranked[0].mv);
    /// assert_eq!(thought.best(), bot.choose(&decision));
    /// ```
    pub fn best(&self) -> Move {
        self.ranked[0].mv
    }

    /// The equity the agent expects after its move.
    ///
    /// # Panics
    ///
    /// When `ranked` is empty (never for a thought an agent returned).
    ///
    /// ```
    /// use senet_bot::{Bot, Decision, Level};
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
    /// let thought = Bot::new(Kendall, Level::new(2).unwrap()).think(&decision);
    /// assert!(thought.ranked.iter().all(|scored| scored.equity <= thought.value()));
    /// assert!((0.0..=1.0).contains(&thought.value()));
    /// ```
    pub fn value(&self) -> f64 {
        self.ranked[0].equity
    }

    /// Ranks scored moves best first, keeping the given order among ties.
    pub(crate) fn from_scores(mut ranked: Vec<Scored>, depth: u8, nodes: u64) -> Thought {
        ranked.sort_by(|a, b| b.equity.total_cmp(&a.equity));
        Thought {
            ranked,
            depth,
            nodes,
            exact: false,
        }
    }

    /// Ranks exact values from a table, best first.
    pub(crate) fn exact(ranked: Vec<Scored>, nodes: u64) -> Thought {
        Thought {
            exact: true,
            ..Thought::from_scores(ranked, 0, nodes)
        }
    }
}

/// A thought's ranked moves: at most [`MAX_MOVES`], all of one roll, each
/// from its own house, best first; read one at a time and refused at the
/// first that does not fit.
#[cfg(feature = "serde")]
fn ranked<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<Scored>, D::Error> {
    use core::fmt;
    use senet::moves::MAX_MOVES;
    use serde::de::{self, Visitor};
    struct Ranked;
    impl<'de> Visitor<'de> for Ranked {
        type Value = Vec<Scored>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a list of at most {MAX_MOVES} scored moves, best first")
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Scored>, A::Error> {
            let mut ranked: Vec<Scored> = Vec::new();
            while let Some(scored) = seq.next_element::<Scored>()? {
                if ranked.len() == MAX_MOVES {
                    return Err(de::Error::custom(format_args!(
                        "a decision has at most {MAX_MOVES} moves"
                    )));
                }
                let mv: Move = scored.mv;
                if ranked
                    .iter()
                    .any(|s| s.mv.roll() != mv.roll() || s.mv.from() == mv.from())
                {
                    return Err(de::Error::custom(
                        "the moves of a decision share one roll and start from different houses",
                    ));
                }
                if let Some(last) = ranked.last()
                    && last.equity < scored.equity
                {
                    return Err(de::Error::custom(format_args!(
                        "the moves are ranked best first: {} after {}",
                        scored.equity, last.equity
                    )));
                }
                ranked.push(scored);
            }
            Ok(ranked)
        }
    }
    deserializer.deserialize_seq(Ranked)
}
