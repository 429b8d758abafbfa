//! Bell (`docs/rules.md`, "Bell" and "Common ground"), clause by clause, on
//! hand-built positions. `bell` builds a position where every piece not
//! listed was captured (nothing borne off), unless counts are given.

use crate::common;

use common::*;
use senet::rulesets::Bell;
use senet::{Dice, IllegalMoveError, Outcome, Position, Ruleset, Side, Throw};

const B: Bell = Bell;

/// x on `x`, o on `o`, nothing borne off (the other pieces were captured).
fn bell(x: &[u8], o: &[u8], side: char) -> Position<Bell> {
    pos(B, &ps(x, o, side, 0, 0))
}

// ---- Start, sides and throws ----

#[test]
fn bell_start_x_on_odd_houses_1_to_19_o_on_even_houses_2_to_20_x_throws_first() {
    let start = Position::start(B);
    assert_eq!(start.to_string(), "xoxoxoxoxoxoxoxoxoxo.......... x 0 0");
    assert_eq!(
        start.to_string(),
        ps(
            &[1, 3, 5, 7, 9, 11, 13, 15, 17, 19],
            &[2, 4, 6, 8, 10, 12, 14, 16, 18, 20],
            'x',
            0,
            0
        )
    );
    assert_eq!(start.side_to_throw(), Side::X);
    assert_eq!(B.pieces_per_side(), 10);
    assert_eq!(pos(B, "xoxoxoxoxoxoxoxoxoxo.......... x 0 0"), start);
}

#[test]
fn bell_start_moves_for_each_roll() {
    let start = Position::start(B);
    let ones: Vec<String> = (0..10)
        .map(|i| format!("1: {}-{}x", 2 * i + 1, 2 * i + 2))
        .collect();
    let ones: Vec<&str> = ones.iter().map(String::as_str).collect();
    assert_moves(&start, 1, &ones);
    assert_moves(&start, 2, &["2: 19-21"]);
    let threes: Vec<String> = (0..9)
        .map(|i| format!("3: {}-{}x", 2 * i + 1, 2 * i + 4))
        .chain(["3: 19-22".to_owned()])
        .collect();
    let threes: Vec<&str> = threes.iter().map(String::as_str).collect();
    assert_moves(&start, 3, &threes);
    assert_moves(&start, 4, &["4: 17-21", "4: 19-23"]);
}

#[test]
fn bell_throws_a_long_die_1_to_4_each_one_in_four() {
    assert_eq!(B.dice(), Dice::LONG_DIE);
    let weights: Vec<(u8, u32)> = B
        .dice()
        .weights()
        .iter()
        .map(|&(r, w)| (r.value(), w))
        .collect();
    assert_eq!(weights, [(1, 1), (2, 1), (3, 1), (4, 1)]);
    assert_eq!(B.dice().total_weight(), 4);
    assert!(!B.dice().can_roll(roll(5)));
    assert_eq!(Throw::from_die_face(roll(5)), None);
    let start = Position::start(B);
    assert!(start.moves(roll(5)).to_list().is_empty());
    assert!(!start.moves(roll(5)).is_lost_throw());
    assert_eq!(
        start.lose_throw(roll(5)),
        Err(IllegalMoveError::RollNotOnDice { roll: roll(5) })
    );
    assert_eq!(
        why(&start, 5, 1, to(6)),
        IllegalMoveError::RollNotOnDice { roll: roll(5) }
    );
}

// ---- Turn ----

#[test]
fn bell_turn_passes_after_every_throw_no_extra_throws() {
    let p = bell(&[10], &[1], 'x');
    assert_eq!(after(&p, "1: 10-11"), ps(&[11], &[1], 'o', 0, 0));
    assert_eq!(after(&p, "2: 10-12"), ps(&[12], &[1], 'o', 0, 0));
    assert_eq!(after(&p, "3: 10-13"), ps(&[13], &[1], 'o', 0, 0));
    assert_eq!(after(&p, "4: 10-14"), ps(&[14], &[1], 'o', 0, 0));
    let p = bell(&[30], &[10], 'o');
    assert_eq!(after(&p, "1: 10-11"), ps(&[30], &[11], 'x', 0, 0));
}

#[test]
fn bell_turn_passes_after_a_lost_throw() {
    let p = bell(&[29], &[1], 'x');
    for value in [3, 4] {
        let next = assert_lost(&p, value, &format!("{value}: -"));
        assert_eq!(next.to_string(), ps(&[29], &[1], 'o', 0, 0));
    }
}

// ---- Moves ----

#[test]
fn bell_forward_only_no_backward_moves() {
    // A piece on 29 with a 3 or a 4 has no move, and nothing goes back.
    let p = bell(&[29], &[1], 'x');
    assert_moves(&p, 3, &[]);
    assert_moves(&p, 4, &[]);
    let p = bell(&[1, 2, 3, 4, 5], &[6, 7, 8, 9], 'x');
    assert_moves(&p, 4, &["4: 2-6x", "4: 3-7x", "4: 4-8x", "4: 5-9x"]);
    assert_moves(&p, 1, &["1: 5-6x"]);
}

