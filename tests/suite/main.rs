//! The rules library's integration tests, gathered in one binary so that
//! the crate and its test dependencies link once (and `cargo test` builds
//! one test program, not thirty). Each module is one subject; helpers
//! shared between them are in `common` and `reference`, and the one
//! global allocator, which counts, in `counting`.

mod common;
mod counting;
mod reference;

mod alloc;
mod banks;
mod effects;
mod entries;
mod every_hook;
mod game;
mod hooks;
mod hostile;
mod notation;
mod perft;
mod positions;
mod properties;
mod record_tags;
mod records;
mod reference_agreement;
mod replay_tampering;
mod resume;
mod roundtrip;
mod rules_bell;
mod rules_classic;
mod rules_file_memory;
mod rules_jequier;
mod rules_kendall;
mod rules_kendall1979;
mod rules_skyruk;
mod rules_temple;
mod serde_json;
mod throw_vectors;
mod typed_moves;
mod user_ruleset;
mod waits_and_lost_turns;
