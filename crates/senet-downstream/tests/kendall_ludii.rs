//! The rules files of Ludii's Kendall (Scholarly) options,
//! `rules/kendall-ludii-*.toml`: each reads, starts where docs/rules.md
//! says, plays its option, and agrees with the plain reference of
//! `tests/suite/reference` on perft from its start.

use senet::{Position, PositionError, Rules, Ruleset, Side, perft};

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
        (
            "kendall-ludii-starting-throw",
            &format!("{seven} unbegun=o"),
        ),
        ("kendall-ludii-all-options", &format!("{five} unbegun=o")),
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
            .contains("the home row"),
        "the refusal names the rule"
    );
    // The same position under Kendall 1979's water: 30 bears off.
    let free = pos(option_file("kendall1979-water"), &text);
    assert!(free.moves(roll(1)).iter().any(|mv| mv.is_off()));
    // Once no piece stands on 1 to 10, the side bears off.
    let clear = pos(home, &ps(&[26, 30], &[2, 4, 6, 8, 10, 12, 14], 'x', 5, 0));
    assert!(clear.moves(roll(1)).iter().any(|mv| mv.is_off()));
}

/// Starting Throw: "Each player must throw a 1 to begin play". o, which
/// did not win the opening, moves nothing until it throws a 1; that 1 is
/// played, and a 1 with no move begins it too.
#[test]
fn starting_throw_o_moves_nothing_until_it_throws_a_1() {
    let rules = option_file("kendall-ludii-starting-throw");
    let start = Position::start(rules);
    assert!(start.has_begun(Side::X) && !start.has_begun(Side::O));
    // x moves as usual; then o, not begun, loses every throw but a 1.
    let o_to_throw = play(&start, "2: 12-14");
    assert_eq!(
        o_to_throw.to_string(),
        "oxoxoxoxoxo.oxx............... o 0 0 unbegun=o"
    );
    assert_lost(&o_to_throw, 2, "2: -");
    // A lost 4 or 5 throws again, as any lost throw of Kendall 1979.
    let again = assert_lost(&o_to_throw, 4, "4: -+");
    assert!(!again.has_begun(Side::O));
    // A 1 moves, and o has begun.
    let begun = play(&o_to_throw, "1: 11-12+");
    assert!(begun.has_begun(Side::O));
    assert_eq!(begun.to_string(), "oxoxoxoxox.ooxx............... o 0 0");
    // A 1 with no move begins o all the same.
    let stuck = pos(
        rules,
        &format!(
            "{} unbegun=o",
            ps(&[2, 4, 6, 8, 10, 12, 14], &[28, 29], 'o', 0, 5)
        ),
    );
    let after = assert_lost(&stuck, 1, "1: -+");
    assert!(after.has_begun(Side::O));
    // x needs no 1: a position saying otherwise is refused.
    let refused = Position::parse(rules, &format!("{} unbegun=x", ps(&[2], &[1], 'x', 6, 6)));
    assert_eq!(
        refused,
        Err(PositionError::NotBegun {
            side: Side::X,
            ruleset: "kendall-ludii-starting-throw"
        })
    );
    // Both fields at once, in their order.
    let both = format!(
        "{} loses=x,unbegun=o",
        ps(
            &[2, 4, 6, 8, 10, 12, 15],
            &[1, 3, 5, 7, 9, 11, 13],
            'o',
            0,
            0
        )
    );
    assert_eq!(pos(rules, &both).to_string(), both);
    let swapped = both.replace("loses=x,unbegun=o", "unbegun=o,loses=x");
    assert!(matches!(
        Position::parse(rules, &swapped),
        Err(PositionError::StateField { .. })
    ));
}
