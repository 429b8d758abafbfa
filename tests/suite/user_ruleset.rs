//! A ruleset written outside the crate, as a user writes one: hooks only,
//! no table. It gets the shared generator, and a start that breaks its own
//! rules is a typed error, never a panic.

use senet::Rules;
use senet::replay::Problem;
use senet::rulesets::Reach;
use senet::rulesets::first_home_wins;
use senet::{
    Bitboard, Board, Dice, House, Outcome, Position, PositionError, Record, Roll, Ruleset, Seed,
    Side, perft,
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
        Dice::FOUR_STICKS
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
    let start = Position::start(Rules::new(GOOD).expect("a valid start"));
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
        Rules::new(bad).map(Position::start),
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
        Rules::new(bad).map(Position::start),
        Err(PositionError::SharedHouse { house: 2 })
    );
}

#[test]
fn a_record_under_a_ruleset_with_a_bad_start_is_refused_at_the_header() {
    // A record made under the good ruleset, checked under a bad one.
    let start = Position::start(Rules::new(GOOD).unwrap());
    let mut game = senet::Game::seeded(start, Seed::from_u64(3));
    while !game.is_over() {
        if let senet::game::Thrown::ToPlay(_) = game.throw().unwrap() {
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

// ---- A user's rulesets beside the built-in ones, behind one type: `Rules` ----

/// A ruleset that answers every hook, the provided ones too, unlike the
/// defaults, so that a hook `Rules` did not forward shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Probe;

impl Ruleset for Probe {
    fn name(&self) -> &'static str {
        "probe"
    }
    fn revision(&self) -> u32 {
        7
    }
    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::X => "first",
            Side::O => "second",
        }
    }
    fn pieces_per_side(&self) -> u8 {
        2
    }
    fn start(&self) -> [Bitboard; 2] {
        [
            Bitboard::from_numbers(&[3, 5]),
            Bitboard::from_numbers(&[1, 2]),
        ]
    }
    fn dice(&self) -> Dice {
        Dice::FOUR_STICKS_SIX
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        House::new(from.number() + roll.value()).map(Reach::To)
    }
    fn backward(&self, from: House, _roll: Roll) -> Option<Reach> {
        (from.number() == 29).then_some(Reach::Return)
    }
    fn must_play_first(&self) -> Bitboard {
        Bitboard::from_numbers(&[4])
    }
    fn movable(&self, board: &Board, side: Side) -> Bitboard {
        board.pieces(side) & Bitboard::range(1, 20)
    }
    fn may_bear_off(&self, _board: &Board, _side: Side) -> bool {
        false
    }
    fn impassable(
        &self,
        board: &Board,
        mover: Side,
        direction: senet::rulesets::Direction,
    ) -> Bitboard {
        match direction {
            senet::rulesets::Direction::Forward => board.pieces(mover.opponent()),
            senet::rulesets::Direction::Backward => Bitboard::EMPTY,
        }
    }
    fn safe_houses(&self) -> Bitboard {
        Bitboard::from_numbers(&[9])
    }
    fn shielded(&self, board: &Board, owner: Side) -> Bitboard {
        board.pieces(owner) & Bitboard::from_numbers(&[1, 9])
    }
    fn contact(&self) -> senet::rulesets::Contact {
        senet::rulesets::Contact::Capture
    }
    fn contact_at(&self, start: House, _target: House) -> Option<senet::rulesets::Contact> {
        (start.number() > 2).then_some(senet::rulesets::Contact::SendBack)
    }
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        (!occupied & Bitboard::range(8, 30)).first()
    }
    fn return_landing(&self, occupied: Bitboard) -> Option<House> {
        (!occupied & Bitboard::range(6, 30)).first()
    }
    fn marks(&self, played: senet::Move) -> bool {
        played.roll().value() == 1
    }
    fn mark_house(&self) -> Option<House> {
        House::new(6)
    }
    fn water(&self) -> Option<House> {
        House::new(27)
    }
    fn house_mark(&self, house: House) -> Option<&'static str> {
        (house.number() == 7).then_some("P")
    }
    fn why(&self, _refusal: senet::rulesets::Refusal) -> &'static str {
        "the probe says no"
    }
    fn throws_again(&self, roll: Roll, played: Option<senet::Move>) -> bool {
        roll.value() == 2 && played.is_none()
    }
    fn waits(&self, roll: Roll) -> Bitboard {
        Bitboard::from_numbers(&[roll.value() + 10])
    }
    fn loses_next_turn(&self, played: senet::Move) -> bool {
        played.from().number() == 3
    }
    fn begins_with(&self, side: Side) -> Option<Roll> {
        (side == Side::O).then(|| Roll::new(3)).flatten()
    }
    fn enters(&self, roll: Roll) -> Option<House> {
        (roll.value() == 1).then(|| House::new(30)).flatten()
    }
    fn water_to_hand(&self) -> bool {
        true
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        (board.off(Side::X) == 1).then_some(Outcome::Draw)
    }
}

