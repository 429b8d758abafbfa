//! Verifying a record: every throw replayed and checked against the rules and
//! the seed.
//!
//! [`Record::verify`](crate::Record::verify) replays every throw and checks,
//! in order: the ruleset and its revision; with the `commit` feature, that
//! the `Commitment` tag (when the record has one and a seed) is the seed's
//! SHA-256 (without the feature the tag is kept but not checked); the start
//! position; for each
//! throw, that the game is not over yet, that the roll is what the seed
//! throws there (when the record has a seed), that the move is legal or the
//! throw really lost, and that every suffix (`x`, `<`, `+`) says what
//! happened; and at the end, that the game ends where and as the record says
//! (a resignation may end an unfinished game at any point). It reports the
//! first problem with its [`Place`] and the notation:
//!
//! ```text
//! throw 37: the seed throws 2 here, the record says 4 (4: 11-15)
//! throw 12: the record says 1: 13-14, but the move is written 1: 13-14+
//! after throw 87: the record ends claiming x won by bearing off, but the game is not over: o is to throw
//! header: the record is for kendall rules revision 2, this crate plays revision 1; ...
//! ```
//!
//! A record without a seed can only be checked for legality, and the
//! [`Verdict`] says so (`valid moves, but the record has no seed, so its 153
//! rolls could not be checked`).
//!
//! ```
//! use senet::Record;
//! use senet::replay::Checked;
//!
//! let text = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Seed \"2a00000000000000\"]\n\
//!             [Result \"*\"]\n\n1. 4: 10-14+\n2. 2: 14-16\n";
//! let record: Record = text.parse()?;
//! let verdict = record.verify()?;
//! assert_eq!(verdict.checked(), Checked::SeedAndRules);
//!
//! let forged: Record = text.replace("2. 2: 14-16", "2. 3: 14-17").parse()?;
//! assert_eq!(
//!     forged.verify().unwrap_err().to_string(),
//!     "throw 2: the seed throws 2 here, the record says 3 (3: 14-17)"
//! );
//!
//! let unseeded: Record = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Result \"*\"]\n\n1. 2: 10-12\n".parse()?;
//! assert_eq!(unseeded.verify()?.checked(), Checked::RulesOnly); // no seed: legality only
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! From the command line, the `replay` example does the same with a record
//! file: the final position and the verdict, exit code 0 when the record is
//! valid and 1 when it is not, with the first problem on standard error.

use core::fmt;

use thiserror::Error;

use crate::game::{Finish, Turn};
use crate::house::Side;
use crate::movegen::IllegalMoveError;
use crate::notation::move_text::{MoveText, MoveTextError};
use crate::notation::quote::excerpt;
use crate::position::{Position, PositionError};
use crate::record::Record;
use crate::ruleset::Ruleset;
#[cfg(doc)]
use crate::rulesets::CheckedRuleset;
use crate::rulesets::any::AnyRuleset;
use crate::source::{Commitment, Seed, SeededThrows, ThrowSource};
use crate::throw::{Roll, Throw};

/// What a replay could check. In JSON, `"seed_and_rules"` or
/// `"rules_only"`, as a string only.
///
/// ```
/// use senet::{Game, Record, Seed, Side, rulesets::Kendall};
/// use senet::replay::Checked;
///
/// let mut game = Game::seeded(Kendall, Seed::from_u64(1));
/// game.resign(Side::X)?;
/// let mut record = game.record();
/// assert_eq!(record.verify()?.checked(), Checked::SeedAndRules);
/// record.set_seed(None);
/// assert_eq!(record.verify()?.checked(), Checked::RulesOnly);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Checked {
    /// The record has a seed: every roll was checked against it, and every move against the rules.
    SeedAndRules,
    /// The record has no seed: only the moves were checked, not the rolls.
    RulesOnly,
}

