//! Random playouts of the built-in Kendall (as its own type and held in
//! a `Rules`), of its copy written outside the crate, played in the crate
//! that writes it, checked into a `Rules` (`Rules::new`) and as it is,
//! and of its rules file
//! (`rules/kendall.toml`, read into a `Rules`),
//! interleaved batch by batch so that all meet the same machine: games
//! per second of each and their ratio to the built-in.
//!
//! `cargo run --profile downstream -p senet-downstream --example speed [ROUNDS]`
//! (the `downstream` profile is Cargo's default release profile: no LTO,
//! as a user's crate builds).

use std::time::Instant;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use senet::playout::playout;
use senet::rulesets::Kendall;
use senet::{Position, Rules, Ruleset};
use senet_downstream::KendallCopy;

/// Games per timed batch.
const BATCH: u32 = 2_000;

/// Plays one batch from `start`; returns (seconds, throws).
fn batch<R: Ruleset>(start: &Position<R>, seed: u64) -> (f64, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let clock = Instant::now();
    let mut throws = 0u64;
    for _ in 0..BATCH {
        throws += u64::from(playout(start, &mut rng, 100_000).throws);
    }
    (clock.elapsed().as_secs_f64(), throws)
}

/// Says why the copy does not start, and stops.
fn stop(error: &senet::PositionError) -> ! {
    eprintln!("the copy does not start: {error}");
    std::process::exit(1);
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn main() {
    let rounds: u64 = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(15);
    let built_in = Position::start(Kendall);
    let held = Position::start(Rules::from(Kendall));
    let compiled = Rules::new(KendallCopy)
        .map(Position::start)
        .unwrap_or_else(|error| stop(&error));
    // The copy as written: its position read from the start's string.
    let plain =
        Position::parse(KendallCopy, &built_in.to_string()).unwrap_or_else(|error| stop(&error));
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/kendall.toml");
    let described = senet_rules_file::read(path).unwrap_or_else(|error| {
        eprintln!("{path}: {error}");
        std::process::exit(1);
    });
    let file = Position::start(described);
    let (mut built_in_rates, mut compiled_rates, mut plain_rates) = (vec![], vec![], vec![]);
    let (mut held_rates, mut held_ratios) = (vec![], vec![]);
    let (mut compiled_ratios, mut plain_ratios) = (vec![], vec![]);
    let (mut file_rates, mut file_ratios) = (vec![], vec![]);
    let (mut here_rates, mut here_ratios) = (vec![], vec![]);
    for round in 0..rounds {
        let (a, a_throws) = batch(&built_in, round);
        let (b, b_throws) = batch(&compiled, round);
        assert_eq!(
            a_throws, b_throws,
            "the copy in a Rules must play the built-in's games"
        );
        built_in_rates.push(f64::from(BATCH) / a);
        compiled_rates.push(f64::from(BATCH) / b);
        let (e, e_throws) = batch(&held, round);
        assert_eq!(a_throws, e_throws, "a held built-in must play its games");
        held_rates.push(f64::from(BATCH) / e);
        held_ratios.push(a / e);
        compiled_ratios.push(a / b);
        let (d, d_throws) = batch(&file, round);
        assert_eq!(
            a_throws, d_throws,
            "the rules file must play the built-in's games"
        );
        file_rates.push(f64::from(BATCH) / d);
        file_ratios.push(a / d);
        let clock = Instant::now();
        let here_throws = senet_downstream::played_here(BATCH, round);
        let h = clock.elapsed().as_secs_f64();
        assert_eq!(
            a_throws, here_throws,
            "the copy played in its own crate must play the built-in's games"
        );
        here_rates.push(f64::from(BATCH) / h);
        here_ratios.push(a / h);
        // The copy as written derives its tables on every throw, some
        // forty times slower: it plays every third round only.
        if round % 3 == 0 {
            let (c, c_throws) = batch(&plain, round);
            assert_eq!(
                a_throws, c_throws,
                "the copy must play the built-in's games"
            );
            plain_rates.push(f64::from(BATCH) / c);
            plain_ratios.push(a / c);
        }
    }
    println!("median of {rounds} interleaved rounds of {BATCH} games from seed = round");
    println!(
        "built-in Kendall           {:>9.0} games/s",
        median(built_in_rates)
    );
    println!(
        "Kendall in a Rules         {:>9.0} games/s   {:.3} of the built-in",
        median(held_rates),
        median(held_ratios)
    );
    println!(
        "copy, in its own crate     {:>9.0} games/s   {:.3} of the built-in",
        median(here_rates),
        median(here_ratios)
    );
    println!(
        "copy, Rules::new           {:>9.0} games/s   {:.3} of the built-in",
        median(compiled_rates),
        median(compiled_ratios)
    );
    println!(
        "rules/kendall.toml         {:>9.0} games/s   {:.3} of the built-in",
        median(file_rates),
        median(file_ratios)
    );
    println!(
        "copy, as written           {:>9.0} games/s   {:.3} of the built-in (every third round)",
        median(plain_rates),
        median(plain_ratios)
    );
}
