//! `senet train`: a ruleset's evaluation network trained by self-play.

use std::io::Write;
use std::time::Instant;

use senet::Ruleset;
use senet_bot::train::{Plan, train};

use super::common::{RulesetArgs, number, real, seed_number, unbanked, writable, write_file};
use crate::fail::{Fail, shown, usage};

#[derive(Debug, clap::Args)]
#[command(mut_arg("ruleset", |ruleset| ruleset
    .default_value(None)
    .required_unless_present("rules")))]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// Where to write the network
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Self-play games, 1 to 100000000 [default: 300000]
    #[arg(long, value_name = "N", value_parser = number(1, 100_000_000), allow_negative_numbers = true)]
    games: Option<u64>,
    /// The seed of the first weights and every throw: any u64 in decimal digits [default: 1]
    #[arg(long, value_name = "N", value_parser = seed_number, allow_negative_numbers = true)]
    seed: Option<u64>,
    /// λ, how far back a result reaches per throw, 0 to 1 [default: 0.7]
    #[arg(long, value_name = "L", value_parser = real(0.0, 1.0), allow_negative_numbers = true)]
    lambda: Option<f64>,
    /// The learning rate at the start, 0 to 1 [default: 0.02]
    #[arg(long, value_name = "R", value_parser = real(0.0, 1.0), allow_negative_numbers = true)]
    rate: Option<f64>,
    /// The learning rate at the end, 0 to 1 [default: 0.002]
    #[arg(long, value_name = "R", value_parser = real(0.0, 1.0), allow_negative_numbers = true)]
    final_rate: Option<f64>,
    /// Hidden units: 32 (the networks of levels 2 to 4) or 128 (a large one, four times slower) [default: 32]
    #[arg(long, value_name = "N", value_parser = number(32, 128), allow_negative_numbers = true)]
    hidden: Option<u64>,
}

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    let default = Plan::default();
    let plan = Plan {
        games: args.games.unwrap_or(default.games),
        seed: args.seed.unwrap_or(default.seed),
        lambda: args.lambda.map_or(default.lambda, |v| v as f32),
        rate: args.rate.map_or(default.rate, |v| v as f32),
        final_rate: args.final_rate.map_or(default.final_rate, |v| v as f32),
        hidden: args.hidden.map_or(default.hidden, |v| v as usize),
        ..default
    };
    let plan = plan.check().map_err(usage)?;
    // Refuse a file that cannot be written before hours of training.
    writable(&args.out)?;
    let started = Instant::now();
    let ruleset = unbanked(args.ruleset.chosen()?, "senet train")?;
    let trained = senet::with_rules!(ruleset, |r| train(r, &plan, |games| {
        if games % 10_000 == 0 {
            crate::fail::note!("{games} games, {:.0} s", started.elapsed().as_secs_f64());
        }
    }));
    let (network, report) = trained.map_err(usage)?;
    write_file(&args.out, network.to_bytes(ruleset.name()))?;
    writeln!(
        out,
        "{}: {} games ended, {} cut at {} throws, {} positions, {:.1} s, written to {}",
        ruleset.name(),
        report.games,
        report.cut,
        plan.max_throws,
        report.positions,
        started.elapsed().as_secs_f64(),
        shown(&args.out)
    )?;
    Ok(())
}
