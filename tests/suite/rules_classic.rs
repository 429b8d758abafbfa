//! Classic (`docs/rules.md`, "Classic" and "Common ground"), clause by
//! clause, on hand-built positions.

use crate::common;

use common::*;
use senet::rulesets::Classic;
use senet::rulesets::Refusal;
use senet::{IllegalMoveError, Outcome, Position, Ruleset, Side};

const C: Classic = Classic;

// ---- Start, sides and throws ----

#[test]
fn classic_start_x_on_even_houses_o_on_odd_houses_x_throws_first() {
    let start = Position::start(C);
    assert_eq!(start.to_string(), "oxoxoxoxox.................... x 0 0");
    assert_eq!(
        start.to_string(),
        ps(&[2, 4, 6, 8, 10], &[1, 3, 5, 7, 9], 'x', 0, 0)
    );
    assert_eq!(start.side_to_throw(), Side::X);
    assert_eq!(C.pieces_per_side(), 5);
    assert_eq!(pos(C, "oxoxoxoxox.................... x 0 0"), start);
}

#[test]
fn classic_start_moves_for_each_roll() {
    let start = Position::start(C);
    assert_moves(
        &start,
        1,
        &["1: 2-3x+", "1: 4-5x+", "1: 6-7x+", "1: 8-9x+", "1: 10-11+"],
    );
    assert_moves(&start, 2, &["2: 10-12"]);
    assert_moves(&start, 3, &["3: 10-13"]);
    assert_moves(&start, 4, &["4: 10-14"]);
    assert_moves(&start, 5, &["5: 10-15+"]);
}

#[test]
fn classic_throws_four_sticks_with_p_4_6_4_1_1_of_16() {
    assert_four_sticks(C.dice());
}

// ---- Turn ----

#[test]
fn classic_turn_1_and_5_throw_again_when_moved() {
    let p = setup(C, &[10], &[1], 'x');
    assert_eq!(after(&p, "1: 10-11+"), ps(&[11], &[1], 'x', 4, 4));
    assert_eq!(after(&p, "5: 10-15+"), ps(&[15], &[1], 'x', 4, 4));
}

#[test]
fn classic_turn_2_3_4_end_the_turn() {
    let p = setup(C, &[10], &[1], 'x');
    assert_eq!(after(&p, "2: 10-12"), ps(&[12], &[1], 'o', 4, 4));
    assert_eq!(after(&p, "3: 10-13"), ps(&[13], &[1], 'o', 4, 4));
    assert_eq!(after(&p, "4: 10-14"), ps(&[14], &[1], 'o', 4, 4));
}

#[test]
fn classic_turn_a_lost_throw_ends_the_turn_even_a_1_or_a_5() {
    // 25+1 is o's piece on the special house 26; 25+2.. is past 26.
    let p = setup(C, &[25], &[26], 'x');
    for value in 1..=5 {
        let next = assert_lost(&p, value, &format!("{value}: -"));
        assert_eq!(next.to_string(), ps(&[25], &[26], 'o', 4, 4));
    }
}

// ---- No backward moves, no jumping ----

#[test]
fn classic_no_backward_moves() {
    // Kendall or Temple would move 25 back; Classic loses the throw.
    let p = setup(C, &[10, 25], &[11, 26], 'x');
    assert_moves(&p, 1, &["1: 10-11x+"]);
    assert_lost(&p, 2, "2: -");
    assert_lost(&p, 3, "3: -");
}

#[test]
fn classic_no_jumping_over_any_piece() {
    let p = setup(C, &[10], &[12], 'x');
    assert_eq!(
        why(&p, 3, 10, to(13)),
        IllegalMoveError::Blocked {
            house: house(12),
            why: Classic.why(Refusal::Blocked)
        }
    );
    assert_lost(&p, 3, "3: -");
    assert_lost(&p, 5, "5: -");
    assert_moves(&p, 1, &["1: 10-11+"]);
    assert!(p.blocks_passage(house(12)));
    // Own pieces block too.
    let p = setup(C, &[10, 11], &[1], 'x');
    assert_eq!(
        why(&p, 3, 10, to(13)),
        IllegalMoveError::Blocked {
            house: house(11),
            why: Classic.why(Refusal::Blocked)
        }
    );
    assert_moves(&p, 3, &["3: 11-14"]);
}

