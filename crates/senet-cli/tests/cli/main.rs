//! The `senet` command as a person (or a script) uses it: the built
//! binary run with arguments and input, its output, stderr and exit code
//! checked; game counts are kept small.
//!
//! The contract: usage errors are one line on stderr (less than 200
//! bytes, no panic, naming the option and its range) with exit code 2;
//! `replay` of an invalid record and `moves --check` of an illegal move
//! exit with 1; a closed output ends the command quietly with 141.
//! Hostile inputs to the command, one kind of attack each, are in
//! [`hostile`].

mod arguments;
mod endgame_error;
mod hostile;
mod review;
mod rules_files;
mod subcommands;
mod training;

use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use senet::game::Finish;
use senet::{Record, Seed, Side};
use senet_bot::train::{Plan, train};
use senet_bot::{FEATURES, Network};

/// Runs `senet` with these arguments and no input.
pub fn senet(args: &[OsString]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_senet"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the command starts")
}

pub fn os(args: &[&str]) -> Vec<OsString> {
    args.iter().map(Into::into).collect()
}

/// Runs `senet` with `args`, `input` on its standard input.
pub fn senet_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_senet"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let mut stdin = child.stdin.take().unwrap();
    // Ignore a closed pipe: the game may end before its input does.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("the command runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Checks a refusal: the exit code, and one line on stderr of less than
/// 200 bytes with no panic in it.
pub fn assert_refusal(args: &[OsString], code: i32, output: &Output) {
    let said = stderr(output);
    let shown: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().chars().take(40).collect())
        .collect();
    assert_eq!(output.status.code(), Some(code), "{shown:?}: stderr {said}");
    assert!(!said.contains("panicked"), "{shown:?}: {said}");
    assert!(
        said.ends_with('\n') && said.matches('\n').count() == 1,
        "{shown:?}: not one line: {said:?}"
    );
    assert!(said.len() < 200, "{shown:?}: {} bytes: {said}", said.len());
}

/// Runs `senet` with `good` and `extra`, and checks that it refuses them
/// with exit code 2 and one line that says every one of `expected`,
/// having printed nothing.
fn assert_refused_saying(good: &[&str], extra: &[&str], expected: &[&str]) {
    let mut args = os(good);
    args.extend(os(extra));
    let output = senet(&args);
    assert_refusal(&args, 2, &output);
    let said = stderr(&output);
    assert!(said.starts_with("error: "), "{good:?} {extra:?}: {said}");
    for part in expected {
        assert!(
            said.contains(part),
            "{good:?} {extra:?}: expected {part:?} in {said}"
        );
    }
    assert!(
        output.stdout.is_empty(),
        "{good:?} {extra:?}: printed before refusing"
    );
}

/// A scratch file for one test.
pub fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("senet-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}
