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

// ---- The water ----

#[test]
fn kendall1979_water_a_piece_on_27_stays_there_until_it_moves() {
    let p = setup(K, &[10, 26], &[1], 'x');
    let next = play(&p, "1: 26-27+");
    assert_eq!(next.to_string(), ps(&[10, 27], &[1], 'x', 5, 6));
    assert_eq!(next.piece_at(house(27)), Some(Side::X));
    // Valid as a position string too.
    assert_eq!(pos(K, &ps(&[10, 27], &[1], 'x', 5, 6)), next);
}

#[test]
fn kendall1979_water_while_a_side_has_a_piece_on_27_it_moves_no_other_piece() {
    let p = setup(K, &[10, 27], &[1], 'x');
    for value in [1, 2, 3, 5] {
        assert_moves(&p, value, &[&format!("{value}: 27-15<")]);
    }
    assert_eq!(
        why(&p, 2, 10, to(12)),
        IllegalMoveError::Held {
            house: house(10),
            why: K.why(Refusal::Held)
        }
    );
}

#[test]
fn kendall1979_water_example_2_27_15_comes_back_marked() {
    let p = setup(K, &[10, 27], &[1], 'x');
    let next = play(&p, "2: 27-15<");
    assert_eq!(next.to_string(), "o........x....X............... o 5 6");
    assert_eq!(next.board().marked(), Some(Side::X));
    assert_eq!(next.piece_at(house(15)), Some(Side::X));
    assert!(matches!(
        refused(&p, "2: 27-15"),
        MoveTextError::Suffix { .. }
    ));
}

#[test]
fn kendall1979_water_example_4_27_off() {
    let p = setup(K, &[10, 27], &[1], 'x');
    assert_moves(&p, 4, &["4: 27-off"]);
    assert_eq!(after(&p, "4: 27-off"), ps(&[10], &[1], 'o', 6, 6));
}

#[test]
fn kendall1979_water_example_1_lost_when_15_is_taken() {
    let p = setup(K, &[10, 27], &[15], 'x');
    let next = assert_lost(&p, 1, "1: -+");
    assert_eq!(next.to_string(), ps(&[10, 27], &[15], 'x', 5, 6));
    // The piece on 10 may not move instead.
    assert!(matches!(
        why(&p, 1, 10, to(11)),
        IllegalMoveError::Held { .. }
    ));
    // A 4 still bears it off.
    assert_moves(&p, 4, &["4: 27-off"]);
    // 15 held by the side's own piece counts too.
    let p = setup(K, &[15, 27], &[1], 'x');
    assert_lost(&p, 3, "3: -");
    assert_lost(&p, 5, "5: -+");
}

#[test]
fn kendall1979_water_27_15_is_refused_for_want_of_a_return_house_while_15_is_taken() {
    let p = setup(K, &[10, 27], &[15], 'x');
    assert_eq!(
        why(&p, 2, 27, to(15)),
        IllegalMoveError::NoReturnHouse { from: house(27) }
    );
    assert_eq!(
        why(&p, 5, 27, to(15)),
        IllegalMoveError::NoReturnHouse { from: house(27) }
    );
}

// ---- The rescued piece ----

#[test]
fn kendall1979_marked_piece_is_the_only_piece_its_side_may_move() {
    let p = marked(&[15, 20], &[9, 10], 'x');
    assert_moves(&p, 1, &["1: 15-16+"]);
    assert_moves(&p, 2, &["2: 15-17"]);
    assert_moves(&p, 3, &["3: 15-18"]);
    assert_moves(&p, 4, &["4: 15-19+"]);
    assert_eq!(
        why(&p, 1, 20, to(21)),
        IllegalMoveError::Held {
            house: house(20),
            why: K.why(Refusal::Held)
        }
    );
}

