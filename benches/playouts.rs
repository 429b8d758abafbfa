//! Random playouts from the start position: a batch of games per
//! iteration, a uniformly random legal move each throw, played as the
//! `playouts` example plays them (see `support::playouts`). Throughput is
//! games.
//!
//! Before timing, each ruleset's batch must throw exactly the pinned
//! number of times and `x` must win the pinned number of games.
//! `kendall_reference` plays the same Kendall games with the hand-written
//! generator of `support::reference`, which must agree game for game.
//! The move chosen is the k-th of the list, so the pinned totals also pin
//! the order in which the generator lists moves (by start house).

mod support;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use senet::Ruleset;
use senet::rulesets::{Bell, Classic, Kendall, Temple};
use support::{playouts, reference};

/// Games per timed iteration.
const GAMES: u32 = 100;
/// The batch's seed.
const SEED: u64 = 1;

/// (throws, games won by x) of the batch, per ruleset.
const KENDALL: (u64, u64) = (17_542, 56);
const TEMPLE: (u64, u64) = (17_668, 49);
const BELL: (u64, u64) = (8_689, 46);
const CLASSIC: (u64, u64) = (37_993, 44);

fn bench_ruleset<R: Ruleset>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    ruleset: R,
    expected: (u64, u64),
) {
    assert_eq!(
        playouts(ruleset, GAMES, SEED),
        expected,
        "{}: (throws, x wins) of {GAMES} games from seed {SEED}",
        ruleset.name()
    );
    group.throughput(Throughput::Elements(u64::from(GAMES)));
    group.bench_function(ruleset.name(), |b| {
        b.iter(|| playouts(black_box(ruleset), GAMES, black_box(SEED)))
    });
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("playouts");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    bench_ruleset(&mut group, Kendall, KENDALL);
    assert_eq!(
        reference::playouts(GAMES, SEED),
        KENDALL,
        "the reference must play the crate's Kendall games"
    );
    group.bench_function("kendall_reference", |b| {
        b.iter(|| reference::playouts(GAMES, black_box(SEED)))
    });
    bench_ruleset(&mut group, Temple, TEMPLE);
    bench_ruleset(&mut group, Bell, BELL);
    bench_ruleset(&mut group, Classic, CLASSIC);
    group.finish();
}

criterion_group!(playout_benches, benches);
criterion_main!(playout_benches);
