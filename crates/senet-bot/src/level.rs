//! Levels: the ladder of bots, from the rule of thumb to the deepest search.

use core::fmt;
use core::str::FromStr;
use std::sync::Arc;

use thiserror::Error;

use crate::agent::Scored;
use crate::agent::{Agent, Decision, Thought};
use crate::eval::{Evaluation, Evaluator, Weights};
use crate::greedy::Greedy;
use crate::network::{Learned, Network};
use crate::search::{Search, SearchLimits};
use senet::Move;
use senet::Position;
use senet::Ruleset;
use senet::Side;
use senet::notation::quote::excerpt;
use senet_odds::Table;

/// A bot's strength, 1 (a beginner) to [`Level::MAX`].
///
/// Levels 2 to 4 value positions with the ruleset's learned
/// [`Network`] (its [`Learned`] evaluation), level 5 with its large one
/// ([`Network::builtin_large`]); a ruleset with no shipped network (a
/// user's own) uses the feature [`Evaluation`] with its tuned or race
/// weights instead, and says so in its [`Bot::name`]. Each level beats the
/// one below it, and every level is measured against the
/// [`Baseline`](crate::Baseline) (the [crate docs](crate) say how; the
/// repository's `docs/performance-history.md` gives the measured ladder per
/// ruleset):
///
/// | level | agent |
/// | --- | --- |
/// | 1 | [`Greedy`] over the race alone ([`Weights::race`]): moves on, blind to danger |
/// | 2 | [`Greedy`] over the learned evaluation: the best position after this throw |
/// | 3 | [`Search`] 2 throws deep (the throw in hand and the next) |
/// | 4 | [`Search`] 3 throws deep, within 20,000 nodes (else 2 deep) |
/// | 5 | level 4's search over the large network: it sees which pieces are shielded and which houses blocked |
///
/// Given a solved endgame [`Table`] ([`Bot::with_table`]), levels 2 and up
/// play its exact best move in every position it holds.
/// ```
/// use senet_bot::Level;
///
/// let level: Level = "3".parse()?;
/// assert_eq!(level, Level::new(3).unwrap());
/// assert!(Level::new(1).unwrap() < level);
/// assert_eq!(level.to_string(), "3");
/// # Ok::<(), senet_bot::LevelError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// A level outside the ladder, or text that is not a level.
/// ```
/// use senet_bot::{LevelError, Level};
///
/// let bad = "five".parse::<Level>().unwrap_err();
/// assert_eq!(bad, LevelError { found: "five".into(), max: Level::MAX });
/// assert_eq!(bad.to_string(), "a level is a number from 1 to 5, found \"five\"");
/// assert!("6".parse::<Level>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[error("a level is a number from 1 to {max}, found {found:?}")]
pub struct LevelError {
    /// The text or number given (its start: at most 60 bytes once
    /// escaped, `…` marking a cut).
    pub found: String,
    /// The highest level.
    pub max: u8,
}

impl Level {
    /// The highest level.
    /// ```
    /// use senet_bot::Level;
    ///
    /// assert_eq!(Level::all().last().unwrap().number(), Level::MAX);
    /// assert!(Level::new(Level::MAX + 1).is_err());
    /// ```
    pub const MAX: u8 = 5;

    /// The highest level, for the crate's own use (a game's review).
    pub(crate) const STRONGEST: Level = Level(Level::MAX);

    /// The level with this number.
    ///
    /// # Errors
    ///
    /// [`LevelError`] outside 1..=[`Level::MAX`], naming the number and
    /// the range (the error [`str::parse`] gives for text that is no
    /// level).
    ///
    /// ```
    /// use senet_bot::{Level, LevelError};
    ///
    /// assert_eq!(Level::new(2).map(Level::number), Ok(2));
    /// assert_eq!(Level::new(0), Err(LevelError { found: "0".into(), max: Level::MAX }));
    /// let six = Level::new(6).unwrap_err();
    /// assert_eq!(six.to_string(), "a level is a number from 1 to 5, found \"6\"");
    /// assert_eq!("6".parse::<Level>(), Err(six));
    /// ```
    pub fn new(number: u8) -> Result<Level, LevelError> {
        Level::checked(number).ok_or_else(|| LevelError {
            found: excerpt(&number.to_string()),
            max: Level::MAX,
        })
    }

