//! Save and resume: a record becomes the game it was made from, and throws
//! on exactly as the original would have; a record that cannot is refused.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::game::{ResumeError, Thrown};
use senet::rulesets::Kendall;
use senet::source::ScriptedThrows;
use senet::{AnyRuleset, Game, Record, Seed, Side};

/// Plays `throws` throws of random moves (choices from `choices`).
fn advance(game: &mut Game<AnyRuleset>, throws: usize, choices: &mut ChaCha8Rng) {
    for _ in 0..throws {
        if game.is_over() {
            return;
        }
        if let Thrown::ToPlay(_) = game.throw().unwrap() {
            let moves = game.legal_moves();
            game.play(moves[choices.next_u32() as usize % moves.len()])
                .unwrap();
        }
    }
}

#[test]
fn a_resumed_game_throws_on_as_the_original_would_have() {
    for ruleset in AnyRuleset::ALL {
        for (n, stop) in [0usize, 1, 7, 60, 5_000].into_iter().enumerate() {
            let seed = Seed::from_u64(100 + n as u64);
            let mut original = Game::seeded(ruleset, seed);
            let mut choices = ChaCha8Rng::seed_from_u64(n as u64);
            advance(&mut original, stop, &mut choices);
            // Saved as text, taken up again.
            let saved: Record = original.record().to_string().parse().unwrap();
            let mut resumed = Game::resume(&saved, ruleset).unwrap();
            assert_eq!(
                resumed.position(),
                original.position(),
                "{ruleset} after {stop}"
            );
            assert_eq!(resumed.history(), original.history(), "{ruleset}");
            assert_eq!(resumed.is_over(), original.is_over(), "{ruleset}");
            // Both go on identically: the same throws, the same moves.
            let mut a = ChaCha8Rng::seed_from_u64(99);
            let mut b = ChaCha8Rng::seed_from_u64(99);
            advance(&mut original, 40, &mut a);
            advance(&mut resumed, 40, &mut b);
            assert_eq!(
                resumed.history(),
                original.history(),
                "{ruleset} went on differently"
            );
            assert_eq!(resumed.record(), original.record());
        }
    }
}

#[test]
fn a_throw_thrown_but_not_played_is_thrown_again_the_same() {
    let mut original = Game::seeded(AnyRuleset::Kendall, Seed::from_u64(4));
    let throw = loop {
        if let Thrown::ToPlay(throw) = original.throw().unwrap() {
            break throw;
        }
    };
    // Saved with the throw waiting: the record holds only finished turns.
    let mut resumed = Game::resume(&original.record(), AnyRuleset::Kendall).unwrap();
    assert_eq!(resumed.current_throw(), None);
    assert_eq!(resumed.throw().unwrap(), Thrown::ToPlay(throw));
}

#[test]
fn a_resignation_resumes_as_a_finished_game() {
    let mut game = Game::seeded(Kendall, Seed::from_u64(8));
    for _ in 0..5 {
        if let Thrown::ToPlay(_) = game.throw().unwrap() {
            game.play(game.legal_moves()[0]).unwrap();
        }
    }
    game.resign(Side::O).unwrap();
    let resumed = Game::resume(&game.record(), Kendall).unwrap();
    assert!(resumed.is_over());
    assert_eq!(resumed.finish(), game.finish());
}

#[test]
fn records_that_cannot_resume_are_refused_with_the_reason() {
    // No seed.
    let rolls = [2, 3].map(|v| senet::Roll::new(v).unwrap());
    let mut unseeded = Game::new(AnyRuleset::Kendall, ScriptedThrows::from_rolls(rolls));
    for _ in 0..2 {
        if let Thrown::ToPlay(_) = unseeded.throw().unwrap() {
            unseeded.play(unseeded.legal_moves()[0]).unwrap();
        }
    }
    assert_eq!(unseeded.history().len(), 2);
    assert_eq!(
        Game::resume(&unseeded.record(), AnyRuleset::Kendall).unwrap_err(),
        ResumeError::NoSeed
    );
    // A roll that is not the seed's.
    let mut game = Game::seeded(AnyRuleset::Kendall, Seed::from_u64(2));
    advance(&mut game, 12, &mut ChaCha8Rng::seed_from_u64(1));
    let text = game.record().to_string();
    let first = game.history()[0].text().to_string();
    let roll = game.history()[0].roll().value();
    let other = if roll == 2 { 3 } else { 2 };
    let tampered = text.replacen(&format!("1. {first}"), &format!("1. {other}: -"), 1);
    let tampered: Record = tampered.parse().unwrap();
    assert!(matches!(
        Game::resume(&tampered, AnyRuleset::Kendall),
        Err(ResumeError::Replay(_))
    ));
    // Another ruleset than the record's.
    assert!(matches!(
        Game::resume(&game.record(), AnyRuleset::Temple),
        Err(ResumeError::Replay(_))
    ));
}
