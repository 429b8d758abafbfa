//! Temple (`docs/rules.md`, "Temple" and "Common ground"), clause by
//! clause, on hand-built positions.

use crate::common;

use common::*;
use senet::rulesets::Refusal;
use senet::rulesets::Temple;
use senet::{IllegalMoveError, Outcome, Position, Ruleset, Side};

const T: Temple = Temple;

// ---- Start, sides and throws ----

#[test]
fn temple_start_x_player_on_odd_houses_o_guardian_on_even_houses_x_throws_first() {
    let start = Position::start(T);
    assert_eq!(start.to_string(), "xoxoxoxoxo.................... x 0 0");
    assert_eq!(
        start.to_string(),
        ps(&[1, 3, 5, 7, 9], &[2, 4, 6, 8, 10], 'x', 0, 0)
    );
    assert_eq!(start.side_to_throw(), Side::X);
    assert_eq!(T.pieces_per_side(), 5);
    assert_eq!(pos(T, "xoxoxoxoxo.................... x 0 0"), start);
}

#[test]
fn temple_start_moves_for_each_roll() {
    let start = Position::start(T);
    assert_moves(
        &start,
        1,
        &["1: 1-2x+", "1: 3-4x+", "1: 5-6x+", "1: 7-8x+", "1: 9-10x+"],
    );
    assert_moves(&start, 2, &["2: 9-11"]);
    assert_moves(
        &start,
        3,
        &["3: 1-4x+", "3: 3-6x+", "3: 5-8x+", "3: 7-10x+", "3: 9-12+"],
    );
    assert_moves(&start, 4, &["4: 7-11+", "4: 9-13+"]);
    assert_moves(
        &start,
        5,
        &["5: 1-6x+", "5: 3-8x+", "5: 5-10x+", "5: 7-12+", "5: 9-14+"],
    );
}

#[test]
fn temple_throws_four_sticks_with_p_4_6_4_1_1_of_16() {
    assert_four_sticks(T.dice());
}

// ---- Turn ----

#[test]
fn temple_turn_rolls_1_3_4_5_throw_again_when_a_move_was_made() {
    let p = setup(T, &[10], &[1], 'x');
    assert_eq!(after(&p, "1: 10-11+"), ps(&[11], &[1], 'x', 4, 4));
    assert_eq!(after(&p, "3: 10-13+"), ps(&[13], &[1], 'x', 4, 4));
    assert_eq!(after(&p, "4: 10-14+"), ps(&[14], &[1], 'x', 4, 4));
    assert_eq!(after(&p, "5: 10-15+"), ps(&[15], &[1], 'x', 4, 4));
}

#[test]
fn temple_turn_roll_2_ends_the_turn() {
    let p = setup(T, &[10], &[1], 'x');
    assert_eq!(after(&p, "2: 10-12"), ps(&[12], &[1], 'o', 4, 4));
    let p = setup(T, &[30], &[10], 'o');
    assert_eq!(after(&p, "2: 10-12"), ps(&[30], &[12], 'x', 4, 4));
}

#[test]
fn temple_turn_a_lost_throw_always_ends_the_turn() {
    // Forward: own pieces or o's protected pieces; backward: own pieces.
    let p = setup(T, &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10], 'x');
    for value in 1..=5 {
        let next = assert_lost(&p, value, &format!("{value}: -"));
        assert_eq!(
            next.to_string(),
            ps(&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10], 'o', 0, 0)
        );
    }
}

// ---- Forward moves ----

#[test]
fn temple_forward_from_up_to_25_target_is_start_plus_roll() {
    let p = setup(T, &[20], &[1], 'x');
    assert_moves(&p, 1, &["1: 20-21+"]);
    assert_moves(&p, 2, &["2: 20-22"]);
    assert_moves(&p, 3, &["3: 20-23+"]);
    assert_moves(&p, 4, &["4: 20-24+"]);
    assert_moves(&p, 5, &["5: 20-25+"]);
}

