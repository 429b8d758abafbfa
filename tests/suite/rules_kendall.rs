//! Kendall (`docs/rules.md`, "Kendall" and "Common ground"), clause by
//! clause, on hand-built positions. Positions are written with `ps`/`setup`
//! (the houses of each side; `setup` puts every other piece off the board).

use crate::common;

use common::*;
use senet::rulesets::Kendall;
use senet::rulesets::Refusal;
use senet::{IllegalMoveError, Outcome, Position, Ruleset, Side};

const K: Kendall = Kendall;

// ---- Start, sides and throws ----

#[test]
fn kendall_start_x_light_on_even_houses_o_dark_on_odd_houses_x_throws_first() {
    let start = Position::start(K);
    assert_eq!(start.to_string(), "oxoxoxoxox.................... x 0 0");
    assert_eq!(
        start.to_string(),
        ps(&[2, 4, 6, 8, 10], &[1, 3, 5, 7, 9], 'x', 0, 0)
    );
    assert_eq!(start.side_to_throw(), Side::X);
    assert_eq!(start.piece_at(house(2)), Some(Side::X));
    assert_eq!(start.piece_at(house(1)), Some(Side::O));
    assert_eq!(start.piece_at(house(11)), None);
    assert_eq!(K.pieces_per_side(), 5);
    assert_eq!(pos(K, "oxoxoxoxox.................... x 0 0"), start);
    assert!(!start.is_over());
}

#[test]
fn kendall_start_moves_for_each_roll() {
    let start = Position::start(K);
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
}

#[test]
fn kendall_throws_four_sticks_with_p_4_6_4_1_1_of_16() {
    assert_four_sticks(K.dice());
}

#[test]
fn kendall_both_sides_run_the_same_track_from_low_to_high_houses() {
    let p = pos(K, "oxoxoxoxox.................... o 0 0");
    assert_moves(&p, 2, &["2: 9-11"]);
    assert_moves(
        &p,
        1,
        &["1: 1-2x+", "1: 3-4x+", "1: 5-6x+", "1: 7-8x+", "1: 9-10x+"],
    );
    assert_eq!(
        after(&p, "1: 9-10x+"),
        ps(&[2, 4, 6, 8, 9], &[1, 3, 5, 7, 10], 'o', 0, 0)
    );
}

#[test]
fn kendall_a_move_is_one_piece_moved_by_exactly_the_roll() {
    let start = Position::start(K);
    assert!(matches!(
        why(&start, 2, 10, to(13)),
        IllegalMoveError::WrongTarget { .. }
    ));
    assert!(matches!(
        why(&start, 2, 10, to(11)),
        IllegalMoveError::WrongTarget { .. }
    ));
    assert_eq!(
        why(&start, 2, 11, to(13)),
        IllegalMoveError::NoPiece {
            side: Side::X,
            house: house(11)
        }
    );
    // An o piece is not x's to move.
    assert!(matches!(
        why(&start, 2, 9, to(11)),
        IllegalMoveError::NoPiece { .. }
    ));
}

// ---- Turn ----

#[test]
fn kendall_turn_roll_1_4_5_throw_again_after_a_move() {
    let p = setup(K, &[10], &[1], 'x');
    assert_eq!(after(&p, "1: 10-11+"), ps(&[11], &[1], 'x', 4, 4));
    assert_eq!(after(&p, "4: 10-14+"), ps(&[14], &[1], 'x', 4, 4));
    assert_eq!(after(&p, "5: 10-15+"), ps(&[15], &[1], 'x', 4, 4));
}

#[test]
fn kendall_turn_roll_2_3_pass_the_sticks_after_a_move() {
    let p = setup(K, &[10], &[1], 'x');
    assert_eq!(after(&p, "2: 10-12"), ps(&[12], &[1], 'o', 4, 4));
    assert_eq!(after(&p, "3: 10-13"), ps(&[13], &[1], 'o', 4, 4));
    // The same for o.
    let p = setup(K, &[30], &[10], 'o');
    assert_eq!(after(&p, "2: 10-12"), ps(&[30], &[12], 'x', 4, 4));
    assert_eq!(after(&p, "1: 10-11+"), ps(&[30], &[11], 'o', 4, 4));
}

