//! `Batch`, many games stepped by one call, and `playouts`, whole random
//! games played in Rust: the fast paths for learning and for measuring.

use numpy::ndarray::Array1;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use senet::{Outcome, Position, Seed, Side};

use crate::bot::{bot_for, level_arg};
use crate::encode;
use crate::episode::{Core, MAX_TURNS};
use crate::errors::{GameError, at_most, err};
use crate::rules::{PyRuleset, rules_arg};
use senet::Rules;
use senet_bot::Bot;

/// The arrays one `Batch.step` returns.
type Stepped<'py> = (
    Bound<'py, PyArray1<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
);

/// `n` games stepped together, each as `senet.Episode` runs one, and
/// started again as soon as it ends: game `k` of the batch (counted in
/// the order they start) throws from `senet.pair_seed(seed, k)`. Without an
/// opponent the caller plays both sides; with one, a bot of that level
/// plays `opponent_side` in every game.
#[pyclass(module = "senet", name = "Batch")]
pub struct Batch {
    rules: Rules,
    seed: u64,
    started: u64,
    finished: u64,
    opponent: Option<(Side, Bot<Rules>)>,
    /// The opponent's level, for pickling.
    level: Option<u8>,
    max_turns: usize,
    cores: Vec<Core>,
    /// The last observation of each game the last step ended.
    finals: Vec<f32>,
}

impl Batch {
    /// The next game that waits for a decision. A game can end before
    /// its first (the bot's turns reach `max_turns`): it counts as
    /// finished, and the next starts.
    fn start_one(&mut self) -> PyResult<Core> {
        for _ in 0..STARTS {
            let seed = Seed::for_pair(self.seed, self.started);
            self.started += 1;
            let core = Core::start(
                self.rules,
                seed,
                self.opponent.as_ref().map(|(side, bot)| (*side, bot)),
                self.max_turns,
            )?;
            if !core.is_done() {
                return Ok(core);
            }
            self.finished += 1;
        }
        err::<GameError, _>(format!(
            "{STARTS} games in a row ended before a decision: max_turns {} is too small",
            self.max_turns
        ))
    }
}

/// How many games in a row may end before a decision.
const STARTS: u32 = 1000;

/// The most games in one batch: a few hundred bytes each, held at once.
pub const MAX_BATCH: usize = 1_000_000;

/// The most games one call of `playouts` plays: five bytes of result
/// each, returned at once.
pub const MAX_PLAYOUTS: usize = 100_000_000;

#[pymethods]
impl Batch {
    /// `n` games of `ruleset` from `seed`, with a bot of level
    /// `opponent` on `opponent_side` if given.
    #[new]
    #[pyo3(signature = (ruleset, n, seed, opponent = None, opponent_side = "o", max_turns = MAX_TURNS))]
    fn new(
        py: Python<'_>,
        ruleset: &Bound<'_, PyAny>,
        n: usize,
        seed: u64,
        opponent: Option<u8>,
        opponent_side: &str,
        max_turns: usize,
    ) -> PyResult<Batch> {
        let opponent_level = opponent;
        let rules = rules_arg(ruleset)?;
        if n == 0 {
            return err::<GameError, _>("a batch needs at least one game");
        }
        let n = at_most("the number of games in a batch", n, MAX_BATCH)?;
        let side = crate::position::side_arg(opponent_side)?;
        let opponent = opponent
            .map(|level| Ok::<_, PyErr>((side, bot_for(rules, level_arg(level)?, None)?)))
            .transpose()?;
        let mut batch = Batch {
            rules,
            seed,
            started: 0,
            finished: 0,
            opponent,
            level: opponent_level,
            max_turns,
            cores: Vec::with_capacity(n),
            finals: Vec::new(),
        };
        // The GIL let go meanwhile; a signal (Ctrl-C) stops it.
        py.detach(|| {
            for game in 0..n {
                if game % 1024 == 1023 {
                    crate::interrupt::check()?;
                }
                let core = batch.start_one()?;
                batch.cores.push(core);
            }
            Ok::<(), PyErr>(())
        })?;
        Ok(batch)
    }

