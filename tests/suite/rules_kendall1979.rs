//! Kendall 1979 (`docs/rules.md`, "Kendall 1979" and "Common ground"),
//! clause by clause, on hand-built positions. Positions are written with
//! `ps`/`setup` (the houses of each side; `setup` puts every other piece
//! off the board); `marked` writes the piece on 15 as `X` or `O`.

use crate::common;

use common::*;
use senet::rulesets::Refusal;
use senet::rulesets::{Jequier, Kendall, Kendall1979, Skyruk};
use senet::{IllegalMoveError, MoveTextError, Outcome, Position, PositionError, Ruleset, Side};

const K: Kendall1979 = Kendall1979;

/// `text` with the piece on house 15 written uppercase (marked).
fn mark_15(text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    assert!(matches!(chars[14], 'x' | 'o'), "no piece on 15 in {text}");
    chars[14] = chars[14].to_ascii_uppercase();
    chars.into_iter().collect()
}

/// As `setup`, with the piece on 15 marked.
fn marked(x: &[u8], o: &[u8], side: char) -> Position<Kendall1979> {
    pos(K, &mark_15(&setup(K, x, o, side).to_string()))
}

// ---- Start, sides and throws ----

#[test]
fn kendall1979_start_is_the_position_after_the_opening_move_14_15_x_throws() {
    let start = Position::start(K);
    assert_eq!(start.to_string(), "oxoxoxoxoxoxo.x............... x 0 0");
    assert_eq!(
        start.to_string(),
        ps(
            &[2, 4, 6, 8, 10, 12, 15],
            &[1, 3, 5, 7, 9, 11, 13],
            'x',
            0,
            0
        )
    );
    assert_eq!(start.side_to_throw(), Side::X);
    assert_eq!(start.board().marked(), None);
    assert_eq!(K.pieces_per_side(), 7);
    assert_eq!(pos(K, "oxoxoxoxoxoxo.x............... x 0 0"), start);
    assert!(!start.is_over());
}

#[test]
fn kendall1979_start_moves_for_each_roll() {
    let start = Position::start(K);
    assert_moves(
        &start,
        1,
        &[
            "1: 2-3x+",
            "1: 4-5x+",
            "1: 6-7x+",
            "1: 8-9x+",
            "1: 10-11x+",
            "1: 12-13x+",
            "1: 15-16+",
        ],
    );
    assert_moves(&start, 2, &["2: 12-14", "2: 15-17"]);
    assert_moves(
        &start,
        3,
        &[
            "3: 2-5x",
            "3: 4-7x",
            "3: 6-9x",
            "3: 8-11x",
            "3: 10-13x",
            "3: 15-18",
        ],
    );
    assert_moves(&start, 4, &["4: 10-14+", "4: 12-16+", "4: 15-19+"]);
    assert_moves(
        &start,
        5,
        &[
            "5: 2-7x+",
            "5: 4-9x+",
            "5: 6-11x+",
            "5: 8-13x+",
            "5: 12-17+",
            "5: 15-20+",
        ],
    );
    assert_eq!(senet::perft(&start, 1), 24);
}

#[test]
fn kendall1979_throws_four_sticks_as_kendall() {
    assert_four_sticks(K.dice());
}

