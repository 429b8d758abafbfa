//! `docs/rules.md`, "Move notation": the examples, the canonical and strict text
//! form, suffixes checked against what the move does, and errors that say
//! why a move is not legal here.

use crate::common;

use common::*;
use senet::rulesets::Refusal;
use senet::rulesets::{Bell, Classic, Kendall, Temple};
use senet::{IllegalMoveError, MoveText, MoveTextError, Position, Ruleset};

const K: Kendall = Kendall;

/// Asserts that `text` is how this position writes one of its throws, that
/// it parses and prints back unchanged, and that it resolves to that throw.
#[track_caller]
fn assert_example<R: Ruleset>(position: &Position<R>, text: &str) {
    let written: MoveText = text
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} does not parse: {e}"));
    assert_eq!(written.to_string(), text);
    let value = written.roll().value();
    match written.play() {
        Some(_) => {
            let mv = written
                .resolve(position)
                .unwrap_or_else(|e| panic!("{text} refused in {position}: {e}"))
                .expect("a move, not a lost throw");
            assert!(position.moves(written.roll()).to_list().contains(&mv));
            assert_eq!(position.notation(mv), written);
            assert!(moves(position, value).contains(&text.to_owned()));
        }
        None => {
            assert_eq!(written.resolve(position), Ok(None));
            assert_eq!(position.lost_notation(written.roll()), written);
        }
    }
}

/// The error of resolving `text` here, which must be an illegal move whose
/// message contains every one of `words`.
#[track_caller]
fn illegal<R: Ruleset>(position: &Position<R>, text: &str, words: &[&str]) -> IllegalMoveError {
    let err = refused(position, text);
    let message = err.to_string();
    for word in words {
        assert!(
            message.contains(word),
            "the error for {text} in {position} ({message:?}) should mention {word:?}"
        );
    }
    match err {
        MoveTextError::Illegal(e) => e,
        other => panic!("{text} in {position}: expected an illegal move, got {other:?}"),
    }
}

/// Asserts that `text` names a legal move or lost throw here but with the
/// wrong suffixes, and that the error gives the canonical form.
#[track_caller]
fn wrong_suffix<R: Ruleset>(position: &Position<R>, text: &str, canonical: &str) {
    let err = refused(position, text);
    match err {
        MoveTextError::Suffix {
            written,
            canonical: c,
        } => {
            assert_eq!(written.to_string(), text);
            assert_eq!(c.to_string(), canonical);
        }
        other => panic!("{text} in {position}: expected a suffix error, got {other:?}"),
    }
    let message = err.to_string();
    assert!(message.contains(text), "{message}");
    assert!(message.contains(canonical), "{message}");
    // And the canonical form is accepted.
    let written: MoveText = canonical.parse().unwrap();
    assert!(written.resolve(position).is_ok(), "{canonical}");
}

// ---- The examples of `docs/rules.md`, "Move notation" ----

#[test]
fn notation_example_2_10_12() {
    assert_example(&Position::start(K), "2: 10-12");
}

#[test]
fn notation_example_3_11_14x() {
    assert_example(&setup(K, &[11], &[1, 14], 'x'), "3: 11-14x");
}

#[test]
fn notation_example_5_26_off_plus() {
    assert_example(&setup(K, &[10, 26], &[1], 'x'), "5: 26-off+");
}

#[test]
fn notation_example_1_26_27_plus_water_written_27_wherever_the_piece_goes() {
    let p = setup(K, &[26], &[1], 'x');
    assert_example(&p, "1: 26-27+");
    assert_eq!(after(&p, "1: 26-27+"), ps(&[15], &[1], 'x', 4, 4));
    // 15 and 14 taken: the piece ends on 13, still written 27.
    let p = setup(K, &[26], &[14, 15], 'x');
    assert_example(&p, "1: 26-27+");
    assert_eq!(after(&p, "1: 26-27+"), ps(&[13], &[14, 15], 'x', 4, 3));
    // Temple and Classic write the water the same way.
    let p = setup(Temple, &[26], &[1], 'x');
    assert_example(&p, "1: 26-27+");
    let p = setup(Classic, &[26], &[15], 'x');
    assert_example(&p, "1: 26-27+");
    assert_eq!(after(&p, "1: 26-27+"), ps(&[27], &[15], 'x', 4, 4));
}

#[test]
fn notation_example_2_14_12_backward() {
    // 14+2 is o's protected 16: the piece goes back.
    assert_example(&setup(K, &[14], &[16, 17], 'x'), "2: 14-12<");
}

#[test]
fn notation_example_3_lost() {
    assert_example(&setup(K, &[29], &[1], 'x'), "3: -");
}

#[test]
fn notation_example_4_lost_plus() {
    assert_example(&setup(K, &[29], &[1], 'x'), "4: -+");
}

