//! Verifies a game record: `cargo run --example replay -- FILE`.
//!
//! Every roll is checked against the record's seed and every move against
//! the rules (`senet replay FILE` does the same, with the board). Exit
//! code 0 when the record is valid, 1 when it is not, 2 when FILE cannot
//! be read. Write a record with
//! `senet game --seed 42 --record game.txt` (`crates/senet-cli`).

use std::process::ExitCode;

use senet::Record;

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: replay FILE");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let verdict = text
        .parse::<Record>()
        .map_err(|e| e.to_string())
        .and_then(|record| record.verify().map_err(|e| e.to_string()));
    match verdict {
        Ok(verdict) => {
            println!("position: {}", verdict.position());
            println!("verdict: {verdict}");
            ExitCode::SUCCESS
        }
        Err(problem) => {
            eprintln!("invalid: {}", problem.escape_debug());
            ExitCode::from(1)
        }
    }
}
