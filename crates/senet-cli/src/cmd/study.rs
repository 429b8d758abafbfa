//! `senet study`: which reconstruction? The rulesets compared, as
//! markdown tables (see the repository's docs/study.md).

use std::io::Write;
use std::time::Instant;

use senet::AnyRuleset;
use senet::{Rules, Ruleset};
use senet_bot::study::{MAX_THROWS, Pairing, Tally, play_games};

use super::common::{MemoryArgs, number, rules_file, seed_number, unbanked, writable, write_file};
use crate::fail::{Fail, error, quote, usage};

mod histogram;
mod report;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// `all`, or one ruleset: kendall, temple, bell, classic, jequier, kendall1979 or skyruk [default: all, or none with --rules]
    #[arg(long, value_name = "R", value_parser = rulesets)]
    ruleset: Option<Rulesets>,
    /// A ruleset read from a rules file (TOML, docs/rulesets.md), studied after those of --ruleset; repeat it for more
    #[arg(long, value_name = "FILE")]
    rules: Vec<String>,
    /// Games random against random, 1 to 1000000000
    #[arg(long, value_name = "N", value_parser = number(1, 1_000_000_000), default_value = "200000", allow_negative_numbers = true)]
    games: u64,
    /// The seed: any u64 in decimal digits
    #[arg(long, value_name = "S", value_parser = seed_number, default_value = "1", allow_negative_numbers = true)]
    seed: u64,
    /// Threads, 1 to 64
    #[arg(long, value_name = "T", value_parser = number(1, 64), default_value = "1", allow_negative_numbers = true)]
    threads: u64,
    /// Games per bot pairing, 1 to 10000000 [default: --games / 100, at least 2]
    #[arg(long, value_name = "N", value_parser = number(1, 10_000_000), allow_negative_numbers = true)]
    bot_games: Option<u64>,
    /// Also draw the game lengths and the starts as SVG pictures in DIR
    #[arg(long, value_name = "DIR")]
    svg: Option<String>,
    #[command(flatten)]
    memory: MemoryArgs,
}

/// The bytes of one tally's game lengths: a count (8 bytes) per length
/// in throws and in turns, up to [`MAX_THROWS`], whatever the games.
const BYTES_PER_TALLY: u64 = 2 * 8 * (MAX_THROWS as u64 + 1);

/// The rulesets studied.
#[derive(Clone, Debug)]
pub struct Rulesets(Vec<AnyRuleset>);

fn rulesets(text: &str) -> Result<Rulesets, String> {
    match text {
        "all" => Ok(Rulesets(AnyRuleset::ALL.to_vec())),
        name => Ok(Rulesets(vec![name.parse().map_err(|e| format!("{e}"))?])),
    }
}

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    let (games, seed, threads) = (args.games, args.seed, args.threads);
    let named = match (&args.ruleset, args.rules.is_empty()) {
        (Some(Rulesets(named)), _) => named.clone(),
        (None, true) => AnyRuleset::ALL.to_vec(),
        (None, false) => Vec::new(),
    };
    let mut studied: Vec<Rules> = named.into_iter().map(Rules::from).collect();
    for path in &args.rules {
        studied.push(unbanked(rules_file(path)?, "senet study")?);
    }
    let bot_games = args.bot_games.unwrap_or((games / 100).max(2));
    // Game lengths are counted per length, so the memory is bounded:
    // a tally per ruleset and pairing, and one per thread while playing.
    let tallies = (studied.len() as u64 * Pairing::ALL.len() as u64).saturating_add(threads);
    args.memory.check(
        tallies.saturating_mul(BYTES_PER_TALLY),
        format_args!("{tallies} tallies' length counts × {BYTES_PER_TALLY} bytes"),
    )?;
    // The folder must exist before the games (none is made); each
    // picture is checked too.
    if let Some(dir) = &args.svg {
        if !std::path::Path::new(dir).is_dir() {
            return Err(usage(format!(
                "--svg {}: not an existing folder",
                quote(dir)
            )));
        }
        for ruleset in &studied {
            let name = ruleset.name();
            writable(&format!("{dir}/lengths-{name}.svg"))?;
            writable(&format!("{dir}/start-{name}.svg"))?;
        }
    }
    let started = Instant::now();
    let mut columns: Vec<(Rules, Vec<Tally>)> = Vec::new();
    for &ruleset in &studied {
        let mut tallies = Vec::new();
        for &pairing in &Pairing::ALL {
            let count = if pairing == Pairing::RandomVsRandom {
                games
            } else {
                bot_games
            };
            let tally =
                senet::with_rules!(ruleset, |r| play_games(r, pairing, count, seed, threads));
            tallies.push(tally.map_err(error)?);
        }
        columns.push((ruleset, tallies));
    }
    let command: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    writeln!(out, "# Which reconstruction?\n")?;
    writeln!(out, "`senet {}`\n", command.join(" "))?;
    writeln!(
        out,
        "Seed {seed}; {games} games random against random, {bot_games} games per bot pairing; {threads} thread(s); {:.0} s.\n",
        started.elapsed().as_secs_f64()
    )?;
    let named: Vec<(&str, Vec<Tally>)> = columns
        .into_iter()
        .map(|(ruleset, tallies)| (ruleset.name(), tallies))
        .collect();
    write!(out, "{}", report::tables(&named))?;
    if let Some(dir) = &args.svg {
        for ((name, tallies), &ruleset) in named.iter().zip(&studied) {
            let file = format!("{dir}/lengths-{name}.svg");
            let picture = histogram::lengths(name, &tallies[0].games_by_throws);
            write_file(&file, picture)?;
            let file = format!("{dir}/start-{name}.svg");
            let start = senet::with_rules!(ruleset, |r| senet_view::svg::position(
                &senet::Position::start(r),
                None
            ));
            write_file(&file, start)?;
        }
    }
    Ok(())
}
