//! Jéquier's backward moves, lost throws, the end of the game and its
//! position strings, clause by clause.

use super::*;

// ---- Backward ----

#[test]
fn jequier_backward_only_when_no_forward_move() {
    let p = setup(J, &[12, 24], &[1], 'x');
    assert_moves(&p, 3, &["3: 12-15", "3: 24-27"]);
    assert_eq!(why(&p, 3, 24, to(21)), IllegalMoveError::ForwardExists);
}

#[test]
fn jequier_backward_example_3_30_27_water() {
    // x on 5 is held, 30 may not bear off: every roll moves 30 back.
    let p = setup(J, &[5, 30], &[6], 'x');
    assert_moves(&p, 3, &["3: 30-27<"]);
    let next = play(&p, "3: 30-27<");
    // Into the water, then the lowest empty house.
    assert_eq!(next.to_string(), ps(&[1, 5], &[6], 'o', 3, 4));
    assert_eq!(next.piece_at(house(27)), None);
    let mv = p.find_move(roll(3), house(30), to(27)).unwrap();
    assert!(mv.is_water());
    assert!(mv.is_backward());
}

#[test]
fn jequier_backward_pieces_on_26_to_30_move_back_too() {
    let p = setup(J, &[5, 30], &[6], 'x');
    assert_moves(&p, 1, &["1: 30-29<+"]);
    assert_moves(&p, 2, &["2: 30-28<"]);
    assert_moves(&p, 4, &["4: 30-26<+"]);
    assert_moves(&p, 6, &["6: 30-24<+"]);
    assert_eq!(after(&p, "4: 30-26<+"), ps(&[5, 26], &[6], 'x', 3, 4));
    let p = setup(J, &[5, 26], &[6, 29], 'x');
    assert_moves(&p, 3, &["3: 26-23<"]);
}

#[test]
fn jequier_backward_target_27_is_the_water() {
    // 28+1 is o's safe 29: 28 goes back into the water, then to house 1.
    let p = setup(J, &[5, 28], &[6, 29], 'x');
    assert_moves(&p, 1, &["1: 28-27<+"]);
    assert_eq!(after(&p, "1: 28-27<+"), ps(&[1, 5], &[6, 29], 'x', 3, 3));
}

#[test]
fn jequier_backward_target_must_be_empty_never_sending_a_piece_back() {
    let p = setup(J, &[5, 30], &[6, 24], 'x');
    assert_eq!(
        why(&p, 6, 30, to(24)),
        IllegalMoveError::Displacement {
            from: house(24),
            to: house(30),
            why: J.why(Refusal::NotDisplaced)
        }
    );
    assert_lost(&p, 6, "6: -+");
    assert_moves(&p, 4, &["4: 30-26<+"]);
    // Own piece behind.
    let p = setup(J, &[5, 24, 30], &[6], 'x');
    assert_eq!(
        why(&p, 6, 30, to(24)),
        IllegalMoveError::OwnPiece { house: house(24) }
    );
}

#[test]
fn jequier_backward_target_is_at_least_1() {
    // 2 is free (3 is empty) but has no forward move with 2, 3, 4 or 6
    // (o's 4-6 protect each other and block), and cannot go below 1.
    let p = setup(J, &[2, 30], &[4, 5, 6], 'x');
    assert_moves(&p, 1, &["1: 2-3+"]);
    assert_moves(&p, 2, &["2: 30-28<"]);
    assert_moves(&p, 3, &["3: 30-27<"]);
    assert_moves(&p, 4, &["4: 30-26<+"]);
    assert_moves(&p, 6, &["6: 30-24<+"]);
    assert!(p.find_move(roll(3), house(2), to(1)).is_err());
}

// ---- Lost throws, end of game ----

#[test]
fn jequier_a_side_with_a_legal_move_must_play_lost_only_when_none() {
    let p = setup(J, &[20], &[1], 'x');
    assert_eq!(
        p.lose_throw(roll(2)),
        Err(IllegalMoveError::MovesExist { count: 1 })
    );
    // Backward moves count.
    let p = setup(J, &[5, 30], &[6], 'x');
    assert_eq!(
        p.lose_throw(roll(3)),
        Err(IllegalMoveError::MovesExist { count: 1 })
    );
    assert!(matches!(refused(&p, "3: -"), MoveTextError::NotLost { .. }));
}

