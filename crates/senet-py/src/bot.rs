//! `Bot`: the bot levels 1 to 5, deciding and hinting.

use std::sync::Mutex;

use pyo3::prelude::*;
use senet::{AnyRuleset, Described};
use senet_bot::{Bot, Decision, Level};

use crate::errors::{BotError, err};
use crate::odds::{IntoTable, PyTable};
use crate::position::{PyMove, PyPosition, position_of, roll_arg};
use crate::rules::{PyRuleset, Rules, each, rules_arg};

/// A bot of either ruleset type.
pub enum AnyBot {
    /// A bot of a built-in ruleset.
    Builtin(Bot<AnyRuleset>),
    /// A bot of a ruleset read from a file.
    File(Bot<Described>),
}

impl AnyBot {
    /// The bot of `level` for `rules`, with `table` for its endgames.
    pub fn new(rules: Rules, level: Level, table: Option<&PyTable>) -> PyResult<AnyBot> {
        fn make<R: IntoTable>(r: R, level: Level, table: Option<&PyTable>) -> PyResult<Bot<R>> {
            let bot = Bot::new(r, level);
            match table {
                None => Ok(bot),
                Some(table) => match R::untable(&table.table) {
                    Some(t) if t.ruleset() == r => Ok(bot.with_table(t)),
                    _ => err::<BotError, _>(format!(
                        "the table is of another ruleset than {}",
                        r.name()
                    )),
                },
            }
        }
        Ok(match rules {
            Rules::Builtin(r) => AnyBot::Builtin(make(r, level, table)?),
            Rules::File(r) => AnyBot::File(make(r, level, table)?),
        })
    }
}

/// A level from Python: 1 to 5.
pub fn level_arg(level: u8) -> PyResult<Level> {
    Level::new(level).or_else(err::<BotError, _>)
}

/// A bot of one level (1, the quickest, to 5, the strongest) for one
/// ruleset. Its choices depend only on the position and the roll.
#[pyclass(module = "senet", name = "Bot", frozen)]
pub struct PyBot {
    bot: Mutex<AnyBot>,
    rules: Rules,
    level: u8,
    /// Kept for pickling: a bot is pickled as what made it.
    table: Option<PyTable>,
}

impl PyBot {
    /// The bot's ranking of the moves of `roll` in `position`.
    fn think(
        &self,
        py: Python<'_>,
        position: &PyPosition,
        roll: u8,
    ) -> PyResult<Vec<(PyMove, f64)>> {
        let roll = roll_arg(roll)?;
        let rules = self.rules;
        // The lock is taken with the GIL let go: a thread that waits for
        // the bot must not hold the GIL the thinking thread needs back.
        py.detach(|| {
            let mut bot = self
                .bot
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            each!(AnyBot, &mut *bot, |b| {
                let p = position_of(position, rules)?;
                let decision = match Decision::from_roll(p, roll) {
                    Ok(decision) => decision,
                    Err(error) => return err::<BotError, _>(error),
                };
                Ok(b.think(&decision)
                    .ranked
                    .iter()
                    .map(|scored| (PyMove::new(&p, scored.mv), scored.equity))
                    .collect())
            })
        })
    }
}

#[pymethods]
impl PyBot {
    /// The bot of `level` (1 to 5) for `ruleset` (a `Ruleset` or a
    /// name), with an endgame `table` of that ruleset if given.
    #[new]
    #[pyo3(signature = (ruleset, level, table = None))]
    fn new(ruleset: &Bound<'_, PyAny>, level: u8, table: Option<&PyTable>) -> PyResult<PyBot> {
        let rules = rules_arg(ruleset)?;
        Ok(PyBot {
            bot: Mutex::new(AnyBot::new(rules, level_arg(level)?, table)?),
            rules,
            level,
            table: table.cloned(),
        })
    }

    /// Pickled as what made it: its ruleset, level and table.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (PyRuleset, u8, Option<PyTable>))> {
        let me = slf.get();
        Ok((
            slf.get_type().into_any(),
            (PyRuleset { rules: me.rules }, me.level, me.table.clone()),
        ))
    }

    /// The bot's level.
    #[getter]
    fn level(&self) -> u8 {
        self.level
    }

    /// The ruleset.
    #[getter]
    fn ruleset(&self) -> PyRuleset {
        PyRuleset { rules: self.rules }
    }

    /// The bot's name, saying what plays at its level on this ruleset.
    #[getter]
    fn name(&self, py: Python<'_>) -> String {
        py.detach(|| {
            let bot = self
                .bot
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            each!(AnyBot, &*bot, |b| b.name())
        })
    }

    /// The move the bot plays for `roll` in `position`; raises `BotError`
    /// when there is none to choose (a lost throw, a finished game).
    fn decide(&self, py: Python<'_>, position: &PyPosition, roll: u8) -> PyResult<PyMove> {
        let ranked = self.think(py, position, roll)?;
        match ranked.into_iter().next() {
            Some((mv, _)) => Ok(mv),
            None => err::<BotError, _>("the bot ranked no move"),
        }
    }

    /// Every legal move for `roll`, best first, each with the bot's
    /// equity for it (the mover's chance to win after it, as the bot estimates it, 0 to 1).
    fn hint(
        &self,
        py: Python<'_>,
        position: &PyPosition,
        roll: u8,
    ) -> PyResult<Vec<(PyMove, f64)>> {
        self.think(py, position, roll)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!("<Bot {} for {}>", self.name(py), self.rules.name())
    }
}

/// Adds the class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyBot>()
}