#[test]
fn notation_example_classic_fall_4_28_27_lt() {
    assert_example(&setup(Classic, &[28], &[1], 'x'), "4: 28-27<");
}

#[test]
fn notation_all_suffixes_in_order_x_lt_plus() {
    // A backward swap with a 4 in Kendall.
    let p = setup(K, &[23], &[19], 'x');
    assert_example(&p, "4: 23-19x<+");
    // Bell writes a capture with x.
    assert_example(&pos(Bell, &ps(&[10], &[13], 'x', 0, 0)), "3: 10-13x");
}

// ---- Canonical and strict ----

#[test]
fn notation_parser_rejects_non_canonical_text() {
    for text in [
        // spaces
        "2:10-12",
        "2:  10-12",
        " 2: 10-12",
        "2: 10-12 ",
        "2 : 10-12",
        "2: 10 -12",
        "2: 10- 12",
        "2: 10-12 +",
        "2:\t10-12",
        "2: 10-12\n",
        "4: - +",
        // leading zeros
        "2: 010-12",
        "2: 10-012",
        "02: 10-12",
        "2: 01-3",
        // 31 or other spellings for off
        "5: 26-31+",
        "5: 26-OFF+",
        "5: 26-Off+",
        "5: 26-o+",
        // suffix order and repetition
        "3: 11-14+x",
        "3: 11-14<x",
        "4: 23-19<x+",
        "4: 23-19x+<",
        "4: 23-19+x<",
        "2: 10-12xx",
        "2: 10-12++",
        "4: -++",
        "4: -x",
        "4: -<",
        "2: 10-12X",
        // out of range or incomplete
        "0: 1-2",
        "7: 1-2",
        "2: 0-2",
        "2: 1-32",
        "2: 31-33",
        "",
        "2",
        "2:",
        "2: ",
        "2: 10",
        "2: 10-",
        "2: -10",
        ": 10-12",
        "2: 10_12",
        "2: 10–12",
        "２: 10-12",
    ] {
        let err = match text.parse::<MoveText>() {
            Ok(t) => panic!("{text:?} parsed as {t}"),
            Err(e) => e,
        };
        let message = err.to_string();
        assert!(message.contains("column"), "{text:?}: {message}");
        assert!(err.column >= 1, "{text:?}");
    }
}

#[test]
fn notation_parse_errors_say_where() {
    let err = "5: 26-31+".parse::<MoveText>().unwrap_err();
    assert_eq!(err.column, 7);
    let err = "3: 11-14+x".parse::<MoveText>().unwrap_err();
    assert_eq!(err.column, 10);
    let err = "2:10-12".parse::<MoveText>().unwrap_err();
    assert_eq!(err.column, 2);
}

#[test]
fn notation_prints_exactly_what_it_parses() {
    for text in [
        "2: 10-12",
        "3: 11-14x",
        "5: 26-off+",
        "1: 26-27+",
        "2: 14-12<",
        "3: -",
        "4: -+",
        "4: 23-19x<+",
        "1: 30-off",
        "4: 28-27<",
        "1: 1-2x+",
        "3: 15-12x<+",
    ] {
        let written: MoveText = text.parse().unwrap();
        assert_eq!(written.to_string(), text);
    }
}

// ---- Suffixes must say what the move does ----

#[test]
fn notation_missing_or_extra_x_is_a_suffix_error() {
    wrong_suffix(&setup(K, &[11], &[1, 14], 'x'), "3: 11-14", "3: 11-14x");
    wrong_suffix(&Position::start(K), "2: 10-12x", "2: 10-12");
    wrong_suffix(
        &pos(Bell, &ps(&[10], &[13], 'x', 0, 0)),
        "3: 10-13",
        "3: 10-13x",
    );
}

#[test]
fn notation_missing_or_extra_lt_is_a_suffix_error() {
    wrong_suffix(&setup(K, &[14], &[16, 17], 'x'), "2: 14-12", "2: 14-12<");
    wrong_suffix(&Position::start(K), "2: 10-12<", "2: 10-12");
    wrong_suffix(&setup(Classic, &[28], &[1], 'x'), "4: 28-27", "4: 28-27<");
}

#[test]
fn notation_missing_or_extra_plus_is_a_suffix_error() {
    wrong_suffix(&Position::start(K), "1: 10-11", "1: 10-11+");
    wrong_suffix(&Position::start(K), "2: 10-12+", "2: 10-12");
    let p = setup(K, &[29], &[1], 'x');
    wrong_suffix(&p, "4: -", "4: -+");
    wrong_suffix(&p, "3: -+", "3: -");
    // Temple: a lost throw never throws again; a 2 ends the turn.
    let p = setup(Temple, &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10], 'x');
    wrong_suffix(&p, "1: -+", "1: -");
    wrong_suffix(&setup(Temple, &[26], &[1], 'x'), "2: 26-28+", "2: 26-28");
    // Bell: never.
    wrong_suffix(&Position::start(Bell), "2: 19-21+", "2: 19-21");
}

