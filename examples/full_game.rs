//! One whole game between two random players, explained as it goes:
//! `full_game [--ruleset NAME] [--seed N | --seed-hex HEX] [--position POS] [--board] [--record FILE] [--svg FILE]`.
//!
//! Prints the seed, the ruleset, a legend (what the sticks show and how
//! the roll is counted, what each mark of the move notation means) and the
//! starting board; then one line per throw, such as
//! `3. x throws |--- = 1    1: 6-7x+     x moves from 6 to 7 and swaps with o's piece there, which goes to 6. x throws again.`:
//! the throw's number, who threw, the sticks as they fell (`|` light face
//! up, `-` dark) and the roll, the throw in standard move notation
//! (`ROLL: FROM-TO` and its suffixes, exactly as records write it), and
//! what it did in words (the library's `senet::Effect`, whenever the
//! notation does not say it all). A lost throw says "no move". The board, as the
//! three rows of the track, follows every move that swaps, captures, sends
//! a piece away, bears off or lets a waiting piece out of the water (the
//! legend says what each ruleset does), and, with `--board`, every move.
//! At the end: the final board, the final position string (its side field
//! names the opponent of the last mover; nobody throws once the game is
//! over) and the outcome, e.g. `outcome: o won by bearing off after 207
//! throws`.
//!
//! - `--ruleset`: kendall (the default), temple, bell, classic, jequier,
//!   kendall1979 or skyruk.
//! - `--seed N`: a `u64` in decimal (0 to 18446744073709551615, digits
//!   only); the seed is `Seed::from_u64(N)`, its 8 little-endian bytes.
//!   `--seed-hex HEX`: any seed of 0 to 32 bytes, in lower-case hex. Give
//!   one or neither: without either, a fresh seed is made from the clock
//!   and the process id and printed first, so the game can be played again.
//! - `--position POS`: start from this position string instead of the
//!   ruleset's start (the record then carries it in a `Start` tag).
//! - `--board`: draw the board after every move, not only after those
//!   that hit a piece or bear one off (a lost throw changes nothing on it).
//! - `--record FILE`: also write the game's record to FILE; check it with
//!   `cargo run --example replay -- FILE`.
//! - `--svg FILE`: also draw the final position as an SVG picture in FILE.
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
//! Bad arguments (an unknown option, a stray argument, an option given
//! twice), an unknown ruleset or a bad position: one line on stderr and
//! exit code 2.

mod common;

use senet::with_ruleset;
#[path = "common/diagram.rs"]
mod diagram;

use std::io::Write;

use common::{Args, SeedArg, fail, quote};
use diagram::diagram;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::effect::Rest;
use senet::rulesets::BuiltIn;
use senet::{
    AnyRuleset, Contact, Effect, Game, House, Position, Ruleset, Seed, Side, Thrown, Turn,
};

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

/// How a board drawn between throws is set off from the throw lines (and
/// from the final board, which is not indented).
const INDENT: &str = "    ";

fn main() {
    let args = Args::parse(include_str!("full_game.rs"), &["board"]);
    args.only(&[
        "ruleset", "seed", "seed-hex", "position", "board", "record", "svg",
    ]);
    args.no_positional();
    let ruleset = args.ruleset_or(AnyRuleset::Kendall);
    let seed_arg = args.seed();
    // A seed given as a number is shown as it was typed, with its bytes.
    let label = match seed_arg {
        SeedArg::Number(n) => format!("{n} (hex {})", Seed::from_u64(n)),
        _ => seed_arg.again(),
    };
    let seed = seed_arg.seed();
    let options = Options {
        position: args.value("position"),
        every_board: args.flag("board"),
        record: args.value("record"),
        svg: args.value("svg"),
    };
    with_ruleset!(ruleset, |r| play(r, seed, &label, options));
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

/// What the command line asks for beyond the ruleset and the seed.
#[derive(Clone, Copy)]
struct Options<'a> {
    /// The position to start from (`--position`), instead of the ruleset's start.
    position: Option<&'a str>,
    /// Whether to draw the board after every move (`--board`).
    every_board: bool,
    /// Where to write the game's record (`--record FILE`).
    record: Option<&'a str>,
    /// Where to draw the final position (`--svg FILE`).
    svg: Option<&'a str>,
}

