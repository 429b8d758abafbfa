//! `senet think-time`: decision times of each bot level.

use std::io::Write;
use std::time::Instant;

use senet::rulesets::CheckedRuleset;
use senet::source::{SeededThrows, ThrowSource};
use senet::{Position, Seed, Throw};
use senet_bot::{Agent, Bot, Decision, Evaluation, Level, Search, SearchLimits};

use super::common::{RulesetArgs, number, seed_number, unbanked};
use crate::fail::{Fail, error, usage};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// Games of level 2 against itself whose decisions are timed, 1 to 1000
    #[arg(long, value_name = "N", value_parser = number(1, 1_000), default_value = "10", allow_negative_numbers = true)]
    games: u64,
    /// The seed: any u64 in decimal digits
    #[arg(long, value_name = "S", value_parser = seed_number, default_value = "1", allow_negative_numbers = true)]
    seed: u64,
    /// The levels timed, comma-separated, each 1 to 5 and at most once [default: all]
    #[arg(long, value_name = "LIST", value_parser = levels)]
    levels: Option<Levels>,
    /// Also the top level's search with and without its transposition table
    #[arg(long)]
    table: bool,
}

/// The levels timed.
#[derive(Clone, Debug)]
pub struct Levels(Vec<Level>);

fn levels(text: &str) -> Result<Levels, String> {
    let mut levels = Vec::new();
    for item in text.split(',') {
        let level: Level = item.parse().map_err(|e| format!("{e}"))?;
        if levels.contains(&level) {
            return Err(format!("level {level} is listed twice"));
        }
        levels.push(level);
    }
    Ok(Levels(levels))
}

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    let levels = match &args.levels {
        Some(levels) => levels.0.clone(),
        None => Level::all().collect(),
    };
    senet::with_rules!(unbanked(args.ruleset.chosen()?, "senet think-time")?, |r| {
        time(r, &args, &levels, out)
    })
}

fn time<R: CheckedRuleset>(
    ruleset: R,
    args: &Args,
    levels: &[Level],
    out: &mut dyn Write,
) -> Result<(), Fail> {
    let games = args.games;
    let decisions = collect(ruleset, games, args.seed)?;
    if decisions.is_empty() {
        return Err(usage(format!(
            "{games} game(s) gave no decision with more than one legal move to time; play more games"
        )));
    }
    writeln!(
        out,
        "ruleset: {}   decisions: {} (from {games} games of level 2 against itself)",
        senet::Ruleset::name(&ruleset),
        decisions.len()
    )?;
    for &level in levels {
        let mut bot = Bot::new(ruleset, level);
        let mut times = Vec::with_capacity(decisions.len());
        let (mut nodes, mut depth) = (0u64, 0u64);
        for &(position, throw) in &decisions {
            let decision = Decision::new(position, throw, &[]).map_err(error)?;
            let started = Instant::now();
            let thought = bot.think(&decision);
            times.push(started.elapsed().as_secs_f64() * 1e3);
            nodes += thought.nodes;
            depth += u64::from(thought.depth);
        }
        let total: f64 = times.iter().sum();
        times.sort_by(f64::total_cmp);
        let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
        writeln!(
            out,
            "level {level}: median {:.4} ms   p90 {:.4} ms   max {:.4} ms   mean depth {:.2}   mean nodes {:.0}   nodes/s {:.0}",
            at(0.5),
            at(0.9),
            at(1.0),
            depth as f64 / times.len() as f64,
            nodes as f64 / times.len() as f64,
            nodes as f64 / (total / 1e3)
        )?;
    }
    if args.table {
        let limits = Level::new(Level::MAX)
            .map_err(error)?
            .limits()
            .ok_or_else(|| error("the top level has no search"))?;
        for bits in [0, 12] {
            let limits = SearchLimits {
                table_bits: bits,
                nodes: u64::MAX,
                ..limits
            };
            let mut search = Search::new(Evaluation::new(ruleset), limits).map_err(error)?;
            let mut nodes = 0;
            for &(position, throw) in &decisions {
                let decision = Decision::new(position, throw, &[]).map_err(error)?;
                nodes += search.think(&decision).nodes;
            }
            writeln!(
                out,
                "depth 3 without a node limit, table of 2^{bits} entries: mean nodes {:.0}",
                nodes as f64 / decisions.len() as f64
            )?;
        }
    }
    Ok(())
}

/// The decisions (position and throw) with more than one legal move of
/// level-2 self-play games.
fn collect<R: CheckedRuleset>(
    ruleset: R,
    games: u64,
    seed: u64,
) -> Result<Vec<(Position<R>, Throw)>, Fail> {
    let mut out = Vec::new();
    let level = Level::new(2).map_err(error)?;
    let mut bot = Bot::new(ruleset, level);
    for game in 0..games {
        let mut throws = SeededThrows::new(Seed::for_pair(seed, game));
        let mut position = Position::start(ruleset);
        let mut count = 0;
        while !position.is_over() && count < 5_000 {
            count += 1;
            let throw = throws
                .next_throw(senet::Ruleset::dice(&ruleset))
                .map_err(error)?;
            position = match Decision::new(position, throw, &[]) {
                Ok(decision) => {
                    if !decision.is_forced() {
                        out.push((position, throw));
                    }
                    let mv = bot.choose(&decision);
                    position.play(mv).map_err(error)?
                }
                Err(_) => position.lose_throw(throw.roll()).map_err(error)?,
            };
        }
    }
    Ok(out)
}