#[test]
fn classic_no_jumping_checks_only_houses_strictly_between() {
    // The target itself may hold a piece: it is swapped.
    let p = setup(C, &[10], &[12], 'x');
    assert_moves(&p, 2, &["2: 10-12x"]);
    assert_eq!(after(&p, "2: 10-12x"), ps(&[12], &[10], 'o', 4, 4));
}

// ---- Moves along the track ----

#[test]
fn classic_up_to_25_must_stop_on_26() {
    let p = setup(C, &[10, 23], &[1], 'x');
    assert_moves(&p, 3, &["3: 10-13", "3: 23-26"]);
    assert_moves(&p, 4, &["4: 10-14"]);
    assert_moves(&p, 5, &["5: 10-15+"]);
    assert!(matches!(
        why(&p, 4, 23, to(27)),
        IllegalMoveError::NoStep { .. }
    ));
    assert_eq!(after(&p, "3: 23-26"), ps(&[10, 26], &[1], 'o', 3, 4));
}

#[test]
fn classic_from_26_1_water_2_3_4_to_28_29_30_5_off() {
    let p = setup(C, &[2, 26], &[1], 'x');
    assert_moves(&p, 1, &["1: 2-3+", "1: 26-27+"]);
    assert_moves(&p, 2, &["2: 2-4", "2: 26-28"]);
    assert_moves(&p, 3, &["3: 2-5", "3: 26-29"]);
    assert_moves(&p, 4, &["4: 2-6", "4: 26-30"]);
    assert_moves(&p, 5, &["5: 2-7+", "5: 26-off+"]);
    assert_eq!(after(&p, "1: 26-27+"), ps(&[2, 15], &[1], 'x', 3, 4));
    assert_eq!(after(&p, "2: 26-28"), ps(&[2, 28], &[1], 'o', 3, 4));
    assert_eq!(after(&p, "3: 26-29"), ps(&[2, 29], &[1], 'o', 3, 4));
    assert_eq!(after(&p, "4: 26-30"), ps(&[2, 30], &[1], 'o', 3, 4));
    assert_eq!(after(&p, "5: 26-off+"), ps(&[2], &[1], 'x', 4, 4));
}

#[test]
fn classic_28_29_30_bear_off_with_3_2_1() {
    let p = setup(C, &[10, 28], &[1], 'x');
    assert_moves(&p, 3, &["3: 10-13", "3: 28-off"]);
    assert_eq!(after(&p, "3: 28-off"), ps(&[10], &[1], 'o', 4, 4));
    let p = setup(C, &[10, 29], &[1], 'x');
    assert_moves(&p, 2, &["2: 10-12", "2: 29-off"]);
    let p = setup(C, &[10, 30], &[1], 'x');
    assert_moves(&p, 1, &["1: 10-11+", "1: 30-off+"]);
    assert_eq!(after(&p, "1: 30-off+"), ps(&[10], &[1], 'x', 4, 4));
}

#[test]
fn classic_a_piece_on_30_moves_only_with_1() {
    let p = setup(C, &[30], &[1], 'x');
    for value in 2..=5 {
        assert_lost(&p, value, &format!("{value}: -"));
    }
    assert_moves(&p, 1, &["1: 30-off"]);
}

// ---- Falls ----

#[test]
fn classic_fall_from_28_with_any_roll_but_3_when_no_other_move() {
    let p = setup(C, &[28], &[1], 'x');
    assert_moves(&p, 1, &["1: 28-27<+"]);
    assert_moves(&p, 2, &["2: 28-27<"]);
    assert_moves(&p, 3, &["3: 28-off"]);
    assert_moves(&p, 4, &["4: 28-27<"]);
    assert_moves(&p, 5, &["5: 28-27<+"]);
    assert_eq!(after(&p, "1: 28-27<+"), ps(&[15], &[1], 'x', 4, 4));
    assert_eq!(after(&p, "4: 28-27<"), ps(&[15], &[1], 'o', 4, 4));
}

#[test]
fn classic_fall_from_29_with_any_roll_but_2_when_no_other_move() {
    let p = setup(C, &[29], &[1], 'x');
    assert_moves(&p, 1, &["1: 29-27<+"]);
    assert_moves(&p, 2, &["2: 29-off"]);
    assert_moves(&p, 3, &["3: 29-27<"]);
    assert_moves(&p, 4, &["4: 29-27<"]);
    assert_moves(&p, 5, &["5: 29-27<+"]);
    assert_eq!(after(&p, "3: 29-27<"), ps(&[15], &[1], 'o', 4, 4));
}