#[test]
fn kendall_turn_roll_1_4_5_throw_again_even_when_lost() {
    // A lone piece on 29 moves only with a 2.
    let p = setup(K, &[29], &[1], 'x');
    for (value, text) in [(1, "1: -+"), (4, "4: -+"), (5, "5: -+")] {
        let next = assert_lost(&p, value, text);
        assert_eq!(next.to_string(), ps(&[29], &[1], 'x', 4, 4));
    }
}

#[test]
fn kendall_turn_roll_2_3_pass_the_sticks_even_when_lost() {
    let p = setup(K, &[29], &[1], 'x');
    let next = assert_lost(&p, 3, "3: -");
    assert_eq!(next.to_string(), ps(&[29], &[1], 'o', 4, 4));
    let p = setup(K, &[28], &[1], 'x');
    let next = assert_lost(&p, 2, "2: -");
    assert_eq!(next.to_string(), ps(&[28], &[1], 'o', 4, 4));
}

// ---- Forward moves ----

#[test]
fn kendall_forward_from_up_to_25_target_is_start_plus_roll() {
    let p = setup(K, &[20], &[1], 'x');
    assert_moves(&p, 1, &["1: 20-21+"]);
    assert_moves(&p, 2, &["2: 20-22"]);
    assert_moves(&p, 3, &["3: 20-23"]);
    assert_moves(&p, 4, &["4: 20-24+"]);
    assert_moves(&p, 5, &["5: 20-25+"]);
    assert_eq!(after(&p, "5: 20-25+"), ps(&[25], &[1], 'x', 4, 4));
}

#[test]
fn kendall_every_piece_stops_on_26_a_target_past_26_is_illegal() {
    let p = setup(K, &[10, 23], &[1], 'x');
    assert_moves(&p, 3, &["3: 10-13", "3: 23-26"]);
    // 23 + 4 = 27: not a way into the water, simply illegal.
    assert_moves(&p, 4, &["4: 10-14+"]);
    assert_moves(&p, 5, &["5: 10-15+"]);
    assert!(p.find_move(roll(4), house(23), to(27)).is_err());
    assert!(p.find_move(roll(5), house(23), to(28)).is_err());
    assert_eq!(after(&p, "3: 23-26"), ps(&[10, 26], &[1], 'o', 3, 4));
    let p = setup(K, &[10, 25], &[1], 'x');
    assert_moves(&p, 1, &["1: 10-11+", "1: 25-26+"]);
    assert_moves(&p, 2, &["2: 10-12"]);
}

#[test]
fn kendall_from_26_roll_1_goes_into_the_water() {
    let p = setup(K, &[26], &[1], 'x');
    assert_moves(&p, 1, &["1: 26-27+"]);
    let next = play(&p, "1: 26-27+");
    assert_eq!(next.to_string(), ps(&[15], &[1], 'x', 4, 4));
    assert_eq!(next.piece_at(house(27)), None);
}

#[test]
fn kendall_water_move_between_other_moves_is_the_only_one_into_the_water() {
    // With a 1, the pieces on 10 and 30 step plainly and the one on 26
    // enters the water: the list goes by start house, and only the
    // middle move is a water move.
    let p = setup(K, &[10, 26, 30], &[1], 'x');
    assert_moves(&p, 1, &["1: 10-11+", "1: 26-27+", "1: 30-off+"]);
    assert_eq!(
        starts_and_water(&p, 1),
        (vec![10, 26, 30], vec![false, true, false])
    );
}

#[test]
fn kendall_from_26_rolls_2_3_4_go_to_28_29_30() {
    let p = setup(K, &[26], &[1], 'x');
    assert_moves(&p, 2, &["2: 26-28"]);
    assert_moves(&p, 3, &["3: 26-29"]);
    assert_moves(&p, 4, &["4: 26-30+"]);
    assert_eq!(after(&p, "2: 26-28"), ps(&[28], &[1], 'o', 4, 4));
    assert_eq!(after(&p, "3: 26-29"), ps(&[29], &[1], 'o', 4, 4));
    assert_eq!(after(&p, "4: 26-30+"), ps(&[30], &[1], 'x', 4, 4));
}

