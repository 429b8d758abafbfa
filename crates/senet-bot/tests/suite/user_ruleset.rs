//! A ruleset of a user's own gets bots like a built-in one.

use senet::Rules;
use senet::rulesets::Reach;
use senet::rulesets::first_home_wins;
use senet::{Bitboard, Board, Dice, House, Outcome, Position, Roll, Ruleset};

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

/// A user's ruleset has no shipped network: its bots fall back to the
/// feature evaluation, and a network trained for it plays through
/// `Bot::with_network`; a bad start is refused when its `Rules` is made.
#[test]
fn a_user_ruleset_trains_its_own_network() {
    use senet_bot::train::{Plan, train};
    use senet_bot::{Agent, Bot, Decision, Learned, Level};
    assert!(Learned::new(GOOD).is_none());
    let plan = Plan {
        games: 300,
        ..Plan::default()
    };
    let good = Rules::new(GOOD).expect("a valid start");
    let (network, report) = train(good, &plan, |_| {}).expect("a valid plan");
    assert_eq!(report.games, 300);
    let start = Position::start(good);
    let throw = senet::Throw::canonical(Dice::FOUR_STICKS, Roll::new(2).unwrap()).unwrap();
    let decision = Decision::new(start, throw, &[]).unwrap();
    for level in Level::all() {
        let mut fallback = Bot::new(good, level);
        let mut learned = Bot::with_network(good, network.clone(), level);
        assert!(decision.moves().contains(&fallback.choose(&decision)));
        assert!(decision.moves().contains(&learned.choose(&decision)));
    }
    let bad = Sprint {
        start: [0b110, 0b110],
    };
    assert!(Rules::new(bad).is_err());
}
