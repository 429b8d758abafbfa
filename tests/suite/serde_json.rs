//! serde JSON: every public data type round-trips, and invalid values are
//! refused with an error instead of becoming invalid values.
#![cfg(feature = "serde")]

use core::fmt::Debug;

use senet::game::{Ending, Finish, Thrown, Turn};
use senet::moves::Target;
use senet::replay::Checked;
use senet::rulesets::{Bell, Classic, Kendall, Temple};
use senet::rulesets::{BuiltIn, ByName};
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
fn game_turns<R: BuiltIn>(ruleset: R, seed: u64) -> (Game<R>, Vec<Position<R>>) {
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
    assert_eq!(round_trip(&Dice::LongDie), json!("long_die"));
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

// ---------------------------------------------------------------------------
// Every legal move reads back, whatever the ruleset's geometry: the JSON
// forms check structure only, and the rules are checked where a move meets
// a position.

/// A seeded random source for playouts (splitmix64).
struct Mix(u64);

impl Mix {
    /// A number below `n`.
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (z % n as u64) as usize
    }
}

/// `count` positions reached by random play from `start`: each throw is
/// a random roll of the implement and a random legal move, each game at
/// most 300 throws long, and a new game starts when one ends.
fn reachable<R: Ruleset>(start: Position<R>, seed: u64, count: usize) -> Vec<Position<R>> {
    let rolls: Vec<Roll> = start.ruleset().dice().rolls().collect();
    let mut rng = Mix(seed);
    let mut positions = Vec::with_capacity(count);
    let (mut p, mut throws) = (start, 0);
    while positions.len() < count {
        positions.push(p);
        if p.is_over() || throws == 300 {
            (p, throws) = (start, 0);
            continue;
        }
        let roll = rolls[rng.below(rolls.len())];
        let moves = p.moves(roll).to_list();
        p = match moves.len() {
            0 => p.lose_throw(roll).unwrap(),
            n => p.play(moves[rng.below(n)]).unwrap(),
        };
        throws += 1;
    }
    positions
}

/// Every legal move of every roll in each position: its JSON reads back as
/// the same move, which plays to the same position; the position, its
/// board and each roll's move list read back too. The moves checked.
fn every_legal_move_reads_back<R>(positions: &[Position<R>]) -> Vec<Move>
where
    R: ByName,
{
    let mut checked = Vec::new();
    for p in positions {
        round_trip(p);
        round_trip(p.board());
        for roll in p.ruleset().dice().rolls() {
            let list = p.moves(roll).to_list();
            round_trip(&list);
            for &mv in list.iter() {
                let json = serde_json::to_string(&mv).unwrap();
                let read: Move = serde_json::from_str(&json)
                    .unwrap_or_else(|e| panic!("{json}, legal in {p}, does not read back: {e}"));
                assert_eq!(read, mv, "{json} in {p}");
                let played = p.play(read);
                assert!(
                    played.is_ok(),
                    "{json} read back, refused in {p}: {played:?}"
                );
                assert_eq!(played, p.play(mv), "{json} in {p}");
                checked.push(mv);
            }
        }
    }
    checked
}

#[test]
fn every_legal_move_of_every_built_in_ruleset_reads_back() {
    for (seed, ruleset) in (1..).zip(AnyRuleset::ALL) {
        let positions = reachable(Position::start(ruleset), seed, 400);
        let checked = every_legal_move_reads_back(&positions);
        assert!(checked.len() > 400, "{ruleset}: {} moves", checked.len());
    }
}

/// A user's ruleset whose geometry is none of the built-in ones': the
/// water is house 20 (a 2 from 18 or a 1 from 19 enters it; a 1 from 24
/// falls into it); a piece in the water comes back out with any roll, to
/// house 8 or the first empty house below; every piece stops on 18 (the
/// excess of a roll that would pass it is lost); from 27 to 30 any roll
/// bears off, and from 25 and 26 any roll past 30. Backward play, when no
/// forward move exists, steps plainly down, never into or out of the water.
///
/// A position of it reads back from JSON through `Default` alone (see
/// [`ByName`]): no serde code of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Lake;

impl Lake {
    const WATER: u8 = 20;
    const STOP: u8 = 18;
    const RETURN: u8 = 8;
    const FALL: u8 = 24;
    const EXIT: u8 = 27;
}

fn house(number: u8) -> House {
    House::new(number).unwrap()
}