#[test]
fn kendall_from_26_roll_5_bears_off() {
    let p = setup(K, &[10, 26], &[1], 'x');
    assert_moves(&p, 5, &["5: 10-15+", "5: 26-off+"]);
    assert_eq!(after(&p, "5: 26-off+"), ps(&[10], &[1], 'x', 4, 4));
}

#[test]
fn kendall_28_29_30_bear_off_only_with_3_2_1() {
    let p = setup(K, &[28, 29, 30], &[1], 'x');
    assert_moves(&p, 1, &["1: 30-off+"]);
    assert_moves(&p, 2, &["2: 29-off"]);
    assert_moves(&p, 3, &["3: 28-off"]);
    assert_lost(&p, 4, "4: -+");
    assert_lost(&p, 5, "5: -+");
    assert_eq!(after(&p, "3: 28-off"), ps(&[29, 30], &[1], 'o', 3, 4));
    assert_eq!(after(&p, "1: 30-off+"), ps(&[28, 29], &[1], 'x', 3, 4));
}

#[test]
fn kendall_no_other_roll_moves_a_piece_on_28_29_30() {
    for (h, exit) in [(28, 3), (29, 2), (30, 1)] {
        let p = setup(K, &[h], &[1], 'x');
        for value in 1..=5 {
            if value == exit {
                assert_moves(&p, value, &[&format!("{value}: {h}-off")]);
            } else {
                assert_moves(&p, value, &[]);
            }
        }
    }
}

// ---- Landing ----

#[test]
fn kendall_landing_on_own_piece_is_illegal() {
    let p = setup(K, &[10, 12], &[1], 'x');
    assert_moves(&p, 2, &["2: 12-14"]);
    assert_eq!(
        why(&p, 2, 10, to(12)),
        IllegalMoveError::OwnPiece { house: house(12) }
    );
}

#[test]
fn kendall_landing_on_a_lone_opponent_swaps_it_to_the_movers_start() {
    let p = setup(K, &[11], &[1, 14], 'x');
    assert_moves(&p, 3, &["3: 11-14x"]);
    assert_eq!(after(&p, "3: 11-14x"), ps(&[14], &[1, 11], 'o', 4, 3));
}

#[test]
fn kendall_opponent_protected_by_a_neighbour_on_t_minus_1_or_t_plus_1_cannot_be_landed_on() {
    let p = setup(K, &[11], &[13, 14], 'x');
    // 13 is protected by 14 (t+1): no forward move, so the piece goes back.
    assert_eq!(
        why(&p, 2, 11, to(13)),
        IllegalMoveError::Protected {
            house: house(13),
            why: Kendall.why(Refusal::Protected)
        }
    );
    assert_moves(&p, 2, &["2: 11-9<"]);
    // 14 is protected by 13 (t-1).
    assert_eq!(
        why(&p, 3, 11, to(14)),
        IllegalMoveError::Protected {
            house: house(14),
            why: Kendall.why(Refusal::Protected)
        }
    );
    assert_moves(&p, 3, &["3: 11-8<"]);
    assert!(p.is_shielded(house(13)));
    assert!(p.is_shielded(house(14)));
    assert!(!p.is_shielded(house(11)));
}

#[test]
fn kendall_only_the_targets_own_side_protects_it() {
    // o on 14 has x on 13 next to it: not protected.
    let p = setup(K, &[11, 13], &[14], 'x');
    assert_moves(&p, 3, &["3: 11-14x", "3: 13-16"]);
    assert_eq!(after(&p, "3: 11-14x"), ps(&[13, 14], &[11], 'o', 3, 4));
}

#[test]
fn kendall_opponent_on_safe_house_15_cannot_be_landed_on() {
    let p = setup(K, &[12], &[15], 'x');
    assert_eq!(
        why(&p, 3, 12, to(15)),
        IllegalMoveError::SafeHouse { house: house(15) }
    );
    assert_moves(&p, 3, &["3: 12-9<"]);
    assert!(p.is_shielded(house(15)));
}

