//! One-roll move generation and random playouts, timed in many short
//! passes, the contenders taking turns, for the fastest pass and the
//! median.
//!
//! The development machine (a virtual one) runs the same code at two
//! speeds and switches between them within seconds: a Kendall call takes
//! about 14 ns in one state and 19 to 20 ns in the other, and little in
//! between. A criterion estimate, over seconds, mixes the two in
//! proportions that change from run to run. Here each contender is timed
//! in short passes (about 20 ms of generation: [`ROUNDS`] rounds over its
//! corpus, a million calls for Kendall; or [`PLAYOUT_BATCHES`] batches of
//! random games), the contenders taking turns pass by pass so that all of
//! them meet the same states. The fastest pass is the speed in the fast
//! state; the median says which state prevailed.
//!
//! Before timing anything it checks, as `movegen` and `playouts` do, that
//! each generator lists the pinned number of moves over its corpus, that
//! each batch of games gives its pinned throws and wins, and that the
//! hand-written reference lists exactly the crate's moves and plays its
//! games.
//!
//! `cargo bench --bench passes` (`PASSES=n` for another number of passes
//! than 30).

mod support;

use std::hint::black_box;
use std::time::Instant;

use senet::rulesets::CheckedRuleset;
use senet::rulesets::{Bell, Classic, Kendall, Temple};
use senet::{MoveList, Roll, Ruleset};
use support::reference;
use support::{
    BATCH_GAMES, BATCH_SEED, BELL, BELL_BATCH, CLASSIC, CLASSIC_BATCH, Expected, KENDALL,
    KENDALL_BATCH, TEMPLE, TEMPLE_BATCH, corpus, playouts,
};

/// Rounds over the corpus in one timed pass of generation.
const ROUNDS: usize = 20;
/// Batches of games in one timed pass of playouts.
const PLAYOUT_BATCHES: usize = 10;

/// A contender to time: one round does a fixed amount of work (`units`:
/// generation calls, or games) and returns a total that depends on all
/// of it.
struct Contender {
    name: &'static str,
    units: usize,
    round: Box<dyn FnMut() -> u64>,
}

/// The crate's `legal_moves_into` over the corpus of `ruleset`.
fn crate_generator<R: CheckedRuleset + 'static>(ruleset: R, expected: &Expected) -> Contender {
    let positions = corpus(ruleset);
    let rolls: Vec<Roll> = ruleset.dice().rolls().collect();
    let calls = positions.len() * rolls.len();
    let mut list = MoveList::new();
    let mut round = move || support::list_all(&positions, &rolls, &mut list) as u64;
    assert_eq!(
        round(),
        expected.moves,
        "{}: legal moves over the corpus",
        ruleset.name()
    );
    Contender {
        name: ruleset.name(),
        units: calls,
        round: Box::new(round),
    }
}

/// The hand-written Kendall generator over the Kendall corpus.
fn reference_generator() -> Contender {
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
    let mut round = move || reference::list_all(&positions, &rolls, &mut moves) as u64;
    assert_eq!(
        round(),
        KENDALL.moves,
        "kendall reference: legal moves over the corpus"
    );
    Contender {
        name: "kendall reference",
        units: calls,
        round: Box::new(round),
    }
}

/// The crate's random playouts of `ruleset`: batches of games, each
/// checked against its pinned (throws, x wins) first.
fn crate_playouts<R: CheckedRuleset + 'static>(ruleset: R, batch: (u64, u64)) -> Contender {
    assert_eq!(
        playouts(ruleset, BATCH_GAMES, BATCH_SEED),
        batch,
        "{}: (throws, x wins) of the batch",
        ruleset.name()
    );
    Contender {
        name: ruleset.name(),
        units: PLAYOUT_BATCHES * BATCH_GAMES as usize,
        round: Box::new(move || {
            (0..PLAYOUT_BATCHES)
                .map(|_| playouts(black_box(ruleset), BATCH_GAMES, black_box(BATCH_SEED)).0)
                .sum()
        }),
    }
}

/// The hand-written reference's Kendall playouts, which must be the
/// crate's games.
fn reference_playouts() -> Contender {
    assert_eq!(
        reference::playouts(BATCH_GAMES, BATCH_SEED),
        KENDALL_BATCH,
        "the reference must play the crate's Kendall games"
    );
    Contender {
        name: "kendall reference",
        units: PLAYOUT_BATCHES * BATCH_GAMES as usize,
        round: Box::new(|| {
            (0..PLAYOUT_BATCHES)
                .map(|_| reference::playouts(BATCH_GAMES, black_box(BATCH_SEED)).0)
                .sum()
        }),
    }
}

/// Times every contender `passes` times, taking turns, each pass
/// `rounds` rounds; returns the seconds per unit of every pass, sorted,
/// per contender.
fn time_passes(contenders: &mut [Contender], passes: usize, rounds: usize) -> Vec<Vec<f64>> {
    let mut times: Vec<Vec<f64>> = vec![Vec::with_capacity(passes); contenders.len()];
    for _ in 0..passes {
        for (contender, times) in contenders.iter_mut().zip(&mut times) {
            let start = Instant::now();
            let mut total = 0;
            for _ in 0..rounds {
                total += (contender.round)();
            }
            let seconds = start.elapsed().as_secs_f64();
            black_box(total);
            times.push(seconds / (rounds * contender.units) as f64);
        }
    }
    for times in &mut times {
        times.sort_by(f64::total_cmp);
    }
    times
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
    let mut generation = [
        crate_generator(Kendall, &KENDALL),
        reference_generator(),
        crate_generator(Temple, &TEMPLE),
        crate_generator(Bell, &BELL),
        crate_generator(Classic, &CLASSIC),
    ];
    let mut games = [
        crate_playouts(Kendall, KENDALL_BATCH),
        reference_playouts(),
        crate_playouts(Temple, TEMPLE_BATCH),
        crate_playouts(Bell, BELL_BATCH),
        crate_playouts(Classic, CLASSIC_BATCH),
    ];
    let generation_times = time_passes(&mut generation, passes, ROUNDS);
    let playout_times = time_passes(&mut games, passes, 1);
    println!(
        "one-roll generation, ns per (position, roll): {passes} passes of {ROUNDS} rounds over each corpus"
    );
    report(&generation, &generation_times, 2, |seconds| seconds * 1e9);
    println!(
        "random playouts, games per second: {passes} passes of {} games",
        PLAYOUT_BATCHES * BATCH_GAMES as usize
    );
    report(&games, &playout_times, 0, |seconds| 1.0 / seconds);
}

/// Prints the fastest pass, the median and the slowest of each
/// contender (`times` sorted, fastest first), in the unit `show` makes of
/// seconds per unit, with `decimals` decimals.
fn report(
    contenders: &[Contender],
    times: &[Vec<f64>],
    decimals: usize,
    show: impl Fn(f64) -> f64,
) {
    println!(
        "{:<18} {:>10} {:>10} {:>10}",
        "contender", "fastest", "median", "slowest"
    );
    for (contender, times) in contenders.iter().zip(times) {
        println!(
            "{:<18} {:>10.*} {:>10.*} {:>10.*}",
            contender.name,
            decimals,
            show(times[0]),
            decimals,
            show(times[times.len() / 2]),
            decimals,
            show(times[times.len() - 1])
        );
    }
}
