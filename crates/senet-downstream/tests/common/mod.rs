//! Helpers shared by this crate's tests of the repository's rules files:
//! those of the `senet` package's test suite (`tests/suite/common`, by
//! `#[path]`, as the other tests here include it), and the files of
//! `rules/` read.
#![allow(dead_code)]

#[path = "../../../../tests/suite/common/mod.rs"]
mod suite;

pub use suite::*;

use senet::Rules;

/// The repository's rules file `rules/NAME.toml`, read.
pub fn repo_rules(name: &str) -> Rules {
    let path = format!("{}/../../rules/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    senet_rules_file::read(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}