#[test]
fn notation_plus_on_a_game_ending_move_is_a_suffix_error() {
    wrong_suffix(&setup(K, &[30], &[1], 'x'), "1: 30-off+", "1: 30-off");
    wrong_suffix(&setup(Classic, &[26], &[1], 'x'), "5: 26-off+", "5: 26-off");
    wrong_suffix(&setup(Temple, &[30], &[1], 'x'), "3: 30-off+", "3: 30-off");
}

#[test]
fn notation_claiming_a_lost_throw_when_moves_exist_is_an_error() {
    let err = refused(&Position::start(K), "2: -");
    assert!(matches!(err, MoveTextError::NotLost { count: 1, .. }));
    assert!(err.to_string().contains('1'), "{err}");
    let err = refused(&Position::start(K), "1: -+");
    assert!(matches!(err, MoveTextError::NotLost { count: 5, .. }));
}

// ---- Illegal here, and why ----

#[test]
fn notation_illegal_own_piece() {
    let e = illegal(&Position::start(K), "2: 8-10", &["10", "own"]);
    assert_eq!(e, IllegalMoveError::OwnPiece { house: house(10) });
}

#[test]
fn notation_illegal_protected() {
    let p = setup(K, &[11], &[13, 14], 'x');
    let e = illegal(&p, "2: 11-13x", &["13", "protected"]);
    assert_eq!(
        e,
        IllegalMoveError::Protected {
            house: house(13),
            why: Kendall.why(Refusal::Protected)
        }
    );
    let p = setup(Temple, &[11], &[13, 14], 'x');
    let e = illegal(&p, "3: 11-14x+", &["14", "protected"]);
    assert_eq!(
        e,
        IllegalMoveError::Protected {
            house: house(14),
            why: Temple.why(Refusal::Protected)
        }
    );
}

#[test]
fn notation_illegal_safe_house() {
    let e = illegal(&setup(K, &[12], &[15], 'x'), "3: 12-15x", &["15", "safe"]);
    assert_eq!(e, IllegalMoveError::SafeHouse { house: house(15) });
    let e = illegal(&setup(Classic, &[26], &[28], 'x'), "2: 26-28x", &["28"]);
    assert_eq!(e, IllegalMoveError::SafeHouse { house: house(28) });
    let p = pos(Bell, &ps(&[22], &[26], 'x', 0, 0));
    let e = illegal(&p, "4: 22-26x", &["26"]);
    assert_eq!(e, IllegalMoveError::SafeHouse { house: house(26) });
}

#[test]
fn notation_illegal_blockade() {
    let p = setup(K, &[10], &[12, 13, 14], 'x');
    let e = illegal(&p, "5: 10-15+", &["12", "block"]);
    assert_eq!(
        e,
        IllegalMoveError::Blocked {
            house: house(12),
            why: Kendall.why(Refusal::Blocked)
        }
    );
    let p = setup(K, &[26], &[28, 29, 30], 'x');
    let e = illegal(&p, "5: 26-off+", &["block"]);
    assert!(matches!(e, IllegalMoveError::Blocked { .. }));
}

#[test]
fn notation_illegal_no_jumping() {
    let p = setup(Classic, &[10], &[12], 'x');
    let e = illegal(&p, "3: 10-13", &["12"]);
    assert_eq!(
        e,
        IllegalMoveError::Blocked {
            house: house(12),
            why: Classic.why(Refusal::Blocked)
        }
    );
}

#[test]
fn notation_illegal_must_stop_on_26_classic() {
    let p = setup(Classic, &[10, 23], &[1], 'x');
    let e = illegal(&p, "4: 23-27", &["26"]);
    assert!(matches!(e, IllegalMoveError::NoStep { .. }));
    let e = illegal(&p, "5: 23-off", &["26"]);
    assert!(matches!(e, IllegalMoveError::NoStep { .. }));
}

#[test]
fn notation_illegal_must_stop_on_26_kendall() {
    // 23 + 4 goes past 26. The error must say so (not that the piece
    // would go back to 19, which is no legal move here either).
    let p = setup(K, &[10, 23], &[1], 'x');
    let e = illegal(&p, "4: 23-27", &["26"]);
    assert!(no_step_or_wrong_target(e), "{e:?}");
    let e = illegal(&p, "5: 23-28+", &["26"]);
    assert!(no_step_or_wrong_target(e), "{e:?}");
}