#[test]
fn kendall1979_marked_piece_example_5_15_10_backward_swap_ignores_protection() {
    // 15+5 is x's own 20: no forward move; back on 10, o's piece is
    // protected by 9, but the marked piece swaps with it anyway.
    assert!(setup(K, &[15, 20], &[9, 10], 'x').is_shielded(house(10)));
    let p = marked(&[15, 20], &[9, 10], 'x');
    assert_moves(&p, 5, &["5: 15-10x<+"]);
    let next = play(&p, "5: 15-10x<+");
    // The mark is gone, and o's piece on 15 is not marked.
    assert_eq!(next.to_string(), ps(&[10, 20], &[9, 15], 'x', 5, 5));
    assert_eq!(next.board().marked(), None);
}

#[test]
fn kendall1979_marked_piece_forward_landing_ignores_protection() {
    let p = marked(&[15], &[17, 18], 'x');
    assert_moves(&p, 2, &["2: 15-17x"]);
    assert_moves(&p, 3, &["3: 15-18x"]);
    assert_eq!(after(&p, "2: 15-17x"), ps(&[17], &[15, 18], 'o', 6, 5));
    assert_eq!(after(&p, "3: 15-18x"), ps(&[18], &[15, 17], 'o', 6, 5));
}

#[test]
fn kendall1979_marked_piece_that_cannot_move_loses_the_throw_and_keeps_the_mark() {
    // 15±1 and 15±4 are x's own; a 4 does not bear off the piece on 27.
    let p = marked(&[11, 14, 15, 16, 19, 27], &[1], 'x');
    let text = mark_15(&ps(&[11, 14, 15, 16, 19, 27], &[1], 'x', 1, 6));
    let next = assert_lost(&p, 1, "1: -+");
    assert_eq!(next.to_string(), text);
    let next = assert_lost(&p, 4, "4: -+");
    assert_eq!(next.to_string(), text);
    assert_eq!(next.board().marked(), Some(Side::X));
    assert_eq!(
        why(&p, 4, 27, OFF),
        IllegalMoveError::Held {
            house: house(27),
            why: K.why(Refusal::Held)
        }
    );
    assert_moves(&p, 5, &["5: 15-20+"]);
}

#[test]
fn kendall1979_mark_ends_when_the_marked_piece_moves() {
    let p = marked(&[11, 14, 15, 16, 19, 27], &[1], 'x');
    let next = play(&p, "2: 15-17");
    assert_eq!(
        next.to_string(),
        ps(&[11, 14, 16, 17, 19, 27], &[1], 'o', 1, 6)
    );
    assert_eq!(next.board().marked(), None);
}

#[test]
fn kendall1979_mark_ends_when_the_marked_piece_is_swapped_away() {
    // o lands on the unprotected marked piece: both are ordinary after.
    let p = marked(&[15, 20], &[12], 'o');
    assert_moves(&p, 3, &["3: 12-15x"]);
    let next = play(&p, "3: 12-15x");
    assert_eq!(next.to_string(), ps(&[12, 20], &[15], 'x', 5, 6));
    assert_eq!(next.board().marked(), None);
}

#[test]
fn kendall1979_marked_piece_protects_its_neighbours_and_is_protected_by_them() {
    let p = pos(K, &mark_15(&setup(K, &[13], &[15, 16], 'x').to_string()));
    assert_eq!(p.board().marked(), Some(Side::O));
    assert_eq!(
        why(&p, 2, 13, to(15)),
        IllegalMoveError::Protected {
            house: house(15),
            why: K.why(Refusal::Protected)
        }
    );
    assert_eq!(
        why(&p, 3, 13, to(16)),
        IllegalMoveError::Protected {
            house: house(16),
            why: K.why(Refusal::Protected)
        }
    );
    assert_moves(&p, 2, &["2: 13-11<"]);
    assert_moves(&p, 3, &["3: 13-10<"]);
}

