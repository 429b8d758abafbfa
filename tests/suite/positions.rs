//! `docs/rules.md`, "Position strings": the format, the start positions, and the
//! rejection (with a clear error, never a panic) of every invalid case.

use crate::common;

use common::*;
use senet::rulesets::{Bell, Classic, Kendall, Temple};
use senet::{AnyRuleset, Bitboard, Position, PositionError, Ruleset, Side};

/// Asserts that `text` is refused for `ruleset` and that the error message
/// contains every one of `words`; returns the error.
#[track_caller]
fn rejected<R: Ruleset>(ruleset: R, text: &str, words: &[&str]) -> PositionError {
    let err = match Position::parse(ruleset, text) {
        Ok(p) => panic!("{text:?} accepted by {}: {p}", ruleset.name()),
        Err(e) => e,
    };
    let message = err.to_string();
    for word in words {
        assert!(
            message.contains(word),
            "the error for {text:?} ({message:?}) should mention {word:?}"
        );
    }
    err
}

const KENDALL_START: &str = "oxoxoxoxox.................... x 0 0";

#[test]
fn start_positions_print_as_rules_md_says() {
    assert_eq!(Position::start(Kendall).to_string(), KENDALL_START);
    assert_eq!(
        Position::start(Temple).to_string(),
        "xoxoxoxoxo.................... x 0 0"
    );
    assert_eq!(
        Position::start(Bell).to_string(),
        "xoxoxoxoxoxoxoxoxoxo.......... x 0 0"
    );
    assert_eq!(
        Position::start(Classic).to_string(),
        "oxoxoxoxox.................... x 0 0"
    );
    for r in AnyRuleset::ALL {
        let start = Position::start(r);
        assert_eq!(start.side_to_throw(), Side::X, "{r}");
        assert_eq!(Position::parse(r, &start.to_string()), Ok(start));
    }
}

#[test]
fn position_strings_round_trip() {
    for text in [
        KENDALL_START,
        "oxoxoxoxox.................... o 0 0",
        "...........o.............x.oxo o 3 2",
        "..xxxooo........xoo.....x..... o 0 0",
    ] {
        assert_eq!(pos(Kendall, text).to_string(), text);
        assert_eq!(text.parse::<Position<Kendall>>().unwrap().to_string(), text);
    }
    for text in [
        "..x.o.x.o..x.o...x.o.x..oxxoxo x 1 2",
        ".............................. o 10 10",
        ".............................x x 9 0",
    ] {
        assert_eq!(pos(Bell, text).to_string(), text);
    }
    let text = ".........x....o..o.......xxx.o x 1 2";
    assert_eq!(pos(Classic, text).to_string(), text);
}

#[test]
fn position_new_checks_like_parse() {
    let x = Bitboard::from_numbers(&[2, 4, 6, 8, 10]);
    let o = Bitboard::from_numbers(&[1, 3, 5, 7, 9]);
    assert_eq!(
        senet::Setup {
            x,
            o,
            off_x: 0,
            off_o: 0,
            marked: None,
            ..senet::Setup::new(Side::X)
        }
        .position(Kendall),
        Ok(Position::start(Kendall))
    );
    let err = senet::Setup {
        x,
        o: o.with(house(10)),
        off_x: 0,
        off_o: 0,
        marked: None,
        ..senet::Setup::new(Side::X)
    }
    .position(Kendall)
    .unwrap_err();
    assert_eq!(err, PositionError::SharedHouse { house: 10 });
    assert!(err.to_string().contains("10"));
    assert!(
        senet::Setup {
            x,
            o,
            off_x: 1,
            off_o: 0,
            marked: None,
            ..senet::Setup::new(Side::X)
        }
        .position(Kendall)
        .is_err()
    );
}

