//! Exact odds of an endgame: `odds --ruleset R --position "POS" [--tables FILE | --bound K]`,
//! and solving tables to a file: `odds --ruleset R --build K --out FILE`.
//!
//! With `--position`, prints x's share of the game under best play by
//! both sides (the chance that x wins, plus half the chance of a draw;
//! Bell's expected score), with 9 decimals, as `x: 0.734375000 (exact)`;
//! or `outside the table: ...` when the position has more pieces on the
//! track than the table holds (exit code 0 in both cases). The table is
//! read from `--tables FILE`, or else solved on the spot with at most
//! `--bound` pieces per side on the track (default 2).
//!
//! With `--check GAMES` (and `--tables FILE` or `--bound K`, and
//! `--seed N`, any `u64` in decimal digits, default 1), plays GAMES games from
//! positions sampled evenly across the table, both sides choosing the
//! table's best move, and compares how often x won with what the table
//! says: the mean result, the mean value, and their difference in standard
//! errors (within 1.96 for the 95% interval).
//!
//! With `--verify` (and `--tables FILE` or `--bound K`), recomputes for
//! every position of the table what the side to throw expects from the
//! table's values after each roll's best move (the Bellman equation), and
//! prints the largest difference from the stored value and where.
//!
//! With `--build K`, solves the tables for bound K with a progress bar on
//! stderr, prints one line per layer (pieces on the track, positions,
//! sweeps, seconds) and the totals, and writes the file `--out`.
//!
//! Bad arguments (an unknown option, a stray argument, an option given
//! twice or without its value), a bad position or a bad table file: one
//! line on stderr, exit code 2.

mod common;

use senet::with_ruleset;

use std::io::Write;
use std::time::Instant;

use common::{Args, fail, quote, read_table};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use senet::odds::{LayerReport, Progress, Table};
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Outcome, Position};

/// The largest bound `--build` and `--bound` accept (bound 4 needs
/// tens of gigabytes; see docs/solving.md).
const MAX_BOUND: u64 = 3;

/// The most games `--check` plays.
const MAX_CHECK_GAMES: u64 = 100_000_000;

/// The positions `--check` starts from.
const CHECK_POSITIONS: usize = 1000;

fn main() {
    let args = Args::parse(include_str!("odds.rs"), &["verify"]);
    args.only(&[
        "ruleset", "position", "tables", "bound", "build", "out", "check", "seed", "verify",
    ]);
    args.no_positional();
    let ruleset = args.ruleset_or(AnyRuleset::Kendall);
    with_ruleset!(ruleset, |r| run(r, &args));
}

fn run<R: BuiltIn>(ruleset: R, args: &Args) {
    if let Some(bound) = args
        .value("build")
        .map(|_| args.required_in("build", 1..=MAX_BOUND))
    {
        for name in ["position", "tables", "bound"] {
            if args.value(name).is_some() {
                fail(format!(
                    "--build solves tables; --{name} is for probing one"
                ));
            }
        }
        let out: String = args.required("out");
        build(ruleset, bound as u8, &out);
        return;
    }
    if args.value("out").is_some() {
        fail("--out goes with --build");
    }
    let check = args
        .value("check")
        .map(|_| args.required_in("check", 1..=MAX_CHECK_GAMES));
    if check.is_none() && args.value("seed").is_some() {
        fail("--seed goes with --check");
    }
    // Read before the table is solved, which can take a while: a bad seed
    // is refused at once.
    let seed = args.number_in("seed", 0..=u64::MAX, 1);
    if check.is_some() && args.value("position").is_some() {
        fail("give --position or --check, not both");
    }
    let table = match args.value("tables") {
        Some(path) => {
            if args.value("bound").is_some() {
                fail("give --tables or --bound, not both");
            }
            read_table(ruleset, path)
        }
        None => {
            let bound = args.number_in("bound", 1..=MAX_BOUND, 2) as u8;
            Table::solve(ruleset, bound.min(ruleset.pieces_per_side())).unwrap_or_else(|e| fail(e))
        }
    };
    if args.flag("verify") {
        verify(&table);
        return;
    }
    if let Some(games) = check {
        monte_carlo(&table, games, seed);
        return;
    }
    let text: String = args.required("position");
    let position = Position::parse(ruleset, &text)
        .unwrap_or_else(|e| fail(format!("bad position {}: {e}", quote(&text))));
    match table.probe(&position) {
        Some(share) => println!("x: {share:.9} (exact)"),
        None => println!(
            "outside the table: it holds positions with at most {} pieces per side on the track",
            table.bound()
        ),
    }
}