#[test]
fn kendall_opponent_on_safe_house_26_cannot_be_landed_on() {
    let p = setup(K, &[24], &[26], 'x');
    assert_eq!(
        why(&p, 2, 24, to(26)),
        IllegalMoveError::SafeHouse { house: house(26) }
    );
    assert_moves(&p, 2, &["2: 24-22<"]);
}

#[test]
fn kendall_opponent_on_safe_houses_28_29_30_cannot_be_landed_on() {
    for (h, value, lost) in [(28, 2, "2: -"), (29, 3, "3: -"), (30, 4, "4: -+")] {
        let p = setup(K, &[26], &[h], 'x');
        assert_eq!(
            why(&p, value, 26, to(h)),
            IllegalMoveError::SafeHouse { house: house(h) }
        );
        assert_lost(&p, value, lost);
    }
}

// ---- Blockades ----

#[test]
fn kendall_blockade_of_three_blocks_forward_moves() {
    let p = setup(K, &[10], &[12, 13, 14], 'x');
    assert_eq!(
        why(&p, 5, 10, to(15)),
        IllegalMoveError::Blocked {
            house: house(12),
            why: Kendall.why(Refusal::Blocked)
        }
    );
    assert_moves(&p, 5, &["5: 10-5<+"]);
    assert_moves(&p, 4, &["4: 10-6<+"]);
    assert_moves(&p, 1, &["1: 10-11+"]);
    assert!(p.blocks_passage(house(12)));
    assert!(p.blocks_passage(house(14)));
    assert!(!p.blocks_passage(house(10)));
}

#[test]
fn kendall_blockade_of_four_blocks_forward_moves() {
    let p = setup(K, &[10], &[11, 12, 13, 14], 'x');
    assert_eq!(
        why(&p, 5, 10, to(15)),
        IllegalMoveError::Blocked {
            house: house(11),
            why: Kendall.why(Refusal::Blocked)
        }
    );
    assert_moves(&p, 5, &["5: 10-5<+"]);
}

#[test]
fn kendall_two_in_a_row_are_no_blockade() {
    let p = setup(K, &[10], &[12, 13], 'x');
    assert_moves(&p, 5, &["5: 10-15+"]);
    assert!(!p.blocks_passage(house(12)));
}

#[test]
fn kendall_own_blockade_does_not_block_the_mover() {
    let p = setup(K, &[10, 12, 13, 14], &[1], 'x');
    assert_moves(&p, 5, &["5: 10-15+", "5: 12-17+", "5: 13-18+", "5: 14-19+"]);
}

#[test]
fn kendall_blockade_only_blocks_houses_strictly_between() {
    // Landing on the first house of a blockade passes nothing: it is refused
    // as protected, not as blocked.
    let p = setup(K, &[11], &[12, 13, 14], 'x');
    assert_eq!(
        why(&p, 1, 11, to(12)),
        IllegalMoveError::Protected {
            house: house(12),
            why: Kendall.why(Refusal::Protected)
        }
    );
    // A piece just past the blockade moves freely.
    let p = setup(K, &[15], &[12, 13, 14], 'x');
    assert_moves(&p, 1, &["1: 15-16+"]);
}

#[test]
fn kendall_blockade_blocks_backward_moves() {
    // No forward move with a 4; 23-19 would pass 20 (o's blockade 18-20),
    // 25-21 passes only 22, 23 (own) and 24.
    let p = setup(K, &[23, 25], &[18, 19, 20], 'x');
    assert!(matches!(
        why(&p, 4, 23, to(19)),
        IllegalMoveError::Blocked { .. }
    ));
    assert_moves(&p, 4, &["4: 25-21<+"]);
    // Both ways back pass the blockade 20-22: the throw is lost.
    let p = setup(K, &[24, 25], &[20, 21, 22], 'x');
    assert!(matches!(
        why(&p, 5, 24, to(19)),
        IllegalMoveError::Blocked { .. }
    ));
    assert_lost(&p, 5, "5: -+");
}