/// The side to throw is part of a position, though not of its board:
/// the same pieces with the other side to throw are another position.
#[test]
fn the_side_to_throw_tells_positions_apart() {
    let x_throws = pos(Kendall, "...........o.............x.oxo x 3 2");
    let o_throws = pos(Kendall, "...........o.............x.oxo o 3 2");
    assert_eq!(x_throws.board(), o_throws.board());
    assert_ne!(x_throws, o_throws);
    let set: std::collections::HashSet<_> = [x_throws, o_throws, x_throws].into_iter().collect();
    assert_eq!(set.len(), 2);
    assert_eq!(
        (x_throws.side_to_throw(), o_throws.side_to_throw()),
        (Side::X, Side::O)
    );
    assert!(format!("{x_throws:?}").contains("side: X"));
    assert!(format!("{o_throws:?}").contains("side: O"));
    for position in [x_throws, o_throws] {
        let board = position.board();
        assert_eq!((board.off(Side::X), board.off(Side::O)), (3, 2));
        assert_eq!(board.pieces(Side::X), Bitboard::from_numbers(&[26, 29]));
    }
}

// ---- Field count and spacing ----

#[test]
fn rejects_wrong_field_count() {
    let err = rejected(
        Kendall,
        "oxoxoxoxox.................... x 0",
        &["four", "3"],
    );
    assert_eq!(err, PositionError::FieldCount { found: 3 });
    let err = rejected(
        Kendall,
        "oxoxoxoxox.................... x 0 0 loses=x 0",
        &["four", "6"],
    );
    assert_eq!(err, PositionError::FieldCount { found: 6 });
    // A fifth field is a lost turn, or nothing.
    let err = rejected(
        Kendall,
        "oxoxoxoxox.................... x 0 0 0",
        &["loses=x", "\"0\""],
    );
    assert_eq!(err, PositionError::StateField { found: "0".into() });
    rejected(Kendall, "oxoxoxoxox....................", &["four"]);
}

#[test]
fn rejects_fields_not_separated_by_exactly_one_space() {
    for text in [
        "oxoxoxoxox....................  x 0 0",
        "oxoxoxoxox.................... x  0 0",
        " oxoxoxoxox.................... x 0 0",
        "oxoxoxoxox.................... x 0 0 ",
    ] {
        let err = rejected(Kendall, text, &["space"]);
        assert_eq!(err, PositionError::Spacing, "{text:?}");
    }
    // Other separators than a space are no separators.
    for text in [
        "oxoxoxoxox....................\tx 0 0",
        "oxoxoxoxox.................... x\t0 0",
        "oxoxoxoxox.................... x 0 0\n",
        "oxoxoxoxox.................... x 0\u{a0}0",
    ] {
        assert!(Position::parse(Kendall, text).is_err(), "{text:?}");
    }
}

#[test]
fn rejects_the_empty_string_as_having_no_fields() {
    // There is no space in "" at all: the clear error is the field count.
    rejected(Kendall, "", &["four"]);
}

// ---- BOARD ----

#[test]
fn rejects_a_board_of_the_wrong_length() {
    let err = rejected(
        Kendall,
        "oxoxoxoxox................... x 0 0",
        &["BOARD", "30", "29"],
    );
    assert_eq!(err, PositionError::BoardLength { found: 29 });
    let err = rejected(
        Kendall,
        "oxoxoxoxox..................... x 0 0",
        &["BOARD", "30", "31"],
    );
    assert_eq!(err, PositionError::BoardLength { found: 31 });
}

#[test]
fn rejects_a_marked_piece_off_house_15_or_outside_kendall_1979() {
    // `docs/rules.md`, "Position strings": 'X' or 'O' only on house 15, and only in
    // Kendall 1979.
    for (c, h) in [('X', 2), ('O', 1), ('X', 15), ('O', 15)] {
        let mut board: Vec<char> = "oxoxoxoxox....................".chars().collect();
        board[h - 1] = c;
        let board: String = board.into_iter().collect();
        let text = format!("{board} x 0 0");
        let err = rejected(Kendall, &text, &["BOARD", &format!("house {h}"), "marked"]);
        assert_eq!(
            err,
            PositionError::MarkedPiece {
                house: u8::try_from(h).unwrap(),
                found: c,
                ruleset: "kendall",
                houses: "no house".to_owned(),
            }
        );
    }
}

#[test]
fn rejects_an_unknown_board_character() {
    for (c, h) in [('-', 11), ('1', 30), ('é', 15), ('#', 27)] {
        let mut board: Vec<char> = "oxoxoxoxox....................".chars().collect();
        board[h - 1] = c;
        let board: String = board.into_iter().collect();
        let text = format!("{board} x 0 0");
        let err = rejected(Kendall, &text, &["BOARD", &format!("house {h}")]);
        assert_eq!(
            err,
            PositionError::BoardChar {
                house: u8::try_from(h).unwrap(),
                found: c
            }
        );
    }
}

