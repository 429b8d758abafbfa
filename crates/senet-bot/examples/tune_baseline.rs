//! Tuning the baseline's five weights by coordinate search, in Kendall:
//! each round tries every weight half as large again and half as small
//! (a quarter in the second round, an eighth in the third), one at a
//! time, each candidate in a mirrored duel against today's baseline
//! (the same pair seeds for every candidate, so the throws are shared),
//! and keeps a change whenever the win rate beats the best so far. The
//! weights kept are then confirmed in a fresh duel of their own seed
//! against today's baseline, since the best of many noisy trials reads
//! high. Prints every trial.
//!
//! `cargo run --release -p senet-bot --example tune_baseline -- GAMES ROUNDS SEED CONFIRM`
//! (defaults 4000, 2, 1, 20000); `... -- check W0,W1,W2,W3,W4,W5 GAMES SEED [RULESET]`
//! only duels those weights against today's baseline (in Kendall, or
//! the ruleset named).

use senet::rulesets::{CheckedRuleset, Kendall};
use senet::{AnyRuleset, Seed, with_ruleset};
use senet_bot::{Baseline, Duel, DuelError, DuelStats, FiveTerms};

/// A's win rate (a draw counting half) and its 95% interval over
/// `games` mirrored games of `weights` against today's baseline.
fn duel(weights: [f64; 6], games: u64, seed: u64) -> Result<(f64, f64, f64), DuelError> {
    duel_in(Kendall, weights, games, seed)
}

/// [`duel`] in any built-in ruleset.
fn duel_in<R: CheckedRuleset>(
    ruleset: R,
    weights: [f64; 6],
    games: u64,
    seed: u64,
) -> Result<(f64, f64, f64), DuelError> {
    let duel = Duel::new(ruleset);
    let mut a = Baseline::with_evaluation(FiveTerms::with_weights(ruleset, weights));
    let mut b = Baseline::new(ruleset);
    let mut stats = DuelStats::default();
    for pair in 0..games / 2 {
        stats.record(&duel.play_pair(&mut a, &mut b, Seed::for_pair(seed, pair))?);
    }
    let (low, high) = stats.interval();
    Ok((stats.win_rate(), low, high))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let words: Vec<String> = std::env::args().skip(1).collect();
    if let [check, weights, games, seed, rest @ ..] = &words[..]
        && check == "check"
        && rest.len() <= 1
    {
        let ruleset: AnyRuleset = rest.first().map_or("kendall", String::as_str).parse()?;
        let parsed: Vec<f64> = weights
            .split(',')
            .map(str::parse)
            .collect::<Result<_, _>>()?;
        let weights: [f64; 6] = parsed.try_into().map_err(|_| "six weights")?;
        let (games, seed) = (games.parse()?, seed.parse()?);
        let (rate, low, high) = with_ruleset!(ruleset, |r| duel_in(r, weights, games, seed))?;
        println!(
            "{ruleset}: {weights:?}: {games} games, seed {seed}: {rate:.4} ({low:.4}..{high:.4}) against today's baseline"
        );
        return Ok(());
    }
    let mut args = words.iter().map(|a| a.parse::<u64>());
    let mut next = |default: u64| args.next().unwrap_or(Ok(default));
    let (games, rounds, seed, confirm) = (next(4000)?, next(2)?, next(1)?, next(20000)?);
    let names = ["throw", "progress", "off", "safe", "blockade", "exposed"];
    let today = FiveTerms::new(Kendall).weights();
    let (mut best, mut best_rate) = (today, 0.5);
    println!("today {today:?}; {games} games a trial, seed {seed}");
    for round in 0..rounds {
        let step = 0.5 / f64::from(1u32 << round.min(8));
        for i in 0..best.len() {
            for factor in [1.0 + step, 1.0 - step] {
                let mut candidate = best;
                candidate[i] = if best[i] == 0.0 {
                    0.05 * (factor - 1.0) / step
                } else {
                    best[i] * factor
                };
                let (rate, low, high) = duel(candidate, games, seed)?;
                let kept = rate > best_rate;
                println!(
                    "round {round} {:>8} {:+.4} -> {:+.4}: {rate:.4} ({low:.4}..{high:.4}){}",
                    names[i],
                    best[i],
                    candidate[i],
                    if kept { " kept" } else { "" }
                );
                if kept {
                    (best, best_rate) = (candidate, rate);
                }
            }
        }
    }
    println!("kept {best:?} (screened {best_rate:.4})");
    let (rate, low, high) = duel(best, confirm, seed + 1000)?;
    println!(
        "confirmed: {confirm} games, seed {}: {rate:.4} ({low:.4}..{high:.4}) against today's baseline",
        seed + 1000
    );
    Ok(())
}