/// Plays `games` games from positions sampled across the table, both
/// sides following it, and prints the mean result against the mean value.
fn monte_carlo<R: BuiltIn>(table: &Table<R>, games: u64, seed: u64) {
    let open = table.iter().filter(|(p, _)| !p.is_over()).count();
    let step = (open / CHECK_POSITIONS).max(1);
    let starts: Vec<(Position<R>, f64)> = table
        .iter()
        .filter(|(p, _)| !p.is_over())
        .step_by(step)
        .take(CHECK_POSITIONS)
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let dice = table.ruleset().dice();
    let started = Instant::now();
    let (mut result, mut value, mut variance) = (0.0, 0.0, 0.0);
    for game in 0..games {
        let (start, share) = starts[(game % starts.len() as u64) as usize];
        let mut position = start;
        while !position.is_over() {
            let roll = dice.throw(&mut rng).roll();
            position = match table.best_move(&position, roll) {
                Some((mv, _)) => position.play(mv),
                None => position.lose_throw(roll),
            }
            .unwrap_or_else(|e| fail(format!("the table's move was refused: {e}")));
        }
        result += position.outcome().map_or(0.0, Outcome::x_share);
        value += share;
        variance += share * (1.0 - share);
    }
    let n = games as f64;
    let z = (result - value) / variance.sqrt().max(f64::MIN_POSITIVE);
    println!(
        "games {games} from {} positions, seed {seed}: x's mean result {:.6}, the table's mean value {:.6}, difference {z:+.2} standard errors ({}), {:.1} s",
        starts.len(),
        result / n,
        value / n,
        if z.abs() < 1.96 {
            "within the 95% interval"
        } else {
            "OUTSIDE the 95% interval"
        },
        started.elapsed().as_secs_f64()
    );
}

/// Prints the largest Bellman residual over the table, and where.
fn verify<R: BuiltIn>(table: &Table<R>) {
    let dice = table.ruleset().dice();
    let started = Instant::now();
    let (mut worst, mut at, mut checked) = (0.0f64, None, 0u64);
    for (position, share) in table.iter() {
        checked += 1;
        let expected = match position.outcome() {
            Some(outcome) => outcome.x_share(),
            None => {
                let mut sum = 0.0;
                for &(roll, weight) in dice.weights() {
                    let moves = position.moves(roll);
                    let value = if moves.is_empty() {
                        moves
                            .lose_throw()
                            .ok()
                            .and_then(|after| table.probe(&after))
                    } else {
                        table.best_move(&position, roll).map(|(_, value)| value)
                    };
                    let value = value.unwrap_or_else(|| {
                        fail(format!(
                            "{position}: a roll of {roll} leads out of the table"
                        ))
                    });
                    sum += f64::from(weight) * value;
                }
                sum / f64::from(dice.total_weight())
            }
        };
        let residual = (expected - share).abs();
        if residual > worst {
            worst = residual;
            at = Some(position);
        }
    }
    println!(
        "positions {checked}: largest Bellman residual {worst:.3e}{} ({:.1} s)",
        at.map_or(String::new(), |p| format!(" at {p}")),
        started.elapsed().as_secs_f64()
    );
}

fn build<R: BuiltIn>(ruleset: R, bound: u8, out: &str) {
    if bound > ruleset.pieces_per_side() {
        fail(format!(
            "--build {bound}: {} has {} pieces per side",
            ruleset.name(),
            ruleset.pieces_per_side()
        ));
    }
    let started = Instant::now();
    let (table, reports) =
        Table::solve_with_progress(ruleset, bound, bar).unwrap_or_else(|e| fail(e));
    eprintln!();
    println!("ruleset {} bound {bound}", ruleset.name());
    println!("on x,o  off x,o  positions  open  sweeps  seconds");
    for LayerReport {
        on,
        off,
        positions,
        open,
        sweeps,
        seconds,
        ..
    } in &reports
    {
        println!(
            "{},{}     {},{}      {positions}  {open}  {sweeps}  {seconds:.2}",
            on[0], on[1], off[0], off[1]
        );
    }
    let bytes = table.to_bytes();
    std::fs::write(out, &bytes)
        .unwrap_or_else(|e| fail(format!("cannot write {}: {e}", quote(out))));
    println!(
        "positions {} bytes {} sweeps {} seconds {:.1}",
        table.len(),
        bytes.len(),
        reports.iter().map(|r| r.sweeps).sum::<usize>(),
        started.elapsed().as_secs_f64()
    );
}

/// A progress line on stderr, rewritten after each sweep.
fn bar(progress: &Progress) {
    let width = 30;
    let done = (progress.layer * width) / progress.layers.max(1);
    let mut stderr = std::io::stderr();
    let _ = write!(
        stderr,
        "\r[{}{}] layer {}/{} ({},{} on the track) sweep {} change {:.1e}   ",
        "#".repeat(done),
        ".".repeat(width - done),
        progress.layer + 1,
        progress.layers,
        progress.on[0],
        progress.on[1],
        progress.sweep,
        progress.change
    );
    let _ = stderr.flush();
}
