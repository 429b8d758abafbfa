//! What the benches share: a fixed corpus of positions from seeded random
//! games, built with a random move choice that does not depend on the
//! order in which the generator lists moves (so the corpus survives a
//! generator that lists the same moves in another order); random playouts
//! as the `playouts` example plays them; and the hand-written reference.
#![allow(dead_code)]

pub mod reference;

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::hint::black_box;

use senet::moves::MAX_MOVES;
use senet::rulesets::CheckedRuleset;
use senet::{Move, MoveList, Position, Roll, Ruleset};

/// The seed of the corpus games.
pub const CORPUS_SEED: u64 = 2026;
/// How many positions the corpus holds, per ruleset.
pub const CORPUS_SIZE: usize = 10_000;

/// What the corpus of one ruleset must give, over every (position, roll)
/// of the ruleset's implement.
pub struct Expected {
    /// Legal moves over every (position, roll).
    pub moves: u64,
    /// Of those, moves after which the same side throws again.
    pub again: u64,
    /// (Position, roll) pairs with no legal move: lost throws.
    pub lost: u64,
}

pub const KENDALL: Expected = Expected {
    moves: 118_328,
    again: 70_056,
    lost: 974,
};
pub const TEMPLE: Expected = Expected {
    moves: 124_067,
    again: 98_567,
    lost: 122,
};
pub const BELL: Expected = Expected {
    moves: 108_379,
    again: 0,
    lost: 7_068,
};
pub const CLASSIC: Expected = Expected {
    moves: 57_890,
    again: 30_987,
    lost: 19_248,
};

/// A batch of random playouts, as the benches time them: this many games
/// from this seed (see [`playouts`]).
pub const BATCH_GAMES: u32 = 100;
/// The seed of the batch.
pub const BATCH_SEED: u64 = 1;
/// (throws, games won by x) of the batch, per ruleset.
pub const KENDALL_BATCH: (u64, u64) = (17_675, 57);
pub const TEMPLE_BATCH: (u64, u64) = (17_785, 56);
pub const BELL_BATCH: (u64, u64) = (8_699, 48);
pub const CLASSIC_BATCH: (u64, u64) = (39_485, 60);

/// Lists the moves of every roll of `rolls` for every one of `positions`
/// into `list` with `legal_moves_into`, each list through `black_box` so
/// that none of its writes can be skipped, and returns how many moves
/// there were: what the benches time (as `reference::list_all` for the
/// hand-written generator).
#[inline]
pub fn list_all<R: Ruleset>(
    positions: &[Position<R>],
    rolls: &[Roll],
    list: &mut MoveList,
) -> usize {
    let mut total = 0;
    for position in black_box(positions) {
        for &roll in rolls {
            position.moves(roll).write_to(list);
            total += black_box(&*list).len();
        }
    }
    total
}

/// A uniformly random legal move: the `k`-th by start house, `k` drawn
/// with one `u32` from `rng`. `list` must not be empty.
#[inline]
pub fn pick(list: &MoveList, rng: &mut ChaCha8Rng) -> Move {
    let n = list.len();
    let mut sorted = [list[0]; MAX_MOVES];
    sorted[..n].copy_from_slice(list);
    sorted[..n].sort_unstable_by_key(|mv| mv.from());
    let k = (u64::from(rng.next_u32()) * n as u64) >> 32;
    sorted[k as usize]
}

/// The first [`CORPUS_SIZE`] positions met in random games from the start
/// (a position for every throw, the start positions included), games after
/// games, all from one generator seeded with [`CORPUS_SEED`]. No position
/// of the corpus is a finished game.
/// The ruleset's start; a bench's rulesets all have a valid one (a
/// built-in's is proven, a rules file's checked when read).
fn start<R: CheckedRuleset>(ruleset: R) -> Position<R> {
    Position::start(ruleset)
}

pub fn corpus<R: CheckedRuleset>(ruleset: R) -> Vec<Position<R>> {
    let mut rng = ChaCha8Rng::seed_from_u64(CORPUS_SEED);
    let dice = ruleset.dice();
    let mut positions = Vec::with_capacity(CORPUS_SIZE);
    let mut list = MoveList::new();
    while positions.len() < CORPUS_SIZE {
        let mut position = start(ruleset);
        while !position.is_over() && positions.len() < CORPUS_SIZE {
            positions.push(position);
            let roll = dice.throw(&mut rng).roll();
            position.moves(roll).write_to(&mut list);
            position = if list.is_empty() {
                position.lose_throw(roll)
            } else {
                position.play(pick(&list, &mut rng))
            }
            .expect("the engine refused its own move");
        }
    }
    positions
}

/// Plays `games` random games from the start position with
/// [`senet::playout::playout`], as the `playouts` example does: a throw takes one
/// `u32` from a `ChaCha8Rng` seeded with `seed`, whose low bits are the
/// throw and whose high 28 bits choose the move, the `k`-th of the
/// `Moves`. Returns (throws, games `x` won).
#[inline]
pub fn playouts<R: CheckedRuleset>(ruleset: R, games: u32, seed: u64) -> (u64, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let start = start(ruleset);
    let (mut throws, mut x_wins) = (0, 0);
    for _ in 0..games {
        let game = senet::playout::playout(&start, &mut rng, u32::MAX);
        throws += u64::from(game.throws);
        x_wins += u64::from(game.outcome() == Some(senet::Outcome::Win(senet::Side::X)));
    }
    (throws, x_wins)
}
