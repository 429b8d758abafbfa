//! What a game remembers: each throw as it was played, and how the game ended.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::house::Side;
use crate::mv::Move;
use crate::notation::move_text::MoveText;
use crate::notation::quote::excerpt;
use crate::ruleset::Outcome;
use crate::throw::{Roll, Throw};

/// One throw of a game as it was played: who threw, what fell, and the
/// move made with it (or `None` when the throw was lost).
///
/// Turns come from a [`Game`](crate::Game) or from replaying a
/// [`Record`](crate::Record); the move, the throw and the notation always
/// agree (deserialising checks it).
///
/// ```
/// use senet::{Game, Roll, Side, rulesets::Kendall};
/// use senet::source::ScriptedThrows;
///
/// let script = ScriptedThrows::from_rolls([Roll::new(2).unwrap()]);
/// let mut game = Game::new(Kendall, script);
/// game.throw()?;
/// let turn = game.play_text("2: 10-12")?;
/// assert_eq!((turn.number(), turn.side()), (1, Side::X));
/// assert!(turn.to_string().starts_with("1. x ") && turn.to_string().ends_with(" 2: 10-12"));
/// assert_eq!(game.history(), [turn]);
/// # Ok::<(), senet::GameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    number: usize,
    side: Side,
    throw: Throw,
    play: Option<Move>,
    text: MoveText,
}

/// Why the parts given do not make a [`Turn`].
///
/// ```
/// use senet::{Dice, MoveText, Roll, Side, Throw};
/// use senet::game::{Turn, TurnError};
///
/// let two = Throw::canonical(Dice::FOUR_STICKS, Roll::new(2).unwrap()).unwrap();
/// let three: MoveText = "3: -".parse()?;
/// let err = Turn::new(1, Side::X, two, None, three).unwrap_err();
/// assert!(matches!(err, TurnError::Roll { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum TurnError {
    /// Throws are numbered from 1.
    #[error("throws are numbered from 1, found 0")]
    NumberZero,
    /// The notation's roll is not the throw's.
    #[error("the throw is worth {thrown}, the notation {written} says {}", written.roll())]
    Roll {
        /// What the throw is worth.
        thrown: Roll,
        /// The notation given.
        written: MoveText,
    },
    /// The notation does not write the move (or the lost throw) given.
    #[error("the notation {written} does not write the move {play:?}")]
    Notation {
        /// The notation given.
        written: MoveText,
        /// The move given (`None`: a lost throw).
        play: Option<Move>,
    },
}

impl Turn {
    /// A turn from its parts, checked against each other: the notation
    /// must have the throw's roll and write exactly `play` (its start,
    /// target, `x` and `<`; a dash when `play` is `None`). Whether the move
    /// was legal, and whether the `+` is right, only the position it was
    /// played in can tell: see [`Record::verify`](crate::Record::verify).
    ///
    /// ```
    /// use senet::{Dice, Roll, Side, Throw};
    /// use senet::game::{Turn, TurnError};
    ///
    /// let two = Throw::canonical(Dice::FOUR_STICKS, Roll::new(2).unwrap()).unwrap();
    /// let lost = Turn::new(4, Side::O, two, None, "2: -".parse()?)?;
    /// assert!(lost.is_lost() && lost.number() == 4);
    /// let zero = Turn::new(0, Side::O, two, None, "2: -".parse()?);
    /// assert_eq!(zero, Err(TurnError::NumberZero));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TurnError`] when the number is 0, when the notation's roll is not
    /// the throw's, or when the notation does not write `play`.
    pub fn new(
        number: usize,
        side: Side,
        throw: Throw,
        play: Option<Move>,
        text: MoveText,
    ) -> Result<Turn, TurnError> {
        if number == 0 {
            return Err(TurnError::NumberZero);
        }
        if text.roll() != throw.roll() {
            return Err(TurnError::Roll {
                thrown: throw.roll(),
                written: text,
            });
        }
        let agrees = match play {
            None => text.play().is_none(),
            Some(mv) => {
                mv.roll() == throw.roll()
                    && text.play() == Some((mv.from(), mv.to()))
                    && text.is_swap() == mv.is_hit()
                    && text.is_backward() == mv.is_backward()
            }
        };
        if !agrees {
            return Err(TurnError::Notation {
                written: text,
                play,
            });
        }
        Ok(Turn {
            number,
            side,
            throw,
            play,
            text,
        })
    }