fn play<R: BuiltIn>(ruleset: R, seed: Seed, label: &str, options: Options<'_>) {
    let start = match options.position {
        Some(text) => Position::parse(ruleset, text)
            .unwrap_or_else(|e| fail(format!("bad position {}: {e}", quote(text)))),
        None => Position::start(ruleset),
    };
    // The seed first, so that a game that fails can be played again; then
    // the whole game is played, and its record written, before anything
    // else is printed: a reader that stops early (`| head`) loses no file.
    say!("seed: {label}");
    let mut game = Game::seeded_from(start, seed);
    let mut rng = choices(seed);
    // The position after each throw, to draw it, and what each move did.
    let mut after = Vec::new();
    let mut effects = Vec::new();
    while !game.is_over() && game.history().len() < MAX_THROWS {
        let thrown = game
            .throw()
            .unwrap_or_else(|e| fail(format!("the game refused to throw: {e}")));
        if let Thrown::ToPlay(_) = thrown {
            let moves = game.legal_moves();
            let pick = (u64::from(rng.next_u32()) * moves.len() as u64) >> 32;
            let mv = moves[pick as usize];
            let effect = game
                .position()
                .effect(mv)
                .unwrap_or_else(|e| fail(format!("the game's own move has no effect: {e}")));
            game.play(mv)
                .unwrap_or_else(|e| fail(format!("the game refused its own move: {e}")));
            effects.push(Some(effect));
        } else {
            effects.push(None);
        }
        after.push(*game.position());
    }
    if let Some(path) = options.record {
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
    for line in legend(ruleset) {
        say!("{line}");
    }
    say!();
    if start.is_over() {
        say!("start board (the game is already over):");
    } else {
        say!("start board ({} throws first):", start.side_to_throw());
    }
    say!("{}", indented(&diagram(&start)));
    say!();
    for ((turn, now), effect) in game.history().iter().zip(&after).zip(&effects) {
        let said = Said::new(turn, effect.as_ref(), now);
        say!("{}", throw_line(turn, &said.text));
        let drawn = turn.played().is_some() && (options.every_board || said.notable);
        // The board at the end is drawn once, below.
        if drawn && !now.is_over() {
            say!("{}", indented(&diagram(now)));
        }
    }
    if !game.history().is_empty() {
        say!();
    }
    let end = game.position();
    let throws = game.history().len();
    say!("final board:");
    say!("{}", diagram(end));
    match game.finish() {
        Some(finish) => {
            say!("final position string (game over, nobody throws): {end}");
            say!("outcome: {finish} after {throws} throws");
        }
        None => {
            say!(
                "final position string (stopped, {} to throw): {end}",
                end.side_to_throw()
            );
            say!("outcome: none, stopped unfinished after {throws} throws");
        }
    }
    if let Some(path) = options.record {
        say!("record written to {path}");
    }
    if let Some(path) = options.svg {
        std::fs::write(path, senet::svg::position(end, None))
            .unwrap_or_else(|e| fail(format!("cannot write the picture to {}: {e}", quote(path))));
        say!("picture of the final position written to {path}");
    }
}

/// Every line of `text` indented by [`INDENT`].
fn indented(text: &str) -> String {
    text.lines()
        .map(|line| format!("{INDENT}{line}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the game's lines mean, for a reader who does not know the
/// notation: the implement and how its roll is counted, each mark of the
/// move notation (RULES.md, "Move notation"), and when the board is drawn.
fn legend<R: Ruleset>(ruleset: R) -> Vec<String> {
    // The implement explains itself (`Dice::implement`, `reading`, `chances`).
    let dice = ruleset.dice();
    let mut lines = vec![
        "legend:".to_owned(),
        format!("  throws: {};", dice.implement()),
        format!("          the roll is {};", dice.reading()),
        format!("          chances {}", dice.chances()),
        "  moves:  ROLL: FROM-TO, houses 1 to 30 along the track (TO is off for a piece borne"
            .to_owned(),
        "          off); then these suffixes, in this order:".to_owned(),
        format!(
            "    x     landed on an opponent's piece and {}",
            contacts(ruleset)
        ),
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
        "  board:  x or o a piece, . an empty house; drawn after every move that hits a piece"
            .to_owned(),
    );
    lines.push("          or bears one off (with --board, after every move)".to_owned());
    lines
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
    let line = format!("{head:<22}  {:<11}  {}", turn.text().to_string(), said);
    line.trim_end().to_owned()
}

/// A throw in words, and whether it changed the board beyond one piece
/// moving (what makes the board worth drawing).
struct Said {
    text: String,
    notable: bool,
}

impl Said {
    /// "no move" for a lost throw; for a move, what it did when its
    /// notation does not say it all (the library's [`Effect`]: the piece
    /// it hit, the water, a fall, a return, a piece let out of the
    /// water...), and how many the side has off after bearing one off;
    /// then whether the same side throws again, or how the game ended.
    fn new<R: Ruleset>(turn: &Turn, effect: Option<&Effect>, after: &Position<R>) -> Said {
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
        Said {
            text: parts.join(" "),
            notable,
        }
    }
}