impl Ruleset for Lake {
    fn name(&self) -> &'static str {
        "lake"
    }
    fn revision(&self) -> u32 {
        1
    }
    fn pieces_per_side(&self) -> u8 {
        5
    }
    fn start(&self) -> [Bitboard; 2] {
        [
            Bitboard::from_numbers(&[2, 4, 6, 8, 10]),
            Bitboard::from_numbers(&[1, 3, 5, 7, 9]),
        ]
    }
    fn dice(&self) -> Dice {
        Dice::FourSticks
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (f, r) = (from.number(), roll.value());
        let t = f + r;
        Some(match f {
            Lake::WATER => Reach::Return,
            Lake::EXIT.. => Reach::Off,
            Lake::FALL if r == 1 => Reach::Fall,
            _ if f < Lake::STOP && t > Lake::STOP => Reach::To(house(Lake::STOP)),
            _ if t == Lake::WATER => Reach::Water,
            _ => House::new(t).map_or(Reach::Off, Reach::To),
        })
    }
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        let (f, r) = (from.number(), roll.value());
        (f > r && f != Lake::WATER && f - r != Lake::WATER).then(|| Reach::To(house(f - r)))
    }
    fn water(&self) -> Option<House> {
        House::new(Lake::WATER)
    }
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        (!occupied.contains(house(Lake::WATER))).then(|| house(Lake::WATER))
    }
    fn return_landing(&self, occupied: Bitboard) -> Option<House> {
        (1..=Lake::RETURN)
            .rev()
            .map(house)
            .find(|&h| !occupied.contains(h))
    }
    fn throws_again(&self, roll: Roll, _played: Option<Move>) -> bool {
        matches!(roll.value(), 1 | 4 | 5)
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        senet::rulesets::first_home_wins(self, board)
    }
}

/// A user's ruleset of sixteen pieces a side, possible on thirty houses
/// because landing on a piece captures it and `o` starts with fourteen:
/// every roll steps plainly, past 30 bears off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Crowd;

impl Ruleset for Crowd {
    fn name(&self) -> &'static str {
        "crowd"
    }
    fn revision(&self) -> u32 {
        1
    }
    fn pieces_per_side(&self) -> u8 {
        16
    }
    fn start(&self) -> [Bitboard; 2] {
        [Bitboard::range(1, 16), Bitboard::range(17, 30)]
    }
    fn dice(&self) -> Dice {
        Dice::LongDie
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        Some(House::new(from.number() + roll.value()).map_or(Reach::Off, Reach::To))
    }
    fn contact(&self) -> Contact {
        Contact::Capture
    }
    fn throws_again(&self, _roll: Roll, _played: Option<Move>) -> bool {
        false
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        senet::rulesets::first_home_wins(self, board)
    }
}

