//! Decision times of each bot level:
//! `think_time --ruleset kendall --games 10 --seed 1 [--levels 1,2,3]`.
//!
//! Plays `--games` games of level 2 against itself (seeded throws) and
//! keeps every decision with more than one legal move; then times each
//! level's choice on exactly those decisions, one at a time, and prints
//! the median, 90th percentile and maximum time, the mean depth reached
//! and the nodes searched per second. With `--table`, also the top level's
//! search without its transposition table, to show what the table saves.
//!
//! `--games` is from 1 to 1,000 (default 10), `--seed` any `u64` in decimal
//! digits (default 1), `--levels` a comma-separated list of levels 1 to 4,
//! each at most once. Bad arguments (an unknown option, a stray argument,
//! an option given twice or without its value): one line on stderr, exit
//! code 2.

mod common;

use senet::with_ruleset;

use std::time::Instant;

use common::{Args, fail};
use senet::bot::{Agent, Bot, Decision, Evaluation, Level, Search, SearchLimits};
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Position, Seed, SeededThrows, Throw, ThrowSource};

fn main() {
    let args = Args::parse(include_str!("think_time.rs"), &["table"]);
    args.only(&["ruleset", "games", "seed", "levels", "table"]);
    args.no_positional();
    let ruleset = args.ruleset_or(AnyRuleset::Kendall);
    let games = args.number_in("games", 1..=1_000, 10);
    let seed = args.number_in("seed", 0..=u64::MAX, 1);
    let levels: Vec<Level> = match args.value("levels") {
        Some(list) => list
            .split(',')
            .map(|l| l.parse().unwrap_or_else(|e| fail(format!("--levels: {e}"))))
            .fold(Vec::new(), |mut levels, level| {
                if levels.contains(&level) {
                    fail(format!("--levels: level {level} is listed twice"));
                }
                levels.push(level);
                levels
            }),
        None => Level::all().collect(),
    };
    let table = args.flag("table");
    with_ruleset!(ruleset, |r| run(r, games, seed, &levels, table));
}

fn run<R: BuiltIn>(ruleset: R, games: u64, seed: u64, levels: &[Level], table: bool) {
    let decisions = collect(ruleset, games, seed);
    if decisions.is_empty() {
        fail(format!(
            "{games} game(s) gave no decision with more than one legal move to time; play more games"
        ));
    }
    println!(
        "ruleset: {}   decisions: {} (from {games} games of level 2 against itself)",
        ruleset.name(),
        decisions.len()
    );
    for &level in levels {
        let mut bot = Bot::new(ruleset, level);
        let mut times = Vec::with_capacity(decisions.len());
        let (mut nodes, mut depth) = (0u64, 0u64);
        for &(position, throw) in &decisions {
            let decision = Decision::new(position, throw, &[]).unwrap_or_else(|e| fail(e));
            let started = Instant::now();
            let thought = bot.think(&decision);
            times.push(started.elapsed().as_secs_f64() * 1e3);
            nodes += thought.nodes;
            depth += u64::from(thought.depth);
        }
        let total: f64 = times.iter().sum();
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
        println!(
            "level {level}: median {:.4} ms   p90 {:.4} ms   max {:.4} ms   mean depth {:.2}   mean nodes {:.0}   nodes/s {:.0}",
            at(0.5),
            at(0.9),
            at(1.0),
            depth as f64 / times.len() as f64,
            nodes as f64 / times.len() as f64,
            nodes as f64 / (total / 1e3)
        );
    }
    if table {
        for bits in [0, 12] {
            let limits = Level::new(Level::MAX)
                .and_then(Level::limits)
                .unwrap_or_else(|| fail("the top level has no search"));
            let limits = SearchLimits {
                table_bits: bits,
                nodes: u64::MAX,
                ..limits
            };
            let mut search =
                Search::new(Evaluation::new(ruleset), limits).unwrap_or_else(|e| fail(e));
            let nodes: u64 = decisions
                .iter()
                .map(|&(position, throw)| {
                    let decision = Decision::new(position, throw, &[]).unwrap_or_else(|e| fail(e));
                    search.think(&decision).nodes
                })
                .sum();
            println!(
                "depth 3 without a node limit, table of 2^{bits} entries: mean nodes {:.0}",
                nodes as f64 / decisions.len() as f64
            );
        }
    }
}

/// The decisions (position and throw) with more than one legal move of
/// level-2 self-play games.
fn collect<R: BuiltIn>(ruleset: R, games: u64, seed: u64) -> Vec<(Position<R>, Throw)> {
    let mut out = Vec::new();
    let level = Level::new(2).unwrap_or_else(|| fail("no level 2"));
    let mut bot = Bot::new(ruleset, level);
    for game in 0..games {
        let mut throws = SeededThrows::new(Seed::for_pair(seed, game));
        let mut position = Position::start(ruleset);
        let mut count = 0;
        while !position.is_over() && count < 5_000 {
            count += 1;
            let throw = throws
                .next_throw(ruleset.dice())
                .unwrap_or_else(|e| fail(e));
            position = match Decision::new(position, throw, &[]) {
                Ok(decision) => {
                    if !decision.is_forced() {
                        out.push((position, throw));
                    }
                    let mv = bot.choose(&decision);
                    position.play(mv).unwrap_or_else(|e| fail(e))
                }
                Err(_) => position
                    .lose_throw(throw.roll())
                    .unwrap_or_else(|e| fail(e)),
            };
        }
    }
    out
}
