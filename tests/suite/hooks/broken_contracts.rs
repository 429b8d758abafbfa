//! Hooks that break their contract, each refused with its error, up
//! front or in play; and where a piece sent back goes, or why it cannot.

use super::*;
use senet::Rules;

/// A ruleset of hooks that may break their contract: `name` as given, a
/// water on 20 whose landing answers `landing` whatever is taken (0:
/// nowhere), a forward hook that enters the water even when `water` says
/// none, and, when `return_to` is a house, a move to 25 that comes back
/// there instead, whatever is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Broken {
    name: &'static str,
    water: Option<u8>,
    landing: u8,
    return_to: u8,
}

const HONEST_NAME: Broken = Broken {
    name: "broken",
    water: Some(20),
    landing: 1,
    return_to: 0,
};

impl Ruleset for Broken {
    fn name(&self) -> &'static str {
        self.name
    }
    fn revision(&self) -> u32 {
        1
    }
    fn pieces_per_side(&self) -> u8 {
        2
    }
    fn start(&self) -> [Bitboard; 2] {
        [
            Bitboard::from_numbers(&[2, 4]),
            Bitboard::from_numbers(&[1, 3]),
        ]
    }
    fn dice(&self) -> Dice {
        Dice::LONG_DIE
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        Some(match step(from, roll) {
            Reach::To(to) if to.number() == 20 => Reach::Water,
            Reach::To(to) if to.number() == 25 && self.return_to != 0 => Reach::Return,
            reach => reach,
        })
    }
    fn water(&self) -> Option<House> {
        self.water.and_then(House::new)
    }
    fn water_landing(&self, _occupied: Bitboard) -> Option<House> {
        House::new(self.landing)
    }
    fn return_landing(&self, _occupied: Bitboard) -> Option<House> {
        House::new(self.return_to)
    }
    fn throws_again(&self, _roll: Roll, _played: Option<Move>) -> bool {
        false
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

#[test]
fn a_landing_on_a_taken_house_is_refused_up_front() {
    let refused = Rules::new(HONEST_NAME).unwrap_err();
    assert_eq!(
        refused,
        PositionError::Hook(HookError::Occupied {
            hook: Hook::WaterLanding,
            house: 1,
        })
    );
    assert!(
        refused
            .to_string()
            .contains("`water_landing` answered house 1")
    );
    // The return is tried too, once the water's landing is honest (it
    // answers nowhere here).
    let returns = Broken {
        landing: 0,
        return_to: 2,
        ..HONEST_NAME
    };
    assert_eq!(
        Rules::new(returns).map(Position::start),
        Err(PositionError::Hook(HookError::Occupied {
            hook: Hook::ReturnLanding,
            house: 2,
        }))
    );
}

/// `ruleset`'s water landing answers house 1, taken by o: built
/// without `try_start`, a position of it never plays that landing, and
/// naming the move is refused with the hook named.
fn never_lands_on_the_taken_house<R: Ruleset>(ruleset: R) {
    let x = Bitboard::from_numbers(&[18, 25]);
    let o = Bitboard::from_numbers(&[1, 3]);
    let position = senet::Setup {
        x,
        o,
        off_x: 0,
        off_o: 0,
        marked: None,
        ..senet::Setup::new(Side::X)
    }
    .position(ruleset)
    .unwrap();
    // 18 with a 2 would enter the water and rest on o's piece: no move.
    let moves = position.moves(roll(2));
    assert!(moves.iter().all(|mv| !mv.is_water()), "{moves:?}");
    let refused = position
        .find_move(roll(2), house(18), Target::House(house(20)))
        .unwrap_err();
    assert_eq!(
        refused,
        IllegalMoveError::Hook(HookError::Occupied {
            hook: Hook::WaterLanding,
            house: 1,
        })
    );
    // Nothing vanishes in play: every position reached keeps its pieces.
    for seed in 0..20 {
        for position in walk(position, seed, 60) {
            let board = position.board();
            for side in Side::BOTH {
                assert_eq!(board.on_board(side) + board.off(side), 2, "{position}");
            }
        }
    }
}

#[test]
fn a_landing_on_a_taken_house_is_never_played() {
    never_lands_on_the_taken_house(HONEST_NAME);
}

/// A ruleset is checked when its `Rules` is made, and a refused one is
/// not kept: making it again is refused again.
#[test]
fn a_ruleset_is_checked_once_when_its_rules_are_made() {
    assert_eq!(
        Rules::new(HONEST_NAME),
        Err(PositionError::Hook(HookError::Occupied {
            hook: Hook::WaterLanding,
            house: 1,
        }))
    );
    assert_eq!(Rules::new(HONEST_NAME), Rules::new(HONEST_NAME));
}

#[test]
fn the_water_of_a_ruleset_without_one_is_refused() {
    let dry = Broken {
        water: None,
        landing: 0,
        ..HONEST_NAME
    };
    // Kept to the contract otherwise: the same ruleset with its water
    // starts.
    assert!(
        Rules::new(Broken {
            water: Some(20),
            ..dry
        })
        .map(Position::start)
        .is_ok()
    );
    let refused = Rules::new(dry).unwrap_err();
    assert!(matches!(
        refused,
        PositionError::Hook(HookError::NoWater {
            hook: Hook::Forward,
            ..
        })
    ));
    assert!(refused.to_string().contains("into the water"), "{refused}");
}

/// A ruleset with no water whose moves from 25 go to the house the roll
/// reaches when it is empty, else into the water it does not have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct DryElse;

impl Ruleset for DryElse {
    fn name(&self) -> &'static str {
        "dry-else"
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
    fn dice(&self) -> senet::Dice {
        senet::Dice::FOUR_STICKS
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        let to = House::new(from.number() + roll.value());
        match to {
            Some(to) if from.number() == 25 => Some(Reach::ToElseWater(to)),
            Some(to) => Some(Reach::To(to)),
            None => Some(Reach::Off),
        }
    }
    fn throws_again(&self, _roll: Roll, _played: Option<senet::Move>) -> bool {
        false
    }
    fn outcome(&self, board: &senet::Board) -> Option<senet::Outcome> {
        senet::rulesets::first_home_wins(self, board)
    }
}

#[test]
fn a_move_to_a_house_else_the_water_needs_a_water_house() {
    let refused = Rules::new(DryElse).unwrap_err();
    assert!(
        matches!(
            refused,
            PositionError::Hook(HookError::NoWater {
                hook: Hook::Forward,
                ..
            })
        ),
        "{refused:?}"
    );
}

#[test]
fn a_name_a_record_cannot_hold_is_refused() {
    let long: &'static str = Box::leak("n".repeat(300).into_boxed_str());
    for name in ["", "two\nlines", "bell\u{7}", "\u{202e}kcab", long] {
        let named = Broken {
            name,
            landing: 0,
            ..HONEST_NAME
        };
        let refused = Rules::new(named).unwrap_err();
        assert!(
            matches!(refused, PositionError::RulesetName { .. }),
            "{name:?}: {refused:?}"
        );
        // The message quotes the name escaped and short.
        let message = refused.to_string();
        assert!(!message.chars().any(char::is_control), "{message:?}");
        assert!(message.len() < 200, "{message}");
    }
    let fine = Broken {
        landing: 0,
        ..HONEST_NAME
    };
    assert!(Rules::new(fine).is_ok());
}

/// Plain steps, two pieces a side; landing on a piece sends it back
/// where `back` says: 0 nowhere, 99 the highest empty house, any other
/// number that house whatever stands there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Sender {
    back: u8,
}

