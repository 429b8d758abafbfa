//! Every built-in ruleset's rules are reachable from the public trait
//! alone: a type declared in this crate, whose `Ruleset` impl forwards
//! the public hooks and nothing else, is no built-in ruleset to the crate
//! (its landing answers are checked, its tables derived from its hooks),
//! and yet plays every built-in's games exactly: the same perft, the same
//! moves in the same order, the same positions after each of them.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use senet::playout::playout;
use senet::{AnyRuleset, Position, Ruleset, Setup, perft};

/// A built-in ruleset seen only through its public hooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Outside(AnyRuleset);

/// `Ruleset` for [`Outside`], every hook of the crate's one list
/// forwarded (the provided ones too), so that none is left to its default.
macro_rules! forward_every_hook {
    (
        {}
        fixed { $( fn $fixed:ident() -> $fixed_answer:ty; )* }
        asked { $( fn $asked:ident( $( $arg:ident : $arg_ty:ty ),* ) -> $asked_answer:ty; )* }
    ) => {
        impl Ruleset for Outside {
            $( fn $fixed(&self) -> $fixed_answer { self.0.$fixed() } )*
            $( fn $asked(&self, $( $arg: $arg_ty ),*) -> $asked_answer { self.0.$asked($( $arg ),*) } )*
        }
    };
}

senet::__each_hook!((forward_every_hook) {});

/// Each built-in ruleset beside its outside view.
fn pairs() -> [(AnyRuleset, Outside); 7] {
    AnyRuleset::ALL.map(|ruleset| (ruleset, Outside(ruleset)))
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
