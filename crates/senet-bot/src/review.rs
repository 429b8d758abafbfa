//! A game reviewed: every decision of a record judged by the chance of
//! winning the move played gave away.
//!
//! [`review`] replays a record (which must verify, as
//! [`Record::verify_with`] checks it) and, for every throw that had more
//! than one legal move, values each legal move from the mover's point of
//! view: **exact** when an endgame [`Table`] holds the position after every
//! one of them ([`Source::Exact`]), otherwise by the strongest level's
//! search ([`Source::Level`], level [`Level::MAX`]), which gives every root
//! move its value. A value is the mover's chance of winning after the move,
//! a draw counting half (the table's share and the search's equity are both
//! that). The move played is then compared with the best one: what it
//! gave away, `best - played` (never below 0), is its class ([`Class`]),
//! and each side's decisions add up to a [`SideSummary`].
//!
//! Outside the table the judge is the top level itself: its own moves lose
//! nothing by its own measure, and a move better than the one it would
//! choose is still counted as lost. Only exact figures are the truth; the
//! others are as good as the top level.
//!
//! Forced moves (one legal move) and lost throws (none) are counted, not
//! judged. The review is deterministic: the search is bounded by nodes,
//! not time, and uses nothing random, so the same record (and table)
//! always gives the same review, to the last bit.
//!
//! ```
//! use senet::{Game, Seed, Side, rulesets::Kendall};
//! use senet::game::Thrown;
//! use senet_bot::review::{Source, review};
//!
//! // Eight throws of a game where x always moves its rearmost piece.
//! let mut game = Game::seeded(Kendall, Seed::from_u64(7));
//! for _ in 0..8 {
//!     if let Thrown::ToPlay(_) = game.throw()? {
//!         game.play(game.legal_moves()[0])?;
//!     }
//! }
//! let review = review(&game.record(), Kendall, None)?;
//! for judged in &review.moves {
//!     assert!(judged.lost >= 0.0 && judged.best_chance >= judged.played_chance);
//!     assert_eq!(judged.source, Source::Level(senet_bot::Level::new(senet_bot::Level::MAX)?));
//! }
//! let x = review.summary(Side::X);
//! assert_eq!(x.error_rate, 1000.0 * x.mean_lost);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use thiserror::Error;

use crate::agent::{Decision, Scored, Thought};
use crate::level::{Bot, Level};
use senet::game::Finish;
use senet::notation::quote::excerpt;
use senet::replay::{Place, Problem, ReplayError};
use senet::rulesets::CheckedRuleset;
use senet::{Move, MoveText, Position, Record, Ruleset, Side, Throw};
use senet_odds::Table;

/// How much a move gave away, in classes: the thresholds are on the
/// chance of winning lost by the move (best minus played, 0 to 1).
///
/// | class | chance lost | mark |
/// | --- | --- | --- |
/// | fine | under [`Class::INACCURACY`] (0.02) | |
/// | inaccuracy | 0.02 to under [`Class::MISTAKE`] (0.05) | `?!` |
/// | mistake | 0.05 to under [`Class::BLUNDER`] (0.10) | `?` |
/// | blunder | 0.10 or more | `??` |
///
/// Why these: they are a convention, as the marks of chess and
/// backgammon analysers are, set on what one move gives away so that a
/// mark means a move worth a second look. Under 0.02 (one game in
/// fifty) is too little for one game to show; a tenth of a game given
/// away at one throw turns an even game into one of 40 to 60. Most
/// of Senet's moves lose little whatever is played: in a Kendall game
/// between two random movers (`senet game --seed 3`), 121 of the 127
/// decisions judged lost under 0.02 by level 4's measure. So the classes
/// pick out the few moves that mattered, and it is the error rate (the
/// mean over every decision, [`SideSummary::error_rate`]), not the count
/// of fine moves, that compares players.
/// ```
/// use senet_bot::review::Class;
///
/// assert_eq!(Class::of(0.0), Class::Fine);
/// assert_eq!(Class::of(0.03), Class::Inaccuracy);
/// assert_eq!(Class::of(0.05), Class::Mistake);
/// assert_eq!(Class::of(0.25), Class::Blunder);
/// assert_eq!(Class::Blunder.to_string(), "blunder");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Class {
    /// Lost less than [`Class::INACCURACY`].
    Fine,
    /// Lost at least [`Class::INACCURACY`], less than [`Class::MISTAKE`].
    Inaccuracy,
    /// Lost at least [`Class::MISTAKE`], less than [`Class::BLUNDER`].
    Mistake,
    /// Lost at least [`Class::BLUNDER`].
    Blunder,
}