#[test]
fn kendall_blockade_blocks_bearing_off() {
    let p = setup(K, &[26], &[28, 29, 30], 'x');
    assert!(matches!(
        why(&p, 5, 26, OFF),
        IllegalMoveError::Blocked { .. }
    ));
    assert_lost(&p, 5, "5: -+");
    // The water is not past the blockade.
    assert_moves(&p, 1, &["1: 26-27+"]);
    // Two pieces on 29 and 30 are no blockade: the piece bears off.
    let p = setup(K, &[26], &[29, 30], 'x');
    assert_moves(&p, 5, &["5: 26-off"]);
}

// ---- Backward ----

#[test]
fn kendall_backward_only_when_no_forward_move() {
    let p = setup(K, &[10, 24], &[1], 'x');
    assert_moves(&p, 3, &["3: 10-13"]);
    assert_eq!(why(&p, 3, 24, to(21)), IllegalMoveError::ForwardExists);
}

#[test]
fn kendall_backward_any_piece_up_to_25_moves_back_by_the_roll() {
    let p = setup(K, &[22, 24, 25], &[1], 'x');
    assert_moves(&p, 5, &["5: 22-17<+", "5: 24-19<+", "5: 25-20<+"]);
    assert_eq!(after(&p, "5: 24-19<+"), ps(&[19, 22, 25], &[1], 'x', 2, 4));
    assert_eq!(after(&p, "5: 25-20<+"), ps(&[20, 22, 24], &[1], 'x', 2, 4));
}

#[test]
fn kendall_backward_target_is_at_least_1() {
    // 4+5 lands on o's protected 9; 4-5 is no house.
    let p = setup(K, &[4, 24, 25], &[8, 9], 'x');
    assert_moves(&p, 5, &["5: 24-19<+", "5: 25-20<+"]);
}

#[test]
fn kendall_pieces_on_26_or_beyond_never_move_backward() {
    let p = setup(K, &[26], &[28], 'x');
    assert_lost(&p, 2, "2: -");
    let p = setup(K, &[28, 29, 30], &[1], 'x');
    assert_lost(&p, 4, "4: -+");
    assert_lost(&p, 5, "5: -+");
}

#[test]
fn kendall_backward_swap_sends_the_opponent_forward_to_the_movers_start() {
    let p = setup(K, &[23], &[19], 'x');
    assert_moves(&p, 4, &["4: 23-19x<+"]);
    assert_eq!(after(&p, "4: 23-19x<+"), ps(&[19], &[23], 'x', 4, 4));
}

#[test]
fn kendall_backward_obeys_the_landing_rules() {
    // Own piece: 19+4 is own, 23+4 past 26; 23-4 is own, 19-4 is free.
    let p = setup(K, &[19, 23], &[1], 'x');
    assert_moves(&p, 4, &["4: 19-15<+"]);
    // Protected opponent behind.
    let p = setup(K, &[23], &[18, 19], 'x');
    assert_eq!(
        why(&p, 4, 23, to(19)),
        IllegalMoveError::Protected {
            house: house(19),
            why: Kendall.why(Refusal::Protected)
        }
    );
    assert_lost(&p, 4, "4: -+");
    // Opponent on the safe house 15 behind.
    let p = setup(K, &[20, 25], &[15], 'x');
    assert_eq!(
        why(&p, 5, 20, to(15)),
        IllegalMoveError::SafeHouse { house: house(15) }
    );
    assert_lost(&p, 5, "5: -+");
}

// ---- The water ----

#[test]
fn kendall_water_sends_the_piece_to_15() {
    let p = setup(K, &[26], &[1], 'x');
    assert_eq!(after(&p, "1: 26-27+"), ps(&[15], &[1], 'x', 4, 4));
}

