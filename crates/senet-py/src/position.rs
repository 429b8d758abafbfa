//! `Position` and `Move`: the board between throws, and one legal play.

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyType;
use senet::notation::move_text::MoveText;
use senet::{House, Move, Outcome, Roll, Rules, Ruleset, Side};

use crate::encode;
use crate::errors::{IllegalMoveError, PositionError, err};
use crate::rules::{PyRuleset, rules_arg};

/// A position as the classes hold it.
pub type Pos = senet::Position<Rules>;

/// A roll from Python: 1 to 6.
pub fn roll_arg(value: u8) -> PyResult<Roll> {
    Roll::try_from(value).or_else(err::<IllegalMoveError, _>)
}

/// `"x"`, `"o"`.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::X => "x",
        Side::O => "o",
    }
}

/// A side from Python: `"x"` or `"o"`.
pub fn side_arg(text: &str) -> PyResult<Side> {
    match text {
        "x" => Ok(Side::X),
        "o" => Ok(Side::O),
        _ => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "a side is \"x\" or \"o\", not {text:?}"
        ))),
    }
}

/// `"x"`, `"o"`, `"draw"`.
pub fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(side) => side_name(side),
        Outcome::Draw => "draw",
    }
}

/// One legal play of one piece, made for the position and roll that
/// listed it (playing it anywhere else raises `IllegalMoveError`).
/// `str(move)` is its notation, as records write it (`"2: 10-12"`).
#[pyclass(module = "senet", name = "Move", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyMove {
    pub mv: Move,
    text: MoveText,
}

impl PyMove {
    /// The move as listed in `position`.
    pub fn new<R: Ruleset>(position: &senet::Position<R>, mv: Move) -> PyMove {
        PyMove {
            mv,
            text: position.notation(mv),
        }
    }
}

#[pymethods]
impl PyMove {
    /// The roll the move plays.
    #[getter]
    fn roll(&self) -> u8 {
        self.mv.roll().value()
    }

    /// The house the piece leaves, 1 to 30.
    #[getter(from_house)]
    fn start_house(&self) -> u8 {
        self.mv.from().number()
    }

    /// The house the piece reaches, 1 to 30, or `None` when it bears off.
    #[getter]
    fn to_house(&self) -> Option<u8> {
        self.mv.to().house().map(House::number)
    }

    /// Whether the piece moves backward.
    #[getter]
    fn is_backward(&self) -> bool {
        self.mv.is_backward()
    }

    /// Whether the piece leaves the board.
    #[getter]
    fn is_off(&self) -> bool {
        self.mv.is_off()
    }

    /// Whether the move lands on an opponent's piece (a swap, capture or
    /// sending back).
    #[getter]
    fn is_hit(&self) -> bool {
        self.mv.is_hit()
    }

    /// The move's index in the environments' action space:
    /// `2 * (from_house - 1) + is_backward`.
    #[getter]
    fn action(&self) -> usize {
        encode::action_of(self.mv)
    }

    fn __str__(&self) -> String {
        self.text.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Move {}>", self.text)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyMove>()
            .is_ok_and(|other| other.mv == self.mv)
    }

    fn __hash__(&self) -> u64 {
        u64::from(encode::action_of(self.mv) as u32) << 8 | u64::from(self.mv.roll().value())
    }

    /// Pickled as its serde form (checked when read back) and its text.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let me = slf.get();
        let form = serde_json::to_string(&me.mv)
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        Ok((
            slf.get_type().getattr("_restore")?,
            (form, me.text.to_string()),
        ))
    }

    /// The move of serde form `form`, written `text`.
    #[staticmethod]
    fn _restore(form: &str, text: &str) -> PyResult<PyMove> {
        let mv: Move = serde_json::from_str(form).or_else(err::<IllegalMoveError, _>)?;
        let text: MoveText = text.parse().or_else(err::<IllegalMoveError, _>)?;
        Ok(PyMove { mv, text })
    }
}

/// A position: the board, the side to throw, and what the ruleset marks.
/// `str(position)` is the position string; `Position.parse` reads it back.
#[pyclass(module = "senet", name = "Position", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPosition {
    pub pos: Pos,
}