#[test]
fn bell_no_mandatory_stop_pieces_pass_26() {
    let p = bell(&[24], &[1], 'x');
    assert_moves(&p, 2, &["2: 24-26"]);
    assert_moves(&p, 3, &["3: 24-27"]);
    assert_moves(&p, 4, &["4: 24-28"]);
    assert_eq!(after(&p, "3: 24-27"), ps(&[27], &[1], 'o', 0, 0));
}

#[test]
fn bell_no_blockades_pieces_jump_over_anything() {
    let p = bell(&[10], &[11, 12, 13, 14], 'x');
    assert_moves(&p, 4, &["4: 10-14x"]);
    assert_eq!(after(&p, "4: 10-14x"), ps(&[14], &[11, 12, 13], 'o', 0, 0));
    assert!(!p.blocks_passage(house(12)));
    let p = bell(&[26], &[27, 28, 29], 'x');
    assert_moves(&p, 4, &["4: 26-30"]);
}

#[test]
fn bell_up_to_26_a_plain_move_to_at_most_30() {
    let p = bell(&[26], &[1], 'x');
    assert_moves(&p, 1, &["1: 26-27"]);
    assert_moves(&p, 2, &["2: 26-28"]);
    assert_moves(&p, 3, &["3: 26-29"]);
    assert_moves(&p, 4, &["4: 26-30"]);
    assert_eq!(after(&p, "4: 26-30"), ps(&[30], &[1], 'o', 0, 0));
}

#[test]
fn bell_from_27_to_30_exact_roll_bears_off_smaller_moves_on_larger_is_illegal() {
    let p = bell(&[27], &[1], 'x');
    assert_moves(&p, 1, &["1: 27-28"]);
    assert_moves(&p, 2, &["2: 27-29"]);
    assert_moves(&p, 3, &["3: 27-30"]);
    assert_moves(&p, 4, &["4: 27-off"]);
    assert_eq!(after(&p, "4: 27-off"), ps(&[], &[1], 'o', 1, 0));
    let p = bell(&[28], &[1], 'x');
    assert_moves(&p, 1, &["1: 28-29"]);
    assert_moves(&p, 2, &["2: 28-30"]);
    assert_moves(&p, 3, &["3: 28-off"]);
    assert_lost(&p, 4, "4: -");
    let p = bell(&[29], &[1], 'x');
    assert_moves(&p, 1, &["1: 29-30"]);
    assert_moves(&p, 2, &["2: 29-off"]);
    assert_lost(&p, 3, "3: -");
    assert_lost(&p, 4, "4: -");
    let p = bell(&[30], &[1], 'x');
    assert_moves(&p, 1, &["1: 30-off"]);
    for value in 2..=4 {
        assert_lost(&p, value, &format!("{value}: -"));
    }
}

// ---- Landing ----

#[test]
fn bell_landing_on_own_piece_is_illegal() {
    let p = bell(&[10, 12], &[1], 'x');
    assert_moves(&p, 2, &["2: 12-14"]);
    assert_eq!(
        why(&p, 2, 10, to(12)),
        IllegalMoveError::OwnPiece { house: house(12) }
    );
}

#[test]
fn bell_landing_on_an_opponent_captures_it_for_good() {
    let p = bell(&[10], &[1, 13], 'x');
    assert_moves(&p, 3, &["3: 10-13x"]);
    let next = play(&p, "3: 10-13x");
    assert_eq!(next.to_string(), ps(&[13], &[1], 'o', 0, 0));
    assert_eq!(next.board().on_board(Side::O), 1);
    assert_eq!(next.board().off(Side::O), 0);
}

#[test]
fn bell_neighbours_do_not_protect() {
    let p = bell(&[10], &[12, 13, 14], 'x');
    assert_moves(&p, 3, &["3: 10-13x"]);
    assert!(!p.is_shielded(house(13)));
    assert_eq!(after(&p, "3: 10-13x"), ps(&[13], &[12, 14], 'o', 0, 0));
}

#[test]
fn bell_the_last_five_houses_26_to_30_are_protected_from_capture() {
    for t in 26..=30 {
        let p = bell(&[t - 4], &[1, t], 'x');
        assert_eq!(
            why(&p, 4, t - 4, to(t)),
            IllegalMoveError::SafeHouse { house: house(t) },
            "house {t}"
        );
        assert!(p.is_shielded(house(t)));
        assert_lost(&p, 4, "4: -");
    }
    // 25 is not protected.
    let p = bell(&[21], &[1, 25], 'x');
    assert_moves(&p, 4, &["4: 21-25x"]);
}

// ---- Mandatory last row ----

