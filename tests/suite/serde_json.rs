//! serde JSON: every public data type round-trips, and invalid values are
//! refused with an error instead of becoming invalid values.
#![cfg(feature = "serde")]

use core::fmt::Debug;

use senet::game::{Ending, Finish, Thrown, Turn};
use senet::moves::Target;
use senet::replay::Checked;
use senet::rulesets::{Bell, Classic, Kendall, Temple};
use senet::rulesets::{ByName, CheckedRuleset};
use senet::rulesets::{Contact, Reach};
use senet::{
    AnyRuleset, Bitboard, Board, Dice, Game, House, IllegalMoveError, Move, MoveList, MoveText,
    Outcome, Position, Record, Roll, Ruleset, Seed, Side, Throw,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> Value {
    let json = serde_json::to_value(value).unwrap();
    let back: T = serde_json::from_value(json.clone())
        .unwrap_or_else(|e| panic!("{value:?} as {json} does not read back: {e}"));
    assert_eq!(&back, value, "{json}");
    json
}

fn rejects<T: DeserializeOwned + Debug>(json: Value) -> String {
    match serde_json::from_value::<T>(json.clone()) {
        Ok(value) => panic!("{json} was read as {value:?}"),
        Err(e) => e.to_string(),
    }
}

/// Every turn of a seeded game played with the last legal move each time,
/// for at most 1,000 throws (that choice can go round in circles: in
/// Jéquier, the last move is often a backward one).
fn game_turns<R: CheckedRuleset>(ruleset: R, seed: u64) -> (Game<R>, Vec<Position<R>>) {
    let mut game = Game::seeded(ruleset, Seed::from_u64(seed));
    let mut positions = vec![*game.position()];
    while !game.is_over() && positions.len() <= 1_000 {
        if let Thrown::ToPlay(_) = game.throw().unwrap() {
            game.play(*game.legal_moves().last().unwrap()).unwrap();
        }
        positions.push(*game.position());
    }
    (game, positions)
}

#[test]
fn the_vocabulary_round_trips() {
    assert_eq!(round_trip(&Side::X), json!("x"));
    assert_eq!(round_trip(&House::new(12).unwrap()), json!(12));
    assert_eq!(round_trip(&Target::Off), json!("off"));
    assert_eq!(
        round_trip(&Target::House(House::new(30).unwrap())),
        json!(30)
    );
    assert_eq!(round_trip(&Roll::new(5).unwrap()), json!(5));
    assert_eq!(round_trip(&Dice::LONG_DIE), json!("long_die"));
    assert_eq!(round_trip(&Outcome::Win(Side::O)), json!({"win": "o"}));
    assert_eq!(round_trip(&Outcome::Draw), json!("draw"));
    assert_eq!(round_trip(&Outcome::Win(Side::O)), json!({"win": "o"}));
    // Only the written forms: no map for the draw, nothing beside "win".
    for bad in [
        json!({"draw": null}),
        json!({"win": "x", "draw": null}),
        json!({"win": "z"}),
        json!({}),
        json!("win"),
        json!(["win", "x"]),
    ] {
        rejects::<Outcome>(bad);
    }
    assert_eq!(round_trip(&AnyRuleset::Classic), json!("classic"));
    assert_eq!(round_trip(&Kendall), json!("kendall"));
    assert_eq!(round_trip(&Temple), json!("temple"));
    assert_eq!(round_trip(&Bell), json!("bell"));
    assert_eq!(round_trip(&Classic), json!("classic"));
    assert_eq!(round_trip(&Contact::Capture), json!("capture"));
    assert_eq!(
        round_trip(&Reach::To(House::new(28).unwrap())),
        json!({"to": 28})
    );
    assert_eq!(round_trip(&Reach::Fall), json!("fall"));
    round_trip(&Reach::Off);
    round_trip(&Reach::Water);
    assert_eq!(round_trip(&Seed::from_u64(42)), json!("2a00000000000000"));
    assert_eq!(round_trip(&Seed::from_bytes(&[]).unwrap()), json!(""));
    assert_eq!(
        round_trip(&"3: 11-14x".parse::<MoveText>().unwrap()),
        json!("3: 11-14x")
    );
    assert_eq!(
        round_trip(&Bitboard::from_numbers(&[2, 30])),
        json!([2, 30])
    );
    assert_eq!(round_trip(&Checked::RulesOnly), json!("rules_only"));
    assert_eq!(round_trip(&Ending::BorneOff), json!("borne_off"));
}

#[test]
fn throws_round_trip_with_their_sticks() {
    let sticks = Throw::from_sticks(0b0101);
    assert_eq!(
        round_trip(&sticks),
        json!({"dice": "four_sticks", "sticks": [true, false, true, false], "roll": 2})
    );
    let die = Throw::from_die_face(Roll::new(3).unwrap()).unwrap();
    assert_eq!(round_trip(&die), json!({"dice": "long_die", "roll": 3}));
    for light in 0..16 {
        round_trip(&Throw::from_sticks(light));
    }
}

#[test]
fn positions_boards_moves_and_games_round_trip() {
    let start = Position::start(Kendall);
    assert_eq!(
        round_trip(&start),
        json!({"ruleset": "kendall", "position": "oxoxoxoxox.................... x 0 0"})
    );
    assert_eq!(
        round_trip(start.board()),
        json!({"x": [2, 4, 6, 8, 10], "o": [1, 3, 5, 7, 9], "off_x": 0, "off_o": 0})
    );
    let first = start.moves(Roll::new(2).unwrap()).to_list()[0];
    assert_eq!(round_trip(&first), json!({"roll": 2, "from": 10, "to": 12}));
    for ruleset in AnyRuleset::ALL {
        for seed in 0..3 {
            let (game, positions) = game_turns(ruleset, seed);
            for position in &positions {
                round_trip(position);
                round_trip(position.board());
                for roll in ruleset.dice().rolls() {
                    let moves = position.moves(roll).to_list();
                    round_trip(&moves);
                    for mv in moves.iter() {
                        round_trip(mv);
                    }
                }
            }
            for turn in game.history() {
                round_trip(turn);
                round_trip(&Thrown::Lost(*turn));
                round_trip(&Thrown::ToPlay(turn.throw()));
            }
            // A game cut short by the cap has no finish yet.
            if let Some(finish) = game.finish() {
                round_trip(&finish);
            }
            let record = game.record().with_name(Side::X, "Ann \"A\"").unwrap();
            let json = round_trip(&record);
            assert_eq!(json["ruleset"], json!(ruleset.name()));
            assert_eq!(
                json["throws"].as_array().unwrap().len(),
                game.history().len()
            );
        }
    }
    // Concrete rulesets read their positions too.
    let (_, positions) = game_turns(Bell, 7);
    for position in &positions {
        round_trip(position);
    }
}

#[test]
fn finishes_and_records_have_a_readable_json_form() {
    assert_eq!(
        round_trip(&Finish::Resignation { winner: Side::O }),
        json!({"ending": "resignation", "winner": "o"})
    );
    assert_eq!(round_trip(&Finish::Draw), json!({"ending": "draw"}));
    let record: Record =
        "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Seed \"2a\"]\n[Result \"*\"]\n\n1. 2: 10-12\n"
            .parse()
            .unwrap();
    assert_eq!(
        round_trip(&record),
        json!({"ruleset": "kendall", "revision": 1, "seed": "2a", "start": null, "x": null,
               "o": null, "finish": null, "throws": ["2: 10-12"]})
    );
}

#[test]
fn a_records_optional_tags_keep_their_json_form_and_bad_ones_are_refused() {
    let text = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Seed \"2a\"]\n[XAgent \"person\"]\n\
                [OAgent \"level 4\"]\n[Site \"senet.example\"]\n[Date \"2026-12-02\"]\n\
                [Commitment \"3f79bb7b435b05321651daefd374cdc681dc06faa65e374e38337b88ca046dea\"]\n\
                [Result \"*\"]\n\n1. 2: 10-12\n";
    let record: Record = text.parse().unwrap();
    let json = round_trip(&record);
    assert_eq!(json["x_agent"], "person");
    assert_eq!(json["o_agent"], "level 4");
    assert_eq!(json["site"], "senet.example");
    assert_eq!(json["date"], "2026-12-02");
    assert_eq!(
        json["commitment"],
        "3f79bb7b435b05321651daefd374cdc681dc06faa65e374e38337b88ca046dea"
    );
    let back: Record = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back.to_string(), text);
    // A tag's value is checked as the text form checks it.
    let mut bad_date = json.clone();
    bad_date["date"] = json!("2026-02-30");
    assert!(serde_json::from_value::<Record>(bad_date).is_err());
    let mut bad_agent = json;
    bad_agent["x_agent"] = json!("a\u{7}b");
    assert!(serde_json::from_value::<Record>(bad_agent).is_err());
}

