//! Move generation and playing moves over a fixed corpus of 10,000
//! positions per ruleset (see `support::corpus`).
//!
//! Before timing anything each bench checks its totals against pinned
//! numbers, so a bench that measures the wrong thing fails. Every list a
//! timed call fills goes through `black_box`, so the compiler cannot skip
//! writing moves nobody reads (without it, it drops some of those writes
//! and the figures flatter the generators).
//! The benches:
//! - `legal_moves/R`: one call of `legal_moves_into` per (position, roll),
//!   every roll of the ruleset's implement; throughput is calls.
//! - `play/R`: `Position::play` of every legal move of every (position,
//!   roll); throughput is moves played.
//! - `moves_by_roll/R`: one call of `moves_by_roll` per
//!   position, every roll at once, which must first give the same lists;
//!   throughput is (position, roll) pairs, as for `legal_moves/R`.
//! - `legal_moves/kendall_reference`: the same calls to the hand-written
//!   Kendall generator of `support::reference`, which must first list the
//!   same moves in the same order as the crate for every (position, roll).

mod support;

use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use senet::rulesets::CheckedRuleset;
use senet::rulesets::{Bell, Classic, Kendall, Temple};
use senet::{Move, MoveList, Position, Roll, Ruleset};
use support::reference;
use support::{BELL, CLASSIC, CORPUS_SIZE, Expected, KENDALL, TEMPLE, corpus};

/// One ruleset's corpus, checked, with every legal move listed.
struct Prepared<R: Ruleset> {
    ruleset: R,
    positions: Vec<Position<R>>,
    rolls: Vec<Roll>,
    moves: Vec<(Position<R>, Move)>,
}

fn prepare<R: CheckedRuleset>(ruleset: R, expected: &Expected) -> Prepared<R> {
    let positions = corpus(ruleset);
    assert_eq!(positions.len(), CORPUS_SIZE);
    let rolls: Vec<Roll> = ruleset.dice().rolls().collect();
    let mut moves = Vec::new();
    let (mut again, mut lost) = (0, 0);
    for position in &positions {
        for &roll in &rolls {
            let list = position.moves(roll).to_list();
            if list.is_empty() {
                position
                    .lose_throw(roll)
                    .expect("a roll with no move is lost");
                lost += 1;
            }
            for &mv in list.iter() {
                let after = position.play(mv).expect("a generated move must play");
                if !after.is_over() && after.side_to_throw() == position.side_to_throw() {
                    again += 1;
                }
                moves.push((*position, mv));
            }
        }
    }
    let found = Expected {
        moves: moves.len() as u64,
        again,
        lost,
    };
    assert_eq!(
        (found.moves, found.again, found.lost),
        (expected.moves, expected.again, expected.lost),
        "{}: (legal moves, moves that throw again, lost throws) over the corpus",
        ruleset.name()
    );
    Prepared {
        ruleset,
        positions,
        rolls,
        moves,
    }
}

fn configure<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    group
}

fn bench_legal_moves<R: Ruleset>(group: &mut BenchmarkGroup<'_, WallTime>, data: &Prepared<R>) {
    let calls = (data.positions.len() * data.rolls.len()) as u64;
    group.throughput(Throughput::Elements(calls));
    group.bench_function(data.ruleset.name(), |b| {
        let mut list = MoveList::new();
        b.iter(|| support::list_all(&data.positions, &data.rolls, &mut list))
    });
}

/// Times `moves_by_roll`, every roll of a position in one call, after
/// checking it gives the moves of `moves` one roll at a time; throughput
/// is (position, roll) pairs, as for one roll per call. (It finds the
/// moves as sets and counts them: no list is written.)
fn bench_by_roll<R: Ruleset>(group: &mut BenchmarkGroup<'_, WallTime>, data: &Prepared<R>) {
    for position in &data.positions {
        let by_roll = position.moves_by_roll();
        for &roll in &data.rolls {
            assert_eq!(
                by_roll.get(roll),
                position.moves(roll),
                "{position} with {roll}"
            );
        }
    }
    let pairs = (data.positions.len() * data.rolls.len()) as u64;
    group.throughput(Throughput::Elements(pairs));
    group.bench_function(data.ruleset.name(), |b| {
        b.iter(|| {
            let mut total = 0;
            for position in black_box(&data.positions) {
                let by_roll = black_box(position.moves_by_roll());
                for (_, moves) in by_roll.iter() {
                    total += moves.len();
                }
            }
            total
        })
    });
}

/// Times the hand-written Kendall generator on the Kendall corpus, after
/// checking that it lists exactly the crate's moves.
fn bench_reference(group: &mut BenchmarkGroup<'_, WallTime>, data: &Prepared<Kendall>) {
    let positions = reference::agreeing(&data.positions);
    let mut moves = [0; 32];
    let calls = (positions.len() * data.rolls.len()) as u64;
    // The rolls from a list, as the crate's bench has them, so that
    // neither generator knows its roll at compile time.
    let rolls: Vec<u32> = data
        .rolls
        .iter()
        .map(|roll| u32::from(roll.value()))
        .collect();
    group.throughput(Throughput::Elements(calls));
    group.bench_function("kendall_reference", |b| {
        b.iter(|| reference::list_all(&positions, &rolls, &mut moves))
    });
}

fn bench_play<R: Ruleset>(group: &mut BenchmarkGroup<'_, WallTime>, data: &Prepared<R>) {
    group.throughput(Throughput::Elements(data.moves.len() as u64));
    group.bench_function(data.ruleset.name(), |b| {
        b.iter(|| {
            let mut again = 0u32;
            for (position, mv) in black_box(&data.moves) {
                let after = position.play(*mv).expect("a generated move must play");
                again += u32::from(after.side_to_throw() == position.side_to_throw());
            }
            again
        })
    });
}

fn benches(c: &mut Criterion) {
    let kendall = prepare(Kendall, &KENDALL);
    let temple = prepare(Temple, &TEMPLE);
    let bell = prepare(Bell, &BELL);
    let classic = prepare(Classic, &CLASSIC);

    let mut group = configure(c, "legal_moves");
    bench_legal_moves(&mut group, &kendall);
    bench_reference(&mut group, &kendall);
    bench_legal_moves(&mut group, &temple);
    bench_legal_moves(&mut group, &bell);
    bench_legal_moves(&mut group, &classic);
    group.finish();

    let mut group = configure(c, "moves_by_roll");
    bench_by_roll(&mut group, &kendall);
    bench_by_roll(&mut group, &temple);
    bench_by_roll(&mut group, &bell);
    bench_by_roll(&mut group, &classic);
    group.finish();

    let mut group = configure(c, "play");
    bench_play(&mut group, &kendall);
    bench_play(&mut group, &temple);
    bench_play(&mut group, &bell);
    bench_play(&mut group, &classic);
    group.finish();
}

criterion_group!(movegen, benches);
criterion_main!(movegen);
