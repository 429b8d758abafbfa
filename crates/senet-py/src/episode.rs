//! One game as a learning environment sees it: [`Core`], shared by the
//! Python `Episode` (under Gymnasium's and PettingZoo's classes) and by
//! the vectorized `Batch`.
//!
//! The environment throws for every side, plays the lost throws and the
//! opponent bot's moves, and stops only where a learning agent has a
//! move to choose, or where the game ends. An action that names no legal
//! move is a resignation: the game ends, lost by the side that made it.

use numpy::PyArray1;
use pyo3::prelude::*;
use senet::{Game, Outcome, Position, Record, Seed, Side};
use senet_bot::{Agent, Bot, Decision};

use crate::bot::{bot_for, level_arg};
use crate::encode;
use crate::errors::{GameError, err};
use crate::game::{self, seed_arg};
use crate::odds::PyTable;
use crate::position::{PyMove, PyPosition, outcome_name, side_arg, side_name};
use crate::rules::{PyRuleset, rules_arg};
use senet::Rules;

/// The turns after which a game is cut short (truncated), by default.
pub const MAX_TURNS: usize = 10_000;

/// What one action did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// The side that acted.
    pub mover: Side,
    /// The reward of each side (`x` first): 1 for a win, -1 for a loss, 0
    /// otherwise.
    pub rewards: [f32; 2],
    /// The game is over.
    pub terminated: bool,
    /// The game was cut short at the turn limit.
    pub truncated: bool,
    /// The action named no legal move, and the mover resigned.
    pub illegal: bool,
}

/// A game run for learning agents, with an optional bot on one side.
pub struct Core {
    game: Game<Rules>,
    opponent: Option<(Side, Bot<Rules>)>,
    max_turns: usize,
}

impl Core {
    /// A game from `start` with throws from `seed`, run on to the first
    /// decision of a learning agent.
    pub fn new(
        start: Position<Rules>,
        seed: Seed,
        opponent: Option<(Side, Bot<Rules>)>,
        max_turns: usize,
    ) -> Result<Core, String> {
        let mut core = Core {
            game: Game::seeded(start, seed),
            opponent,
            max_turns,
        };
        core.advance()?;
        Ok(core)
    }

    /// The game a record (with its seed) leaves, under `ruleset`, run on
    /// to the next decision: where the game it records stood, since the
    /// throws come from the seed.
    pub fn resume(
        record: &Record,
        ruleset: Rules,
        opponent: Option<(Side, Bot<Rules>)>,
        max_turns: usize,
    ) -> Result<Core, String> {
        let game = Game::resume(record, ruleset).map_err(|e| e.to_string())?;
        let mut core = Core {
            game,
            opponent,
            max_turns,
        };
        core.advance()?;
        Ok(core)
    }

    /// The game.
    pub fn game(&self) -> &Game<Rules> {
        &self.game
    }

    /// Whether the game is cut short at the turn limit.
    pub fn is_truncated(&self) -> bool {
        !self.game.is_over() && self.game.history().len() >= self.max_turns
    }

    /// Whether the episode is over, ended or cut short.
    pub fn is_done(&self) -> bool {
        self.game.is_over() || self.is_truncated()
    }

    /// The side with a move to choose, unless the episode is over.
    pub fn to_play(&self) -> Option<Side> {
        (!self.is_done()).then(|| self.game.to_play()).flatten()
    }

