//! `senet game`: one whole seeded game between two random players,
//! explained, in the words of `senet-view` (`commentary::write_game`:
//! what each move did, the throw explained, the diagrams). The rules
//! crate's example `full_game` prints a game in its notation only.

use std::io::Write;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::effect::Effect;
use senet::rulesets::CheckedRuleset;
use senet::{Game, Position, Seed, Side};
use senet_view::commentary::write_game;

use super::common::{RulesetArgs, SeedArg, SeedArgs, position, writable, write_file};
use crate::fail::{Fail, error, shown};

/// A game still running after this many throws is stopped (unfinished).
const MAX_THROWS: usize = 100_000;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    #[command(flatten)]
    seed: SeedArgs,
    /// Start from this position string instead of the ruleset's start
    #[arg(long, value_name = "POS")]
    position: Option<String>,
    /// Draw the board after every move, not only after those that hit a
    /// piece, bear one off or free one from the water
    #[arg(long)]
    board: bool,
    /// Also write the game's record to FILE (check it with `senet replay FILE`)
    #[arg(long, value_name = "FILE")]
    record: Option<String>,
    /// Also draw the final position as an SVG picture in FILE
    #[arg(long, value_name = "FILE")]
    svg: Option<String>,
}

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    let seed = args.seed.seed();
    // A seed given as a number is shown as it was typed, with its bytes.
    let label = match seed {
        SeedArg::Number(n) => format!("{n} (hex {})", Seed::from_u64(n)),
        _ => seed.again(),
    };
    senet::with_rules!(args.ruleset.chosen()?, |r| play(
        r,
        seed.seed(),
        &label,
        &args,
        out
    ))
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

fn play<R: CheckedRuleset>(
    ruleset: R,
    seed: Seed,
    label: &str,
    args: &Args,
    out: &mut dyn Write,
) -> Result<(), Fail> {
    for path in [&args.record, &args.svg].into_iter().flatten() {
        writable(path)?;
    }
    let start = match &args.position {
        Some(text) => position(ruleset, text)?,
        None => Position::start(ruleset),
    };
    // Not flushed: a full output must not stop the record being written.
    writeln!(out, "seed: {label}")?;
    // The whole game is played, and its record written, before the rest
    // is printed: a reader that stops early (`| head`) loses no file.
    let mut game = Game::seeded(start, seed);
    let mut rng = choices(seed);
    let mut steps: Vec<(Position<R>, Option<Effect>)> = Vec::new();
    while !game.is_over() && game.history().len() < MAX_THROWS {
        let mut at = *game.position();
        let before = game.history().len();
        // A decision waits (a throw with legal moves, or a bank to play):
        // the player picks one of the moves. Otherwise the side throws.
        let mut effect = None;
        if !game.legal_moves().is_empty() {
            let moves = game.legal_moves();
            let mv = moves[((u64::from(rng.next_u32()) * moves.len() as u64) >> 32) as usize];
            effect = Some(game.play_with_effect(mv).map_err(error)?.1);
        } else {
            game.throw()
                .map_err(|e| error(format!("the game refused to throw: {e}")))?;
        }
        // The turns made: a move, a lost throw, or a banked throw, and any
        // banked rolls lost after it; each with the position after it.
        for turn in &game.history()[before..] {
            at = match turn.played() {
                Some(mv) => at.play(mv),
                None if turn.text().is_banked() => at.bank_throw(turn.roll()),
                None => at.lose_throw(turn.roll()),
            }
            .map_err(error)?;
            steps.push((at, effect.take()));
        }
    }
    if let Some(path) = &args.record {
        let mut text = game.record();
        for side in Side::BOTH {
            text.set_name(side, Some("random")).map_err(error)?;
        }
        write_file(path, text.to_string())?;
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
        writeln!(out, "record written to {}", shown(path))?;
    }
    if let Some(path) = &args.svg {
        write_file(path, senet_view::svg::position(end, None))?;
        writeln!(
            out,
            "picture of the final position written to {}",
            shown(path)
        )?;
    }
    if !game.is_over() {
        return Err(error(format!(
            "the game was stopped unfinished after {MAX_THROWS} throws, with nobody having won: from this position, \
             under these rules it may never end"
        )));
    }
    Ok(())
}
