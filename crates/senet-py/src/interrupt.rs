//! Ctrl-C in a long call: work done with the GIL let go asks Python,
//! every so often, whether a signal is pending, and stops with its
//! exception (`KeyboardInterrupt`) at once.

use pyo3::prelude::*;

/// The pending signal's exception, if any: `Ok(())` when none is. Takes
/// the GIL for a moment; call it between pieces of work of a few
/// milliseconds, not on every step.
pub fn check() -> PyResult<()> {
    Python::attach(|py| py.check_signals())
}
