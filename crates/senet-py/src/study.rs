//! The study and duels in parts: each part is a range of game (or pair)
//! numbers, played from the study's seed alone, so parts can run
//! anywhere (one process, or Ray tasks on many machines) and their
//! tallies, merged, are the same. `senet.study` and `senet.duel` (Python)
//! cut the work and merge it.

use pyo3::prelude::*;
use pyo3::types::PyBytes;
use senet::Seed;
use senet_bot::study::{Pairing, Tally, play_range};
use senet_bot::{Agent, Bot, Duel, DuelStats, RandomAgent};

use crate::bot::level_arg;
use crate::errors::{BotError, SenetError, err};
use crate::rules::rules_arg;

/// A pairing by name: `"random_vs_random"`, `"top_vs_top"` or
/// `"top_vs_random"`.
fn pairing_arg(name: &str) -> PyResult<Pairing> {
    Pairing::ALL
        .into_iter()
        .find(|&p| pairing_name(p) == name)
        .map_or_else(
            || {
                err::<SenetError, _>(format!(
                    "unknown pairing {name:?}; expected \"random_vs_random\", \"top_vs_top\" or \"top_vs_random\""
                ))
            },
            Ok,
        )
}

/// The name of a pairing, as `pairing_arg` reads it.
fn pairing_name(pairing: Pairing) -> &'static str {
    match pairing {
        Pairing::RandomVsRandom => "random_vs_random",
        Pairing::TopVsTop => "top_vs_top",
        Pairing::TopVsRandom => "top_vs_random",
        _ => "other",
    }
}

/// A study's tally of games: wins, lengths, what happened on the way.
/// Tallies of parts merge (`merge`) into the whole's.
#[pyclass(module = "senet", name = "Tally", eq, from_py_object)]
#[derive(Clone, PartialEq)]
pub struct PyTally {
    tally: Tally,
}

#[pymethods]
impl PyTally {
    /// An empty tally.
    #[new]
    fn new() -> PyTally {
        PyTally {
            tally: Tally::default(),
        }
    }

    /// Adds `other`'s games to this tally.
    fn merge(&mut self, other: &PyTally) {
        self.tally.merge(other.tally.clone());
    }

    /// Games played.
    #[getter]
    fn games(&self) -> u64 {
        self.tally.games
    }
    /// Games `x` (the side that throws first) won.
    #[getter]
    fn x_wins(&self) -> u64 {
        self.tally.x_wins
    }
    /// Drawn games.
    #[getter]
    fn draws(&self) -> u64 {
        self.tally.draws
    }
    /// Games the top level won (in the pairing of the top level and random).
    #[getter]
    fn top_wins(&self) -> u64 {
        self.tally.top_wins
    }
    /// Games cut short at the throw limit.
    #[getter]
    fn unfinished(&self) -> u64 {
        self.tally.unfinished
    }
    /// Throws with no legal move.
    #[getter]
    fn lost(&self) -> u64 {
        self.tally.lost
    }
    /// Landings on an opponent's piece.
    #[getter]
    fn contacts(&self) -> u64 {
        self.tally.contacts
    }
    /// Pieces that fell in the water.
    #[getter]
    fn water(&self) -> u64 {
        self.tally.water
    }
    /// Backward moves.
    #[getter]
    fn backward(&self) -> u64 {
        self.tally.backward
    }
    /// `games_by_throws[n]`: games that lasted `n` throws.
    #[getter]
    fn games_by_throws(&self) -> Vec<u64> {
        self.tally.games_by_throws.clone()
    }
    /// `games_by_turns[n]`: games that lasted `n` turns (a side's throws in a row count once).
    #[getter]
    fn games_by_turns(&self) -> Vec<u64> {
        self.tally.games_by_turns.clone()
    }
    /// The mean throws a game.
    #[getter]
    fn mean_throws(&self) -> f64 {
        senet_bot::study::mean_of_counts(&self.tally.games_by_throws)
    }
    /// The first side's score (wins and half the draws, per game), with
    /// the half width of its 95% interval.
    #[getter]
    fn first_side_score(&self) -> (f64, f64) {
        let score = self.tally.first_side_score();
        (score.value, score.half_width)
    }
    /// The top level's score against random, with its interval's half width.
    #[getter]
    fn top_score(&self) -> (f64, f64) {
        let score = self.tally.top_score();
        (score.value, score.half_width)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Tally {} games, x won {}, {:.1} throws a game>",
            self.tally.games,
            self.tally.x_wins,
            self.mean_throws()
        )
    }

    /// Pickled as its counts.
    #[allow(clippy::type_complexity)]
    fn __getstate__(&self) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
        let t = &self.tally;
        (
            vec![
                t.games,
                t.x_wins,
                t.draws,
                t.top_wins,
                t.unfinished,
                t.lost,
                t.contacts,
                t.water,
                t.backward,
            ],
            t.games_by_throws.clone(),
            t.games_by_turns.clone(),
        )
    }

    fn __setstate__(&mut self, state: (Vec<u64>, Vec<u64>, Vec<u64>)) -> PyResult<()> {
        let (counts, by_throws, by_turns) = state;
        let [
            games,
            x_wins,
            draws,
            top_wins,
            unfinished,
            lost,
            contacts,
            water,
            backward,
        ] = counts[..]
        else {
            return err::<SenetError, _>("a tally's state has 9 counts");
        };
        let mut t = Tally::default();
        (t.games, t.x_wins, t.draws, t.top_wins, t.unfinished) =
            (games, x_wins, draws, top_wins, unfinished);
        (t.lost, t.contacts, t.water, t.backward) = (lost, contacts, water, backward);
        (t.games_by_throws, t.games_by_turns) = (by_throws, by_turns);
        self.tally = t;
        Ok(())
    }
}

