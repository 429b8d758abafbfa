//! The game driver: the turn flow, lost and extra throws, the end, resignation,
//! and typed errors that leave the game unchanged whatever the call order.

use proptest::prelude::*;
use senet::game::{Finish, Thrown, Turn};
use senet::rulesets::CheckedRuleset;
use senet::rulesets::{Bell, Kendall, Temple};
use senet::source::{ScriptedThrows, ThrowError, ThrowSource};
use senet::{
    AnyRuleset, Dice, Game, GameError, Move, MoveTextError, Outcome, Position, Roll, Ruleset, Seed,
    Side, Throw,
};

fn rolls(values: &[u8]) -> ScriptedThrows {
    ScriptedThrows::from_rolls(values.iter().map(|&v| Roll::new(v).unwrap()))
}

/// Everything a failed call must leave as it was.
fn snapshot<R: Ruleset, S: ThrowSource>(
    game: &Game<R, S>,
) -> (Position<R>, Vec<Turn>, Option<Throw>, Option<Finish>) {
    (
        *game.position(),
        game.history().to_vec(),
        game.current_throw(),
        game.finish(),
    )
}

#[test]
fn a_turn_throws_then_plays() {
    let mut game = Game::new(Kendall, rolls(&[2, 4, 1]));
    assert_eq!(game.to_play(), Some(Side::X));
    assert!(game.legal_moves().is_empty());
    let thrown = game.throw().unwrap();
    assert!(matches!(thrown, Thrown::ToPlay(t) if t.roll().value() == 2));
    assert_eq!(game.current_throw().map(|t| t.roll().value()), Some(2));
    assert_eq!(game.legal_moves().len(), 1);
    let turn = game.play_text("2: 10-12").unwrap();
    assert_eq!((turn.number(), turn.side()), (1, Side::X));
    assert_eq!(turn.text().to_string(), "2: 10-12");
    assert!(!turn.throws_again());
    // A 2 passes the turn; a 4 keeps it (Kendall).
    assert_eq!(game.to_play(), Some(Side::O));
    game.throw().unwrap();
    let mv = game.legal_moves()[0];
    let turn = game.play(mv).unwrap();
    assert!(turn.throws_again() && turn.text().to_string().ends_with('+'));
    assert_eq!(game.to_play(), Some(Side::O));
    assert_eq!(game.history().len(), 2);
}

#[test]
fn calls_out_of_order_are_typed_errors_that_change_nothing() {
    let mut game = Game::new(Kendall, rolls(&[2]));
    let before = snapshot(&game);
    let start = Position::start(Kendall);
    let some_move = start.moves(Roll::new(2).unwrap()).to_list()[0];
    assert!(matches!(
        game.play(some_move),
        Err(GameError::NotThrown { side: Side::X })
    ));
    assert!(matches!(
        game.play_text("2: 10-12"),
        Err(GameError::NotThrown { .. })
    ));
    assert_eq!(snapshot(&game), before);

    game.throw().unwrap();
    let before = snapshot(&game);
    assert!(matches!(
        game.throw(),
        Err(GameError::MovePending { side: Side::X, .. })
    ));
    let other_roll = start.moves(Roll::new(3).unwrap()).to_list()[0];
    assert!(matches!(
        game.play(other_roll),
        Err(GameError::WrongRoll { .. })
    ));
    assert!(matches!(
        game.play_text("2: 10-"),
        Err(GameError::Malformed(_))
    ));
    assert!(matches!(
        game.play_text("3: 10-13"),
        Err(GameError::WrongRoll { .. })
    ));
    let err = game.play_text("2: 10-12+").unwrap_err();
    assert!(matches!(
        err,
        GameError::Notation {
            error: MoveTextError::Suffix { .. },
            ..
        }
    ));
    assert!(matches!(
        game.play_text("2: -"),
        Err(GameError::Notation {
            error: MoveTextError::NotLost { count: 1, .. },
            ..
        })
    ));
    assert_eq!(
        game.play_text("2: 8-10").unwrap_err().to_string(),
        "x cannot play 2: 8-10 here: house 10 holds one of the mover's own pieces"
    );
    assert_eq!(snapshot(&game), before);
    game.play_text("2: 10-12").unwrap();
    // The scripted throws are used up: the source's error, nothing changed.
    let before = snapshot(&game);
    assert!(matches!(
        game.throw(),
        Err(GameError::Source(ThrowError::Exhausted { used: 1 }))
    ));
    assert_eq!(snapshot(&game), before);
}

#[test]
fn a_move_from_another_position_is_refused() {
    let mut game = Game::new(Kendall, rolls(&[2, 2]));
    game.throw().unwrap();
    let mv = game.legal_moves()[0];
    game.play(mv).unwrap();
    game.throw().unwrap();
    // x's move 10-12 offered to o.
    let before = snapshot(&game);
    let err = game.play(mv).unwrap_err();
    assert!(
        matches!(err, GameError::Illegal { side: Side::O, .. }),
        "{err}"
    );
    assert_eq!(game.play_with_effect(mv).unwrap_err(), err);
    assert_eq!(snapshot(&game), before);
}

