//! Skyruk (`docs/rules.md`, "Skyruk" and "Common ground"), clause by
//! clause, on hand-built positions. Positions are written with `ps`/`setup`
//! (the houses of each side; `setup` puts every other piece off the board).

use crate::common;

use common::*;
use senet::rulesets::Refusal;
use senet::rulesets::Skyruk;
use senet::{IllegalMoveError, MoveTextError, Outcome, Position, PositionError, Ruleset, Side};

const S: Skyruk = Skyruk;

// ---- Start, sides and throws ----

#[test]
fn skyruk_start_as_kendall_x_spools_on_even_houses_x_throws_first() {
    let start = Position::start(S);
    assert_eq!(start.to_string(), "oxoxoxoxox.................... x 0 0");
    assert_eq!(
        start.to_string(),
        ps(&[2, 4, 6, 8, 10], &[1, 3, 5, 7, 9], 'x', 0, 0)
    );
    assert_eq!(start.side_to_throw(), Side::X);
    assert_eq!(S.pieces_per_side(), 5);
    assert_eq!(pos(S, "oxoxoxoxox.................... x 0 0"), start);
    assert!(!start.is_over());
}

#[test]
fn skyruk_start_moves_for_each_roll_lone_pieces_neither_protect_nor_block() {
    let start = Position::start(S);
    assert_moves(
        &start,
        1,
        &["1: 2-3x+", "1: 4-5x+", "1: 6-7x+", "1: 8-9x+", "1: 10-11+"],
    );
    assert_moves(&start, 2, &["2: 10-12"]);
    assert_moves(
        &start,
        3,
        &["3: 2-5x", "3: 4-7x", "3: 6-9x", "3: 8-11", "3: 10-13"],
    );
    assert_moves(&start, 4, &["4: 8-12+", "4: 10-14+"]);
    assert_moves(
        &start,
        5,
        &["5: 2-7x+", "5: 4-9x+", "5: 6-11+", "5: 8-13+", "5: 10-15+"],
    );
    assert_eq!(senet::perft(&start, 1), 18);
}

#[test]
fn skyruk_throws_four_sticks_as_kendall() {
    assert_four_sticks(S.dice());
}

#[test]
fn skyruk_a_move_is_one_piece_moved_by_exactly_the_roll_except_the_excess_to_26() {
    let p = setup(S, &[10, 24], &[1], 'x');
    assert!(matches!(
        why(&p, 2, 10, to(13)),
        IllegalMoveError::WrongTarget { .. }
    ));
    // 24+4 is 28, but the piece goes to 26.
    assert!(matches!(
        why(&p, 4, 24, to(28)),
        IllegalMoveError::WrongTarget { .. }
    ));
    assert_eq!(
        why(&p, 2, 11, to(13)),
        IllegalMoveError::NoPiece {
            side: Side::X,
            house: house(11)
        }
    );
}

// ---- Turn ----

#[test]
fn skyruk_turn_roll_1_4_5_throw_again_after_a_move() {
    let p = setup(S, &[10], &[1], 'x');
    assert_eq!(after(&p, "1: 10-11+"), ps(&[11], &[1], 'x', 4, 4));
    assert_eq!(after(&p, "4: 10-14+"), ps(&[14], &[1], 'x', 4, 4));
    assert_eq!(after(&p, "5: 10-15+"), ps(&[15], &[1], 'x', 4, 4));
}

#[test]
fn skyruk_turn_roll_2_3_pass_the_sticks_after_a_move() {
    let p = setup(S, &[10], &[1], 'x');
    assert_eq!(after(&p, "2: 10-12"), ps(&[12], &[1], 'o', 4, 4));
    assert_eq!(after(&p, "3: 10-13"), ps(&[13], &[1], 'o', 4, 4));
    let p = setup(S, &[30], &[10], 'o');
    assert_eq!(after(&p, "2: 10-12"), ps(&[30], &[12], 'x', 4, 4));
}