/// Where in a record a problem is.
///
/// ```
/// use senet::Record;
/// use senet::replay::Place;
///
/// let text = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Seed \"2a00000000000000\"]\n\
///             [Result \"*\"]\n\n1. 4: 10-14+\n2. 3: 14-17\n";
/// let forged: Record = text.parse()?;
/// let err = forged.verify().unwrap_err();
/// assert_eq!(err.place, Place::Throw(2));
/// assert_eq!(err.place.to_string(), "throw 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// In the header (ruleset, revision, start position).
    Header,
    /// At this throw (numbered from 1, as in the record).
    Throw(usize),
    /// Where the record stops, after this many throws.
    End {
        /// The number of throws in the record.
        after: usize,
    },
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Header => f.write_str("header"),
            Place::Throw(n) => write!(f, "throw {n}"),
            Place::End { after: 0 } => f.write_str("before the first throw"),
            Place::End { after } => write!(f, "after throw {after}"),
        }
    }
}

/// What is wrong with a record.
///
/// ```
/// use senet::Record;
/// use senet::replay::Problem;
///
/// let text = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Seed \"2a00000000000000\"]\n\
///             [Result \"*\"]\n\n1. 4: 10-14+\n2. 3: 14-17\n";
/// let forged: Record = text.parse()?;
/// // Seed 42 throws a 2 second, not a 3.
/// let problem = forged.verify().unwrap_err().problem;
/// assert!(matches!(problem, Problem::Roll { seeded, .. } if seeded.value() == 2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Problem {
    /// The header names a ruleset this crate does not have.
    #[error(
        "the record's ruleset {:?} is not one this crate plays ({})",
        excerpt(found),
        crate::rulesets::any::built_in_names()
    )]
    ParseRulesetError {
        /// The name in the record.
        found: String,
    },
    /// The record is replayed under another ruleset than its own.
    #[error("the record is for {:?}, not {replayed}", excerpt(record))]
    WrongRuleset {
        /// The name in the record.
        record: String,
        /// The ruleset it was replayed under.
        replayed: &'static str,
    },
    /// The record was played under a rules file other than the
    /// ruleset's: another file, or one where the ruleset has none, or none
    /// where it has one (the `RulesFile` tag against
    /// `Rules::digest`, feature `rules-file`).
    #[error("{}", rules_file_mismatch(*record, *replayed))]
    RulesFile {
        /// The SHA-256 of the file the record names, if any.
        record: Option<Commitment>,
        /// The SHA-256 of the file the replay's ruleset was read from, if any.
        replayed: Option<Commitment>,
    },
    /// The record was played under another revision of the rules.
    #[error(
        "the record is for {ruleset} rules revision {record}, this crate plays revision {current}; a game replayed under another revision may play differently"
    )]
    Revision {
        /// The ruleset.
        ruleset: &'static str,
        /// The revision in the record.
        record: u32,
        /// The revision this crate plays.
        current: u32,
    },
    /// The start position is not a valid position of the ruleset.
    #[error("the Start position is not valid: {0}")]
    Start(PositionError),
    /// The record's commitment is not its seed's: the seed is not the one
    /// published before the game. Checked only with the `commit` feature.
    #[error(
        "the Commitment tag {commitment} is not the SHA-256 of the Seed tag {seed}, which is {actual}: the seed is not the one committed to"
    )]
    Commitment {
        /// The record's commitment.
        commitment: Commitment,
        /// The record's seed.
        seed: Seed,
        /// The seed's commitment.
        actual: Commitment,
    },
    /// The recorded roll is not what the seed throws.
    #[error("the seed throws {seeded} here, the record says {} ({written})", written.roll())]
    Roll {
        /// What the seed throws.
        seeded: Roll,
        /// The record's throw.
        written: MoveText,
    },
    /// The recorded move is not legal.
    #[error("the record says {written}, which is not legal here: {error}")]
    Illegal {
        /// The record's throw.
        written: MoveText,
        /// Why it is not legal.
        error: IllegalMoveError,
    },
    /// The recorded move is legal, but its suffixes are not what it does.
    #[error("the record says {written}, but the move is written {actual}")]
    Suffix {
        /// The record's throw.
        written: MoveText,
        /// How the move is written.
        actual: MoveText,
    },
    /// The record says the throw is lost; it has legal moves.
    #[error("the record says {written}, a lost throw, but {count} legal move(s) exist")]
    NotLost {
        /// The record's throw.
        written: MoveText,
        /// How many legal moves there are.
        count: usize,
    },
    /// The record goes on after the game ended.
    #[error("{}, but the record goes on with {written}", match ended {
        0 => format!("the game was over from its start ({finish})"),
        n => format!("the game ended at throw {n} ({finish})"),
    })]
    AfterEnd {
        /// The throw that ended the game (0: the start position was finished).
        ended: usize,
        /// How it ended.
        finish: Finish,
        /// The record's next throw.
        written: MoveText,
    },
    /// The game ends here, not as the record says.
    #[error("the game ends here ({actual}), but the record says {}", match claimed {
        Some(finish) => finish.to_string(),
        None => "it is unfinished".to_owned(),
    })]
    WrongFinish {
        /// How the game really ends.
        actual: Finish,
        /// What the record claims.
        claimed: Option<Finish>,
    },
    /// The record stops claiming an end, but the game is not over.
    #[error("the record ends claiming {claimed}, but the game is not over: {side} is to throw")]
    Unfinished {
        /// What the record claims.
        claimed: Finish,
        /// The side to throw.
        side: Side,
    },
}

