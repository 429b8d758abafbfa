//! The `senet` command.

#![forbid(unsafe_code)]

mod terminal;

fn main() {}
