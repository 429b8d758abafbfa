//! The hot path allocates nothing: move generation, playing moves, lost
//! throws, perft, throws from the seeded source and whole random playouts
//! (the library's `playout` and `playout_with`),
//! for every ruleset (and for `AnyRuleset`).
//!
//! A counting global allocator wraps the system one. It counts only while
//! the current thread has asked it to (a thread-local flag), into a
//! thread-local counter, so the test harness's other threads (and other
//! tests running in parallel) never disturb a measurement. The counter is
//! itself checked: a deliberate `Vec::with_capacity(1)` must count as one.

use std::hint::black_box;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::rulesets::CheckedRuleset;
use senet::rulesets::{Bell, Classic, Jequier, Kendall, Kendall1979, Skyruk, Temple};
use senet::source::{SeededThrows, ThrowSource};
use senet::{AnyRuleset, Dice, MoveList, Position, Roll, Ruleset, Seed, perft};

use crate::counting::{allocations, last_count};

#[test]
fn the_counter_counts() {
    let (v, count) = allocations(|| Vec::<u8>::with_capacity(1));
    assert_eq!(
        count, 1,
        "a Vec::with_capacity(1) must count as one allocation"
    );
    drop(v);
    let (_, count) = allocations(|| {
        let mut v = Vec::<u64>::with_capacity(1);
        v.extend([1, 2, 3, 4, 5]); // grows: a realloc
        black_box(v.len())
    });
    assert_eq!(count, 2, "an allocation and a growth");
    let (_, count) = allocations(|| black_box(1 + 1));
    assert_eq!(count, 0);
    // Allocations outside a measurement are not counted.
    let v = black_box(vec![1u8; 16]);
    assert_eq!(last_count(), 0);
    drop(v);
}

/// Positions met in seeded random games from the start, made before measuring.
fn positions<R: CheckedRuleset>(ruleset: R, count: usize) -> Vec<Position<R>> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut position = Position::start(ruleset);
        while !position.is_over() && out.len() < count {
            out.push(position);
            let roll = ruleset.dice().throw(&mut rng).roll();
            let moves = position.moves(roll).to_list();
            position = if moves.is_empty() {
                position.lose_throw(roll).unwrap()
            } else {
                let pick = (u64::from(rng.next_u32()) * moves.len() as u64) >> 32;
                position.play(moves[pick as usize]).unwrap()
            };
        }
        out.push(position); // the finished game too
    }
    out.truncate(count);
    out
}

fn all_rolls() -> impl Iterator<Item = Roll> {
    (1..=Roll::MAX).filter_map(Roll::new)
}

/// Generates, plays and loses every throw of every position; returns
/// (moves, lost throws) so the work cannot be optimised away.
fn exercise<R: Ruleset>(positions: &[Position<R>]) -> (u64, u64) {
    let mut list = MoveList::new();
    let (mut moves, mut lost) = (0, 0);
    for position in positions {
        let by_roll = black_box(position.moves_by_roll());
        for roll in all_rolls() {
            let legal = position.moves(roll);
            legal.write_to(&mut list);
            assert!(legal.to_list() == list);
            assert!(by_roll.get(roll) == legal);
            assert!(legal.iter().eq(list.iter().copied()));
            for index in 0..legal.len() {
                let mv = legal.get(index).expect("a move below the length");
                assert!(legal.contains(mv));
                black_box(legal.play(mv).expect("a listed move plays"));
                black_box(legal.play_nth(index));
            }
            black_box(legal.lose_throw().is_ok());
            match position.lose_throw(roll) {
                Ok(after) => {
                    lost += 1;
                    black_box(after);
                }
                Err(e) => {
                    black_box(e);
                }
            }
            black_box(position.moves(roll).is_lost_throw());
            for &mv in list.iter() {
                let after = position.play(mv).expect("a generated move plays");
                black_box(after.outcome());
                black_box(position.find_move(roll, mv.from(), mv.to()).is_ok());
                black_box(position.moves(roll).starting_at(mv.from()));
                black_box(position.notation(mv));
                moves += 1;
            }
            // Refused moves build their errors without allocating either.
            for from in senet::House::all() {
                black_box(
                    position
                        .find_move(roll, from, senet::moves::Target::Off)
                        .is_ok(),
                );
            }
        }
    }
    (moves, lost)
}

