//! `Game`: a seeded game, throw by throw, its record, and `verify`.

use pyo3::prelude::*;
use senet::replay::Checked;
use senet::{AnyRuleset, Game, Record, Ruleset, Seed, Side};

use crate::errors::IllegalMoveError;
use crate::errors::{GameError, RecordError, err};
use crate::position::{Played, PyMove, PyPosition, move_arg, outcome_name, side_arg, side_name};
use crate::rules::{PyRuleset, rules_arg};
use senet::Rules;

/// A seed from Python: a whole number (`Seed.from_u64`), up to 32 bytes,
/// or their lower-case hex; `None` for a fresh one from the system.
pub fn seed_arg(value: Option<&Bound<'_, PyAny>>) -> PyResult<Seed> {
    let Some(value) = value else {
        return Seed::random().or_else(err::<GameError, _>);
    };
    // Any integer type (numpy's among them) is a number, as `operator.index`
    // reads it; bytes and text are not.
    let is_text = value.is_instance_of::<pyo3::types::PyString>()
        || value.is_instance_of::<pyo3::types::PyBytes>();
    let number = if value.is_instance_of::<pyo3::types::PyInt>() {
        Some(value.clone())
    } else if !is_text && value.hasattr("__index__")? {
        Some(value.call_method0("__index__")?)
    } else {
        None
    };
    if let Some(value) = number {
        return match value.extract::<u64>() {
            Ok(number) => Ok(Seed::from_u64(number)),
            Err(_) => {
                err::<GameError, _>(format!("a seed number is from 0 to 2**64 - 1, not {value}"))
            }
        };
    }
    if let Ok(bytes) = value.extract::<Vec<u8>>()
        && !value.is_instance_of::<pyo3::types::PyString>()
    {
        return Seed::from_bytes(&bytes).or_else(err::<GameError, _>);
    }
    if let Ok(text) = value.extract::<String>() {
        return text.parse::<Seed>().or_else(err::<GameError, _>);
    }
    Err(pyo3::exceptions::PyTypeError::new_err(
        "a seed is a whole number from 0 to 2**64 - 1, bytes (up to 32), or their hex",
    ))
}

/// A game's refusal as an exception: `IllegalMoveError` for a move that
/// does not fit the throw, `GameError` for the rest.
fn game_error<T>(error: senet::GameError) -> PyResult<T> {
    match error {
        senet::GameError::WrongRoll { .. } | senet::GameError::Illegal { .. } => {
            err::<IllegalMoveError, _>(error)
        }
        other => err::<GameError, _>(other),
    }
}

/// The seed of game (or pair) `pair` of a batch, a study or a duel
/// seeded with `master`: 16 bytes, `master` then `pair`, little-endian.
/// `Game(seed=pair_seed(master, k))` is game `k` of `Batch(..., seed=master)`.
#[pyfunction]
fn pair_seed(master: u64, pair: u64) -> Vec<u8> {
    Seed::for_pair(master, pair).as_bytes().to_vec()
}

/// A game from a seed: the throws come from the seed alone, so the same
/// seed and the same moves make the same game, and its record proves it
/// (`verify`). Throw with `throw()`, then `play()` one of `legal_moves`
/// (or its notation); a throw with no legal move is played at once.
#[pyclass(module = "senet", name = "Game")]
pub struct PyGame {
    game: Game<Rules>,
}

#[pymethods]
impl PyGame {
    /// A new game of `ruleset` (a `Ruleset` or a name; default Kendall)
    /// from its start, or from `start`, with throws from `seed` (an int,
    /// bytes or hex; default: fresh from the system).
    #[new]
    #[pyo3(signature = (ruleset = None, seed = None, start = None))]
    fn new(
        ruleset: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        start: Option<PyPosition>,
    ) -> PyResult<PyGame> {
        let rules = match (ruleset, start) {
            (Some(value), _) => rules_arg(value)?,
            (None, Some(start)) => start.rules(),
            (None, None) => crate::rules::by_name("kendall")?,
        };
        let seed = seed_arg(seed)?;
        let start = start.unwrap_or_else(|| PyPosition::of(senet::Position::start(rules)));
        let game = Game::seeded(crate::position::position_of(&start, rules)?, seed);
        Ok(PyGame { game })
    }