#[test]
fn skyruk_turn_a_move_that_ends_on_26_throws_again_whatever_the_roll() {
    let p = setup(S, &[23], &[1], 'x');
    assert_moves(&p, 2, &["2: 23-25"]);
    assert_moves(&p, 3, &["3: 23-26+"]);
    assert_eq!(after(&p, "3: 23-26+"), ps(&[26], &[1], 'x', 4, 4));
    let p = setup(S, &[24], &[1], 'x');
    assert_eq!(after(&p, "2: 24-26+"), ps(&[26], &[1], 'x', 4, 4));
    assert!(matches!(
        refused(&p, "2: 24-26"),
        MoveTextError::Suffix { .. }
    ));
}

#[test]
fn skyruk_turn_a_lost_throw_always_passes_whatever_the_roll() {
    // 1+1, 1+2 are o's protected group ends; past them, the whole group.
    let p = setup(S, &[1], &[2, 3], 'x');
    for value in 1..=5 {
        let next = assert_lost(&p, value, &format!("{value}: -"));
        assert_eq!(next.to_string(), ps(&[1], &[2, 3], 'o', 4, 3));
    }
    // A 5 that does not move a piece on 27 passes too.
    let p = setup(S, &[27], &[1], 'x');
    let next = assert_lost(&p, 5, "5: -");
    assert_eq!(next.to_string(), ps(&[27], &[1], 'o', 4, 4));
}

// ---- Groups and protection ----

#[test]
fn skyruk_group_ends_are_protected_the_middle_is_not() {
    let p = setup(S, &[8], &[10, 11, 12], 'x');
    assert!(p.is_shielded(house(10)));
    assert!(!p.is_shielded(house(11)));
    assert!(p.is_shielded(house(12)));
    assert_eq!(
        why(&p, 2, 8, to(10)),
        IllegalMoveError::Protected {
            house: house(10),
            why: S.why(Refusal::Protected)
        }
    );
    assert_eq!(
        why(&p, 4, 8, to(12)),
        IllegalMoveError::Protected {
            house: house(12),
            why: S.why(Refusal::Protected)
        }
    );
    assert_moves(&p, 3, &["3: 8-11x"]);
    assert_eq!(after(&p, "3: 8-11x"), ps(&[11], &[8, 10, 12], 'o', 4, 2));
    // No forward move with 2 or 4: back.
    assert_moves(&p, 2, &["2: 8-6<"]);
    assert_moves(&p, 4, &["4: 8-4<+"]);
}

#[test]
fn skyruk_a_lone_piece_is_not_protected() {
    let p = setup(S, &[11], &[14], 'x');
    assert!(!p.is_shielded(house(14)));
    assert_moves(&p, 3, &["3: 11-14x"]);
    assert_eq!(after(&p, "3: 11-14x"), ps(&[14], &[11], 'o', 4, 4));
    // Only the target's own side makes a group.
    let p = setup(S, &[11, 13], &[14], 'x');
    assert_moves(&p, 3, &["3: 11-14x", "3: 13-16"]);
}

#[test]
fn skyruk_a_piece_on_15_is_always_protected() {
    let p = setup(S, &[12], &[15], 'x');
    assert!(p.is_shielded(house(15)));
    assert!(matches!(
        why(&p, 3, 12, to(15)),
        IllegalMoveError::SafeHouse { .. } | IllegalMoveError::Protected { .. }
    ));
    assert_moves(&p, 3, &["3: 12-9<"]);
}

#[test]
fn skyruk_26_counts_like_any_house_in_a_group() {
    // o on 25 ends the group 25-26: protected.
    let p = setup(S, &[23], &[25, 26], 'x');
    assert!(p.is_shielded(house(25)));
    assert_eq!(
        why(&p, 2, 23, to(25)),
        IllegalMoveError::Protected {
            house: house(25),
            why: S.why(Refusal::Protected)
        }
    );
    assert_moves(&p, 2, &["2: 23-21<"]);
    // Alone on 25 it is not.
    let p = setup(S, &[23], &[25], 'x');
    assert_moves(&p, 2, &["2: 23-25x"]);
}

// ---- Blockades ----

#[test]
fn skyruk_blockade_a_whole_opponent_group_between_blocks_a_forward_move() {
    let p = setup(S, &[8], &[10, 11, 12], 'x');
    assert!(matches!(
        why(&p, 5, 8, to(13)),
        IllegalMoveError::Blocked { .. }
    ));
    assert_moves(&p, 5, &["5: 8-3<+"]);
    assert!(p.blocks_passage(house(12)));
}