#[test]
fn temple_mandatory_stop_on_26_on_an_exact_count() {
    let p = setup(T, &[10, 23], &[1], 'x');
    assert_moves(&p, 3, &["3: 10-13+", "3: 23-26+"]);
    assert_moves(&p, 4, &["4: 10-14+"]);
    assert_moves(&p, 5, &["5: 10-15+"]);
    assert!(p.find_move(roll(4), house(23), to(27)).is_err());
    assert_eq!(after(&p, "3: 23-26+"), ps(&[10, 26], &[1], 'x', 3, 4));
}

#[test]
fn temple_water_move_between_other_moves_is_the_only_one_into_the_water() {
    let p = setup(T, &[10, 26, 30], &[1], 'x');
    assert_moves(&p, 1, &["1: 10-11+", "1: 26-27+", "1: 30-off+"]);
    assert_eq!(
        starts_and_water(&p, 1),
        (vec![10, 26, 30], vec![false, true, false])
    );
}

#[test]
fn temple_from_26_roll_1_goes_into_the_water() {
    let p = setup(T, &[26], &[1], 'x');
    assert_moves(&p, 1, &["1: 26-27+"]);
    assert_eq!(after(&p, "1: 26-27+"), ps(&[15], &[1], 'x', 4, 4));
}

#[test]
fn temple_from_26_rolls_2_3_4_go_to_28_29_30() {
    let p = setup(T, &[26], &[1], 'x');
    assert_eq!(after(&p, "2: 26-28"), ps(&[28], &[1], 'o', 4, 4));
    assert_eq!(after(&p, "3: 26-29+"), ps(&[29], &[1], 'x', 4, 4));
    assert_eq!(after(&p, "4: 26-30+"), ps(&[30], &[1], 'x', 4, 4));
}

#[test]
fn temple_from_26_roll_5_is_illegal_26_is_not_an_exit() {
    let p = setup(T, &[10, 26], &[1], 'x');
    assert_moves(&p, 5, &["5: 10-15+"]);
    assert!(p.find_move(roll(5), house(26), OFF).is_err());
    // With no forward move the piece on 26 goes back instead.
    let p = setup(T, &[26], &[1], 'x');
    assert_moves(&p, 5, &["5: 26-21<+"]);
}

#[test]
fn temple_from_28_roll_1_to_29_2_to_30_3_off_4_and_5_illegal() {
    let p = setup(T, &[2, 28], &[20], 'x');
    assert_moves(&p, 1, &["1: 2-3+", "1: 28-29+"]);
    assert_moves(&p, 2, &["2: 2-4", "2: 28-30"]);
    assert_moves(&p, 3, &["3: 2-5+", "3: 28-off+"]);
    assert_moves(&p, 4, &["4: 2-6+"]);
    assert_moves(&p, 5, &["5: 2-7+"]);
    assert_eq!(after(&p, "3: 28-off+"), ps(&[2], &[20], 'x', 4, 4));
    assert_eq!(after(&p, "1: 28-29+"), ps(&[2, 29], &[20], 'x', 3, 4));
}

#[test]
fn temple_from_29_roll_1_to_30_2_off_3_or_more_illegal() {
    let p = setup(T, &[2, 29], &[20], 'x');
    assert_moves(&p, 1, &["1: 2-3+", "1: 29-30+"]);
    assert_moves(&p, 2, &["2: 2-4", "2: 29-off"]);
    assert_moves(&p, 3, &["3: 2-5+"]);
    assert_moves(&p, 4, &["4: 2-6+"]);
    assert_moves(&p, 5, &["5: 2-7+"]);
    assert_eq!(after(&p, "2: 29-off"), ps(&[2], &[20], 'o', 4, 4));
}

