//! Arbitrary text as a game record: parsing never panics; a record that
//! parses prints back byte for byte and parses to the same record; and
//! verifying it (under the ruleset it names, and under every built-in
//! ruleset) never panics. A record that verifies ends in a position that
//! prints and parses back, and its throws replay to the same verdict.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use senet::{AnyRuleset, Record};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = text.parse::<Record>() else {
        return;
    };
    let printed = record.to_string();
    assert_eq!(printed, text, "a parsed record prints otherwise");
    assert_eq!(printed.parse::<Record>().as_ref(), Ok(&record));
    match record.verify() {
        Ok(verdict) => {
            assert!(verdict.is_valid());
            assert!(verdict.problem().is_none());
            common::check_round_trip(verdict.position());
            assert_eq!(verdict.history().len(), record.throws().len());
            assert_eq!(verdict.finish(), record.finish());
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
    for ruleset in AnyRuleset::ALL {
        let verdict = record.replay_with(ruleset);
        let _ = verdict.to_string();
        common::check_round_trip(verdict.position());
        assert!(verdict.history().len() <= record.throws().len());
        assert_eq!(verdict.is_valid(), verdict.problem().is_none());
        if ruleset.to_string() != record.ruleset() {
            assert!(
                !verdict.is_valid(),
                "a record verified under another ruleset"
            );
        }
    }
});