    /// The level with this number, or `None` outside 1..=[`Level::MAX`]:
    /// [`Level::new`] for constants.
    pub(crate) const fn checked(number: u8) -> Option<Level> {
        if number >= 1 && number <= Self::MAX {
            Some(Level(number))
        } else {
            None
        }
    }

    /// The level's number.
    /// ```
    /// use senet_bot::Level;
    ///
    /// let level: Level = "2".parse().unwrap();
    /// assert_eq!(level.number(), 2);
    /// ```
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    /// ```
    /// use senet_bot::Level;
    ///
    /// let numbers: Vec<u8> = Level::all().map(Level::number).collect();
    /// assert_eq!(numbers, [1, 2, 3, 4, 5]);
    /// ```
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=Self::MAX).map(Level)
    }

    /// Whether the level's evaluation is the ruleset's large network.
    /// What a level above 1 plays on a ruleset with no trained network:
    /// the feature evaluation, searched one throw deeper per level up to
    /// level 4, and level 4's search at level 5 (the levels made for a
    /// network would all play level 1's greedy race there), and what its
    /// name says.
    const fn without_network(self) -> Option<(SearchLimits, &'static str)> {
        let (max_depth, nodes, table_bits, instead) = match self.0 {
            2 => (
                2,
                1_000_000,
                0,
                "no trained network for this ruleset: feature evaluation, two throws deep",
            ),
            3 => (
                3,
                1_000_000,
                16,
                "no trained network for this ruleset: feature evaluation, three throws deep",
            ),
            4 => (
                4,
                200_000,
                16,
                "no trained network for this ruleset: feature evaluation, four throws deep",
            ),
            // Ten times level 4's positions played exactly level 4's moves
            // (0.5000 over 2,000 games on Kendall-7 and Piccione): the
            // search is complete at four throws, and a fifth costs about
            // ten times more again. Level 5 plays level 4's search, and
            // says so.
            5 => (
                4,
                200_000,
                16,
                "no trained network for this ruleset: level 4's search",
            ),
            _ => return None,
        };
        let limits = SearchLimits {
            max_depth,
            nodes,
            table_bits,
        };
        Some((limits, instead))
    }

    const fn searches_large(self) -> bool {
        self.0 >= 5
    }

    /// The search limits of this level, or `None` for levels 1 and 2
    /// (which look at the throw in hand only).
    /// ```
    /// use senet_bot::Level;
    ///
    /// assert_eq!(Level::new(2).unwrap().limits(), None);
    /// let three = Level::new(3).unwrap().limits().unwrap();
    /// assert_eq!(three.max_depth, 2); // the throw in hand and the next
    /// ```
    pub const fn limits(self) -> Option<SearchLimits> {
        match self.0 {
            1 | 2 => None,
            3 => Some(SearchLimits {
                max_depth: 2,
                nodes: 1_000_000,
                table_bits: 0,
            }),
            _ => Some(SearchLimits {
                max_depth: 3,
                nodes: 20_000,
                table_bits: 12,
            }),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = LevelError;

    fn from_str(text: &str) -> Result<Level, LevelError> {
        text.parse::<u8>()
            .ok()
            .filter(|n| n.to_string() == text)
            .and_then(Level::checked)
            .ok_or_else(|| LevelError {
                found: excerpt(text),
                max: Level::MAX,
            })
    }
}

/// A bot of a given [`Level`] for one ruleset, with its learned evaluation.
///
/// ```
/// use senet_bot::{Agent, Bot, Decision, Level};
/// use senet::rulesets::Skyruk;
/// use senet::{Position, Roll};
///
/// let mut bot = Bot::new(Skyruk, Level::new(Level::MAX).unwrap());
/// let decision = Decision::from_roll(Position::start(Skyruk), Roll::new(2).unwrap())?;
/// let thought = bot.think(&decision); // every move, ranked, with its value
/// assert_eq!(thought.best(), bot.choose(&decision));
/// assert_eq!(thought.depth, 3);
/// # Ok::<(), senet_bot::DecisionError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Bot<R: Ruleset> {
    level: Level,
    /// What the level plays instead, when the ruleset lacks the network
    /// it is made for (a ruleset of your own): said in its name.
    stand_in: Option<&'static str>,
    brain: Brain<R>,
    /// Exact values for the endgames it holds (levels 2 and up).
    table: Option<Arc<Table<R>>>,
}

