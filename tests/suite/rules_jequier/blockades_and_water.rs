//! Jéquier's blockades and its water, clause by clause.

use super::*;

// ---- Blockades ----

#[test]
fn jequier_blockade_of_three_blocks_forward_moves() {
    let p = setup(J, &[11], &[13, 14, 15], 'x');
    assert_eq!(
        why(&p, 6, 11, to(17)),
        IllegalMoveError::Blocked {
            house: house(13),
            why: J.why(Refusal::Blocked)
        }
    );
    assert_moves(&p, 1, &["1: 11-12+"]);
    assert_moves(&p, 4, &["4: 11-7<+"]);
    assert_moves(&p, 6, &["6: 11-5<+"]);
    assert!(p.blocks_passage(house(13)));
    assert!(p.blocks_passage(house(15)));
}

#[test]
fn jequier_blockade_of_four_blocks_forward_moves() {
    let p = setup(J, &[11], &[13, 14, 15, 16], 'x');
    assert!(matches!(
        why(&p, 6, 11, to(17)),
        IllegalMoveError::Blocked { .. }
    ));
    assert_moves(&p, 6, &["6: 11-5<+"]);
    assert_moves(&p, 4, &["4: 11-7<+"]);
}

#[test]
fn jequier_two_in_a_row_are_no_blockade() {
    let p = setup(J, &[11], &[13, 14], 'x');
    assert_moves(&p, 4, &["4: 11-15+"]);
    assert_moves(&p, 6, &["6: 11-17+"]);
    assert!(!p.blocks_passage(house(13)));
}

#[test]
fn jequier_own_blockade_does_not_block_the_mover() {
    let p = setup(J, &[11, 13, 14, 15], &[1], 'x');
    assert_moves(&p, 6, &["6: 11-17+", "6: 13-19+", "6: 14-20+", "6: 15-21+"]);
}

#[test]
fn jequier_blockade_blocks_backward_moves() {
    // x on 5 is held; 28 has no forward move with 3, 4 or 6 (no bearing
    // off while 5 is out of 21..30). Going back from 28, 25 is o's piece
    // and 24 and 22 lie past the blockade 24-26.
    let p = setup(J, &[5, 28], &[6, 24, 25, 26], 'x');
    assert_eq!(
        why(&p, 6, 28, to(22)),
        IllegalMoveError::Blocked {
            house: house(26),
            why: J.why(Refusal::Blocked)
        }
    );
    assert!(matches!(
        why(&p, 4, 28, to(24)),
        IllegalMoveError::Blocked { .. }
    ));
    assert_lost(&p, 4, "4: -+");
    assert_lost(&p, 6, "6: -+");
    assert_moves(&p, 1, &["1: 28-29+"]);
    assert_moves(&p, 2, &["2: 28-30"]);
    // Without 26, 24-25 is no blockade: 28 goes back to 22.
    let p = setup(J, &[5, 28], &[6, 24, 25], 'x');
    assert_moves(&p, 6, &["6: 28-22<+"]);
}

#[test]
fn jequier_blockade_blocks_bearing_off_the_way_runs_to_31() {
    let p = setup(J, &[26], &[28, 29, 30], 'x');
    assert_eq!(
        why(&p, 6, 26, OFF),
        IllegalMoveError::Blocked {
            house: house(28),
            why: J.why(Refusal::Blocked)
        }
    );
    assert_moves(&p, 6, &["6: 26-20<+"]);
    assert_moves(&p, 4, &["4: 26-22<+"]);
    // The water, 27, is not past the blockade.
    assert_moves(&p, 1, &["1: 26-27+"]);
    assert_eq!(after(&p, "1: 26-27+"), ps(&[1], &[28, 29, 30], 'x', 4, 2));
}

#[test]
fn jequier_blockade_blocks_a_move_into_the_water_the_way_runs_to_27() {
    let p = setup(J, &[23], &[24, 25, 26], 'x');
    assert_eq!(
        why(&p, 4, 23, to(27)),
        IllegalMoveError::Blocked {
            house: house(24),
            why: J.why(Refusal::Blocked)
        }
    );
    assert_moves(&p, 4, &["4: 23-19<+"]);
    assert_moves(&p, 1, &["1: 23-22<+"]);
}

// ---- The water ----

#[test]
fn jequier_water_sends_the_piece_to_the_lowest_empty_house() {
    let p = setup(J, &[24], &[1, 3], 'x');
    assert_moves(&p, 3, &["3: 24-27"]);
    let next = play(&p, "3: 24-27");
    assert_eq!(next.to_string(), ps(&[2], &[1, 3], 'o', 4, 3));
    assert_eq!(next.piece_at(house(27)), None);
    // Own pieces count as taken too.
    let p = setup(J, &[1, 2, 21], &[3], 'x');
    assert_moves(&p, 6, &["6: 21-27+"]);
    assert_eq!(after(&p, "6: 21-27+"), ps(&[1, 2, 4], &[3], 'x', 2, 4));
}

#[test]
fn jequier_water_is_written_with_target_27_wherever_the_piece_lands() {
    let p = setup(J, &[24], &[1], 'x');
    let mv = p.find_move(roll(3), house(24), to(27)).unwrap();
    assert!(mv.is_water());
    assert_eq!(p.notation(mv).to_string(), "3: 24-27");
    assert_eq!(after(&p, "3: 24-27"), ps(&[2], &[1], 'o', 4, 4));
    assert!(matches!(
        refused(&p, "3: 24-27<"),
        MoveTextError::Suffix { .. }
    ));
}

#[test]
fn jequier_water_relocation_passes_any_blockade() {
    let p = setup(J, &[24], &[10, 11, 12], 'x');
    assert_eq!(after(&p, "3: 24-27"), ps(&[1], &[10, 11, 12], 'o', 4, 2));
}

#[test]
fn jequier_no_piece_ever_stands_on_27() {
    assert!(matches!(
        Position::parse(J, &ps(&[27], &[1], 'x', 4, 4)),
        Err(PositionError::PieceInWater { .. })
    ));
    assert!(Position::parse(J, &ps(&[2], &[27], 'o', 4, 4)).is_err());
}