impl Class {
    /// The least chance lost that is an inaccuracy: 0.02.
    /// ```
    /// use senet_bot::review::Class;
    ///
    /// assert_eq!(Class::of(Class::INACCURACY), Class::Inaccuracy);
    /// assert_eq!(Class::of(0.0199), Class::Fine);
    /// ```
    pub const INACCURACY: f64 = 0.02;

    /// The least chance lost that is a mistake: 0.05.
    /// ```
    /// use senet_bot::review::Class;
    ///
    /// assert_eq!(Class::of(Class::MISTAKE), Class::Mistake);
    /// ```
    pub const MISTAKE: f64 = 0.05;

    /// The least chance lost that is a blunder: 0.10.
    /// ```
    /// use senet_bot::review::Class;
    ///
    /// assert_eq!(Class::of(Class::BLUNDER), Class::Blunder);
    /// ```
    pub const BLUNDER: f64 = 0.10;

    /// Every class, from fine to blunder.
    /// ```
    /// use senet_bot::review::Class;
    ///
    /// assert!(Class::ALL.windows(2).all(|w| w[0] < w[1]));
    /// ```
    pub const ALL: [Class; 4] = [
        Class::Fine,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];

    /// The class of a move that lost `lost` of the chance of winning (a
    /// NaN, which no review gives, is a blunder).
    /// ```
    /// use senet_bot::review::Class;
    ///
    /// assert_eq!(Class::of(0.07), Class::Mistake);
    /// ```
    pub fn of(lost: f64) -> Class {
        if lost < Class::INACCURACY {
            Class::Fine
        } else if lost < Class::MISTAKE {
            Class::Inaccuracy
        } else if lost < Class::BLUNDER {
            Class::Mistake
        } else {
            Class::Blunder
        }
    }

    /// The mark written after a move of the class: none, `?!`, `?`, `??`.
    /// ```
    /// use senet_bot::review::Class;
    ///
    /// let marks: Vec<&str> = Class::ALL.iter().map(|c| c.mark()).collect();
    /// assert_eq!(marks, ["", "?!", "?", "??"]);
    /// ```
    pub fn mark(self) -> &'static str {
        match self {
            Class::Fine => "",
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Class::Fine => "fine",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        })
    }
}

/// Where the values of a decision come from. In JSON `"exact"` or
/// `{"level": 4}`.
/// ```
/// use senet_bot::Level;
/// use senet_bot::review::Source;
///
/// assert_eq!(Source::Exact.to_string(), "exact");
/// assert_eq!(Source::Level(Level::new(4).unwrap()).to_string(), "level 4");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Source {
    /// Read from a solved endgame table, which held the position after
    /// every legal move: the values under best play of both sides.
    Exact,
    /// Estimated by the search of this level ([`Bot::think`]).
    Level(Level),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Exact => f.write_str("exact"),
            Source::Level(level) => write!(f, "level {level}"),
        }
    }
}

/// One decision judged: a throw that had more than one legal move.
/// ```
/// use senet::{Game, Seed, rulesets::Kendall};
/// use senet::game::Thrown;
/// use senet_bot::review::{Class, review};
///
/// let mut game = Game::seeded(Kendall, Seed::from_u64(3));
/// for _ in 0..6 {
///     if let Thrown::ToPlay(_) = game.throw()? {
///         game.play(game.legal_moves()[0])?;
///     }
/// }
/// let review = review(&game.record(), Kendall, None)?;
/// let judged = &review.moves[0];
/// assert_eq!(judged.lost, judged.best_chance - judged.played_chance);
/// assert_eq!(judged.class, Class::of(judged.lost));
/// assert_eq!(judged.played.roll(), judged.throw.roll());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MoveReview {
    /// The throw's number in the record, from 1.
    pub number: usize,
    /// The side that moved.
    pub side: Side,
    /// The throw, as it fell.
    pub throw: Throw,
    /// How many legal moves the throw had (at least 2).
    pub choices: usize,
    /// The move played, in notation.
    pub played: MoveText,
    /// The best move: the played one when no move is worth more.
    pub best: MoveText,
    /// The mover's chance of winning after the move played (a draw
    /// counting half), 0 to 1.
    pub played_chance: f64,
    /// The mover's chance of winning after the best move, 0 to 1.
    pub best_chance: f64,
    /// The chance the move played gave away: `best_chance -
    /// played_chance`, never below 0.
    pub lost: f64,
    /// The class of `lost`.
    pub class: Class,
    /// Where the two chances come from.
    pub source: Source,
}