#[derive(Clone, Debug)]
enum Brain<R: Ruleset> {
    Greedy(Greedy<Judge<R>>),
    Search(Search<Judge<R>>),
}

/// What a bot values positions with.
#[derive(Clone, Debug)]
enum Judge<R: Ruleset> {
    Learned(Learned<R>),
    Features(Box<Evaluation<R>>),
}

impl<R: Ruleset> Evaluator<R> for Judge<R> {
    #[inline]
    fn equity(&self, position: &Position<R>) -> f64 {
        match self {
            Judge::Learned(learned) => learned.equity(position),
            Judge::Features(features) => features.equity(position),
        }
    }
}

impl<R: Ruleset> Bot<R> {
    /// The bot of `level` for `ruleset`: its shipped network from level
    /// 2 up (the large one at level 5), or, for a ruleset without one, the
    /// feature evaluation.
    /// ```
    /// use senet_bot::{Agent, Bot, Decision, Level, Network};
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let mut bot = Bot::new(Kendall, Level::new(1).unwrap());
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
    /// assert!(decision.moves().contains(&bot.choose(&decision)));
    ///
    /// // Level 5 is level 4's search over the large network.
    /// let large = Network::builtin_large(&Kendall).unwrap();
    /// let mut five = Bot::new(Kendall, Level::new(5).unwrap());
    /// let mut four_on_large = Bot::with_network(Kendall, large, Level::new(4).unwrap());
    /// assert_eq!(five.think(&decision), four_on_large.think(&decision));
    /// ```
    ///
    /// On a ruleset with no shipped network (a ruleset of your own; see
    /// [`Network::builtin`]), levels 2 to 5 play the feature evaluation
    /// instead, searched two, three and four throws deep, so that each
    /// plays deeper than the one below, and level 5 searches as level 4
    /// does; so it does on a ruleset with a network but no large one. The bot's
    /// [`name`](Self::name) says which. Train a network for the ruleset
    /// ([`crate::train`]) and play it with [`with_network`](Self::with_network)
    /// to have the levels as made.
    pub fn new(ruleset: R, level: Level) -> Bot<R> {
        let large = Network::builtin_large(&ruleset).filter(|_| level.searches_large());
        if let Some(network) = large {
            return Bot::with_network(ruleset, network, level);
        }
        match Learned::new(ruleset) {
            Some(learned) => Bot {
                stand_in: level
                    .searches_large()
                    .then_some("no large network for this ruleset: level 4's search"),
                ..Bot::build(Judge::Learned(learned), level)
            },
            None => {
                let evaluation = Evaluation::new(ruleset);
                match level.without_network() {
                    None => Bot::with_evaluation(evaluation, level),
                    Some((limits, instead)) => Bot {
                        level,
                        stand_in: Some(instead),
                        // The stand-ins' limits are constants, checked by a test below.
                        brain: Brain::Search(Search::with_checked(
                            Judge::Features(Box::new(evaluation)),
                            limits,
                        )),
                        table: None,
                    },
                }
            }
        }
    }

    /// The bot of `level` valuing positions with `network` from level 2
    /// up (a network trained with [`crate::train`], for a ruleset of
    /// your own or for experiments; an `Arc` of one is shared, not copied).
    /// Level 5 then searches as level 4 does, over `network`.
    /// ```
    /// use senet_bot::{Bot, Decision, Level, Network};
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// // An untrained network values every position at one half.
    /// let mut bot = Bot::with_network(Kendall, Network::zero(), Level::new(2).unwrap());
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
    /// assert!(bot.think(&decision).ranked.iter().all(|scored| scored.equity == 0.5));
    /// ```
    pub fn with_network(ruleset: R, network: impl Into<Arc<Network>>, level: Level) -> Bot<R> {
        Bot::build(
            Judge::Learned(Learned::with_network(ruleset, network)),
            level,
        )
    }

