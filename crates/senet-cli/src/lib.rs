//! The `senet` command: one binary for what the examples used to do, a
//! subcommand each (`senet game`, `senet play`, `senet perft`...). The
//! arguments are read by `cli`, each subcommand lives in `cmd`, and every
//! failure ends in [`main`], as an exit code and one line on stderr.
//!
//! A library so that its public parts are documented and their examples
//! compiled and run with the tests: [`terminal`], a game against a bot as
//! a conversation over any input and output, for the `play` subcommand
//! and for other front ends. The binary, `senet`, is [`main`] alone.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

mod cli;
mod cmd;
mod fail;
pub mod terminal;

/// The `senet` command: reads the process's arguments, runs the
/// subcommand on standard output, and says how it went as the exit code
/// (see `senet --help`).
pub fn main() -> ExitCode {
    let command = match cli::parse(std::env::args_os().collect()) {
        Ok(command) => command,
        Err(code) => return code,
    };
    // One locked, buffered stdout for the whole run; flushed at the end
    // whatever happened, so that what was said before a failure is kept.
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let result = cmd::run(command, &mut out);
    let flushed = out.flush().map_err(fail::Fail::Write);
    fail::exit(result.and(flushed))
}
