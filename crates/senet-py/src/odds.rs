//! `Table`: the exact odds of endgames with few pieces, solved or read
//! from a table file.

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use senet::{Rules, Ruleset as _};
use senet_odds::Table;

use crate::errors::{TableError, err};
use crate::position::{PyMove, PyPosition, position_of, roll_arg};
use crate::rules::{PyRuleset, rules_arg};

/// The exact chance to win of every position with at most `bound`
/// pieces a side on the board, for one ruleset: solved here
/// (`Table.solve`) or read from a file `senet odds --save` or
/// `Table.save` wrote.
#[pyclass(module = "senet", name = "Table", frozen)]
#[derive(Clone)]
pub struct PyTable {
    pub table: Arc<Table<Rules>>,
}

impl PyTable {
    fn rules(&self) -> Rules {
        self.table.ruleset()
    }
}

#[pymethods]
impl PyTable {
    /// Solves every position of `ruleset` with at most `bound` pieces a
    /// side (1 takes a moment, 2 seconds to minutes by ruleset); the GIL
    /// is free meanwhile.
    #[staticmethod]
    fn solve(py: Python<'_>, ruleset: &Bound<'_, PyAny>, bound: u8) -> PyResult<PyTable> {
        let rules = rules_arg(ruleset)?;
        // A signal (Ctrl-C) stops the solve after its current sweep.
        let solved = py
            .detach(|| {
                let mut interrupted = None;
                let solved =
                    Table::solve_until(rules, bound, |_| match crate::interrupt::check() {
                        Ok(()) => ControlFlow::Continue(()),
                        Err(signal) => {
                            interrupted = Some(signal);
                            ControlFlow::Break(())
                        }
                    });
                match interrupted {
                    Some(signal) => Err(signal),
                    None => Ok(solved.map(|(table, _)| Arc::new(table))),
                }
            })?
            .or_else(err::<TableError, _>);
        Ok(PyTable { table: solved? })
    }

    /// Pickled as the bytes `save` writes, with its ruleset.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (Bound<'py, pyo3::types::PyBytes>, PyRuleset),
    )> {
        let me = slf.get();
        let bytes = me.table.to_bytes();
        Ok((
            slf.get_type().getattr("_from_bytes")?,
            (pyo3::types::PyBytes::new(slf.py(), &bytes), me.ruleset()),
        ))
    }

    /// The table `bytes` (as `save` writes them) hold, of `ruleset`.
    #[staticmethod]
    fn _from_bytes(py: Python<'_>, bytes: &[u8], ruleset: &Bound<'_, PyAny>) -> PyResult<PyTable> {
        let rules = rules_arg(ruleset)?;
        py.detach(|| Table::from_bytes(rules, bytes))
            .map(|t| PyTable { table: Arc::new(t) })
            .or_else(err::<TableError, _>)
    }

    /// Reads a table file of `ruleset`.
    #[staticmethod]
    fn load(py: Python<'_>, path: PathBuf, ruleset: &Bound<'_, PyAny>) -> PyResult<PyTable> {
        let rules = rules_arg(ruleset)?;
        let bytes = std::fs::read(&path).map_err(|e| {
            pyo3::exceptions::PyOSError::new_err(format!("cannot read {}: {e}", path.display()))
        })?;
        py.detach(|| Table::from_bytes(rules, &bytes))
            .map(|t| PyTable { table: Arc::new(t) })
            .or_else(|e| err::<TableError, _>(format!("{}: {e}", path.display())))
    }

    /// Writes the table to a file `Table.load` reads.
    fn save(&self, path: PathBuf) -> PyResult<()> {
        let bytes = self.table.to_bytes();
        std::fs::write(&path, bytes).map_err(|e| {
            pyo3::exceptions::PyOSError::new_err(format!("cannot write {}: {e}", path.display()))
        })
    }

    /// The ruleset.
    #[getter]
    fn ruleset(&self) -> PyRuleset {
        PyRuleset {
            rules: self.rules(),
        }
    }

    /// The most pieces a side has on the board in the table's positions.
    #[getter]
    fn bound(&self) -> u8 {
        self.table.bound()
    }

    fn __len__(&self) -> usize {
        self.table.len()
    }

    /// `x`'s share of the game in `position` under best play (the chance
    /// that `x` wins, plus half the chance of a draw), or `None` for a
    /// position outside the table. `o`'s share is one minus it.
    fn probe(&self, position: &PyPosition) -> PyResult<Option<f64>> {
        let rules = self.rules();
        Ok(self.table.probe(&position_of(position, rules)?))
    }

    /// The best move for `roll` (for the side to throw) and `x`'s share
    /// after it, or `None` outside the table or when the throw is lost.
    fn best_move(&self, position: &PyPosition, roll: u8) -> PyResult<Option<(PyMove, f64)>> {
        let roll = roll_arg(roll)?;
        let rules = self.rules();
        {
            let p = position_of(position, rules)?;
            Ok(self
                .table
                .best_move(&p, roll)
                .map(|(mv, odds)| (PyMove::new(&p, mv), odds)))
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<Table {} up to {} pieces, {} positions>",
            self.rules().name(),
            self.bound(),
            self.__len__()
        )
    }
}

/// Adds the class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTable>()
}