/// Random games from the start through the library's one playout loop:
/// [`senet::playout::playout`] (throws and choices from a `ChaCha8Rng`), then
/// [`senet::playout::playout_with`] driven by a `SeededThrows` and a `ChaCha8Rng`.
/// Returns the throws made.
fn playouts<R: CheckedRuleset>(ruleset: R, games: u32) -> u64 {
    let start = Position::start(ruleset);
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut throws = 0;
    for _ in 0..games {
        let game = senet::playout::playout(&start, &mut rng, 100_000);
        assert!(game.outcome().is_some(), "a random game ends");
        throws += u64::from(game.throws);
    }
    let mut driver = Seeded {
        throws: SeededThrows::new(Seed::from_u64(11)),
        rng,
    };
    for _ in 0..games {
        let game = senet::playout::playout_with(&start, &mut driver, 100_000)
            .expect("seeded throws never run out");
        assert!(game.outcome().is_some(), "a random game ends");
        throws += u64::from(game.throws);
    }
    throws
}

/// Throws from a seed, uniformly random moves from a generator.
struct Seeded {
    throws: SeededThrows,
    rng: ChaCha8Rng,
}

/// Why a seeded playout stopped (never, when the engine is right).
#[derive(Debug)]
enum Stop {
    Throw,
    Move,
    Pick,
}

impl From<senet::IllegalMoveError> for Stop {
    fn from(_: senet::IllegalMoveError) -> Stop {
        Stop::Move
    }
}

impl<R: Ruleset> senet::playout::PlayoutDriver<R> for Seeded {
    type Error = Stop;

    fn throw(&mut self, position: &Position<R>) -> Result<senet::Throw, Stop> {
        self.throws
            .next_throw(position.ruleset().dice())
            .map_err(|_| Stop::Throw)
    }

    fn play(&mut self, moves: &senet::Moves<R>, _: senet::Throw) -> Result<Position<R>, Stop> {
        let pick = (u64::from(self.rng.next_u32()) * moves.len() as u64) >> 32;
        let mv = moves.get(pick as usize).ok_or(Stop::Pick)?;
        Ok(moves.play(mv)?)
    }
}

fn check_ruleset<R: CheckedRuleset>(ruleset: R) {
    let name = ruleset.name();
    let corpus = positions(ruleset, 2_000);

    let ((moves, lost), count) = allocations(|| exercise(&corpus));
    assert!(
        moves > 0 && lost > 0,
        "{name}: the corpus must have moves and lost throws"
    );
    assert_eq!(
        count, 0,
        "{name}: move generation, play and lose_throw allocated"
    );

    let start = Position::start(ruleset);
    let (leaves, count) = allocations(|| perft(&start, 3));
    assert!(leaves > 1);
    assert_eq!(count, 0, "{name}: perft allocated");

    let (throws, count) = allocations(|| playouts(ruleset, 50));
    assert!(throws > 0);
    assert_eq!(count, 0, "{name}: random playouts allocated");
}

#[test]
fn kendall_hot_path_allocates_nothing() {
    check_ruleset(Kendall);
}

#[test]
fn temple_hot_path_allocates_nothing() {
    check_ruleset(Temple);
}

#[test]
fn bell_hot_path_allocates_nothing() {
    check_ruleset(Bell);
}

#[test]
fn classic_hot_path_allocates_nothing() {
    check_ruleset(Classic);
}

#[test]
fn jequier_hot_path_allocates_nothing() {
    check_ruleset(Jequier);
}

#[test]
fn kendall1979_hot_path_allocates_nothing() {
    check_ruleset(Kendall1979);
}

#[test]
fn skyruk_hot_path_allocates_nothing() {
    check_ruleset(Skyruk);
}

#[test]
fn any_ruleset_hot_path_allocates_nothing() {
    for ruleset in AnyRuleset::ALL {
        check_ruleset(ruleset);
    }
}

#[test]
fn throws_allocate_nothing() {
    for dice in [Dice::FOUR_STICKS, Dice::LONG_DIE] {
        let ((), count) = allocations(|| {
            let mut source = SeededThrows::new(Seed::from_u64(3));
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            for _ in 0..10_000 {
                black_box(
                    source
                        .next_throw(dice)
                        .expect("seeded throws never run out"),
                );
                black_box(dice.throw(&mut rng));
            }
        });
        assert_eq!(count, 0, "{dice}: throwing allocated");
    }
}