    /// A turn the crate made itself from a legal move and its notation.
    pub(crate) fn from_parts(
        number: usize,
        side: Side,
        throw: Throw,
        play: Option<Move>,
        text: MoveText,
    ) -> Turn {
        debug_assert!(Turn::new(number, side, throw, play, text).is_ok());
        Turn {
            number,
            side,
            throw,
            play,
            text,
        }
    }

    /// The throw's number in the game, from 1.
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let rolls = [2, 3].map(|r| Roll::new(r).unwrap());
    /// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls(rolls));
    /// game.throw()?;
    /// game.play_text("2: 10-12")?;
    /// game.throw()?;
    /// let turn = game.play_text("3: 9-12x")?;
    /// assert_eq!(turn.number(), 2);
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn number(&self) -> usize {
        self.number
    }

    /// The side that threw.
    ///
    /// ```
    /// use senet::{Game, Roll, Side, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let rolls = [2, 3].map(|r| Roll::new(r).unwrap());
    /// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls(rolls));
    /// game.throw()?;
    /// assert_eq!(game.play_text("2: 10-12")?.side(), Side::X);
    /// game.throw()?; // a 2 passed the turn
    /// assert_eq!(game.play_text("3: 9-12x")?.side(), Side::O);
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn side(&self) -> Side {
        self.side
    }

    /// The throw as it fell (for sticks, which ones landed light face up).
    ///
    /// ```
    /// use senet::{Dice, Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let script = ScriptedThrows::from_rolls([Roll::new(2).unwrap()]);
    /// let mut game = Game::new(Kendall, script);
    /// game.throw()?;
    /// let turn = game.play_text("2: 10-12")?;
    /// assert_eq!(turn.throw().dice(), Dice::FOUR_STICKS);
    /// assert_eq!(turn.throw().roll(), turn.roll());
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn throw(&self) -> Throw {
        self.throw
    }

    /// What the throw was worth.
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let script = ScriptedThrows::from_rolls([Roll::new(3).unwrap()]);
    /// let mut game = Game::new(Kendall, script);
    /// game.throw()?;
    /// let turn = game.play_text("3: 8-11")?;
    /// assert_eq!(turn.roll().value(), 3);
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn roll(&self) -> Roll {
        self.throw.roll()
    }

    /// The move made, or `None` when the throw was lost.
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let script = ScriptedThrows::from_rolls([Roll::new(3).unwrap()]);
    /// let mut game = Game::new(Kendall, script);
    /// game.throw()?;
    /// let mv = game.legal_moves()[0];
    /// assert_eq!(game.play(mv)?.played(), Some(mv));
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn played(&self) -> Option<Move> {
        self.play
    }