    /// Throws, plays lost throws and the bot's moves, until a learning
    /// agent has a move to choose or the episode is over.
    fn advance(&mut self) -> Result<(), String> {
        while !self.is_done() {
            if self.game.current_throw().is_none() {
                self.game.throw().map_err(|e| e.to_string())?;
                continue;
            }
            let side = self.game.to_play();
            let Some((_, bot)) = self.opponent.as_mut().filter(|(s, _)| Some(*s) == side) else {
                return Ok(());
            };
            let decision = Decision::from_view(&self.game.view()).map_err(|e| e.to_string())?;
            let mv = bot.choose(&decision);
            self.game.play(mv).map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// Plays `action` for the side to play, then runs on to the next
    /// decision.
    pub fn step(&mut self, action: i64) -> Result<Step, String> {
        let Some(mover) = self.to_play() else {
            return Err("the episode is over: reset it".into());
        };
        let illegal = match encode::move_of(self.game.legal_moves(), action) {
            Some(mv) => {
                self.game.play(mv).map_err(|e| e.to_string())?;
                self.advance()?;
                false
            }
            None => {
                self.game.resign(mover).map_err(|e| e.to_string())?;
                true
            }
        };
        let rewards = match self.game.outcome() {
            Some(Outcome::Win(Side::X)) => [1.0, -1.0],
            Some(Outcome::Win(Side::O)) => [-1.0, 1.0],
            _ => [0.0, 0.0],
        };
        Ok(Step {
            mover,
            rewards,
            terminated: self.game.is_over(),
            truncated: self.is_truncated(),
            illegal,
        })
    }

    /// The observation for `observer`, with the pending roll.
    pub fn observe(&self, observer: Side, out: &mut [f32]) {
        let roll = self.game.current_throw().map(|t| t.roll());
        encode::observe(self.game.position(), observer, roll, out);
    }

    /// The action mask of the side to play (all 0 when the episode is over).
    pub fn mask(&self, out: &mut [i8]) {
        if self.is_done() {
            out.fill(0);
        } else {
            encode::mask(self.game.legal_moves(), out);
        }
    }
}

impl Core {
    /// A core of `rules` from its start, as [`Core::new`], with the
    /// opponent bot given.
    pub fn start(
        rules: Rules,
        seed: Seed,
        opponent: Option<(Side, &Bot<Rules>)>,
        max_turns: usize,
    ) -> PyResult<Core> {
        let opponent = opponent.map(|(side, bot)| (side, bot.clone()));
        Core::new(Position::start(rules), seed, opponent, max_turns).or_else(err::<GameError, _>)
    }

    /// The core a record leaves, as [`Core::resume`], with the opponent
    /// bot given.
    pub fn resume_text(
        rules: Rules,
        record: &str,
        opponent: Option<(Side, &Bot<Rules>)>,
        max_turns: usize,
    ) -> PyResult<Core> {
        let record: Record = record.parse().or_else(err::<GameError, _>)?;
        let opponent = opponent.map(|(side, bot)| (side, bot.clone()));
        Core::resume(&record, rules, opponent, max_turns).or_else(err::<GameError, _>)
    }

    /// The record of the core's game.
    pub fn record(&self) -> String {
        self.game().record().to_string()
    }
}

/// The side a learning agent sees as its own: the one to play, or `x`
/// once the game is over.
fn observer_of(core: &Core) -> Side {
    core.to_play().unwrap_or(Side::X)
}

/// One game for learning agents: the environments' engine. It throws for
/// both sides, plays lost throws and the bot's moves (when an opponent
/// level is given), and waits where an agent has a move to choose.
/// `step(action)` plays an action (`senet.ACTIONS` of them: start house
/// and direction); one that names no legal move resigns the game.
#[pyclass(module = "senet", name = "Episode")]
pub struct Episode {
    core: Core,
    /// What made it, for pickling: the opponent's level and side, the
    /// turn limit and the bot's table.
    opponent: Option<(u8, Side)>,
    max_turns: usize,
    table: Option<PyTable>,
}

/// What an episode is made of, checked: its ruleset, its opponent bot
/// and that bot's level and side, the turn limit, the bot's table.
struct Made<'a> {
    rules: Rules,
    bot: Option<(Side, Bot<Rules>)>,
    level: Option<u8>,
    max_turns: usize,
    table: Option<&'a PyTable>,
}

/// Where an episode's game begins: a seed's start, or a record's end.
enum Begin<'a> {
    Seed(Seed),
    Record(&'a str),
}

impl<'a> Made<'a> {
    fn of(
        ruleset: &Bound<'_, PyAny>,
        opponent: Option<u8>,
        opponent_side: &str,
        max_turns: usize,
        table: Option<&'a PyTable>,
    ) -> PyResult<Made<'a>> {
        let rules = rules_arg(ruleset)?;
        let side = side_arg(opponent_side)?;
        let bot = opponent
            .map(|level| Ok::<_, PyErr>((side, bot_for(rules, level_arg(level)?, table)?)))
            .transpose()?;
        Ok(Made {
            rules,
            bot,
            level: opponent,
            max_turns,
            table,
        })
    }

    /// The episode, its game begun at `begin`, run on to its first
    /// decision with the GIL let go.
    fn episode(self, py: Python<'_>, begin: Begin<'_>) -> PyResult<Episode> {
        let Made {
            rules,
            bot,
            level,
            max_turns,
            table,
        } = self;
        let opponent = bot.as_ref().map(|(side, bot)| (*side, bot));
        let core = py.detach(|| match begin {
            Begin::Seed(seed) => Core::start(rules, seed, opponent, max_turns),
            Begin::Record(record) => Core::resume_text(rules, record, opponent, max_turns),
        })?;
        Ok(Episode {
            core,
            opponent: level.zip(bot.map(|(side, _)| side)),
            max_turns,
            table: table.cloned(),
        })
    }
}

