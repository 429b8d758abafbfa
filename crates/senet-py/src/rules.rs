//! `Ruleset`: a reconstruction by name, or read from a rules file, held
//! as the core's one checked ruleset type, [`senet::Rules`].

use std::path::PathBuf;

use pyo3::prelude::*;
use senet::{AnyRuleset, Rules, Ruleset as _};

use crate::errors::{RulesetError, err};

/// A built-in ruleset by name, in any case.
pub fn by_name(name: &str) -> PyResult<Rules> {
    match name.parse::<AnyRuleset>() {
        Ok(ruleset) => Ok(Rules::from(ruleset)),
        Err(error) => err::<RulesetError, _>(error),
    }
}

/// A reconstruction of the rules of Senet: one of the seven built in, by
/// name, or one read from a rules file (TOML, as the crate's
/// `docs/rulesets.md` describes). Wherever a ruleset is asked for, its
/// name as a string does as well.
#[pyclass(module = "senet", name = "Ruleset", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRuleset {
    pub rules: Rules,
}

#[pymethods]
impl PyRuleset {
    /// The built-in ruleset of this name (kendall, temple, bell, classic,
    /// jequier, kendall1979, skyruk), in any case; or `ruleset` itself,
    /// when it is a `Ruleset`.
    #[new]
    fn new(ruleset: &Bound<'_, PyAny>) -> PyResult<PyRuleset> {
        rules_arg(ruleset).map(|rules| PyRuleset { rules })
    }

    /// The seven built-in rulesets.
    #[staticmethod]
    fn builtins() -> Vec<PyRuleset> {
        AnyRuleset::ALL
            .into_iter()
            .map(|r| PyRuleset {
                rules: Rules::from(r),
            })
            .collect()
    }

    /// The ruleset a rules file states; a bad file raises `RulesetError`
    /// naming the line and key, a missing one, or one that is no regular
    /// file of at most 1 MiB, `OSError`.
    #[staticmethod]
    fn from_file(path: PathBuf) -> PyResult<PyRuleset> {
        // A regular file of at most 1 MiB only: a FIFO or a device is
        // refused before it is opened for reading.
        let text = senet_rules_file::read_text(&path)
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))?;
        described(&text).map_err(|e| RulesetError::new_err(format!("{}: {e}", path.display())))
    }

    /// The ruleset a rules file's text states.
    #[staticmethod]
    fn from_toml(text: &str) -> PyResult<PyRuleset> {
        described(text).map_err(|e| RulesetError::new_err(e.to_string()))
    }

    /// The ruleset's name, as records and positions name it.
    #[getter]
    fn name(&self) -> &'static str {
        self.rules.name()
    }

    /// The revision of the ruleset's rules.
    #[getter]
    fn revision(&self) -> u32 {
        self.rules.revision()
    }

    /// Pieces each side has.
    #[getter]
    fn pieces_per_side(&self) -> u8 {
        self.rules.pieces_per_side()
    }

    /// The rolls the ruleset's implement makes, from the smallest.
    #[getter]
    fn rolls(&self) -> Vec<u32> {
        self.rules
            .dice()
            .rolls()
            .map(|roll| u32::from(roll.value()))
            .collect()
    }

    /// Each roll the implement makes with its chance, from the smallest
    /// roll: `[(1, 0.25), (2, 0.375), ...]` for four sticks.
    #[getter]
    fn roll_chances(&self) -> Vec<(u32, f64)> {
        let dice = self.rules.dice();
        let total = f64::from(dice.total_weight());
        dice.weights()
            .iter()
            .map(|&(roll, weight)| (u32::from(roll.value()), f64::from(weight) / total))
            .collect()
    }

    /// Whether the ruleset is built in (not read from a file).
    #[getter]
    fn is_builtin(&self) -> bool {
        AnyRuleset::of(&self.rules).is_some()
    }

    /// The rules file's text, for a ruleset read from one.
    #[getter]
    fn text(&self) -> Option<&'static str> {
        self.rules.text()
    }

    /// The rules file's `title` (what the reconstruction is, in a line),
    /// for a ruleset read from one.
    #[getter]
    fn title(&self) -> Option<&'static str> {
        self.rules.title()
    }

    /// The rules file's `source` (where the reconstruction was
    /// published), for a ruleset read from one.
    #[getter]
    fn source(&self) -> Option<&'static str> {
        self.rules.source()
    }

    fn __str__(&self) -> &'static str {
        self.rules.name()
    }

    fn __repr__(&self) -> String {
        match self.rules.text() {
            None => format!("Ruleset({:?})", self.rules.name()),
            Some(_) => format!("<Ruleset {:?} from a rules file>", self.rules.name()),
        }
    }

    /// Pickled as its name, or as its rules file's text.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (&'static str,))> {
        let class = slf.get_type();
        let rules = slf.get().rules;
        match rules.text() {
            None => Ok((class.into_any(), (rules.name(),))),
            Some(text) => Ok((class.getattr("from_toml")?, (text,))),
        }
    }
}

/// The ruleset a rules file's text states (the ruleset keeps the text);
/// refused, with the reason, when its throws are banked before moving,
/// which this module does not play yet.
fn described(text: &str) -> Result<PyRuleset, String> {
    let rules = senet_rules_file::from_toml(text).map_err(|e| e.to_string())?;
    if rules.banks_throws() {
        return Err(format!(
            "\"{}\" banks every throw before moving (throw_again.before_moving), which this module does not play yet",
            rules.name()
        ));
    }
    Ok(PyRuleset { rules })
}

/// The ruleset an argument names: a `Ruleset`, or a built-in ruleset's
/// name.
pub fn rules_arg(value: &Bound<'_, PyAny>) -> PyResult<Rules> {
    if let Ok(ruleset) = value.extract::<PyRuleset>() {
        return Ok(ruleset.rules);
    }
    match value.extract::<String>() {
        Ok(name) => by_name(&name),
        Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "a ruleset is a senet.Ruleset or a ruleset's name, not {}",
            value.get_type().name()?
        ))),
    }
}

/// Adds the class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRuleset>()
}