impl PyPosition {
    /// Wraps a position.
    pub fn of(position: Pos) -> PyPosition {
        PyPosition { pos: position }
    }

    /// The ruleset.
    pub fn rules(&self) -> Rules {
        self.pos.ruleset()
    }
}

/// What a move argument names: a move, or a throw of `Roll` lost.
pub enum Played {
    /// A move.
    Move(Move),
    /// The notation of a lost throw of this roll (`"3: -"`).
    Lost(Roll),
}

/// The move `value` names in `position`: a `Move`, or move text.
pub fn move_arg<R: Ruleset>(
    position: &senet::Position<R>,
    value: &Bound<'_, PyAny>,
) -> PyResult<Played> {
    if let Ok(mv) = value.extract::<PyMove>() {
        return Ok(Played::Move(mv.mv));
    }
    let text: String = value.extract().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err("a move is a senet.Move or its notation")
    })?;
    let written: MoveText = match text.parse() {
        Ok(written) => written,
        Err(error) => return err::<IllegalMoveError, _>(error),
    };
    match written.resolve(position) {
        Ok(Some(mv)) => Ok(Played::Move(mv)),
        Ok(None) => Ok(Played::Lost(written.roll())),
        Err(error) => err::<IllegalMoveError, _>(error),
    }
}

/// `roll`, if the ruleset's implement can make it.
pub fn roll_of<R: Ruleset>(position: &senet::Position<R>, roll: u8) -> PyResult<Roll> {
    let roll = roll_arg(roll)?;
    let dice = position.ruleset().dice();
    if dice.can_roll(roll) {
        Ok(roll)
    } else {
        err::<IllegalMoveError, _>(format!(
            "{} throws {dice}, which cannot make a {}",
            position.ruleset().name(),
            roll.value()
        ))
    }
}

#[pymethods]
impl PyPosition {
    /// The ruleset's start position (`ruleset` a `Ruleset` or a name).
    #[staticmethod]
    #[pyo3(signature = (ruleset = None))]
    fn start(ruleset: Option<&Bound<'_, PyAny>>) -> PyResult<PyPosition> {
        let rules = match ruleset {
            Some(value) => rules_arg(value)?,
            None => crate::rules::by_name("kendall")?,
        };
        Ok(PyPosition::of(senet::Position::start(rules)))
    }

    /// Reads a position string, as `str(position)` writes it.
    #[staticmethod]
    #[pyo3(signature = (text, ruleset = None))]
    fn parse(text: &str, ruleset: Option<&Bound<'_, PyAny>>) -> PyResult<PyPosition> {
        let rules = match ruleset {
            Some(value) => rules_arg(value)?,
            None => crate::rules::by_name("kendall")?,
        };
        match senet::Position::parse(rules, text) {
            Ok(position) => Ok(PyPosition::of(position)),
            Err(error) => err::<PositionError, _>(error),
        }
    }

    /// The ruleset.
    #[getter]
    fn ruleset(&self) -> PyRuleset {
        PyRuleset {
            rules: self.rules(),
        }
    }

