//! Arbitrary text as a position string, for every ruleset: parsing never
//! panics, and text that parses prints back exactly as it was written
//! (the form is canonical) and parses back to the same position. A
//! parsed position need not be reachable, so it also goes through every
//! check of `common::check_position` (moves, lost throws, notation).
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use senet::{AnyRuleset, Position, Ruleset};

fn check<R: Ruleset>(ruleset: R, text: &str) -> bool {
    let Ok(position) = Position::parse(ruleset, text) else {
        return false;
    };
    assert_eq!(
        position.to_string(),
        text,
        "a parsed string prints otherwise"
    );
    common::check_position(&position);
    true
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        // Invalid UTF-8 never reaches the parser (it takes &str); still,
        // the lossy text must not panic it.
        let lossy = String::from_utf8_lossy(data);
        for ruleset in AnyRuleset::ALL {
            assert!(Position::parse(ruleset, &lossy).is_err() || lossy.is_ascii());
        }
        return;
    };
    // Each built-in ruleset's concrete type, in the order of the crate's
    // one list of them, which is also `AnyRuleset::ALL`'s.
    macro_rules! concrete {
        ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {
            [$(check(senet::rulesets::$ty, text)),*]
        };
    }
    let concrete = senet::for_each_builtin!(concrete);
    // A ruleset with waits and lost turns: the fifth field.
    check(common::water_rules(), text);
    // A ruleset with pieces in hand: fewer pieces on the board.
    check(common::entering_rules(), text);
    // A ruleset whose throws are banked: the bank in the fifth field.
    check(common::booklet_rules(), text);
    for (ruleset, parsed) in AnyRuleset::ALL.into_iter().zip(concrete) {
        // The run-time ruleset accepts exactly what its concrete one does.
        assert_eq!(
            Position::parse(ruleset, text).is_ok(),
            parsed,
            "{ruleset} disagrees with its concrete type on {text:?}"
        );
    }
});