// ---- SIDE ----

#[test]
fn rejects_a_side_other_than_x_or_o() {
    for side in ["X", "O", "-", "xo", "1", "é"] {
        let text = format!("oxoxoxoxox.................... {side} 0 0");
        let err = rejected(Kendall, &text, &["SIDE"]);
        assert_eq!(
            err,
            PositionError::SideField {
                found: side.to_owned()
            }
        );
    }
}

// ---- XOFF, OOFF ----

#[test]
fn rejects_badly_written_counts() {
    for count in [
        "01", "00", "+0", "-0", "+1", "1a", "a", "1.0", "0x0", "٠", "１", "1_0",
    ] {
        let text = format!("oxoxoxoxox.................... x {count} 0");
        let err = rejected(Kendall, &text, &["XOFF"]);
        assert_eq!(
            err,
            PositionError::Count {
                field: "XOFF",
                found: count.to_owned()
            }
        );
        let text = format!("oxoxoxoxox.................... x 0 {count}");
        let err = rejected(Kendall, &text, &["OOFF"]);
        assert!(matches!(err, PositionError::Count { field: "OOFF", .. }));
    }
}

#[test]
fn rejects_huge_counts_with_a_clear_error() {
    for count in ["256", "300", "99999999999999999999999"] {
        let text = format!("oxoxoxoxox.................... x {count} 0");
        let err = Position::parse(Kendall, &text).unwrap_err();
        let message = err.to_string();
        assert!(
            message.contains("XOFF") || message.contains("x has"),
            "{message}"
        );
    }
}

// ---- Piece on 27 ----

#[test]
fn rejects_a_piece_on_27_in_kendall() {
    let text = ps(&[2, 4, 6, 8, 27], &[1, 3, 5, 7, 9], 'x', 0, 0);
    let err = rejected(Kendall, &text, &["27", "kendall"]);
    assert!(matches!(err, PositionError::PieceInWater { .. }));
    let text = ps(&[15, 4, 6, 8, 27], &[1, 3, 5, 7, 9], 'x', 0, 0);
    let err = rejected(Kendall, &text, &["27"]);
    assert!(matches!(err, PositionError::PieceInWater { .. }));
    let text = ps(&[2, 4, 6, 8], &[1, 3, 5, 7, 27], 'o', 1, 0);
    rejected(Kendall, &text, &["27"]);
}

#[test]
fn rejects_a_piece_on_27_in_temple() {
    let text = ps(&[1, 3, 5, 7, 27], &[2, 4, 6, 8, 10], 'x', 0, 0);
    let err = rejected(Temple, &text, &["27", "temple"]);
    assert!(matches!(err, PositionError::PieceInWater { .. }));
    let text = ps(&[15, 3, 5, 7, 27], &[14, 13, 12, 11, 10], 'x', 0, 0);
    rejected(Temple, &text, &["27"]);
}

#[test]
fn rejects_a_piece_on_27_in_classic_while_15_is_empty() {
    let text = ps(&[2, 4, 6, 8, 27], &[1, 3, 5, 7, 9], 'x', 0, 0);
    let err = rejected(Classic, &text, &["27", "15"]);
    assert!(matches!(err, PositionError::PieceInWater { .. }));
    // With 15 taken the piece waits: valid.
    let text = ps(&[2, 4, 6, 8, 27], &[1, 3, 5, 7, 15], 'x', 0, 0);
    assert_eq!(pos(Classic, &text).to_string(), text);
    let text = ps(&[15, 4, 6, 8, 27], &[1, 3, 5, 7, 9], 'o', 0, 0);
    assert_eq!(pos(Classic, &text).to_string(), text);
}

#[test]
fn accepts_a_piece_on_27_in_bell() {
    let text = ps(&[27], &[1], 'x', 0, 0);
    assert_eq!(pos(Bell, &text).to_string(), text);
}

// ---- Piece counts ----

