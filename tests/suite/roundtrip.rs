//! Every serde form of the engine reads back as the value written, for
//! every built-in ruleset of the crate's one list (`for_each_builtin!`):
//! positions of random reachable games, their legal moves and move lists,
//! the effects of those moves, turns, throws, boards, setups, records,
//! saved games, playouts, verdicts. A ruleset added to the list is
//! covered here with no line written.
#![cfg(feature = "serde")]

use core::fmt::Debug;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use senet::effect::Effect;
use senet::game::{Ending, Finish, Thrown, Turn};
use senet::playout::{Playout, playout};
use senet::replay::{Checked, Place};
use senet::rulesets::{ByName, CheckedRuleset};
use senet::rulesets::{Direction, Hook, Refusal, RollSet};
use senet::source::SeededThrows;
use senet::{AnyRuleset, Game, Outcome, Position, Record, Roll, Ruleset, Seed, Setup, Side};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// `value` written to JSON and read back is `value`, and writes the same JSON.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("every value is written");
    let read: T = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("{json} does not read back as {value:?}: {e}"));
    assert_eq!(&read, value, "{json}");
    assert_eq!(serde_json::to_string(&read).unwrap(), json);
    json
}

/// A small generator for choosing moves, independent of the game's seed.
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays `games` random games of `ruleset` to their end (or 600 throws),
/// round-tripping everything on the way; returns the positions checked.
fn games<R>(ruleset: R, games: u64) -> usize
where
    R: CheckedRuleset + ByName + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let mut checked = 0;
    // The ruleset itself, by its name.
    let name = round_trip(&ruleset);
    assert_eq!(name, format!("{:?}", ruleset.name()));
    let any = AnyRuleset::of(&ruleset).expect("a built-in ruleset");
    round_trip(&any);
    for n in 0..games {
        let mut game = Game::seeded(ruleset, Seed::from_u64(1000 + n));
        let mut pick = Pick(n);
        for _ in 0..600 {
            if game.is_over() {
                break;
            }
            let position = *game.position();
            checked += 1;
            let json = round_trip(&position);
            // The same JSON reads as a position of AnyRuleset, and back.
            let as_any: Position<AnyRuleset> = serde_json::from_str(&json).unwrap();
            assert_eq!(as_any.to_string(), position.to_string());
            assert_eq!(serde_json::to_string(&as_any).unwrap(), json);
            round_trip(position.board());
            round_trip(&Setup::from(&position));
            assert_eq!(
                serde_json::from_str::<Setup>(
                    &serde_json::to_string(&Setup::from(&position)).unwrap()
                )
                .unwrap()
                .position(ruleset),
                Ok(position)
            );
            match game.throw().expect("the game goes on") {
                Thrown::ToPlay(throw) => {
                    round_trip(&throw);
                    round_trip(&Thrown::ToPlay(throw));
                    let moves = position.moves(throw.roll());
                    round_trip(&moves.to_list());
                    for mv in moves.iter() {
                        round_trip(&mv);
                        let effect: Effect = position.effect(mv).unwrap();
                        round_trip(&effect);
                        round_trip(&effect.way);
                        round_trip(&effect.rest);
                        if let Some(hit) = effect.hit {
                            round_trip(&hit);
                        }
                        if let Some(released) = effect.released {
                            round_trip(&released);
                        }
                    }
                    let chosen = game.legal_moves()[pick.below(game.legal_moves().len())];
                    let turn = game.play(chosen).unwrap();
                    round_trip(&turn);
                }
                Thrown::Lost(turn) => {
                    round_trip(&turn);
                    round_trip(&Thrown::Lost(turn));
                }
                Thrown::Banked(turn) => {
                    round_trip(&turn);
                    round_trip(&Thrown::Banked(turn));
                }
            }
        }
        let history: Vec<Turn> = game.history().to_vec();
        round_trip(&history);
        if let Some(finish) = game.finish() {
            round_trip(&finish);
            round_trip(&finish.outcome());
            round_trip(&finish.ending());
        }
        let record = game.record();
        round_trip(&record);
        // A saved game reads back as its own ruleset's and as AnyRuleset's.
        let json = serde_json::to_string(&game).unwrap();
        let typed: Game<R, SeededThrows> = serde_json::from_str(&json).unwrap();
        assert_eq!(typed.position(), game.position());
        assert_eq!(typed.history(), game.history());
        assert_eq!(typed.record(), record);
        assert_eq!(serde_json::to_string(&typed).unwrap(), json);
        let untyped: Game<AnyRuleset, SeededThrows> = serde_json::from_str(&json).unwrap();
        assert_eq!(untyped.record(), record);
        // A verdict is written only: it holds the position and the history.
        let verdict = record.replay_with(ruleset);
        assert!(verdict.is_valid());
        let written: serde_json::Value = serde_json::to_value(&verdict).unwrap();
        assert_eq!(
            written["position"],
            serde_json::to_value(game.position()).unwrap()
        );
        assert_eq!(
            written["history"],
            serde_json::to_value(game.history()).unwrap()
        );
        assert_eq!(
            written["checked"],
            serde_json::to_value(Checked::SeedAndRules).unwrap()
        );
        assert!(written["problem"].is_null());
    }
    // Playouts, the end position included.
    let mut rng = ChaCha8Rng::seed_from_u64(games);
    for _ in 0..games {
        let done: Playout<R> = playout(&Position::start(ruleset), &mut rng, 10_000);
        round_trip(&done);
    }
    checked
}