#[test]
fn kendall1979_any_one_x_or_o_on_15_is_a_valid_position() {
    for text in [
        "oxoxoxoxoxoxo.X............... x 0 0",
        "oxoxoxoxoxoxo.X............... o 0 0",
        "oxoxoxoxoxoxx.O............... x 0 0",
        "oxoxoxoxoxoxx.O............... o 0 0",
        "..............X............... x 6 7",
    ] {
        let p = pos(K, text);
        assert_eq!(p.to_string(), text);
    }
    assert_eq!(
        pos(K, "oxoxoxoxoxoxo.X............... o 0 0")
            .board()
            .marked(),
        Some(Side::X)
    );
}

// ---- Backward ----

#[test]
fn kendall1979_backward_only_when_no_forward_move_bearing_off_counts_as_forward() {
    // 20+2 is o's protected 22; 30 bears off, so 20 may not go back.
    let p = setup(K, &[20, 30], &[22, 23], 'x');
    assert_moves(&p, 2, &["2: 30-off"]);
    assert_eq!(why(&p, 2, 20, to(18)), IllegalMoveError::ForwardExists);
}

#[test]
fn kendall1979_backward_from_26_swap_sends_the_opponent_forward_to_26() {
    // 26+1 is taken (o on 27), 28 and 29 have no move with a 1.
    let p = setup(K, &[26, 28, 29], &[1, 25, 27], 'x');
    assert_moves(&p, 1, &["1: 26-25x<+"]);
    assert_eq!(
        after(&p, "1: 26-25x<+"),
        ps(&[25, 28, 29], &[1, 26, 27], 'x', 4, 4)
    );
}

#[test]
fn kendall1979_backward_obeys_the_landing_rules() {
    // 28 has no move with a 4; 23+4 is past 26; 23-4 is o's protected 19.
    let p = setup(K, &[23, 28], &[18, 19], 'x');
    assert_eq!(
        why(&p, 4, 23, to(19)),
        IllegalMoveError::Protected {
            house: house(19),
            why: K.why(Refusal::Protected)
        }
    );
    assert_lost(&p, 4, "4: -+");
    assert_lost(&p, 5, "5: -+");
}

#[test]
fn kendall1979_backward_target_is_at_least_1() {
    // 3+4 and 3+5 are o's protected 7 and 8; 3-4 and 3-5 are no houses.
    let p = setup(K, &[3, 28], &[7, 8], 'x');
    assert_lost(&p, 4, "4: -+");
    assert_lost(&p, 5, "5: -+");
}

#[test]
fn kendall1979_pieces_on_27_to_30_never_move_backward() {
    let p = setup(K, &[28, 29], &[1], 'x');
    assert_lost(&p, 1, "1: -+");
    assert!(p.find_move(roll(1), house(28), to(27)).is_err());
    assert!(p.find_move(roll(4), house(29), to(25)).is_err());
    let p = setup(K, &[27], &[15], 'x');
    assert!(p.find_move(roll(2), house(27), to(25)).is_err());
    assert_lost(&p, 2, "2: -");
}

// ---- Lost throws, end of game ----

#[test]
fn kendall1979_a_side_with_a_legal_move_must_play_lost_only_when_none() {
    let p = setup(K, &[10], &[1], 'x');
    assert_eq!(
        p.lose_throw(roll(2)),
        Err(IllegalMoveError::MovesExist { count: 1 })
    );
    // The source lets a player wait on 27 for a 4; here the piece must come back.
    let p = setup(K, &[10, 27], &[1], 'x');
    assert_eq!(
        p.lose_throw(roll(2)),
        Err(IllegalMoveError::MovesExist { count: 1 })
    );
    assert!(matches!(refused(&p, "2: -"), MoveTextError::NotLost { .. }));
}