    /// The bot of `level` over a feature evaluation (for experiments, and
    /// the rulesets without a network). Level 1 plays the race weights
    /// whatever `eval` is: that is what level 1 is.
    /// ```
    /// use senet_bot::{Bot, Decision, Evaluation, Greedy, Level};
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
    /// let mut bot = Bot::with_evaluation(Evaluation::new(Kendall), Level::new(2).unwrap());
    /// // Level 2 is the rule of thumb over its evaluation.
    /// let greedy = Greedy::new(Evaluation::new(Kendall));
    /// assert_eq!(bot.think(&decision), greedy.think(&decision));
    /// ```
    pub fn with_evaluation(eval: Evaluation<R>, level: Level) -> Bot<R> {
        Bot::build(Judge::Features(Box::new(eval)), level)
    }

    fn build(judge: Judge<R>, level: Level) -> Bot<R> {
        let brain = match level.limits() {
            None if level.0 == 1 => {
                let ruleset = match &judge {
                    Judge::Learned(learned) => learned.ruleset(),
                    Judge::Features(features) => features.ruleset(),
                };
                let race = Evaluation::with_weights(ruleset, Weights::race());
                Brain::Greedy(Greedy::new(Judge::Features(Box::new(race))))
            }
            None => Brain::Greedy(Greedy::new(judge)),
            // The levels' limits are constants, checked by a test below.
            Some(limits) => Brain::Search(Search::with_checked(judge, limits)),
        };
        Bot {
            level,
            stand_in: None,
            brain,
            table: None,
        }
    }

    /// The same bot, playing from 2 up the exact best move of `table` in
    /// every position the table holds (level 1 stays a rule of thumb).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use senet_bot::{Bot, Decision, Level};
    /// use senet_odds::Table;
    /// use senet::{Position, Roll, Ruleset, Throw, rulesets::Kendall};
    ///
    /// let table = Arc::new(Table::solve(Kendall, 1)?);
    /// let mut bot = Bot::new(Kendall, Level::new(2).unwrap()).with_table(table);
    /// let position: Position<Kendall> = "........................x....o x 4 4".parse().unwrap();
    /// let throw = Throw::canonical(Kendall.dice(), Roll::new(2).unwrap()).unwrap();
    /// let decision = Decision::new(position, throw, &[])?;
    /// let thought = bot.think(&decision);
    /// assert!(thought.exact);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_table(self, table: Arc<Table<R>>) -> Bot<R> {
        Bot {
            table: Some(table),
            ..self
        }
    }

    /// The table's view of the decision, when the bot uses a table that
    /// holds its position.
    fn exact(&self, decision: &Decision<'_, R>) -> Option<Thought> {
        let table = self.table.as_ref().filter(|_| self.level.0 >= 2)?;
        let position = decision.position();
        table.probe(position)?;
        let mover = position.side_to_throw();
        let mut ranked = Vec::with_capacity(decision.moves().len());
        for &mv in decision.moves() {
            let share = table.probe(&decision.after(mv)?)?;
            let equity = if mover == Side::X { share } else { 1.0 - share };
            ranked.push(Scored { mv, equity });
        }
        let nodes = ranked.len() as u64;
        Some(Thought::exact(ranked, nodes))
    }

    /// Its level.
    /// ```
    /// use senet_bot::{Bot, Level};
    /// use senet::rulesets::Kendall;
    ///
    /// let two = Level::new(2).unwrap();
    /// assert_eq!(Bot::new(Kendall, two).level(), two);
    /// ```
    pub fn level(&self) -> Level {
        self.level
    }

    /// Its name in reports, `level N`, with what it plays instead when
    /// the ruleset lacks the network the level is made for.
    /// ```
    /// use senet_bot::{Bot, Level};
    /// use senet::Rules;
    /// use senet::rulesets::Kendall;
    ///
    /// assert_eq!(Bot::new(Kendall, Level::new(2).unwrap()).name(), "level 2");
    ///
    /// # #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    /// # struct Mine;
    /// # impl senet::Ruleset for Mine {
    /// #     fn name(&self) -> &'static str { "mine" }
    /// #     fn revision(&self) -> u32 { 1 }
    /// #     fn pieces_per_side(&self) -> u8 { 5 }
    /// #     fn start(&self) -> [senet::Bitboard; 2] { Kendall.start() }
    /// #     fn dice(&self) -> senet::Dice { Kendall.dice() }
    /// #     fn forward(&self, from: senet::House, roll: senet::Roll) -> Option<senet::rulesets::Reach> { Kendall.forward(from, roll) }
    /// #     fn water(&self) -> Option<senet::House> { Kendall.water() }
    /// #     fn water_landing(&self, occupied: senet::Bitboard) -> Option<senet::House> { Kendall.water_landing(occupied) }
    /// #     fn throws_again(&self, roll: senet::Roll, played: Option<senet::Move>) -> bool { Kendall.throws_again(roll, played) }
    /// #     fn outcome(&self, board: &senet::Board) -> Option<senet::Outcome> { Kendall.outcome(board) }
    /// # }
    /// // A ruleset of one's own ships no network.
    /// let mine = Rules::new(Mine).unwrap();
    /// assert_eq!(Bot::new(mine, Level::new(1).unwrap()).name(), "level 1");
    /// assert_eq!(
    ///     Bot::new(mine, Level::new(3).unwrap()).name(),
    ///     "level 3 (no trained network for this ruleset: feature evaluation, three throws deep)"
    /// );
    /// ```
    pub fn name(&self) -> String {
        match self.stand_in {
            None => format!("level {}", self.level),
            Some(instead) => format!("level {} ({instead})", self.level),
        }
    }

    /// Every legal move with the value the bot gives it, best first: the
    /// first is the move [`choose`](Agent::choose) plays. What a hint shows.
    /// ```
    /// use senet_bot::{Agent, Bot, Decision, Level};
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
    /// let mut bot = Bot::new(Kendall, Level::new(3).unwrap());
    /// let thought = bot.think(&decision);
    /// assert_eq!(thought.depth, 2); // level 3 looks two throws deep
    /// assert_eq!(thought.best(), bot.choose(&decision));
    /// ```
    pub fn think(&mut self, decision: &Decision<'_, R>) -> Thought {
        if let Some(thought) = self.exact(decision) {
            return thought;
        }
        match &mut self.brain {
            Brain::Greedy(greedy) => greedy.think(decision),
            Brain::Search(search) => search.think(decision),
        }
    }
}