/// Plays games `start..end` of the study of `ruleset` and `pairing`
/// (`"random_vs_random"`, `"top_vs_top"`, `"top_vs_random"`) for `seed`,
/// as `senet study` numbers them, and tallies them. The GIL is free
/// meanwhile.
#[pyfunction]
fn study_part(
    py: Python<'_>,
    ruleset: &Bound<'_, PyAny>,
    pairing: &str,
    seed: u64,
    start: u64,
    end: u64,
) -> PyResult<PyTally> {
    let rules = rules_arg(ruleset)?;
    let pairing = pairing_arg(pairing)?;
    let range = start..end.max(start);
    let tally =
        py.detach(|| senet::with_rules!(rules, |r| play_in_pieces(r, pairing, seed, range)));
    tally.map(|tally| PyTally { tally })
}

/// `play_range`, a few games at a time, so that a signal (Ctrl-C) stops
/// it between two pieces.
fn play_in_pieces<R: senet::rulesets::CheckedRuleset + Send>(
    ruleset: R,
    pairing: Pairing,
    seed: u64,
    games: std::ops::Range<u64>,
) -> PyResult<Tally> {
    const PIECE: u64 = 16;
    let mut tally = Tally::default();
    let mut start = games.start;
    while start < games.end {
        crate::interrupt::check()?;
        let end = games.end.min(start.saturating_add(PIECE));
        let piece = play_range(ruleset, pairing, seed, start..end);
        tally.merge(piece.or_else(err::<SenetError, _>)?);
        start = end;
    }
    Ok(tally)
}

/// One side of a duel: a bot level, or the random mover.
#[derive(Clone, Copy)]
enum Player {
    Level(senet_bot::Level),
    Random,
}

fn player_arg(value: &Bound<'_, PyAny>) -> PyResult<Player> {
    if let Ok(level) = value.extract::<u8>() {
        return level_arg(level).map(Player::Level);
    }
    match value.extract::<String>() {
        Ok(text) if text == "random" => Ok(Player::Random),
        _ => err::<BotError, _>("a player is a bot level (1 to 5) or \"random\""),
    }
}

/// A duel's results: mirrored pairs of games, the first player's wins
/// and the second's. Results of parts merge (`merge`).
#[pyclass(module = "senet", name = "DuelStats", eq, from_py_object)]
#[derive(Clone, PartialEq)]
pub struct PyDuelStats {
    stats: DuelStats,
}

#[pymethods]
impl PyDuelStats {
    /// No pairs yet.
    #[new]
    fn new() -> PyDuelStats {
        PyDuelStats {
            stats: DuelStats::default(),
        }
    }

    /// Adds `other`'s pairs.
    fn merge(&mut self, other: &PyDuelStats) {
        self.stats.merge(&other.stats);
    }

