//! `senet endgame-error`: the chance of winning each agent gives away per
//! decision in the endgames a table holds (`senet_bot::endgame`).

use std::io::Write;
use std::time::Instant;

use senet::Ruleset;
use senet::rulesets::CheckedRuleset;
use senet_bot::endgame::{Measurement, TablePlayer, measure, starts};
use senet_bot::review::Class;
use senet_bot::{Agent, Baseline, Bot, Level, RandomAgent};
use senet_odds::Table;

use super::common::{RulesetArgs, number, read_table, seed_number, unbanked};
use crate::fail::{Fail, error, usage};

/// The most games (start positions) of one measurement.
const MAX_GAMES: u64 = 10_000_000;

/// The agents measured when none is named.
const DEFAULT_AGENTS: &str = "random,level:1,level:2,level:3,level:4,level:5,baseline";

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// The agents, comma-separated: random, level:N (1 to 5), baseline, table
    #[arg(long, value_name = "AGENTS", value_parser = agents, default_value = DEFAULT_AGENTS)]
    agents: Agents,
    /// Games, one from each start position drawn from the table: 1 to 10000000
    #[arg(long, value_name = "N", value_parser = number(1, MAX_GAMES), allow_negative_numbers = true)]
    games: u64,
    /// The seed of the draw of the starts, of the throws and of the random agent: any u64
    #[arg(long, value_name = "S", value_parser = seed_number, default_value = "1", allow_negative_numbers = true)]
    seed: u64,
    /// Read the table from FILE (written by `senet odds --build`)
    #[arg(long, value_name = "FILE", conflicts_with = "bound")]
    tables: Option<String>,
    /// Without --tables, solve the table on the spot with at most K pieces per side on the track, 1 to 3 [default: 2]
    #[arg(long, value_name = "K", value_parser = number(1, 3), allow_negative_numbers = true)]
    bound: Option<u64>,
}

/// An agent the command can measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Named {
    Random,
    Level(Level),
    Baseline,
    Table,
}

/// The agents to measure, in order.
#[derive(Clone, Debug)]
struct Agents(Vec<Named>);

/// Reads `random,level:4,...`; the error names the piece that is wrong.
fn agents(text: &str) -> Result<Agents, String> {
    text.split(',')
        .map(|piece| match piece.split_once(':') {
            None if piece == "random" => Ok(Named::Random),
            None if piece == "baseline" => Ok(Named::Baseline),
            None if piece == "table" => Ok(Named::Table),
            Some(("level", n)) => n.parse().map(Named::Level).map_err(|e| format!("{e}")),
            _ => Err(format!(
                "{piece:?}: expected random, level:N, baseline or table, comma-separated"
            )),
        })
        .collect::<Result<Vec<Named>, String>>()
        .map(Agents)
}

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    senet::with_rules!(
        unbanked(args.ruleset.chosen()?, "senet endgame-error")?,
        |r| endgame_error(r, &args, out)
    )
}

fn endgame_error<R: CheckedRuleset>(
    ruleset: R,
    args: &Args,
    out: &mut dyn Write,
) -> Result<(), Fail> {
    let started = Instant::now();
    let table = match &args.tables {
        Some(path) => {
            let table = read_table(ruleset, path)?;
            writeln!(
                out,
                "table: {path} (bound {}, {} positions), read in {:.1} s",
                table.bound(),
                table.len(),
                started.elapsed().as_secs_f64()
            )?;
            table
        }
        None => {
            let bound = (args.bound.unwrap_or(2) as u8).min(ruleset.pieces_per_side());
            let table = Table::solve(ruleset, bound).map_err(error)?;
            writeln!(
                out,
                "table: solved in-process at bound {bound} ({} positions) in {:.1} s",
                table.len(),
                started.elapsed().as_secs_f64()
            )?;
            table
        }
    };
    let count = usize::try_from(args.games).map_err(|_| usage("--games: too many"))?;
    let drawn = Instant::now();
    let starts = starts(&table, count, args.seed);
    writeln!(
        out,
        "ruleset {}, {} starts drawn uniformly among the table's open positions (seed {}, {:.1} s); \
         each agent plays both sides from each",
        ruleset.name(),
        starts.len(),
        args.seed,
        drawn.elapsed().as_secs_f64()
    )?;
    writeln!(
        out,
        "| agent | games | decisions | mean lost per decision (95% interval) | error rate | worst | ?! | ? | ?? | seconds |"
    )?;
    writeln!(
        out,
        "| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
    )?;
    for &named in &args.agents.0 {
        let timer = Instant::now();
        let measured = match named {
            Named::Random => run_one(&mut RandomAgent::new(args.seed), &table, &starts, args.seed),
            Named::Level(level) => {
                run_one(&mut Bot::new(ruleset, level), &table, &starts, args.seed)
            }
            Named::Baseline => run_one(&mut Baseline::new(ruleset), &table, &starts, args.seed),
            Named::Table => run_one(&mut TablePlayer::new(&table), &table, &starts, args.seed),
        }?;
        write_row(&measured, timer.elapsed().as_secs_f64(), out)?;
    }
    Ok(())
}

fn run_one<R: Ruleset>(
    agent: &mut dyn Agent<R>,
    table: &Table<R>,
    starts: &[senet::Position<R>],
    seed: u64,
) -> Result<Measurement, Fail> {
    measure(agent, table, starts, seed).map_err(error)
}

fn write_row(m: &Measurement, seconds: f64, out: &mut dyn Write) -> Result<(), Fail> {
    let cut = if m.cut > 0 {
        format!(
            " ({} cut at {} throws)",
            m.cut,
            senet_bot::endgame::MAX_THROWS
        )
    } else {
        String::new()
    };
    writeln!(
        out,
        "| {} | {}{cut} | {} | {:.5} ({:.5}..{:.5}) | {:.2} | {:.3} | {} | {} | {} | {seconds:.1} |",
        m.agent,
        m.games,
        m.decisions,
        m.mean_lost,
        m.low,
        m.high,
        m.error_rate(),
        m.worst,
        m.count(Class::Inaccuracy),
        m.count(Class::Mistake),
        m.count(Class::Blunder),
    )?;
    Ok(())
}