#[test]
fn bell_mandatory_last_row() {
    let p = bell(&[10, 27], &[1], 'x');
    assert_moves(&p, 1, &["1: 27-28"]);
    assert_moves(&p, 2, &["2: 27-29"]);
    assert_moves(&p, 4, &["4: 27-off"]);
    assert!(matches!(
        why(&p, 2, 10, to(12)),
        IllegalMoveError::MustPlayFirst { .. }
    ));
    // A piece on 26 must leave it when it can.
    let p = bell(&[10, 26], &[1], 'x');
    assert_moves(&p, 1, &["1: 26-27"]);
    assert_moves(&p, 4, &["4: 26-30"]);
    // Several pieces in the last row: any of them.
    let p = bell(&[10, 26, 27], &[1], 'x');
    assert_moves(&p, 1, &["1: 27-28"]);
    assert_moves(&p, 2, &["2: 26-28", "2: 27-29"]);
}

#[test]
fn bell_mandatory_last_row_only_when_such_a_piece_has_a_legal_move() {
    // 29 + 3 is past the end.
    let p = bell(&[10, 29], &[1], 'x');
    assert_moves(&p, 3, &["3: 10-13"]);
    assert_moves(&p, 4, &["4: 10-14"]);
    // 28 + 2 is o's protected 30.
    let p = bell(&[10, 28], &[1, 30], 'x');
    assert_moves(&p, 2, &["2: 10-12"]);
    // 28 + 1 is own; 29 + 1 is free.
    let p = bell(&[10, 28, 29], &[1], 'x');
    assert_moves(&p, 1, &["1: 29-30"]);
}

// ---- Score and end ----

#[test]
fn bell_x_wins_as_soon_as_off_x_exceeds_off_o_plus_on_o() {
    let p = pos(B, &ps(&[30], &[20], 'x', 4, 3));
    assert!(!p.is_over());
    let end = play(&p, "1: 30-off");
    assert_eq!(end.to_string(), ps(&[], &[20], 'o', 5, 3));
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::X)));
    assert_finished(&end);
    // Not yet certain: o could still reach 5.
    let p = pos(B, &ps(&[5, 30], &[20, 21], 'x', 4, 3));
    let next = play(&p, "1: 30-off");
    assert_eq!(next.to_string(), ps(&[5], &[20, 21], 'o', 5, 3));
    assert!(!next.is_over());
}

#[test]
fn bell_o_wins_as_soon_as_off_o_exceeds_off_x_plus_on_x() {
    let p = pos(B, &ps(&[5], &[29], 'o', 1, 2));
    assert!(!p.is_over());
    let end = play(&p, "2: 29-off");
    assert_eq!(end.to_string(), ps(&[5], &[], 'x', 1, 3));
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::O)));
    assert_finished(&end);
}

#[test]
fn bell_draw_when_both_boards_are_empty_and_scores_equal() {
    let p = pos(B, &ps(&[30], &[], 'x', 4, 5));
    assert!(!p.is_over());
    let end = play(&p, "1: 30-off");
    assert_eq!(end.to_string(), ps(&[], &[], 'o', 5, 5));
    assert_eq!(end.outcome(), Some(Outcome::Draw));
    assert_finished(&end);
}

#[test]
fn bell_end_is_checked_after_every_move_a_capture_can_end_it() {
    let p = pos(B, &ps(&[10], &[13], 'x', 3, 2));
    assert!(!p.is_over());
    let end = play(&p, "3: 10-13x");
    assert_eq!(end.to_string(), ps(&[13], &[], 'o', 3, 2));
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::X)));
}

#[test]
fn bell_captured_pieces_score_nothing() {
    // x has lost every piece, o has one left and nothing off: no score yet.
    let p = pos(B, &ps(&[], &[29], 'x', 0, 0));
    assert!(!p.is_over());
    let next = assert_lost(&p, 1, "1: -");
    assert_eq!(next.to_string(), ps(&[], &[29], 'o', 0, 0));
    let end = play(&next, "2: 29-off");
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::O)));
}

#[test]
fn bell_lost_throw_only_when_no_legal_move() {
    let p = bell(&[29], &[1], 'x');
    assert_eq!(
        p.lose_throw(roll(1)),
        Err(IllegalMoveError::MovesExist { count: 1 })
    );
    assert_lost(&p, 3, "3: -");
}

#[test]
fn common_game_ending_move_passes_side_to_opponent_without_plus_bell() {
    let p = pos(B, &ps(&[27], &[20], 'x', 4, 3));
    assert_moves(&p, 4, &["4: 27-off"]);
    let end = play(&p, "4: 27-off");
    assert_eq!(end.side_to_throw(), Side::O);
    assert!(refused(&p, "4: 27-off+").to_string().contains("4: 27-off"));
}

#[test]
fn bell_finished_game_has_no_legal_moves_no_lost_throw_and_perft_1() {
    assert_finished(&pos(B, &ps(&[], &[3], 'x', 3, 1)));
    assert_finished(&pos(B, &ps(&[], &[], 'x', 10, 10)));
    assert_finished(&pos(B, &ps(&[1, 2], &[], 'x', 0, 3)));
}