    /// Whether the throw was lost (no legal move).
    ///
    /// ```
    /// use senet::{Game, Position, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    /// use senet::game::Thrown;
    ///
    /// // x's last piece is on 29: a 1 cannot move it.
    /// let end: Position<Kendall> = "............................xo x 4 4".parse()?;
    /// let script = ScriptedThrows::from_rolls([Roll::new(1).unwrap()]);
    /// let mut game = Game::new(end, script);
    /// let Thrown::Lost(turn) = game.throw()? else { panic!("a 1 has no move") };
    /// assert!(turn.is_lost() && turn.played().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_lost(&self) -> bool {
        self.play.is_none()
    }

    /// The throw in move notation, `+` included (`2: 10-12`, `4: -+`).
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let script = ScriptedThrows::from_rolls([Roll::new(4).unwrap()]);
    /// let mut game = Game::new(Kendall, script);
    /// game.throw()?;
    /// let turn = game.play_typed("10-14")?; // as a person types it
    /// assert_eq!(turn.text().to_string(), "4: 10-14+"); // strict, `+` included
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn text(&self) -> MoveText {
        self.text
    }

    /// Whether the same side threw next (the notation's `+`).
    ///
    /// ```
    /// use senet::{Game, Roll, Side, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let rolls = [4, 2].map(|r| Roll::new(r).unwrap());
    /// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls(rolls));
    /// game.throw()?;
    /// assert!(game.play_text("4: 10-14+")?.throws_again()); // a 4 throws again
    /// game.throw()?;
    /// assert!(!game.play_text("2: 14-16")?.throws_again());
    /// assert_eq!(game.to_play(), Some(Side::O));
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn throws_again(&self) -> bool {
        self.text.throws_again()
    }
}

impl fmt::Display for Turn {
    /// `37. x |-|- 2 2: 10-12`: number, side, the throw as it fell, notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}. {} {} {}",
            self.number, self.side, self.throw, self.text
        )
    }
}

/// What [`Game::throw`](crate::Game::throw) did.
///
/// ```
/// use senet::{Game, Position, Roll, rulesets::Kendall};
/// use senet::source::ScriptedThrows;
/// use senet::game::Thrown;
///
/// let end: Position<Kendall> = "............................xo x 4 4".parse()?;
/// let rolls = [1, 2].map(|r| Roll::new(r).unwrap());
/// let mut game = Game::new(end, ScriptedThrows::from_rolls(rolls));
/// assert!(matches!(game.throw()?, Thrown::Lost(_))); // x's 1 has no move
/// assert!(matches!(game.throw()?, Thrown::ToPlay(_))); // o's 2 has one
/// assert_eq!(game.legal_moves().len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", rename_all = "snake_case")
)]
pub enum Thrown {
    /// The throw has legal moves: the side that threw must now play one
    /// ([`Game::legal_moves`](crate::Game::legal_moves), [`Game::play`](crate::Game::play)).
    ToPlay(Throw),
    /// The throw had no legal move: it was played as lost, and this is the
    /// turn it made (its `+` says whether the same side throws again).
    Lost(Turn),
    /// The throw was banked, in a ruleset where every throw of a turn is
    /// made before any move ([`Ruleset::banks_throws`](crate::Ruleset::banks_throws)),
    /// and this is the turn it made (`4: bank+`). When it gives another
    /// throw ([`Turn::throws_again`]) the same side throws again;
    /// otherwise the side plays its bank ([`Game::legal_moves`](crate::Game::legal_moves),
    /// every banked roll's moves), or, when no banked roll has a move,
    /// the rolls were lost at once and are in the history after it.
    Banked(Turn),
}

impl Thrown {
    /// The throw, whatever happened to it.
    ///
    /// ```
    /// use senet::{Game, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let script = ScriptedThrows::from_rolls([Roll::new(3).unwrap()]);
    /// let mut game = Game::new(Kendall, script);
    /// let thrown = game.throw()?;
    /// assert_eq!(thrown.throw().roll().value(), 3);
    /// assert_eq!(game.current_throw(), Some(thrown.throw()));
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn throw(&self) -> Throw {
        match self {
            Thrown::ToPlay(throw) => *throw,
            Thrown::Lost(turn) | Thrown::Banked(turn) => turn.throw(),
        }
    }

    /// Whether the throw was lost (and already played).
    ///
    /// ```
    /// use senet::{Game, Position, Roll, rulesets::Kendall};
    /// use senet::source::ScriptedThrows;
    ///
    /// let end: Position<Kendall> = "............................xo x 4 4".parse()?;
    /// let rolls = [1, 2].map(|r| Roll::new(r).unwrap());
    /// let mut game = Game::new(end, ScriptedThrows::from_rolls(rolls));
    /// assert!(game.throw()?.is_lost()); // played at once: nothing waits
    /// assert_eq!(game.current_throw(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_lost(&self) -> bool {
        matches!(self, Thrown::Lost(_))
    }
}