#[test]
fn skyruk_blockade_a_lone_piece_never_blocks() {
    let p = setup(S, &[10], &[12], 'x');
    assert_moves(&p, 5, &["5: 10-15+"]);
    assert_moves(&p, 3, &["3: 10-13"]);
    assert!(!p.blocks_passage(house(12)));
}

#[test]
fn skyruk_blockade_example_2_23_25x_past_part_of_a_group_lands_by_protection_alone() {
    // o's group 24-26: 23+2 passes only 24 and lands on 25, inside it.
    let p = setup(S, &[23], &[24, 25, 26], 'x');
    assert_moves(&p, 2, &["2: 23-25x"]);
    assert_eq!(after(&p, "2: 23-25x"), ps(&[25], &[23, 24, 26], 'o', 4, 2));
    // 24 ends the group: protected.
    assert!(matches!(
        why(&p, 1, 23, to(24)),
        IllegalMoveError::Protected { .. }
    ));
    assert_moves(&p, 1, &["1: 23-22<+"]);
}

#[test]
fn skyruk_blockade_blocks_backward_moves() {
    // Forward, 17+3.. passes the whole group 19-20 (17+2 lands on its
    // protected end); back, 17-5 passes the whole group 13-14.
    let p = setup(S, &[17], &[13, 14, 19, 20], 'x');
    assert!(matches!(
        why(&p, 5, 17, to(22)),
        IllegalMoveError::Blocked { .. }
    ));
    assert!(matches!(
        why(&p, 5, 17, to(12)),
        IllegalMoveError::Blocked { .. }
    ));
    assert_lost(&p, 5, "5: -");
    assert_lost(&p, 4, "4: -");
    assert_lost(&p, 3, "3: -");
    assert_moves(&p, 2, &["2: 17-15<"]);
    assert_moves(&p, 1, &["1: 17-18+"]);
}

#[test]
fn skyruk_blockade_blocks_the_move_to_26_whatever_the_excess() {
    let p = setup(S, &[22], &[24, 25], 'x');
    assert!(matches!(
        why(&p, 5, 22, to(26)),
        IllegalMoveError::Blocked { .. }
    ));
    assert!(matches!(
        why(&p, 4, 22, to(26)),
        IllegalMoveError::Blocked { .. }
    ));
    assert_moves(&p, 4, &["4: 22-18<+"]);
    assert_moves(&p, 5, &["5: 22-17<+"]);
    assert_moves(&p, 1, &["1: 22-23+"]);
}

#[test]
fn skyruk_blockade_moves_from_26_to_30_are_never_blocked() {
    let p = setup(S, &[10, 26], &[28, 29], 'x');
    assert_moves(&p, 4, &["4: 26-30+"]);
    assert_moves(&p, 5, &["5: 26-off+"]);
    assert_eq!(after(&p, "4: 26-30+"), ps(&[10, 30], &[28, 29], 'x', 3, 3));
    let p = setup(S, &[27], &[28, 29], 'x');
    assert_moves(&p, 4, &["4: 27-off"]);
}

// ---- 26 first ----

#[test]
fn skyruk_26_first_a_piece_on_26_is_the_only_piece_its_side_may_move() {
    let p = setup(S, &[10, 26], &[1], 'x');
    assert_moves(&p, 1, &["1: 26-27+"]);
    assert_moves(&p, 2, &["2: 26-28"]);
    assert_moves(&p, 3, &["3: 26-29"]);
    assert_moves(&p, 4, &["4: 26-30+"]);
    assert_moves(&p, 5, &["5: 26-off+"]);
    assert_eq!(
        why(&p, 1, 10, to(11)),
        IllegalMoveError::Held {
            house: house(10),
            why: S.why(Refusal::Held)
        }
    );
}

#[test]
fn skyruk_26_first_even_before_a_piece_on_27() {
    let p = setup(S, &[26, 27], &[1], 'x');
    assert_moves(&p, 4, &["4: 26-30+"]);
    assert!(matches!(why(&p, 4, 27, OFF), IllegalMoveError::Held { .. }));
    // 27 is taken: the piece goes on to 15.
    assert_moves(&p, 1, &["1: 26-27+"]);
    assert_eq!(after(&p, "1: 26-27+"), ps(&[15, 27], &[1], 'x', 3, 4));
}