/// What one side's decisions add up to.
/// ```
/// use senet::{Game, Seed, Side, rulesets::Kendall};
/// use senet::game::Thrown;
/// use senet_bot::review::review;
///
/// let mut game = Game::seeded(Kendall, Seed::from_u64(5));
/// for _ in 0..6 {
///     if let Thrown::ToPlay(_) = game.throw()? {
///         game.play(game.legal_moves()[0])?;
///     }
/// }
/// let review = review(&game.record(), Kendall, None)?;
/// let x = review.summary(Side::X);
/// let judged = review.moves.iter().filter(|m| m.side == Side::X).count();
/// assert_eq!(x.decisions, judged);
/// assert_eq!(x.fine + x.inaccuracies + x.mistakes + x.blunders, judged);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SideSummary {
    /// The side.
    pub side: Side,
    /// Its decisions judged (throws with more than one legal move).
    pub decisions: usize,
    /// Of those, how many were valued exactly.
    pub exact: usize,
    /// Its throws with one legal move: not judged.
    pub forced: usize,
    /// Its throws with no legal move: not judged.
    pub lost_throws: usize,
    /// The chance of winning its moves gave away, added over its decisions.
    pub total_lost: f64,
    /// `total_lost` per decision (0 with no decision).
    pub mean_lost: f64,
    /// Its error rate: the mean chance lost per decision times 1000
    /// (thousandths of a game given away per decision).
    pub error_rate: f64,
    /// Its decisions of class [`Class::Fine`].
    pub fine: usize,
    /// Its decisions of class [`Class::Inaccuracy`].
    pub inaccuracies: usize,
    /// Its decisions of class [`Class::Mistake`].
    pub mistakes: usize,
    /// Its decisions of class [`Class::Blunder`].
    pub blunders: usize,
}

impl SideSummary {
    /// The empty summary of `side`.
    fn new(side: Side) -> SideSummary {
        SideSummary {
            side,
            decisions: 0,
            exact: 0,
            forced: 0,
            lost_throws: 0,
            total_lost: 0.0,
            mean_lost: 0.0,
            error_rate: 0.0,
            fine: 0,
            inaccuracies: 0,
            mistakes: 0,
            blunders: 0,
        }
    }

    /// How many of its decisions are of `class`.
    /// ```
    /// use senet::{Record, Side, rulesets::Kendall};
    /// use senet_bot::review::{Class, review};
    ///
    /// let review = review(&Record::new(Kendall), Kendall, None)?;
    /// assert_eq!(review.summary(Side::O).count(Class::Blunder), 0);
    /// # Ok::<(), senet_bot::review::ReviewError>(())
    /// ```
    pub fn count(&self, class: Class) -> usize {
        match class {
            Class::Fine => self.fine,
            Class::Inaccuracy => self.inaccuracies,
            Class::Mistake => self.mistakes,
            Class::Blunder => self.blunders,
        }
    }

    fn add(&mut self, judged: &MoveReview) {
        self.decisions += 1;
        self.exact += usize::from(judged.source == Source::Exact);
        self.total_lost += judged.lost;
        match judged.class {
            Class::Fine => self.fine += 1,
            Class::Inaccuracy => self.inaccuracies += 1,
            Class::Mistake => self.mistakes += 1,
            Class::Blunder => self.blunders += 1,
        }
    }

    fn close(&mut self) {
        if self.decisions > 0 {
            self.mean_lost = self.total_lost / self.decisions as f64;
        }
        self.error_rate = 1000.0 * self.mean_lost;
    }
}