#[test]
fn a_seeded_game_is_saved_as_its_record_and_resumed_from_it() {
    for ruleset in AnyRuleset::ALL {
        let (game, _) = game_turns(ruleset, 5);
        let json = serde_json::to_value(&game).unwrap();
        assert_eq!(json, serde_json::to_value(game.record()).unwrap());
        let mut resumed: Game<AnyRuleset> = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(resumed.position(), game.position(), "{ruleset}");
        assert_eq!(resumed.history(), game.history(), "{ruleset}");
        if !resumed.is_over() {
            let mut original = game;
            assert_eq!(resumed.throw().unwrap(), original.throw().unwrap());
        }
        // A record without its seed is no game to resume.
        let mut unseeded = json;
        unseeded.as_object_mut().unwrap().remove("seed");
        assert!(rejects::<Game<AnyRuleset>>(unseeded).contains("no seed"));
    }
}

#[test]
fn invalid_vocabulary_is_refused() {
    for house in [json!(0), json!(31), json!(-1), json!(256), json!("12")] {
        rejects::<House>(house);
    }
    for target in [json!(0), json!(31), json!("Off"), json!(null)] {
        rejects::<Target>(target);
    }
    rejects::<Roll>(json!(0));
    rejects::<Roll>(json!(7));
    rejects::<Seed>(json!("ABCD"));
    rejects::<Seed>(json!("abc"));
    rejects::<Seed>(json!("00".repeat(33)));
    rejects::<MoveText>(json!("2: 10-12 "));
    rejects::<MoveText>(json!("2: 10-31"));
    rejects::<Bitboard>(json!([0]));
    rejects::<Bitboard>(json!([31]));
    assert!(rejects::<Bitboard>(json!([3, 3])).contains("twice"));
    rejects::<AnyRuleset>(json!("Kendall"));
    assert!(rejects::<Kendall>(json!("bell")).contains("kendall"));
    rejects::<Bell>(json!(null));
    rejects::<Side>(json!("X"));
}