#[test]
fn skyruk_26_first_the_piece_on_26_always_has_a_move() {
    // 27 to 30 all taken: the water sends the piece on to 15.
    let p = setup(S, &[26, 27], &[28, 29, 30], 'x');
    for (value, text) in [
        (1, "1: 26-27+"),
        (2, "2: 26-27"),
        (3, "3: 26-27"),
        (4, "4: 26-27+"),
    ] {
        assert_moves(&p, value, &[text]);
    }
    assert_moves(&p, 5, &["5: 26-off+"]);
    assert_eq!(
        after(&p, "3: 26-27"),
        ps(&[15, 27], &[28, 29, 30], 'o', 3, 2)
    );
}

// ---- Forward moves ----

#[test]
fn skyruk_forward_up_to_25_own_piece_is_illegal() {
    let p = setup(S, &[10, 12], &[1], 'x');
    assert_eq!(
        why(&p, 2, 10, to(12)),
        IllegalMoveError::OwnPiece { house: house(12) }
    );
    assert_moves(&p, 2, &["2: 12-14"]);
}

#[test]
fn skyruk_forward_up_to_25_an_unprotected_opponent_is_swapped() {
    let p = setup(S, &[10], &[12], 'x');
    assert_moves(&p, 2, &["2: 10-12x"]);
    assert_eq!(after(&p, "2: 10-12x"), ps(&[12], &[10], 'o', 4, 4));
}

#[test]
fn skyruk_forward_example_4_24_26_any_excess_goes_to_26() {
    let p = setup(S, &[24], &[1], 'x');
    assert_moves(&p, 1, &["1: 24-25+"]);
    assert_moves(&p, 2, &["2: 24-26+"]);
    assert_moves(&p, 3, &["3: 24-26+"]);
    assert_moves(&p, 4, &["4: 24-26+"]);
    assert_moves(&p, 5, &["5: 24-26+"]);
    assert_eq!(after(&p, "4: 24-26+"), ps(&[26], &[1], 'x', 4, 4));
}

#[test]
fn skyruk_forward_to_26_only_while_26_is_empty() {
    let p = setup(S, &[24], &[26], 'x');
    assert!(p.find_move(roll(4), house(24), to(26)).is_err());
    assert!(matches!(
        why(&p, 2, 24, to(26)),
        IllegalMoveError::SafeHouse { .. }
    ));
    assert_moves(&p, 1, &["1: 24-25+"]);
    assert_moves(&p, 2, &["2: 24-22<"]);
    assert_moves(&p, 4, &["4: 24-20<+"]);
    assert_moves(&p, 5, &["5: 24-19<+"]);
}

#[test]
fn skyruk_from_26_roll_5_bears_off_roll_1_goes_into_the_water() {
    let p = setup(S, &[10, 26], &[1], 'x');
    assert_eq!(after(&p, "5: 26-off+"), ps(&[10], &[1], 'x', 4, 4));
    let next = play(&p, "1: 26-27+");
    assert_eq!(next.to_string(), ps(&[10, 27], &[1], 'x', 3, 4));
    assert!(p.moves(roll(1)).get(0).unwrap().is_water());
}

#[test]
fn skyruk_from_26_rolls_2_3_4_to_28_29_30_when_empty_else_into_the_water_never_a_swap() {
    let p = setup(S, &[26], &[28, 30], 'x');
    assert_moves(&p, 2, &["2: 26-27"]);
    assert_moves(&p, 3, &["3: 26-29"]);
    assert_moves(&p, 4, &["4: 26-27+"]);
    assert_eq!(after(&p, "2: 26-27"), ps(&[27], &[28, 30], 'o', 4, 3));
    assert_eq!(after(&p, "4: 26-27+"), ps(&[27], &[28, 30], 'x', 4, 3));
    assert!(p.find_move(roll(2), house(26), to(28)).is_err());
    // Own pieces send it into the water too.
    let p = setup(S, &[26, 28], &[1], 'x');
    assert_moves(&p, 2, &["2: 26-27"]);
    assert_eq!(after(&p, "2: 26-27"), ps(&[27, 28], &[1], 'o', 3, 4));
}