    fn __len__(&self) -> usize {
        self.cores.len()
    }

    /// Pickled as what made it, its counts and the record of each game
    /// it is playing; unpickled, every game goes on with the same throws.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (
            PyRuleset,
            u64,
            u64,
            u64,
            Option<u8>,
            &'static str,
            usize,
            Vec<String>,
        ),
    )> {
        let me = slf.borrow();
        let side = me.opponent.as_ref().map_or(Side::O, |(side, _)| *side);
        Ok((
            slf.get_type().getattr("_resume")?,
            (
                PyRuleset { rules: me.rules },
                me.seed,
                me.started,
                me.finished,
                me.level,
                crate::position::side_name(side),
                me.max_turns,
                me.cores.iter().map(Core::record).collect(),
            ),
        ))
    }

    /// The batch `__reduce__` describes.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _resume(
        py: Python<'_>,
        ruleset: &Bound<'_, PyAny>,
        seed: u64,
        started: u64,
        finished: u64,
        opponent: Option<u8>,
        opponent_side: &str,
        max_turns: usize,
        records: Vec<String>,
    ) -> PyResult<Batch> {
        let rules = rules_arg(ruleset)?;
        at_most("the number of games in a batch", records.len(), MAX_BATCH)?;
        let side = crate::position::side_arg(opponent_side)?;
        let bot = opponent
            .map(|level| bot_for(rules, level_arg(level)?, None))
            .transpose()?;
        let cores = py.detach(|| {
            records
                .iter()
                .map(|record| {
                    Core::resume_text(rules, record, bot.as_ref().map(|b| (side, b)), max_turns)
                })
                .collect::<PyResult<Vec<Core>>>()
        })?;
        Ok(Batch {
            rules,
            seed,
            started,
            finished,
            opponent: bot.map(|bot| (side, bot)),
            level: opponent,
            max_turns,
            cores,
            finals: Vec::new(),
        })
    }

    /// Games finished (ended or cut short) so far.
    #[getter]
    fn episodes(&self) -> u64 {
        self.finished
    }

    /// The observations (float32, `n` by `senet.OBSERVATION_SIZE`), each
    /// for its game's side to play.
    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let mut out = vec![0.0f32; self.cores.len() * encode::OBSERVATION_SIZE];
        for (core, row) in self
            .cores
            .iter()
            .zip(out.chunks_exact_mut(encode::OBSERVATION_SIZE))
        {
            core.observe(core.to_play().unwrap_or(Side::X), row);
        }
        PyArray1::from_vec(py, out).reshape([self.cores.len(), encode::OBSERVATION_SIZE])
    }

    /// The last observation of each game that the last `step` ended or
    /// cut short (float32, `n` by `senet.OBSERVATION_SIZE`), as the side
    /// that acted saw it, before its game started again; the rows of the
    /// other games are stale.
    fn final_observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let mut out = self.finals.clone();
        out.resize(self.cores.len() * encode::OBSERVATION_SIZE, 0.0);
        PyArray1::from_vec(py, out).reshape([self.cores.len(), encode::OBSERVATION_SIZE])
    }

    /// The action masks (int8, `n` by `senet.ACTIONS`).
    fn action_masks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        let mut out = vec![0i8; self.cores.len() * encode::ACTIONS];
        for (core, row) in self.cores.iter().zip(out.chunks_exact_mut(encode::ACTIONS)) {
            core.mask(row);
        }
        PyArray1::from_vec(py, out).reshape([self.cores.len(), encode::ACTIONS])
    }

    /// The side to play in each game: 0 for `x`, 1 for `o` (int8).
    fn sides<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        let sides: Array1<i8> = self
            .cores
            .iter()
            .map(|core| i8::from(core.to_play() == Some(Side::O)))
            .collect();
        sides.into_pyarray(py)
    }

    /// Plays one action in every game (int64, `n` long) and returns
    /// `(rewards, terminated, truncated)`: the reward of the side that
    /// acted (1 won, -1 lost, else 0), and whether its game ended or was
    /// cut short; such a game starts again at once.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Stepped<'py>> {
        let actions: Vec<i64> = match actions.extract::<PyReadonlyArray1<'py, i64>>() {
            Ok(array) => array.as_array().to_vec(),
            Err(_) => actions.extract()?,
        };
        if actions.len() != self.cores.len() {
            return err::<GameError, _>(format!(
                "{} actions for {} games",
                actions.len(),
                self.cores.len()
            ));
        }
        let n = self.cores.len();
        let mut rewards = Array1::<f32>::zeros(n);
        let mut terminated = Array1::<bool>::from_elem(n, false);
        let mut truncated = Array1::<bool>::from_elem(n, false);
        let (cores, finals) = (&mut self.cores, &mut self.finals);
        finals.resize(n * encode::OBSERVATION_SIZE, 0.0);
        let outcome = py.detach(|| {
            for (i, core) in cores.iter_mut().enumerate() {
                let step = core
                    .step(actions[i])
                    .map_err(|e| format!("game {i}: {e}"))?;
                rewards[i] = step.rewards[step.mover.index()];
                terminated[i] = step.terminated;
                truncated[i] = step.truncated;
                if step.terminated || step.truncated {
                    // The end, as the side that acted sees it, before the
                    // game starts again.
                    let row =
                        &mut finals[i * encode::OBSERVATION_SIZE..][..encode::OBSERVATION_SIZE];
                    core.observe(step.mover, row);
                }
            }
            Ok::<(), String>(())
        });
        outcome.or_else(err::<GameError, _>)?;
        for i in 0..n {
            if terminated[i] || truncated[i] {
                self.finished += 1;
                self.cores[i] = self.start_one()?;
            }
        }
        Ok((
            rewards.into_pyarray(py),
            terminated.into_pyarray(py),
            truncated.into_pyarray(py),
        ))
    }
}

