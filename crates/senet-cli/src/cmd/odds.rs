//! `senet odds`: exact odds of an endgame, and the tables behind them.

use std::io::Write;
use std::time::Instant;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use senet::rulesets::CheckedRuleset;
use senet::{Outcome, Position};
use senet_odds::{LayerReport, Progress, Table};

use super::common::{
    MemoryArgs, RulesetArgs, number, position, read_table, seed_number, writable, write_file,
};
use crate::fail::{Fail, error, usage};

/// The largest bound `--build` and `--bound` accept (bound 4 needs
/// tens of gigabytes; see docs/solving.md).
const MAX_BOUND: u64 = 3;

/// The most games `--check` plays.
const MAX_CHECK_GAMES: u64 = 100_000_000;

/// The positions `--check` starts from.
const CHECK_POSITIONS: usize = 1000;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// The position to probe: prints x's share of the game under best play
    #[arg(long, value_name = "POS", conflicts_with = "check",
          required_unless_present_any = ["build", "check", "verify"])]
    position: Option<String>,
    /// Read the table from FILE (written by --build)
    #[arg(long, value_name = "FILE", conflicts_with = "bound")]
    tables: Option<String>,
    /// Solve the table on the spot with at most K pieces per side on the track, 1 to 3 [default: 2]
    #[arg(long, value_name = "K", value_parser = number(1, MAX_BOUND), allow_negative_numbers = true)]
    bound: Option<u64>,
    /// Solve the tables for bound K (1 to 3) and write them to --out
    #[arg(long, value_name = "K", value_parser = number(1, MAX_BOUND), requires = "out",
          conflicts_with_all = ["position", "tables", "bound", "check", "verify"],
          allow_negative_numbers = true)]
    build: Option<u64>,
    /// Where --build writes the tables
    #[arg(long, value_name = "FILE", requires = "build")]
    out: Option<String>,
    /// Play GAMES games (1 to 100000000) following the table and compare with its values
    #[arg(long, value_name = "GAMES", value_parser = number(1, MAX_CHECK_GAMES), allow_negative_numbers = true)]
    check: Option<u64>,
    /// The seed of --check: any u64 in decimal digits [default: 1]
    #[arg(long, value_name = "N", value_parser = seed_number, requires = "check", allow_negative_numbers = true)]
    seed: Option<u64>,
    /// Check every position of the table against the Bellman equation
    #[arg(long, conflicts_with = "check")]
    verify: bool,
    #[command(flatten)]
    memory: MemoryArgs,
}

/// The bytes per slot a solve holds: its working value (8) and the
/// table's (4), both alive as it ends.
const SOLVE_BYTES_PER_SLOT: u64 = 12;

/// Refuses, before it starts, a solve of bound `k` whose values alone
/// pass the memory limit.
fn check_solve<R: CheckedRuleset>(ruleset: R, k: u8, memory: &MemoryArgs) -> Result<(), Fail> {
    let slots = Table::slots(ruleset, k).map_or(u64::MAX, |s| s as u64);
    memory.check(
        slots.saturating_mul(SOLVE_BYTES_PER_SLOT),
        format_args!(
            "solving {} bound {k}: {slots} slots × {SOLVE_BYTES_PER_SLOT} bytes",
            ruleset.name()
        ),
    )
}

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    senet::with_rules!(args.ruleset.chosen()?, |r| odds(r, &args, out))
}

fn odds<R: CheckedRuleset>(ruleset: R, args: &Args, out: &mut dyn Write) -> Result<(), Fail> {
    if let (Some(bound), Some(file)) = (args.build, &args.out) {
        return build(ruleset, bound as u8, file, &args.memory, out);
    }
    let table = match &args.tables {
        Some(path) => read_table(ruleset, path)?,
        None => {
            let bound = (args.bound.unwrap_or(2) as u8).min(ruleset.pieces_per_side());
            check_solve(ruleset, bound, &args.memory)?;
            Table::solve(ruleset, bound).map_err(error)?
        }
    };
    if args.verify {
        return verify(&table, out);
    }
    if let Some(games) = args.check {
        return monte_carlo(&table, games, args.seed.unwrap_or(1), out);
    }
    let text = args.position.as_deref().unwrap_or_default();
    let position = position(ruleset, text)?;
    match table.probe(&position) {
        Some(share) => writeln!(out, "x: {share:.9} (exact)")?,
        None => writeln!(
            out,
            "outside the table: it holds positions with at most {} pieces per side on the track",
            table.bound()
        )?,
    }
    Ok(())
}

/// Plays `games` games from positions sampled across the table, both
/// sides following it, and prints the mean result against the mean value.
fn monte_carlo<R: CheckedRuleset>(
    table: &Table<R>,
    games: u64,
    seed: u64,
    out: &mut dyn Write,
) -> Result<(), Fail> {
    let open = table.iter().filter(|(p, _)| !p.is_over()).count();
    let step = (open / CHECK_POSITIONS).max(1);
    let starts: Vec<(Position<R>, f64)> = table
        .iter()
        .filter(|(p, _)| !p.is_over())
        .step_by(step)
        .take(CHECK_POSITIONS)
        .collect();
    if starts.is_empty() {
        return Err(error("the table holds no open position to start from"));
    }
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
            .map_err(|e| error(format!("the table's move was refused: {e}")))?;
        }
        result += position.outcome().map_or(0.0, Outcome::x_share);
        value += share;
        variance += share * (1.0 - share);
    }
    let n = games as f64;
    let z = (result - value) / variance.sqrt().max(f64::MIN_POSITIVE);
    writeln!(
        out,
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
    )?;
    Ok(())
}

/// Prints the largest Bellman residual over the table, and where.
fn verify<R: CheckedRuleset>(table: &Table<R>, out: &mut dyn Write) -> Result<(), Fail> {
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
                    let value = value.ok_or_else(|| {
                        error(format!(
                            "{position}: a roll of {roll} leads out of the table"
                        ))
                    })?;
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
    writeln!(
        out,
        "positions {checked}: largest Bellman residual {worst:.3e}{} ({:.1} s)",
        at.map_or(String::new(), |p| format!(" at {p}")),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

fn build<R: CheckedRuleset>(
    ruleset: R,
    bound: u8,
    file: &str,
    memory: &MemoryArgs,
    out: &mut dyn Write,
) -> Result<(), Fail> {
    if bound > ruleset.pieces_per_side() {
        return Err(usage(format!(
            "--build {bound}: {} has {} pieces per side",
            ruleset.name(),
            ruleset.pieces_per_side()
        )));
    }
    check_solve(ruleset, bound, memory)?;
    writable(file)?;
    let started = Instant::now();
    let (table, reports) = Table::solve_with_progress(ruleset, bound, bar).map_err(error)?;
    crate::fail::note!();
    writeln!(out, "ruleset {} bound {bound}", ruleset.name())?;
    writeln!(out, "on x,o  off x,o  positions  open  sweeps  seconds")?;
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
        writeln!(
            out,
            "{},{}     {},{}      {positions}  {open}  {sweeps}  {seconds:.2}",
            on[0], on[1], off[0], off[1]
        )?;
    }
    let bytes = table.to_bytes();
    write_file(file, &bytes)?;
    writeln!(
        out,
        "positions {} bytes {} sweeps {} seconds {:.1}",
        table.len(),
        bytes.len(),
        reports.iter().map(|r| r.sweeps).sum::<usize>(),
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
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