impl<R: Ruleset> Agent<R> for Bot<R> {
    fn name(&self) -> String {
        Bot::name(self)
    }

    fn choose(&mut self, decision: &Decision<'_, R>) -> Move {
        if let Some(thought) = self.exact(decision) {
            return thought.best();
        }
        match &mut self.brain {
            Brain::Greedy(greedy) => greedy.choose(decision),
            Brain::Search(search) => search.choose(decision),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_has_limits_in_range() {
        for level in Level::all() {
            if let Some(limits) = level.limits() {
                assert_eq!(limits.check(), Ok(limits), "level {level}");
            }
        }
        assert_eq!(Level::new(1).map(Level::limits), Ok(None));
        assert_eq!(Level::new(2).map(Level::limits), Ok(None));
    }

    /// Without a network every level above 1 searches, each at least as
    /// deep as the one below and within the search's ranges.
    #[test]
    fn every_stand_in_searches_deeper_within_range() {
        assert!(Level(1).without_network().is_none());
        let mut deepest = 1;
        for level in Level::all().skip(1) {
            let (limits, instead) = level.without_network().expect("a stand-in");
            assert_eq!(limits.check(), Ok(limits), "level {level}");
            assert!(
                limits.max_depth >= deepest && limits.max_depth > 1,
                "level {level}"
            );
            assert!(instead.starts_with("no trained network"), "level {level}");
            deepest = limits.max_depth;
        }
        // Level 5 plays level 4's search: more positions at the same depth
        // played the same moves.
        let (four, five) = (Level(4).without_network(), Level(5).without_network());
        assert_eq!(
            four.map(|(limits, _)| limits),
            five.map(|(limits, _)| limits)
        );
    }

    #[test]
    fn new_and_parse_refuse_the_same_numbers_with_the_same_error() {
        for number in 0..=u8::MAX {
            let parsed = number.to_string().parse::<Level>();
            assert_eq!(Level::new(number), parsed, "{number}");
            match Level::new(number) {
                Ok(level) => assert_eq!(level.number(), number),
                Err(error) => {
                    assert_eq!(error.found, number.to_string());
                    assert_eq!(
                        error.to_string(),
                        format!("a level is a number from 1 to 5, found \"{number}\"")
                    );
                }
            }
        }
    }
}
