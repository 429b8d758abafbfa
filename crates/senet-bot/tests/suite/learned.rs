//! The learned evaluation: the shipped network files, the training tool
//! and library, and the baseline the ladder is measured against.

use proptest::prelude::*;
use senet::rulesets::Kendall;
use senet::source::SeededThrows;
use senet::{AnyRuleset, Position, Ruleset, Seed, Side, with_ruleset};
use senet_bot::train::{Plan, train};
use senet_bot::{
    Agent, Baseline, Bot, Decision, Duel, DuelStats, Evaluator, FiveTerms, LARGE_HIDDEN,
    LARGE_INPUTS, Learned, Level, Network, NetworkError, RandomAgent, Search, SearchLimits,
};

/// The bytes of the network file shipped for `name`.
fn shipped(name: &str) -> Vec<u8> {
    let path = format!("{}/src/networks/{name}.net", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The bytes of the large network file shipped for `name` (level 5's).
fn shipped_large(name: &str) -> Vec<u8> {
    shipped(&format!("large/{name}"))
}

/// A position reached from the start by `throws` throws of seeded random play.
fn reached<R: senet::rulesets::CheckedRuleset>(ruleset: R, seed: u64, throws: u32) -> Position<R> {
    let duel = Duel::new(Position::start(ruleset));
    let mut x = RandomAgent::new(seed);
    let mut o = RandomAgent::new(seed ^ 1);
    let game = duel
        .with_max_throws(throws as usize)
        .play(&mut x, &mut o, SeededThrows::new(Seed::for_pair(seed, 0)))
        .unwrap();
    *game.position()
}

#[test]
fn every_builtin_ruleset_ships_a_network_that_reads_back() {
    for ruleset in AnyRuleset::ALL {
        let bytes = shipped(ruleset.name());
        let (network, name) = Network::from_bytes(&bytes).unwrap();
        assert_eq!(name, ruleset.name(), "the file names its ruleset");
        assert_eq!(Network::builtin(&ruleset).as_deref(), Some(&network));
        assert_eq!(network.to_bytes(ruleset.name()), bytes, "written as read");
        assert!(Learned::new(ruleset).is_some());
    }
}

#[test]
fn every_builtin_ruleset_ships_a_large_network_for_level_5() {
    for ruleset in AnyRuleset::ALL {
        let bytes = shipped_large(ruleset.name());
        let (network, name) = Network::from_bytes(&bytes).unwrap();
        assert_eq!(name, ruleset.name(), "the file names its ruleset");
        assert_eq!(
            (network.hidden_units(), network.input_count()),
            (LARGE_HIDDEN, LARGE_INPUTS)
        );
        assert_eq!(Network::builtin_large(&ruleset).as_deref(), Some(&network));
        assert_eq!(network.to_bytes(ruleset.name()), bytes, "written as read");
        assert_ne!(Network::builtin(&ruleset).as_deref(), Some(&network));
    }
}

/// Level 5 is level 4's search over the large network, in every
/// ruleset; its values are not level 4's.
#[test]
fn level_5_searches_the_large_network_as_level_4_searches_the_small() {
    let (four, five) = (Level::new(4).unwrap(), Level::new(5).unwrap());
    for ruleset in AnyRuleset::ALL {
        with_ruleset!(ruleset, |r| {
            let position = reached(r, 3, 30);
            for roll in r.dice().weights().iter().map(|&(roll, _)| roll) {
                let Ok(decision) = Decision::from_roll(position, roll) else {
                    continue;
                };
                let large = Network::builtin_large(&r).unwrap();
                let level_5 = Bot::new(r, five).think(&decision);
                let as_level_4 = Bot::with_network(r, large, four).think(&decision);
                assert_eq!(level_5, as_level_4, "{ruleset} {roll:?}");
                if decision.moves().len() > 1 {
                    assert_ne!(level_5, Bot::new(r, four).think(&decision), "{ruleset}");
                }
            }
        });
    }
}

/// Each shipped network's value of the start and of two positions of
/// seeded random play, to nine decimals: a changed file, or a changed
/// reading of one, fails here.
#[test]
fn shipped_networks_value_pinned_positions() {
    pinned_values_hold(PINNED, Network::builtin);
}

/// The same for the large networks of level 5.
#[test]
fn shipped_large_networks_value_pinned_positions() {
    pinned_values_hold(PINNED_LARGE, Network::builtin_large);
}

/// Each network `shipped` for a ruleset of `pinned` values its three
/// positions as pinned.
fn pinned_values_hold(
    pinned: [(&str, [f64; 3]); 7],
    shipped: fn(&AnyRuleset) -> Option<std::sync::Arc<Network>>,
) {
    let mut wrong = Vec::new();
    for (name, values) in pinned {
        let ruleset: AnyRuleset = name.parse().unwrap();
        let network = shipped(&ruleset).unwrap();
        let got = with_ruleset!(ruleset, |r| {
            let learned = Learned::with_network(r, network);
            [
                learned.equity(&Position::start(r)),
                learned.equity(&reached(r, 7, 40)),
                learned.equity(&reached(r, 11, 90)),
            ]
        });
        for (got, want) in got.iter().zip(values) {
            if (got - want).abs() >= 1e-9 {
                wrong.push(format!("{name}: {got:.9} against {want:.9}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

const PINNED_LARGE: [(&str, [f64; 3]); 7] = [
    ("kendall", [0.505946892, 0.504154534, 0.494702508]),
    ("temple", [0.499743450, 0.489139764, 0.517659848]),
    ("bell", [0.801159635, 0.802825077, 0.487545869]),
    ("classic", [0.507324397, 0.489494715, 0.521918523]),
    ("jequier", [0.548047921, 0.481411640, 0.517919285]),
    ("kendall1979", [0.503197787, 0.510337373, 0.501675965]),
    ("skyruk", [0.559197502, 0.533844821, 0.520998487]),
];

const PINNED: [(&str, [f64; 3]); 7] = [
    ("kendall", [0.505349128, 0.507676112, 0.500623776]),
    ("temple", [0.500909003, 0.484562254, 0.507533029]),
    ("bell", [0.789347890, 0.673584413, 0.518087106]),
    ("classic", [0.507142926, 0.488268661, 0.523221004]),
    ("jequier", [0.504854646, 0.495558260, 0.493761148]),
    ("kendall1979", [0.499502853, 0.505209548, 0.505501384]),
    ("skyruk", [0.510934993, 0.496012713, 0.581905597]),
];

#[test]
fn a_damaged_network_file_is_refused_with_its_reason() {
    let bytes = shipped("kendall");
    assert!(matches!(
        Network::from_bytes(&bytes[..7]),
        Err(NetworkError::Truncated { at: 7, .. })
    ));
    assert_eq!(
        Network::from_bytes(b"SENETODS...."),
        Err(NetworkError::NotANetwork)
    );
    assert!(matches!(
        Network::from_bytes(&bytes[..100]),
        Err(NetworkError::Truncated { .. })
    ));
    let mut version = bytes.clone();
    version[8] = 9;
    assert_eq!(
        Network::from_bytes(&version),
        Err(NetworkError::UnknownVersion { found: 9 })
    );
    let mut edited = bytes.clone();
    let last_weight = bytes.len() - 12;
    edited[last_weight] ^= 0x40;
    assert_eq!(Network::from_bytes(&edited), Err(NetworkError::Corrupt));
    let mut infinite = bytes.clone();
    infinite[last_weight..last_weight + 4].copy_from_slice(&f32::INFINITY.to_le_bytes());
    assert!(matches!(
        Network::from_bytes(&infinite),
        Err(NetworkError::NotFinite { at }) if at == last_weight
    ));
    let message = Network::from_bytes(&edited).unwrap_err().to_string();
    assert!(message.contains("checksum"), "{message}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Any bytes, and any damage to a real file, give a network or an
    /// error: never a panic.
    #[test]
    fn network_reading_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200),
                                    at in 0usize..12_100, value in any::<u8>()) {
        let _ = Network::from_bytes(&bytes);
        let mut real = shipped("bell");
        let at = at % real.len();
        real[at] = value;
        let _ = Network::from_bytes(&real);
        real.truncate(at);
        prop_assert!(Network::from_bytes(&real).is_err());
    }
}

#[test]
fn the_training_library_is_deterministic_and_learns() {
    let plan = Plan {
        games: 3_000,
        ..Plan::default()
    };
    let (network, report) = train(Kendall, &plan, |_| {}).unwrap();
    assert_eq!(report.games + report.cut, 3_000);
    assert_eq!(train(Kendall, &plan, |_| {}).unwrap().0, network);
    // Even 3,000 games teach it to beat a random mover clearly.
    let shared = std::sync::Arc::new(network);
    let duel = Duel::new(Kendall);
    let mut stats = DuelStats::default();
    for pair in 0..100 {
        let mut learned = Bot::with_network(Kendall, shared.clone(), Level::new(2).unwrap());
        let mut random = RandomAgent::new(pair);
        let result = duel
            .play_pair(&mut learned, &mut random, Seed::for_pair(5, pair))
            .unwrap();
        stats.record(&result);
    }
    assert!(stats.interval().0 > 0.6, "{:?}", stats);
}

#[test]
fn the_five_terms_see_the_board_from_the_thrower() {
    let eval = FiveTerms::new(Kendall);
    let start = Position::start(Kendall);
    let terms = eval.terms(&start);
    // At the start x's pieces stand one house further each (2..10 against 1..9).
    assert_eq!(terms[0], 5.0);
    assert_eq!(terms[1], 0.0);
    let later = reached(Kendall, 3, 60);
    let flipped = eval.terms(&later);
    let mover = later.side_to_throw();
    let progress = |side: Side| -> f64 {
        let board = later.board();
        let on: u32 = board
            .pieces(side)
            .into_iter()
            .map(|h| u32::from(h.number()))
            .sum();
        f64::from(on + 31 * u32::from(board.off(side)))
    };
    assert_eq!(flipped[0], progress(mover) - progress(mover.opponent()));
    let equity = eval.equity(&later);
    assert!(equity > 0.0 && equity < 1.0);
}

#[test]
fn the_baseline_is_a_two_throw_search_over_the_five_terms() {
    let mut baseline = Baseline::new(Kendall);
    let mut search = Search::new(
        FiveTerms::new(Kendall),
        SearchLimits {
            max_depth: 2,
            nodes: u64::MAX,
            table_bits: 0,
        },
    )
    .unwrap();
    for seed in 0..20 {
        let position = reached(Kendall, seed, 30);
        if position.is_over() {
            continue;
        }
        for roll in Kendall.dice().rolls() {
            let throw = senet::Throw::canonical(Kendall.dice(), roll).unwrap();
            let Ok(decision) = Decision::new(position, throw, &[]) else {
                continue;
            };
            let thought = baseline.think(&decision);
            assert_eq!(thought, search.think(&decision));
            assert_eq!(baseline.choose(&decision), thought.best());
            assert_eq!(thought.depth, 2);
        }
    }
    assert_eq!(Agent::<Kendall>::name(&baseline), "baseline");
}