#[test]
fn classic_fall_only_when_no_other_move() {
    let p = setup(C, &[10, 28], &[1], 'x');
    assert_moves(&p, 1, &["1: 10-11+"]);
    assert_moves(&p, 4, &["4: 10-14"]);
    assert_eq!(why(&p, 1, 28, to(27)), IllegalMoveError::ForwardExists);
    // When the other piece is blocked, the fall is the move.
    let p = setup(C, &[10, 28], &[12], 'x');
    assert_moves(&p, 4, &["4: 28-27<"]);
    assert_eq!(after(&p, "4: 28-27<"), ps(&[10, 15], &[12], 'o', 3, 4));
    // Two pieces that can fall: either.
    let p = setup(C, &[28, 29], &[1], 'x');
    assert_moves(&p, 4, &["4: 28-27<", "4: 29-27<"]);
    assert_moves(&p, 1, &["1: 28-27<+", "1: 29-27<+"]);
    // 29 bears off with a 2 (nothing in the way): 28 does not fall.
    assert_moves(&p, 2, &["2: 29-off"]);
}

#[test]
fn classic_fall_is_not_a_journey_no_jumping_does_not_apply() {
    // 29 falls past o's piece on 28.
    let p = setup(C, &[29], &[28], 'x');
    assert_moves(&p, 1, &["1: 29-27<+"]);
    assert_eq!(after(&p, "1: 29-27<+"), ps(&[15], &[28], 'x', 4, 4));
    // And comes to rest on 15 past pieces on 16..26.
    let p = setup(C, &[29], &[16, 20, 26], 'x');
    assert_eq!(after(&p, "4: 29-27<"), ps(&[15], &[16, 20, 26], 'o', 4, 2));
}

#[test]
fn classic_exit_roll_never_falls_even_when_blocked() {
    let p = setup(C, &[28], &[30], 'x');
    assert_eq!(
        why(&p, 3, 28, OFF),
        IllegalMoveError::Blocked {
            house: house(30),
            why: Classic.why(Refusal::Blocked)
        }
    );
    assert!(p.find_move(roll(3), house(28), to(27)).is_err());
    assert_lost(&p, 3, "3: -");
    let p = setup(C, &[29], &[30], 'x');
    assert_lost(&p, 2, "2: -");
    // 28's exit is blocked by its own piece on 29; only 29 falls.
    let p = setup(C, &[28, 29], &[1], 'x');
    assert_moves(&p, 3, &["3: 29-27<"]);
}

#[test]
fn classic_fall_waits_on_27_when_15_is_taken() {
    let p = setup(C, &[28], &[15], 'x');
    assert_moves(&p, 2, &["2: 28-27<"]);
    assert_eq!(after(&p, "2: 28-27<"), ps(&[27], &[15], 'o', 4, 4));
}

#[test]
fn classic_fall_is_illegal_when_15_and_27_are_taken() {
    let p = pos(C, &ps(&[28], &[15, 27], 'x', 4, 3));
    assert_eq!(why(&p, 2, 28, to(27)), IllegalMoveError::WaterFull);
    assert_lost(&p, 2, "2: -");
    assert_moves(&p, 3, &["3: 28-off"]);
}

// ---- Landing ----

#[test]
fn classic_landing_on_own_piece_is_illegal() {
    let p = setup(C, &[10, 12], &[1], 'x');
    assert_moves(&p, 2, &["2: 12-14"]);
    assert_eq!(
        why(&p, 2, 10, to(12)),
        IllegalMoveError::OwnPiece { house: house(12) }
    );
}

