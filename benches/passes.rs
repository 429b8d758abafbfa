//! One-roll move generation timed in many short passes, the generators
//! taking turns, for the fastest pass and the median.
//!
//! The development machine (a virtual one) runs the same code at two
//! speeds and switches between them within seconds: a Kendall call takes
//! about 15 ns in one state and 20 ns in the other, and little in
//! between. A criterion estimate, over seconds, mixes the two in
//! proportions that change from run to run. Here each generator is timed
//! in passes of [`ROUNDS`] rounds over its corpus (a million calls for
//! Kendall, some 20 ms), the generators taking turns pass by pass so that
//! all of them meet the same states. The fastest pass is the speed in the
//! fast state; the median says which state prevailed.
//!
//! Before timing anything it checks, as `movegen` does, that each
//! generator lists the pinned number of moves over its corpus, and that
//! the hand-written reference lists exactly the crate's moves.
//!
//! `cargo bench --bench passes` (`PASSES=n` for another number of passes
//! than 30).

mod support;

use std::hint::black_box;
use std::time::Instant;

use senet::rulesets::{Bell, Classic, Kendall, Temple};
use senet::{MoveList, Roll, Ruleset};
use support::reference;
use support::{BELL, CLASSIC, Expected, KENDALL, TEMPLE, corpus};

/// Rounds over the corpus in one timed pass.
const ROUNDS: usize = 20;

/// A generator to time: one round lists the moves of every (position,
/// roll) of its corpus once, and returns how many it listed.
struct Generator {
    name: &'static str,
    /// Calls per round.
    calls: usize,
    round: Box<dyn FnMut() -> usize>,
}

/// The crate's `legal_moves_into` over the corpus of `ruleset`.
fn crate_generator<R: Ruleset + 'static>(ruleset: R, expected: &Expected) -> Generator {
    let positions = corpus(ruleset);
    let rolls: Vec<Roll> = ruleset.dice().rolls().collect();
    let calls = positions.len() * rolls.len();
    let mut list = MoveList::new();
    let mut round = move || {
        let mut total = 0;
        for position in black_box(&positions) {
            for &roll in &rolls {
                position.legal_moves_into(roll, &mut list);
                total += black_box(&list).len();
            }
        }
        total
    };
    assert_eq!(
        round() as u64,
        expected.moves,
        "{}: legal moves over the corpus",
        ruleset.name()
    );
    Generator {
        name: ruleset.name(),
        calls,
        round: Box::new(round),
    }
}

/// The hand-written Kendall generator over the Kendall corpus.
fn reference_generator() -> Generator {
    let positions = reference::agreeing(&corpus(Kendall));
    // The rolls from a list, so that no generator knows its roll at
    // compile time.
    let rolls: Vec<u32> = Kendall
        .dice()
        .rolls()
        .map(|roll| u32::from(roll.value()))
        .collect();
    let calls = positions.len() * rolls.len();
    let mut moves = [0; 32];
    let mut round = move || reference::list_all(&positions, &rolls, &mut moves);
    assert_eq!(
        round() as u64,
        KENDALL.moves,
        "kendall reference: legal moves over the corpus"
    );
    Generator {
        name: "kendall reference",
        calls,
        round: Box::new(round),
    }
}

fn main() {
    let passes: usize = match std::env::var("PASSES") {
        Ok(text) => match text.parse() {
            Ok(n) if n > 0 => n,
            _ => {
                eprintln!("PASSES must be a positive whole number, not {text:?}");
                std::process::exit(2);
            }
        },
        Err(_) => 30,
    };
    let mut generators = [
        crate_generator(Kendall, &KENDALL),
        reference_generator(),
        crate_generator(Temple, &TEMPLE),
        crate_generator(Bell, &BELL),
        crate_generator(Classic, &CLASSIC),
    ];
    let mut times: Vec<Vec<f64>> = vec![Vec::with_capacity(passes); generators.len()];
    for _ in 0..passes {
        for (generator, times) in generators.iter_mut().zip(&mut times) {
            let start = Instant::now();
            let mut total = 0;
            for _ in 0..ROUNDS {
                total += (generator.round)();
            }
            let nanos = start.elapsed().as_secs_f64() * 1e9;
            black_box(total);
            times.push(nanos / (ROUNDS * generator.calls) as f64);
        }
    }
    println!(
        "one-roll generation, ns per (position, roll): {passes} passes of {ROUNDS} rounds over each corpus"
    );
    println!(
        "{:<18} {:>8} {:>8} {:>8}",
        "generator", "fastest", "median", "slowest"
    );
    for (generator, times) in generators.iter().zip(&mut times) {
        times.sort_by(f64::total_cmp);
        println!(
            "{:<18} {:>8.2} {:>8.2} {:>8.2}",
            generator.name,
            times[0],
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}