#[test]
fn play_with_effect_plays_as_play_does_and_says_what_the_move_did() {
    for ruleset in AnyRuleset::ALL {
        for n in 0..4 {
            let seed = Seed::from_u64(n);
            let (mut plain, mut told) = (Game::seeded(ruleset, seed), Game::seeded(ruleset, seed));
            let mut pick = 0;
            while !plain.is_over() && plain.history().len() < 3_000 {
                let thrown = plain.throw().unwrap();
                assert_eq!(told.throw().unwrap(), thrown);
                if let Thrown::ToPlay(_) = thrown {
                    let moves = plain.legal_moves();
                    let mv = moves[pick % moves.len()];
                    pick += 1;
                    let effect = plain.position().effect(mv).unwrap();
                    let turn = plain.play(mv).unwrap();
                    assert_eq!(told.play_with_effect(mv), Ok((turn, effect)));
                }
                assert_eq!(snapshot(&told), snapshot(&plain), "{ruleset:?}, seed {n}");
            }
        }
    }
    // Its refusals are play's, and change nothing.
    let mut game = Game::new(Kendall, rolls(&[2]));
    let start = Position::start(Kendall);
    let two = start.moves(Roll::new(2).unwrap()).to_list()[0];
    let three = start.moves(Roll::new(3).unwrap()).to_list()[0];
    assert!(matches!(
        game.play_with_effect(two),
        Err(GameError::NotThrown { side: Side::X })
    ));
    game.throw().unwrap();
    let before = snapshot(&game);
    assert_eq!(
        game.play_with_effect(three).unwrap_err(),
        game.play(three).unwrap_err()
    );
    assert!(matches!(
        game.play_with_effect(three),
        Err(GameError::WrongRoll { .. })
    ));
    assert_eq!(snapshot(&game), before);
}

#[test]
fn lost_throws_are_played_at_once_and_keep_the_extra_throw_rule() {
    // x's last piece on 28 moves only with a 3 (Kendall).
    let position = Position::parse(Kendall, "o.o.o.o.o..................x.. x 4 0").unwrap();
    let mut game = Game::new(position, rolls(&[1, 2, 3]));
    let Thrown::Lost(turn) = game.throw().unwrap() else {
        panic!("1 is lost")
    };
    assert_eq!(turn.text().to_string(), "1: -+");
    assert!(turn.is_lost() && turn.played().is_none());
    assert_eq!(game.to_play(), Some(Side::X));
    let Thrown::Lost(turn) = game.throw().unwrap() else {
        panic!("2 is lost")
    };
    assert_eq!(turn.text().to_string(), "2: -");
    assert_eq!(game.to_play(), Some(Side::O));
    assert_eq!(game.current_throw(), None);
}

#[test]
fn the_game_ends_when_the_rules_say_and_then_refuses_everything() {
    let position = Position::parse(Kendall, "o.o.o.o.o..................x.. x 4 0").unwrap();
    let mut game = Game::new(position, rolls(&[3, 1]));
    game.throw().unwrap();
    let turn = game.play_text("3: 28-off").unwrap();
    assert!(!turn.throws_again());
    let finish = Finish::BorneOff { winner: Side::X };
    assert_eq!(game.finish(), Some(finish));
    assert_eq!(game.outcome(), Some(Outcome::Win(Side::X)));
    assert!(game.is_over() && game.to_play().is_none());
    let before = snapshot(&game);
    assert_eq!(game.throw(), Err(GameError::Over { finish }));
    assert_eq!(
        game.play_text("1: 1-2").unwrap_err(),
        GameError::Over { finish }
    );
    assert_eq!(game.resign(Side::O), Err(GameError::Over { finish }));
    assert_eq!(snapshot(&game), before);
    // The record starts from the custom position and verifies.
    let record = game.record();
    assert_eq!(record.start(), Some("o.o.o.o.o..................x.. x 4 0"));
    assert_eq!(record.finish(), Some(finish));
    assert!(record.verify().is_ok());
}

#[test]
fn resigning_ends_the_game_and_drops_a_waiting_throw() {
    let mut game = Game::seeded(Temple, Seed::from_u64(7));
    while game.history().len() < 10 {
        if let Thrown::ToPlay(_) = game.throw().unwrap() {
            game.play(game.legal_moves()[0]).unwrap();
        }
    }
    game.throw().unwrap();
    let finish = game.resign(Side::X).unwrap();
    assert_eq!(finish, Finish::Resignation { winner: Side::O });
    assert_eq!(game.current_throw(), None);
    assert_eq!(game.history().len(), 10);
    let record = game.record();
    assert_eq!(record.finish(), Some(finish));
    assert_eq!(record.seed(), Some(Seed::from_u64(7)));
    assert!(record.verify().is_ok());
}

