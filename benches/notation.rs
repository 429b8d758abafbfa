//! Parsing and printing the text forms, over texts taken from the Kendall
//! corpus (see `support::corpus`):
//! - `position_string/parse` and `/print`: the corpus's 10,000 position strings;
//! - `move_text/parse`, `/print` and `/resolve`: the notation of every
//!   legal move and lost throw of every roll in the corpus's first 2,000
//!   positions (`resolve` finds each text's move in its position).
//!
//! Throughput is texts. The number and total length of the texts are
//! pinned and checked before timing, and so is every round trip.

mod support;

use std::fmt::Write;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use senet::rulesets::Kendall;
use senet::{MoveText, Position, Ruleset};
use support::corpus;

/// Total bytes of the corpus's 10,000 position strings.
const POSITION_BYTES: usize = 360_000;
/// Positions whose moves are written out.
const MOVE_POSITIONS: usize = 2_000;
/// Move texts written for them (moves and lost throws), and their total bytes.
const MOVE_TEXTS: usize = 23_888;
const MOVE_BYTES: usize = 201_607;

fn benches(c: &mut Criterion) {
    let positions = corpus(Kendall);
    let strings: Vec<String> = positions.iter().map(ToString::to_string).collect();
    assert_eq!(
        strings.iter().map(String::len).sum::<usize>(),
        POSITION_BYTES,
        "total bytes of the position strings"
    );
    for (text, position) in strings.iter().zip(&positions) {
        assert_eq!(text.parse::<Position<Kendall>>().as_ref(), Ok(position));
    }

    let mut moves: Vec<(Position<Kendall>, MoveText)> = Vec::new();
    for position in &positions[..MOVE_POSITIONS] {
        for roll in Kendall.dice().rolls() {
            let list = position.moves(roll).to_list();
            if list.is_empty() {
                moves.push((*position, position.lost_notation(roll)));
            }
            moves.extend(list.iter().map(|&mv| (*position, position.notation(mv))));
        }
    }
    let texts: Vec<String> = moves.iter().map(|(_, text)| text.to_string()).collect();
    assert_eq!(
        (texts.len(), texts.iter().map(String::len).sum::<usize>()),
        (MOVE_TEXTS, MOVE_BYTES),
        "(number, total bytes) of the move texts"
    );
    for (text, (position, written)) in texts.iter().zip(&moves) {
        let parsed: MoveText = text.parse().expect("printed move text must parse");
        assert_eq!(&parsed, written);
        parsed
            .resolve(position)
            .expect("a move's own notation must resolve");
    }

    let mut group = c.benchmark_group("position_string");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(strings.len() as u64));
    group.bench_function("parse", |b| {
        b.iter(|| {
            black_box(&strings)
                .iter()
                .filter(|text| text.parse::<Position<Kendall>>().is_ok())
                .count()
        })
    });
    group.bench_function("print", |b| {
        let mut out = String::with_capacity(64);
        b.iter(|| {
            let mut bytes = 0;
            for position in black_box(&positions) {
                out.clear();
                write!(out, "{position}").expect("writing to a String");
                bytes += out.len();
            }
            bytes
        })
    });
    group.finish();

    let mut group = c.benchmark_group("move_text");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Elements(texts.len() as u64));
    group.bench_function("parse", |b| {
        b.iter(|| {
            black_box(&texts)
                .iter()
                .filter(|text| text.parse::<MoveText>().is_ok())
                .count()
        })
    });
    group.bench_function("print", |b| {
        let mut out = String::with_capacity(32);
        b.iter(|| {
            let mut bytes = 0;
            for (_, text) in black_box(&moves) {
                out.clear();
                write!(out, "{text}").expect("writing to a String");
                bytes += out.len();
            }
            bytes
        })
    });
    group.bench_function("resolve", |b| {
        b.iter(|| {
            black_box(&moves)
                .iter()
                .filter(|(position, text)| text.resolve(position).is_ok())
                .count()
        })
    });
    group.finish();
}

criterion_group!(notation_benches, benches);
criterion_main!(notation_benches);
