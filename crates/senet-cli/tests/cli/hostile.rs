//! Hostile input to the command: each kind of attack, as the command
//! meets it. Limits on memory are checked by the refusal up front (its
//! exit code and the figure in its message), not by measuring memory.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use senet::rulesets::Kendall;
use senet_odds::{HOLE, Table};

use super::{assert_refusal, os, scratch, senet, senet_with_input, stderr, stdout};

/// A scratch folder of its own for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("senet-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> String {
    path.to_str().unwrap().to_owned()
}

/// Runs `senet` with `args`, its standard output `/dev/full`.
#[cfg(target_os = "linux")]
fn into_full_disk(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_senet"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap()
}

/// Runs `senet` with `args`, its standard output a pipe whose reading
/// end is closed before it starts (so its first write fails, however
/// short the output).
pub fn into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_senet"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .output()
        .unwrap()
}

/// A Kendall bound-1 table with every value forged by `forge` and its
/// checksum recomputed (FNV-1a over all but the last 8 bytes).
fn forged_table(forge: impl Fn(u32) -> u32) -> Vec<u8> {
    let mut bytes = Table::solve(Kendall, 1).unwrap().to_bytes();
    let end = bytes.len() - 8;
    for word in bytes[34..end].chunks_exact_mut(4) {
        let value = u32::from_le_bytes((&*word).try_into().unwrap());
        word.copy_from_slice(&forge(value).to_le_bytes());
    }
    let sum = bytes[..end]
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |hash, &b| {
            (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    bytes[end..].copy_from_slice(&sum.to_le_bytes());
    bytes
}

/// A valid record of a short seeded game, written by `senet game`.
fn record_file(dir: &Path) -> PathBuf {
    let path = dir.join("game.txt");
    let made = senet(&os(&["game", "--seed", "3", "--record", &text(&path)]));
    assert_eq!(made.status.code(), Some(0), "{}", stderr(&made));
    path
}

/// A table read from a device or a pipe that never ends is
/// refused at its first bytes, or at the size its header announces;
/// never read until memory runs out.
#[test]
#[cfg(target_os = "linux")]
fn row_1_endless_table_files_are_refused_by_bytes_read() {
    for args in [
        &["odds", "--verify", "--tables", "/dev/zero"][..],
        &["odds", "--check", "10", "--tables", "/dev/zero"],
        &["play", "--tables", "/dev/zero"],
        &[
            "duel",
            "--a",
            "level:2",
            "--b",
            "random",
            "--games",
            "2",
            "--a-tables",
            "/dev/zero",
        ],
    ] {
        let output = senet(&os(args));
        assert_refusal(&os(args), 2, &output);
        assert!(
            stderr(&output).contains("not a senet odds table"),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    // A FIFO fed a good table and then zeros without end: read up to the
    // header's size and one byte more, and refused for it.
    let dir = folder("fifo");
    let fifo = dir.join("table");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let feed = fifo.clone();
    let writer = std::thread::spawn(move || {
        let mut pipe = std::fs::OpenOptions::new().write(true).open(feed).unwrap();
        let _ = pipe.write_all(&Table::solve(Kendall, 1).unwrap().to_bytes());
        let zeros = vec![0u8; 1 << 16];
        // Until the reader closes its end (at most a few bytes more).
        while pipe.write_all(&zeros).is_ok() {}
    });
    let args = os(&["odds", "--verify", "--tables", &text(&fifo)]);
    let output = senet(&args);
    writer.join().unwrap();
    assert_refusal(&args, 2, &output);
    assert!(
        stderr(&output).contains("bytes after its end"),
        "{}",
        stderr(&output)
    );
}

/// An argument that is not UTF-8 is a usage error, not a panic.
#[test]
#[cfg(unix)]
fn row_2_an_argument_not_utf8_is_refused() {
    use std::os::unix::ffi::OsStringExt;
    for at in [1, 2, 4] {
        let mut args = os(&["train", "--ruleset", "kendall", "--out", "x"]);
        args[at] = OsString::from_vec(vec![b'a', 0xff, b'z']);
        let output = senet(&args);
        assert_refusal(&args, 2, &output);
        if at > 1 {
            assert!(stderr(&output).contains("UTF-8"), "{}", stderr(&output));
        }
    }
}

/// A table whose checksum was recomputed over forged
/// values (every value a hole; random values where positions are) is
/// refused on load, before `--check`, `--verify` or a probe uses it.
#[test]
fn rows_3_and_14_forged_tables_are_refused_on_load() {
    let holes = scratch("holes.odds", &forged_table(|_| HOLE));
    let random = scratch(
        "random.odds",
        &forged_table(|v| {
            if v == HOLE {
                v
            } else {
                v.wrapping_mul(2_654_435_761) % HOLE
            }
        }),
    );
    for file in [&holes, &random] {
        let file = text(file);
        for args in [
            &["odds", "--check", "10", "--tables", &file][..],
            &["odds", "--verify", "--tables", &file],
            &[
                "odds",
                "--position",
                "o........................x.... x 4 4",
                "--tables",
                &file,
            ],
        ] {
            let output = senet(&os(args));
            assert_refusal(&os(args), 2, &output);
            assert!(
                stderr(&output).contains("the table does not hold together"),
                "{args:?}: {}",
                stderr(&output)
            );
            assert!(output.stdout.is_empty(), "{args:?}: {}", stdout(&output));
        }
    }
}

/// The subcommands that print, with small arguments, and a record for
/// `replay` in `dir`.
fn printers(dir: &Path) -> Vec<Vec<String>> {
    let record = text(&record_file(dir));
    let weights = text(&dir.join("w.txt"));
    let network = text(&dir.join("n.net"));
    let lists: [&[&str]; 10] = [
        &["perft", "--depth", "2", "--divide"],
        &["moves", "--roll", "1"],
        &["playouts", "--games", "10"],
        &[
            "duel", "--a", "random", "--b", "random", "--games", "2", "--timing",
        ],
        &["replay", &record, "--throws"],
        &[
            "study",
            "--ruleset",
            "bell",
            "--games",
            "2",
            "--bot-games",
            "1",
        ],
        &["think-time", "--games", "1", "--levels", "1"],
        &[
            "tune", "--games", "20", "--sample", "1", "--rounds", "1", "--out", &weights,
        ],
        &[
            "train",
            "--ruleset",
            "bell",
            "--games",
            "1",
            "--out",
            &network,
        ],
        &["game", "--seed", "2"],
    ];
    lists
        .iter()
        .map(|l| l.iter().map(|s| (*s).to_owned()).collect())
        .collect()
}

/// A full disk is one line and exit code 1, a closed pipe a quiet
/// exit 141, for every subcommand that prints; never a panic.
#[test]
fn row_4_output_failures_are_reported_not_panics() {
    let dir = folder("printers");
    for args in printers(&dir) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let closed = into_closed_pipe(&args);
        assert_eq!(
            closed.status.code(),
            Some(141),
            "{args:?}: {}",
            stderr(&closed)
        );
        assert!(!stderr(&closed).contains("panicked"), "{args:?}");
        assert!(
            !stderr(&closed).contains("error"),
            "{args:?}: {}",
            stderr(&closed)
        );
        #[cfg(target_os = "linux")]
        {
            let full = into_full_disk(&args);
            assert_eq!(full.status.code(), Some(1), "{args:?}: {}", stderr(&full));
            let said = stderr(&full);
            let last = said.lines().last().unwrap_or_default();
            assert!(
                last.starts_with("error: cannot write the output: No space left"),
                "{args:?}: {said}"
            );
            assert!(!said.contains("panicked"), "{args:?}: {said}");
        }
    }
}

/// Control characters, a huge value, a repeated option and a seed
/// with a sign are each refused in one short line with no raw control
/// character in it.
#[test]
fn row_9_hostile_arguments_get_one_short_escaped_line() {
    let huge = "k".repeat(130_000);
    let cases: [&[&str]; 5] = [
        &["train", "--ruleset", "ke\u{1b}[31mndall\u{7}", "--out", "x"],
        &[
            "train",
            "--ruleset",
            "kendall",
            "--out",
            "x",
            "--games",
            "\u{1b}]0;pwned\u{7}",
        ],
        &["train", "--ruleset", &huge, "--out", "x"],
        &["train", "--ruleset", "kendall", "--out", "x", "--out", "y"],
        &[
            "train",
            "--ruleset",
            "kendall",
            "--out",
            "x",
            "--seed",
            "+4",
        ],
    ];
    for args in cases {
        let output = senet(&os(args));
        assert_refusal(&os(args), 2, &output);
        let said = stderr(&output);
        assert!(
            !said.trim_end().chars().any(char::is_control),
            "{:?}",
            said.chars().take(80).collect::<String>()
        );
    }
    let repeated = senet(&os(cases[3]));
    assert!(stderr(&repeated).contains("cannot be used multiple times"));
}

/// `game --record` into a full disk writes the record all the
/// same and ends with an error; `play` says its output failed.
#[test]
#[cfg(target_os = "linux")]
fn row_11_a_full_output_loses_no_record_silently() {
    let dir = folder("full");
    let record = dir.join("r.txt");
    let args = ["game", "--seed", "5", "--record", &text(&record)];
    let output = into_full_disk(&args);
    assert_refusal(&os(&args), 1, &output);
    assert!(stderr(&output).starts_with("error: cannot write the output"));
    let replayed = senet(&os(&["replay", &text(&record)]));
    assert_eq!(replayed.status.code(), Some(0), "{}", stderr(&replayed));

    let played = dir.join("p.txt");
    let args = ["play", "--seed", "5", "--record", &text(&played)];
    let mut child = Command::new(env!("CARGO_BIN_EXE_senet"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(b"resign\n");
    let output = child.wait_with_output().unwrap();
    assert_refusal(&os(&args), 1, &output);
    assert!(stderr(&output).starts_with("error: cannot write the output"));
    // It failed on its first print, before any game: no record, and no
    // empty file left by the check of its path.
    assert!(!played.exists(), "an empty record was left behind");
}

/// An output path that is a folder, or whose folder does not
/// exist, is refused before any work (nothing printed), and no folder is
/// made.
#[test]
fn row_12_output_paths_are_checked_before_the_work() {
    let dir = folder("paths");
    let here = text(&dir);
    let missing = text(&dir.join("no/such/file"));
    let file = text(&dir.join("a-file"));
    std::fs::write(&file, b"").unwrap();
    for out in [&here, &missing] {
        let cases: [&[&str]; 7] = [
            &["train", "--ruleset", "kendall", "--out", out],
            &["odds", "--build", "2", "--out", out],
            &["tune", "--games", "100000", "--out", out],
            &["play", "--record", out],
            &["play", "--svg", out],
            &["game", "--seed", "1", "--record", out],
            &["game", "--seed", "1", "--svg", out],
        ];
        for args in cases {
            let output = senet_with_input(args, b"resign\n");
            assert_refusal(&os(args), 2, &output);
            assert!(
                stderr(&output).starts_with("error: cannot write"),
                "{args:?}: {}",
                stderr(&output)
            );
            assert!(output.stdout.is_empty(), "{args:?}: {}", stdout(&output));
        }
    }
    for svg in [&file, &missing] {
        let args = ["study", "--games", "100000", "--svg", svg];
        let output = senet(&os(&args));
        assert_refusal(&os(&args), 2, &output);
        assert!(output.stdout.is_empty(), "{}", stdout(&output));
    }
    assert!(!dir.join("no").exists(), "a folder was made");
}

/// A path with control characters is shown escaped when the
/// command says what it wrote.
#[test]
#[cfg(unix)]
fn row_15_paths_printed_on_success_are_escaped() {
    let dir = folder("escape");
    let record = dir.join("r\u{1b}[2J.txt");
    let output = senet(&os(&["game", "--seed", "4", "--record", &text(&record)]));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let said = stdout(&output);
    let line = said
        .lines()
        .find(|l| l.starts_with("record written to"))
        .unwrap();
    assert!(line.ends_with("r\\u{1b}[2J.txt"), "{line:?}");
    assert!(record.exists());
}

/// A network whose finite weights could overflow its sums (its
/// equity NaN) is refused when `duel` reads it, naming the byte.
#[test]
fn row_13_a_network_that_could_overflow_is_refused() {
    let mut bytes = senet_bot::Network::zero().to_bytes("kendall");
    let end = bytes.len() - 8;
    let first = end - 4 * (senet_bot::INPUTS * senet_bot::HIDDEN + 2 * senet_bot::HIDDEN + 1);
    for weight in bytes[first..end].chunks_exact_mut(4) {
        weight.copy_from_slice(&3.0e37f32.to_le_bytes());
    }
    let sum = bytes[..end]
        .iter()
        .fold(0xcbf2_9ce4_8422_2325u64, |hash, &b| {
            (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
    bytes[end..].copy_from_slice(&sum.to_le_bytes());
    let file = scratch("overflow.net", &bytes);
    let agent = format!("greedy@{}", text(&file));
    let args = os(&["duel", "--a", &agent, "--b", "random", "--games", "2"]);
    let output = senet(&args);
    assert_refusal(&args, 2, &output);
    assert!(
        stderr(&output).contains("could overflow"),
        "{}",
        stderr(&output)
    );
}

/// Checks a refusal up front for memory: exit 2, nothing printed, and
/// the message gives the figure and names `--max-memory`.
fn assert_refused_for_memory(args: &[&str], figure: &str) {
    let output = senet(&os(args));
    assert_refusal(&os(args), 2, &output);
    let said = stderr(&output);
    assert!(said.contains(figure), "{args:?}: {said}");
    assert!(
        said.contains("over --max-memory 4.0 GiB"),
        "{args:?}: {said}"
    );
    assert!(output.stdout.is_empty(), "{args:?}: {}", stdout(&output));
}

/// Commands whose memory grows with their arguments
/// state it before they start and refuse past the limit (4 GiB by
/// default); `--max-memory` moves the limit both ways.
#[test]
fn rows_6_8_15_memory_is_stated_and_refused_up_front() {
    // 8 threads × 2 agents × 2^24 slots × 28 bytes.
    assert_refused_for_memory(
        &[
            "duel",
            "--a",
            "search:2:100:24",
            "--b",
            "search:2:100:24",
            "--threads",
            "8",
            "--games",
            "16",
        ],
        "need 7.0 GiB (7516192768 bytes)",
    );
    // A pilot measures the positions a game keeps.
    assert_refused_for_memory(&["tune", "--games", "100000", "--sample", "1"], "GiB");
    // Bell's bound 3, solved or built; study's lengths.
    assert_refused_for_memory(
        &[
            "odds",
            "--ruleset",
            "bell",
            "--bound",
            "3",
            "--position",
            "x",
        ],
        "solving bell bound 3: 1998370962 slots × 12 bytes need 22.3 GiB",
    );
    assert_refused_for_memory(
        &[
            "odds",
            "--ruleset",
            "bell",
            "--build",
            "3",
            "--out",
            "/dev/null",
        ],
        "22.3 GiB",
    );
    // The study counts games per length: its need does not grow with
    // the games, only with the rulesets and threads (7 × 3 + 1 tallies).
    for games in ["1", "1000000000"] {
        let args = os(&["study", "--games", games, "--max-memory", "1M"]);
        let output = senet(&args);
        assert_refusal(&args, 2, &output);
        let said = stderr(&output);
        assert!(
            said.contains(
                "22 tallies' length counts × 1600016 bytes need 33.6 MiB (35200352 bytes)"
            ),
            "{said}"
        );
        assert!(output.stdout.is_empty(), "{}", stdout(&output));
    }
    // The limit moves down as well as up.
    let args = os(&[
        "odds",
        "--bound",
        "1",
        "--position",
        "o........................x.... x 4 4",
    ]);
    assert_eq!(senet(&args).status.code(), Some(0));
    let mut low = args.clone();
    low.extend(os(&["--max-memory", "1K"]));
    let output = senet(&low);
    assert_refusal(&low, 2, &output);
    assert!(
        stderr(&output).contains("over --max-memory 1.0 KiB"),
        "{}",
        stderr(&output)
    );
    let mut high = os(&[
        "duel",
        "--a",
        "search:1:10:20",
        "--b",
        "random",
        "--games",
        "2",
    ]);
    high.extend(os(&["--threads", "2", "--max-memory", "64M"]));
    let output = senet(&high);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    for bad in ["8x", "-1", "G", "99999999999T"] {
        let args = os(&["study", "--games", "1", "--max-memory", bad]);
        let output = senet(&args);
        assert_refusal(&args, 2, &output);
        assert!(stderr(&output).contains("as 8G"), "{}", stderr(&output));
    }
}

/// `duel --timing` keeps its decision times in fixed space and
/// still prints every percentile.
#[test]
fn row_7_duel_timing_prints_its_percentiles() {
    let args = os(&[
        "duel", "--a", "level:1", "--b", "random", "--games", "4", "--timing",
    ]);
    let output = senet(&args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let said = stdout(&output);
    for side in ["a", "b"] {
        let line = said
            .lines()
            .find(|l| l.starts_with(&format!("{side} decision time (ms, ")))
            .unwrap_or_else(|| panic!("{said}"));
        for part in ["median ", "p90 ", "p99 ", "max "] {
            assert!(line.contains(part), "{line}");
        }
    }
}

/// A long valid record (lost throws by the thousand) is refused
/// up front when its replay would pass `--max-memory`, whether the file
/// says its size or is a pipe; within the limit it replays.
#[test]
fn row_5_a_record_too_long_for_memory_is_refused() {
    let mut record = String::from(
        "[Ruleset \"kendall\"]\n[Revision \"1\"]\n\
         [Start \".........................x.o.. x 4 4\"]\n[Result \"*\"]\n\n",
    );
    for throw in 1..=20_000 {
        record.push_str(&format!("{throw}. 2: -\n"));
    }
    let file = scratch("long-record.txt", record.as_bytes());
    let file = text(&file);
    let args = os(&["replay", &file, "--max-memory", "1M"]);
    let output = senet(&args);
    assert_refusal(&args, 2, &output);
    assert!(
        stderr(&output).contains("bytes of record × 8 need"),
        "{}",
        stderr(&output)
    );
    assert!(output.stdout.is_empty());
    let piped = senet_with_input(
        &["replay", "/dev/stdin", "--max-memory", "1M"],
        record.as_bytes(),
    );
    assert_refusal(&os(&["replay", "/dev/stdin"]), 2, &piped);
    assert!(
        stderr(&piped).contains("131073+ bytes of record × 8"),
        "{}",
        stderr(&piped)
    );
    let output = senet(&os(&["replay", &file]));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains("its 20000 rolls could not be checked"));
    // `review` reads records the same way, counting what it keeps.
    for args in [
        os(&["review", &file, "--max-memory", "1M"]),
        os(&["review", "/dev/stdin", "--max-memory", "1M"]),
    ] {
        let output = senet_with_input(
            &args.iter().map(|a| a.to_str().unwrap()).collect::<Vec<_>>(),
            record.as_bytes(),
        );
        assert_refusal(&args, 2, &output);
        assert!(
            stderr(&output).contains("reviewing")
                && stderr(&output).contains("bytes of record × 24 need"),
            "{}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty());
    }
}

/// A standard error that cannot be written (a full disk)
/// is no panic either; the exit code still says what happened.
#[test]
#[cfg(target_os = "linux")]
fn row_4_a_full_stderr_is_no_panic() {
    for (args, code) in [
        (&["perft", "--depth", "9"][..], 2),
        (&["moves", "--roll", "2", "--check", "nonsense"], 1),
        (&["perft", "--depth", "1", "--time"], 0),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_senet"))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(code), "{args:?}");
    }
}