/// The first problem of a record, and where it is: `throw 37: the seed
/// throws 2 here, the record says 4 (4: 11-15)`.
///
/// ```
/// use senet::{Record, rulesets::Temple};
///
/// let record: Record = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Result \"*\"]\n\n".parse()?;
/// let err = record.verify_with(Temple).unwrap_err();
/// assert_eq!(err.to_string(), r#"header: the record is for "kendall", not temple"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[error("{place}: {problem}")]
pub struct ReplayError {
    /// Where.
    pub place: Place,
    /// What.
    pub problem: Problem,
}

/// What replaying a record found: how far it went, what it could check,
/// and the first problem, if any.
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet::{Game, Position, Record, Seed};
/// use senet::game::Thrown;
///
/// let mut game = Game::seeded(Position::start(Kendall), Seed::from_u64(3));
/// for _ in 0..10 {
///     if let Thrown::ToPlay(_) = game.throw()? {
///         let first = game.legal_moves()[0];
///         game.play(first)?;
///     }
/// }
/// let text = game.record().to_string();
/// let verdict = text.parse::<Record>()?.replay_with(Kendall);
/// assert!(verdict.is_valid());
/// assert_eq!(verdict.position(), game.position());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Verdict<R: Ruleset> {
    position: Position<R>,
    history: Vec<Turn>,
    checked: Checked,
    finish: Option<Finish>,
    problem: Option<ReplayError>,
}

