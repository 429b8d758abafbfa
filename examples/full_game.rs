//! One whole game between two random players, in the rules' notation:
//! `cargo run --example full_game -- [--ruleset NAME] [--seed N]`.
//!
//! A line per throw as [`Turn`](senet::game::Turn) writes it (`12. o |||-
//! 3 3: 14-17x`; `3: -` for a lost throw), then the final position string
//! and the outcome. Kendall unless `--ruleset` names another; the throws
//! come from `Seed::from_u64(N)` and the choices from a generator seeded
//! with `N`, so a seed gives one game. Without `--seed`, a fresh one is
//! printed first. Bad arguments: one line on stderr, exit code 2.
//! `senet game` (`crates/senet-cli`) is the full-featured command: the
//! game explained in words, with boards, a record and a picture.

use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};
use std::process::ExitCode;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::{AnyRuleset, Game, Seed};

/// A game still running after this many throws is stopped, unfinished.
const MAX_THROWS: usize = 100_000;
const USAGE: &str = "usage: full_game [--ruleset NAME] [--seed N]";

/// The ruleset and the seed of the command line, or what is wrong with it.
fn read_args() -> Result<(AnyRuleset, Option<u64>), String> {
    let (mut ruleset, mut seed) = (AnyRuleset::Kendall, None);
    // `args_os`, not `args`: an argument that is not UTF-8 is refused, not a panic.
    let mut args = std::env::args_os().skip(1).map(|a| a.into_string());
    while let Some(arg) = args.next() {
        let arg = arg.map_err(|a| format!("unexpected {a:?}; {USAGE}"))?;
        let value = match args.next() {
            Some(Ok(value)) => Ok(value),
            Some(Err(v)) => Err(format!("{arg}: {v:?} is not UTF-8 text")),
            None => Err(format!("{arg} needs a value; {USAGE}")),
        };
        match arg.as_str() {
            "--ruleset" => ruleset = value?.parse().map_err(|e| format!("--ruleset: {e}"))?,
            "--seed" => seed = Some(value?.parse().map_err(|e| format!("--seed: {e}"))?),
            _ => return Err(format!("unexpected {arg:?}; {USAGE}")),
        }
    }
    Ok((ruleset, seed))
}

/// Plays the game and prints it: the seed if fresh, a line per throw, the end.
fn run(ruleset: AnyRuleset, seed: Option<u64>, out: &mut impl Write) -> io::Result<()> {
    let n = if let Some(n) = seed {
        n
    } else {
        // A fresh seed: the clock through std's randomly keyed hasher.
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        hasher.write_u128(now.map_or(0, |d| d.as_nanos()));
        let n = hasher.finish();
        writeln!(out, "seed: {n} (play this game again with --seed {n})")?;
        n
    };
    let mut game = Game::seeded(ruleset, Seed::from_u64(n));
    let mut choices = ChaCha8Rng::seed_from_u64(n);
    while !game.is_over() && game.history().len() < MAX_THROWS {
        let before = game.history().len();
        // A move waits for a choice (a throw with legal moves), or the
        // side throws.
        let moves = game.legal_moves();
        if moves.is_empty() {
            game.throw().map_err(io::Error::other)?;
        } else {
            let pick = (u64::from(choices.next_u32()) * moves.len() as u64) >> 32;
            game.play(moves[pick as usize]).map_err(io::Error::other)?;
        }
        // Every turn made: a move, a lost throw (or, where throws are
        // banked, a banked one and any rolls lost with it).
        for turn in &game.history()[before..] {
            writeln!(out, "{turn}")?;
        }
    }
    let throws = game.history().len();
    writeln!(out, "final position: {}", game.position())?;
    match game.finish() {
        Some(finish) => writeln!(out, "outcome: {finish} after {throws} throws"),
        None => writeln!(out, "outcome: none, stopped after {throws} throws"),
    }
}

fn main() -> ExitCode {
    let (ruleset, seed) = match read_args() {
        Ok(args) => args,
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    match run(ruleset, seed, &mut io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