#[test]
fn rejects_more_pieces_than_the_ruleset_gives() {
    // Six on the board.
    let text = ps(&[2, 4, 6, 8, 10, 12], &[1, 3, 5, 7, 9], 'x', 0, 0);
    let err = rejected(Kendall, &text, &["6", "5"]);
    assert!(matches!(
        err,
        PositionError::TooManyPieces {
            side: Side::X,
            found: 6,
            max: 5,
            ..
        }
    ));
    // Five on the board and one off.
    let text = ps(&[2, 4, 6, 8, 10], &[1, 3, 5, 7, 9], 'x', 0, 1);
    let err = rejected(Kendall, &text, &["6", "5"]);
    assert!(matches!(
        err,
        PositionError::TooManyPieces {
            side: Side::O,
            found: 6,
            ..
        }
    ));
    for r in [AnyRuleset::Temple, AnyRuleset::Classic] {
        let text = ps(&[2, 4, 6, 8, 10], &[1, 3, 5, 7, 9], 'x', 1, 0);
        rejected(r, &text, &["6", "5"]);
    }
    // Bell: eleven.
    let text = ps(&[21], &[], 'x', 10, 0);
    let err = rejected(Bell, &text, &["11", "10"]);
    assert!(matches!(
        err,
        PositionError::TooManyPieces {
            side: Side::X,
            found: 11,
            max: 10,
            ..
        }
    ));
    let text = ps(&[], &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 'x', 0, 0);
    rejected(Bell, &text, &["11"]);
}

#[test]
fn rejects_missing_pieces_in_rulesets_without_capture() {
    let text = ps(&[2, 4, 6, 8], &[1, 3, 5, 7, 9], 'x', 0, 0);
    for r in [AnyRuleset::Kendall, AnyRuleset::Temple, AnyRuleset::Classic] {
        let err = rejected(r, &text, &["4", "5"]);
        assert!(matches!(
            err,
            PositionError::MissingPieces {
                side: Side::X,
                found: 4,
                expected: 5,
                ..
            }
        ));
    }
    let text = ps(&[2, 4, 6, 8, 10], &[1], 'o', 0, 3);
    let err = rejected(Kendall, &text, &["4"]);
    assert!(matches!(
        err,
        PositionError::MissingPieces { side: Side::O, .. }
    ));
    // Bell captures: fewer pieces are fine.
    let text = ps(&[2, 4], &[1], 'o', 3, 0);
    assert_eq!(pos(Bell, &text).to_string(), text);
}

#[test]
fn rejects_both_sides_all_off_in_rulesets_without_capture() {
    let text = ps(&[], &[], 'x', 5, 5);
    for r in [AnyRuleset::Kendall, AnyRuleset::Temple, AnyRuleset::Classic] {
        let err = rejected(r, &text, &["both"]);
        assert_eq!(err, PositionError::BothFinished);
    }
    // Bell captures: a finished draw is a valid position.
    let p = pos(Bell, &ps(&[], &[], 'x', 10, 10));
    assert!(p.is_over());
    let p = pos(Bell, &ps(&[], &[], 'o', 4, 4));
    assert!(p.is_over());
}

// ---- Finished games ----

#[test]
fn a_finished_game_is_a_valid_position_with_no_moves_no_lost_throw_and_perft_1() {
    assert_finished(&pos(Kendall, &ps(&[], &[1, 2], 'o', 5, 3)));
    assert_finished(&pos(Temple, &ps(&[1, 2, 3], &[], 'x', 2, 5)));
    assert_finished(&pos(Bell, &ps(&[], &[20], 'o', 5, 3)));
    assert_finished(&pos(Classic, &ps(&[], &[15, 27], 'o', 5, 3)));
    assert_finished(&pos(AnyRuleset::Bell, &ps(&[], &[], 'x', 7, 7)));
}

#[test]
fn any_ruleset_parses_like_the_concrete_rulesets() {
    let text = ps(&[2, 4, 6, 8, 27], &[1, 3, 5, 7, 9], 'x', 0, 0);
    assert!(Position::parse(AnyRuleset::Kendall, &text).is_err());
    assert!(Position::parse(AnyRuleset::Bell, &text).is_ok());
    assert_eq!(
        "bell".parse::<AnyRuleset>(),
        Ok(AnyRuleset::Bell),
        "ruleset names"
    );
}
