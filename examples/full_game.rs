//! One whole game between two random players, explained as it goes:
//! `cargo run --example full_game -- [--ruleset R] [--seed N | --seed-hex HEX] [--position POS] [--board] [--record FILE] [--svg FILE]`.
//!
//! The same text as `senet game` (the command of `crates/senet-cli`):
//! a legend, one line per throw (`3. x throws |--- = 1    1: 6-7x+     x
//! moves from 6 to 7 and swaps with o's piece there, which goes to 6. x
//! throws again.`), the board after every move that hits a piece, bears
//! one off or frees one from the water (`--board`: after every move),
//! then the final board, position string and outcome. It shows the
//! library at work: `Game` plays seeded throws, `Position::effect` says
//! what a move did, `Dice::describe` explains the throw, the diagrams
//! draw the board and `Game::record` writes the record that
//! `senet replay` (or `cargo run --example replay`) verifies.
//!
//! Without `--seed N` (any u64 in decimal digits) or `--seed-hex HEX`, a
//! fresh seed is made and printed first. The players' choices come from
//! the seed too: ChaCha8 keyed and streamed like the throws, one u32 word
//! `w` per choice, move `(w * n) >> 32` of the `n` legal moves. Bad
//! arguments: one line on stderr, exit code 2.
//!
//! Its words come from `senet::game::commentary`, as those of `senet
//! game` do.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::effect::Effect;
use senet::game::Thrown;
use senet::game::commentary::write_game;
use senet::notation::quote::excerpt;
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Game, Position, Seed, Side, with_ruleset};

/// A game still running after this many throws is stopped (unfinished).
const MAX_THROWS: usize = 100_000;

const USAGE: &str = "usage: full_game [--ruleset R] [--seed N | --seed-hex HEX] [--position POS] [--board] [--record FILE] [--svg FILE]";

/// What stops the example: a message (exit code 2) or the output failing.
enum Fail {
    Message(String),
    Write(io::Error),
}

impl From<String> for Fail {
    fn from(message: String) -> Fail {
        Fail::Message(message)
    }
}

impl From<io::Error> for Fail {
    fn from(e: io::Error) -> Fail {
        Fail::Write(e)
    }
}

/// The command line: `--name value` options, each at most once, and `--board`.
struct Args {
    values: HashMap<String, String>,
    board: bool,
    position: Option<String>,
    record: Option<String>,
    svg: Option<String>,
}

fn read_args() -> Result<Args, String> {
    let mut values = HashMap::new();
    let mut board = false;
    let mut args = std::env::args_os().skip(1);
    while let Some(arg) = args.next() {
        let arg = arg
            .into_string()
            .map_err(|a| format!("not UTF-8 text: {a:?}"))?;
        let name = match arg.as_str() {
            "--board" if board => return Err("--board given twice".to_owned()),
            "--board" => {
                board = true;
                continue;
            }
            "--ruleset" | "--seed" | "--seed-hex" | "--position" | "--record" | "--svg" => {
                &arg[2..]
            }
            _ => return Err(format!("unexpected argument {:?}; {USAGE}", excerpt(&arg))),
        };
        let value = args.next().and_then(|v| v.into_string().ok());
        let value = value.ok_or_else(|| format!("--{name} needs a value (UTF-8 text)"))?;
        if values.insert(name.to_owned(), value).is_some() {
            return Err(format!("--{name} given twice"));
        }
    }
    Ok(Args {
        position: values.remove("position"),
        record: values.remove("record"),
        svg: values.remove("svg"),
        values,
        board,
    })
}

