//! The copy of Kendall written outside the crate plays the built-in's
//! games exactly, as written and as `Rules`: the same perft from the start
//! and from mid-game positions, the same moves in the same order, and the
//! same random games. It is no built-in for all that.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use senet::Rules;
use senet::playout::playout;
use senet::rulesets::Kendall;
use senet::{AnyRuleset, Position, Ruleset, Setup, perft};
use senet_downstream::KendallCopy;

/// The start, then where seeded random games of the built-in stand after
/// 10, 40, 80 and 120 throws.
fn positions() -> Vec<Position<Kendall>> {
    let mut found = vec![Position::start(Kendall)];
    for seed in 0..15 {
        for throws in [10, 40, 80, 120] {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let game = playout(&Position::start(Kendall), &mut rng, throws);
            if !game.end.is_over() {
                found.push(game.end);
            }
        }
    }
    found
}

/// The same board and side under another ruleset.
fn as_ruleset<R: Ruleset>(position: &Position<Kendall>, ruleset: R) -> Position<R> {
    Setup::from(position)
        .position(ruleset)
        .unwrap_or_else(|error| panic!("{position}: {error}"))
}

#[test]
fn the_copy_counts_the_built_ins_perft_as_written_and_as_rules() {
    let compiled = Rules::new(KendallCopy).expect("a valid ruleset");
    for (i, position) in positions().iter().enumerate() {
        let depth = if i == 0 { 4 } else { 3 };
        let expected = perft(position, depth);
        assert_eq!(
            perft(&as_ruleset(position, KendallCopy), depth),
            expected,
            "{position}"
        );
        assert_eq!(
            perft(&as_ruleset(position, compiled), depth),
            expected,
            "{position}"
        );
    }
}

#[test]
fn the_copy_lists_the_built_ins_moves_in_its_order() {
    let compiled = Rules::new(KendallCopy).expect("a valid ruleset");
    for position in positions() {
        let copy = as_ruleset(&position, compiled);
        for roll in Kendall.dice().rolls() {
            let built_in: Vec<String> = position
                .moves(roll)
                .iter()
                .map(|mv| position.notation(mv).to_string())
                .collect();
            let copied: Vec<String> = copy
                .moves(roll)
                .iter()
                .map(|mv| copy.notation(mv).to_string())
                .collect();
            assert_eq!(copied, built_in, "{position} {roll:?}");
        }
    }
}

#[test]
fn the_copy_plays_the_built_ins_random_games() {
    let compiled = Position::start(Rules::new(KendallCopy).expect("a valid start"));
    let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(1), ChaCha8Rng::seed_from_u64(1));
    for _ in 0..200 {
        let built_in = playout(&Position::start(Kendall), &mut a, 100_000);
        let copy = playout(&compiled, &mut b, 100_000);
        assert_eq!(copy.throws, built_in.throws);
        assert_eq!(copy.outcome(), built_in.outcome());
    }
}

#[test]
fn the_copy_is_no_built_in() {
    assert_eq!(AnyRuleset::of(&KendallCopy), None);
    assert_eq!(
        AnyRuleset::of(&Rules::new(KendallCopy).expect("a valid ruleset")),
        None
    );
    assert_eq!(
        Rules::new(KendallCopy)
            .expect("a valid ruleset")
            .get::<KendallCopy>(),
        Some(&KendallCopy)
    );
}
