//! A ruleset written outside the crate, as a user writes one: hooks only,
//! no table. It gets the shared generator, and a start that breaks its own
//! rules is a typed error, never a panic.

use senet::rulesets::first_home_wins;
use senet::{
    Bitboard, Board, Dice, House, Outcome, Position, PositionError, Problem, Reach, Record, Roll,
    Ruleset, Seed, Side, perft,
};

/// Three pieces each, every roll steps plainly and bears off past 30,
/// no other rule. `start` is the start it claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Sprint {
    start: [u32; 2],
}

const GOOD: Sprint = Sprint {
    start: [0b1010100, 0b101010],
};

impl Ruleset for Sprint {
    fn name(&self) -> &'static str {
        "sprint"
    }
    fn revision(&self) -> u32 {
        1
    }
    fn pieces_per_side(&self) -> u8 {
        3
    }
    fn start(&self) -> [Bitboard; 2] {
        self.start.map(|bits| {
            Bitboard::from_numbers(
                &(1..=30u8)
                    .filter(|&h| bits >> h & 1 != 0)
                    .collect::<Vec<_>>(),
            )
        })
    }
    fn dice(&self) -> Dice {
        Dice::FourSticks
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        Some(House::new(from.number() + roll.value()).map_or(Reach::Off, Reach::To))
    }
    fn throws_again(&self, _roll: Roll, _played: Option<senet::Move>) -> bool {
        false
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

#[test]
fn a_user_ruleset_starts_through_the_checked_constructor() {
    let start = Position::try_start(GOOD).expect("a valid start");
    assert_eq!(start.to_string(), "oxoxox........................ x 0 0");
    assert_eq!(start.side_to_throw(), Side::X);
    // x on 2, 4, 6 and o on 1, 3, 5: a roll of 1 or 3 moves every piece
    // (swapping where it lands on o), 2 only 6-8 and 4 only 4-8 and 6-10
    // (x's own pieces are in the way), 5 every piece: 3 + 1 + 3 + 2 + 3.
    assert_eq!(perft(&start, 1), 12);
    let moves = start.moves(Roll::new(5).unwrap());
    let texts: Vec<String> = moves
        .iter()
        .map(|mv| start.notation(mv).to_string())
        .collect();
    assert_eq!(texts, ["5: 2-7", "5: 4-9", "5: 6-11"]);
}

#[test]
fn a_start_with_too_many_pieces_is_a_typed_error() {
    let bad = Sprint {
        start: [0b1010100 | 1 << 20, 0b101010],
    };
    assert_eq!(
        Position::try_start(bad),
        Err(PositionError::TooManyPieces {
            side: Side::X,
            found: 4,
            max: 3,
            ruleset: "sprint"
        })
    );
}

#[test]
fn a_start_with_a_shared_house_is_a_typed_error() {
    let bad = Sprint {
        start: [0b1010100, 0b1000110],
    };
    assert_eq!(
        Position::try_start(bad),
        Err(PositionError::SharedHouse { house: 2 })
    );
}

#[test]
fn a_record_under_a_ruleset_with_a_bad_start_is_refused_at_the_header() {
    // A record made under the good ruleset, checked under a bad one.
    let start = Position::try_start(GOOD).unwrap();
    let mut game = senet::Game::seeded_from(start, Seed::from_u64(3));
    while !game.is_over() {
        if let senet::Thrown::ToPlay(_) = game.throw().unwrap() {
            let first = game.legal_moves()[0];
            game.play(first).unwrap();
        }
    }
    let record: Record = game.record();
    assert!(record.verify_with(GOOD).is_ok());
    let bad = Sprint {
        start: [0b1010100, 0b10],
    };
    let refused = record.verify_with(bad).unwrap_err();
    assert!(
        matches!(
            refused.problem,
            Problem::Start(PositionError::MissingPieces { .. })
        ),
        "{refused}"
    );
}
