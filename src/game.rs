//! Playing a game: one game, throw by throw, with its history and its record.
//!
//! [`Game`] owns the position, the throw source and the history. Throw for the
//! side to play; a throw without a legal move is played as lost at once and
//! reported; otherwise play one of the legal moves, as a
//! [`Move`], in notation, or as a person types it. The ruleset
//! decides who throws next and when the game ends; either side may resign.
//! Any call that is not allowed (a move before a throw, an illegal move, a
//! second throw before the move, anything after the end) returns a
//! [`GameError`] and leaves the game unchanged.
//!
//! ```
//! use senet::{Game, Seed, rulesets::Kendall};
//! use senet::game::Thrown;
//!
//! let mut game = Game::seeded(Kendall, Seed::from_u64(42));
//! while !game.is_over() {
//!     if let Thrown::ToPlay(_) = game.throw()? {
//!         let mv = game.legal_moves()[0]; // a real player chooses
//!         game.play(mv)?;
//!     }
//! }
//! assert!(game.play_text("4: 10-14+").is_err()); // the game is over: refused
//! let record = game.record(); // ruleset, revision, seed, result, every throw
//! assert!(record.verify().is_ok());
//! # Ok::<(), senet::GameError>(())
//! ```
//!
//! `Game<AnyRuleset>` picks the ruleset at run time. Bots and displays are
//! given [`Game::view`], a [`GameView`]: the position, the ruleset, the throw
//! waiting, its legal moves and the history, but not the throw source or the
//! seed, so whoever holds it cannot know a throw before it falls.
//!
//! [`Game::advance`] throws on until a side must choose a move (or the game
//! is over), playing and reporting every throw that had none: a server's
//! turn loop is one call and a `match` on its [`Stop`].
//!
//! # A game server in a few lines
//!
//! A server keeps each game's seed to itself, takes moves as people type them
//! (`10-14`, `10 14`, the start house `10`, `off`, or the notation), stores a
//! game as its record between requests and takes it up again from there
//! ([`Game::resume`]), and publishes the record, seed included, when the game
//! ends, so that anyone can check every roll (see [`source`](crate::source)
//! for the contract). A stored record is a game's whole state: the resumed
//! game throws on exactly as the original would have.
//!
//! ```
//! use senet::{AnyRuleset, Game, Record, Seed};
//! use senet::game::Thrown;
//!
//! // A new game. Draw a fresh secret seed for each real game (with the
//! // `os-seed` feature, `Seed::random()?` takes one from the system).
//! let ruleset: AnyRuleset = "kendall".parse()?;
//! let mut game = Game::seeded(ruleset, Seed::from_u64(2026));
//!
//! // A request: throw for the player, then take the move they typed.
//! if let Thrown::ToPlay(throw) = game.throw()? {
//!     println!("you threw {throw}; position {}", game.position());
//!     let typed = game.legal_moves()[0].from().to_string(); // say "10"
//!     let turn = game.play_typed(&typed)?;
//!     println!("played {}", turn.text()); // strict notation, as recorded
//! }
//!
//! // Between requests the game is stored as its record (text here; with the
//! // `serde` feature, a `Game` is also JSON), and taken up again.
//! let stored = game.record().to_string();
//! let mut game = Game::resume(&stored.parse::<Record>()?, ruleset)?;
//! assert!(game.play_typed("ten").is_err()); // refused, with the reason; nothing changes
//!
//! // At the end, publish the record: anyone can verify every roll and move.
//! game.resign(game.position().side_to_throw())?;
//! assert!(game.record().verify()?.is_valid());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bank;
mod resume;
mod step;
mod turn;
mod view;

use core::fmt;

use thiserror::Error;

use crate::effect::Effect;
use crate::house::Side;
use crate::movegen::IllegalMoveError;
use crate::mv::Move;
use crate::notation::move_text::{MoveText, MoveTextError, ParseMoveError};
use crate::notation::typed::TypedMoveError;
use crate::position::Position;
use crate::ruleset::{Outcome, Ruleset};
#[cfg(doc)]
use crate::rulesets::CheckedRuleset;
use crate::source::{Seed, SeededThrows, ThrowError, ThrowSource};
use crate::throw::{Dice, Roll, Throw};

