//! Jéquier (`docs/rules.md`, "Jéquier" and "Common ground"), clause by
//! clause, on hand-built positions. Positions are written with `ps`/`setup`
//! (the houses of each side; `setup` puts every other piece off the board).

use crate::common;

use common::*;
use senet::rulesets::Jequier;
use senet::rulesets::Refusal;
use senet::{
    Dice, IllegalMoveError, MoveTextError, Outcome, Position, PositionError, Roll, Ruleset, Side,
    Throw, perft,
};

const J: Jequier = Jequier;

// ---- Start, sides and throws ----

#[test]
fn jequier_start_is_the_position_after_the_opening_move_10_11_x_throws() {
    let start = Position::start(J);
    assert_eq!(start.to_string(), "oxoxoxoxo.x................... x 0 0");
    assert_eq!(
        start.to_string(),
        ps(&[2, 4, 6, 8, 11], &[1, 3, 5, 7, 9], 'x', 0, 0)
    );
    assert_eq!(start.side_to_throw(), Side::X);
    assert_eq!(start.piece_at(house(11)), Some(Side::X));
    assert_eq!(start.piece_at(house(10)), None);
    assert_eq!(start.piece_at(house(9)), Some(Side::O));
    assert_eq!(J.pieces_per_side(), 5);
    assert_eq!(pos(J, "oxoxoxoxo.x................... x 0 0"), start);
    assert!(!start.is_over());
}

#[test]
fn jequier_start_moves_for_each_roll_only_the_piece_on_11_is_free() {
    // x on 2, 4, 6, 8 is held by o on 3, 5, 7, 9 (the first row).
    let start = Position::start(J);
    assert_moves(&start, 1, &["1: 11-12+"]);
    assert_moves(&start, 2, &["2: 11-13"]);
    assert_moves(&start, 3, &["3: 11-14"]);
    assert_moves(&start, 4, &["4: 11-15+"]);
    assert_moves(&start, 6, &["6: 11-17+"]);
    assert_eq!(
        after(&start, "6: 11-17+"),
        ps(&[2, 4, 6, 8, 17], &[1, 3, 5, 7, 9], 'x', 0, 0)
    );
    // No 5 in Jéquier.
    assert_moves(&start, 5, &[]);
    assert_eq!(
        start.lose_throw(roll(5)),
        Err(IllegalMoveError::RollNotOnDice { roll: roll(5) })
    );
    assert_eq!(perft(&start, 1), 5);
}

#[test]
fn jequier_throws_four_sticks_none_light_counts_6_p_4_6_4_1_1_of_16_never_5() {
    let dice = J.dice();
    assert_eq!(dice, Dice::FOUR_STICKS_SIX);
    let weights: Vec<(u8, u32)> = dice
        .weights()
        .iter()
        .map(|&(r, w)| (r.value(), w))
        .collect();
    assert_eq!(weights, [(1, 4), (2, 6), (3, 4), (4, 1), (6, 1)]);
    assert_eq!(dice.total_weight(), 16);
    let rolls: Vec<u8> = dice.rolls().map(Roll::value).collect();
    assert_eq!(rolls, [1, 2, 3, 4, 6]);
    assert!(!dice.can_roll(roll(5)));
    assert!(dice.can_roll(roll(6)));
    // Every one of the 16 equally likely stick falls, counted by roll.
    let mut counts = [0u32; 7];
    for light in 0..16u8 {
        let throw = Throw::from_sticks_six(light);
        let faces = u8::try_from(light.count_ones()).unwrap();
        let expected = if faces == 0 { 6 } else { faces };
        assert_eq!(throw.roll().value(), expected, "sticks {light:04b}");
        assert_eq!(throw.dice(), Dice::FOUR_STICKS_SIX);
        counts[usize::from(expected)] += 1;
    }
    assert_eq!(counts[5], 0);
    for &(r, w) in dice.weights() {
        assert_eq!(counts[usize::from(r.value())], w, "roll {r}");
    }
}

#[test]
fn jequier_a_5_is_no_roll_moves_of_5_are_refused() {
    let p = setup(J, &[20], &[1], 'x');
    assert_eq!(
        why(&p, 5, 20, to(25)),
        IllegalMoveError::RollNotOnDice { roll: roll(5) }
    );
    assert_moves(&p, 5, &[]);
    assert!(!p.moves(roll(5)).is_lost_throw());
    assert!(matches!(
        refused(&p, "5: 20-25+"),
        MoveTextError::Illegal(IllegalMoveError::RollNotOnDice { .. })
    ));
}

