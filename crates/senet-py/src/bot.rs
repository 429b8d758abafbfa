//! `Bot`: the bot levels 1 to 5, deciding and hinting.

use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use senet::{Rules, Ruleset as _};
use senet_bot::{Bot, Decision, Level};

use crate::errors::{BotError, err};
use crate::odds::PyTable;
use crate::position::{PyMove, PyPosition, position_of, roll_arg};
use crate::rules::{PyRuleset, rules_arg};

/// The bot of `level` for `rules`, with `table` for its endgames.
pub fn bot_for(rules: Rules, level: Level, table: Option<&PyTable>) -> PyResult<Bot<Rules>> {
    let bot = Bot::new(rules, level);
    match table {
        None => Ok(bot),
        Some(table) if table.table.ruleset() == rules => {
            Ok(bot.with_table(Arc::clone(&table.table)))
        }
        Some(_) => err::<BotError, _>(format!(
            "the table is of another ruleset than {}",
            rules.name()
        )),
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
    bot: Mutex<Bot<Rules>>,
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
            {
                let p = position_of(position, rules)?;
                let decision = match Decision::from_roll(p, roll) {
                    Ok(decision) => decision,
                    Err(error) => return err::<BotError, _>(error),
                };
                Ok(bot
                    .think(&decision)
                    .ranked
                    .iter()
                    .map(|scored| (PyMove::new(&p, scored.mv), scored.equity))
                    .collect())
            }
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
            bot: Mutex::new(bot_for(rules, level_arg(level)?, table)?),
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
            bot.name()
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
