//! Which reconstruction? `study --ruleset all --games 200000 --seed 1 [--threads 2] [--bot-games N] [--svg DIR]`.
//!
//! For each ruleset and three pairings (random against random, the top bot
//! level against itself, the top level against random with mirrored
//! throws) it plays seeded games and prints one markdown table per
//! measure, rulesets as columns. Every game's throws and random choices
//! come from a seed derived from `--seed` and the game's number alone, so
//! the tables are the same for a given seed whatever the thread count.
//! Bot pairings play `--bot-games` games (default: `--games / 100`, at
//! least 2), as the tables say.
//!
//! `--games` is from 1 to 1,000,000,000, `--bot-games` from 1 to
//! 10,000,000, `--threads` from 1 to 64, `--seed` any `u64` in decimal
//! digits (default 1). Bad arguments (an unknown option, a stray argument,
//! an option given twice or without its value): one line on stderr, exit
//! code 2.

#[path = "../common/mod.rs"]
mod common;
mod histogram;
mod report;

use std::time::Instant;

use common::{Args, fail, quote};
use report::tables;
use senet::AnyRuleset;
use senet::study::{Pairing, Tally, play_games};

fn main() {
    let args = Args::parse(include_str!("main.rs"), &[]);
    args.only(&["ruleset", "games", "seed", "threads", "bot-games", "svg"]);
    args.no_positional();
    let rulesets: Vec<AnyRuleset> = match args.value("ruleset").unwrap_or("all") {
        "all" => AnyRuleset::ALL.to_vec(),
        name => vec![
            name.parse()
                .unwrap_or_else(|e| fail(format!("--ruleset {}: {e}", quote(name)))),
        ],
    };
    let games = args.number_in("games", 1..=1_000_000_000, 200_000);
    let seed = args.number_in("seed", 0..=u64::MAX, 1);
    let threads = args.number_in("threads", 1..=64, 1);
    let bot_games = args.number_in("bot-games", 1..=10_000_000, (games / 100).max(2));
    let started = Instant::now();
    let mut columns: Vec<(AnyRuleset, Vec<Tally>)> = Vec::new();
    for &ruleset in &rulesets {
        let tallies = Pairing::ALL
            .iter()
            .map(|&pairing| {
                let count = if pairing == Pairing::RandomVsRandom {
                    games
                } else {
                    bot_games
                };
                senet::with_ruleset!(ruleset, |r| play_games(r, pairing, count, seed, threads))
                    .unwrap_or_else(|e| fail(e))
            })
            .collect();
        columns.push((ruleset, tallies));
    }
    let command = args.raw();
    println!("# Which reconstruction?\n");
    println!(
        "`cargo run --release --example study -- {}`\n",
        command.join(" ")
    );
    println!(
        "Seed {seed}; {games} games random against random, {bot_games} games per bot pairing; {threads} thread(s); {:.0} s.\n",
        started.elapsed().as_secs_f64()
    );
    print!("{}", tables(&columns));
    if let Some(dir) = args.value("svg") {
        std::fs::create_dir_all(dir)
            .unwrap_or_else(|e| fail(format!("cannot create {}: {e}", quote(dir))));
        for (ruleset, tallies) in &columns {
            let file = format!("{dir}/lengths-{ruleset}.svg");
            let picture = histogram::lengths(&ruleset.to_string(), &tallies[0].lengths);
            std::fs::write(&file, picture)
                .unwrap_or_else(|e| fail(format!("cannot write {}: {e}", quote(&file))));
            let file = format!("{dir}/start-{ruleset}.svg");
            let start = senet::Position::start(*ruleset);
            std::fs::write(&file, senet::svg::position(&start, None))
                .unwrap_or_else(|e| fail(format!("cannot write {}: {e}", quote(&file))));
        }
    }
}