    /// Mirrored pairs played (two games each).
    #[getter]
    fn pairs(&self) -> u64 {
        self.stats.pairs
    }
    /// Games the first player won.
    #[getter]
    fn a_wins(&self) -> u64 {
        self.stats.a_wins
    }
    /// Games the second player won.
    #[getter]
    fn b_wins(&self) -> u64 {
        self.stats.b_wins
    }
    /// Drawn games.
    #[getter]
    fn draws(&self) -> u64 {
        self.stats.draws
    }
    /// Games cut short.
    #[getter]
    fn unfinished(&self) -> u64 {
        self.stats.unfinished
    }
    /// Throws in all games.
    #[getter]
    fn throws(&self) -> u64 {
        self.stats.throws
    }
    /// The first player's score per game (a draw counts half).
    #[getter]
    fn win_rate(&self) -> f64 {
        self.stats.win_rate()
    }
    /// The 95% interval of `win_rate`, over pairs.
    #[getter]
    fn interval(&self) -> (f64, f64) {
        self.stats.interval()
    }

    fn __repr__(&self) -> String {
        format!(
            "<DuelStats {} pairs, first player scores {:.3}>",
            self.stats.pairs,
            self.stats.win_rate()
        )
    }

    /// Pickled as its counts.
    fn __getstate__<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &duel_state(&self.stats))
    }

    fn __setstate__(&mut self, state: &[u8]) -> PyResult<()> {
        self.stats = duel_from_state(state)?;
        Ok(())
    }
}

/// The duel stats as JSON bytes (the serde form, which checks itself
/// when read back).
fn duel_state(stats: &DuelStats) -> Vec<u8> {
    serde_json::to_vec(stats).unwrap_or_default()
}

fn duel_from_state(state: &[u8]) -> PyResult<DuelStats> {
    serde_json::from_slice(state).or_else(|e| err::<SenetError, _>(format!("duel stats: {e}")))
}

/// Plays mirrored pairs `start..end` of a duel of `a` against `b` (each
/// a level, 1 to 5, or `"random"`) on `ruleset` from `seed`, as `senet
/// duel` numbers them: pair `p` throws from `senet.pair_seed(seed, p)`. The
/// GIL is free meanwhile.
#[pyfunction]
fn duel_part(
    py: Python<'_>,
    ruleset: &Bound<'_, PyAny>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    seed: u64,
    start: u64,
    end: u64,
) -> PyResult<PyDuelStats> {
    let rules = rules_arg(ruleset)?;
    let (a, b) = (player_arg(a)?, player_arg(b)?);
    let stats = py.detach(|| senet::with_rules!(rules, |r| duel_range(r, a, b, seed, start..end)));
    stats.map(|stats| PyDuelStats { stats })
}

fn duel_range<R: senet::rulesets::CheckedRuleset + Send>(
    ruleset: R,
    a: Player,
    b: Player,
    seed: u64,
    pairs: std::ops::Range<u64>,
) -> PyResult<DuelStats> {
    let make = |player: Player, agent_seed: u64| -> Box<dyn Agent<R>> {
        match player {
            Player::Level(level) => Box::new(Bot::new(ruleset, level)),
            Player::Random => Box::new(RandomAgent::new(agent_seed)),
        }
    };
    let duel = Duel::new(ruleset);
    let mut stats = DuelStats::default();
    for pair in pairs {
        let agent_seed = seed ^ pair.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let (mut agent_a, mut agent_b) = (
            make(a, agent_seed.wrapping_add(1)),
            make(b, agent_seed.wrapping_add(2)),
        );
        // A signal (Ctrl-C) stops the duel between two pairs.
        crate::interrupt::check()?;
        let result = duel
            .play_pair(&mut agent_a, &mut agent_b, Seed::for_pair(seed, pair))
            .or_else(|e| err::<SenetError, _>(format!("pair {pair}: {e}")))?;
        stats.record(&result);
    }
    Ok(stats)
}

/// Adds the classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTally>()?;
    m.add_class::<PyDuelStats>()?;
    m.add_function(wrap_pyfunction!(study_part, m)?)?;
    m.add_function(wrap_pyfunction!(duel_part, m)?)
}