    /// Throws the sticks for the side to play, and returns the roll. A
    /// throw with no legal move is lost and recorded at once (then
    /// `legal_moves` is empty and `roll` is `None`).
    fn throw(&mut self) -> PyResult<u8> {
        self.game
            .throw()
            .map(|thrown| thrown.throw().roll().value())
            .or_else(err::<GameError, _>)
    }

    /// Plays the pending throw's `move` (a `Move` or its notation) and
    /// returns the turn's notation.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        {
            let position = *self.game.position();
            let Played::Move(mv) = move_arg(&position, r#move)? else {
                return err::<GameError, _>("a lost throw is played by throw(), not play()");
            };
            self.game
                .play(mv)
                .map(|turn| turn.text().to_string())
                .or_else(game_error)
        }
    }

    /// `side` (`"x"` or `"o"`) resigns; the opponent wins.
    fn resign(&mut self, side: &str) -> PyResult<String> {
        let side = side_arg(side)?;
        self.game
            .resign(side)
            .map(|finish| finish.to_string())
            .or_else(err::<GameError, _>)
    }

    /// The ruleset.
    #[getter]
    fn ruleset(&self) -> PyRuleset {
        PyRuleset {
            rules: self.game.ruleset(),
        }
    }

    /// The position now.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition::of(*self.game.position())
    }

    /// The side to play: `"x"`, `"o"`, or `None` when the game is over.
    #[getter]
    fn to_play(&self) -> Option<&'static str> {
        self.game.to_play().map(side_name)
    }

    /// The roll waiting for a move, or `None` before the throw.
    #[getter]
    fn roll(&self) -> Option<u8> {
        pending_roll(&self.game)
    }

    /// The moves the pending roll allows (empty before a throw).
    #[getter]
    fn legal_moves(&self) -> Vec<PyMove> {
        legal_moves(&self.game)
    }

    /// The turns so far, as `(side, notation)` pairs.
    #[getter]
    fn history(&self) -> Vec<(&'static str, String)> {
        history(&self.game)
    }

    /// `"x"`, `"o"`, `"draw"`, or `None` while the game goes on.
    #[getter]
    fn outcome(&self) -> Option<&'static str> {
        self.game.outcome().map(outcome_name)
    }

    /// How the game ended, in words (`"x won by bearing off"`), or `None`.
    #[getter]
    fn finish(&self) -> Option<String> {
        self.game.finish().map(|f| f.to_string())
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The seed, in hex.
    #[getter]
    fn seed(&self) -> Option<String> {
        self.game.seed().map(|s| s.to_string())
    }

    /// The game's record (the text format), with the players' names if given.
    #[pyo3(signature = (x = None, o = None))]
    fn record(&self, x: Option<&str>, o: Option<&str>) -> PyResult<String> {
        let mut record = self.game.record();
        for (side, name) in [(Side::X, x), (Side::O, o)] {
            if let Some(name) = name {
                record = record
                    .with_name(side, name)
                    .or_else(err::<RecordError, _>)?;
            }
        }
        Ok(record.to_string())
    }

    /// Pickled as its record, its ruleset and whether a throw waits for
    /// its move: unpickling replays the record from its seed (and throws
    /// that throw again, the seed's same), and the game goes on with the
    /// same throws.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, PyRuleset, bool))> {
        let me = slf.borrow();
        let record = me.game.record().to_string();
        let thrown = me.game.current_throw().is_some();
        Ok((
            slf.get_type().getattr("_resume")?,
            (record, me.ruleset(), thrown),
        ))
    }

    /// The game a record (with its seed) leaves, under `ruleset`, with
    /// the next throw made when `thrown`.
    #[staticmethod]
    fn _resume(record: &str, ruleset: &Bound<'_, PyAny>, thrown: bool) -> PyResult<PyGame> {
        let rules = rules_arg(ruleset)?;
        let record: senet::Record = record.parse().or_else(err::<RecordError, _>)?;
        let mut game = Game::resume(&record, rules).or_else(err::<RecordError, _>)?;
        if thrown {
            game.throw().map(|_| ()).or_else(err::<GameError, _>)?;
        }
        Ok(PyGame { game })
    }

    fn __repr__(&self) -> String {
        format!(
            "<Game {} after {} turns: {}>",
            self.game.ruleset().name(),
            self.game.history().len(),
            self.game.position()
        )
    }
}

