//! The exceptions: one base class, `SenetError` (a `ValueError`), and one
//! subclass per kind of bad input, each carrying the crate's message.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    senet,
    SenetError,
    PyValueError,
    "Bad input to senet: the message says what is wrong and where."
);
create_exception!(
    senet,
    RulesetError,
    SenetError,
    "An unknown ruleset name, or a rules file that states no valid ruleset."
);
create_exception!(
    senet,
    PositionError,
    SenetError,
    "A position string that is no position of the ruleset."
);
create_exception!(
    senet,
    IllegalMoveError,
    SenetError,
    "A move that does not fit the position and roll, or move text that names none."
);
create_exception!(
    senet,
    GameError,
    SenetError,
    "A game refused the request: it is over, a move is pending, or no throw was made."
);
create_exception!(
    senet,
    RecordError,
    SenetError,
    "A record that cannot be read, or whose game does not replay as written."
);
create_exception!(
    senet,
    TableError,
    SenetError,
    "An endgame table that cannot be read, solved or asked about this position."
);
create_exception!(
    senet,
    BotError,
    SenetError,
    "A bot level out of range, or no decision to make in the position."
);

/// `value`, or a `ValueError` naming `limit` when it is past it: a size
/// that would take more memory than a machine has is refused before any
/// of it is taken (rather than aborting the interpreter).
pub fn at_most(what: &str, value: usize, limit: usize) -> PyResult<usize> {
    if value > limit {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "{what} is {value}; it is at most {limit}"
        )));
    }
    Ok(value)
}

/// `Err(E::new_err(error.to_string()))`, for any error of the crates.
pub fn err<E: pyo3::type_object::PyTypeInfo, T>(error: impl std::fmt::Display) -> PyResult<T> {
    Err(PyErr::new::<E, _>(error.to_string()))
}

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SenetError", py.get_type::<SenetError>())?;
    m.add("RulesetError", py.get_type::<RulesetError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("GameError", py.get_type::<GameError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("TableError", py.get_type::<TableError>())?;
    m.add("BotError", py.get_type::<BotError>())?;
    Ok(())
}
