//! The bot crate's integration tests, gathered in one binary so that the
//! crate links once.

mod counting;

mod alloc;
mod bots;
mod duel_records;
mod hostile;
mod learned;
mod review;
mod serde_forms;
mod shipped;
mod study;
mod tables;
mod tune;
mod user_ruleset;
