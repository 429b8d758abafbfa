//! `Ruleset`: a reconstruction by name, or read from a rules file; and
//! [`Rules`], the two ruleset types every class is written over.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Mutex, OnceLock};

use pyo3::prelude::*;
use senet::{AnyRuleset, Described, Ruleset as _};

use crate::errors::{RulesetError, err};

/// A ruleset as the classes hold it: built in, or read from a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// One of the seven built-in rulesets.
    Builtin(AnyRuleset),
    /// A ruleset read from a rules file.
    File(Described),
}

/// Runs `$body` with `$x` bound to the value inside `$value`, an enum
/// whose variants are `Builtin` (over [`AnyRuleset`]) and `File` (over
/// [`Described`]): the body is compiled once for each ruleset type.
/// `$wrap` names the enum to rebuild a result in (`each!(E, v, |x| ...)`).
macro_rules! each {
    ($enum:ident, $value:expr, |$x:ident| $body:expr) => {
        match $value {
            $enum::Builtin($x) => $body,
            $enum::File($x) => $body,
        }
    };
}
pub(crate) use each;

/// Builds the `Builtin` or `File` variant of an enum from a value of
/// either ruleset type, so generic code can hand back what it made.
pub trait Family: senet::Ruleset + senet::rulesets::BuiltIn + Send + Sync + 'static {
    /// The ruleset as a [`Rules`].
    fn rules(self) -> Rules;
}

impl Family for AnyRuleset {
    fn rules(self) -> Rules {
        Rules::Builtin(self)
    }
}

impl Family for Described {
    fn rules(self) -> Rules {
        Rules::File(self)
    }
}

impl Rules {
    /// The ruleset's name.
    pub fn name(self) -> &'static str {
        each!(Rules, self, |r| r.name())
    }

    /// A built-in ruleset by name, in any case.
    pub fn by_name(name: &str) -> PyResult<Rules> {
        match name.parse::<AnyRuleset>() {
            Ok(ruleset) => Ok(Rules::Builtin(ruleset)),
            Err(error) => err::<RulesetError, _>(error),
        }
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
                rules: Rules::Builtin(r),
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
        each!(Rules, self.rules, |r| r.revision())
    }

    /// Pieces each side has.
    #[getter]
    fn pieces_per_side(&self) -> u8 {
        each!(Rules, self.rules, |r| r.pieces_per_side())
    }

    /// The rolls the ruleset's implement makes, from the smallest.
    #[getter]
    fn rolls(&self) -> Vec<u32> {
        each!(Rules, self.rules, |r| r
            .dice()
            .rolls()
            .map(|roll| u32::from(roll.value()))
            .collect())
    }

    /// Each roll the implement makes with its chance, from the smallest
    /// roll: `[(1, 0.25), (2, 0.375), ...]` for four sticks.
    #[getter]
    fn roll_chances(&self) -> Vec<(u32, f64)> {
        let dice = each!(Rules, self.rules, |r| r.dice());
        let total = f64::from(dice.total_weight());
        dice.weights()
            .iter()
            .map(|&(roll, weight)| (u32::from(roll.value()), f64::from(weight) / total))
            .collect()
    }

    /// Whether the ruleset is built in (not read from a file).
    #[getter]
    fn is_builtin(&self) -> bool {
        matches!(self.rules, Rules::Builtin(_))
    }

    /// The rules file's text, for a ruleset read from one.
    #[getter]
    fn text(&self) -> Option<&'static str> {
        match self.rules {
            Rules::Builtin(_) => None,
            Rules::File(r) => text_of(r),
        }
    }

    /// The rules file's `title` (what the reconstruction is, in a line),
    /// for a ruleset read from one.
    #[getter]
    fn title(&self) -> Option<&'static str> {
        match self.rules {
            Rules::Builtin(_) => None,
            Rules::File(r) => Some(r.title()),
        }
    }

    /// The rules file's `source` (where the reconstruction was
    /// published), for a ruleset read from one.
    #[getter]
    fn source(&self) -> Option<&'static str> {
        match self.rules {
            Rules::Builtin(_) => None,
            Rules::File(r) => Some(r.source()),
        }
    }

    fn __str__(&self) -> &'static str {
        self.rules.name()
    }

    fn __repr__(&self) -> String {
        match self.rules {
            Rules::Builtin(r) => format!("Ruleset({:?})", r.name()),
            Rules::File(r) => format!("<Ruleset {:?} from a rules file>", r.name()),
        }
    }

    /// Pickled as its name, or as its rules file's text.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (&'static str,))> {
        let class = slf.get_type();
        match slf.get().rules {
            Rules::Builtin(r) => Ok((class.into_any(), (r.name(),))),
            Rules::File(r) => match text_of(r) {
                Some(text) => Ok((class.getattr("from_toml")?, (text,))),
                None => err::<RulesetError, _>("the ruleset's rules file text is unknown"),
            },
        }
    }
}

/// The texts of the rules files read, by digest: what a ruleset read
/// from one is pickled as (the crate keeps the rules, not the text).
fn texts() -> &'static Mutex<HashMap<[u8; 32], &'static str>> {
    static TEXTS: OnceLock<Mutex<HashMap<[u8; 32], &'static str>>> = OnceLock::new();
    TEXTS.get_or_init(Default::default)
}

/// The text of the rules file `ruleset` was read from.
fn text_of(ruleset: Described) -> Option<&'static str> {
    let texts = texts()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    texts.get(&ruleset.digest()).copied()
}

/// The ruleset a rules file's text states, its text kept.
fn described(text: &str) -> Result<PyRuleset, senet::RulesFileError> {
    let ruleset = senet_rules_file::from_toml(text)?;
    let mut texts = texts()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    texts
        .entry(ruleset.digest())
        .or_insert_with(|| Box::leak(text.to_owned().into_boxed_str()));
    Ok(PyRuleset {
        rules: Rules::File(ruleset),
    })
}

/// The ruleset an argument names: a `Ruleset`, or a built-in ruleset's
/// name.
pub fn rules_arg(value: &Bound<'_, PyAny>) -> PyResult<Rules> {
    if let Ok(ruleset) = value.extract::<PyRuleset>() {
        return Ok(ruleset.rules);
    }
    match value.extract::<String>() {
        Ok(name) => Rules::by_name(&name),
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