#[test]
fn jequier_perft_sums_over_the_rolls_1_2_3_4_6() {
    // One move for each of the five rolls (a 5 would make six).
    let p = setup(J, &[20], &[1], 'x');
    assert_moves(&p, 1, &["1: 20-21+"]);
    assert_moves(&p, 2, &["2: 20-22"]);
    assert_moves(&p, 3, &["3: 20-23"]);
    assert_moves(&p, 4, &["4: 20-24+"]);
    assert_moves(&p, 6, &["6: 20-26+"]);
    assert_eq!(perft(&p, 0), 1);
    assert_eq!(perft(&p, 1), 5);
    // A lost throw is one child: all five rolls are lost here.
    let p = setup(J, &[5], &[6], 'x');
    assert_eq!(perft(&p, 1), 5);
}

#[test]
fn jequier_both_sides_run_the_same_track_from_low_to_high_houses() {
    let p = setup(J, &[30], &[1], 'o');
    assert_moves(&p, 1, &["1: 1-2+"]);
    assert_moves(&p, 6, &["6: 1-7+"]);
    assert_eq!(after(&p, "3: 1-4"), ps(&[30], &[4], 'x', 4, 4));
}

#[test]
fn jequier_a_move_is_one_piece_moved_by_exactly_the_roll() {
    let p = setup(J, &[20], &[1], 'x');
    assert!(matches!(
        why(&p, 2, 20, to(23)),
        IllegalMoveError::WrongTarget { .. }
    ));
    assert_eq!(
        why(&p, 2, 21, to(23)),
        IllegalMoveError::NoPiece {
            side: Side::X,
            house: house(21)
        }
    );
    assert!(matches!(
        why(&p, 2, 1, to(3)),
        IllegalMoveError::NoPiece { .. }
    ));
}

// ---- Turn ----

#[test]
fn jequier_turn_roll_1_4_6_throw_again_after_a_move() {
    let p = setup(J, &[20], &[1], 'x');
    assert_eq!(after(&p, "1: 20-21+"), ps(&[21], &[1], 'x', 4, 4));
    assert_eq!(after(&p, "4: 20-24+"), ps(&[24], &[1], 'x', 4, 4));
    assert_eq!(after(&p, "6: 20-26+"), ps(&[26], &[1], 'x', 4, 4));
}

#[test]
fn jequier_turn_roll_2_3_pass_the_sticks_after_a_move() {
    let p = setup(J, &[20], &[1], 'x');
    assert_eq!(after(&p, "2: 20-22"), ps(&[22], &[1], 'o', 4, 4));
    assert_eq!(after(&p, "3: 20-23"), ps(&[23], &[1], 'o', 4, 4));
    let p = setup(J, &[30], &[1], 'o');
    assert_eq!(after(&p, "2: 1-3"), ps(&[30], &[3], 'x', 4, 4));
    assert_eq!(after(&p, "4: 1-5+"), ps(&[30], &[5], 'o', 4, 4));
}

#[test]
fn jequier_turn_roll_1_4_6_throw_again_even_when_lost() {
    // x's only piece, on 5, is held by o on 6.
    let p = setup(J, &[5], &[6], 'x');
    for (value, text) in [(1, "1: -+"), (4, "4: -+"), (6, "6: -+")] {
        let next = assert_lost(&p, value, text);
        assert_eq!(next.to_string(), ps(&[5], &[6], 'x', 4, 4));
    }
}

#[test]
fn jequier_turn_roll_2_3_pass_the_sticks_even_when_lost() {
    let p = setup(J, &[5], &[6], 'x');
    for (value, text) in [(2, "2: -"), (3, "3: -")] {
        let next = assert_lost(&p, value, text);
        assert_eq!(next.to_string(), ps(&[5], &[6], 'o', 4, 4));
    }
}

// ---- First row ----