#[test]
fn temple_from_30_any_roll_bears_off() {
    let p = setup(T, &[2, 30], &[20], 'x');
    assert_moves(&p, 1, &["1: 2-3+", "1: 30-off+"]);
    assert_moves(&p, 2, &["2: 2-4", "2: 30-off"]);
    assert_moves(&p, 3, &["3: 2-5+", "3: 30-off+"]);
    assert_moves(&p, 4, &["4: 2-6+", "4: 30-off+"]);
    assert_moves(&p, 5, &["5: 2-7+", "5: 30-off+"]);
    assert_eq!(after(&p, "5: 30-off+"), ps(&[2], &[20], 'x', 4, 4));
}

// ---- Landing ----

#[test]
fn temple_landing_on_own_piece_is_illegal() {
    let p = setup(T, &[10, 12], &[1], 'x');
    assert_moves(&p, 2, &["2: 12-14"]);
    assert_eq!(
        why(&p, 2, 10, to(12)),
        IllegalMoveError::OwnPiece { house: house(12) }
    );
}

#[test]
fn temple_landing_on_a_lone_opponent_swaps_it_to_the_movers_start() {
    let p = setup(T, &[11], &[1, 14], 'x');
    assert_moves(&p, 3, &["3: 11-14x+"]);
    assert_eq!(after(&p, "3: 11-14x+"), ps(&[14], &[1, 11], 'x', 4, 3));
}

#[test]
fn temple_opponent_protected_by_a_neighbour_cannot_be_landed_on() {
    let p = setup(T, &[11], &[13, 14], 'x');
    assert_eq!(
        why(&p, 2, 11, to(13)),
        IllegalMoveError::Protected {
            house: house(13),
            why: Temple.why(Refusal::Protected)
        }
    );
    assert_eq!(
        why(&p, 3, 11, to(14)),
        IllegalMoveError::Protected {
            house: house(14),
            why: Temple.why(Refusal::Protected)
        }
    );
    assert_moves(&p, 2, &["2: 11-9<"]);
    assert_moves(&p, 3, &["3: 11-8<+"]);
    // Only the target's own side protects it.
    let p = setup(T, &[11, 13], &[14], 'x');
    assert_moves(&p, 3, &["3: 11-14x+", "3: 13-16+"]);
}

#[test]
fn temple_no_safe_houses_lone_pieces_on_15_26_28_29_30_are_swapped() {
    let p = setup(T, &[12], &[15], 'x');
    assert_moves(&p, 3, &["3: 12-15x+"]);
    assert_eq!(after(&p, "3: 12-15x+"), ps(&[15], &[12], 'x', 4, 4));
    let p = setup(T, &[24], &[26], 'x');
    assert_eq!(after(&p, "2: 24-26x"), ps(&[26], &[24], 'o', 4, 4));
    let p = setup(T, &[26], &[28], 'x');
    assert_eq!(after(&p, "2: 26-28x"), ps(&[28], &[26], 'o', 4, 4));
    let p = setup(T, &[26], &[29], 'x');
    assert_eq!(after(&p, "3: 26-29x+"), ps(&[29], &[26], 'x', 4, 4));
    let p = setup(T, &[26], &[30], 'x');
    assert_eq!(after(&p, "4: 26-30x+"), ps(&[30], &[26], 'x', 4, 4));
    let p = setup(T, &[28], &[29], 'x');
    assert_eq!(after(&p, "1: 28-29x+"), ps(&[29], &[28], 'x', 4, 4));
    assert!(!p.is_shielded(house(29)));
}

#[test]
fn temple_no_blockades_pieces_jump_over_anything() {
    let p = setup(T, &[10], &[11, 12, 13], 'x');
    assert_moves(&p, 5, &["5: 10-15+"]);
    assert!(!p.blocks_passage(house(12)));
    let p = setup(T, &[28], &[29, 30], 'x');
    assert_moves(&p, 3, &["3: 28-off"]);
    let p = setup(T, &[20], &[21, 22, 23, 24], 'x');
    assert_moves(&p, 5, &["5: 20-25+"]);
}