#[test]
fn kendall1979_a_move_is_one_piece_moved_by_exactly_the_roll() {
    let p = setup(K, &[10], &[1], 'x');
    assert!(matches!(
        why(&p, 2, 10, to(13)),
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
fn kendall1979_turn_roll_1_4_5_throw_again_after_a_move() {
    let p = setup(K, &[10], &[1], 'x');
    assert_eq!(after(&p, "1: 10-11+"), ps(&[11], &[1], 'x', 6, 6));
    assert_eq!(after(&p, "4: 10-14+"), ps(&[14], &[1], 'x', 6, 6));
    assert_eq!(after(&p, "5: 10-15+"), ps(&[15], &[1], 'x', 6, 6));
}

#[test]
fn kendall1979_turn_roll_2_3_pass_the_sticks_after_a_move() {
    let p = setup(K, &[10], &[1], 'x');
    assert_eq!(after(&p, "2: 10-12"), ps(&[12], &[1], 'o', 6, 6));
    assert_eq!(after(&p, "3: 10-13"), ps(&[13], &[1], 'o', 6, 6));
    let p = setup(K, &[30], &[10], 'o');
    assert_eq!(after(&p, "3: 10-13"), ps(&[30], &[13], 'x', 6, 6));
    assert_eq!(after(&p, "5: 10-15+"), ps(&[30], &[15], 'o', 6, 6));
}

#[test]
fn kendall1979_turn_roll_1_4_5_throw_again_even_when_lost() {
    // A lone piece on 28 moves only with a 3.
    let p = setup(K, &[28], &[1], 'x');
    for (value, text) in [(1, "1: -+"), (4, "4: -+"), (5, "5: -+")] {
        let next = assert_lost(&p, value, text);
        assert_eq!(next.to_string(), ps(&[28], &[1], 'x', 6, 6));
    }
    let next = assert_lost(&p, 2, "2: -");
    assert_eq!(next.to_string(), ps(&[28], &[1], 'o', 6, 6));
}

#[test]
fn kendall1979_turn_no_extra_throw_after_a_move_out_of_the_water() {
    let p = setup(K, &[10, 27], &[1], 'x');
    // 1 and 5 would throw again; out of the water they pass.
    assert_moves(&p, 1, &["1: 27-15<"]);
    assert_moves(&p, 5, &["5: 27-15<"]);
    assert_moves(&p, 4, &["4: 27-off"]);
    let back = mark_15(&ps(&[10, 15], &[1], 'o', 5, 6));
    assert_eq!(after(&p, "1: 27-15<"), back);
    assert_eq!(after(&p, "5: 27-15<"), back);
    assert_eq!(after(&p, "4: 27-off"), ps(&[10], &[1], 'o', 6, 6));
    assert!(matches!(
        refused(&p, "4: 27-off+"),
        MoveTextError::Suffix { .. }
    ));
    assert!(matches!(
        refused(&p, "1: 27-15<+"),
        MoveTextError::Suffix { .. }
    ));
}

#[test]
fn kendall1979_turn_lost_throws_while_waiting_on_27_follow_the_roll() {
    // 15 is taken: the piece on 27 cannot come back.
    let p = setup(K, &[10, 27], &[15], 'x');
    assert_lost(&p, 1, "1: -+");
    assert_lost(&p, 5, "5: -+");
    assert_lost(&p, 2, "2: -");
    assert_lost(&p, 3, "3: -");
}

// ---- Forward moves ----

#[test]
fn kendall1979_forward_from_up_to_25_target_is_start_plus_roll() {
    let p = setup(K, &[20], &[1], 'x');
    assert_moves(&p, 1, &["1: 20-21+"]);
    assert_moves(&p, 2, &["2: 20-22"]);
    assert_moves(&p, 3, &["3: 20-23"]);
    assert_moves(&p, 4, &["4: 20-24+"]);
    assert_moves(&p, 5, &["5: 20-25+"]);
}

#[test]
fn kendall1979_every_piece_stops_on_26_a_target_past_26_is_illegal() {
    let p = setup(K, &[10, 23], &[1], 'x');
    assert_moves(&p, 3, &["3: 10-13", "3: 23-26"]);
    assert_moves(&p, 4, &["4: 10-14+"]);
    assert_moves(&p, 5, &["5: 10-15+"]);
    assert!(matches!(
        why(&p, 4, 23, to(27)),
        IllegalMoveError::NoStep { .. }
    ));
    assert!(p.find_move(roll(5), house(23), to(28)).is_err());
    assert_eq!(after(&p, "3: 23-26"), ps(&[10, 26], &[1], 'o', 5, 6));
}

#[test]
fn kendall1979_from_26_roll_1_into_the_water_2_3_4_to_28_29_30_5_off() {
    let p = setup(K, &[10, 26], &[1], 'x');
    assert_moves(&p, 1, &["1: 10-11+", "1: 26-27+"]);
    assert_moves(&p, 2, &["2: 10-12", "2: 26-28"]);
    assert_moves(&p, 3, &["3: 10-13", "3: 26-29"]);
    assert_moves(&p, 4, &["4: 10-14+", "4: 26-30+"]);
    assert_moves(&p, 5, &["5: 10-15+", "5: 26-off+"]);
    assert_eq!(after(&p, "2: 26-28"), ps(&[10, 28], &[1], 'o', 5, 6));
    assert_eq!(after(&p, "3: 26-29"), ps(&[10, 29], &[1], 'o', 5, 6));
    assert_eq!(after(&p, "4: 26-30+"), ps(&[10, 30], &[1], 'x', 5, 6));
    assert_eq!(after(&p, "5: 26-off+"), ps(&[10], &[1], 'x', 6, 6));
}

#[test]
fn kendall1979_from_26_roll_1_is_illegal_while_27_holds_any_piece() {
    let p = setup(K, &[26], &[1, 27], 'x');
    assert_eq!(why(&p, 1, 26, to(27)), IllegalMoveError::WaterFull);
    // No forward move: the piece goes back instead.
    assert_moves(&p, 1, &["1: 26-25<+"]);
}

#[test]
fn kendall1979_28_bears_off_only_with_3_29_only_with_2() {
    let p = setup(K, &[28, 29], &[1], 'x');
    assert_moves(&p, 2, &["2: 29-off"]);
    assert_moves(&p, 3, &["3: 28-off"]);
    assert_lost(&p, 1, "1: -+");
    assert_lost(&p, 4, "4: -+");
    assert_lost(&p, 5, "5: -+");
    assert_eq!(after(&p, "3: 28-off"), ps(&[29], &[1], 'o', 6, 6));
    assert!(matches!(
        why(&p, 4, 28, OFF),
        IllegalMoveError::NoStep { .. }
    ));
}

#[test]
fn kendall1979_30_bears_off_with_any_roll() {
    let p = setup(K, &[28, 29, 30], &[1], 'x');
    assert_moves(&p, 1, &["1: 30-off+"]);
    assert_moves(&p, 2, &["2: 29-off", "2: 30-off"]);
    assert_moves(&p, 3, &["3: 28-off", "3: 30-off"]);
    assert_moves(&p, 4, &["4: 30-off+"]);
    assert_moves(&p, 5, &["5: 30-off+"]);
    assert_eq!(after(&p, "5: 30-off+"), ps(&[28, 29], &[1], 'x', 5, 6));
}

// ---- Landing ----

#[test]
fn kendall1979_landing_on_own_piece_is_illegal() {
    let p = setup(K, &[10, 12], &[1], 'x');
    assert_eq!(
        why(&p, 2, 10, to(12)),
        IllegalMoveError::OwnPiece { house: house(12) }
    );
    assert_moves(&p, 2, &["2: 12-14"]);
}

#[test]
fn kendall1979_landing_on_a_lone_opponent_swaps_it_to_the_movers_start() {
    let p = setup(K, &[11, 13], &[14], 'x');
    assert_moves(&p, 3, &["3: 11-14x", "3: 13-16"]);
    assert_eq!(after(&p, "3: 11-14x"), ps(&[13, 14], &[11], 'o', 5, 6));
    assert_eq!(after(&p, "1: 13-14x+"), ps(&[11, 14], &[13], 'x', 5, 6));
}

#[test]
fn kendall1979_opponent_protected_by_a_neighbour_on_t_minus_1_or_t_plus_1_cannot_be_landed_on() {
    let p = setup(K, &[11], &[13, 14], 'x');
    assert_eq!(
        why(&p, 2, 11, to(13)),
        IllegalMoveError::Protected {
            house: house(13),
            why: K.why(Refusal::Protected)
        }
    );
    assert_moves(&p, 2, &["2: 11-9<"]);
    assert_eq!(
        why(&p, 3, 11, to(14)),
        IllegalMoveError::Protected {
            house: house(14),
            why: K.why(Refusal::Protected)
        }
    );
    assert_moves(&p, 3, &["3: 11-8<"]);
}

#[test]
fn kendall1979_a_piece_on_27_protects_its_neighbour() {
    let p = setup(K, &[24], &[26, 27], 'x');
    assert!(p.is_shielded(house(26)));
    assert_eq!(
        why(&p, 2, 24, to(26)),
        IllegalMoveError::Protected {
            house: house(26),
            why: K.why(Refusal::Protected)
        }
    );
    assert_moves(&p, 2, &["2: 24-22<"]);
}

#[test]
fn kendall1979_no_safe_houses_15_and_26_are_taken_by_swap() {
    let p = setup(K, &[12], &[15], 'x');
    assert!(!p.is_shielded(house(15)));
    assert_moves(&p, 3, &["3: 12-15x"]);
    assert_eq!(after(&p, "3: 12-15x"), ps(&[15], &[12], 'o', 6, 6));
    let p = setup(K, &[24], &[26], 'x');
    assert_moves(&p, 2, &["2: 24-26x"]);
    assert_eq!(after(&p, "2: 24-26x"), ps(&[26], &[24], 'o', 6, 6));
}

#[test]
fn kendall1979_no_blockades_pieces_jump_over_anything() {
    let p = setup(K, &[10], &[11, 12, 13], 'x');
    assert!(!p.blocks_passage(house(12)));
    assert_moves(&p, 4, &["4: 10-14+"]);
    assert_moves(&p, 5, &["5: 10-15+"]);
    assert_eq!(after(&p, "5: 10-15+"), ps(&[15], &[11, 12, 13], 'x', 6, 4));
}

#[test]
fn kendall1979_from_26_onto_28_or_30_sends_the_opponent_into_the_water() {
    let p = setup(K, &[26], &[1, 28, 30], 'x');
    assert_moves(&p, 2, &["2: 26-28x"]);
    assert_moves(&p, 3, &["3: 26-29"]);
    assert_moves(&p, 4, &["4: 26-30x+"]);
    // The opponent goes to 27, not to 26, and stays there.
    assert_eq!(after(&p, "2: 26-28x"), ps(&[28], &[1, 27, 30], 'o', 6, 4));
    assert_eq!(after(&p, "4: 26-30x+"), ps(&[30], &[1, 27, 28], 'x', 6, 4));
    let p = setup(K, &[26], &[1, 29], 'x');
    assert_eq!(after(&p, "3: 26-29x"), ps(&[29], &[1, 27], 'o', 6, 5));
}

#[test]
fn kendall1979_from_26_onto_a_protected_piece_on_28_29_30_is_illegal() {
    let p = setup(K, &[26], &[1, 29, 30], 'x');
    assert_eq!(
        why(&p, 3, 26, to(29)),
        IllegalMoveError::Protected {
            house: house(29),
            why: K.why(Refusal::Protected)
        }
    );
    assert!(matches!(
        why(&p, 4, 26, to(30)),
        IllegalMoveError::Protected { .. }
    ));
    assert_moves(&p, 3, &["3: 26-23<"]);
    assert_moves(&p, 4, &["4: 26-22<+"]);
    assert_moves(&p, 2, &["2: 26-28"]);
}

#[test]
fn kendall1979_from_26_onto_28_29_30_is_illegal_while_27_is_taken() {
    // o on 29 is not protected, but 27 holds a piece.
    let p = setup(K, &[26], &[27, 29], 'x');
    assert_eq!(why(&p, 3, 26, to(29)), IllegalMoveError::WaterFull);
    assert_moves(&p, 3, &["3: 26-23<"]);
    assert_moves(&p, 1, &["1: 26-25<+"]);
    assert_moves(&p, 2, &["2: 26-28"]);
}

mod backward_and_the_end;
mod water_and_rescue;
