//! Senet from Python: the `senet._senet` extension module.
//!
//! The Python package `senet` (under `python/senet`) re-exports what this
//! module defines and adds the environments for reinforcement learning
//! and the study on Ray, which are Python by nature. Everything that
//! plays, checks or searches is here, in Rust, and lets go of the GIL
//! while it works for long (playouts, duels, studies, table solves, deep
//! searches).
//!
//! Each class holds the crate's own value over one ruleset type,
//! [`senet::Rules`], which holds a built-in ruleset or one read from a
//! rules file alike; work that runs long (playouts, studies) runs with a
//! built-in ruleset's own type, through [`senet::with_rules!`].

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod batch;
mod bot;
mod encode;
mod episode;
mod errors;
mod game;
mod interrupt;
mod odds;
mod position;
mod rules;
mod study;

use pyo3::prelude::*;

/// The extension module: its classes, functions and exceptions.
#[pymodule]
fn _senet(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // NumPy's C API is found now, on import, not in the first call that
    // returns an array, where a Ctrl-C while it loads was a panic.
    numpy::PyArray1::<f32>::zeros(m.py(), [0], false);
    rules::register(m)?;
    position::register(m)?;
    game::register(m)?;
    bot::register(m)?;
    odds::register(m)?;
    episode::register(m)?;
    batch::register(m)?;
    study::register(m)?;
    errors::register(m)?;
    m.add("OBSERVATION_SIZE", encode::OBSERVATION_SIZE)?;
    m.add("ACTIONS", encode::ACTIONS)?;
    Ok(())
}