/// How a game ended, and who won.
///
/// ```
/// use senet::{Game, Seed, Side, rulesets::Kendall};
/// use senet::game::Finish;
///
/// let mut game = Game::seeded(Kendall, Seed::from_u64(7));
/// let finish = game.resign(Side::X)?;
/// assert_eq!(finish, Finish::Resignation { winner: Side::O });
/// assert_eq!(finish.to_string(), "o won by resignation");
/// # Ok::<(), senet::GameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Finish {
    /// The rules ended the game with a win: the winner bore off all its
    /// pieces (in Bell: enough of them that the other side can no longer
    /// catch up).
    BorneOff {
        /// The side that won.
        winner: Side,
    },
    /// The loser resigned.
    Resignation {
        /// The side that won (the opponent of the side that resigned).
        winner: Side,
    },
    /// The rules ended the game in a draw (Bell: equal scores, board empty).
    Draw,
}

impl Finish {
    /// The finish with this result and ending, or `None` when they do not
    /// go together (a draw is always [`Ending::Draw`], a win never).
    ///
    /// ```
    /// use senet::{Outcome, Side};
    /// use senet::game::{Ending, Finish};
    ///
    /// let won = Finish::new(Outcome::Win(Side::X), Ending::BorneOff);
    /// assert_eq!(won, Some(Finish::BorneOff { winner: Side::X }));
    /// assert_eq!(Finish::new(Outcome::Draw, Ending::Resignation), None);
    /// ```
    pub fn new(outcome: Outcome, ending: Ending) -> Option<Finish> {
        match (outcome, ending) {
            (Outcome::Win(winner), Ending::BorneOff) => Some(Finish::BorneOff { winner }),
            (Outcome::Win(winner), Ending::Resignation) => Some(Finish::Resignation { winner }),
            (Outcome::Draw, Ending::Draw) => Some(Finish::Draw),
            _ => None,
        }
    }

    /// How the rules ended a game whose position has this outcome.
    ///
    /// ```
    /// use senet::{Outcome, Side};
    /// use senet::game::Finish;
    ///
    /// assert_eq!(Finish::by_rules(Outcome::Draw), Finish::Draw);
    /// let won = Finish::by_rules(Outcome::Win(Side::O));
    /// assert_eq!(won, Finish::BorneOff { winner: Side::O });
    /// ```
    pub fn by_rules(outcome: Outcome) -> Finish {
        match outcome {
            Outcome::Win(winner) => Finish::BorneOff { winner },
            Outcome::Draw => Finish::Draw,
        }
    }

    /// The result.
    ///
    /// ```
    /// use senet::{Outcome, Side};
    /// use senet::game::Finish;
    ///
    /// let resigned = Finish::Resignation { winner: Side::X };
    /// assert_eq!(resigned.outcome(), Outcome::Win(Side::X));
    /// assert_eq!(Finish::Draw.outcome(), Outcome::Draw);
    /// ```
    pub fn outcome(self) -> Outcome {
        match self {
            Finish::BorneOff { winner } | Finish::Resignation { winner } => Outcome::Win(winner),
            Finish::Draw => Outcome::Draw,
        }
    }

    /// The side that won, if any.
    ///
    /// ```
    /// use senet::Side;
    /// use senet::game::Finish;
    ///
    /// assert_eq!(Finish::BorneOff { winner: Side::O }.winner(), Some(Side::O));
    /// assert_eq!(Finish::Draw.winner(), None);
    /// ```
    pub fn winner(self) -> Option<Side> {
        match self.outcome() {
            Outcome::Win(side) => Some(side),
            Outcome::Draw => None,
        }
    }

