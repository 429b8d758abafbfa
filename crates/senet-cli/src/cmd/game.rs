//! `senet game`: one whole seeded game between two random players,
//! explained. The same text as `cargo run --example full_game`: both
//! are the library's words (`Effect`, `Dice::describe`, the diagrams)
//! put in the same order. The example cannot depend on this crate, so the
//! few functions that word the game are written in both: change both
//! (`cmp` of their outputs for a few seeds shows they agree).

use std::io::Write;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::effect::Effect;
use senet::effect::Rest;
use senet::game::{Thrown, Turn};
use senet::rulesets::BuiltIn;
use senet::rulesets::Contact;
use senet::{AnyRuleset, Game, House, Position, Ruleset, Seed, Side, with_ruleset};

use super::common::{SeedArg, SeedArgs, position, ruleset};
use crate::fail::{Fail, error, quote, usage};

/// A game still running after this many throws is stopped (unfinished).
const MAX_THROWS: usize = 100_000;

/// How a board drawn between throws is set off from the throw lines.
const INDENT: &str = "    ";

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The ruleset: kendall, temple, bell, classic, jequier, kendall1979 or skyruk
    #[arg(long, value_name = "R", value_parser = ruleset, default_value = "kendall")]
    ruleset: AnyRuleset,
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
    with_ruleset!(args.ruleset, |r| play(r, seed.seed(), &label, &args, out))
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
        Some(text) => position(ruleset, text)?,
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
            .map_err(|e| error(format!("the game refused to throw: {e}")))?;
        let mut effect = None;
        if let Thrown::ToPlay(_) = thrown {
            let moves = game.legal_moves();
            let mv = moves[((u64::from(rng.next_u32()) * moves.len() as u64) >> 32) as usize];
            effect = Some(game.position().effect(mv).map_err(error)?);
            game.play(mv).map_err(error)?;
        }
        steps.push((*game.position(), effect));
    }
    if let Some(path) = &args.record {
        let mut text = game.record();
        for side in Side::BOTH {
            text.set_name(side, Some("random")).map_err(error)?;
        }
        std::fs::write(path, text.to_string())
            .map_err(|e| usage(format!("cannot write the record to {}: {e}", quote(path))))?;
    }
    writeln!(
        out,
        "ruleset: {} (revision {}); x is {}, o is {}",
        ruleset.name(),
        ruleset.revision(),
        ruleset.side_name(Side::X),
        ruleset.side_name(Side::O)
    )?;
    writeln!(out, "{}\n", legend(ruleset))?;
    match start.outcome() {
        Some(_) => writeln!(out, "start board (the game is already over):")?,
        None => writeln!(out, "start board ({} throws first):", start.side_to_throw())?,
    }
    writeln!(out, "{}\n", indented(&start.diagram()))?;
    for (turn, (now, effect)) in game.history().iter().zip(&steps) {
        let (said, notable) = said(turn, effect.as_ref(), now);
        writeln!(out, "{}", throw_line(turn, &said))?;
        // The board at the end is drawn once, below.
        if turn.played().is_some() && (args.board || notable) && !now.is_over() {
            writeln!(out, "{}", indented(&now.diagram()))?;
        }
    }
    if !game.history().is_empty() {
        writeln!(out)?;
    }
    let end = game.position();
    let throws = game.history().len();
    writeln!(out, "final board:\n{}", game.view().diagram())?;
    match game.finish() {
        Some(finish) => {
            writeln!(
                out,
                "final position string (game over, nobody throws): {end}"
            )?;
            writeln!(out, "outcome: {finish} after {throws} throws")?;
        }
        None => {
            let side = end.side_to_throw();
            writeln!(
                out,
                "final position string (stopped, {side} to throw): {end}"
            )?;
            writeln!(
                out,
                "outcome: none, stopped unfinished after {throws} throws"
            )?;
        }
    }
    if let Some(path) = &args.record {
        writeln!(out, "record written to {path}")?;
    }
    if let Some(path) = &args.svg {
        std::fs::write(path, senet::svg::position(end, None))
            .map_err(|e| usage(format!("cannot write the picture to {}: {e}", quote(path))))?;
        writeln!(out, "picture of the final position written to {path}")?;
    }
    Ok(())
}