#[test]
fn kendall1979_first_side_with_all_seven_off_wins() {
    let p = setup(K, &[30], &[1], 'x');
    for value in 1..=5 {
        let text = format!("{value}: 30-off");
        assert_moves(&p, value, &[&text]);
        let end = play(&p, &text);
        assert_eq!(end.to_string(), ps(&[], &[1], 'o', 7, 6));
        assert_eq!(end.outcome(), Some(Outcome::Win(Side::X)));
        assert_finished(&end);
    }
    let p = setup(K, &[1], &[26], 'o');
    let end = play(&p, "5: 26-off");
    assert_eq!(end.to_string(), ps(&[1], &[], 'x', 6, 7));
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::O)));
    assert_finished(&end);
    // Six off is not yet a win.
    assert!(!setup(K, &[30], &[1], 'x').is_over());
}

#[test]
fn common_game_ending_move_passes_side_to_opponent_without_plus_kendall1979() {
    // A 1, 4 or 5 would throw again; out of the water, and the game is over.
    let p = setup(K, &[30], &[1], 'x');
    for text in ["1: 30-off", "4: 30-off", "5: 30-off"] {
        let end = play(&p, text);
        assert_eq!(end.side_to_throw(), Side::O);
        assert!(refused(&p, &format!("{text}+")).to_string().contains(text));
    }
    let p = setup(K, &[27], &[1], 'x');
    let end = play(&p, "4: 27-off");
    assert_eq!(end.to_string(), ps(&[], &[1], 'o', 7, 6));
    assert_finished(&end);
}

#[test]
fn kendall1979_finished_game_has_no_legal_moves_no_lost_throw_and_perft_1() {
    assert_finished(&pos(K, &ps(&[], &[3, 5], 'x', 7, 5)));
    assert_finished(&pos(K, &ps(&[12, 26, 27], &[], 'x', 4, 7)));
    assert_finished(&pos(K, &mark_15(&ps(&[15], &[], 'o', 6, 7))));
}

#[test]
fn kendall1979_no_draws_both_sides_cannot_both_finish() {
    assert_eq!(
        Position::parse(K, &ps(&[], &[], 'x', 7, 7)),
        Err(PositionError::BothFinished)
    );
}

// ---- Position strings ----

#[test]
fn kendall1979_position_string_accepts_a_piece_on_27() {
    let text = ps(&[10, 27], &[1], 'x', 5, 6);
    assert_eq!(pos(K, &text).to_string(), text);
    let text = ps(&[27], &[15], 'o', 6, 6);
    assert_eq!(pos(K, &text).to_string(), text);
}

#[test]
fn kendall1979_position_string_uppercase_only_on_house_15() {
    for text in [
        "oxoxoxoxoxoxoX................ x 0 0",
        "Oxoxoxoxoxoxo.x............... x 0 0",
        "oxoxoxoxoxoxo..X.............. x 0 0",
    ] {
        assert!(
            matches!(
                Position::parse(K, text),
                Err(PositionError::MarkedPiece { .. })
            ),
            "{text}"
        );
    }
}

#[test]
fn kendall1979_position_string_uppercase_only_in_kendall1979() {
    let text = "oxoxoxoxo.....X............... x 0 0";
    assert!(matches!(
        Position::parse(Kendall, text),
        Err(PositionError::MarkedPiece { .. })
    ));
    assert!(matches!(
        Position::parse(Jequier, text),
        Err(PositionError::MarkedPiece { .. })
    ));
    assert!(matches!(
        Position::parse(Skyruk, text),
        Err(PositionError::MarkedPiece { .. })
    ));
}

#[test]
fn kendall1979_position_string_rejects_wrong_piece_counts() {
    assert!(matches!(
        Position::parse(K, "oxoxoxoxox.................... x 0 0"),
        Err(PositionError::MissingPieces { .. })
    ));
    assert!(matches!(
        Position::parse(K, "oxoxoxoxoxoxo.x............... x 1 0"),
        Err(PositionError::TooManyPieces { .. })
    ));
    assert!(matches!(
        Position::parse(K, "oxoxoxoxoxoxo.x............... x 0 1"),
        Err(PositionError::TooManyPieces { .. })
    ));
    assert!(matches!(
        Position::parse(K, "oxoxoxoxoxoxo.x............... x 0 0 "),
        Err(PositionError::Spacing)
    ));
}