    /// How the game ended.
    ///
    /// ```
    /// use senet::Side;
    /// use senet::game::{Ending, Finish};
    ///
    /// let resigned = Finish::Resignation { winner: Side::X };
    /// assert_eq!(resigned.ending(), Ending::Resignation);
    /// assert_eq!(Finish::new(resigned.outcome(), resigned.ending()), Some(resigned));
    /// ```
    pub fn ending(self) -> Ending {
        match self {
            Finish::BorneOff { .. } => Ending::BorneOff,
            Finish::Resignation { .. } => Ending::Resignation,
            Finish::Draw => Ending::Draw,
        }
    }
}

impl fmt::Display for Finish {
    /// `x won by bearing off`, `o won by resignation`, `a draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finish::BorneOff { winner } => write!(f, "{winner} won by bearing off"),
            Finish::Resignation { winner } => write!(f, "{winner} won by resignation"),
            Finish::Draw => f.write_str("a draw"),
        }
    }
}

/// How a game ended, without who won: the `Ending` tag of a record. In
/// JSON, `"borne_off"`, `"resignation"` or `"draw"`, as a string only.
///
/// ```
/// use senet::game::Ending;
///
/// let ending: Ending = "borne off".parse()?;
/// assert_eq!(ending, Ending::BorneOff);
/// assert_eq!(Ending::Resignation.to_string(), "resignation");
/// # Ok::<(), senet::game::ParseEndingError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Ending {
    /// The rules ended it with a win (written `borne off`).
    BorneOff,
    /// A side resigned (written `resignation`).
    Resignation,
    /// The rules ended it in a draw (written `draw`).
    Draw,
}

impl Ending {
    /// Every ending, as written in records.
    ///
    /// ```
    /// use senet::game::Ending;
    ///
    /// let written: Vec<&str> = Ending::ALL.iter().map(|e| e.as_str()).collect();
    /// assert_eq!(written, ["borne off", "resignation", "draw"]);
    /// ```
    pub const ALL: [Ending; 3] = [Ending::BorneOff, Ending::Resignation, Ending::Draw];

    /// How a record writes it.
    ///
    /// ```
    /// use senet::game::Ending;
    ///
    /// assert_eq!(Ending::BorneOff.as_str(), "borne off");
    /// assert_eq!(Ending::Draw.as_str().parse(), Ok(Ending::Draw));
    /// ```
    pub fn as_str(self) -> &'static str {
        match self {
            Ending::BorneOff => "borne off",
            Ending::Resignation => "resignation",
            Ending::Draw => "draw",
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Text that is not an ending.
///
/// ```
/// use senet::game::Ending;
///
/// let err = "Draw".parse::<Ending>().unwrap_err(); // endings are lower case
/// assert_eq!(err.found, "Draw");
/// assert!(err.to_string().starts_with("unknown ending \"Draw\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[error("unknown ending {found:?}; expected \"borne off\", \"resignation\" or \"draw\"")]
pub struct ParseEndingError {
    /// The text as given, or its start when it is long (at most 60 bytes
    /// once escaped; a cut is marked `…`).
    pub found: String,
}

impl FromStr for Ending {
    type Err = ParseEndingError;

    /// Parses exactly what [`Ending::as_str`] writes.
    fn from_str(text: &str) -> Result<Ending, ParseEndingError> {
        Ending::ALL
            .into_iter()
            .find(|e| e.as_str() == text)
            .ok_or_else(|| ParseEndingError {
                found: excerpt(text),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finishes_split_and_join() {
        for finish in [
            Finish::BorneOff { winner: Side::X },
            Finish::Resignation { winner: Side::O },
            Finish::Draw,
        ] {
            assert_eq!(Finish::new(finish.outcome(), finish.ending()), Some(finish));
        }
        assert_eq!(Finish::new(Outcome::Draw, Ending::Resignation), None);
        assert_eq!(Finish::new(Outcome::Win(Side::X), Ending::Draw), None);
    }

    #[test]
    fn endings_parse_what_they_print() {
        for ending in Ending::ALL {
            assert_eq!(ending.to_string().parse(), Ok(ending));
        }
        assert!("Draw".parse::<Ending>().is_err());
    }
}
