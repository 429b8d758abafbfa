//! A duel's game records its seed and verifies.

use senet::replay::Checked;
use senet::source::SeededThrows;
use senet::{AnyRuleset, Record, Seed};
use senet_bot::{Duel, RandomAgent};

#[test]
fn a_duel_from_a_fresh_seeded_source_records_its_seed() {
    let seed = Seed::from_u64(5);
    for ruleset in AnyRuleset::ALL {
        let duel = Duel::new(ruleset).with_max_throws(400);
        let (mut a, mut b) = (RandomAgent::new(1), RandomAgent::new(2));
        let played = duel.play(&mut a, &mut b, SeededThrows::new(seed)).unwrap();
        let record = played.record();
        assert_eq!(record.seed(), Some(seed), "{ruleset}");
        let verdict = record
            .to_string()
            .parse::<Record>()
            .unwrap()
            .verify()
            .unwrap();
        assert_eq!(verdict.checked(), Checked::SeedAndRules, "{ruleset}");
        assert!(!verdict.history().is_empty());
    }
}