/// The roll waiting for a move in `game`.
pub fn pending_roll<R: Ruleset>(game: &Game<R>) -> Option<u8> {
    game.current_throw().map(|t| t.roll().value())
}

/// The moves the pending roll allows in `game`.
pub fn legal_moves<R: Ruleset>(game: &Game<R>) -> Vec<PyMove> {
    let position = *game.position();
    game.legal_moves()
        .iter()
        .map(|&mv| PyMove::new(&position, mv))
        .collect()
}

/// The turns of `game`, as `(side, notation)` pairs.
pub fn history<R: Ruleset>(game: &Game<R>) -> Vec<(&'static str, String)> {
    game.history()
        .iter()
        .map(|t| (side_name(t.side()), t.text().to_string()))
        .collect()
}

/// What `verify` found: the game a record replays to.
#[pyclass(module = "senet", name = "Verified", frozen, get_all)]
pub struct Verified {
    /// The last position.
    position: PyPosition,
    /// The turns replayed.
    turns: usize,
    /// `"seed and rules"` when the record's seed made every roll, `"rules
    /// only"` for a record without a seed (its rolls are taken as written).
    checked: &'static str,
    /// How the game ended, in words, or `None` for an unfinished game.
    finish: Option<String>,
    /// `"x"`, `"o"`, `"draw"`, or `None`.
    outcome: Option<&'static str>,
}

#[pymethods]
impl Verified {
    fn __repr__(&self) -> String {
        format!(
            "<Verified {} turns, {}, {}>",
            self.turns,
            self.checked,
            self.finish.as_deref().unwrap_or("unfinished")
        )
    }
}

fn verified(verdict: senet::replay::Verdict<Rules>) -> Verified {
    let position = *verdict.position();
    Verified {
        position: PyPosition::of(position),
        turns: verdict.history().len(),
        checked: match verdict.checked() {
            Checked::SeedAndRules => "seed and rules",
            _ => "rules only",
        },
        finish: verdict.finish().map(|f| f.to_string()),
        outcome: verdict
            .finish()
            .map(|f| f.outcome())
            .or_else(|| position.outcome())
            .map(outcome_name),
    }
}

/// Replays a record (text) and checks every roll against its seed and
/// every move against the rules; raises `RecordError` saying where it
/// fails. A record of a ruleset read from a file needs that `ruleset`.
#[pyfunction]
#[pyo3(signature = (record, ruleset = None))]
fn verify(record: &str, ruleset: Option<&Bound<'_, PyAny>>) -> PyResult<Verified> {
    let record: Record = match record.parse() {
        Ok(record) => record,
        Err(error) => return err::<RecordError, _>(error),
    };
    let rules = ruleset.map(rules_arg).transpose()?;
    match rules {
        // The built-in ruleset the header names, as `Record::verify` finds it.
        None => match record.ruleset().parse::<AnyRuleset>() {
            Ok(any) => record.verify_with(Rules::from(any)).map(verified),
            Err(error) => Err(senet::replay::ReplayError {
                place: senet::replay::Place::Header,
                problem: senet::replay::Problem::ParseRulesetError { found: error.found },
            }),
        },
        Some(rules) => record.verify_with(rules).map(verified),
    }
    .or_else(err::<RecordError, _>)
}

/// Adds the classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<Verified>()?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(pair_seed, m)?)
}
