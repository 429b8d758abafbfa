//! A mirrored duel: the top bot level against the baseline, 20 games of
//! Kendall (10 pairs, each pair with the same throws and the seats
//! swapped). `senet duel` plays any agents, on threads.
//! `cargo run --release -p senet-bot --example duel`

use senet::Seed;
use senet::rulesets::Kendall;
use senet_bot::{Baseline, Bot, Duel, DuelStats, Level};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let duel = Duel::new(Kendall);
    let mut top = Bot::new(Kendall, Level::new(Level::MAX)?);
    let mut baseline = Baseline::new(Kendall);
    let mut stats = DuelStats::default();
    for pair in 0..10 {
        let result = duel.play_pair(&mut top, &mut baseline, Seed::for_pair(1, pair))?;
        stats.record(&result);
    }
    let (low, high) = stats.interval();
    println!(
        "level {} against the baseline: {} wins, {} losses, {} draws; win rate {:.2} (95% interval {low:.2}..{high:.2})",
        Level::MAX,
        stats.a_wins,
        stats.b_wins,
        stats.draws,
        stats.win_rate()
    );
    Ok(())
}
