//! `senet playouts`: random games as fast as possible.

use std::io::Write;
use std::time::Instant;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::rulesets::CheckedRuleset;
use senet::{Outcome, Position, Ruleset, Side};

use super::common::{RulesetArgs, number, seed_number};
use crate::fail::{Fail, error};

/// A game still running after this many throws is stopped and counted.
const MAX_THROWS: u32 = 100_000;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// How many games, 1 to 1000000000 (about an hour on one thread)
    #[arg(long, value_name = "N", value_parser = number(1, 1_000_000_000), allow_negative_numbers = true)]
    games: u64,
    /// The seed: any u64 in decimal digits
    #[arg(long, value_name = "S", value_parser = seed_number, default_value = "1", allow_negative_numbers = true)]
    seed: u64,
    /// Threads, 1 to 256
    #[arg(long, value_name = "T", value_parser = number(1, 256), default_value = "1", allow_negative_numbers = true)]
    threads: u64,
}

#[derive(Default, Clone, Copy)]
struct Totals {
    games: u64,
    throws: u64,
    lost: u64,
    x_wins: u64,
    draws: u64,
    unfinished: u64,
}

impl Totals {
    fn add(&mut self, other: Totals) {
        self.games += other.games;
        self.throws += other.throws;
        self.lost += other.lost;
        self.x_wins += other.x_wins;
        self.draws += other.draws;
        self.unfinished += other.unfinished;
    }
}

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    let started = Instant::now();
    let chosen = args.ruleset.chosen()?;
    let totals = senet::with_rules!(chosen, |r| split(r, args.games, args.seed, args.threads))?;
    report(chosen.name(), totals, started.elapsed().as_secs_f64(), out)
}

/// Splits the games over threads, each with a seed drawn from the master seed.
fn split<R: CheckedRuleset>(
    ruleset: R,
    games: u64,
    seed: u64,
    threads: u64,
) -> Result<Totals, Fail> {
    let mut master = ChaCha8Rng::seed_from_u64(seed);
    let shares: Vec<(u64, u64)> = (0..threads)
        .map(|i| {
            (
                games / threads + u64::from(i < games % threads),
                master.next_u64(),
            )
        })
        .collect();
    let mut totals = Totals::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = shares
            .iter()
            .map(|&(count, seed)| scope.spawn(move || play_many(ruleset, count, seed)))
            .collect();
        for handle in handles {
            totals.add(
                handle
                    .join()
                    .map_err(|_| error("a worker thread panicked"))?,
            );
        }
        Ok(totals)
    })
}

fn play_many<R: CheckedRuleset>(ruleset: R, games: u64, seed: u64) -> Totals {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut totals = Totals::default();
    let start = Position::start(ruleset);
    for _ in 0..games {
        let game = senet::playout::playout(&start, &mut rng, MAX_THROWS);
        totals.games += 1;
        totals.throws += u64::from(game.throws);
        totals.lost += u64::from(game.lost_throws);
        match game.outcome() {
            Some(Outcome::Win(Side::X)) => totals.x_wins += 1,
            Some(Outcome::Draw) => totals.draws += 1,
            Some(Outcome::Win(Side::O)) => {}
            None => totals.unfinished += 1,
        }
    }
    totals
}

fn report(ruleset: &str, t: Totals, seconds: f64, out: &mut dyn Write) -> Result<(), Fail> {
    let games = t.games.max(1) as f64;
    let p = t.x_wins as f64 / games;
    let half_width = 1.96 * (p * (1.0 - p) / games).sqrt();
    writeln!(out, "ruleset: {ruleset}")?;
    writeln!(out, "games: {}", t.games)?;
    writeln!(out, "seconds: {seconds:.3}")?;
    writeln!(out, "throws/s: {:.0}", t.throws as f64 / seconds)?;
    writeln!(out, "mean throws per game: {:.2}", t.throws as f64 / games)?;
    writeln!(
        out,
        "first side (x) win rate: {:.4} (95% CI {:.4}..{:.4})",
        p,
        p - half_width,
        p + half_width
    )?;
    writeln!(out, "draw rate: {:.4}", t.draws as f64 / games)?;
    writeln!(
        out,
        "lost-throw rate: {:.4}",
        t.lost as f64 / t.throws.max(1) as f64
    )?;
    writeln!(
        out,
        "unfinished after {MAX_THROWS} throws: {}",
        t.unfinished
    )?;
    writeln!(out, "games/s: {:.0}", t.games as f64 / seconds)?;
    Ok(())
}