#[test]
fn skyruk_water_example_2_26_27_written_with_27_and_no_backward_mark() {
    let p = setup(S, &[26], &[28, 29], 'x');
    assert_moves(&p, 2, &["2: 26-27"]);
    assert_moves(&p, 3, &["3: 26-27"]);
    let mv = p.find_move(roll(2), house(26), to(27)).unwrap();
    assert!(mv.is_water());
    assert!(!mv.is_backward());
    assert_eq!(after(&p, "2: 26-27"), ps(&[27], &[28, 29], 'o', 4, 3));
    assert!(matches!(
        refused(&p, "2: 26-27<"),
        MoveTextError::Suffix { .. }
    ));
}

#[test]
fn skyruk_from_27_example_1_27_15_returns_to_15_written_with_the_landing_house() {
    let p = setup(S, &[27], &[1], 'x');
    assert_moves(&p, 1, &["1: 27-15<+"]);
    assert_moves(&p, 2, &["2: 27-15<"]);
    assert_moves(&p, 3, &["3: 27-15<"]);
    assert_eq!(after(&p, "1: 27-15<+"), ps(&[15], &[1], 'x', 4, 4));
    assert_eq!(after(&p, "3: 27-15<"), ps(&[15], &[1], 'o', 4, 4));
    assert!(matches!(
        refused(&p, "1: 27-15+"),
        MoveTextError::Suffix { .. }
    ));
}

#[test]
fn skyruk_from_27_when_15_is_taken_to_the_first_empty_house_below() {
    let p = setup(S, &[27], &[14, 15], 'x');
    assert_moves(&p, 1, &["1: 27-13<+"]);
    assert_moves(&p, 2, &["2: 27-13<"]);
    assert_eq!(after(&p, "1: 27-13<+"), ps(&[13], &[14, 15], 'x', 4, 3));
    // Own pieces count as taken too.
    let p = setup(S, &[13, 27], &[14, 15], 'x');
    assert_moves(&p, 3, &["3: 27-12<"]);
    assert_eq!(after(&p, "3: 27-12<"), ps(&[12, 13], &[14, 15], 'o', 3, 3));
}

#[test]
fn skyruk_from_27_roll_4_bears_off() {
    let p = setup(S, &[10, 27], &[1], 'x');
    assert_moves(&p, 4, &["4: 10-14+", "4: 27-off+"]);
    assert_eq!(after(&p, "4: 27-off+"), ps(&[10], &[1], 'x', 4, 4));
}

#[test]
fn skyruk_from_27_roll_5_no_move_for_that_piece_other_pieces_move() {
    let p = setup(S, &[10, 27], &[1], 'x');
    assert_moves(&p, 5, &["5: 10-15+"]);
    assert!(matches!(
        why(&p, 5, 27, OFF),
        IllegalMoveError::NoStep { .. }
    ));
    // Not a forward move: with no other forward move, another piece goes back.
    let p = setup(S, &[20, 27], &[25, 26], 'x');
    assert_moves(&p, 5, &["5: 20-15<+"]);
    assert_eq!(after(&p, "5: 20-15<+"), ps(&[15, 27], &[25, 26], 'x', 3, 3));
}

#[test]
fn skyruk_from_27_the_return_is_never_blocked() {
    // o's whole group 20-21 lies between 27 and 15.
    let p = setup(S, &[27], &[20, 21], 'x');
    assert_moves(&p, 1, &["1: 27-15<+"]);
    assert_moves(&p, 2, &["2: 27-15<"]);
    assert_eq!(after(&p, "2: 27-15<"), ps(&[15], &[20, 21], 'o', 4, 3));
}