/// A kind of move, named, and whether a move is of it.
type Kind = (&'static str, fn(&Move) -> bool);

#[test]
fn every_legal_move_of_a_user_ruleset_with_its_own_geometry_reads_back() {
    let start = Position::try_start(Lake).unwrap();
    let positions = reachable(start, 7, 1_000);
    let checked = every_legal_move_reads_back(&positions);
    // The moves a table of the built-in geometry refused were played and
    // read back: into the water at 20 (along the track, and a fall from
    // 24), back out of it to 8 or below, the excess lost on 18, and off
    // from 27 to 30 with any roll.
    let kinds: [Kind; 5] = [
        ("into the water", |mv| {
            mv.is_water() && mv.to() == Target::House(house(20)) && mv.from() < house(20)
        }),
        ("a fall", |mv| mv.is_water() && mv.from() == house(24)),
        ("a return", |mv| {
            mv.from() == house(20) && mv.to().track_number() <= 8 && mv.is_backward()
        }),
        ("an excess lost on 18", |mv| {
            mv.to() == Target::House(house(18))
                && mv.to().track_number() - mv.from().number() < mv.roll().value()
        }),
        ("off from 27 with a small roll", |mv| {
            mv.is_off() && 31 - mv.from().number() > mv.roll().value()
        }),
    ];
    for (kind, is) in kinds {
        let seen = checked.iter().filter(|mv| is(mv)).count();
        assert!(seen > 0, "no move {kind} among {} moves", checked.len());
    }
}

#[test]
fn a_user_ruleset_with_sixteen_pieces_a_side_reads_back() {
    let start = Position::try_start(Crowd).unwrap();
    assert_eq!(start.board().on_board(Side::X), 16);
    // The board of sixteen pieces is read as written; how many pieces a
    // side may have is checked where a board meets its ruleset.
    let json = round_trip(start.board());
    assert_eq!(json["x"], json!((1..=16).collect::<Vec<u8>>()));
    let positions = reachable(start, 11, 400);
    let checked = every_legal_move_reads_back(&positions);
    assert!(checked.iter().any(|mv| mv.is_capture()));
    // A position with a seventeenth piece is refused, by the position.
    let text = start.to_string().replace(" x 0 0", " x 1 0");
    let mut seventeen = serde_json::to_value(start).unwrap();
    seventeen["position"] = json!(text);
    let message = rejects::<Position<Crowd>>(seventeen);
    assert!(message.contains("more than the 16 of crowd"), "{message}");
}

#[test]
fn a_move_that_makes_no_move_is_refused_with_what_is_wrong() {
    let read = |text: &str| serde_json::from_str::<Move>(text);
    for (text, says) in [
        (
            r#"{"roll": 2, "from": 0, "to": 12}"#,
            r#"a move's "from": house 0 does not exist"#,
        ),
        (
            r#"{"roll": 2, "from": 10, "to": 31}"#,
            r#"a move's "to": house 31 does not exist"#,
        ),
        (
            r#"{"roll": 2, "from": 10, "to": 0}"#,
            r#"a move's "to": house 0 does not exist"#,
        ),
        (
            r#"{"roll": 9, "from": 10, "to": 12}"#,
            r#"a move's "roll": no throw makes a 9"#,
        ),
        (
            r#"{"roll": 2, "from": 10, "to": 12, "swap": true, "capture": true}"#,
            r#"the move 2: 10-12 says both "swap" and "capture""#,
        ),
        (
            r#"{"roll": 2, "from": 10, "to": 12, "capture": true, "sent": true}"#,
            r#"says both "capture" and "sent""#,
        ),
        (
            r#"{"roll": 2, "from": 29, "to": "off", "capture": true}"#,
            "a piece borne off lands on no piece",
        ),
        (
            r#"{"roll": 2, "from": 29, "to": "off", "water": true}"#,
            r#"says "water", but a move into the water is written with the water's house"#,
        ),
        (
            r#"{"roll": 2, "from": 12, "to": 10}"#,
            r#"the move 2: 12-10 goes down the track, so it needs "backward": true"#,
        ),
        (
            r#"{"roll": 2, "from": 10, "to": 12, "backward": true}"#,
            r#"the move 2: 10-12 says "backward", but its target is not below its start"#,
        ),
    ] {
        let message = read(text).unwrap_err().to_string();
        assert!(message.contains(says), "{text}: {message}");
    }
    // Read from text, the error says where.
    let message = read(r#"{"roll": 2, "from": 0, "to": 12}"#)
        .unwrap_err()
        .to_string();
    assert!(message.ends_with("at line 1 column 21"), "{message}");
}

#[test]
fn a_sound_but_illegal_move_reads_and_the_position_refuses_it() {
    let start = Position::start(Kendall);
    // No ruleset's table: any distance, any water house, any exit, as long
    // as the fields make a move.
    for (text, refusal) in [
        // o's piece on 9 cannot be moved by x.
        (
            r#"{"roll": 2, "from": 9, "to": 11}"#,
            IllegalMoveError::NoPiece {
                side: Side::X,
                house: House::new(9).unwrap(),
            },
        ),
        // Kendall's sticks never throw a 6.
        (
            r#"{"roll": 6, "from": 10, "to": 16}"#,
            IllegalMoveError::RollNotOnDice {
                roll: Roll::new(6).unwrap(),
            },
        ),
    ] {
        let mv: Move = serde_json::from_str(text).unwrap();
        assert_eq!(start.play(mv), Err(refusal), "{text}");
    }
    // A move to the wrong house, into water where there is none, off from
    // the middle of the board: each reads, and each is refused.
    for text in [
        r#"{"roll": 2, "from": 10, "to": 13}"#,
        r#"{"roll": 2, "from": 10, "to": 12, "water": true}"#,
        r#"{"roll": 2, "from": 10, "to": "off"}"#,
        r#"{"roll": 1, "from": 10, "to": 20, "water": true}"#,
    ] {
        let mv: Move = serde_json::from_str(text).unwrap();
        let refused = start.play(mv).unwrap_err();
        assert!(!refused.to_string().is_empty(), "{text}");
    }
    // The same move that Lake plays (a 2 from 18 into its water at 20) is
    // refused by Kendall, whose water is elsewhere.
    let lake = Position::parse(Lake, "oxoxoxoxo........x............ x 0 0").unwrap();
    let json = r#"{"roll": 2, "from": 18, "to": 20, "water": true}"#;
    let mv: Move = serde_json::from_str(json).unwrap();
    assert!(lake.play(mv).is_ok());
    let kendall =
        Position::<Kendall>::parse(Kendall, "oxoxoxoxo........x............ x 0 0").unwrap();
    assert!(kendall.play(mv).is_err());
}

/// Asserts an error quoting hostile input holds no control or
/// bidirectional character and is shorter than `limit` bytes.
fn assert_clean(error: &str, what: &str, limit: usize) {
    assert!(
        !error.chars().any(|c| c.is_control()
            || ('\u{200b}'..='\u{200f}').contains(&c)
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)),
        "{what}: {error:?}"
    );
    assert!(error.len() < limit, "{what}: {} bytes", error.len());
}

/// Hostile names: an unknown name holding ESC, BEL or
/// U+202E, for every enum read by name and the fields that hold one, is
/// refused with its characters escaped; a 10 MB name is quoted by its
/// start only.
#[test]
fn hostile_names_are_escaped_and_cut_in_errors() {
    let assert_clean = |error: &str, what: &str| assert_clean(error, what, 400);
    for name in [
        "ke\u{1b}[31mndall",
        "x\u{7}",
        "o\u{202e}x",
        &"k".repeat(10_000_000),
    ] {
        let errors = [
            ("AnyRuleset", rejects::<AnyRuleset>(json!(name))),
            ("Side", rejects::<Side>(json!(name))),
            ("Dice", rejects::<Dice>(json!(name))),
            ("Ending", rejects::<Ending>(json!(name))),
            ("Checked", rejects::<Checked>(json!(name))),
            ("Outcome", rejects::<Outcome>(json!(name))),
            ("Outcome field", rejects::<Outcome>(json!({ name: "x" }))),
            ("Target", rejects::<Target>(json!(name))),
            ("Kendall", rejects::<Kendall>(json!(name))),
            (
                "a finish's winner",
                rejects::<Finish>(json!({"ending": "resignation", "winner": name})),
            ),
            (
                "a position's ruleset",
                rejects::<Position<Kendall>>(json!({"ruleset": name, "position": "x"})),
            ),
        ];
        for (what, error) in errors {
            assert_clean(&error, what);
            if name.contains('\u{1b}') && what != "Kendall" {
                assert!(error.contains("\\u{1b}"), "{what}: {error:?}");
            }
        }
    }
}

/// Hostile field names: an unknown key holding
/// ESC, BEL or U+202E, or 10 MB long, in every struct read from an object
/// and every struct variant, is refused with an error that says the field
/// is unknown and quotes its name escaped and cut, as an unknown variant
/// name of every derived enum is; a plain unknown name is quoted as serde
/// always quoted it.
#[test]
fn hostile_field_names_are_escaped_and_cut_in_errors() {
    use senet::Setup;
    use senet::effect::{Hit, Release, Rest, Way};
    use senet::notation::quote::escaped;
    use senet::replay::Place;
    use senet::rulesets::Refusal;
    use serde::Deserialize;

    let (game, _) = game_turns(Kendall, 7);
    let start = Position::start(Kendall);
    let mv = start.moves(Roll::new(2).unwrap()).get(0).unwrap();
    let turn = game.history()[0];
    let documents: [(&str, Value); 10] = [
        ("Position", serde_json::to_value(start).unwrap()),
        ("Move", serde_json::to_value(mv).unwrap()),
        ("Throw", serde_json::to_value(turn.throw()).unwrap()),
        ("Board", serde_json::to_value(start.board()).unwrap()),
        ("Turn", serde_json::to_value(turn).unwrap()),
        ("Finish", serde_json::to_value(Finish::Draw).unwrap()),
        ("Record", serde_json::to_value(game.record()).unwrap()),
        ("Setup", serde_json::to_value(Setup::new(Side::X)).unwrap()),
        (
            "Effect",
            serde_json::to_value(start.effect(mv).unwrap()).unwrap(),
        ),
        ("Release", json!({"side": "o", "from": 27, "to": 15})),
    ];
    fn read(what: &str, json: Value) -> String {
        match what {
            "Position" => rejects::<Position<Kendall>>(json),
            "Move" => rejects::<Move>(json),
            "Throw" => rejects::<Throw>(json),
            "Board" => rejects::<Board>(json),
            "Turn" => rejects::<Turn>(json),
            "Finish" => rejects::<Finish>(json),
            "Record" => rejects::<Record>(json),
            "Setup" => rejects::<Setup>(json),
            "Effect" => rejects::<senet::effect::Effect>(json),
            "Release" => rejects::<Release>(json),
            _ => unreachable!("{what}"),
        }
    }
    let assert_clean = |error: &str, what: &str| assert_clean(error, what, 300);
    let long = "k".repeat(10_000_000);
    for name in ["ke\u{1b}[31my", "bell\u{7}", "o\u{202e}x", &long] {
        let quoted = format!("`{}`", escaped(name));
        for (what, document) in &documents {
            let mut document = document.clone();
            document[name] = json!(1);
            let error = read(what, document);
            assert_clean(&error, what);
            assert!(error.contains("unknown field"), "{what}: {error}");
            assert!(error.contains(&quoted), "{what}: {error}");
        }
        let fields = [
            (
                "Hit",
                rejects::<Hit>(json!({"swapped": {"on": 5, "to": 2, name: 1}})),
            ),
            (
                "Refusal",
                rejects::<Refusal>(json!({"no_step": {"from": 3, "roll": 2, name: 1}})),
            ),
            (
                "Place",
                rejects::<Place>(json!({"end": {"after": 3, name: 1}})),
            ),
        ];
        let variants = [
            ("Way", rejects::<Way>(json!(name))),
            ("Rest", rejects::<Rest>(json!({ name: 3 }))),
            ("Hit variant", rejects::<Hit>(json!({ name: {"on": 5} }))),
            ("Refusal variant", rejects::<Refusal>(json!(name))),
            ("Thrown", rejects::<Thrown>(json!({ name: 1 }))),
            ("Reach", rejects::<Reach>(json!(name))),
            ("Contact", rejects::<Contact>(json!(name))),
            ("Place variant", rejects::<Place>(json!(name))),
        ];
        for (unknown, errors) in [
            ("unknown field", fields.as_slice()),
            ("unknown variant", &variants),
        ] {
            for (what, error) in errors {
                assert_clean(error, what);
                assert!(error.contains(unknown), "{what}: {error}");
                assert!(error.contains(&quoted), "{what}: {error}");
            }
        }
        // Read by a format other than JSON: serde's own map of values.
        let map = serde::de::value::MapDeserializer::<_, serde::de::value::Error>::new(
            [(name, 15u8)].into_iter(),
        );
        let error = <Release as Deserialize>::deserialize(map)
            .unwrap_err()
            .to_string();
        assert_clean(&error, "Release from a map");
        assert!(error.contains(&quoted), "{error}");
    }
    // A plain unknown name reads as it always did.
    let mut release = documents[9].1.clone();
    release["more"] = json!(1);
    assert_eq!(
        rejects::<Release>(release),
        "unknown field `more`, expected one of `side`, `from`, `to`"
    );
    assert_eq!(
        rejects::<Way>(json!("sideways")),
        "unknown variant `sideways`, expected one of `along`, `into_water`, `fall`, `return`"
    );
}

/// A user's ruleset reads back by name through `Default`, a compiled one
/// through the names compiled so far, and a position of another ruleset
/// is refused by name.
#[test]
fn a_user_ruleset_reads_back_by_name_plain_and_compiled() {
    let start = Position::try_start(Lake).unwrap();
    let json = round_trip(&start);
    assert_eq!(json["ruleset"], "lake");
    let compiled = Position::try_start(senet::Compiled::new(Lake)).unwrap();
    assert_eq!(round_trip(&compiled), json);
    let kendall = serde_json::to_value(Position::start(Kendall)).unwrap();
    let message = rejects::<Position<Lake>>(kendall.clone());
    assert!(message.contains("unknown ruleset \"kendall\""), "{message}");
    let message = rejects::<Position<senet::Compiled>>(kendall);
    assert!(message.contains("unknown ruleset \"kendall\""), "{message}");
}