#[test]
fn jequier_first_row_piece_moves_only_when_the_house_above_is_empty() {
    let p = setup(J, &[5], &[20], 'x');
    assert_moves(&p, 1, &["1: 5-6+"]);
    assert_moves(&p, 2, &["2: 5-7"]);
    assert_moves(&p, 3, &["3: 5-8"]);
    assert_moves(&p, 4, &["4: 5-9+"]);
    assert_moves(&p, 6, &["6: 5-11+"]);
    // o on 6 holds it.
    let p = setup(J, &[5], &[6], 'x');
    assert_eq!(
        why(&p, 2, 5, to(7)),
        IllegalMoveError::Held {
            house: house(5),
            why: J.why(Refusal::Held)
        }
    );
    for value in [1, 2, 3, 4, 6] {
        assert_moves(&p, value, &[]);
    }
}

#[test]
fn jequier_first_row_a_piece_of_either_side_on_h_plus_1_holds_it() {
    // x's own piece on 6 holds the one on 5; the one on 6 is free.
    let p = setup(J, &[5, 6], &[20], 'x');
    assert_moves(&p, 1, &["1: 6-7+"]);
    assert_moves(&p, 2, &["2: 6-8"]);
    assert_moves(&p, 3, &["3: 6-9"]);
    assert_moves(&p, 4, &["4: 6-10+"]);
    assert_moves(&p, 6, &["6: 6-12+"]);
    assert_eq!(
        why(&p, 2, 5, to(7)),
        IllegalMoveError::Held {
            house: house(5),
            why: J.why(Refusal::Held)
        }
    );
}

#[test]
fn jequier_first_row_is_houses_1_to_10_a_piece_on_10_waits_for_11_one_on_11_does_not() {
    let p = setup(J, &[10], &[11], 'x');
    for (value, text) in [
        (1, "1: -+"),
        (2, "2: -"),
        (3, "3: -"),
        (4, "4: -+"),
        (6, "6: -+"),
    ] {
        assert_lost(&p, value, text);
    }
    assert!(matches!(
        why(&p, 3, 10, to(13)),
        IllegalMoveError::Held { .. }
    ));
    // A piece on 11 is past the first row: o on 12 does not hold it.
    let p = setup(J, &[11], &[12], 'x');
    assert_moves(&p, 2, &["2: 11-13"]);
    assert_moves(&p, 6, &["6: 11-17+"]);
    assert_eq!(after(&p, "1: 11-12x+"), ps(&[12], &[1], 'x', 4, 4));
}

#[test]
fn jequier_first_row_holds_a_piece_sent_back_there() {
    // o on 14 is sent back to 1 (the lowest empty house), next to x on 2:
    // there it is held.
    let p = setup(J, &[2, 12], &[14], 'x');
    let next = play(&p, "2: 12-14x");
    assert_eq!(next.to_string(), ps(&[2, 14], &[1], 'o', 3, 4));
    for (value, text) in [
        (1, "1: -+"),
        (2, "2: -"),
        (3, "3: -"),
        (4, "4: -+"),
        (6, "6: -+"),
    ] {
        assert_lost(&next, value, text);
    }
    assert_eq!(
        why(&next, 3, 1, to(4)),
        IllegalMoveError::Held {
            house: house(1),
            why: J.why(Refusal::Held)
        }
    );
}

#[test]
fn jequier_first_row_holds_backward_moves_too() {
    // No forward move with a 2 (5+2 is o's protected 7, 30 may not bear
    // off while 5 is out of 21..30): both pieces move back.
    let p = setup(J, &[5, 30], &[7, 8], 'x');
    assert_moves(&p, 2, &["2: 5-3<", "2: 30-28<"]);
    assert_moves(&p, 3, &["3: 5-2<", "3: 30-27<"]);
    // With o on 6 too, 5 is held both ways.
    let p = setup(J, &[5, 30], &[6, 7, 8], 'x');
    assert_moves(&p, 2, &["2: 30-28<"]);
    assert_moves(&p, 3, &["3: 30-27<"]);
    assert_eq!(
        why(&p, 2, 5, to(3)),
        IllegalMoveError::Held {
            house: house(5),
            why: J.why(Refusal::Held)
        }
    );
}

// ---- Forward moves ----

#[test]
fn jequier_forward_target_is_start_plus_roll() {
    let p = setup(J, &[12], &[1], 'x');
    assert_moves(&p, 1, &["1: 12-13+"]);
    assert_moves(&p, 2, &["2: 12-14"]);
    assert_moves(&p, 3, &["3: 12-15"]);
    assert_moves(&p, 4, &["4: 12-16+"]);
    assert_moves(&p, 6, &["6: 12-18+"]);
    assert_eq!(after(&p, "6: 12-18+"), ps(&[18], &[1], 'x', 4, 4));
}