/// Every line of `text` indented by [`INDENT`].
fn indented(text: &str) -> String {
    let lines: Vec<String> = text.lines().map(|l| format!("{INDENT}{l}")).collect();
    lines.join("\n")
}

/// What the game's lines mean: the ruleset's throw (`Dice::describe`),
/// each mark of the move notation, and when the board is drawn.
fn legend<R: Ruleset>(ruleset: R) -> String {
    let mut lines = vec![
        "legend:".to_owned(),
        format!("  throws: {}", ruleset.dice().describe()),
        "  moves:  ROLL: FROM-TO, houses 1 to 30 along the track (TO is off for a piece borne"
            .to_owned(),
        "          off); then these suffixes, in this order:".to_owned(),
        format!("    x     landed on an opponent's piece and {}", contacts(ruleset)),
        "    <     the written TO is below FROM: a backward move, a fall, or a return from the water"
            .to_owned(),
        "    +     the same side throws again".to_owned(),
        "  lost:   ROLL: - (and + when the same side throws again): no piece could move".to_owned(),
    ];
    if let Some(water) = ruleset.water() {
        lines.push(format!(
            "  water:  a move into the water is written with TO {water}, wherever the piece then goes"
        ));
    }
    lines.push(
        "  board:  the track's three rows, x or o a piece, . an empty house; drawn after"
            .to_owned(),
    );
    lines.push(
        "          every move that hits a piece, bears one off or frees one from the water"
            .to_owned(),
    );
    lines.push("          (with --board, after every move)".to_owned());
    lines.join("\n")
}

/// What landing on an opponent's piece does in `ruleset`, every kind it
/// has (Kendall 1979 swaps, except from 26 onto 28 to 30, which drowns).
fn contacts<R: Ruleset>(ruleset: R) -> String {
    let mut kinds = vec![ruleset.contact()];
    for start in House::all() {
        for target in House::all() {
            if let Some(kind) = ruleset.contact_at(start, target)
                && !kinds.contains(&kind)
            {
                kinds.push(kind);
            }
        }
    }
    let words: Vec<&str> = kinds
        .into_iter()
        .map(|kind| match kind {
            Contact::Swap => "swapped places with it (it goes to the mover's start house)",
            Contact::Capture => "captured it (it leaves the game)",
            Contact::SendBack => "sent it back (to the lowest-numbered empty house)",
            Contact::Drown => "sent it into the water",
        })
        .collect();
    words.join(", or ")
}

/// One throw: its number, who threw, the sticks and the roll, the throw
/// in standard move notation, then what it did in words.
fn throw_line(turn: &Turn, said: &str) -> String {
    let throw = turn.throw();
    let fell = match throw.sticks() {
        Some(sticks) => {
            let shown: String = sticks.iter().map(|&l| if l { '|' } else { '-' }).collect();
            format!("throws {shown} = {}", throw.roll())
        }
        None => format!("rolls {}", throw.roll()),
    };
    let head = format!("{}. {} {fell}", turn.number(), turn.side());
    let line = format!("{head:<22}  {:<11}  {said}", turn.text().to_string());
    line.trim_end().to_owned()
}

/// A throw in words (the library's [`Effect`] when the notation does not
/// say it all, how many are off after bearing one off, an extra throw or
/// the end), and whether it hit, bore off or freed a piece: what makes
/// the board worth drawing.
fn said<R: Ruleset>(turn: &Turn, effect: Option<&Effect>, after: &Position<R>) -> (String, bool) {
    let side = turn.side();
    let mut parts = Vec::new();
    let mut notable = false;
    match (turn.played(), effect) {
        (None, _) => parts.push("no move: the throw is lost.".to_owned()),
        (Some(_), Some(effect)) => {
            let off = effect.rest == Rest::Off;
            notable = effect.hit.is_some() || off || effect.released.is_some();
            if !effect.is_plain() {
                parts.push(effect.to_string());
            }
            if off {
                parts.push(format!("{side} has {} off.", after.board().off(side)));
            }
        }
        (Some(_), None) => {}
    }
    match after.outcome() {
        Some(outcome) => parts.push(format!("game over: {outcome}.")),
        None if turn.throws_again() => parts.push(format!("{side} throws again.")),
        None => {}
    }
    (parts.join(" "), notable)
}