/// Plays `games` random games of `ruleset` in Rust (each move chosen
/// uniformly among the legal ones, throws and choices from `seed`) and
/// returns `(throws, winners)`: the throws of each game (uint32), and its
/// winner (int8: 0 `x`, 1 `o`, 2 a draw, -1 cut short at `max_throws`).
/// The GIL is free meanwhile.
#[pyfunction]
#[pyo3(signature = (ruleset, games, seed, max_throws = 100_000))]
#[allow(clippy::type_complexity)]
fn playouts<'py>(
    py: Python<'py>,
    ruleset: &Bound<'py, PyAny>,
    games: usize,
    seed: u64,
    max_throws: u32,
) -> PyResult<(Bound<'py, PyArray1<u32>>, Bound<'py, PyArray1<i8>>)> {
    let rules = rules_arg(ruleset)?;
    let games = at_most("the number of games", games, MAX_PLAYOUTS)?;
    let (throws, winners) = py.detach(|| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        senet::with_rules!(rules, |r| play_many(r, &mut rng, games, max_throws))
    })?;
    Ok((throws.into_pyarray(py), winners.into_pyarray(py)))
}

/// The throws and winners of `games` random playouts of `ruleset`; a
/// signal (Ctrl-C) stops it between two of its games.
fn play_many<R: senet::Ruleset + senet::rulesets::CheckedRuleset>(
    ruleset: R,
    rng: &mut ChaCha8Rng,
    games: usize,
    max_throws: u32,
) -> PyResult<(Vec<u32>, Vec<i8>)> {
    let start = Position::start(ruleset);
    let (mut throws, mut winners) = (Vec::with_capacity(games), Vec::with_capacity(games));
    for game in 0..games {
        if game % 256 == 255 {
            crate::interrupt::check()?;
        }
        let game = senet::playout::playout(&start, rng, max_throws);
        winners.push(match game.outcome() {
            Some(Outcome::Win(side)) => side.index() as i8,
            Some(Outcome::Draw) => 2,
            None => -1,
        });
        throws.push(game.throws);
    }
    Ok((throws, winners))
}

/// Adds the class and function to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Batch>()?;
    m.add_function(wrap_pyfunction!(playouts, m)?)
}
