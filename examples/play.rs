//! Play Senet against a bot in the terminal:
//! `play --ruleset temple --level 2 [--seed N | --seed-hex HEX] [--side x|o] [--record FILE] [--svg FILE] [--tables FILE]`.
//!
//! The board is drawn as the three rows of ten of the track, in its S
//! order (row 1 left to right, row 2 right to left, row 3 left to right),
//! with the special houses marked; under it both sides' borne-off counts.
//! Each throw shows the sticks as they fell, and each move what it did
//! when its notation does not say it all (a swap, a capture, a piece sent
//! back or drowned, the water and where the piece came out: the library's
//! `senet::Effect`). On your throw the legal moves
//! are numbered: answer with a number, with the move in notation
//! (`2: 10-12`), or with just its houses (`10-12`, `26-off`). `hint` shows
//! the bot's ranking of your moves, `board` draws the game again (the
//! board, your throw and its moves), `help` explains (the throw as the
//! ruleset's implement makes it), `resign` gives up. A bad answer is explained and asked again.
//! Lost throws and extra throws are announced. In Temple the bot is the
//! guardian. With `--tables FILE` (solved endgames, written by the `odds`
//! example's `--build`), a bot of level 2 or up plays the endgames the
//! table holds perfectly, and `hint` there gives the exact odds.
//!
//! - `--seed N`: a `u64` in decimal; the seed is `Seed::from_u64(N)`, its 8
//!   little-endian bytes. `--seed-hex HEX`: any seed of 0 to 32 bytes, in
//!   lower-case hex. Not both. Without either, a fresh seed is made and
//!   kept secret until the end: knowing it would tell the throws to come.
//!
//! Input is read line by line from standard input, so a game can be
//! scripted (`printf '1\n1\n...' | play ...`); the end of input resigns.
//! An answer that is not UTF-8 text, or longer than 1,024 bytes, is
//! explained and asked again.
//!
//! Exit codes: 0 when the game was played to its end (by the rules, a
//! resignation or the end of input), or when standard output was closed
//! (`| head`); 1 when standard input could not be read (the game is
//! abandoned and no record is written); 2 for bad arguments (`--level` 1
//! to 4, `--seed` a whole number from 0 to 18446744073709551615,
//! `--seed-hex` lower-case hex of at most 32 bytes, not both, `--side` x
//! or o) or a file that cannot be read or written.
//! At the end the game's record and its seed, with the option that plays
//! the game again, are printed (and the record written to
//! `--record FILE`), so the game can be checked with the `replay` example.
//!
//! The game itself is `senet::terminal`: this command only reads its
//! options and files.

#[path = "common/mod.rs"]
mod common;

use std::io::{self, Write};
use std::sync::Arc;

use common::{Args, MAX_MESSAGE, fail, one_line, quote, read_table};
use senet::bot::Level;
use senet::terminal::{Options, Session, Stop};
use senet::{AnyRuleset, Side};

fn main() {
    let args = Args::parse(include_str!("play.rs"), &[]);
    args.only(&[
        "ruleset", "level", "seed", "seed-hex", "side", "record", "svg", "tables",
    ]);
    args.no_positional();
    let ruleset = args.ruleset_or(AnyRuleset::Kendall);
    let level: Level = args
        .parsed("level")
        .unwrap_or(Level::new(2).unwrap_or_else(|| fail("no level 2")));
    let seed = args.seed();
    let human = match args.value("side") {
        None | Some("x") => Side::X,
        Some("o") => Side::O,
        Some(other) => fail(format!("--side must be x or o, found {}", quote(other))),
    };
    let options = Options::new(level, seed.seed())
        .playing(human)
        .with_seed_label(seed.again());
    let tables = args.value("tables");
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut output = io::stdout().lock();
    let ended = senet::with_ruleset!(ruleset, |r| {
        let mut session = Session::new(r, options);
        if let Some(path) = tables {
            session = session.with_table(Arc::new(read_table(r, path)));
        }
        session.play(&mut input, &mut output)
    });
    match ended {
        Ok(ended) => {
            if let Some(file) = args.value("record") {
                std::fs::write(file, &ended.record)
                    .unwrap_or_else(|e| fail(format!("cannot write {}: {e}", quote(file))));
                // The terminal may be gone; nothing more to say if so.
                let _ = writeln!(output, "record written to {file}");
            }
            if let Some(file) = args.value("svg") {
                // The record was made by this game, so it replays; draw where it ended.
                let verdict = ended.record.parse::<senet::Record>().map(|r| r.verify());
                match verdict {
                    Ok(Ok(verdict)) => {
                        std::fs::write(file, senet::svg::position(verdict.position(), None))
                            .unwrap_or_else(|e| fail(format!("cannot write {}: {e}", quote(file))));
                        let _ = writeln!(output, "picture of the final position written to {file}");
                    }
                    _ => fail("the game's own record did not replay; no picture written"),
                }
            }
        }
        // Standard output closed (`| head`): stop quietly.
        Err(Stop::Output(_)) => std::process::exit(0),
        Err(Stop::Input(e)) => {
            eprintln!(
                "{}",
                one_line(
                    &format!(
                        "error: cannot read the answers from standard input: {e}; the game is abandoned"
                    ),
                    MAX_MESSAGE
                )
            );
            std::process::exit(1)
        }
        // A kind of stop this command does not know yet: say it, as a failed read.
        Err(stop) => {
            eprintln!("{}", one_line(&format!("error: {stop}"), MAX_MESSAGE));
            std::process::exit(1)
        }
    }
}