#[test]
fn rules_forward_every_hook() {
    let direct = Probe;
    let through = Rules::new(Probe).unwrap();
    let board = *Position::start(Rules::new(Probe).unwrap()).board();
    let h = |n| House::new(n).unwrap();
    let r = |n| Roll::new(n).unwrap();
    assert_eq!(through.name(), direct.name());
    assert_eq!(through.revision(), direct.revision());
    assert_eq!(through.side_name(Side::O), direct.side_name(Side::O));
    assert_eq!(through.pieces_per_side(), direct.pieces_per_side());
    assert_eq!(through.start(), direct.start());
    assert_eq!(through.dice(), direct.dice());
    assert_eq!(through.forward(h(4), r(2)), direct.forward(h(4), r(2)));
    assert_eq!(through.backward(h(29), r(1)), direct.backward(h(29), r(1)));
    assert_eq!(through.must_play_first(), direct.must_play_first());
    assert_eq!(
        through.movable(&board, Side::X),
        direct.movable(&board, Side::X)
    );
    assert_eq!(
        through.may_bear_off(&board, Side::X),
        direct.may_bear_off(&board, Side::X)
    );
    for d in [
        senet::rulesets::Direction::Forward,
        senet::rulesets::Direction::Backward,
    ] {
        assert_eq!(
            through.impassable(&board, Side::X, d),
            direct.impassable(&board, Side::X, d)
        );
    }
    assert_eq!(through.safe_houses(), direct.safe_houses());
    assert_eq!(
        through.shielded(&board, Side::O),
        direct.shielded(&board, Side::O)
    );
    assert_eq!(through.contact(), direct.contact());
    assert_eq!(
        through.contact_at(h(5), h(7)),
        direct.contact_at(h(5), h(7))
    );
    assert_eq!(
        through.water_landing(Bitboard::EMPTY),
        direct.water_landing(Bitboard::EMPTY)
    );
    assert_eq!(
        through.return_landing(Bitboard::EMPTY),
        direct.return_landing(Bitboard::EMPTY)
    );
    let one = Rules::new(Probe)
        .map(Position::start)
        .unwrap()
        .moves(r(1))
        .get(0)
        .unwrap();
    assert_eq!(through.marks(one), direct.marks(one));
    assert_eq!(through.mark_house(), direct.mark_house());
    assert_eq!(through.water(), direct.water());
    assert_eq!(through.house_mark(h(7)), direct.house_mark(h(7)));
    assert_eq!(
        through.why(senet::rulesets::Refusal::Blocked),
        direct.why(senet::rulesets::Refusal::Blocked)
    );
    assert_eq!(
        through.throws_again(r(2), None),
        direct.throws_again(r(2), None)
    );
    assert_eq!(through.outcome(&board), direct.outcome(&board));
    // And every one of those differs from the trait's default, so a hook
    // left to its default would have failed above.
    assert_ne!(direct.must_play_first(), Bitboard::EMPTY);
    assert!(!direct.may_bear_off(&board, Side::X));
    assert_ne!(direct.mark_house(), None);
    assert!(direct.marks(one));
    assert_ne!(
        direct.why(senet::rulesets::Refusal::Blocked),
        Sprint { start: [0, 0] }.why(senet::rulesets::Refusal::Blocked)
    );
}

#[test]
fn a_user_ruleset_plays_the_same_through_rules() {
    let through = Position::start(Rules::new(GOOD).unwrap());
    // The ruleset as written, its tables derived on every throw.
    let direct = Position::parse(GOOD, &through.to_string()).unwrap();
    assert_eq!(through.to_string(), direct.to_string());
    for depth in 1..=3 {
        assert_eq!(
            perft(&through, depth),
            perft(&direct, depth),
            "depth {depth}"
        );
    }
    // A built-in ruleset beside it plays as itself too.
    let skyruk = Position::start(Rules::from(senet::rulesets::Skyruk));
    assert_eq!(perft(&skyruk, 3), 4182);
    let kendall = Position::start(Rules::from(senet::rulesets::Kendall));
    assert_eq!(perft(&kendall, 3), 4189);
    // A seeded game through `Rules` is a record that verifies under it.
    let mut game = senet::Game::seeded(through, Seed::from_u64(3));
    while !game.is_over() && game.history().len() < 500 {
        if let senet::game::Thrown::ToPlay(_) = game.throw().unwrap() {
            game.play(game.legal_moves()[0]).unwrap();
        }
    }
    let verdict = game
        .record()
        .verify_with(Rules::new(GOOD).unwrap())
        .unwrap();
    assert!(verdict.is_valid());
    assert_eq!(verdict.position(), game.position());
}
