//! Move legality from arbitrary bytes. The first byte picks the ruleset;
//! then groups of four bytes pick a roll, one of its legal moves and a
//! candidate (from, to), played from the start position (a lost throw when
//! the roll has no move), so every position is a reachable one.
//! - At each position, `find_move` of the candidate succeeds exactly when
//!   `moves(roll)` holds a move with that from and to (and returns
//!   that move); `lose_throw` is Ok exactly when the list is empty; the
//!   move played gives a position that prints and parses back.
//! - At the last position, the same `find_move` check for every roll,
//!   every piece of the side to throw and every target, and every check
//!   of `common::check_position` (every generated move plays to a position
//!   that prints and parses back, notation round-trips and resolves, ...),
//!   and `moves_by_roll` gives each roll's `moves`, whose iteration,
//!   indexing and written list agree.
#![no_main]

mod common;

use common::{Bytes, all_rolls, all_targets, check_position, check_round_trip};
use libfuzzer_sys::fuzz_target;
use senet::rulesets::CheckedRuleset;
use senet::{House, Position, Roll, Ruleset};
use senet::moves::Target;

/// `find_move(roll, from, to)` against the generated list.
fn check_find<R: Ruleset>(position: &Position<R>, roll: Roll, from: House, to: Target) {
    let listed = position
        .moves(roll)
        .iter()
        .find(|mv| mv.from() == from && mv.to() == to);
    let found = position.find_move(roll, from, to);
    match (listed, found) {
        (Some(mv), Ok(found)) => assert_eq!(mv, found, "{position}: {roll}: {from}-{to}"),
        (None, Err(_)) => {}
        (listed, found) => panic!(
            "{position}: roll {roll}: {from}-{to}: generated {listed:?} but find_move says {found:?}"
        ),
    }
}

fn run<R: CheckedRuleset>(ruleset: R, bytes: &mut Bytes) {
    let rolls: Vec<Roll> = ruleset.dice().rolls().collect();
    let mut position = Position::start(ruleset);
    while !bytes.is_empty() && !position.is_over() {
        let roll = rolls[bytes.below(rolls.len())];
        let choice = bytes.next();
        let from = House::new(bytes.next() % 30 + 1).expect("1..=30");
        let to = House::new(bytes.next() % 31 + 1).map_or(Target::Off, Target::House);
        check_find(&position, roll, from, to);
        let moves = position.moves(roll).to_list();
        let lost = position.lose_throw(roll);
        assert_eq!(
            lost.is_ok(),
            moves.is_empty(),
            "{position}: roll {roll}: lose_throw is {lost:?} with moves {moves:?}"
        );
        position = match lost {
            Ok(after) => after,
            Err(_) => {
                let mv = moves[usize::from(choice) % moves.len()];
                position.play(mv).expect("a generated move plays")
            }
        };
        check_round_trip(&position);
    }
    check_position(&position);
    let by_roll = position.moves_by_roll();
    for roll in all_rolls() {
        let moves = position.moves(roll);
        assert_eq!(
            by_roll.get(roll),
            moves,
            "{position}: roll {roll}: all rolls at once and one roll disagree"
        );
        let list = moves.to_list();
        let nth: Vec<_> = (0..moves.len()).filter_map(|n| moves.get(n)).collect();
        assert!(
            moves.iter().eq(list.iter().copied()) && nth == &list[..],
            "{position}: roll {roll}: the moves and their list disagree"
        );
    }
    let own = position.board().pieces(position.side_to_throw());
    for roll in all_rolls() {
        for from in House::all() {
            if own.contains(from) {
                for to in all_targets() {
                    check_find(&position, roll, from, to);
                }
            } else {
                check_find(&position, roll, from, Target::Off);
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let index = bytes.next();
    let ruleset = senet::AnyRuleset::ALL[usize::from(index) % senet::AnyRuleset::ALL.len()];
    senet::with_ruleset!(ruleset, |r| run(r, &mut bytes));
});