    /// The side to throw next: `"x"` or `"o"`.
    #[getter]
    fn side_to_throw(&self) -> &'static str {
        side_name(self.pos.side_to_throw())
    }

    /// `"x"` or `"o"` for the winner, `"draw"`, or `None` while the game goes on.
    #[getter]
    fn outcome(&self) -> Option<&'static str> {
        self.pos.outcome().map(outcome_name)
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.pos.is_over()
    }

    /// The side with a piece on `house` (1 to 30), or `None`.
    fn piece_at(&self, house: u8) -> PyResult<Option<&'static str>> {
        let house = House::new(house).ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "a house is a number from 1 to 30, not {house}"
            ))
        })?;
        Ok(self.pos.piece_at(house).map(side_name))
    }

    /// The pieces `side` has borne off.
    fn off(&self, side: &str) -> PyResult<u8> {
        let side = side_arg(side)?;
        Ok(self.pos.board().off(side))
    }

    /// The pieces `side` holds in its hand, waiting to enter the board:
    /// those neither on the board nor borne off, in a ruleset where a
    /// roll enters a piece; 0 in any other.
    fn in_hand(&self, side: &str) -> PyResult<u8> {
        let side = side_arg(side)?;
        Ok(self.pos.in_hand(side))
    }

    /// The legal moves for `roll` (1 to 6), by start house. Empty when the
    /// throw is lost (`lose_throw` then plays it).
    fn moves(&self, roll: u8) -> PyResult<Vec<PyMove>> {
        {
            let roll = roll_of(&self.pos, roll)?;
            Ok(self
                .pos
                .moves(roll)
                .iter()
                .map(|mv| PyMove::new(&self.pos, mv))
                .collect())
        }
    }

    /// The position after `move`: a `Move` listed here, or its notation
    /// (`"2: 10-12"`, or a lost throw's `"3: -"`).
    #[pyo3(name = "play")]
    fn play_move(&self, r#move: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        {
            let result = match move_arg(&self.pos, r#move)? {
                Played::Move(mv) => self.pos.play(mv),
                Played::Lost(roll) => self.pos.lose_throw(roll),
            };
            result
                .map(PyPosition::of)
                .or_else(err::<IllegalMoveError, _>)
        }
    }

    /// The position after a throw of `roll` with no legal move.
    fn lose_throw(&self, roll: u8) -> PyResult<PyPosition> {
        let roll = roll_arg(roll)?;
        self.pos
            .lose_throw(roll)
            .map(PyPosition::of)
            .or_else(err::<IllegalMoveError, _>)
    }

    /// The observation vector (float32, `senet.OBSERVATION_SIZE` long) of
    /// this position for `observer` (default: the side to throw), with
    /// `roll` pending or not; see `senet.envs` for its layout.
    #[pyo3(signature = (roll = None, observer = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        roll: Option<u8>,
        observer: Option<&str>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let roll = roll.map(roll_arg).transpose()?;
        let mut out = [0.0f32; encode::OBSERVATION_SIZE];
        {
            let observer = match observer {
                Some(side) => side_arg(side)?,
                None => self.pos.side_to_throw(),
            };
            encode::observe(&self.pos, observer, roll, &mut out);
        };
        Ok(PyArray1::from_slice(py, &out))
    }

    /// The action mask (int8, `senet.ACTIONS` long) of `roll`: 1 for the
    /// action of each legal move.
    fn action_mask<'py>(&self, py: Python<'py>, roll: u8) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let roll = roll_arg(roll)?;
        let mut out = [0i8; encode::ACTIONS];
        encode::mask(&self.pos.moves(roll).to_list(), &mut out);
        Ok(PyArray1::from_slice(py, &out))
    }

    /// The legal move of `roll` that `action` names, or `None`.
    fn move_for_action(&self, roll: u8, action: i64) -> PyResult<Option<PyMove>> {
        Ok(
            encode::move_of(&self.pos.moves(roll_of(&self.pos, roll)?).to_list(), action)
                .map(|mv| PyMove::new(&self.pos, mv)),
        )
    }

    /// The notation of `move` here.
    fn notation(&self, r#move: PyMove) -> String {
        self.pos.notation(r#move.mv).to_string()
    }

    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Position.parse({:?}, {:?})",
            self.pos.to_string(),
            self.pos.ruleset().name()
        )
    }

    /// Pickled as its string and its ruleset.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, PyRuleset))> {
        let class: Bound<'py, PyType> = slf.get_type();
        let me = slf.get();
        Ok((
            class.getattr("parse")?,
            (me.__str__(), PyRuleset { rules: me.rules() }),
        ))
    }
}

/// A position argument of the ruleset `rules`, or a `SenetError` saying
/// it belongs to another ruleset.
pub fn position_of(position: &PyPosition, rules: Rules) -> PyResult<Pos> {
    Some(position.pos)
        .filter(|p| p.ruleset() == rules)
        .map_or_else(
            || {
                err::<PositionError, _>(format!(
                    "the position is of the ruleset {}, not {}",
                    position.rules().name(),
                    rules.name()
                ))
            },
            Ok,
        )
}

/// Adds the classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPosition>()?;
    m.add_class::<PyMove>()
}