#[test]
fn jequier_no_mandatory_stop_pieces_pass_26_and_27() {
    let p = setup(J, &[22, 23], &[1], 'x');
    assert_moves(&p, 1, &["1: 23-24+"]);
    assert_moves(&p, 2, &["2: 22-24", "2: 23-25"]);
    assert_moves(&p, 3, &["3: 22-25", "3: 23-26"]);
    assert_moves(&p, 4, &["4: 22-26+", "4: 23-27+"]);
    assert_moves(&p, 6, &["6: 22-28+", "6: 23-29+"]);
    assert_eq!(after(&p, "6: 23-29+"), ps(&[22, 29], &[1], 'x', 3, 4));
    assert_eq!(after(&p, "6: 22-28+"), ps(&[23, 28], &[1], 'x', 3, 4));
}

#[test]
fn jequier_forward_up_to_30_follows_the_landing_rules() {
    let p = setup(J, &[24], &[1], 'x');
    assert_moves(&p, 1, &["1: 24-25+"]);
    assert_moves(&p, 2, &["2: 24-26"]);
    assert_moves(&p, 3, &["3: 24-27"]);
    assert_moves(&p, 4, &["4: 24-28+"]);
    assert_moves(&p, 6, &["6: 24-30+"]);
    assert_eq!(after(&p, "6: 24-30+"), ps(&[30], &[1], 'x', 4, 4));
}

#[test]
fn jequier_bear_off_past_30_whatever_the_excess_when_every_piece_is_on_21_to_30() {
    let p = setup(J, &[25, 28, 30], &[1], 'x');
    assert_moves(&p, 1, &["1: 25-26+", "1: 28-29+", "1: 30-off+"]);
    assert_moves(&p, 2, &["2: 25-27", "2: 30-off"]);
    assert_moves(&p, 3, &["3: 28-off", "3: 30-off"]);
    assert_moves(&p, 4, &["4: 25-29+", "4: 28-off+", "4: 30-off+"]);
    assert_moves(&p, 6, &["6: 25-off+", "6: 28-off+", "6: 30-off+"]);
    assert_eq!(after(&p, "6: 25-off+"), ps(&[28, 30], &[1], 'x', 3, 4));
    assert_eq!(after(&p, "3: 28-off"), ps(&[25, 30], &[1], 'o', 3, 4));
    assert_eq!(after(&p, "2: 30-off"), ps(&[25, 28], &[1], 'o', 3, 4));
}

#[test]
fn jequier_no_bear_off_while_a_piece_of_the_side_is_below_21() {
    let p = setup(J, &[20, 30], &[1], 'x');
    assert_eq!(
        why(&p, 1, 30, OFF),
        IllegalMoveError::NoBearingOff {
            why: J.why(Refusal::NoBearingOff)
        }
    );
    assert_moves(&p, 1, &["1: 20-21+"]);
    assert_moves(&p, 2, &["2: 20-22"]);
    assert_moves(&p, 6, &["6: 20-26+"]);
    // Once 20 reaches 21, the piece on 30 bears off.
    let next = play(&p, "1: 20-21+");
    assert_moves(&next, 1, &["1: 21-22+", "1: 30-off+"]);
    assert_moves(&next, 6, &["6: 21-27+", "6: 30-off+"]);
    // A piece held in the first row counts too.
    let p = setup(J, &[5, 30], &[6], 'x');
    assert!(matches!(
        why(&p, 1, 30, OFF),
        IllegalMoveError::NoBearingOff { .. }
    ));
}

// ---- Landing ----

#[test]
fn jequier_landing_on_own_piece_is_illegal() {
    let p = setup(J, &[12, 14], &[1], 'x');
    assert_eq!(
        why(&p, 2, 12, to(14)),
        IllegalMoveError::OwnPiece { house: house(14) }
    );
    assert_moves(&p, 2, &["2: 14-16"]);
}

