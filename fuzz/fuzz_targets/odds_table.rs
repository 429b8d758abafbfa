//! Arbitrary bytes as an odds table file: reading never panics, and a file
//! that is accepted gives the same bytes back and a value in [0, 1] (or
//! none) for every position it is asked about.
#![no_main]

use libfuzzer_sys::fuzz_target;
use senet_odds::Table;
use senet::Position;
use senet::rulesets::{Bell, CheckedRuleset, Kendall};

fn check<R: CheckedRuleset>(ruleset: R, data: &[u8]) {
    let Ok(table) = Table::from_bytes(ruleset, data) else {
        return;
    };
    assert_eq!(table.to_bytes(), data, "an accepted table writes back otherwise");
    for (position, share) in table.iter().take(64) {
        assert!((0.0..=1.0).contains(&share), "{position}: {share}");
        assert_eq!(table.probe(&position), Some(share));
    }
    let _ = table.probe(&Position::start(ruleset));
}

fuzz_target!(|data: &[u8]| {
    check(Kendall, data);
    check(Bell, data);
});