#[test]
fn skyruk_28_bears_off_only_with_3_29_only_with_2_30_with_any_roll() {
    let p = setup(S, &[28, 29, 30], &[1], 'x');
    assert_moves(&p, 1, &["1: 30-off+"]);
    assert_moves(&p, 2, &["2: 29-off", "2: 30-off"]);
    assert_moves(&p, 3, &["3: 28-off", "3: 30-off"]);
    assert_moves(&p, 4, &["4: 30-off+"]);
    assert_moves(&p, 5, &["5: 30-off+"]);
    let p = setup(S, &[28], &[1], 'x');
    assert_moves(&p, 3, &["3: 28-off"]);
    for value in [1, 2, 4, 5] {
        assert_lost(&p, value, &format!("{value}: -"));
    }
}

// ---- The water ----

#[test]
fn skyruk_water_a_piece_from_26_stays_on_27_when_27_is_empty() {
    let p = setup(S, &[26], &[1], 'x');
    let next = play(&p, "1: 26-27+");
    assert_eq!(next.to_string(), ps(&[27], &[1], 'x', 4, 4));
    assert_eq!(next.piece_at(house(27)), Some(Side::X));
}

#[test]
fn skyruk_water_when_27_is_taken_goes_on_to_15_or_the_first_empty_house_below() {
    let p = setup(S, &[26], &[27], 'x');
    assert_eq!(after(&p, "1: 26-27+"), ps(&[15], &[27], 'x', 4, 4));
    let p = setup(S, &[26], &[15, 27], 'x');
    assert_eq!(after(&p, "1: 26-27+"), ps(&[14], &[15, 27], 'x', 4, 3));
    let p = setup(S, &[26], &[14, 15, 27], 'x');
    assert_moves(&p, 1, &["1: 26-27+"]);
    assert_eq!(after(&p, "1: 26-27+"), ps(&[13], &[14, 15, 27], 'x', 4, 2));
    assert!(matches!(
        refused(&p, "1: 26-27<+"),
        MoveTextError::Suffix { .. }
    ));
}

#[test]
fn skyruk_a_piece_may_stand_on_27() {
    for text in [
        ps(&[27], &[1], 'x', 4, 4),
        ps(&[10], &[27], 'o', 4, 4),
        ps(&[15, 27], &[14], 'x', 3, 4),
    ] {
        assert_eq!(pos(S, &text).to_string(), text);
    }
}

// ---- Backward ----

#[test]
fn skyruk_backward_only_when_no_forward_move_moves_from_26_to_30_count_as_forward() {
    let p = setup(S, &[25, 28], &[26], 'x');
    assert_moves(&p, 3, &["3: 28-off"]);
    assert_eq!(why(&p, 3, 25, to(22)), IllegalMoveError::ForwardExists);
    // 28 has no move with a 1; 25+1 is o's 26.
    assert_moves(&p, 1, &["1: 25-24<+"]);
    assert_moves(&p, 2, &["2: 25-23<"]);
}

#[test]
fn skyruk_backward_swap_sends_the_opponent_forward_to_the_movers_start() {
    // 17+1 is the protected end 18 of o's 18-19; 16 is a lone o piece.
    let p = setup(S, &[17], &[13, 14, 16, 18, 19], 'x');
    assert_moves(&p, 1, &["1: 17-16x<+"]);
    assert_eq!(
        after(&p, "1: 17-16x<+"),
        ps(&[16], &[13, 14, 17, 18, 19], 'x', 4, 0)
    );
    assert_moves(&p, 2, &["2: 17-15<"]);
}

#[test]
fn skyruk_backward_obeys_the_landing_and_blockade_rules() {
    let p = setup(S, &[17], &[13, 14, 16, 18, 19], 'x');
    // 17-3 and 17-4 land on protected group ends; 17-5 passes 13-14.
    assert!(matches!(
        why(&p, 3, 17, to(14)),
        IllegalMoveError::Protected { .. }
    ));
    assert!(matches!(
        why(&p, 4, 17, to(13)),
        IllegalMoveError::Protected { .. }
    ));
    assert!(matches!(
        why(&p, 5, 17, to(12)),
        IllegalMoveError::Blocked { .. }
    ));
    assert_lost(&p, 3, "3: -");
    assert_lost(&p, 4, "4: -");
    assert_lost(&p, 5, "5: -");
}

