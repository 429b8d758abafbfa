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
use senet::rulesets::CheckedRuleset;

use senet::rulesets::{Bell, Classic, Kendall, Temple};
use support::{BATCH_GAMES, BATCH_SEED, playouts, reference};

/// Games per timed iteration: one batch.
const GAMES: u32 = BATCH_GAMES;
const SEED: u64 = BATCH_SEED;

fn bench_ruleset<R: CheckedRuleset>(
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
    bench_ruleset(&mut group, Kendall, support::KENDALL_BATCH);
    assert_eq!(
        reference::playouts(GAMES, SEED),
        support::KENDALL_BATCH,
        "the reference must play the crate's Kendall games"
    );
    group.bench_function("kendall_reference", |b| {
        b.iter(|| reference::playouts(GAMES, black_box(SEED)))
    });
    bench_ruleset(&mut group, Temple, support::TEMPLE_BATCH);
    bench_ruleset(&mut group, Bell, support::BELL_BATCH);
    bench_ruleset(&mut group, Classic, support::CLASSIC_BATCH);
    group.finish();
}

criterion_group!(playout_benches, benches);
criterion_main!(playout_benches);