impl Ruleset for Sender {
    fn name(&self) -> &'static str {
        "sender"
    }
    fn revision(&self) -> u32 {
        1
    }
    fn pieces_per_side(&self) -> u8 {
        2
    }
    fn start(&self) -> [Bitboard; 2] {
        [
            Bitboard::from_numbers(&[2, 4]),
            Bitboard::from_numbers(&[1, 3]),
        ]
    }
    fn dice(&self) -> Dice {
        Dice::LONG_DIE
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        Some(step(from, roll))
    }
    fn contact(&self) -> senet::rulesets::Contact {
        senet::rulesets::Contact::SendBack
    }
    fn send_back(&self, occupied: Bitboard) -> Option<House> {
        match self.back {
            0 => None,
            99 => (!occupied & Bitboard::ALL).last(),
            n => House::new(n),
        }
    }
    fn throws_again(&self, _roll: Roll, _played: Option<Move>) -> bool {
        false
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

/// Where a piece sent back goes is the ruleset's `send_back`, in play,
/// in the effect, through `Rules` and played as written, and in the
/// reference's perft.
#[test]
fn a_piece_sent_back_goes_where_send_back_says() {
    let highest = Sender { back: 99 };
    let start = Position::start(Rules::new(highest).unwrap());
    let mv = start
        .find_move(roll(1), house(2), Target::House(house(3)))
        .unwrap();
    assert!(mv.is_hit());
    let (after, effect) = start.play_with_effect(mv).unwrap();
    assert_eq!(after.to_string(), "o.xx.........................o o 0 0");
    assert_eq!(
        effect.hit,
        Some(senet::effect::Hit::SentBack {
            on: house(3),
            to: house(30)
        })
    );
    let as_written = Position::parse(highest, &start.to_string()).unwrap();
    let written_mv = as_written
        .find_move(roll(1), house(2), Target::House(house(3)))
        .unwrap();
    assert_eq!(
        as_written.play(written_mv).unwrap().to_string(),
        after.to_string()
    );
    for depth in 1..=4 {
        assert_eq!(perft(&start, depth), reference_perft(&start, depth));
    }
}

/// With nowhere to send the piece, the landing is no move; answering a
/// taken house is refused up front, naming the hook.
#[test]
fn a_send_back_to_nowhere_or_a_taken_house_is_refused() {
    let nowhere = Position::start(Rules::new(Sender { back: 0 }).unwrap());
    let moves: Vec<String> = nowhere
        .moves(roll(1))
        .iter()
        .map(|mv| nowhere.notation(mv).to_string())
        .collect();
    assert_eq!(moves, ["1: 4-5"]);
    assert_eq!(
        nowhere.find_move(roll(1), house(2), Target::House(house(3))),
        Err(IllegalMoveError::NowhereToSendBack { house: house(3) })
    );
    assert_eq!(
        Rules::new(Sender { back: 1 }).map(Position::start),
        Err(PositionError::Hook(HookError::Occupied {
            hook: Hook::SendBack,
            house: 1,
        }))
    );
    assert!(
        HookError::Occupied {
            hook: Hook::SendBack,
            house: 1
        }
        .to_string()
        .contains("`send_back`")
    );
}
