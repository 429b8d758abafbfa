//! `rules/piccione-entering.toml`, Piccione with its pieces entering the
//! board from the hand as the sources state it. Each rule of
//! docs/rules.md's section "Piccione, entering from the hand" has a test,
//! and the crate's generator agrees with the plain reference of
//! `tests/suite/reference` (which reads the hooks one piece at a time)
//! on perft from the start and from designed positions.

use senet::{Position, PositionError, Rules, Side, perft};

mod common;
#[path = "../../../tests/suite/reference/mod.rs"]
mod reference;

use common::*;
use reference::reference_perft;

/// The repository's file.
fn entering() -> Rules {
    repo_rules("piccione-entering")
}

#[test]
fn piccione_entering_starts_with_every_piece_in_hand() {
    let start = Position::start(entering());
    assert_eq!(start.to_string(), ".............................. x 0 0");
    assert_eq!((start.in_hand(Side::X), start.in_hand(Side::O)), (5, 5));
    // Only a 1 enters; every other throw from the start is lost, and a 5
    // throws again.
    assert_moves(&start, 1, &["1: in-1+"]);
    for (roll, text) in [(2, "2: -"), (3, "3: -"), (4, "4: -"), (5, "5: -+")] {
        assert_eq!(start.lost_notation(common::roll(roll)).to_string(), text);
        assert!(start.moves(common::roll(roll)).is_empty());
    }
}

#[test]
fn piccione_entering_the_throw_an_entry_earns_moves_the_piece_entered() {
    let board = ps(&[], &[5, 9], 'x', 0, 0);
    let entered = play(&pos(entering(), &board), "1: in-1+");
    assert_eq!(entered.to_string(), "X...o...o..................... x 0 0");
    // The marked piece alone moves: a 4 onto o's piece on 5 is refused,
    // so the throw is lost, and the piece stays marked.
    assert_moves(&entered, 4, &[]);
    let lost = play(&entered, "4: -");
    assert_eq!(lost.to_string(), "X...o...o..................... o 0 0");
    assert_moves(&entered, 2, &["2: 1-3"]);
    let moved = play(&entered, "2: 1-3");
    assert_eq!(moved.to_string(), "..x.o...o..................... o 0 0");
}

#[test]
fn piccione_entering_no_entry_while_house_1_is_taken() {
    let taken = pos(entering(), &ps(&[1, 10], &[4], 'x', 0, 0));
    assert_moves(&taken, 1, &["1: 1-2", "1: 10-11"]);
    // With every piece on the board or off, a 1 enters nothing either.
    let none = pos(entering(), &ps(&[10, 12], &[4], 'x', 3, 0));
    assert_moves(&none, 1, &["1: 10-11", "1: 12-13"]);
}

#[test]
fn piccione_entering_an_entry_is_a_forward_move() {
    // x's only piece on 20 cannot step onto o's on 21 with a 1: with a
    // piece in hand x enters, and does not go back.
    let in_hand = pos(entering(), &ps(&[20], &[21], 'x', 3, 0));
    assert_moves(&in_hand, 1, &["1: in-1+"]);
    let none_in_hand = pos(entering(), &ps(&[20], &[21], 'x', 4, 0));
    assert_moves(&none_in_hand, 1, &["1: 20-19<"]);
}

#[test]
fn piccione_entering_the_water_sends_a_piece_back_to_the_hand() {
    let before = pos(entering(), &ps(&[25, 4], &[9], 'x', 0, 0));
    assert_eq!(before.in_hand(Side::X), 3);
    assert_moves(&before, 2, &["2: 4-6", "2: 25-27"]);
    let after = play(&before, "2: 25-27");
    assert_eq!(after.to_string(), "...x....o..................... o 0 0");
    assert_eq!(after.in_hand(Side::X), 4);
    // No piece ever stands in the water.
    assert!(matches!(
        Position::parse(entering(), &ps(&[27], &[9], 'x', 0, 0)),
        Err(PositionError::PieceInWaterToHand { water: 27, .. })
    ));
}

#[test]
fn piccione_entering_perft_agrees_with_the_reference() {
    let start = Position::start(entering());
    let counts: Vec<u64> = (1..=4).map(|depth| perft(&start, depth)).collect();
    assert_eq!(counts, [5, 25, 126, 647]);
    for depth in 1..=4 {
        assert_eq!(perft(&start, depth), reference_perft(&start, depth));
    }
    for board in [
        ps(&[1, 10, 25], &[3, 26], 'x', 0, 0),
        ps(&[22, 26, 28], &[1, 20], 'o', 2, 0),
        ps(&[5], &[24, 25, 29], 'x', 1, 2),
    ] {
        let position = pos(entering(), &board);
        assert_eq!(
            perft(&position, 3),
            reference_perft(&position, 3),
            "{board}"
        );
    }
}

#[test]
fn piccione_entering_records_of_entries_replay() {
    let (mut entries, mut drowned) = (0, 0);
    for seed in 0..30 {
        let (text, over) = replayed_record(entering(), seed, 3000);
        assert!(over, "seed {seed}: the game did not end");
        entries += text.matches(": in-").count();
        drowned += text.matches("-27").count();
    }
    assert!(
        entries >= 300 && drowned > 0,
        "{entries} entries, {drowned} drowned"
    );
}
