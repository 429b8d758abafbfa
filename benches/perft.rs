//! Perft from the start position, depth 5, per ruleset (perft as
//! `senet::perft` defines it: every roll once, unweighted). Throughput is leaves counted.
//!
//! The counts are pinned from
//! `cargo run --release --example perft -- --ruleset R --depth 5`
//! and checked before timing.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use senet::rulesets::CheckedRuleset;
use senet::rulesets::{Bell, Classic, Kendall, Temple};
use senet::{Position, perft};

const DEPTH: u32 = 5;

const KENDALL: u64 = 985_474;
const TEMPLE: u64 = 1_136_195;
const BELL: u64 = 6_488_463;
const CLASSIC: u64 = 51_614;

fn bench_ruleset<R: CheckedRuleset>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    ruleset: R,
    expected: u64,
) {
    let start = Position::start(ruleset);
    assert_eq!(
        perft(&start, DEPTH),
        expected,
        "{}: perft({DEPTH}) of the start position",
        ruleset.name()
    );
    group.throughput(Throughput::Elements(expected));
    group.bench_function(ruleset.name(), |b| {
        b.iter(|| perft(black_box(&start), black_box(DEPTH)))
    });
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft5");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    bench_ruleset(&mut group, Kendall, KENDALL);
    bench_ruleset(&mut group, Temple, TEMPLE);
    bench_ruleset(&mut group, Bell, BELL);
    bench_ruleset(&mut group, Classic, CLASSIC);
    group.finish();
}

criterion_group!(perft_benches, benches);
criterion_main!(perft_benches);