/// A whole game reviewed: what it was, every decision judged in order,
/// and a summary per side.
/// ```
/// use senet::{Record, Side, rulesets::Temple};
/// use senet_bot::review::review;
///
/// // A game not begun: nothing to judge.
/// let review = review(&Record::new(Temple), Temple, None)?;
/// assert_eq!(review.ruleset, "temple");
/// assert!(review.moves.is_empty());
/// assert_eq!(review.summary(Side::X).decisions, 0);
/// # Ok::<(), senet_bot::review::ReviewError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Review {
    /// The ruleset's name.
    pub ruleset: String,
    /// The ruleset's revision.
    pub revision: u32,
    /// x's player, when the record names one.
    pub x: Option<String>,
    /// o's player, when the record names one.
    pub o: Option<String>,
    /// How the game ended; `None` for an unfinished game.
    pub finish: Option<Finish>,
    /// The bound of the endgame table used, if one was given.
    pub table_bound: Option<u8>,
    /// Every decision judged, in the order of the record.
    pub moves: Vec<MoveReview>,
    /// x's summary, then o's (see [`Review::summary`]).
    pub sides: [SideSummary; 2],
}

impl Review {
    /// The summary of `side`.
    /// ```
    /// use senet::{Record, Side, rulesets::Kendall};
    /// use senet_bot::review::review;
    ///
    /// let review = review(&Record::new(Kendall), Kendall, None)?;
    /// assert_eq!(review.summary(Side::O).side, Side::O);
    /// # Ok::<(), senet_bot::review::ReviewError>(())
    /// ```
    pub fn summary(&self, side: Side) -> &SideSummary {
        &self.sides[side.index()]
    }
}

/// Why a record cannot be reviewed.
/// ```
/// use senet::{Record, rulesets::{Kendall, Temple}};
/// use senet_bot::review::{ReviewError, review};
///
/// let err = review(&Record::new(Kendall), Temple, None).unwrap_err();
/// assert_eq!(err.to_string(), "the record is of a \"kendall\" game, not temple");
/// assert!(matches!(err, ReviewError::WrongRuleset { .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum ReviewError {
    /// The record is of another ruleset than the one to review it under.
    #[error("the record is of a {:?} game, not {reviewed}", excerpt(record))]
    WrongRuleset {
        /// The ruleset the record names.
        record: String,
        /// The ruleset asked for.
        reviewed: &'static str,
    },
    /// The endgame table was solved for another ruleset.
    #[error("the endgame table is for {table}, the game is {reviewed}")]
    TableRuleset {
        /// The table's ruleset.
        table: &'static str,
        /// The ruleset of the review.
        reviewed: &'static str,
    },
    /// The record does not verify: a roll is not its seed's, a move is
    /// not legal, or its header or ending is wrong. Nothing is judged.
    #[error("the record does not verify: {0}")]
    Replay(ReplayError),
    /// A throw of the verified record could not be played again (a
    /// fault of the crate, reported rather than hidden).
    #[error("throw {number} of the record could not be judged: the replay diverged")]
    Diverged {
        /// The throw's number, from 1.
        number: usize,
    },
}