#[pymethods]
impl Episode {
    /// A game of `ruleset` with throws from `seed`; with `opponent` (a
    /// level, 1 to 5), a bot plays `opponent_side`; games longer than
    /// `max_turns` turns are cut short.
    #[new]
    #[pyo3(signature = (ruleset, seed, opponent = None, opponent_side = "o", max_turns = MAX_TURNS, table = None))]
    fn new(
        py: Python<'_>,
        ruleset: &Bound<'_, PyAny>,
        seed: &Bound<'_, PyAny>,
        opponent: Option<u8>,
        opponent_side: &str,
        max_turns: usize,
        table: Option<&PyTable>,
    ) -> PyResult<Episode> {
        let seed = seed_arg(Some(seed))?;
        let made = Made::of(ruleset, opponent, opponent_side, max_turns, table)?;
        made.episode(py, Begin::Seed(seed))
    }

    /// Pickled as its game's record and what made it; unpickled, the
    /// game goes on with the same throws and the same bot.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (
            PyRuleset,
            String,
            Option<u8>,
            &'static str,
            usize,
            Option<PyTable>,
        ),
    )> {
        let me = slf.borrow();
        let (level, side) = match me.opponent {
            Some((level, side)) => (Some(level), side),
            None => (None, Side::O),
        };
        Ok((
            slf.get_type().getattr("_resume")?,
            (
                me.ruleset(),
                me.core.record(),
                level,
                side_name(side),
                me.max_turns,
                me.table.clone(),
            ),
        ))
    }

    /// The episode a record leaves (see `__reduce__`).
    #[staticmethod]
    #[pyo3(signature = (ruleset, record, opponent, opponent_side, max_turns, table))]
    fn _resume(
        py: Python<'_>,
        ruleset: &Bound<'_, PyAny>,
        record: &str,
        opponent: Option<u8>,
        opponent_side: &str,
        max_turns: usize,
        table: Option<&PyTable>,
    ) -> PyResult<Episode> {
        let made = Made::of(ruleset, opponent, opponent_side, max_turns, table)?;
        made.episode(py, Begin::Record(record))
    }

    /// Plays `action` for the side to play: returns `(reward_x, reward_o,
    /// terminated, truncated, illegal)`.
    fn step(&mut self, py: Python<'_>, action: i64) -> PyResult<(f32, f32, bool, bool, bool)> {
        let core = &mut self.core;
        let step = py.detach(|| core.step(action));
        let step = step.or_else(err::<GameError, _>)?;
        Ok((
            step.rewards[0],
            step.rewards[1],
            step.terminated,
            step.truncated,
            step.illegal,
        ))
    }

    /// The observation (float32) for `observer` (default: the side to play).
    #[pyo3(signature = (observer = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        observer: Option<&str>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let observer = match observer {
            Some(side) => side_arg(side)?,
            None => observer_of(&self.core),
        };
        let mut out = [0.0f32; encode::OBSERVATION_SIZE];
        self.core.observe(observer, &mut out);
        Ok(PyArray1::from_slice(py, &out))
    }

    /// The action mask (int8) of the side to play.
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let mut out = [0i8; encode::ACTIONS];
        self.core.mask(&mut out);
        PyArray1::from_slice(py, &out)
    }

    /// The side with a move to choose, or `None` when the episode is over.
    #[getter]
    fn to_play(&self) -> Option<&'static str> {
        self.core.to_play().map(side_name)
    }

    /// The roll waiting for a move, or `None`.
    #[getter]
    fn roll(&self) -> Option<u8> {
        game::pending_roll(self.core.game())
    }

    /// The legal moves of the side to play.
    #[getter]
    fn legal_moves(&self) -> Vec<PyMove> {
        game::legal_moves(self.core.game())
    }

    /// The position now.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition::of(*self.core.game().position())
    }

    /// The ruleset.
    #[getter]
    fn ruleset(&self) -> PyRuleset {
        PyRuleset {
            rules: self.core.game().ruleset(),
        }
    }

    /// Turns played so far (every side's, lost throws included).
    #[getter]
    fn turns(&self) -> usize {
        self.core.game().history().len()
    }

    /// The turns so far, as `(side, notation)` pairs.
    #[getter]
    fn history(&self) -> Vec<(&'static str, String)> {
        game::history(self.core.game())
    }

    /// `"x"`, `"o"`, `"draw"`, or `None`.
    #[getter]
    fn outcome(&self) -> Option<&'static str> {
        self.core.game().outcome().map(outcome_name)
    }

    /// Whether the game ended, or was cut short.
    #[getter]
    fn is_done(&self) -> bool {
        self.core.is_done()
    }

    /// The game's record (text), which `senet.verify` replays.
    fn record(&self) -> String {
        self.core.record()
    }
}

/// Adds the class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Episode>()
}
