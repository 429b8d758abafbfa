//! The data shipped for the built-in rulesets (a network, tuned weights)
//! is found through the ruleset's type, never through its name: a ruleset
//! of one's own that calls itself "kendall" gets none of Kendall's.

use std::sync::Arc;

use senet::rulesets::Kendall;
use senet::rulesets::Reach;
use senet::{
    AnyRuleset, Bitboard, Board, Dice, House, Move, Outcome, Position, Roll, Rules, Ruleset,
};
use senet_bot::{Evaluation, Learned, Network, Weights};

/// Kendall's rules in every hook, under Kendall's name, but not Kendall's type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Impostor;

impl Ruleset for Impostor {
    fn name(&self) -> &'static str {
        "kendall"
    }
    fn revision(&self) -> u32 {
        Kendall.revision()
    }
    fn pieces_per_side(&self) -> u8 {
        Kendall.pieces_per_side()
    }
    fn start(&self) -> [Bitboard; 2] {
        Kendall.start()
    }
    fn dice(&self) -> Dice {
        Kendall.dice()
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        Kendall.forward(from, roll)
    }
    fn water(&self) -> Option<House> {
        Kendall.water()
    }
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        Kendall.water_landing(occupied)
    }
    fn throws_again(&self, roll: Roll, played: Option<Move>) -> bool {
        Kendall.throws_again(roll, played)
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        Kendall.outcome(board)
    }
}

#[test]
fn a_ruleset_named_kendall_gets_no_shipped_network() {
    assert_eq!(Impostor.name(), Kendall.name());
    assert_eq!(AnyRuleset::of(&Impostor), None);
    assert!(Network::builtin(&Impostor).is_none());
    assert!(Learned::new(Impostor).is_none());
}

#[test]
fn a_ruleset_named_kendall_gets_no_tuned_weights() {
    assert_eq!(Weights::tuned(&Impostor), None);
    assert_eq!(*Evaluation::new(Impostor).weights(), Weights::race());
    assert_ne!(Weights::tuned(&Kendall), Some(Weights::race()));
    assert_eq!(
        *Evaluation::new(Kendall).weights(),
        Weights::tuned(&Kendall).unwrap()
    );
}

/// A type of one's own that forwards to Kendall, hook by hook.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Wrapped(Kendall);

impl Ruleset for Wrapped {
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn revision(&self) -> u32 {
        self.0.revision()
    }
    fn pieces_per_side(&self) -> u8 {
        self.0.pieces_per_side()
    }
    fn start(&self) -> [Bitboard; 2] {
        self.0.start()
    }
    fn dice(&self) -> Dice {
        self.0.dice()
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        self.0.forward(from, roll)
    }
    fn water(&self) -> Option<House> {
        self.0.water()
    }
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        self.0.water_landing(occupied)
    }
    fn throws_again(&self, roll: Roll, played: Option<Move>) -> bool {
        self.0.throws_again(roll, played)
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        self.0.outcome(board)
    }
}

/// Shipped data is found from a ruleset's type alone: a built-in ruleset
/// held in a `Rules` gets it; a type of one's own gets none, whatever it
/// wraps or claims, held in a `Rules` or not.
#[test]
fn only_a_built_in_type_or_a_built_in_held_in_rules_gets_the_shipped_data() {
    let kendall = Network::builtin(&Kendall).expect("Kendall ships a network");
    let held = Network::builtin(&Rules::from(Kendall)).expect("it is Kendall");
    assert!(Arc::ptr_eq(&kendall, &held));
    assert_eq!(
        Weights::tuned(&Rules::from(Kendall)),
        Weights::tuned(&Kendall)
    );
    let impostor = Rules::new(Impostor).expect("Kendall's start");
    assert!(Network::builtin(&impostor).is_none());
    assert!(Network::builtin(&Wrapped(Kendall)).is_none());
    let wrapped = Rules::new(Wrapped(Kendall)).expect("Kendall's start");
    assert!(Network::builtin(&wrapped).is_none());
    assert_eq!(Weights::tuned(&wrapped), None);
}

/// Every built-in ruleset of the list ships a network and tuned weights,
/// each its own, the same through its type and through `AnyRuleset`.
#[test]
fn every_built_in_ruleset_ships_its_own_network_and_weights() {
    macro_rules! each {
        ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {$(
            let by_type = Network::builtin(&senet::rulesets::$ty).expect("shipped");
            let by_any = Network::builtin(&AnyRuleset::$ty).expect("shipped");
            assert!(Arc::ptr_eq(&by_type, &by_any));
            let (_, name) = Network::from_bytes(&by_type.to_bytes(stringify!($module))).unwrap();
            assert_eq!(name, senet::rulesets::$ty.name());
            assert!(Weights::tuned(&senet::rulesets::$ty).is_some());
            assert!(Learned::new(senet::rulesets::$ty).is_some());
            let start = Position::start(senet::rulesets::$ty);
            assert!((0.0..=1.0).contains(&by_type.equity(&start)));
        )*};
    }
    senet::for_each_builtin!(each);
    let networks: Vec<Arc<Network>> = AnyRuleset::ALL
        .iter()
        .map(|r| Network::builtin(r).unwrap())
        .collect();
    let weights: Vec<Weights> = AnyRuleset::ALL
        .iter()
        .map(|r| Weights::tuned(r).unwrap())
        .collect();
    for i in 0..networks.len() {
        for j in 0..i {
            assert_ne!(*networks[i], *networks[j], "{i} and {j} share a network");
            assert_ne!(weights[i], weights[j], "{i} and {j} share weights");
        }
    }
}
