//! `senet play`: a game against a bot in the terminal; the game itself
//! is [`crate::terminal`], this reads its options and files.

use std::io::{self, Write};
use std::sync::Arc;

use senet::Side;
use senet_bot::Level;

use super::common::{RulesetArgs, SeedArgs, read_table, unbanked, writable, write_file};
use crate::fail::{Fail, error, shown};
use crate::terminal::{Options, Session, Stop};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// The bot's level, 1 to 5
    #[arg(long, value_name = "L", value_parser = level, default_value = "2", allow_negative_numbers = true)]
    level: Level,
    #[command(flatten)]
    seed: SeedArgs,
    /// The side you play: x (who throws first) or o
    #[arg(long, value_name = "x|o", value_parser = side, default_value = "x")]
    side: Side,
    /// Write the game's record to FILE at the end (check it with `senet replay FILE`)
    #[arg(long, value_name = "FILE")]
    record: Option<String>,
    /// Draw the final position as an SVG picture in FILE
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
    /// Solved endgames (written by `senet odds --build`): a bot of level 2
    /// or up plays them perfectly, and `hint` gives the exact odds
    #[arg(long, value_name = "FILE")]
    tables: Option<String>,
}

fn level(text: &str) -> Result<Level, String> {
    text.parse::<Level>().map_err(|e| e.to_string())
}

fn side(text: &str) -> Result<Side, String> {
    match text {
        "x" => Ok(Side::X),
        "o" => Ok(Side::O),
        _ => Err("expected x or o".to_owned()),
    }
}

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    // The files are checked before the game, not refused at its end.
    for path in [&args.record, &args.svg].into_iter().flatten() {
        writable(path)?;
    }
    let seed = args.seed.seed();
    let options = Options::new(args.level, seed.seed())
        .playing(args.side)
        .with_seed_label(seed.again());
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let ended = senet::with_rules!(unbanked(args.ruleset.chosen()?, "senet play")?, |r| {
        let mut session = Session::new(r, options);
        if let Some(path) = &args.tables {
            session = session.with_table(Arc::new(read_table(r, path)?));
        }
        let mut output: &mut dyn Write = &mut *out;
        session.play(&mut input, &mut output)
    });
    let ended = match ended {
        Ok(ended) => ended,
        Err(Stop::Output(e)) => return Err(Fail::Write(e)),
        Err(Stop::Input(e)) => {
            return Err(error(format!(
                "cannot read the answers from standard input: {e}; the game is abandoned"
            )));
        }
    };
    if let Some(file) = &args.record {
        write_file(file, &ended.record)?;
        writeln!(out, "record written to {}", shown(file))?;
    }
    if let Some(file) = &args.svg {
        // The record was made by this game, so it replays; draw where it ended.
        let verdict = ended.record.parse::<senet::Record>().map(|r| r.verify());
        let Ok(Ok(verdict)) = verdict else {
            return Err(error(
                "the game's own record did not replay; no picture written",
            ));
        };
        write_file(file, senet_view::svg::position(verdict.position(), None))?;
        writeln!(
            out,
            "picture of the final position written to {}",
            shown(file)
        )?;
    }
    Ok(())
}