// ---- Backward ----

#[test]
fn temple_backward_only_when_no_forward_move() {
    let p = setup(T, &[10, 24], &[1], 'x');
    assert_moves(&p, 3, &["3: 10-13+"]);
    assert_eq!(why(&p, 3, 24, to(21)), IllegalMoveError::ForwardExists);
}

#[test]
fn temple_backward_from_any_house_by_the_roll() {
    let p = setup(T, &[24, 25], &[1], 'x');
    assert_moves(&p, 5, &["5: 24-19<+", "5: 25-20<+"]);
    let p = setup(T, &[28], &[1], 'x');
    assert_moves(&p, 4, &["4: 28-24<+"]);
    assert_moves(&p, 5, &["5: 28-23<+"]);
    assert_eq!(after(&p, "4: 28-24<+"), ps(&[24], &[1], 'x', 4, 4));
    let p = setup(T, &[29], &[1], 'x');
    assert_moves(&p, 3, &["3: 29-26<+"]);
    assert_moves(&p, 4, &["4: 29-25<+"]);
    assert_moves(&p, 5, &["5: 29-24<+"]);
}

#[test]
fn temple_backward_target_is_at_least_1() {
    // 1+5 lands on o's protected 6, 26+5 is no move; 1-5 is no house.
    let p = setup(T, &[1, 26], &[5, 6], 'x');
    assert_moves(&p, 5, &["5: 26-21<+"]);
}

#[test]
fn temple_backward_obeys_the_landing_rules() {
    // 21+5 is own, 26+5 no move; 26-5 is own, 21-5 free.
    let p = setup(T, &[21, 26], &[1], 'x');
    assert_moves(&p, 5, &["5: 21-16<+"]);
    // Protected opponent behind: lost.
    let p = setup(T, &[26], &[20, 21], 'x');
    assert_eq!(
        why(&p, 5, 26, to(21)),
        IllegalMoveError::Protected {
            house: house(21),
            why: Temple.why(Refusal::Protected)
        }
    );
    assert_lost(&p, 5, "5: -");
    // A lone opponent behind is swapped forward to the mover's start (26).
    let p = setup(T, &[26], &[21], 'x');
    assert_moves(&p, 5, &["5: 26-21x<+"]);
    assert_eq!(after(&p, "5: 26-21x<+"), ps(&[21], &[26], 'x', 4, 4));
}

#[test]
fn temple_backward_to_27_falls_into_the_water() {
    // 28+1 lands on o's protected 29: the piece goes back into the water.
    let p = setup(T, &[28], &[29, 30], 'x');
    assert_moves(&p, 1, &["1: 28-27<+"]);
    assert_eq!(after(&p, "1: 28-27<+"), ps(&[15], &[29, 30], 'x', 4, 3));
    let p = setup(T, &[28], &[15, 29, 30], 'x');
    assert_moves(&p, 1, &["1: 28-27<+"]);
    assert_eq!(after(&p, "1: 28-27<+"), ps(&[14], &[15, 29, 30], 'x', 4, 2));
}

#[test]
fn temple_swap_may_not_carry_piece_past_26() {
    // 28-4 = 24: the swap would send o's piece from 24 to 28.
    let p = setup(T, &[28], &[24], 'x');
    assert_eq!(
        why(&p, 4, 28, to(24)),
        IllegalMoveError::Displacement {
            from: house(24),
            to: house(28),
            why: Temple.why(Refusal::NotDisplaced),
        }
    );
    assert_lost(&p, 4, "4: -");
    let p = setup(T, &[29], &[25], 'x');
    assert_eq!(
        why(&p, 4, 29, to(25)),
        IllegalMoveError::Displacement {
            from: house(25),
            to: house(29),
            why: Temple.why(Refusal::NotDisplaced),
        }
    );
    assert_lost(&p, 4, "4: -");
    // From 26 up is fine: o's piece on 26 may go to 29.
    let p = setup(T, &[29], &[26], 'x');
    assert_moves(&p, 3, &["3: 29-26x<+"]);
    assert_eq!(after(&p, "3: 29-26x<+"), ps(&[26], &[29], 'x', 4, 4));
    // An empty house behind is fine, of course.
    let p = setup(T, &[28], &[23], 'x');
    assert_moves(&p, 4, &["4: 28-24<+"]);
}