pub use resume::ResumeError;
pub use step::{Advance, Stop};
pub use turn::{Ending, Finish, ParseEndingError, Thrown, Turn, TurnError};
pub use view::GameView;
use view::State;

/// One game under ruleset `R`, throwing from `S`: the position, the throw
/// source and the history.
///
/// The turn goes: [`throw`](Game::throw) for the side to play; if the
/// throw has no legal move it is played as lost at once (and reported),
/// otherwise pick one of [`legal_moves`](Game::legal_moves) and
/// [`play`](Game::play) it (or [`play_text`](Game::play_text) its
/// notation). The ruleset decides who throws next; the game ends when
/// the rules say so, or when a side [`resign`](Game::resign)s.
///
/// Every method that can fail returns a [`GameError`] and leaves the game
/// as it was; no sequence of calls panics. Use `R = AnyRuleset` to pick
/// the ruleset at run time. Its `Debug` form leaves out the throw source
/// and the seed, so logging a game does not give its future throws away.
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet::{Game, Position, Seed};
/// use senet::game::Thrown;
///
/// let mut game = Game::seeded(Position::start(Kendall), Seed::from_u64(7));
/// while !game.is_over() {
///     if let Thrown::ToPlay(_) = game.throw()? {
///         let first = game.legal_moves()[0];
///         game.play(first)?;
///     }
/// }
/// // Anyone can check the finished game from its record and seed.
/// assert!(game.record().verify_with(Kendall).is_ok());
/// # Ok::<(), senet::GameError>(())
/// ```
#[derive(Clone)]
pub struct Game<R: Ruleset, S: ThrowSource = SeededThrows> {
    state: State<R>,
    source: S,
    seed: Option<Seed>,
}

/// Why a call on a [`Game`] was refused. The game is unchanged.
///
/// ```
/// use senet::{Game, GameError, Seed, rulesets::Kendall};
///
/// let mut game = Game::seeded(Kendall, Seed::from_u64(1));
/// // Nothing has been thrown yet, so there is nothing to play.
/// let err = game.play_text("2: 10-12").unwrap_err();
/// assert!(matches!(err, GameError::NotThrown { .. }));
/// assert!(game.history().is_empty() && game.current_throw().is_none());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum GameError {
    /// The game is over: nobody throws or moves again.
    #[error("the game is over: {finish}")]
    Over {
        /// How it ended.
        finish: Finish,
    },
    /// A throw is waiting for its move; it must be played before the next throw.
    #[error("{side} threw {throw} and must play it before anyone throws again")]
    MovePending {
        /// The side that threw.
        side: Side,
        /// The throw waiting.
        throw: Throw,
    },
    /// No throw is waiting: the side to play must throw first.
    #[error("there is no throw to play: {side} must throw first")]
    NotThrown {
        /// The side to throw.
        side: Side,
    },
    /// The move is for another roll than the one thrown.
    #[error("the move is for a roll of {given}, but {side} threw a {thrown}")]
    WrongRoll {
        /// The roll of the move given.
        given: Roll,
        /// The roll thrown.
        thrown: Roll,
        /// The side that threw.
        side: Side,
    },
    /// The move is not legal in this position with this throw.
    #[error("{side} cannot play {mv:?} here: {error}")]
    Illegal {
        /// The side that threw.
        side: Side,
        /// The move given.
        mv: Move,
        /// Why it is not legal.
        error: IllegalMoveError,
    },
    /// The text is not move notation.
    #[error("{0}")]
    Malformed(#[from] ParseMoveError),
    /// The notation does not name a legal move here, written exactly.
    #[error("{side} cannot play {written} here: {error}")]
    Notation {
        /// The side that threw.
        side: Side,
        /// The notation given.
        written: MoveText,
        /// Why not.
        error: MoveTextError,
    },
    /// What a person typed names no single legal move of the waiting throw.
    #[error("{side}: {error}")]
    Typed {
        /// The side that threw.
        side: Side,
        /// Why not, in words for that person.
        error: TypedMoveError,
    },
    /// The throw source could not throw.
    #[error("no throw: {0}")]
    Source(#[from] ThrowError),
    /// The throw source threw another implement than the ruleset's.
    #[error("the throw source threw the {found}, but {ruleset} throws the {expected}")]
    WrongDice {
        /// The ruleset's name.
        ruleset: &'static str,
        /// The ruleset's implement.
        expected: Dice,
        /// The implement thrown.
        found: Dice,
    },
    /// [`Game::advance`] threw this many times in a row without a legal
    /// move: nobody can move in this position, whatever is thrown.
    #[error("{throws} throws in a row had no legal move: nobody can move in this position")]
    NoMove {
        /// The lost throws made in a row.
        throws: usize,
    },
}

impl<R: Ruleset, S: ThrowSource> fmt::Debug for Game<R, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("state", &self.state)
            .finish_non_exhaustive()
    }
}

