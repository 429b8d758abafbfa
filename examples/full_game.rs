//! One whole game between two random players:
//! `full_game [--ruleset NAME] [--seed N | --seed-hex HEX] [--position POS] [--record FILE] [--svg FILE]`.
//!
//! Prints every throw in notation with the sticks as thrown, then the final
//! position drawn as the three rows of the board, and the outcome.
//!
//! - `--ruleset`: kendall (the default), temple, bell or classic.
//! - `--seed N`: a `u64` in decimal; the seed is `Seed::from_u64(N)`, its 8
//!   little-endian bytes. `--seed-hex HEX`: any seed of 0 to 32 bytes, in
//!   lower-case hex. Without either, a fresh seed is made from the clock and
//!   the process id and printed first, so the game can be played again.
//! - `--position POS`: start from this position string instead of the
//!   ruleset's start (the record then carries it in a `Start` tag).
//! - `--record FILE`: also write the game's record to FILE; check it with
//!   `cargo run --example replay -- FILE`.
//!
//! The throws come from the seed (the fair-play contract of
//! `senet::SeededThrows`). The players' choices come from the seed too, from
//! a separate generator: ChaCha8 (`rand_chacha::ChaCha8Rng`) keyed with the
//! seed's bytes padded with zeros to 32, on the stream numbered by the
//! seed's length, exactly like the throws but with 8 rounds. For every
//! throw that has legal moves it draws one `u32` word `w` and plays move
//! `(w * n) >> 32` of the `n` legal moves, in the order `legal_moves` lists
//! them. So the same command always prints the same game.
//!
//! Bad arguments, an unknown ruleset or a bad position: one line on stderr
//! and exit code 2.

mod common;

use senet::with_ruleset;
#[path = "common/diagram.rs"]
mod diagram;

use std::io::Write;

use common::{Args, fail, fresh_seed, quote};
use diagram::diagram;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Game, Position, Seed, Side, Thrown};

/// Prints a line on stdout; when stdout is closed (`| head`), stops quietly.
macro_rules! say {
    ($($arg:tt)*) => {
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0)
        }
    };
}

/// A game still running after this many throws is stopped (unfinished).
const MAX_THROWS: usize = 100_000;

fn main() {
    let args = Args::parse(include_str!("full_game.rs"), &[]);
    args.only(&["ruleset", "seed", "seed-hex", "position", "record", "svg"]);
    args.no_positional();
    let ruleset = args.ruleset_or(AnyRuleset::Kendall);
    let (seed, label) = match (args.value("seed"), args.value("seed-hex")) {
        (Some(_), Some(_)) => fail("give --seed or --seed-hex, not both"),
        (Some(_), None) => {
            let n = args.number_in("seed", 0..=u64::MAX, 0);
            (
                Seed::from_u64(n),
                format!("{n} (hex {})", Seed::from_u64(n)),
            )
        }
        (None, Some(_)) => {
            let seed: Seed = args.required("seed-hex");
            let label = format!("hex {seed} (play this game again with --seed-hex {seed})");
            (seed, label)
        }
        (None, None) => {
            let n = fresh_seed();
            let label = format!("{n} (play this game again with --seed {n})");
            (Seed::from_u64(n), label)
        }
    };
    let position = args.value("position");
    let files = Files {
        record: args.value("record"),
        svg: args.value("svg"),
    };
    with_ruleset!(ruleset, |r| play(r, seed, &label, position, files));
}

/// The players' choice generator: ChaCha8 keyed and streamed like the throws.
fn choices(seed: Seed) -> ChaCha8Rng {
    let bytes = seed.as_bytes();
    let mut key = [0u8; 32];
    key[..bytes.len()].copy_from_slice(bytes);
    let mut rng = ChaCha8Rng::from_seed(key);
    rng.set_stream(bytes.len() as u64);
    rng
}

/// Where to save the game: its record (`--record FILE`) and a picture of
/// its final position (`--svg FILE`).
#[derive(Clone, Copy)]
struct Files<'a> {
    record: Option<&'a str>,
    svg: Option<&'a str>,
}

fn play<R: BuiltIn>(ruleset: R, seed: Seed, label: &str, position: Option<&str>, files: Files<'_>) {
    let record = files.record;
    let start = match position {
        Some(text) => Position::parse(ruleset, text)
            .unwrap_or_else(|e| fail(format!("bad position {}: {e}", quote(text)))),
        None => Position::start(ruleset),
    };
    say!("seed: {label}");
    let mut game = Game::seeded_from(start, seed);
    let mut rng = choices(seed);
    while !game.is_over() && game.history().len() < MAX_THROWS {
        let thrown = game
            .throw()
            .unwrap_or_else(|e| fail(format!("the game refused to throw: {e}")));
        if let Thrown::ToPlay(_) = thrown {
            let moves = game.legal_moves();
            let pick = (u64::from(rng.next_u32()) * moves.len() as u64) >> 32;
            let mv = moves[pick as usize];
            game.play(mv)
                .unwrap_or_else(|e| fail(format!("the game refused its own move: {e}")));
        }
    }
    if let Some(path) = record {
        let mut text = game.record();
        for side in Side::BOTH {
            text.set_name(side, Some("random"))
                .unwrap_or_else(|e| fail(format!("cannot name the players: {e}")));
        }
        std::fs::write(path, text.to_string())
            .unwrap_or_else(|e| fail(format!("cannot write the record to {}: {e}", quote(path))));
    }
    say!(
        "ruleset: {} (revision {}); x is {}, o is {}",
        ruleset.name(),
        ruleset.revision(),
        ruleset.side_name(Side::X),
        ruleset.side_name(Side::O)
    );
    for turn in game.history() {
        say!("{turn}");
    }
    say!();
    say!("final position: {}", game.position());
    say!("{}", diagram(game.position()));
    let throws = game.history().len();
    match game.finish() {
        Some(finish) => say!("outcome: {finish} after {throws} throws"),
        None => say!("outcome: none, stopped unfinished after {throws} throws"),
    }
    if let Some(path) = record {
        say!("record written to {path}");
    }
    if let Some(path) = files.svg {
        std::fs::write(path, senet::svg::position(game.position(), None))
            .unwrap_or_else(|e| fail(format!("cannot write the picture to {}: {e}", quote(path))));
        say!("picture of the final position written to {path}");
    }
}
