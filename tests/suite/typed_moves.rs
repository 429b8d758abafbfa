//! Moves as people type them (`Position::read_typed_move`, `Game::play_typed`):
//! every accepted form, every refusal, and a game left unchanged by a refusal.

use crate::common;

use common::*;
use senet::game::Thrown;
use senet::notation::TypedMoveError;
use senet::rulesets::{Jequier, Kendall};
use senet::{Game, GameError, Position, Seed};

/// The notation of the move `typed` names, or the error's message.
fn read<R: senet::Ruleset>(
    p: &Position<R>,
    value: u8,
    typed: &str,
) -> Result<String, TypedMoveError> {
    p.read_typed_move(roll(value), typed)
        .map(|mv| p.notation(mv).to_string())
}

#[test]
fn the_notation_with_any_suffixes_and_the_short_forms_name_the_same_move() {
    let start = Position::start(Kendall);
    for typed in [
        "4: 10-14+",
        "4: 10-14",
        "4: 10-14x",
        "4: 10-14<+",
        "4:10-14",
        "10-14",
        " 10 - 14 ",
        "10 14",
        "10",
    ] {
        assert_eq!(
            read(&start, 4, typed),
            Ok("4: 10-14+".to_owned()),
            "{typed:?}"
        );
    }
    assert_eq!(read(&start, 4, "8"), Ok("4: 8-12+".to_owned()));
}

#[test]
fn off_and_a_start_with_off_name_a_bearing_off() {
    // Kendall: x on 26 bears off with a 5.
    let p = setup(Kendall, &[26, 12], &[1], 'x');
    for typed in ["off", "OFF", "26-off", "26 off", "5: 26-off", "5: 26-off+"] {
        assert_eq!(read(&p, 5, typed), Ok("5: 26-off+".to_owned()), "{typed:?}");
    }
}

#[test]
fn several_fitting_moves_are_listed() {
    // Jéquier: every x piece home, so a 6 bears off from 25, 28 or 30.
    let p = pos(Jequier, "o.o.o......o.o.......x..x..x.x x 1 0");
    let err = read(&p, 6, "off").unwrap_err();
    match &err {
        TypedMoveError::Ambiguous { candidates, .. } => {
            let texts: Vec<String> = candidates.iter().map(ToString::to_string).collect();
            assert_eq!(texts, ["6: 25-off+", "6: 28-off+", "6: 30-off+"]);
        }
        other => panic!("{other:?}"),
    }
    let message = err.to_string();
    assert!(
        message.contains("6: 25-off+, 6: 28-off+ or 6: 30-off+"),
        "{message}"
    );
    assert_eq!(read(&p, 6, "28"), Ok("6: 28-off+".to_owned()));
}

#[test]
fn a_move_that_fits_nothing_says_why_in_the_rules_words() {
    let start = Position::start(Kendall);
    match read(&start, 4, "10-13").unwrap_err() {
        TypedMoveError::NoSuchMove { typed, reason, .. } => {
            assert_eq!(typed, "10-13");
            assert!(reason.contains("14"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    let err = read(&start, 4, "12").unwrap_err();
    assert!(err.to_string().contains("x has no piece on 12"), "{err}");
    // A piece that cannot move with this roll.
    let err = read(&start, 2, "8").unwrap_err();
    assert!(
        err.to_string()
            .contains("the piece on 8 has no legal move with a 2"),
        "{err}"
    );
}

#[test]
fn the_wrong_roll_a_lost_throw_and_unreadable_text_are_refused() {
    let start = Position::start(Kendall);
    assert_eq!(
        read(&start, 4, "2: 10-12"),
        Err(TypedMoveError::WrongRoll {
            typed: roll(2),
            thrown: roll(4)
        })
    );
    // Every piece blocked in: a 2 has no move.
    let stuck = setup(Kendall, &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10], 'x');
    assert_eq!(
        read(&stuck, 2, "1-3"),
        Err(TypedMoveError::NoMoves { roll: roll(2) })
    );
    assert_eq!(read(&start, 4, "   "), Err(TypedMoveError::Empty));
    for typed in [
        "ten", "10-12-14", "10 to 14", "0", "31", "100", "9: 10-14", "-", "10-",
    ] {
        assert!(
            matches!(
                read(&start, 4, typed),
                Err(TypedMoveError::Unreadable { .. })
            ),
            "{typed:?}: {:?}",
            read(&start, 4, typed)
        );
    }
    // A long text is quoted short.
    let long = "9".repeat(10_000);
    let err = read(&start, 4, &long).unwrap_err();
    assert!(err.to_string().len() < 200, "{err}");
}

#[test]
fn a_game_plays_typed_moves_records_them_strictly_and_refusals_change_nothing() {
    let mut game = Game::seeded(Kendall, Seed::from_u64(3));
    let mut played = 0;
    while played < 20 && !game.is_over() {
        let Thrown::ToPlay(throw) = game.throw().unwrap() else {
            continue;
        };
        let before = game.history().len();
        let err = game.play_typed("ten").unwrap_err();
        assert!(matches!(err, GameError::Typed { .. }), "{err}");
        assert_eq!(game.history().len(), before);
        assert_eq!(game.current_throw(), Some(throw));
        // Type the first legal move as a person would: start and target.
        let mv = game.legal_moves()[0];
        let typed = format!("{}-{}", mv.from(), mv.to());
        let turn = game
            .play_typed(&typed)
            .unwrap_or_else(|e| panic!("{typed}: {e}"));
        assert_eq!(turn.played(), Some(mv));
        played += 1;
    }
    assert_eq!(played, 20);
    // The record is strict notation, and verifies.
    let record = game.record();
    assert!(record.verify().unwrap().is_valid());
}
