//! Kendall 1979's backward moves, lost throws, the end of the game and
//! its position strings, clause by clause.

use super::*;

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