#[test]
fn jequier_landing_on_a_lone_opponent_sends_it_back_to_the_lowest_empty_house() {
    let p = setup(J, &[2, 20], &[1, 22], 'x');
    assert_moves(&p, 2, &["2: 2-4", "2: 20-22x"]);
    // 1 and 2 are taken: o goes to 3.
    assert_eq!(after(&p, "2: 20-22x"), ps(&[2, 22], &[1, 3], 'o', 3, 3));
    let p = setup(J, &[11], &[12], 'x');
    assert_eq!(after(&p, "1: 11-12x+"), ps(&[12], &[1], 'x', 4, 4));
}

#[test]
fn jequier_sent_back_the_movers_start_house_counts_as_taken() {
    // Before the move 1 (the mover's start) is taken, 2 is empty: o goes
    // to 2, not to 1.
    let p = setup(J, &[1], &[4], 'x');
    assert_moves(&p, 3, &["3: 1-4x"]);
    assert_eq!(after(&p, "3: 1-4x"), ps(&[4], &[2], 'o', 4, 4));
}

#[test]
fn jequier_opponent_on_safe_house_15_cannot_be_landed_on() {
    let p = setup(J, &[12], &[15], 'x');
    assert_eq!(
        why(&p, 3, 12, to(15)),
        IllegalMoveError::SafeHouse { house: house(15) }
    );
    assert_moves(&p, 3, &["3: 12-9<"]);
    assert!(p.is_shielded(house(15)));
}

#[test]
fn jequier_opponent_on_safe_houses_26_28_29_cannot_be_landed_on() {
    let p = setup(J, &[24], &[26], 'x');
    assert_eq!(
        why(&p, 2, 24, to(26)),
        IllegalMoveError::SafeHouse { house: house(26) }
    );
    assert_moves(&p, 2, &["2: 24-22<"]);
    let p = setup(J, &[25], &[28], 'x');
    assert_eq!(
        why(&p, 3, 25, to(28)),
        IllegalMoveError::SafeHouse { house: house(28) }
    );
    assert_moves(&p, 3, &["3: 25-22<"]);
    let p = setup(J, &[26], &[29], 'x');
    assert_eq!(
        why(&p, 3, 26, to(29)),
        IllegalMoveError::SafeHouse { house: house(29) }
    );
    assert_moves(&p, 3, &["3: 26-23<"]);
    assert!(p.is_shielded(house(29)));
}

#[test]
fn jequier_30_is_not_safe_a_lone_opponent_there_is_sent_back() {
    let p = setup(J, &[24], &[30], 'x');
    assert!(!p.is_shielded(house(30)));
    assert_moves(&p, 6, &["6: 24-30x+"]);
    assert_eq!(after(&p, "6: 24-30x+"), ps(&[30], &[1], 'x', 4, 4));
}

#[test]
fn jequier_opponent_protected_by_a_neighbour_on_t_minus_1_or_t_plus_1_cannot_be_landed_on() {
    let p = setup(J, &[11], &[13, 14], 'x');
    // 13 is protected by 14 (t+1).
    assert_eq!(
        why(&p, 2, 11, to(13)),
        IllegalMoveError::Protected {
            house: house(13),
            why: J.why(Refusal::Protected)
        }
    );
    assert_moves(&p, 2, &["2: 11-9<"]);
    // 14 is protected by 13 (t-1).
    assert_eq!(
        why(&p, 3, 11, to(14)),
        IllegalMoveError::Protected {
            house: house(14),
            why: J.why(Refusal::Protected)
        }
    );
    assert_moves(&p, 3, &["3: 11-8<"]);
    assert!(p.is_shielded(house(13)));
    assert!(p.is_shielded(house(14)));
    // 30 protected by 29.
    let p = setup(J, &[24], &[29, 30], 'x');
    assert_eq!(
        why(&p, 6, 24, to(30)),
        IllegalMoveError::Protected {
            house: house(30),
            why: J.why(Refusal::Protected)
        }
    );
    assert_moves(&p, 6, &["6: 24-18<+"]);
}

#[test]
fn jequier_only_the_targets_own_side_protects_it() {
    let p = setup(J, &[11, 13], &[14], 'x');
    assert_moves(&p, 3, &["3: 11-14x", "3: 13-16"]);
    assert_eq!(after(&p, "3: 11-14x"), ps(&[13, 14], &[1], 'o', 3, 4));
    assert_eq!(after(&p, "1: 13-14x+"), ps(&[11, 14], &[1], 'x', 3, 4));
}

mod backward_and_the_end;
mod blockades_and_water;
