//! Random playouts: `playouts --ruleset kendall --games 1000000 --seed 1 [--threads N]`.
//!
//! Plays random games (a uniformly random legal move each throw; throws and
//! choices from `ChaCha8Rng`) and prints games and throws per second, mean
//! throws per game, the first side's win rate with a 95% interval, the
//! draw rate, the lost-throw rate, and last `games/s: N`. With
//! `--threads N` the games are split over N threads whose seeds are derived
//! from `--seed` up front, so the totals do not depend on scheduling.
//!
//! `--games` is from 1 to 1,000,000,000 (about an hour on one thread),
//! `--threads` from 1 to 256, `--seed` any `u64` in decimal digits
//! (default 1). Bad arguments (an unknown option, a stray argument, an
//! option given twice or without its value): one line on stderr, exit
//! code 2.

mod common;

use senet::with_ruleset;

use std::time::Instant;

use common::{Args, fail};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Outcome, Position, Side};

/// A game still running after this many throws is stopped and counted.
const MAX_THROWS: u32 = 100_000;

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

fn main() {
    let args = Args::parse(include_str!("playouts.rs"), &[]);
    args.only(&["ruleset", "games", "seed", "threads"]);
    let ruleset = args.ruleset_or(AnyRuleset::Kendall);
    args.no_positional();
    let games = args.required_in("games", 1..=1_000_000_000);
    let seed = args.number_in("seed", 0..=u64::MAX, 1);
    let threads = args.number_in("threads", 1..=256, 1);
    let started = Instant::now();
    let totals = with_ruleset!(ruleset, |r| run(r, games, seed, threads));
    let seconds = started.elapsed().as_secs_f64();
    report(ruleset, totals, seconds);
}

/// Splits the games over threads, each with a seed drawn from the master seed.
fn run<R: BuiltIn>(ruleset: R, games: u64, seed: u64, threads: u64) -> Totals {
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
                    .unwrap_or_else(|_| fail("a worker thread panicked")),
            );
        }
    });
    totals
}

fn play_many<R: BuiltIn>(ruleset: R, games: u64, seed: u64) -> Totals {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut totals = Totals::default();
    let start = Position::start(ruleset);
    for _ in 0..games {
        let game = senet::playout(&start, &mut rng, MAX_THROWS);
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

fn report(ruleset: AnyRuleset, t: Totals, seconds: f64) {
    let games = t.games.max(1) as f64;
    let p = t.x_wins as f64 / games;
    let half_width = 1.96 * (p * (1.0 - p) / games).sqrt();
    println!("ruleset: {ruleset}");
    println!("games: {}", t.games);
    println!("seconds: {seconds:.3}");
    println!("throws/s: {:.0}", t.throws as f64 / seconds);
    println!("mean throws per game: {:.2}", t.throws as f64 / games);
    println!(
        "first side (x) win rate: {:.4} (95% CI {:.4}..{:.4})",
        p,
        p - half_width,
        p + half_width
    );
    println!("draw rate: {:.4}", t.draws as f64 / games);
    println!(
        "lost-throw rate: {:.4}",
        t.lost as f64 / t.throws.max(1) as f64
    );
    println!("unfinished after {MAX_THROWS} throws: {}", t.unfinished);
    println!("games/s: {:.0}", t.games as f64 / seconds);
}