#[test]
fn classic_special_houses_15_26_28_29_cannot_be_taken() {
    let p = setup(C, &[12], &[15], 'x');
    assert_eq!(
        why(&p, 3, 12, to(15)),
        IllegalMoveError::SafeHouse { house: house(15) }
    );
    assert_lost(&p, 3, "3: -");
    let p = setup(C, &[24], &[26], 'x');
    assert_eq!(
        why(&p, 2, 24, to(26)),
        IllegalMoveError::SafeHouse { house: house(26) }
    );
    assert_lost(&p, 2, "2: -");
    let p = setup(C, &[26], &[28], 'x');
    assert_eq!(
        why(&p, 2, 26, to(28)),
        IllegalMoveError::SafeHouse { house: house(28) }
    );
    assert_lost(&p, 2, "2: -");
    let p = setup(C, &[26], &[29], 'x');
    assert_eq!(
        why(&p, 3, 26, to(29)),
        IllegalMoveError::SafeHouse { house: house(29) }
    );
    assert_lost(&p, 3, "3: -");
    assert_moves(&p, 2, &["2: 26-28"]);
}

#[test]
fn classic_special_house_27_waiting_piece_cannot_be_taken() {
    let p = pos(C, &ps(&[15, 26], &[27], 'x', 3, 4));
    assert!(p.is_shielded(house(27)));
    assert!(p.is_shielded(house(15)));
}

#[test]
fn classic_opponent_on_30_is_swapped() {
    let p = setup(C, &[26], &[30], 'x');
    assert!(!p.is_shielded(house(30)));
    assert_moves(&p, 4, &["4: 26-30x"]);
    assert_eq!(after(&p, "4: 26-30x"), ps(&[30], &[26], 'o', 4, 4));
}

#[test]
fn classic_no_adjacency_protection() {
    let p = setup(C, &[10], &[12, 13], 'x');
    assert_moves(&p, 2, &["2: 10-12x"]);
    assert!(!p.is_shielded(house(12)));
    assert_eq!(after(&p, "2: 10-12x"), ps(&[12], &[10, 13], 'o', 4, 3));
}

// ---- Bearing off past pieces ----

#[test]
fn classic_bearing_off_from_26_may_not_jump_27_to_30() {
    let p = setup(C, &[2, 26], &[30], 'x');
    assert_eq!(
        why(&p, 5, 26, OFF),
        IllegalMoveError::Blocked {
            house: house(30),
            why: Classic.why(Refusal::Blocked)
        }
    );
    assert_moves(&p, 5, &["5: 2-7+"]);
    let p = setup(C, &[26], &[28], 'x');
    assert_lost(&p, 3, "3: -");
    assert_lost(&p, 4, "4: -");
    assert_lost(&p, 5, "5: -");
    assert_moves(&p, 1, &["1: 26-27+"]);
}

#[test]
fn classic_bearing_off_from_26_may_not_pass_a_piece_waiting_on_27() {
    // o waits on 27 (x holds 15).
    let p = pos(C, &ps(&[15, 26], &[27], 'x', 3, 4));
    assert_eq!(
        why(&p, 5, 26, OFF),
        IllegalMoveError::Blocked {
            house: house(27),
            why: Classic.why(Refusal::Blocked)
        }
    );
    assert_moves(&p, 5, &["5: 15-20+"]);
    assert_eq!(
        why(&p, 2, 26, to(28)),
        IllegalMoveError::Blocked {
            house: house(27),
            why: Classic.why(Refusal::Blocked)
        }
    );
    assert_moves(&p, 2, &["2: 15-17"]);
}

// ---- The water ----

#[test]
fn classic_water_goes_to_15_when_empty_passing_anything() {
    let p = setup(C, &[26], &[16, 20], 'x');
    assert_moves(&p, 1, &["1: 26-27+"]);
    assert_eq!(after(&p, "1: 26-27+"), ps(&[15], &[16, 20], 'x', 4, 3));
}

#[test]
fn classic_water_piece_waits_on_27_when_15_is_taken() {
    let p = setup(C, &[26], &[15], 'x');
    assert_moves(&p, 1, &["1: 26-27+"]);
    let waiting = play(&p, "1: 26-27+");
    assert_eq!(waiting.to_string(), ps(&[27], &[15], 'x', 4, 4));
    // Own piece on 15 too.
    let p = setup(C, &[15, 26], &[1], 'x');
    assert_moves(&p, 1, &["1: 15-16+", "1: 26-27+"]);
    assert_eq!(after(&p, "1: 26-27+"), ps(&[15, 27], &[1], 'x', 3, 4));
}