/// A saved game of one ruleset is not read as another's.
fn refused_as_another<
    R: CheckedRuleset + ByName + DeserializeOwned + Debug,
    Q: CheckedRuleset + ByName + DeserializeOwned + Debug,
>(
    ruleset: R,
    other: Q,
) {
    if ruleset.name() == other.name() {
        return;
    }
    let json = serde_json::to_string(&Position::start(ruleset)).unwrap();
    let err = serde_json::from_str::<Position<Q>>(&json).unwrap_err();
    assert!(err.to_string().contains(ruleset.name()), "{err}");
    let game = Game::seeded(ruleset, Seed::from_u64(1));
    let json = serde_json::to_string(&game).unwrap();
    assert!(serde_json::from_str::<Game<Q, SeededThrows>>(&json).is_err());
}

macro_rules! every_ruleset {
    ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {
        /// One test per built-in ruleset, named after its module.
        mod each {
            use super::*;
            $(
                #[test]
                fn $module() {
                    let checked = games(senet::rulesets::$ty, 3);
                    assert!(checked > 100, "{checked} positions");
                }
            )*
        }

        #[test]
        fn no_ruleset_reads_another_ones_position_or_game() {
            macro_rules! against {
                ($one:ident) => {
                    $( refused_as_another(senet::rulesets::$one, senet::rulesets::$ty); )*
                };
            }
            $( against!($ty); )*
        }

        /// The list and `AnyRuleset::ALL` name the same rulesets, in order.
        #[test]
        fn the_list_is_any_rulesets() {
            assert_eq!(
                [$(stringify!($module)),*].as_slice(),
                AnyRuleset::ALL.map(|r| r.name()).as_slice()
            );
            $( assert_eq!(round_trip(&AnyRuleset::$ty), format!("{:?}", stringify!($module))); )*
        }
    };
}

senet::for_each_builtin!(every_ruleset);

#[test]
fn small_types_round_trip() {
    round_trip(&Direction::Forward);
    round_trip(&Direction::Backward);
    assert_eq!(round_trip(&Direction::Backward), "\"backward\"");
    assert!(serde_json::from_str::<Direction>("{\"forward\": null}").is_err());
    for hook in [
        Hook::Forward,
        Hook::Backward,
        Hook::WaterLanding,
        Hook::ReturnLanding,
    ] {
        round_trip(&hook);
    }
    round_trip(&Refusal::Blocked);
    round_trip(&Refusal::NoStep {
        from: senet::House::new(3).unwrap(),
        roll: Roll::new(2).unwrap(),
    });
    for place in [Place::Header, Place::Throw(3), Place::End { after: 0 }] {
        round_trip(&place);
    }
    assert!(serde_json::from_str::<Place>("{\"throw\": 0}").is_err());
    for set in [
        RollSet::of(&[]),
        RollSet::of(&[1, 4, 5]),
        RollSet::of(&[1, 2, 3, 4, 5, 6]),
    ] {
        round_trip(&set);
    }
    assert_eq!(round_trip(&RollSet::of(&[1, 4, 5])), "[1,4,5]");
    assert!(serde_json::from_str::<RollSet>("[4,1]").is_err());
    assert!(serde_json::from_str::<RollSet>("[4,4]").is_err());
    assert!(serde_json::from_str::<RollSet>("[7]").is_err());
    for finish in [
        Finish::by_rules(Outcome::Win(Side::O)),
        Finish::new(Outcome::Win(Side::X), Ending::Resignation).unwrap(),
        Finish::by_rules(Outcome::Draw),
    ] {
        round_trip(&finish);
    }
    round_trip(Position::start(senet::rulesets::Bell).board());
    round_trip(&Setup::new(Side::O));
    // A struct is an object only, with no unknown field.
    assert!(serde_json::from_str::<Setup>("[[], [], 0, 0, null, \"x\"]").is_err());
    let setup = serde_json::to_value(Setup::new(Side::X)).unwrap();
    let mut extra = setup.clone();
    extra["extra"] = 1.into();
    assert!(serde_json::from_value::<Setup>(extra).is_err());
    assert_eq!(
        serde_json::from_value::<Setup>(setup).unwrap(),
        Setup::new(Side::X)
    );
}

/// A built-in ruleset's name is read in no other case, and a bad name is
/// quoted in the error.
#[test]
fn ruleset_names_are_checked() {
    let err = serde_json::from_str::<senet::rulesets::Skyruk>("\"kendall\"").unwrap_err();
    assert!(err.to_string().contains("\"kendall\""), "{err}");
    let long = format!("\"{}\"", "k".repeat(500));
    let err = serde_json::from_str::<senet::rulesets::Kendall>(&long).unwrap_err();
    assert!(err.to_string().len() < 200, "{err}");
    // JSON is canonical: names in no other case, where parsing text takes any.
    assert!(serde_json::from_str::<AnyRuleset>("\"Kendall\"").is_err());
    assert_eq!("Kendall".parse::<AnyRuleset>(), Ok(AnyRuleset::Kendall));
    let err = serde_json::from_str::<AnyRuleset>("\"chess\"").unwrap_err();
    for r in AnyRuleset::ALL {
        assert!(err.to_string().contains(r.name()), "{err}");
    }
    let _ = Record::new(senet::rulesets::Kendall);
}