#[test]
fn jequier_first_side_with_all_five_off_wins() {
    let p = setup(J, &[29], &[1], 'x');
    assert_moves(&p, 1, &["1: 29-30+"]);
    for value in [2, 3, 4, 6] {
        let text = format!("{value}: 29-off");
        assert_moves(&p, value, &[&text]);
        let end = play(&p, &text);
        assert_eq!(end.to_string(), ps(&[], &[1], 'o', 5, 4));
        assert_eq!(end.outcome(), Some(Outcome::Win(Side::X)));
        assert_finished(&end);
    }
    let p = setup(J, &[1], &[26], 'o');
    let end = play(&p, "6: 26-off");
    assert_eq!(end.to_string(), ps(&[1], &[], 'x', 4, 5));
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::O)));
    assert_finished(&end);
    assert!(!setup(J, &[30], &[1], 'x').is_over());
}

#[test]
fn common_game_ending_move_passes_side_to_opponent_without_plus_jequier() {
    // A 4 or a 6 would throw again, but the game is over.
    let p = setup(J, &[29], &[1], 'x');
    for text in ["4: 29-off", "6: 29-off"] {
        let end = play(&p, text);
        assert_eq!(end.side_to_throw(), Side::O);
        assert!(refused(&p, &format!("{text}+")).to_string().contains(text));
    }
}

#[test]
fn jequier_finished_game_has_no_legal_moves_no_lost_throw_and_perft_1() {
    let end = pos(J, &ps(&[], &[3, 5], 'x', 5, 3));
    assert_finished(&end);
    assert!(end.moves(roll(6)).is_empty());
    assert_eq!(end.lose_throw(roll(6)), Err(IllegalMoveError::GameOver));
    assert_finished(&pos(J, &ps(&[22, 26, 30], &[], 'o', 2, 5)));
}

#[test]
fn jequier_no_draws_both_sides_cannot_both_finish() {
    assert_eq!(
        Position::parse(J, &ps(&[], &[], 'x', 5, 5)),
        Err(PositionError::BothFinished)
    );
}

// ---- Position strings ----

#[test]
fn jequier_position_string_rejects_a_piece_on_27() {
    let text = "o.........................x... x 4 4";
    assert!(matches!(
        Position::parse(J, text),
        Err(PositionError::PieceInWater { .. })
    ));
}

#[test]
fn jequier_position_string_rejects_uppercase_pieces_even_on_15() {
    for text in [
        "oxoxoxoxo.....X............... x 0 0",
        "oxoxoxoxo.....O............... x 0 0",
        "Oxoxoxoxo.x................... x 0 0",
    ] {
        assert!(
            matches!(
                Position::parse(J, text),
                Err(PositionError::MarkedPiece { .. })
            ),
            "{text}"
        );
    }
}

#[test]
fn jequier_position_string_rejects_wrong_piece_counts() {
    // Sent-back pieces stay on the board: exactly five each.
    assert!(matches!(
        Position::parse(J, &ps(&[2, 4, 6, 8], &[1, 3, 5, 7, 9], 'x', 0, 0)),
        Err(PositionError::MissingPieces { .. })
    ));
    assert!(matches!(
        Position::parse(J, &ps(&[2, 4, 6, 8, 11], &[1, 3, 5, 7], 'x', 0, 0)),
        Err(PositionError::MissingPieces { .. })
    ));
    assert!(matches!(
        Position::parse(J, &ps(&[2, 4, 6, 8, 11], &[1, 3, 5, 7, 9], 'x', 1, 0)),
        Err(PositionError::TooManyPieces { .. })
    ));
    assert!(matches!(
        Position::parse(J, &ps(&[2, 4, 6, 8, 11, 13], &[1, 3, 5, 7, 9], 'x', 0, 0)),
        Err(PositionError::TooManyPieces { .. })
    ));
    assert!(Position::parse(J, &ps(&[22, 30], &[1, 3], 'o', 3, 3)).is_ok());
}

#[test]
fn jequier_position_string_round_trips() {
    for text in [
        "oxoxoxoxo.x................... x 0 0",
        "o.o.o......o.o.......x..x..x.x x 1 0",
        "....xo.......................x o 3 4",
    ] {
        assert_eq!(pos(J, text).to_string(), text);
    }
}
