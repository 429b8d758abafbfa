//! Kendall 1979's water and its rescued piece, clause by clause.

use super::*;

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