#[test]
fn a_source_throwing_the_wrong_implement_is_refused() {
    struct DieForSticks;
    impl ThrowSource for DieForSticks {
        fn next_throw(&mut self, _dice: Dice) -> Result<Throw, ThrowError> {
            Ok(Throw::from_die_face(Roll::new(2).unwrap()).unwrap())
        }
    }
    let mut game = Game::new(Kendall, DieForSticks);
    let err = game.throw().unwrap_err();
    assert!(
        matches!(
            err,
            GameError::WrongDice {
                found: Dice::LONG_DIE,
                ..
            }
        ),
        "{err}"
    );
    assert!(game.history().is_empty() && game.current_throw().is_none());
}

/// Plays a game with the first legal move each time; returns its history.
fn first_move_game<R: CheckedRuleset>(ruleset: R, seed: Seed) -> Vec<Turn> {
    let mut game = Game::seeded(ruleset, seed);
    while !game.is_over() {
        if let Thrown::ToPlay(_) = game.throw().unwrap() {
            game.play(game.legal_moves()[0]).unwrap();
        }
    }
    game.history().to_vec()
}

#[test]
fn the_runtime_ruleset_plays_the_same_games() {
    let seed = Seed::from_u64(3);
    assert_eq!(
        first_move_game(AnyRuleset::Kendall, seed),
        first_move_game(Kendall, seed)
    );
    assert_eq!(
        first_move_game(AnyRuleset::Bell, seed),
        first_move_game(Bell, seed)
    );
}

#[test]
fn the_view_shows_what_a_player_may_see() {
    let mut game = Game::seeded(AnyRuleset::Classic, Seed::from_u64(11));
    while game.current_throw().is_none() {
        game.throw().unwrap();
    }
    let view = game.view();
    assert_eq!(view.ruleset(), AnyRuleset::Classic);
    assert_eq!(view.position(), game.position());
    assert_eq!(view.current_throw(), game.current_throw());
    assert_eq!(view.legal_moves(), game.legal_moves());
    assert_eq!(view.history(), game.history());
    assert_eq!(view.to_play(), game.to_play());
    assert_eq!(view.start(), &Position::start(AnyRuleset::Classic));
    assert!(!view.is_over() && view.finish().is_none() && view.outcome().is_none());
}

/// One call a program may make, in any order.
#[derive(Clone, Debug)]
enum Call {
    Throw,
    /// The n-th legal move (modulo their number).
    PlayLegal(usize),
    /// A move taken from another position.
    PlayForeign(usize),
    Text(&'static str),
    Resign(bool),
}

fn call() -> impl Strategy<Value = Call> {
    prop_oneof![
        6 => Just(Call::Throw),
        6 => any::<usize>().prop_map(Call::PlayLegal),
        1 => any::<usize>().prop_map(Call::PlayForeign),
        1 => prop::sample::select(vec!["2: 10-12", "1: -+", "3: 9-12x", "zz", "5: 26-off+"])
            .prop_map(Call::Text),
        1 => Just(Call::Resign(false)),
        1 => Just(Call::Resign(true)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn no_call_sequence_panics_and_failures_change_nothing(
        ruleset in prop::sample::select(AnyRuleset::ALL.to_vec()),
        seed in any::<u64>(),
        calls in prop::collection::vec(call(), 0..300),
    ) {
        let foreign: Vec<Move> = Roll::new(1).into_iter().chain(Roll::new(3))
            .flat_map(|r| Position::start(ruleset).moves(r).to_list().to_vec())
            .collect();
        let mut game = Game::seeded(ruleset, Seed::from_u64(seed));
        for call in calls {
            let before = snapshot(&game);
            let result = match call {
                Call::Throw => game.throw().map(|_| ()),
                Call::PlayLegal(n) => match game.legal_moves() {
                    [] => game.play(foreign[n % foreign.len()]).map(|_| ()),
                    moves => game.play(moves[n % moves.len()]).map(|_| ()),
                },
                Call::PlayForeign(n) => game.play(foreign[n % foreign.len()]).map(|_| ()),
                Call::Text(text) => game.play_text(text).map(|_| ()),
                Call::Resign(x) => game.resign(if x { Side::X } else { Side::O }).map(|_| ()),
            };
            if result.is_err() {
                prop_assert_eq!(snapshot(&game), before);
            }
            for (i, turn) in game.history().iter().enumerate() {
                prop_assert_eq!(turn.number(), i + 1);
            }
        }
        prop_assert!(game.record().verify().is_ok());
    }
}

#[test]
fn debugging_a_game_does_not_show_its_seed() {
    let seed = Seed::from_bytes(&[0xab; 32]).unwrap();
    let game = Game::seeded(Kendall, seed);
    let debug = format!("{game:?}");
    assert!(
        !debug.contains("171") && !debug.to_lowercase().contains("abab"),
        "{debug}"
    );
    assert!(debug.contains("Game"));
}