#[test]
fn classic_waiting_piece_never_moves_by_a_throw() {
    let p = pos(C, &ps(&[27], &[15], 'x', 4, 4));
    for value in 1..=5 {
        assert_lost(&p, value, &format!("{value}: -"));
    }
    assert!(matches!(
        why(&p, 1, 27, to(28)),
        IllegalMoveError::NoStep { .. }
    ));
    assert!(p.find_move(roll(4), house(27), OFF).is_err());
}

#[test]
fn classic_water_is_illegal_when_15_and_27_are_taken() {
    let p = pos(C, &ps(&[10, 26], &[15, 27], 'x', 3, 3));
    assert_eq!(why(&p, 1, 26, to(27)), IllegalMoveError::WaterFull);
    assert_moves(&p, 1, &["1: 10-11+"]);
}

#[test]
fn classic_waiting_piece_released_when_15_empties() {
    // o leaves 15: x's waiting piece goes there at once.
    let p = pos(C, &ps(&[10, 27], &[15], 'o', 3, 4));
    assert_moves(&p, 2, &["2: 15-17"]);
    assert_eq!(after(&p, "2: 15-17"), ps(&[10, 15], &[17], 'x', 3, 4));
    // x's own piece leaves 15.
    let p = pos(C, &ps(&[15, 27], &[1], 'x', 3, 4));
    assert_moves(&p, 2, &["2: 15-17"]);
    assert_eq!(after(&p, "2: 15-17"), ps(&[15, 17], &[1], 'o', 3, 4));
    // A swap out of 15 leaves 15 taken: the piece keeps waiting.
    let p = pos(C, &ps(&[15, 27], &[17], 'x', 3, 4));
    assert_eq!(after(&p, "2: 15-17x"), ps(&[17, 27], &[15], 'o', 3, 4));
}

#[test]
fn classic_release_is_not_a_move_along_the_track() {
    // Pieces on 19, 20 and 26 lie between 27 and 15.
    let p = pos(C, &ps(&[20, 27], &[15, 26], 'o', 3, 3));
    assert_moves(&p, 4, &["4: 15-19"]);
    assert_eq!(after(&p, "4: 15-19"), ps(&[15, 20], &[19, 26], 'x', 3, 3));
}

#[test]
fn classic_a_piece_stands_on_27_only_while_15_is_taken() {
    assert!(Position::parse(C, &ps(&[27], &[1], 'x', 4, 4)).is_err());
    assert!(Position::parse(C, &ps(&[27], &[15], 'x', 4, 4)).is_ok());
    assert!(Position::parse(C, &ps(&[15, 27], &[1], 'x', 3, 4)).is_ok());
}

// ---- Lost throws, end of game ----

#[test]
fn classic_a_side_with_a_legal_move_must_play_lost_only_when_none() {
    let p = setup(C, &[10], &[1], 'x');
    assert_eq!(
        p.lose_throw(roll(2)),
        Err(IllegalMoveError::MovesExist { count: 1 })
    );
    let p = setup(C, &[28], &[1], 'x');
    assert_eq!(
        p.lose_throw(roll(2)),
        Err(IllegalMoveError::MovesExist { count: 1 })
    );
}

#[test]
fn classic_first_side_with_all_five_off_wins() {
    let p = setup(C, &[30], &[1], 'x');
    let end = play(&p, "1: 30-off");
    assert_eq!(end.to_string(), ps(&[], &[1], 'o', 5, 4));
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::X)));
    assert_finished(&end);
    let p = setup(C, &[1], &[28], 'o');
    let end = play(&p, "3: 28-off");
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::O)));
}

#[test]
fn common_game_ending_move_passes_side_to_opponent_without_plus_classic() {
    let p = setup(C, &[26], &[1], 'x');
    assert_moves(&p, 5, &["5: 26-off"]);
    let end = play(&p, "5: 26-off");
    assert_eq!(end.side_to_throw(), Side::O);
    assert_eq!(end.to_string(), ps(&[], &[1], 'o', 5, 4));
    assert!(refused(&p, "5: 26-off+").to_string().contains("5: 26-off"));
}

#[test]
fn classic_finished_game_has_no_legal_moves_no_lost_throw_and_perft_1() {
    assert_finished(&pos(C, &ps(&[], &[3, 5], 'x', 5, 3)));
    assert_finished(&pos(C, &ps(&[15, 27], &[], 'x', 3, 5)));
}
