//! `senet tune`: the feature evaluation's weights tuned by self-play.

use std::io::Write;

use senet::Ruleset;
use senet::rulesets::CheckedRuleset;
use senet_bot::tune::{NewtonStep, Sample, TuneError, fit, self_play, self_play_within};
use senet_bot::{FEATURE_NAMES, Weights};

use super::common::{
    MemoryArgs, RulesetArgs, number, read_small_file, real, seed_number, unbanked, writable,
    write_file,
};
use crate::fail::{Fail, error, quote, usage};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// Self-play games per round, 1 to 10000000
    #[arg(long, value_name = "N", value_parser = number(1, 10_000_000), allow_negative_numbers = true)]
    games: u64,
    /// Rounds, 1 to 100
    #[arg(long, value_name = "N", value_parser = number(1, 100), default_value = "3", allow_negative_numbers = true)]
    rounds: u64,
    /// The seed: any u64 in decimal digits
    #[arg(long, value_name = "S", value_parser = seed_number, default_value = "1", allow_negative_numbers = true)]
    seed: u64,
    /// Write the weights to FILE, one number per line
    #[arg(long, value_name = "FILE")]
    out: Option<String>,
    /// Start from the weights of FILE (one finite number per feature) instead of the race weights
    #[arg(long, value_name = "FILE")]
    from: Option<String>,
    /// Keep one position in N, 1 to 1000
    #[arg(long, value_name = "N", value_parser = number(1, 1_000), default_value = "5", allow_negative_numbers = true)]
    sample: u64,
    /// The ridge penalty, a number from 0 to 1000
    #[arg(long, value_name = "X", value_parser = real(0.0, 1_000.0), default_value = "0.001", allow_negative_numbers = true)]
    ridge: f64,
    #[command(flatten)]
    memory: MemoryArgs,
}

/// The games of the pilot that measures how many positions a game of
/// the ruleset keeps, for the estimate of the memory up front.
const PILOT_GAMES: u64 = 20;

/// The positions a round is expected to keep: `games` games of the mean
/// length of [`PILOT_GAMES`] games (seeded with `seed`), one in `sample`,
/// a tenth more for the spread.
fn expected_samples<R: CheckedRuleset>(
    ruleset: R,
    weights: Weights,
    games: u64,
    seed: u64,
    sample: u64,
) -> Result<u64, Fail> {
    let pilot = self_play(ruleset, weights, PILOT_GAMES, seed, 1)
        .map_err(|e| error(format!("the pilot games: {e}")))?;
    let per_game = (pilot.len() as u64).div_ceil(PILOT_GAMES);
    Ok(games
        .saturating_mul(per_game)
        .div_ceil(sample)
        .saturating_mul(11)
        / 10)
}

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    let (games, seed) = (args.games, args.seed);
    if let Some(file) = &args.out {
        writable(file)?;
    }
    let mut weights = match &args.from {
        Some(file) => read_small_file(file, 64 * 1024)?
            .parse::<Weights>()
            .map_err(|e| usage(format!("{}: {e}", quote(file))))?,
        None => Weights::race(),
    };
    let each = size_of::<Sample>() as u64;
    let max_samples = usize::try_from(args.memory.limit() / each).unwrap_or(usize::MAX);
    let chosen = unbanked(args.ruleset.chosen()?, "senet tune")?;
    senet::with_rules!(chosen, |r| {
        // Every position kept is held until the fit: stated up front.
        let expected = expected_samples(r, weights, games, seed, args.sample)?;
        args.memory.check(
            expected.saturating_mul(each),
            format_args!("about {expected} positions kept per round ({each} bytes each)"),
        )?;
        for round in 0..args.rounds {
            let data = self_play_within(
                r,
                weights,
                games,
                seed.wrapping_add(round),
                args.sample,
                max_samples,
            )
            .map_err(|e| match e {
                TuneError::TooManySamples { .. } => usage(format!(
                    "round {round}: {e}; raise --max-memory, or lower --games or raise --sample"
                )),
                e => error(format!("round {round}: {e}")),
            })?;
            crate::fail::note!("round {round}: {} positions", data.len());
            if data.is_empty() {
                return Err(error(format!(
                    "round {round} kept no position to fit; play more --games or lower --sample"
                )));
            }
            weights = fit(&data, args.ridge, |step: NewtonStep| {
                crate::fail::note!(
                    "  newton {}: log loss {:.5}, step {:.2e}",
                    step.iteration,
                    step.log_loss,
                    step.step
                );
            })
            .map_err(|e| error(format!("round {round}: the fit failed: {e}")))?;
        }
    });
    if let Some(file) = &args.out {
        let text: String = weights.0.iter().map(|w| format!("{w:.6}\n")).collect();
        write_file(file, text)?;
    }
    writeln!(
        out,
        "// {} ({games} games x {} rounds, seed {seed})",
        chosen.name(),
        args.rounds
    )?;
    for (name, w) in FEATURE_NAMES.iter().zip(weights.0.iter()) {
        writeln!(out, "    {w:.6}, // {name}")?;
    }
    Ok(())
}
