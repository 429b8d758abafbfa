//! Levels: the ladder of bots, from the rule of thumb to the deepest search.

use core::fmt;
use core::str::FromStr;
use std::sync::Arc;

use thiserror::Error;

use crate::bot::agent::Scored;
use crate::bot::agent::{Agent, Decision, Thought};
use crate::bot::eval::Evaluation;
use crate::bot::greedy::Greedy;
use crate::bot::search::{Search, SearchLimits};
use crate::house::Side;
use crate::moves::Move;
use crate::odds::Table;
use crate::record::quote::excerpt;
use crate::ruleset::Ruleset;

/// A bot's strength, 1 (the rule of thumb) to [`Level::MAX`].
///
/// Every level uses the ruleset's tuned [`Evaluation`]; each level beats
/// the one below it in mirrored duels (the README's Bots section has the
/// measured ladder):
///
/// | level | agent |
/// | --- | --- |
/// | 1 | [`Greedy`]: the move whose position evaluates best |
/// | 2 | [`Search`] 2 throws deep (the throw in hand and the next) |
/// | 3 | [`Search`] 3 throws deep, within 3,000 nodes (else 2 deep) |
///
/// Given a solved endgame [`Table`] ([`Bot::with_table`]), levels 2 and up
/// play its exact best move in every position it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// A level outside the ladder, or text that is not a level.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("a level is a number from 1 to {max}, found {found:?}")]
pub struct BadLevel {
    /// The text or number given (its start: at most 60 bytes once
    /// escaped, `…` marking a cut).
    pub found: String,
    /// The highest level.
    pub max: u8,
}

impl Level {
    /// The highest level.
    pub const MAX: u8 = 3;

    /// The level with this number, or `None` outside 1..=[`Level::MAX`].
    pub const fn new(number: u8) -> Option<Level> {
        if number >= 1 && number <= Self::MAX {
            Some(Level(number))
        } else {
            None
        }
    }

    /// The level's number.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=Self::MAX).map(Level)
    }

    /// The search limits of this level, or `None` for level 1 (the rule of thumb).
    pub const fn limits(self) -> Option<SearchLimits> {
        match self.0 {
            1 => None,
            2 => Some(SearchLimits {
                max_depth: 2,
                nodes: 1_000_000,
                table_bits: 0,
            }),
            _ => Some(SearchLimits {
                max_depth: 3,
                nodes: 3_000,
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
    type Err = BadLevel;

    fn from_str(text: &str) -> Result<Level, BadLevel> {
        text.parse::<u8>()
            .ok()
            .filter(|n| n.to_string() == text)
            .and_then(Level::new)
            .ok_or_else(|| BadLevel {
                found: excerpt(text),
                max: Level::MAX,
            })
    }
}

/// A bot of a given [`Level`] for one ruleset, with its tuned evaluation.
#[derive(Clone, Debug)]
pub struct Bot<R: Ruleset> {
    level: Level,
    brain: Brain<R>,
    /// Exact values for the endgames it holds (levels 2 and up).
    table: Option<Arc<Table<R>>>,
}

#[derive(Clone, Debug)]
enum Brain<R: Ruleset> {
    Greedy(Greedy<Evaluation<R>>),
    Search(Search<Evaluation<R>>),
}

impl<R: Ruleset> Bot<R> {
    /// The bot of `level` for `ruleset`.
    pub fn new(ruleset: R, level: Level) -> Bot<R> {
        Bot::with_evaluation(Evaluation::new(ruleset), level)
    }

    /// The bot of `level` over another evaluation (for experiments).
    pub fn with_evaluation(eval: Evaluation<R>, level: Level) -> Bot<R> {
        let brain = match level.limits() {
            None => Brain::Greedy(Greedy::new(eval)),
            // The levels' limits are constants, checked by a test below.
            Some(limits) => Brain::Search(Search::with_checked(eval, limits)),
        };
        Bot {
            level,
            brain,
            table: None,
        }
    }

    /// The same bot, playing from 2 up the exact best move of `table` in
    /// every position the table holds (level 1 stays a rule of thumb).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use senet::bot::{Bot, Decision, Level};
    /// use senet::odds::Table;
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
    pub fn level(&self) -> Level {
        self.level
    }

    /// Its name in reports, `level N`.
    pub fn name(&self) -> String {
        format!("level {}", self.level)
    }

    /// Every legal move with the value the bot gives it, best first: the
    /// first is the move [`choose`](Agent::choose) plays. What a hint shows.
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
        assert_eq!(Level::new(1).and_then(Level::limits), None);
    }
}
