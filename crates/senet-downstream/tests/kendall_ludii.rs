//! The rules files of Ludii's Kendall (Scholarly) options,
//! `rules/kendall-ludii-*.toml`: each reads, starts where docs/rules.md
//! says, plays its option, and agrees with the plain reference of
//! `tests/suite/reference` on perft from its start.

use senet::{Position, Rules, Ruleset, perft};

#[path = "../../../tests/suite/common/mod.rs"]
mod common;
#[path = "../../../tests/suite/reference/mod.rs"]
mod reference;

use common::*;
use reference::reference_perft;

/// The repository's file `rules/NAME.toml`.
fn option_file(name: &str) -> Rules {
    let path = format!("{}/../../rules/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    senet_rules_file::read(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

#[test]
fn each_option_starts_as_ludii_and_agrees_with_the_reference() {
    let seven = "oxoxoxoxoxoxo.x............... x 0 0";
    let five = "oxoxoxoxo.x................... x 0 0";
    for (name, start) in [
        ("kendall-ludii-five-pieces", five),
        ("kendall-ludii-trap", seven),
        ("kendall-ludii-home-row", seven),
        ("kendall-ludii-five-trap-home", five),
    ] {
        let rules = option_file(name);
        assert_eq!(rules.name(), name);
        let position = Position::start(rules);
        assert_eq!(position.to_string(), start, "{name}");
        for depth in 1..=3 {
            assert_eq!(
                perft(&position, depth),
                reference_perft(&position, depth),
                "{name}, depth {depth}"
            );
        }
    }
}

/// Trap: "A roll greater than that required to land exactly on square 26
/// causes the player to fall into square 27", while 27 is empty.
#[test]
fn trap_a_roll_past_26_goes_into_the_water() {
    let trap = option_file("kendall-ludii-trap");
    let open = pos(
        trap,
        &ps(&[2, 4, 6, 8, 25, 26], &[1, 3, 5, 7, 9, 11], 'x', 1, 1),
    );
    assert_moves(&open, 2, &["2: 8-10", "2: 25-27", "2: 26-28"]);
    // With 27 taken, the piece on 25 has no move with a 2.
    let taken = pos(
        trap,
        &ps(&[2, 4, 6, 8, 25], &[1, 3, 5, 7, 9, 27], 'x', 2, 1),
    );
    assert_moves(&taken, 2, &["2: 8-10"]);
    // Kendall 1979's water, without the option: the piece cannot pass 26.
    let plain = option_file("kendall1979-water");
    let open = pos(plain, &open.to_string());
    assert_moves(&open, 2, &["2: 8-10", "2: 26-28"]);
}

/// Home Row: "A player must move all of their pieces out of the home row
/// before bearing pieces off."
#[test]
fn home_row_no_bearing_off_while_a_piece_is_on_1_to_10() {
    let home = option_file("kendall-ludii-home-row");
    let text = ps(&[2, 4, 6, 8, 26, 28, 30], &[1, 3, 5, 7, 9, 11], 'x', 0, 1);
    let held = pos(home, &text);
    assert_moves(
        &held,
        1,
        &["1: 2-3x+", "1: 4-5x+", "1: 6-7x+", "1: 8-9x+", "1: 26-27+"],
    );
    assert!(
        refused(&held, "1: 30-off+")
            .to_string()
            .contains("bearing off"),
        "the refusal names the rule"
    );
    // The same position under Kendall 1979's water: 30 bears off.
    let free = pos(option_file("kendall1979-water"), &text);
    assert!(free.moves(roll(1)).iter().any(|mv| mv.is_off()));
    // Once no piece stands on 1 to 10, the side bears off.
    let clear = pos(home, &ps(&[26, 30], &[2, 4, 6, 8, 10, 12, 14], 'x', 5, 0));
    assert!(clear.moves(roll(1)).iter().any(|mv| mv.is_off()));
}
