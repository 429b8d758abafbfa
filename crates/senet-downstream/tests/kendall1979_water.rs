//! `rules/kendall1979-water.toml`, Kendall 1979 with the water as the
//! booklet states it: a piece in the water may wait there for a 4, and
//! one that goes back to 15 costs its side the next turn. Each rule of
//! docs/rules.md's section on it has a test, and the crate's generator
//! agrees with the plain reference of `tests/suite/reference` (which
//! reads the hooks one piece at a time) on perft from designed positions.

use senet::{Position, Rules, Side, perft};

mod common;
#[path = "../../../tests/suite/reference/mod.rs"]
mod reference;

use common::*;
use reference::reference_perft;

/// The repository's file.
fn water_rules() -> Rules {
    repo_rules("kendall1979-water")
}

/// x's piece in the water and three more, o's three, the rest borne off;
/// `o15` puts one of o's on 15.
fn in_the_water(o15: bool) -> String {
    let o: &[u8] = if o15 { &[1, 3, 15] } else { &[1, 3, 5] };
    ps(&[2, 4, 6, 27], o, 'x', 3, 4)
}

#[test]
fn kendall1979_water_a_piece_in_the_water_may_wait_for_a_4() {
    let rules = water_rules();
    let free = pos(rules, &in_the_water(false));
    // "With a 1, 2, 3 or 5 it may go back to 15 when 15 is empty, or wait
    // on 27"; every move out of the water, and every wait, ends the turn.
    for value in [1, 2, 3, 5] {
        let back = format!("{value}: 27-15<");
        let wait = format!("{value}: 27=");
        assert_moves(&free, value, &[back.as_str(), wait.as_str()]);
    }
    // "With a 4, a piece on 27 bears off, and that is its only move."
    assert_moves(&free, 4, &["4: 27-off"]);
    // "With 15 taken, the wait is its only move: the throw is not lost."
    let taken = pos(rules, &in_the_water(true));
    assert_moves(&taken, 2, &["2: 27="]);
    assert_eq!(
        after(&taken, "2: 27="),
        in_the_water(true).replace(" x 3 4", " o 3 4")
    );
}

#[test]
fn kendall1979_water_going_back_to_15_loses_the_next_turn() {
    let rules = water_rules();
    let free = pos(rules, &in_the_water(false));
    let back = play(&free, "2: 27-15<");
    // Marked, as in Kendall 1979, and x has lost its next turn.
    assert_eq!(
        back.to_string(),
        "oxoxox........X............... o 3 4 loses=x"
    );
    assert!(back.loses_next_turn(Side::X));
    // o's 2 would pass the sticks to x: they stay with o, written `+`.
    let after_o = play(&back, "2: 5-7+");
    assert_eq!(after_o.to_string(), "oxox.xo.......X............... o 3 4");
}

#[test]
fn kendall1979_water_perft_agrees_with_the_reference() {
    let rules = water_rules();
    let start = Position::start(rules);
    assert_eq!(start.to_string(), "oxoxoxoxoxoxo.x............... x 0 0");
    for depth in 1..=3 {
        assert_eq!(
            perft(&start, depth),
            reference_perft(&start, depth),
            "depth {depth}"
        );
    }
    for text in [in_the_water(false), in_the_water(true)] {
        let position = pos(rules, &text);
        assert_eq!(perft(&position, 4), reference_perft(&position, 4), "{text}");
    }
    let lost = pos(rules, "oxoxox........X............... o 3 4 loses=x");
    assert_eq!(perft(&lost, 4), reference_perft(&lost, 4));
}

#[test]
fn kendall1979_water_records_of_waits_and_lost_turns_replay() {
    let (mut waited, mut lost) = (0, 0);
    for seed in 0..40 {
        let (text, _) = replayed_record(water_rules(), seed, 3000);
        waited += text.matches("27=").count();
        lost += text.matches("27-15<").count();
    }
    assert!(waited > 0 && lost > 0, "{waited} waits, {lost} returns");
}