impl<R: Ruleset> Verdict<R> {
    /// Whether the record is valid: no problem found.
    ///
    /// ```
    /// use senet::{Record, rulesets::Kendall};
    ///
    /// let mut record = Record::new(Kendall);
    /// record.push_throw("2: 10-12".parse()?);
    /// assert!(record.replay_with(Kendall).is_valid());
    /// record.push_throw("2: 10-12".parse()?); // o has no piece on 10
    /// assert!(!record.replay_with(Kendall).is_valid());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_valid(&self) -> bool {
        self.problem.is_none()
    }

    /// The first problem found, if any.
    ///
    /// ```
    /// use senet::{Record, rulesets::Kendall};
    ///
    /// let text = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Seed \"2a00000000000000\"]\n\
    ///             [Result \"*\"]\n\n1. 4: 10-14+\n2. 3: 14-17\n";
    /// let verdict = text.parse::<Record>()?.replay_with(Kendall);
    /// let problem = verdict.problem().expect("the second roll is forged");
    /// let expected = "throw 2: the seed throws 2 here, the record says 3 (3: 14-17)";
    /// assert_eq!(problem.to_string(), expected);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn problem(&self) -> Option<&ReplayError> {
        self.problem.as_ref()
    }

    /// The final position when valid; otherwise the position just before
    /// the first problem.
    ///
    /// ```
    /// use senet::{Record, rulesets::Kendall};
    ///
    /// let text = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Seed \"2a00000000000000\"]\n\
    ///             [Result \"*\"]\n\n1. 4: 10-14+\n2. 3: 14-17\n";
    /// let verdict = text.parse::<Record>()?.replay_with(Kendall);
    /// // The first throw stands; the forged second is not played.
    /// assert_eq!(verdict.position().to_string(), "oxoxoxoxo....x................ x 0 0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self) -> &Position<R> {
        &self.position
    }

    /// Every throw replayed before the first problem (all of them when
    /// valid), with the sticks as the seed threw them (canonical sticks
    /// when the record has no seed).
    ///
    /// ```
    /// use senet::{Record, rulesets::Kendall};
    ///
    /// let text = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Seed \"2a00000000000000\"]\n\
    ///             [Result \"*\"]\n\n1. 4: 10-14+\n2. 3: 14-17\n";
    /// let verdict = text.parse::<Record>()?.replay_with(Kendall);
    /// assert_eq!(verdict.history().len(), 1);
    /// assert_eq!(verdict.history()[0].text().to_string(), "4: 10-14+");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn history(&self) -> &[Turn] {
        &self.history
    }

    /// What could be checked: the rolls too, or only the moves.
    ///
    /// ```
    /// use senet::{Record, rulesets::Kendall};
    /// use senet::replay::Checked;
    ///
    /// let mut record = Record::new(Kendall);
    /// record.push_throw("2: 10-12".parse()?);
    /// assert_eq!(record.replay_with(Kendall).checked(), Checked::RulesOnly);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn checked(&self) -> Checked {
        self.checked
    }

    /// How the record says the game ended (verified when valid).
    ///
    /// ```
    /// use senet::{Game, Seed, Side, rulesets::Kendall};
    /// use senet::game::Finish;
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(1));
    /// game.resign(Side::O)?;
    /// let verdict = game.record().replay_with(Kendall);
    /// assert_eq!(verdict.finish(), Some(Finish::Resignation { winner: Side::X }));
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn finish(&self) -> Option<Finish> {
        self.finish
    }

    /// The verdict when valid, the first problem otherwise.
    ///
    /// # Errors
    ///
    /// The [`ReplayError`] of the first problem.
    ///
    /// ```
    /// use senet::{Record, rulesets::Kendall};
    /// use senet::replay::Place;
    ///
    /// let text = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Seed \"2a00000000000000\"]\n\
    ///             [Result \"*\"]\n\n1. 4: 10-14+\n2. 3: 14-17\n";
    /// let verdict = text.parse::<Record>()?.replay_with(Kendall);
    /// let err = verdict.into_result().unwrap_err();
    /// assert_eq!(err.place, Place::Throw(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_result(self) -> Result<Verdict<R>, ReplayError> {
        match self.problem {
            Some(problem) => Err(problem),
            None => Ok(self),
        }
    }
}

impl<R: Ruleset> fmt::Display for Verdict<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(problem) = &self.problem {
            return write!(f, "invalid: {problem}");
        }
        let n = self.history.len();
        match self.checked {
            Checked::SeedAndRules => write!(
                f,
                "valid: {n} throws, every roll the seed's and every move legal"
            )?,
            Checked::RulesOnly => write!(
                f,
                "valid moves, but the record has no seed, so its {n} rolls could not be checked"
            )?,
        }
        match self.finish {
            Some(finish) => write!(f, "; {finish}"),
            None => f.write_str("; unfinished"),
        }
    }
}