/// The variants that can say a roll does not take a piece where written.
fn no_step_or_wrong_target(e: IllegalMoveError) -> bool {
    matches!(
        e,
        IllegalMoveError::NoStep { .. } | IllegalMoveError::WrongTarget { .. }
    )
}

#[test]
fn notation_illegal_must_stop_on_26_temple() {
    let p = setup(Temple, &[10, 23], &[1], 'x');
    let e = illegal(&p, "4: 23-27+", &["26"]);
    assert!(no_step_or_wrong_target(e), "{e:?}");
}

#[test]
fn notation_illegal_26_is_not_an_exit_in_temple() {
    let p = setup(Temple, &[10, 26], &[1], 'x');
    let e = illegal(&p, "5: 26-off+", &["26", "exit"]);
    assert!(no_step_or_wrong_target(e), "{e:?}");
}

#[test]
fn notation_illegal_temple_28_and_29_need_at_most_3_and_2() {
    let p = setup(Temple, &[2, 28], &[20], 'x');
    let e = illegal(&p, "4: 28-off+", &["28", "3"]);
    assert!(no_step_or_wrong_target(e), "{e:?}");
    let p = setup(Temple, &[2, 29], &[20], 'x');
    let e = illegal(&p, "3: 29-off+", &["29", "2"]);
    assert!(no_step_or_wrong_target(e), "{e:?}");
}

#[test]
fn notation_illegal_exact_exit_roll_from_28_29_30() {
    let p = setup(K, &[28], &[1], 'x');
    let e = illegal(&p, "2: 28-off", &["28"]);
    assert!(matches!(e, IllegalMoveError::NoStep { .. }));
    let p = pos(Bell, &ps(&[29], &[1], 'x', 0, 0));
    let e = illegal(&p, "3: 29-off", &["29"]);
    assert!(matches!(e, IllegalMoveError::NoStep { .. }));
}

#[test]
fn notation_illegal_displacement_past_26_in_temple() {
    let p = setup(Temple, &[28], &[24], 'x');
    let e = illegal(&p, "4: 28-24x<+", &["24", "28", "26"]);
    assert_eq!(
        e,
        IllegalMoveError::Displacement {
            from: house(24),
            to: house(28),
            why: Temple.why(Refusal::NotDisplaced),
        }
    );
}

#[test]
fn notation_illegal_water_full_in_classic() {
    let p = pos(Classic, &ps(&[10, 26], &[15, 27], 'x', 3, 3));
    let e = illegal(&p, "1: 26-27+", &["water"]);
    assert_eq!(e, IllegalMoveError::WaterFull);
}

#[test]
fn notation_illegal_waiting_piece_in_classic() {
    let p = pos(Classic, &ps(&[27], &[15], 'x', 4, 4));
    let e = illegal(&p, "1: 27-28+", &["27", "water"]);
    assert!(matches!(e, IllegalMoveError::NoStep { .. }));
}

#[test]
fn notation_illegal_backward_while_a_forward_move_exists() {
    let p = setup(K, &[10, 24], &[1], 'x');
    let e = illegal(&p, "3: 24-21<", &["backward", "forward"]);
    assert_eq!(e, IllegalMoveError::ForwardExists);
    let p = setup(Classic, &[10, 28], &[1], 'x');
    let e = illegal(&p, "1: 28-27<+", &["forward"]);
    assert_eq!(e, IllegalMoveError::ForwardExists);
}

#[test]
fn notation_illegal_bell_must_play_the_last_row_first() {
    let p = pos(Bell, &ps(&[10, 27], &[1], 'x', 0, 0));
    let e = illegal(&p, "2: 10-12", &["first"]);
    assert!(matches!(e, IllegalMoveError::MustPlayFirst { .. }));
}

#[test]
fn notation_illegal_no_piece_wrong_target_roll_not_on_dice_game_over() {
    let start = Position::start(K);
    let e = illegal(&start, "2: 11-13", &["11"]);
    assert!(matches!(e, IllegalMoveError::NoPiece { .. }));
    let e = illegal(&start, "2: 10-13", &["12", "13"]);
    assert!(matches!(e, IllegalMoveError::WrongTarget { .. }));
    let e = illegal(&Position::start(Bell), "5: 19-24", &["5"]);
    assert!(matches!(e, IllegalMoveError::RollNotOnDice { .. }));
    let e = illegal(&Position::start(Bell), "5: -", &["5"]);
    assert!(matches!(e, IllegalMoveError::RollNotOnDice { .. }));
    let over = pos(K, &ps(&[], &[1], 'o', 5, 4));
    let e = illegal(&over, "1: 1-2+", &["over"]);
    assert_eq!(e, IllegalMoveError::GameOver);
    let e = illegal(&over, "3: -", &["over"]);
    assert_eq!(e, IllegalMoveError::GameOver);
}