#[test]
fn kendall_water_when_15_is_taken_sends_the_piece_to_the_first_empty_house_below() {
    // 15 and 14 are o's, 13 is x's: the piece rests on 12.
    let p = setup(K, &[13, 26], &[14, 15], 'x');
    assert_moves(&p, 1, &["1: 26-27+"]);
    assert_eq!(after(&p, "1: 26-27+"), ps(&[12, 13], &[14, 15], 'x', 3, 3));
    // 15 held by the mover's own piece counts too.
    let p = setup(K, &[15, 26], &[1], 'x');
    assert_moves(&p, 1, &["1: 15-16+", "1: 26-27+"]);
    assert_eq!(after(&p, "1: 26-27+"), ps(&[14, 15], &[1], 'x', 3, 4));
}

#[test]
fn kendall_water_relocation_is_not_a_move_and_passes_no_blockade() {
    let p = setup(K, &[26], &[16, 17, 18], 'x');
    assert_moves(&p, 1, &["1: 26-27+"]);
    assert_eq!(after(&p, "1: 26-27+"), ps(&[15], &[16, 17, 18], 'x', 4, 2));
}

#[test]
fn kendall_no_piece_ever_stands_on_27() {
    assert!(Position::parse(K, &ps(&[27], &[1], 'x', 4, 4)).is_err());
    let p = setup(K, &[26], &[15], 'x');
    let next = play(&p, "1: 26-27+");
    assert_eq!(next.piece_at(house(27)), None);
    assert_eq!(next.to_string(), ps(&[14], &[15], 'x', 4, 4));
}

// ---- Lost throws, end of game ----

#[test]
fn kendall_a_side_with_a_legal_move_must_play_lost_only_when_none_forward_or_backward() {
    let p = setup(K, &[10], &[1], 'x');
    assert_eq!(
        p.lose_throw(roll(2)),
        Err(IllegalMoveError::MovesExist { count: 1 })
    );
    // Backward moves count: the throw is not lost.
    let p = setup(K, &[24], &[1], 'x');
    assert_eq!(
        p.lose_throw(roll(5)),
        Err(IllegalMoveError::MovesExist { count: 1 })
    );
    // Every way forward and back is own or protected.
    let p = setup(K, &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10], 'x');
    assert_lost(&p, 1, "1: -+");
    assert_lost(&p, 2, "2: -");
    assert_lost(&p, 3, "3: -");
    assert_lost(&p, 4, "4: -+");
    assert_lost(&p, 5, "5: -+");
}

#[test]
fn kendall_first_side_with_all_five_off_wins() {
    let p = setup(K, &[30], &[1], 'x');
    let end = play(&p, "1: 30-off");
    assert_eq!(end.to_string(), ps(&[], &[1], 'o', 5, 4));
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::X)));
    assert_finished(&end);
    let p = setup(K, &[1], &[26], 'o');
    let end = play(&p, "5: 26-off");
    assert_eq!(end.to_string(), ps(&[1], &[], 'x', 4, 5));
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::O)));
    assert_finished(&end);
    // Four off is not yet a win.
    assert!(!setup(K, &[30], &[1], 'x').is_over());
}

#[test]
fn kendall_no_draws_both_sides_cannot_both_finish() {
    assert!(Position::parse(K, &ps(&[], &[], 'x', 5, 5)).is_err());
}

#[test]
fn common_game_ending_move_passes_side_to_opponent_without_plus_kendall() {
    // A 1, 4 or 5 would throw again, but the game is over.
    for (value, h) in [(1, 30), (5, 26)] {
        let p = setup(K, &[h], &[1], 'x');
        let text = format!("{value}: {h}-off");
        assert_moves(&p, value, &[&text]);
        let end = play(&p, &text);
        assert_eq!(end.side_to_throw(), Side::O);
        assert_eq!(end.to_string(), ps(&[], &[1], 'o', 5, 4));
        assert!(refused(&p, &format!("{text}+")).to_string().contains(&text));
    }
}

#[test]
fn kendall_finished_game_has_no_legal_moves_no_lost_throw_and_perft_1() {
    assert_finished(&pos(K, &ps(&[], &[3, 5], 'x', 5, 3)));
    assert_finished(&pos(K, &ps(&[], &[3, 5], 'o', 5, 3)));
    assert_finished(&pos(K, &ps(&[12, 26, 30], &[], 'x', 2, 5)));
}