#[test]
fn skyruk_backward_pieces_on_26_to_30_never_move_backward() {
    let p = setup(S, &[28], &[1], 'x');
    assert!(p.find_move(roll(1), house(28), to(27)).is_err());
    assert_lost(&p, 1, "1: -");
    let p = setup(S, &[30], &[1], 'x');
    assert_moves(&p, 2, &["2: 30-off"]);
}

#[test]
fn skyruk_backward_target_is_at_least_1() {
    let p = setup(S, &[1], &[2, 3], 'x');
    assert!(p.find_move(roll(1), house(1), to(1)).is_err());
    assert_lost(&p, 2, "2: -");
}

// ---- Lost throws, end of game ----

#[test]
fn skyruk_a_side_with_a_legal_move_must_play_lost_only_when_none() {
    let p = setup(S, &[10], &[1], 'x');
    assert_eq!(
        p.lose_throw(roll(2)),
        Err(IllegalMoveError::MovesExist { count: 1 })
    );
    // A backward move counts.
    let p = setup(S, &[24], &[26], 'x');
    assert_eq!(
        p.lose_throw(roll(2)),
        Err(IllegalMoveError::MovesExist { count: 1 })
    );
    assert!(matches!(refused(&p, "2: -"), MoveTextError::NotLost { .. }));
}

#[test]
fn skyruk_first_side_with_all_five_off_wins() {
    let p = setup(S, &[26], &[1], 'x');
    let end = play(&p, "5: 26-off");
    assert_eq!(end.to_string(), ps(&[], &[1], 'o', 5, 4));
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::X)));
    assert_finished(&end);
    let p = setup(S, &[1], &[30], 'o');
    for value in 1..=5 {
        let end = play(&p, &format!("{value}: 30-off"));
        assert_eq!(end.to_string(), ps(&[1], &[], 'x', 4, 5));
        assert_eq!(end.outcome(), Some(Outcome::Win(Side::O)));
        assert_finished(&end);
    }
    assert!(!setup(S, &[30], &[1], 'x').is_over());
}

#[test]
fn common_game_ending_move_passes_side_to_opponent_without_plus_skyruk() {
    // A 5 would throw again, but the game is over.
    let p = setup(S, &[26], &[1], 'x');
    assert_moves(&p, 5, &["5: 26-off"]);
    assert!(refused(&p, "5: 26-off+").to_string().contains("5: 26-off"));
    // So would a 4 from 27.
    let p = setup(S, &[27], &[1], 'x');
    assert_moves(&p, 4, &["4: 27-off"]);
    let end = play(&p, "4: 27-off");
    assert_eq!(end.side_to_throw(), Side::O);
    assert_eq!(end.to_string(), ps(&[], &[1], 'o', 5, 4));
}

#[test]
fn skyruk_finished_game_has_no_legal_moves_no_lost_throw_and_perft_1() {
    assert_finished(&pos(S, &ps(&[], &[3, 5], 'x', 5, 3)));
    assert_finished(&pos(S, &ps(&[26, 27], &[], 'o', 3, 5)));
}

#[test]
fn skyruk_no_draws_both_sides_cannot_both_finish() {
    assert_eq!(
        Position::parse(S, &ps(&[], &[], 'x', 5, 5)),
        Err(PositionError::BothFinished)
    );
}

// ---- Position strings ----

#[test]
fn skyruk_position_string_rejects_uppercase_pieces_even_on_15() {
    for text in [
        "oxoxoxoxo.....X............... x 0 0",
        "oxoxoxox.x....O............... x 0 0",
        "Oxoxoxoxox.................... x 0 0",
    ] {
        assert!(
            matches!(
                Position::parse(S, text),
                Err(PositionError::MarkedPiece { .. })
            ),
            "{text}"
        );
    }
}

#[test]
fn skyruk_position_string_rejects_wrong_piece_counts() {
    assert!(matches!(
        Position::parse(S, "oxoxoxoxo..................... x 0 0"),
        Err(PositionError::MissingPieces { .. })
    ));
    assert!(matches!(
        Position::parse(S, "oxoxoxoxox.................... x 1 0"),
        Err(PositionError::TooManyPieces { .. })
    ));
    assert!(matches!(
        Position::parse(S, "oxoxoxoxoxo................... x 0 0"),
        Err(PositionError::TooManyPieces { .. })
    ));
}
