//! The `senet` command: one binary for what the examples used to do, a
//! subcommand each (`senet game`, `senet play`, `senet perft`...). The
//! arguments are read by [`cli`], each subcommand lives in [`cmd`], and
//! every failure ends here, as an exit code and one line on stderr.

#![forbid(unsafe_code)]

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

mod cli;
mod cmd;
mod fail;
mod terminal;

fn main() -> ExitCode {
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