// ---- The water ----

#[test]
fn temple_water_when_15_is_taken_sends_the_piece_to_the_first_empty_house_below() {
    let p = setup(T, &[13, 26], &[14, 15], 'x');
    assert_moves(&p, 1, &["1: 26-27+"]);
    assert_eq!(after(&p, "1: 26-27+"), ps(&[12, 13], &[14, 15], 'x', 3, 3));
}

#[test]
fn temple_no_piece_ever_stands_on_27() {
    assert!(Position::parse(T, &ps(&[27], &[1], 'x', 4, 4)).is_err());
    assert!(Position::parse(T, &ps(&[27], &[15], 'x', 4, 4)).is_err());
}

// ---- Lost throws, end of game ----

#[test]
fn temple_a_side_with_a_legal_move_must_play_lost_only_when_none_forward_or_backward() {
    let p = setup(T, &[26], &[1], 'x');
    assert_eq!(
        p.lose_throw(roll(5)),
        Err(IllegalMoveError::MovesExist { count: 1 })
    );
    let p = setup(T, &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10], 'x');
    assert_lost(&p, 3, "3: -");
}

#[test]
fn temple_first_side_with_all_five_off_wins() {
    let p = setup(T, &[30], &[1], 'x');
    let end = play(&p, "4: 30-off");
    assert_eq!(end.to_string(), ps(&[], &[1], 'o', 5, 4));
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::X)));
    assert_finished(&end);
    let p = setup(T, &[1], &[29], 'o');
    let end = play(&p, "2: 29-off");
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::O)));
    assert_eq!(end.to_string(), ps(&[1], &[], 'x', 4, 5));
}

#[test]
fn common_game_ending_move_passes_side_to_opponent_without_plus_temple() {
    for value in [1, 3, 4, 5] {
        let p = setup(T, &[30], &[1], 'x');
        let text = format!("{value}: 30-off");
        assert_moves(&p, value, &[&text]);
        let end = play(&p, &text);
        assert_eq!(end.side_to_throw(), Side::O);
        assert!(refused(&p, &format!("{text}+")).to_string().contains(&text));
    }
}

#[test]
fn temple_finished_game_has_no_legal_moves_no_lost_throw_and_perft_1() {
    assert_finished(&pos(T, &ps(&[], &[3, 5], 'x', 5, 3)));
    assert_finished(&pos(T, &ps(&[4, 30], &[], 'o', 3, 5)));
}

/// Set-up: "x (the player, ivory) ... o (the guardian, terracotta)"; a bot
/// that plays a person is the guardian, whichever pieces it moves.
#[test]
fn temple_sides_are_the_ivory_player_and_the_terracotta_guardian() {
    assert_eq!(Temple.side_name(Side::X), "player");
    assert_eq!(Temple.side_name(Side::O), "guardian");
    assert_eq!(Temple.colour(Side::X), Some("ivory"));
    assert_eq!(Temple.colour(Side::O), Some("terracotta"));
    assert_eq!(Temple.house_side(), Some(Side::O));
    // The run-time ruleset forwards both hooks; the others name neither.
    let any = senet::AnyRuleset::Temple;
    assert_eq!(
        (any.colour(Side::O), any.house_side()),
        (Some("terracotta"), Some(Side::O))
    );
    let kendall = senet::AnyRuleset::Kendall;
    assert_eq!(
        (kendall.colour(Side::X), kendall.house_side()),
        (None, None)
    );
}
