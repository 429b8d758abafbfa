//! Every built-in ruleset's rules are reachable from the public trait
//! alone: an enum declared in this crate, whose `Ruleset` impl forwards
//! the public hooks and nothing else (`ruleset_enum!`), is no built-in
//! ruleset to the crate (its landing answers are checked, its tables
//! derived from its hooks), and yet plays every built-in's games exactly:
//! the same perft, the same moves in the same order, the same positions
//! after each of them.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use senet::playout::playout;
use senet::rulesets::{Bell, Classic, Jequier, Kendall, Kendall1979, Skyruk, Temple};
use senet::{AnyRuleset, Position, Ruleset, Setup, perft, ruleset_enum};

ruleset_enum! {
    /// The seven built-in rulesets, seen only through their public hooks.
    enum Outside {
        /// Kendall.
        Kendall(Kendall),
        /// Temple.
        Temple(Temple),
        /// Bell.
        Bell(Bell),
        /// Classic.
        Classic(Classic),
        /// Jéquier.
        Jequier(Jequier),
        /// Kendall 1979.
        Kendall1979(Kendall1979),
        /// Skyruk.
        Skyruk(Skyruk),
    }
}

/// Each built-in ruleset beside its outside view.
fn pairs() -> [(AnyRuleset, Outside); 7] {
    [
        (AnyRuleset::Kendall, Outside::Kendall(Kendall)),
        (AnyRuleset::Temple, Outside::Temple(Temple)),
        (AnyRuleset::Bell, Outside::Bell(Bell)),
        (AnyRuleset::Classic, Outside::Classic(Classic)),
        (AnyRuleset::Jequier, Outside::Jequier(Jequier)),
        (AnyRuleset::Kendall1979, Outside::Kendall1979(Kendall1979)),
        (AnyRuleset::Skyruk, Outside::Skyruk(Skyruk)),
    ]
}

/// The start, then where seeded random games stand after 10 to 120 throws.
fn positions(ruleset: AnyRuleset) -> Vec<Position<AnyRuleset>> {
    let start = Position::start(ruleset);
    let mut found = vec![start];
    for seed in 0..8 {
        for throws in [10, 40, 80, 120] {
            let game = playout(&start, &mut ChaCha8Rng::seed_from_u64(seed), throws);
            if !game.end.is_over() {
                found.push(game.end);
            }
        }
    }
    found
}

/// Each legal move of `roll` in `position`, written, with the position
/// it leads to.
fn played<R: Ruleset>(position: &Position<R>, roll: senet::Roll) -> Vec<(String, String)> {
    position
        .moves(roll)
        .iter()
        .map(|mv| {
            let after = position.play(mv).expect("a legal move");
            (position.notation(mv).to_string(), after.to_string())
        })
        .collect()
}

#[test]
fn the_outside_view_is_no_built_in() {
    for (_, outside) in pairs() {
        assert_eq!(AnyRuleset::of(&outside), None, "{}", outside.name());
    }
}

#[test]
fn every_built_in_plays_the_same_through_its_public_hooks() {
    for (built_in, outside) in pairs() {
        for (i, position) in positions(built_in).into_iter().enumerate() {
            let seen = Setup::from(&position)
                .position(outside)
                .unwrap_or_else(|error| panic!("{built_in}: {position}: {error}"));
            assert_eq!(seen.to_string(), position.to_string());
            let depth = if i == 0 { 3 } else { 2 };
            assert_eq!(
                perft(&seen, depth),
                perft(&position, depth),
                "{built_in}: {position}"
            );
            for roll in built_in.dice().rolls() {
                let (expected, found) = (played(&position, roll), played(&seen, roll));
                assert_eq!(found, expected, "{built_in}: {position}, {roll:?}");
            }
        }
    }
}