impl Record {
    /// Replays the record under the built-in ruleset its header names and
    /// checks everything: the first problem, or the verdict of a valid record.
    ///
    /// # Errors
    ///
    /// A [`ReplayError`] for a ruleset this crate does not have, and
    /// otherwise as [`Record::verify_with`].
    ///
    /// ```
    /// use senet::{Record, rulesets::Bell};
    ///
    /// let record = Record::new(Bell);
    /// // The header names the ruleset: no need to know it in advance.
    /// assert_eq!(record.verify()?.position().ruleset().to_string(), "bell");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify(&self) -> Result<Verdict<AnyRuleset>, ReplayError> {
        let ruleset = self
            .ruleset()
            .parse::<AnyRuleset>()
            .map_err(|e| ReplayError {
                place: Place::Header,
                problem: Problem::ParseRulesetError { found: e.found },
            })?;
        self.verify_with(ruleset)
    }

    /// Replays the record under `ruleset` and checks everything; see
    /// [`Record::replay_with`]. Any ruleset, your own too: a ruleset whose
    /// own start is not valid is refused with [`Problem::Start`] before
    /// anything is replayed.
    ///
    /// # Errors
    ///
    /// The first problem of the record with its place: a header that is
    /// not `ruleset`'s or a start that is not valid, a roll that is not the
    /// seed's, a move that is not legal or not written exactly, or an end
    /// that is not the game's.
    ///
    /// ```
    /// use senet::{Record, rulesets::{Kendall, Temple}};
    /// use senet::replay::Problem;
    ///
    /// let record = Record::new(Kendall);
    /// assert!(record.verify_with(Kendall)?.is_valid());
    /// let err = record.verify_with(Temple).unwrap_err();
    /// assert!(matches!(err.problem, Problem::WrongRuleset { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify_with<R: Ruleset>(&self, ruleset: R) -> Result<Verdict<R>, ReplayError> {
        let start = Position::start_checked(ruleset).map_err(|error| ReplayError {
            place: Place::Header,
            problem: Problem::Start(error),
        })?;
        self.replay_with(start).into_result()
    }

    /// Replays the record under `ruleset`, stopping at the first problem.
    ///
    /// It checks, in this order: the header's ruleset name and revision
    /// are `ruleset`'s; with the `commit` feature, that the `Commitment`
    /// tag, when the record has one and a seed, is the seed's SHA-256
    /// (without the feature the tag is kept but not checked); the start
    /// position is valid; then for each throw,
    /// that the game is not over yet, that the roll is what the seed throws
    /// there (when the record has a seed), that the move is legal (or the
    /// throw really lost), and that every suffix (`x`, `<`, `+`) is what
    /// happened; and at the end that the game ends where and as the record
    /// says (a resignation may come at any point of an unfinished game).
    ///
    /// ```
    /// use senet::{Record, rulesets::Kendall};
    ///
    /// let text = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Seed \"2a00000000000000\"]\n\
    ///             [Result \"*\"]\n\n1. 4: 10-14+\n2. 3: 14-17\n";
    /// let verdict = text.parse::<Record>()?.replay_with(Kendall);
    /// // Not valid, but it says how far the record holds.
    /// assert!(!verdict.is_valid());
    /// assert_eq!(verdict.history().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// It replays from `start`: a checked ruleset's start (see
    /// [`CheckedRuleset`]) or any position of the ruleset (the header's
    /// start position, if any, replaces it).
    pub fn replay_with<R: Ruleset>(&self, start: impl Into<Position<R>>) -> Verdict<R> {
        let start = start.into();
        let mut seeded = self.seed().map(SeededThrows::new);
        let checked = match seeded {
            Some(_) => Checked::SeedAndRules,
            None => Checked::RulesOnly,
        };
        let mut verdict = Verdict {
            position: start,
            history: Vec::new(),
            checked,
            finish: self.finish(),
            problem: None,
        };
        if let Err(problem) = self.check_header(&mut verdict.position) {
            verdict.problem = Some(ReplayError {
                place: Place::Header,
                problem,
            });
            return verdict;
        }
        // The throws banked and not yet played, as a game keeps them.
        let mut banked = Vec::new();
        for (i, &written) in self.throws().iter().enumerate() {
            let number = i + 1;
            let at = &verdict.position;
            match replay_throw(at, seeded.as_mut(), &mut banked, written, number) {
                Ok((turn, after)) => {
                    verdict.history.push(turn);
                    verdict.position = after;
                }
                Err(problem) => {
                    verdict.problem = Some(ReplayError {
                        place: Place::Throw(number),
                        problem,
                    });
                    return verdict;
                }
            }
        }
        verdict.problem = self.check_end(&verdict.position).err();
        verdict
    }

    /// Checks the ruleset, the revision, the commitment (with the `commit`
    /// feature) and the start; sets the start position.
    fn check_header<R: Ruleset>(&self, position: &mut Position<R>) -> Result<(), Problem> {
        let ruleset = position.ruleset();
        if self.ruleset() != ruleset.name() {
            return Err(Problem::WrongRuleset {
                record: self.ruleset().to_owned(),
                replayed: ruleset.name(),
            });
        }
        let replayed = crate::ruleset::identity::rules_file(&ruleset);
        if self.rules_file() != replayed {
            return Err(Problem::RulesFile {
                record: self.rules_file(),
                replayed,
            });
        }
        if self.revision() != ruleset.revision() {
            return Err(Problem::Revision {
                ruleset: ruleset.name(),
                record: self.revision(),
                current: ruleset.revision(),
            });
        }
        #[cfg(feature = "commit")]
        if let (Some(commitment), Some(seed)) = (self.commitment(), self.seed())
            && !commitment.verifies(&seed)
        {
            return Err(Problem::Commitment {
                commitment,
                seed,
                actual: seed.commitment(),
            });
        }
        if let Some(start) = self.start() {
            *position = Position::parse(ruleset, start).map_err(Problem::Start)?;
        }
        Ok(())
    }

    /// Checks that the game ends where and as the record says.
    fn check_end<R: Ruleset>(&self, position: &Position<R>) -> Result<(), ReplayError> {
        let after = self.throws().len();
        let claimed = self.finish();
        match (position.outcome().map(Finish::by_rules), claimed) {
            (Some(actual), Some(claimed)) if actual == claimed => Ok(()),
            (Some(actual), claimed) => Err(ReplayError {
                place: if after == 0 {
                    Place::End { after }
                } else {
                    Place::Throw(after)
                },
                problem: Problem::WrongFinish { actual, claimed },
            }),
            (None, None | Some(Finish::Resignation { .. })) => Ok(()),
            (None, Some(claimed)) => Err(ReplayError {
                place: Place::End { after },
                problem: Problem::Unfinished {
                    claimed,
                    side: position.side_to_throw(),
                },
            }),
        }
    }
}