#[test]
fn invalid_throws_are_refused() {
    let msg = rejects::<Throw>(
        json!({"dice": "four_sticks", "sticks": [true, false, true, false], "roll": 3}),
    );
    assert!(msg.contains("those sticks make a 2, not a 3"), "{msg}");
    rejects::<Throw>(json!({"dice": "four_sticks", "roll": 3}));
    rejects::<Throw>(json!({"dice": "long_die", "roll": 5}));
    rejects::<Throw>(json!({"dice": "long_die", "sticks": [true, true, true, true], "roll": 4}));
    rejects::<Throw>(json!({"dice": "long_die", "roll": 2, "extra": 1}));
}

#[test]
fn invalid_boards_and_positions_are_refused() {
    let msg = rejects::<Board>(json!({"x": [1, 2], "o": [2, 3], "off_x": 0, "off_o": 0}));
    assert!(msg.contains("house 2 holds a piece of both sides"), "{msg}");
    let position = |ruleset: &str, text: &str| json!({"ruleset": ruleset, "position": text});
    // Counts that do not add up, a piece in Kendall's water, bad strings.
    let msg =
        rejects::<Position<Kendall>>(position("kendall", "oxoxoxoxox.................... x 1 0"));
    assert!(msg.contains("more than the 5"), "{msg}");
    rejects::<Position<Kendall>>(position("kendall", "oxoxoxoxo..................... x 0 0"));
    rejects::<Position<Kendall>>(position("kendall", "oxoxoxoxo.................x... x 0 0"));
    rejects::<Position<Kendall>>(position("kendall", "oxoxoxoxox.................... x 0 0 "));
    rejects::<Position<AnyRuleset>>(position("kendall", "oxoxoxoxox..................... x 0 0"));
    // The ruleset must be the type's, and known.
    let msg =
        rejects::<Position<Kendall>>(position("temple", "xoxoxoxoxo.................... x 0 0"));
    assert!(
        msg.contains(r#"unknown ruleset "temple""#) && msg.contains("of type Kendall"),
        "{msg}"
    );
    rejects::<Position<AnyRuleset>>(position("senet", "xoxoxoxoxo.................... x 0 0"));
    rejects::<Position<AnyRuleset>>(json!({"ruleset": "kendall"}));
    round_trip(
        &serde_json::from_value::<Position<AnyRuleset>>(position(
            "temple",
            "xoxoxoxoxo.................... x 0 0",
        ))
        .unwrap(),
    );
}

#[test]
fn invalid_moves_and_move_lists_are_refused() {
    let mv = |extra: Value| {
        let mut base = json!({"roll": 2, "from": 10, "to": 12});
        for (k, v) in extra.as_object().unwrap() {
            base[k] = v.clone();
        }
        base
    };
    serde_json::from_value::<Move>(mv(json!({}))).unwrap();
    // Fields that make no move: refused as they are read.
    for bad in [
        json!({"from": 0}),
        json!({"to": 31}),
        json!({"backward": true}),
        json!({"swap": true, "capture": true}),
        json!({"to": "off", "swap": true}),
        json!({"from": 12, "to": 10}),
        json!({"colour": "red"}),
    ] {
        rejects::<Move>(mv(bad));
    }
    // Moves no rule makes here, but moves: they read, and the position
    // they meet refuses them (which roll takes which piece where is a rule).
    let start = Position::start(Kendall);
    for illegal in [
        json!({"roll": 6}),
        json!({"to": 13}),
        json!({"water": true}),
        json!({"from": 20, "to": "off"}),
    ] {
        let json = mv(illegal);
        let read: Move = serde_json::from_value(json.clone()).unwrap();
        assert!(start.play(read).is_err(), "{json} played at the start");
    }
    // Valid shapes from the rulesets: water, falls, backward swaps, exits.
    for good in [
        json!({"roll": 1, "from": 26, "to": 27, "water": true}),
        json!({"roll": 4, "from": 28, "to": 27, "backward": true, "water": true}),
        json!({"roll": 2, "from": 14, "to": 12, "backward": true, "swap": true}),
        json!({"roll": 5, "from": 26, "to": "off"}),
        json!({"roll": 4, "from": 30, "to": "off"}),
    ] {
        round_trip(&serde_json::from_value::<Move>(good).unwrap());
    }
    let a = json!({"roll": 2, "from": 10, "to": 12});
    let b = json!({"roll": 2, "from": 8, "to": 10});
    let c = json!({"roll": 3, "from": 8, "to": 11});
    serde_json::from_value::<MoveList>(json!([a, b])).unwrap();
    rejects::<MoveList>(json!([a, a]));
    rejects::<MoveList>(json!([a, c]));
    // Thirty moves of a 1, one from each house, fill a list; a 31st is refused for the length.
    let mut many: Vec<Value> = (1..=29)
        .map(|h| json!({"roll": 1, "from": h, "to": h + 1}))
        .collect();
    many.push(json!({"roll": 1, "from": 30, "to": "off"}));
    serde_json::from_value::<MoveList>(Value::Array(many.clone())).unwrap();
    many.push(json!({"roll": 1, "from": 1, "to": 2}));
    assert!(rejects::<MoveList>(Value::Array(many)).contains("at most 30"));
}

#[test]
fn invalid_turns_and_records_are_refused() {
    let (game, _) = game_turns(Kendall, 1);
    let turn: Turn = game.history()[0];
    let mut json = serde_json::to_value(turn).unwrap();
    json["number"] = json!(0);
    rejects::<Turn>(json);
    let mut json = serde_json::to_value(turn).unwrap();
    json["text"] = json!(format!(
        "{}: 1-2",
        if turn.roll().value() == 1 { 2 } else { 1 }
    ));
    rejects::<Turn>(json);
    let mut json = serde_json::to_value(turn).unwrap();
    json["text"] = json!(format!("{}: 1-{}", turn.roll(), 1 + turn.roll().value()));
    assert!(rejects::<Turn>(json).contains("does not write the move"));

    let record = serde_json::to_value(game.record()).unwrap();
    let with = |key: &str, value: Value| {
        let mut r = record.clone();
        r[key] = value;
        r
    };
    serde_json::from_value::<Record>(record.clone()).unwrap();
    assert!(rejects::<Record>(with("x", json!("two\nlines"))).contains("control characters"));
    rejects::<Record>(with("ruleset", json!("")));
    rejects::<Record>(with("throws", json!(["2:10-12"])));
    rejects::<Record>(with("seed", json!("XYZ")));
    rejects::<Record>(with("finish", json!({"ending": "borne_off"})));
    rejects::<Record>(with("colour", json!("red")));
}

mod hostile_names;
mod legal_moves;