impl<R: Ruleset> Game<R, SeededThrows> {
    /// A game throwing from `seed`: the fair-play way. It starts from
    /// `start`, a checked ruleset's start (`Game::seeded(Kendall, seed)`,
    /// see [`CheckedRuleset`]) or any position. Its [`record`](Game::record)
    /// carries the seed, so anyone can check every roll once the seed is
    /// published, and the start when it is not the ruleset's.
    ///
    /// ```
    /// use senet::{Game, Position, Seed, rulesets::Kendall};
    ///
    /// let mut a = Game::seeded(Kendall, Seed::from_u64(5));
    /// let mut b = Game::seeded(Kendall, Seed::from_u64(5));
    /// assert_eq!(a.throw()?, b.throw()?); // the same seed throws the same
    /// assert_eq!(a.record().seed(), Some(Seed::from_u64(5)));
    ///
    /// let endgame: Position<Kendall> = "o........................x.... x 4 4".parse()?;
    /// let game = Game::seeded(endgame, Seed::from_u64(1));
    /// assert_eq!(game.position(), &endgame);
    /// // Not the ruleset's start, so the record says where the game began.
    /// assert_eq!(game.record().start(), Some(endgame.to_string().as_str()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn seeded(start: impl Into<Position<R>>, seed: Seed) -> Game<R, SeededThrows> {
        Game::new(start, SeededThrows::new(seed))
    }
}

