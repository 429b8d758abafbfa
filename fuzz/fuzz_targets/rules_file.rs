//! Arbitrary text as a rules file: reading never panics, an error names
//! what is wrong, and a file that reads is a ruleset whose start and
//! moves hold every check of `common::check_position`, through a few
//! random games.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use senet::Position;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match senet_rules_file::from_toml(&text) {
        Err(error) => assert!(!error.to_string().is_empty(), "an empty error"),
        Ok(rules) => {
            let start = Position::start(rules);
            common::check_position(&start);
        }
    }
});