/// Reviews the game of `record` under `ruleset`: every decision with more
/// than one legal move judged, exact where `table` holds the position
/// after every legal move, by level [`Level::MAX`]'s search elsewhere (see
/// the [module](self)).
///
/// ```
/// use senet::{Game, Seed, Side, rulesets::Kendall};
/// use senet::game::Thrown;
/// use senet_bot::review::review;
///
/// let mut game = Game::seeded(Kendall, Seed::from_u64(11));
/// for _ in 0..6 {
///     if let Thrown::ToPlay(_) = game.throw()? {
///         game.play(game.legal_moves()[0])?;
///     }
/// }
/// let record = game.record();
/// let first = review(&record, Kendall, None)?;
/// assert_eq!(first, review(&record, Kendall, None)?); // deterministic
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`ReviewError::WrongRuleset`] when the record names another ruleset,
/// [`ReviewError::TableRuleset`] when the table is of another,
/// [`ReviewError::Replay`] when the record does not verify.
pub fn review<R: CheckedRuleset>(
    record: &Record,
    ruleset: R,
    table: Option<&Table<R>>,
) -> Result<Review, ReviewError> {
    if record.ruleset() != ruleset.name() {
        return Err(ReviewError::WrongRuleset {
            record: record.ruleset().to_owned(),
            reviewed: ruleset.name(),
        });
    }
    if let Some(table) = table {
        let solved = table.ruleset();
        if solved.name() != ruleset.name() || solved.revision() != ruleset.revision() {
            return Err(ReviewError::TableRuleset {
                table: solved.name(),
                reviewed: ruleset.name(),
            });
        }
    }
    let verdict = record.verify_with(ruleset).map_err(ReviewError::Replay)?;
    let start = match record.start() {
        Some(text) => Position::parse(ruleset, text),
        None => Ok(Position::start(ruleset)),
    }
    .map_err(|error| {
        ReviewError::Replay(ReplayError {
            place: Place::Header,
            problem: Problem::Start(error),
        })
    })?;
    let mut bot = Bot::new(ruleset, Level::STRONGEST);
    let mut sides = [SideSummary::new(Side::X), SideSummary::new(Side::O)];
    let mut moves = Vec::new();
    let mut position = start;
    let history = verdict.history();
    for (i, turn) in history.iter().enumerate() {
        let number = turn.number();
        let diverged = ReviewError::Diverged { number };
        let summary = &mut sides[turn.side().index()];
        let after = match turn.played() {
            None => {
                summary.lost_throws += 1;
                position
                    .lose_throw(turn.roll())
                    .map_err(|_| diverged.clone())?
            }
            Some(played) => {
                let decision = Decision::new(position, turn.throw(), &history[..i])
                    .map_err(|_| diverged.clone())?;
                if decision.is_forced() {
                    summary.forced += 1;
                } else {
                    let judged = judge(&decision, played, number, table, &mut bot)
                        .ok_or_else(|| diverged.clone())?;
                    summary.add(&judged);
                    moves.push(judged);
                }
                decision.after(played).ok_or(diverged)?
            }
        };
        position = after;
    }
    for summary in &mut sides {
        summary.close();
    }
    Ok(Review {
        ruleset: ruleset.name().to_owned(),
        revision: ruleset.revision(),
        x: record.name(Side::X).map(str::to_owned),
        o: record.name(Side::O).map(str::to_owned),
        finish: verdict.finish(),
        table_bound: table.map(Table::bound),
        moves,
        sides,
    })
}

/// Every legal move valued exactly, when the table holds the position
/// after each of them (also what [`endgame`](crate::endgame) judges by).
pub(crate) fn exact<R: Ruleset>(decision: &Decision<'_, R>, table: &Table<R>) -> Option<Thought> {
    let mover = decision.side();
    let ranked = decision
        .moves()
        .iter()
        .map(|&mv| {
            let share = table.probe(&decision.after(mv)?)?;
            let equity = if mover == Side::X { share } else { 1.0 - share };
            Some(Scored { mv, equity })
        })
        .collect::<Option<Vec<Scored>>>()?;
    let nodes = ranked.len() as u64;
    Some(Thought::exact(ranked, nodes))
}

/// One decision judged; `None` when the move played is not among the
/// values (never for a verified record).
fn judge<R: Ruleset>(
    decision: &Decision<'_, R>,
    played: Move,
    number: usize,
    table: Option<&Table<R>>,
    bot: &mut Bot<R>,
) -> Option<MoveReview> {
    let (thought, source) = match table.and_then(|table| exact(decision, table)) {
        Some(thought) => (thought, Source::Exact),
        None => (bot.think(decision), Source::Level(bot.level())),
    };
    let top = thought.ranked.first()?;
    let played_chance = thought
        .ranked
        .iter()
        .find(|scored| scored.mv == played)?
        .equity;
    let (best, best_chance) = if played_chance >= top.equity {
        (played, played_chance)
    } else {
        (top.mv, top.equity)
    };
    let lost = best_chance - played_chance;
    let position = decision.position();
    Some(MoveReview {
        number,
        side: decision.side(),
        throw: decision.throw(),
        choices: decision.moves().len(),
        played: position.notation(played),
        best: position.notation(best),
        played_chance,
        best_chance,
        lost,
        class: Class::of(lost),
        source,
    })
}