impl<R: Ruleset, S: ThrowSource> Game<R, S> {
    /// A game throwing from `source`, from `start`: a checked ruleset's
    /// start (see [`CheckedRuleset`]) or any position; a finished position makes
    /// a finished game. The record carries the source's
    /// [`fresh_seed`](ThrowSource::fresh_seed) when it has one (a fresh
    /// [`SeededThrows`] has; scripted throws have none).
    ///
    /// ```
    /// use senet::{Game, Outcome, Position, Roll, Side, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let rolls = [2, 3].map(|r| Roll::new(r).unwrap());
    /// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls(rolls));
    /// game.throw()?;
    /// game.play_text("2: 10-12")?;
    /// // Scripted throws come from no seed: the record can only be checked for legality.
    /// assert_eq!(game.seed(), None);
    ///
    /// // x has borne off all five pieces: the game is over before it starts.
    /// let over: Position<Kendall> = ".............................o o 5 4".parse()?;
    /// let game = Game::new(over, ScriptedThrows::default());
    /// assert!(game.is_over());
    /// assert_eq!(game.outcome(), Some(Outcome::Win(Side::X)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(start: impl Into<Position<R>>, source: S) -> Game<R, S> {
        let position = start.into();
        let seed = source.fresh_seed();
        let mut game = Game {
            state: State {
                start: position,
                position,
                pending: None,
                banked: bank::banked_at_start(&position),
                history: Vec::new(),
                finish: position.outcome().map(Finish::by_rules),
            },
            source,
            seed,
        };
        // A start with a bank to play waits for its moves.
        game.settle_bank();
        game
    }

    /// What players may see of the game: everything but the throw source.
    ///
    /// ```
    /// use senet::{Game, Seed, rulesets::Kendall};
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(3));
    /// game.throw()?;
    /// let view = game.view(); // what a bot or a display is given
    /// assert_eq!(view.legal_moves(), game.legal_moves());
    /// assert_eq!(view.current_throw(), game.current_throw());
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn view(&self) -> GameView<'_, R> {
        GameView::new(&self.state)
    }

    /// The ruleset played.
    ///
    /// ```
    /// use senet::{AnyRuleset, Game, Ruleset, Seed};
    ///
    /// let ruleset: AnyRuleset = "temple".parse()?;
    /// let game = Game::seeded(ruleset, Seed::from_u64(1));
    /// assert_eq!(game.ruleset().name(), "temple");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ruleset(&self) -> R {
        self.state.position.ruleset()
    }

    /// The position now (while a throw waits, the one it will be played in).
    ///
    /// ```
    /// use senet::{Game, Position, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let script = ScriptedThrows::from_rolls([Roll::new(2).unwrap()]);
    /// let mut game = Game::new(Kendall, script);
    /// game.throw()?;
    /// assert_eq!(game.position(), &Position::start(Kendall)); // not played yet
    /// game.play_text("2: 10-12")?;
    /// assert_eq!(game.position().to_string(), "oxoxoxoxo..x.................. o 0 0");
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn position(&self) -> &Position<R> {
        &self.state.position
    }

    /// The side that must act next (play the waiting throw, or throw);
    /// `None` once the game is over.
    ///
    /// ```
    /// use senet::{Game, Seed, Side, rulesets::Kendall};
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(1));
    /// assert_eq!(game.to_play(), Some(Side::X)); // Kendall: x throws first
    /// game.resign(Side::O)?;
    /// assert_eq!(game.to_play(), None);
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn to_play(&self) -> Option<Side> {
        self.view().to_play()
    }

    /// The throw waiting for a move, if any.
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let script = ScriptedThrows::from_rolls([Roll::new(3).unwrap()]);
    /// let mut game = Game::new(Kendall, script);
    /// assert_eq!(game.current_throw(), None);
    /// game.throw()?;
    /// assert_eq!(game.current_throw().map(|t| t.roll().value()), Some(3));
    /// game.play_text("3: 8-11")?;
    /// assert_eq!(game.current_throw(), None);
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn current_throw(&self) -> Option<Throw> {
        self.view().current_throw()
    }

    /// The legal moves of the waiting throw; empty when none waits.
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let script = ScriptedThrows::from_rolls([Roll::new(3).unwrap()]);
    /// let mut game = Game::new(Kendall, script);
    /// assert!(game.legal_moves().is_empty());
    /// game.throw()?;
    /// assert_eq!(game.legal_moves().len(), 5); // every piece of x can move a 3
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn legal_moves(&self) -> &[Move] {
        self.view().legal_moves()
    }

    /// Every throw played so far, in order.
    ///
    /// ```
    /// use senet::{Game, Roll, Side, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let rolls = [2, 3].map(|r| Roll::new(r).unwrap());
    /// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls(rolls));
    /// game.throw()?;
    /// game.play_text("2: 10-12")?;
    /// game.throw()?;
    /// game.play_text("3: 9-12x")?;
    /// let texts: Vec<String> = game.history().iter().map(|t| t.text().to_string()).collect();
    /// assert_eq!(texts, ["2: 10-12", "3: 9-12x"]);
    /// assert_eq!(game.history()[1].side(), Side::O);
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn history(&self) -> &[Turn] {
        self.view().history()
    }

    /// How the game ended, once it has.
    ///
    /// ```
    /// use senet::{Game, Seed, Side, rulesets::Kendall};
    /// use senet::game::Finish;
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(1));
    /// assert_eq!(game.finish(), None);
    /// game.resign(Side::X)?;
    /// assert_eq!(game.finish(), Some(Finish::Resignation { winner: Side::O }));
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
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(1));
    /// assert_eq!(game.outcome(), None);
    /// game.resign(Side::O)?;
    /// assert_eq!(game.outcome(), Some(Outcome::Win(Side::X)));
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.view().outcome()
    }

    /// Whether the game is over.
    ///
    /// ```
    /// use senet::{Game, Seed, rulesets::Kendall};
    /// use senet::game::Thrown;
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(8));
    /// while !game.is_over() {
    ///     if let Thrown::ToPlay(_) = game.throw()? {
    ///         game.play(game.legal_moves()[0])?;
    ///     }
    /// }
    /// assert!(game.throw().is_err()); // nobody throws after the end
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn is_over(&self) -> bool {
        self.state.finish.is_some()
    }

    /// The seed the game throws from, for games made from a fresh seeded
    /// source ([`Game::seeded`], or a new [`SeededThrows`]). Publish it
    /// when the game is over, never before.
    ///
    /// ```
    /// use senet::{Game, Roll, Seed, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let seeded = Game::seeded(Kendall, Seed::from_u64(4));
    /// assert_eq!(seeded.seed(), Some(Seed::from_u64(4)));
    /// let script = ScriptedThrows::from_rolls([Roll::new(2).unwrap()]);
    /// let scripted = Game::new(Kendall, script);
    /// assert_eq!(scripted.seed(), None);
    /// ```
    pub fn seed(&self) -> Option<Seed> {
        self.seed
    }

    /// Throws for the side to play.
    ///
    /// When the throw has legal moves it waits for one
    /// ([`Thrown::ToPlay`]). When it has none it is played as lost at
    /// once and the turn it made is returned ([`Thrown::Lost`]).
    ///
    /// # Errors
    ///
    /// [`GameError::Over`] after the end, [`GameError::MovePending`] while
    /// a throw waits for its move, and [`GameError::Source`] or
    /// [`GameError::WrongDice`] when the source cannot give a throw of the
    /// ruleset's implement.
    ///
    /// ```
    /// use senet::{Game, Position, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    /// use senet::game::Thrown;
    ///
    /// // x on 29 leaves only with a 2: a 3 is lost at once.
    /// let position: Position<Kendall> = "o...........................x. x 4 4".parse()?;
    /// let script = ScriptedThrows::from_rolls([Roll::new(3).unwrap()]);
    /// let mut game = Game::new(position, script);
    /// let Thrown::Lost(turn) = game.throw()? else { panic!("the 3 has no move") };
    /// assert_eq!(turn.text().to_string(), "3: -");
    /// assert!(game.throw().is_err()); // the script has no throw left
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn throw(&mut self) -> Result<Thrown, GameError> {
        self.check_not_over()?;
        let position = self.state.position;
        if let Some(&(throw, _)) = self.state.pending.as_ref() {
            return Err(GameError::MovePending {
                side: position.side_to_throw(),
                throw,
            });
        }
        let ruleset = position.ruleset();
        let throw = self.source.next_throw(ruleset.dice())?;
        if throw.dice() != ruleset.dice() {
            return Err(GameError::WrongDice {
                ruleset: ruleset.name(),
                expected: ruleset.dice(),
                found: throw.dice(),
            });
        }
        if ruleset.banks_throws() {
            return self.bank(throw);
        }
        let moves = position.moves(throw.roll()).to_list();
        if !moves.is_empty() {
            self.state.pending = Some((throw, moves.to_vec()));
            return Ok(Thrown::ToPlay(throw));
        }
        let after = position
            .lose_throw(throw.roll())
            .map_err(|error| GameError::Notation {
                side: position.side_to_throw(),
                written: position.lost_notation(throw.roll()),
                error: MoveTextError::Illegal(error),
            })?;
        let text = position.lost_notation(throw.roll());
        Ok(Thrown::Lost(self.commit(throw, None, text, after)))
    }

    /// Plays `mv` with the waiting throw; returns the turn it made.
    ///
    /// # Errors
    ///
    /// [`GameError::Over`] after the end, [`GameError::NotThrown`] before
    /// a throw, [`GameError::WrongRoll`] or [`GameError::Illegal`] for a
    /// move that is not one of the waiting throw's legal moves.
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let script = ScriptedThrows::from_rolls([Roll::new(2).unwrap()]);
    /// let mut game = Game::new(Kendall, script);
    /// game.throw()?;
    /// let mv = game.legal_moves()[0];
    /// let turn = game.play(mv)?;
    /// assert_eq!((turn.number(), turn.played()), (1, Some(mv)));
    /// assert!(game.play(mv).is_err()); // the throw is used up
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<Turn, GameError> {
        let (turn, ()) = self.play_by(mv, |position| position.play(mv).map(|after| (after, ())))?;
        Ok(turn)
    }

    /// Plays `mv` as [`Game::play`] does, and says what it did: for a
    /// caller that tells the move as it happens (a commentary, a chat
    /// bot), the move is played once rather than once more to read its
    /// effect.
    ///
    /// # Errors
    ///
    /// As [`Game::play`].
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let script = ScriptedThrows::from_rolls([Roll::new(2).unwrap()]);
    /// let mut game = Game::new(Kendall, script);
    /// game.throw()?;
    /// let mv = game.legal_moves()[0];
    /// let (turn, effect) = game.play_with_effect(mv)?;
    /// assert_eq!(turn.played(), Some(mv));
    /// assert!(effect.played == mv && effect.is_plain()); // 10-12, nothing else
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn play_with_effect(&mut self, mv: Move) -> Result<(Turn, Effect), GameError> {
        self.play_by(mv, |position| position.play_with_effect(mv))
    }

    /// Plays `mv` with the waiting throw; `apply` makes the position after
    /// it, with whatever else its caller reads of the move.
    fn play_by<T>(
        &mut self,
        mv: Move,
        apply: impl FnOnce(&Position<R>) -> Result<(Position<R>, T), IllegalMoveError>,
    ) -> Result<(Turn, T), GameError> {
        let mut throw = self.waiting_throw()?;
        let position = self.state.position;
        let side = position.side_to_throw();
        // A bank's moves are of every banked roll: the position refuses a
        // roll not banked.
        let banking = position.ruleset().banks_throws();
        if mv.roll() != throw.roll() && !banking {
            return Err(GameError::WrongRoll {
                given: mv.roll(),
                thrown: throw.roll(),
                side,
            });
        }
        let (after, read) =
            apply(&position).map_err(|error| GameError::Illegal { side, mv, error })?;
        if banking {
            throw = self.take_banked(mv.roll());
        }
        let turn = self.commit(throw, Some(mv), position.notation(mv), after);
        if banking {
            self.settle_bank();
        }
        Ok((turn, read))
    }

    /// Plays the move written in strict notation (`"2: 10-12"`, `"1: 26-27+"`):
    /// the roll must be the waiting throw's and every suffix, `+` included,
    /// what the move does.
    ///
    /// # Errors
    ///
    /// As [`Game::play`], and [`GameError::Malformed`] or
    /// [`GameError::Notation`] for text that is not the move's exact notation.
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let script = ScriptedThrows::from_rolls([Roll::new(4).unwrap()]);
    /// let mut game = Game::new(Kendall, script);
    /// game.throw()?;
    /// assert!(game.play_text("4: 10-14").is_err()); // a 4 throws again: `+`
    /// let turn = game.play_text("4: 10-14+")?;
    /// assert!(turn.throws_again());
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn play_text(&mut self, text: &str) -> Result<Turn, GameError> {
        self.waiting_throw()?;
        let written: MoveText = text.parse()?;
        self.play_notation(written)
    }

    /// Plays the move a person typed for the waiting throw, read leniently
    /// ([`Position::read_typed_move`]: `10-14`, `10 14`, `10`, `off`, or
    /// the notation with any suffixes). Nothing changes when it names no
    /// single legal move. Records stay strict: the turn is recorded in
    /// notation.
    ///
    /// # Errors
    ///
    /// As [`Game::play`], and [`GameError::Typed`] when the text names no
    /// single legal move; its message can be shown to the player as it is.
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let script = ScriptedThrows::from_rolls([Roll::new(4).unwrap()]);
    /// let mut game = Game::new(Kendall, script);
    /// game.throw()?;
    /// assert!(game.play_typed("12").is_err()); // x has no piece on 12
    /// let turn = game.play_typed("10")?;
    /// assert_eq!(turn.text().to_string(), "4: 10-14+");
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn play_typed(&mut self, text: &str) -> Result<Turn, GameError> {
        let throw = self.waiting_throw()?;
        let position = self.state.position;
        if position.ruleset().banks_throws() {
            let mv = position
                .read_typed_banked_move(text)
                .map_err(|error| GameError::Typed {
                    side: position.side_to_throw(),
                    error,
                })?;
            return self.play(mv);
        }
        let mv = position
            .read_typed_move(throw.roll(), text)
            .map_err(|error| GameError::Typed {
                side: position.side_to_throw(),
                error,
            })?;
        self.play(mv)
    }

    /// Plays the move a parsed notation names; see [`Game::play_text`].
    ///
    /// # Errors
    ///
    /// As [`Game::play_text`], but for [`GameError::Malformed`].
    ///
    /// ```
    /// use senet::{Game, MoveText, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let script = ScriptedThrows::from_rolls([Roll::new(2).unwrap()]);
    /// let mut game = Game::new(Kendall, script);
    /// game.throw()?;
    /// let written: MoveText = "2: 10-12".parse()?;
    /// assert_eq!(game.play_notation(written)?.text(), written);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_notation(&mut self, written: MoveText) -> Result<Turn, GameError> {
        let throw = self.waiting_throw()?;
        let position = self.state.position;
        let side = position.side_to_throw();
        if written.roll() != throw.roll() && !position.ruleset().banks_throws() {
            return Err(GameError::WrongRoll {
                given: written.roll(),
                thrown: throw.roll(),
                side,
            });
        }
        let notation_error = |error| GameError::Notation {
            side,
            written,
            error,
        };
        if position.ruleset().banks_throws() {
            return match written.resolve(&position).map_err(notation_error)? {
                Some(mv) => self.play(mv),
                None => Err(notation_error(MoveTextError::NotLost {
                    written,
                    count: self.legal_moves().len(),
                })),
            };
        }
        match written.resolve(&position).map_err(notation_error)? {
            Some(mv) => self.play(mv),
            // A waiting throw always has legal moves, so it is never lost.
            None => Err(notation_error(MoveTextError::NotLost {
                written,
                count: self.legal_moves().len(),
            })),
        }
    }

    /// `side` resigns: the game ends, won by the other side. A throw
    /// waiting for a move is dropped (it is not part of the history).
    ///
    /// # Errors
    ///
    /// [`GameError::Over`] when the game has already ended.
    ///
    /// ```
    /// use senet::{Game, Seed, Side, rulesets::Kendall};
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(1));
    /// let finish = game.resign(Side::X)?;
    /// assert_eq!(finish.winner(), Some(Side::O));
    /// assert!(game.resign(Side::O).is_err()); // the game is over
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn resign(&mut self, side: Side) -> Result<Finish, GameError> {
        self.check_not_over()?;
        let finish = Finish::Resignation {
            winner: side.opponent(),
        };
        self.state.pending = None;
        self.state.finish = Some(finish);
        Ok(finish)
    }

    fn check_not_over(&self) -> Result<(), GameError> {
        match self.state.finish {
            Some(finish) => Err(GameError::Over { finish }),
            None => Ok(()),
        }
    }

    fn waiting_throw(&self) -> Result<Throw, GameError> {
        self.check_not_over()?;
        self.current_throw().ok_or(GameError::NotThrown {
            side: self.state.position.side_to_throw(),
        })
    }

    /// Records the turn and moves to the position after it.
    fn commit(
        &mut self,
        throw: Throw,
        play: Option<Move>,
        text: MoveText,
        after: Position<R>,
    ) -> Turn {
        let turn = Turn::from_parts(
            self.state.history.len() + 1,
            self.state.position.side_to_throw(),
            throw,
            play,
            text,
        );
        self.state.history.push(turn);
        self.state.position = after;
        self.state.pending = None;
        if text.is_banked() {
            self.state.banked.push(throw);
        }
        if after.bank().is_empty() {
            self.state.banked.clear();
        }
        self.state.finish = after.outcome().map(Finish::by_rules);
        turn
    }
}
