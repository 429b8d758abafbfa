//! The bot crate's integration tests, gathered in one binary so that the
//! crate links once.

mod alloc;
mod bots;
mod counting;
mod duel_records;
mod hostile;
mod learned;
mod study;
mod tables;
mod tune;
mod user_ruleset;