/// Replays one recorded throw: the turn it makes and the position after
/// it. A roll played from a bank draws no throw: it was drawn when banked
/// (`banked` keeps those throws, as a game does).
fn replay_throw<R: Ruleset>(
    position: &Position<R>,
    seeded: Option<&mut SeededThrows>,
    banked: &mut Vec<Throw>,
    written: MoveText,
    number: usize,
) -> Result<(Turn, Position<R>), Problem> {
    if let Some(outcome) = position.outcome() {
        return Err(Problem::AfterEnd {
            ended: number - 1,
            finish: Finish::by_rules(outcome),
            written,
        });
    }
    let dice = position.ruleset().dice();
    let illegal = |error| Problem::Illegal { written, error };
    let from_bank = position.bank().is_to_play();
    let throw = match seeded {
        _ if from_bank => match banked.iter().position(|t| t.roll() == written.roll()) {
            Some(index) => banked.remove(index),
            None => Throw::canonical(dice, written.roll()).ok_or_else(|| {
                illegal(IllegalMoveError::RollNotOnDice {
                    roll: written.roll(),
                })
            })?,
        },
        Some(source) => {
            // A seeded source always throws.
            let throw = source.next_throw(dice).map_err(|_| {
                illegal(IllegalMoveError::RollNotOnDice {
                    roll: written.roll(),
                })
            })?;
            if throw.roll() != written.roll() {
                return Err(Problem::Roll {
                    seeded: throw.roll(),
                    written,
                });
            }
            throw
        }
        None => Throw::canonical(dice, written.roll()).ok_or_else(|| {
            illegal(IllegalMoveError::RollNotOnDice {
                roll: written.roll(),
            })
        })?,
    };
    let play = written.resolve(position).map_err(|error| match error {
        MoveTextError::Illegal(error) => illegal(error),
        MoveTextError::Suffix { canonical, .. } => Problem::Suffix {
            written,
            actual: canonical,
        },
        MoveTextError::NotLost { count, .. } => Problem::NotLost { written, count },
    })?;
    let after = match play {
        Some(mv) => position.play(mv),
        None if written.is_banked() => position.bank_throw(written.roll()),
        None => position.lose_throw(written.roll()),
    }
    .map_err(illegal)?;
    if written.is_banked() {
        banked.push(throw);
    }
    if after.bank().is_empty() {
        banked.clear();
    }
    let turn = Turn::from_parts(number, position.side_to_throw(), throw, play, written);
    Ok((turn, after))
}

/// What [`Problem::RulesFile`] says.
fn rules_file_mismatch(record: Option<Commitment>, replayed: Option<Commitment>) -> String {
    match (record, replayed) {
        (Some(record), Some(replayed)) => format!(
            "the record was played under another rules file: SHA-256 {record}, not {replayed}"
        ),
        (Some(record), None) => format!(
            "the record was played under a rules file (SHA-256 {record}): replay it under that file"
        ),
        (None, _) => "the record names no rules file, and this ruleset was read from one: replay it under the ruleset it names".to_owned(),
    }
}