fn main() -> ExitCode {
    if std::env::args().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}\n(see the top of examples/full_game.rs, or `senet game --help`)");
        return ExitCode::SUCCESS;
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = run(&mut out).and_then(|()| Ok(out.flush()?));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Fail::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Fail::Write(e)) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::FAILURE
        }
        Err(Fail::Message(message)) => {
            let _ = out.flush();
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn run(out: &mut dyn Write) -> Result<(), Fail> {
    let args = read_args()?;
    let ruleset: AnyRuleset = match args.values.get("ruleset") {
        Some(name) => name.parse().map_err(|e| format!("--ruleset: {e}"))?,
        None => AnyRuleset::Kendall,
    };
    let digits = |t: &String| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    // The seed, and how it is shown: a number with its bytes, or its hex.
    let (seed, label) = match (args.values.get("seed"), args.values.get("seed-hex")) {
        (Some(_), Some(_)) => return Err("give --seed or --seed-hex, not both".to_owned().into()),
        (Some(n), None) => {
            let n: u64 = Some(n)
                .filter(|t| digits(t))
                .and_then(|t| t.parse().ok())
                .ok_or_else(|| {
                    format!(
                        "--seed {:?}: expected a whole number from 0 to {}, in decimal digits",
                        excerpt(n),
                        u64::MAX
                    )
                })?;
            (
                Seed::from_u64(n),
                format!("{n} (hex {})", Seed::from_u64(n)),
            )
        }
        (None, Some(hex)) => {
            let seed: Seed = hex.parse().map_err(|e| format!("--seed-hex: {e}"))?;
            (
                seed,
                format!("hex {seed} (play this game again with --seed-hex {seed})"),
            )
        }
        (None, None) => {
            // A fresh seed: the clock through std's randomly keyed hasher.
            let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
            hasher.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            let n = hasher.finish();
            let seed = Seed::from_u64(n);
            (
                seed,
                format!("{n} (hex {seed}; play this game again with --seed {n})"),
            )
        }
    };
    with_ruleset!(ruleset, |r| play(r, seed, &label, &args, out))
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

fn play<R: BuiltIn>(
    ruleset: R,
    seed: Seed,
    label: &str,
    args: &Args,
    out: &mut dyn Write,
) -> Result<(), Fail> {
    let start = match &args.position {
        Some(text) => Position::parse(ruleset, text)
            .map_err(|e| format!("bad position {:?}: {e}", excerpt(text)))?,
        None => Position::start(ruleset),
    };
    writeln!(out, "seed: {label}")?;
    out.flush()?;
    // The whole game is played, and its record written, before the rest
    // is printed: a reader that stops early (`| head`) loses no file.
    let mut game = Game::seeded_from(start, seed);
    let mut rng = choices(seed);
    let mut steps: Vec<(Position<R>, Option<Effect>)> = Vec::new();
    while !game.is_over() && game.history().len() < MAX_THROWS {
        let thrown = game
            .throw()
            .map_err(|e| format!("the game refused to throw: {e}"))?;
        let mut effect = None;
        if let Thrown::ToPlay(_) = thrown {
            let moves = game.legal_moves();
            let mv = moves[((u64::from(rng.next_u32()) * moves.len() as u64) >> 32) as usize];
            effect = Some(game.play_with_effect(mv).map_err(|e| e.to_string())?.1);
        }
        steps.push((*game.position(), effect));
    }
    if let Some(path) = &args.record {
        let mut text = game.record();
        for side in Side::BOTH {
            text.set_name(side, Some("random"))
                .map_err(|e| e.to_string())?;
        }
        std::fs::write(path, text.to_string()).map_err(|e| {
            Fail::from(format!(
                "cannot write the record to {:?}: {e}",
                excerpt(path)
            ))
        })?;
    }
    write_game(
        out,
        &game,
        &start,
        &steps,
        args.board,
        "\n          (with --board, after every move)",
    )?;
    let end = game.position();
    if let Some(path) = &args.record {
        writeln!(out, "record written to {path}")?;
    }
    if let Some(path) = &args.svg {
        std::fs::write(path, senet::svg::position(end, None)).map_err(|e| {
            Fail::from(format!(
                "cannot write the picture to {:?}: {e}",
                excerpt(path)
            ))
        })?;
        writeln!(out, "picture of the final position written to {path}")?;
    }
    Ok(())
}
