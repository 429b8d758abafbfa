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
//! With `--build K`, solves the tables for bound K with a progress bar on
//! stderr, prints one line per layer (pieces on the track, positions,
//! sweeps, seconds) and the totals, and writes the file `--out`.
//!
//! Bad arguments, a bad position or a bad table file: one line on
//! stderr, exit code 2.

mod common;

use std::io::Write;
use std::time::Instant;

use common::{Args, fail, quote};
use senet::odds::{LayerReport, Progress, Table};
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Position};

/// The largest bound `--build` and `--bound` accept (bound 4 needs
/// tens of gigabytes; see docs/solving.md).
const MAX_BOUND: u64 = 3;

/// The largest table file `--tables` reads.
const MAX_FILE: u64 = 2 << 30;

fn main() {
    let args = Args::parse(&[]);
    args.only(&["ruleset", "position", "tables", "bound", "build", "out"]);
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
    let text: String = args.required("position");
    let position = Position::parse(ruleset, &text)
        .unwrap_or_else(|e| fail(format!("bad position {}: {e}", quote(&text))));
    let table = match args.value("tables") {
        Some(path) => {
            if args.value("bound").is_some() {
                fail("give --tables or --bound, not both");
            }
            read(ruleset, path)
        }
        None => {
            let bound = args.number_in("bound", 1..=MAX_BOUND, 2) as u8;
            Table::solve(ruleset, bound.min(ruleset.pieces_per_side())).unwrap_or_else(|e| fail(e))
        }
    };
    match table.probe(&position) {
        Some(share) => println!("x: {share:.9} (exact)"),
        None => println!(
            "outside the table: it holds positions with at most {} pieces per side on the track",
            table.bound()
        ),
    }
}

fn read<R: BuiltIn>(ruleset: R, path: &str) -> Table<R> {
    let file = std::fs::File::open(path)
        .unwrap_or_else(|e| fail(format!("cannot open {}: {e}", quote(path))));
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    if size > MAX_FILE {
        fail(format!("{}: larger than {MAX_FILE} bytes", quote(path)));
    }
    Table::read_from(ruleset, std::io::BufReader::new(file))
        .unwrap_or_else(|e| fail(format!("{}: {e}", quote(path))))
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
