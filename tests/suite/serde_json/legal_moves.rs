//! Every legal move reads back, of the built-in rulesets and of users'
//! rulesets with their own geometry, and a user's ruleset reads back by
//! name.

use super::*;
use senet::Rules;

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
        Dice::FOUR_STICKS
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
        Dice::LONG_DIE
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
    let start = Position::start(Rules::new(Lake).unwrap());
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
    let start = Position::start(Rules::new(Crowd).unwrap());
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

/// A user's ruleset reads back by name through `Default` as written, and
/// as `Rules` through the names made so far; a position of another
/// ruleset is refused by name.
#[test]
fn a_user_ruleset_reads_back_by_name_as_written_and_as_rules() {
    let start = Position::start(Rules::new(Lake).unwrap());
    let json = round_trip(&start);
    assert_eq!(json["ruleset"], "lake");
    let as_written = Position::parse(Lake, &start.to_string()).unwrap();
    assert_eq!(round_trip(&as_written), json);
    let kendall = serde_json::to_value(Position::start(Kendall)).unwrap();
    let message = rejects::<Position<Lake>>(kendall.clone());
    assert!(message.contains("unknown ruleset \"kendall\""), "{message}");
    let mut unknown = kendall;
    unknown["ruleset"] = "no-such-rules".into();
    let message = rejects::<Position<Rules>>(unknown);
    assert!(
        message.contains("unknown ruleset \"no-such-rules\""),
        "{message}"
    );
}
