//! Hostile input: what a user trying to break the crate or its examples
//! would give them, and what must happen then.
//!
//! - The examples, run as built binaries (as `tests/play_terminal.rs` runs
//!   `play`), on every kind of bad argument: exit code 2 (1 for a record
//!   that is not valid), one line on stderr of less than 200 bytes, no
//!   panic.
//! - Records read line by line: on 10 MB of text that is not a record the
//!   reader's peak heap stays under 64 KiB, and on a 10 MB record of valid
//!   lines under the input's size (measured by a counting allocator,
//!   like the one of `tests/alloc.rs`, that also adds up bytes).
//! - The API: limits checked where they enter, JSON as strict as the text
//!   forms, error messages that quote only a short, escaped excerpt.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::hint::black_box;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use proptest::prelude::*;
use senet::bot::{BadLimits, Evaluation, FEATURES, Search, SearchLimits, Weights};
use senet::rulesets::Bell;
use senet::{
    AnyRuleset, Finish, Game, ParseRecordError, ReadRecordError, Record, Seed, Side, Thrown,
};

// ---------------------------------------------------------------------------
// A counting allocator: the bytes the current thread holds while it
// measures, and their peak.

struct Counting;

thread_local! {
    static MEASURING: Cell<bool> = const { Cell::new(false) };
    static HELD: Cell<i64> = const { Cell::new(0) };
    static PEAK: Cell<i64> = const { Cell::new(0) };
}

fn note(delta: i64) {
    if MEASURING.try_with(Cell::get).unwrap_or(false) {
        let held = HELD.try_with(|h| {
            h.set(h.get() + delta);
            h.get()
        });
        if let Ok(held) = held {
            let _ = PEAK.try_with(|p| p.set(p.get().max(held)));
        }
    }
}

// SAFETY: every call is forwarded unchanged to `System`, which upholds
// the `GlobalAlloc` contract; counting touches only thread-local cells.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size() as i64);
        // SAFETY: the caller's guarantees for `layout` are passed on as they are.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(layout.size() as i64);
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size as i64 - layout.size() as i64);
        // SAFETY: `ptr` was allocated by `System` (through this wrapper) with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        note(-(layout.size() as i64));
        // SAFETY: `ptr` was allocated by `System` (through this wrapper) with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f` and returns its result with the peak of the bytes it held on
/// this thread above what it started with (what it returns included).
fn peak_heap<T>(f: impl FnOnce() -> T) -> (T, usize) {
    HELD.with(|h| h.set(0));
    PEAK.with(|p| p.set(0));
    MEASURING.with(|m| m.set(true));
    let out = black_box(f());
    MEASURING.with(|m| m.set(false));
    (out, PEAK.with(Cell::get).max(0) as usize)
}

#[test]
fn the_byte_counter_counts() {
    let (v, peak) = peak_heap(|| vec![0u8; 1000]);
    assert_eq!(peak, 1000);
    drop(v);
    let (_, peak) = peak_heap(|| {
        let a = black_box(vec![0u8; 4000]);
        drop(a);
        black_box(vec![0u8; 100]).len()
    });
    assert_eq!(peak, 4000, "the peak, not the end");
}

// ---------------------------------------------------------------------------
// Records: bounded memory on hostile text.

const HEADER: &str = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Result \"*\"]\n\n";

/// Ten megabytes.
const TEN_MB: usize = 10 * 1024 * 1024;

/// Reads `text` both ways, checks they agree, and returns the reader's
/// result with its peak heap use.
fn read_measured(text: &[u8]) -> (Result<Record, ReadRecordError>, usize) {
    let (read, peak) = peak_heap(|| Record::read_from(text));
    if let Ok(text) = std::str::from_utf8(text) {
        let parsed = text.parse::<Record>();
        match (&read, &parsed) {
            (Ok(a), Ok(b)) => assert_eq!(a, b),
            (Err(ReadRecordError::Parse(a)), Err(b)) => assert_eq!(a, b),
            _ => panic!("read_from and parse disagree: {read:?} / {parsed:?}"),
        }
    }
    (read, peak)
}

fn parse_error(result: Result<Record, ReadRecordError>) -> ParseRecordError {
    match result {
        Err(ReadRecordError::Parse(e)) => e,
        other => panic!("expected a parse error, found {other:?}"),
    }
}

#[test]
fn ten_megabytes_that_are_not_a_record_are_refused_in_64_kib() {
    let newlines = vec![b'\n'; TEN_MB];
    let one_line = vec![b'a'; TEN_MB];
    let mut garbage_after_header = HEADER.as_bytes().to_vec();
    garbage_after_header.resize(TEN_MB, b'x');
    let mut not_utf8 = HEADER.as_bytes().to_vec();
    not_utf8.extend(std::iter::repeat_n(0xff, TEN_MB));
    let mut long_tag = b"[Ruleset \"".to_vec();
    long_tag.resize(TEN_MB, b'k');
    for (what, text, line, column, expected) in [
        (
            "newlines",
            &newlines,
            1,
            1,
            "expected the Ruleset tag, found \"\"",
        ),
        (
            "one long line",
            &one_line,
            1,
            257,
            "the line is longer than 256 bytes, the longest a record line may be",
        ),
        (
            "garbage after a header",
            &garbage_after_header,
            5,
            257,
            "the line is longer than 256 bytes, the longest a record line may be",
        ),
        (
            "bytes that are not UTF-8",
            &not_utf8,
            5,
            1,
            "the line is longer than 256 bytes, the longest a record line may be",
        ),
        (
            "a tag that never ends",
            &long_tag,
            1,
            257,
            "the line is longer than 256 bytes, the longest a record line may be",
        ),
    ] {
        let (result, peak) = read_measured(text);
        let error = parse_error(result);
        assert_eq!(
            (error.line, error.column, error.error.to_string().as_str()),
            (line, column, expected),
            "{what}"
        );
        assert!(peak < 64 * 1024, "{what}: {peak} bytes at the peak");
        assert!(error.to_string().len() < 200, "{what}: {error}");
    }
}

#[test]
fn a_ten_megabyte_record_is_read_in_less_than_its_size() {
    // Lost throws of a 1 are well formed; replaying would refuse them, but
    // reading keeps every one: the worst case for the record's own size.
    let mut text = String::from(HEADER);
    let mut n = 0;
    while text.len() < TEN_MB {
        n += 1;
        text.push_str(&format!("{n}. 1: -\n"));
    }
    let (result, peak) = read_measured(text.as_bytes());
    let record = result.expect("a record of well-formed lines");
    assert_eq!(record.throws().len(), n);
    // The record keeps each throw in a few bytes; its list grows by doubling.
    assert!(
        peak < text.len(),
        "{peak} bytes at the peak for {} bytes of record",
        text.len()
    );
    // Parsing the text in memory holds no more than reading it.
    let (parsed, peak) = peak_heap(|| text.parse::<Record>());
    assert_eq!(parsed.unwrap(), record);
    assert!(peak < text.len(), "parse: {peak} bytes at the peak");
}

#[test]
fn a_record_is_refused_at_its_first_bad_line_with_its_column() {
    let cases = [
        (
            "\u{feff}[Ruleset \"kendall\"]\n",
            1,
            1,
            "expected the Ruleset tag",
        ),
        (
            "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[X \"Ann\u{202e}lob\"]\n",
            3,
            8,
            "format characters",
        ),
        (
            "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[X \"A\u{200b}\"]\n",
            3,
            6,
            "format characters",
        ),
        (
            "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[X \"A\u{2028}B\"]\n",
            3,
            6,
            "line separators",
        ),
        ("[Ruleset \"kendall\"]\r\n", 1, 20, "carriage return"),
        ("[Ruleset \"kendall\"] \n", 1, 20, "expected a tag line"),
        (
            "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Result \"*\"]\n\n1. 2: 10-12\n2. 9: -\n",
            6,
            4,
            "throw 2: malformed move",
        ),
    ];
    for (text, line, column, needle) in cases {
        let error = text.parse::<Record>().unwrap_err();
        assert_eq!(
            (error.line, error.column),
            (line, column),
            "{text:?}: {error}"
        );
        assert!(error.to_string().contains(needle), "{text:?}: {error}");
        let read = parse_error(Record::read_from(text.as_bytes()));
        assert_eq!(read, error);
    }
    // A value of 100 bytes is the longest; one more is refused.
    let name = "n".repeat(Record::MAX_VALUE);
    let record = Record::new(Bell).with_name(Side::X, &name).unwrap();
    assert_eq!(record.to_string().parse::<Record>(), Ok(record.clone()));
    let error = record.with_name(Side::O, &format!("{name}n")).unwrap_err();
    assert!(error.to_string().contains("at most 100 bytes"), "{error}");
    for bad in [
        "a\u{202e}",
        "\u{200b}",
        "a\u{2029}b",
        "\u{ad}x",
        "tab\there",
    ] {
        assert!(
            Record::new(Bell).with_name(Side::X, bad).is_err(),
            "{bad:?} accepted as a name"
        );
    }
}

#[test]
fn a_reader_that_fails_is_an_io_error_at_its_line() {
    /// Gives `good` and then fails.
    struct Failing<'a> {
        good: &'a [u8],
    }
    impl std::io::Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.good.is_empty() {
                return Err(std::io::Error::other("the disk is gone"));
            }
            let n = buf.len().min(self.good.len());
            buf[..n].copy_from_slice(&self.good[..n]);
            self.good = &self.good[n..];
            Ok(n)
        }
    }
    let reader = std::io::BufReader::new(Failing {
        good: HEADER.as_bytes(),
    });
    match Record::read_from(reader) {
        Err(ReadRecordError::Io { line, source }) => {
            assert_eq!(line, 5);
            assert_eq!(source.to_string(), "the disk is gone");
        }
        other => panic!("expected an I/O error, found {other:?}"),
    }
}

#[test]
fn errors_quote_a_short_escaped_excerpt() {
    let huge = "\u{202e}".repeat(50_000) + &"z".repeat(100_000);
    let messages = [
        format!("[{huge}\n")
            .parse::<Record>()
            .unwrap_err()
            .to_string(),
        format!("{HEADER}1. {}\n", huge.chars().take(60).collect::<String>())
            .parse::<Record>()
            .unwrap_err()
            .to_string(),
        // Found by fuzzing: a long unknown tag name made a 205-byte message.
        format!("[{} \"x\"]\n", "3".repeat(200))
            .parse::<Record>()
            .unwrap_err()
            .to_string(),
        format!("[Ruleset \"{}\"]\n", "字\u{202e}".repeat(30))
            .parse::<Record>()
            .unwrap_err()
            .to_string(),
        huge.parse::<senet::MoveText>().unwrap_err().to_string(),
        huge.parse::<Seed>().unwrap_err().to_string(),
        huge.parse::<senet::bot::Level>().unwrap_err().to_string(),
        huge.parse::<Weights>().unwrap_err().to_string(),
    ];
    for message in messages {
        assert!(message.len() < 200, "{} bytes: {message}", message.len());
        assert!(!message.contains('\u{202e}'), "unescaped: {message}");
        assert!(!message.contains('\n'), "{message}");
    }
}

// ---------------------------------------------------------------------------
// Limits entering through the API.

#[test]
fn search_limits_are_checked_where_they_enter() {
    let good = SearchLimits::new(3, 1_000, 12).unwrap();
    assert!(Search::new(Evaluation::new(Bell), good).is_ok());
    for (depth, bits, error) in [
        (0, 0, BadLimits::Depth { found: 0, max: 32 }),
        (33, 0, BadLimits::Depth { found: 33, max: 32 }),
        (
            255,
            0,
            BadLimits::Depth {
                found: 255,
                max: 32,
            },
        ),
        (2, 25, BadLimits::TableBits { found: 25, max: 24 }),
        (2, 31, BadLimits::TableBits { found: 31, max: 24 }),
        (2, 63, BadLimits::TableBits { found: 63, max: 24 }),
        (
            2,
            255,
            BadLimits::TableBits {
                found: 255,
                max: 24,
            },
        ),
    ] {
        assert_eq!(SearchLimits::new(depth, 100, bits), Err(error));
        let limits = SearchLimits {
            max_depth: depth,
            nodes: 100,
            table_bits: bits,
        };
        let refused = Search::new(Evaluation::new(Bell), limits).err();
        assert_eq!(refused, Some(error));
        assert!(error.to_string().contains("from"), "{error}");
    }
    assert_eq!(
        SearchLimits::new(
            SearchLimits::MAX_DEPTH,
            u64::MAX,
            SearchLimits::MAX_TABLE_BITS
        )
        .map(|l| l.max_depth),
        Ok(32)
    );
}

#[test]
fn weights_must_be_finite_and_complete() {
    let race = Weights::race();
    let text: String = race.0.iter().map(|w| format!("{w}\n")).collect();
    assert_eq!(text.parse::<Weights>(), Ok(race));
    for bad in ["NaN", "inf", "-inf", "1e400"] {
        let text = text.replacen(&format!("{}\n", race.0[0]), &format!("{bad}\n"), 1);
        let error = text.parse::<Weights>().unwrap_err();
        assert!(error.to_string().contains("finite"), "{bad}: {error}");
    }
    let short: String = race.0[1..].iter().map(|w| format!("{w} ")).collect();
    assert!(short.parse::<Weights>().is_err());
    assert!(format!("{text} 1").parse::<Weights>().is_err());
    assert!(text.replacen('.', ",", 1).parse::<Weights>().is_err());
    let mut nan = [0.0; FEATURES];
    nan[3] = f64::NAN;
    assert!(Weights::new(nan).is_err());
    assert!(Weights(nan).check().is_err());
}

// ---------------------------------------------------------------------------
// JSON as strict as the text forms (feature `serde`).

#[cfg(feature = "serde")]
mod json {
    use super::{TEN_MB, peak_heap};
    use senet::rulesets::Bell;
    use senet::{AnyRuleset, Board, Finish, Move, MoveList, Position, Record, Ruleset};

    fn refused<T: serde::de::DeserializeOwned + std::fmt::Debug>(json: &str) -> String {
        match serde_json::from_str::<T>(json) {
            Ok(value) => panic!("{json} was accepted as {value:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn json_structs_are_objects_only() {
        refused::<Move>("[2, 10, 12]");
        refused::<Move>("[2, 10, 12, false, false, false, false]");
        refused::<Board>("[[1], [2], 0, 0]");
        refused::<senet::Throw>("[\"long_die\", null, 3]");
        refused::<Position<AnyRuleset>>("[\"kendall\", \"xoxoxoxoxo.................... x 0 0\"]");
        refused::<Finish>("[\"draw\"]");
        refused::<Finish>("[\"borne_off\", \"x\"]");
        let record = serde_json::to_value(Record::new(Bell)).unwrap();
        let fields: Vec<_> = record.as_object().unwrap().values().cloned().collect();
        refused::<Record>(&serde_json::Value::Array(fields).to_string());
        // The objects themselves still read.
        serde_json::from_str::<Move>("{\"roll\": 2, \"from\": 10, \"to\": 12}").unwrap();
        serde_json::from_value::<Record>(record).unwrap();
    }

    /// Names are strings, at the top level as inside records: serde's
    /// derived form of a unit-only enum would also read `{"x": null}`.
    #[test]
    fn json_names_are_strings_only() {
        use senet::{Dice, Side};
        refused::<Side>("{\"x\": null}");
        refused::<Dice>("{\"four_sticks\": null}");
        refused::<AnyRuleset>("{\"kendall\": null}");
        assert_eq!(serde_json::from_str::<Side>("\"o\"").unwrap(), Side::O);
        assert_eq!(
            serde_json::from_str::<Dice>("\"long_die\"").unwrap(),
            Dice::LongDie
        );
        assert_eq!(
            serde_json::from_str::<AnyRuleset>("\"bell\"").unwrap(),
            AnyRuleset::Bell
        );
        // An unknown name is quoted short, whatever its length.
        let long = format!("\"{}\"", "k".repeat(100_000));
        assert!(refused::<AnyRuleset>(&long).len() < 200);
        assert!(refused::<Side>(&long).len() < 200);
    }

    #[test]
    fn json_finishes_are_consistent() {
        for good in [
            "{\"ending\": \"draw\"}",
            "{\"ending\": \"borne_off\", \"winner\": \"x\"}",
            "{\"ending\": \"resignation\", \"winner\": \"o\"}",
        ] {
            let finish: Finish = serde_json::from_str(good).unwrap();
            assert_eq!(
                serde_json::from_str::<Finish>(&serde_json::to_string(&finish).unwrap()).unwrap(),
                finish
            );
        }
        assert!(
            refused::<Finish>("{\"ending\": \"draw\", \"winner\": \"x\"}").contains("no winner")
        );
        assert!(refused::<Finish>("{\"ending\": \"borne_off\"}").contains("winner"));
        refused::<Finish>("{\"ending\": \"draw\", \"by\": \"agreement\"}");
        // Names are strings, never maps standing in for them.
        refused::<Finish>("{\"ending\": {\"draw\": null}}");
        refused::<Finish>("{\"ending\": \"borne_off\", \"winner\": {\"x\": null}}");
        refused::<senet::Ending>("{\"draw\": null}");
        refused::<senet::Checked>("{\"rules_only\": null}");
        refused::<senet::Throw>("{\"dice\": {\"long_die\": null}, \"roll\": 3}");
        serde_json::from_str::<senet::Throw>("{\"dice\": \"long_die\", \"roll\": 3}").unwrap();
        assert_eq!(
            serde_json::from_str::<senet::Ending>("\"draw\"").unwrap(),
            senet::Ending::Draw
        );
        refused::<Finish>("{\"ending\": \"resignation\", \"winner\": \"o\", \"extra\": 1}");
        let mut record = serde_json::to_value(Record::new(Bell)).unwrap();
        record["finish"] = serde_json::json!({"ending": "draw", "winner": "x"});
        refused::<Record>(&record.to_string());
    }

    #[test]
    fn json_sets_boards_and_lists_are_checked() {
        assert!(refused::<senet::Bitboard>("[5, 3]").contains("ascending"));
        assert!(refused::<senet::Bitboard>("[3, 3]").contains("twice"));
        serde_json::from_str::<senet::Bitboard>("[3, 5]").unwrap();
        // A side's pieces, on the board and off, are counted in a byte.
        let finding = "{\"x\": [], \"o\": [1], \"off_x\": 0, \"off_o\": 255}";
        let message = refused::<Board>(finding);
        assert!(
            message.contains("o has 1 on the board and 255 off, 256 pieces in all"),
            "{message}"
        );
        assert!(message.contains("at most 255"), "{message}");
        // How many a side may have is its ruleset's rule, checked in a
        // position: a board of sixteen pieces a side, or of a count near
        // the byte's end, reads.
        let board: Board =
            serde_json::from_str("{\"x\": [], \"o\": [1], \"off_x\": 5, \"off_o\": 4}").unwrap();
        let crowded: Board = serde_json::from_str(
            "{\"x\": [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16], \"o\": [], \"off_x\": 0, \"off_o\": 0}",
        )
        .unwrap();
        let full: Board =
            serde_json::from_str("{\"x\": [30], \"o\": [1], \"off_x\": 254, \"off_o\": 254}")
                .unwrap();
        // Any board that reads gives an answer, never an overflow.
        for board in [board, crowded, full] {
            for ruleset in AnyRuleset::ALL {
                let _ = ruleset.outcome(&board);
            }
            let _ = Bell.outcome(&board);
        }
        refused::<Board>("{\"x\": [1], \"o\": [], \"off_x\": 0, \"off_o\": 0, \"extra\": 0}");
        // A move list is refused at its first move past the thirtieth, and a
        // long list of moves is never kept whole.
        let a = "{\"roll\": 2, \"from\": 10, \"to\": 12}";
        let many = format!("[{}]", vec![a; 100_000].join(","));
        let (error, peak) = peak_heap(|| serde_json::from_str::<MoveList>(&many).unwrap_err());
        assert!(error.to_string().contains("different houses"), "{error}");
        assert!(peak < 4096, "{peak} bytes held for a refused move list");
        // A long string is refused before it is copied.
        let long = format!(
            "{{\"ruleset\": \"kendall\", \"position\": \"{}\"}}",
            "x".repeat(TEN_MB)
        );
        let (error, peak) =
            peak_heap(|| serde_json::from_str::<Position<AnyRuleset>>(&long).unwrap_err());
        assert!(error.to_string().len() < 300, "{error}");
        assert!(peak < 4096, "{peak} bytes held for a refused position");
        let name = "n".repeat(Record::MAX_VALUE + 1);
        let mut record = serde_json::to_value(Record::new(Bell)).unwrap();
        record["x"] = serde_json::json!(name);
        refused::<Record>(&record.to_string());
        record["x"] = serde_json::json!("Ann\u{202e}");
        refused::<Record>(&record.to_string());
    }
}

// ---------------------------------------------------------------------------
// Reading and parsing agree on any text.

fn a_record() -> String {
    let mut game = Game::seeded(AnyRuleset::Kendall, Seed::from_u64(3));
    while game.history().len() < 12 && !game.is_over() {
        if let Thrown::ToPlay(_) = game.throw().unwrap() {
            game.play(game.legal_moves()[0]).unwrap();
        }
    }
    game.record().with_name(Side::X, "Ann").unwrap().to_string()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn reading_and_parsing_agree_on_mangled_records(
        at in 0usize..400,
        cut in 0usize..400,
        insert in prop::collection::vec(any::<u8>(), 0..8),
    ) {
        let mut bytes = a_record().into_bytes();
        let at = at.min(bytes.len());
        let cut = cut.min(bytes.len() - at).min(8);
        bytes.splice(at..at + cut, insert);
        let read = Record::read_from(&bytes[..]);
        match std::str::from_utf8(&bytes) {
            Ok(text) => match (read, text.parse::<Record>()) {
                (Ok(a), Ok(b)) => {
                    prop_assert_eq!(&a, &b);
                    prop_assert_eq!(a.to_string(), text);
                }
                (Err(ReadRecordError::Parse(a)), Err(b)) => {
                    prop_assert_eq!(&a, &b);
                    prop_assert!(a.to_string().len() < 200, "{}", a);
                }
                (a, b) => prop_assert!(false, "read {:?}, parsed {:?}", a, b),
            },
            Err(_) => {
                let error = parse_error(read);
                prop_assert!(error.to_string().len() < 200, "{}", error);
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The examples, as built binaries.

/// The built example `name`, when `cargo test` has built the examples.
fn example(name: &str) -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let path = exe
        .parent()?
        .parent()?
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    path.exists().then_some(path)
}

/// Runs an example with these arguments and no input.
fn run(name: &str, args: &[std::ffi::OsString]) -> Option<Output> {
    let binary = example(name)?;
    Some(
        Command::new(binary)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .expect("the example starts"),
    )
}

fn os(args: &[&str]) -> Vec<std::ffi::OsString> {
    args.iter().map(Into::into).collect()
}

/// Checks a refusal: the exit code, and one line on stderr of less than
/// 200 bytes with no panic in it.
fn assert_refusal(name: &str, args: &[std::ffi::OsString], code: i32, output: &Output) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    let shown: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().chars().take(40).collect())
        .collect();
    assert_eq!(
        output.status.code(),
        Some(code),
        "{name} {shown:?}: stderr {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{name} {shown:?}: {stderr}");
    assert!(
        stderr.ends_with('\n') && stderr.matches('\n').count() == 1,
        "{name} {shown:?}: not one line: {stderr:?}"
    );
    assert!(
        stderr.len() < 200,
        "{name} {shown:?}: {} bytes: {stderr}",
        stderr.len()
    );
}

/// Every example with arguments that are good but for what a test adds,
/// and options that take a value.
const EXAMPLES: [(&str, &[&str]); 10] = [
    ("full_game", &["--seed", "1"]),
    ("perft", &["--depth", "1"]),
    ("moves", &["--roll", "2"]),
    ("replay", &["/dev/null"]),
    ("playouts", &["--games", "1"]),
    ("duel", &["--a", "random", "--b", "random", "--games", "2"]),
    ("play", &["--level", "1"]),
    ("study", &["--games", "1", "--bot-games", "1"]),
    ("think_time", &["--games", "1"]),
    ("tune", &["--games", "1"]),
];

/// `--help` and `-h`, anywhere among the arguments, print the example's
/// own help (the opening lines of its source) and exit with code 0.
#[test]
fn every_example_explains_itself() {
    if example("perft").is_none() {
        eprintln!("the examples are not built (run all of `cargo test`); skipping");
        return;
    }
    for (name, good) in EXAMPLES.iter().chain(&[("odds", &["--bound", "1"][..])]) {
        for help in ["--help", "-h"] {
            let mut args: Vec<&str> = good.to_vec();
            args.push(help);
            let output = run(name, &os(&args)).expect("built");
            assert_eq!(output.status.code(), Some(0), "{name} {help}");
            let text = String::from_utf8_lossy(&output.stdout);
            let source = std::fs::read_to_string(format!(
                "{}/examples/{}",
                env!("CARGO_MANIFEST_DIR"),
                if *name == "study" {
                    "study/main.rs".to_owned()
                } else {
                    format!("{name}.rs")
                }
            ))
            .unwrap();
            let first = source.lines().next().unwrap().trim_start_matches("//! ");
            assert!(text.starts_with(first), "{name} {help}: {text}");
            assert!(text.lines().count() >= 2, "{name} {help}: {text}");
            assert!(output.stderr.is_empty(), "{name} {help}");
        }
    }
}

#[test]
fn every_example_refuses_every_kind_of_bad_argument() {
    if example("perft").is_none() {
        eprintln!("the examples are not built (run all of `cargo test`); skipping");
        return;
    }
    #[cfg(unix)]
    let not_utf8 = {
        use std::os::unix::ffi::OsStringExt;
        std::ffi::OsString::from_vec(b"record-\xff.txt".to_vec())
    };
    #[cfg(not(unix))]
    let not_utf8 = std::ffi::OsString::from("record-\u{fffd}.txt");
    let huge = "k".repeat(130_000);
    let invisible = "ken\u{202e}dall\u{200b}\n";
    for (name, good) in EXAMPLES {
        let with = |extra: Vec<std::ffi::OsString>| {
            let mut args = os(good);
            args.extend(extra);
            args
        };
        let mut bad: Vec<Vec<std::ffi::OsString>> = vec![
            with(vec![not_utf8.clone()]),
            with(vec!["--ruleset".into(), not_utf8.clone()]),
            with(os(&["--bogus", "1"])),
            with(os(&["--ruleset"])),
            with(os(&["--ruleset", "kendall", "--ruleset", "kendall"])),
            with(os(&["--ruleset", &huge])),
            with(os(&["--ruleset", invisible])),
            with(os(&[&format!("--{huge}"), "1"])),
        ];
        if name != "replay" {
            bad.push(with(os(&["stray"])));
            bad.push(with(os(&[&huge])));
        }
        for args in bad {
            let output = run(name, &args).expect("built");
            assert_refusal(name, &args, 2, &output);
        }
    }
}

#[test]
fn every_numeric_argument_is_checked_with_its_range() {
    if example("perft").is_none() {
        eprintln!("the examples are not built (run all of `cargo test`); skipping");
        return;
    }
    let max = u64::MAX.to_string();
    let over = "18446744073709551616";
    let long_seed = "00".repeat(33);
    let cases: Vec<(&str, Vec<&str>)> = vec![
        ("perft", vec!["--depth", "1000"]),
        ("perft", vec!["--depth", "9"]),
        ("perft", vec!["--depth", "-1"]),
        ("perft", vec!["--depth", ""]),
        ("perft", vec!["--depth", "+1"]),
        ("perft", vec!["--depth", "1.0"]),
        ("perft", vec!["--depth", "\u{661}"]),
        ("playouts", vec!["--games", &max]),
        ("playouts", vec!["--games", "0"]),
        ("playouts", vec!["--games", "1", "--threads", "0"]),
        ("playouts", vec!["--games", "1", "--threads", "257"]),
        ("playouts", vec!["--games", "1", "--seed", over]),
        ("playouts", vec!["--games", "1", "--seed", "-1"]),
        ("moves", vec!["--roll", "0"]),
        ("moves", vec!["--roll", "6"]),
        ("moves", vec!["--roll", "300"]),
        ("moves", vec!["--ruleset", "bell", "--roll", "5"]),
        ("full_game", vec!["--seed", over]),
        ("full_game", vec!["--seed-hex", "ABCD"]),
        ("full_game", vec!["--seed-hex", &long_seed]),
        ("think_time", vec!["--games", "0"]),
        ("think_time", vec!["--games", "1001"]),
        ("think_time", vec!["--levels", "1,9"]),
        ("think_time", vec!["--levels", "1,2,1"]),
        ("tune", vec!["--games", "0"]),
        ("tune", vec!["--games", "1", "--ridge", "NaN"]),
        ("tune", vec!["--games", "1", "--ridge", "inf"]),
        ("tune", vec!["--games", "1", "--ridge", "-1"]),
        ("tune", vec!["--games", "1", "--rounds", "0"]),
        ("tune", vec!["--games", "1", "--sample", "0"]),
        ("tune", vec!["--games", "1", "--sample", "4294967296"]),
        ("study", vec!["--games", "0"]),
        ("study", vec!["--games", "1", "--threads", "65"]),
        ("study", vec!["--games", "1", "--bot-games", "0"]),
        ("play", vec!["--level", "9"]),
        ("play", vec!["--level", "0"]),
        ("play", vec!["--side", "z"]),
        ("play", vec!["--seed", "ZZ"]),
    ];
    let duel = |a: &str| ["--a", a, "--b", "random", "--games", "2"].map(str::to_owned);
    let mut duels: Vec<[String; 6]> = [
        "depth:0",
        "depth:5",
        "depth:256",
        "depth:1000",
        "search:0:100",
        "search:33:100",
        "search:3:0",
        "search:3:1000000001",
        "search:3:100:25",
        "search:3:100:31",
        "search:3:100:63",
        "search:3:100:256",
        "level:0",
        "level:5",
        "level:256",
        "random@race",
        "baseline@race",
        "baseline:2",
        "greedy@/nonexistent",
        "greedy@/dev/null",
        "teleport",
    ]
    .map(duel)
    .to_vec();
    for games in ["0", "3", "20000000", &max] {
        let mut args = duel("random");
        args[5] = games.to_owned();
        duels.push(args);
    }
    let mut all: Vec<(&str, Vec<std::ffi::OsString>)> =
        cases.iter().map(|(n, a)| (*n, os(a))).collect();
    all.extend(
        duels
            .iter()
            .map(|a| ("duel", a.iter().map(Into::into).collect())),
    );
    for (name, args) in all {
        let output = run(name, &args).expect("built");
        assert_refusal(name, &args, 2, &output);
        let stderr = String::from_utf8_lossy(&output.stderr);
        // When the value refused is a number, the error names the range.
        let last = args.last().map(|a| a.to_string_lossy().into_owned());
        let numeric = last.is_some_and(|a| !a.is_empty() && a.chars().all(|c| c.is_ascii_digit()));
        if numeric && name != "duel" {
            assert!(
                stderr.contains(" to ")
                    || stderr.contains("at most")
                    || stderr.contains("even")
                    || stderr.contains("cannot"),
                "{name} {args:?}: the error should name the range: {stderr}"
            );
        }
    }
}

/// The examples held to the shared argument rules here (`play` has its
/// own tests): each with arguments that are good but for what a test
/// adds, and its switches (options that take no value).
const STRICT: [(&str, &[&str], &[&str]); 10] = [
    ("full_game", &["--seed", "1"], &["board"]),
    ("perft", &["--depth", "1"], &["divide", "time"]),
    ("moves", &["--roll", "2"], &[]),
    ("replay", &["/dev/null"], &["throws"]),
    ("playouts", &["--games", "1"], &[]),
    (
        "duel",
        &["--a", "random", "--b", "random", "--games", "2"],
        &["timing"],
    ),
    ("study", &["--games", "1", "--bot-games", "1"], &[]),
    ("think_time", &["--games", "1"], &["table"]),
    ("tune", &["--games", "1"], &[]),
    ("odds", &["--bound", "1"], &["verify"]),
];

/// Runs `name` with its good arguments and `extra`, and checks that it
/// refuses them with exit code 2 and one line that says `expected`.
fn assert_refused_saying(name: &str, good: &[&str], extra: &[&str], expected: &str) {
    let mut args = os(good);
    args.extend(os(extra));
    let output = run(name, &args).expect("built");
    assert_refusal(name, &args, 2, &output);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("error: ") && stderr.contains(expected),
        "{name} {extra:?}: expected {expected:?}, found {stderr}"
    );
    assert!(
        output.stdout.is_empty(),
        "{name} {extra:?}: printed before refusing"
    );
}

/// Every example refuses an unknown option, a stray argument, an option or
/// switch given twice and an option without its value, each with exit
/// code 2 and a line that names what is wrong; and answers `--help`
/// whatever else the command line holds.
#[test]
fn every_example_names_what_it_refuses() {
    if example("perft").is_none() {
        eprintln!("the examples are not built (run all of `cargo test`); skipping");
        return;
    }
    for (name, good, switches) in STRICT {
        assert_refused_saying(
            name,
            good,
            &["--bogus", "1"],
            "unknown option --bogus; known: --",
        );
        // An unknown option is named as such even without a value.
        assert_refused_saying(name, good, &["--bogus"], "unknown option --bogus");
        let stray = if name == "replay" {
            "unexpected argument \"stray\": only one FILE is read"
        } else {
            "unexpected argument \"stray\": this command takes options only"
        };
        assert_refused_saying(name, good, &["stray"], stray);
        assert_refused_saying(
            name,
            good,
            &["-v"],
            "unexpected argument \"-v\": options are written --name",
        );
        for switch in switches {
            let twice = format!("--{switch}");
            assert_refused_saying(
                name,
                good,
                &[&twice, &twice],
                &format!("--{switch} given twice"),
            );
        }
        if name == "replay" {
            assert_refused_saying(name, &[], &[], "FILE is missing; usage: replay FILE");
            continue;
        }
        assert_refused_saying(
            name,
            good,
            &["--ruleset", "kendall", "--ruleset", "kendall"],
            "--ruleset given twice",
        );
        let (option, value) = (good[0], good[1]);
        assert_refused_saying(
            name,
            &good[2..],
            &[option, value, option, value],
            &format!("{option} given twice"),
        );
        assert_refused_saying(name, good, &["--ruleset"], "--ruleset needs a value");
        // A forgotten value: the next option is not taken for it.
        assert_refused_saying(
            name,
            &good[2..],
            &["--ruleset", option, value],
            &format!("--ruleset needs a value, found the option \"{option}\""),
        );
    }
    for (name, good, _) in STRICT {
        for extra in [
            &["--help"][..],
            &["-h"],
            &["--bogus", "1", "stray", "--help"],
        ] {
            let mut args = os(good);
            args.extend(os(extra));
            let output = run(name, &args).expect("built");
            assert_eq!(output.status.code(), Some(0), "{name} {extra:?}");
            let help = String::from_utf8_lossy(&output.stdout);
            let usage = format!("`{name} ");
            assert!(help.contains(&usage), "{name} {extra:?}: no usage: {help}");
            let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                words.to_lowercase().contains("exit code"),
                "{name} {extra:?}: no exit codes: {help}"
            );
            assert!(output.stderr.is_empty(), "{name} {extra:?}");
        }
    }
}

/// `--seed N` is a decimal `u64` wherever an example takes a seed, and
/// `--seed-hex HEX` (lower-case hex bytes) only where it is documented.
#[test]
fn every_seed_is_decimal_and_only_full_game_takes_hex() {
    if example("perft").is_none() {
        eprintln!("the examples are not built (run all of `cargo test`); skipping");
        return;
    }
    let seeded: [(&str, &[&str]); 7] = [
        ("full_game", &[]),
        ("duel", &["--a", "random", "--b", "random", "--games", "2"]),
        ("playouts", &["--games", "1"]),
        ("think_time", &["--games", "1"]),
        ("tune", &["--games", "1"]),
        ("study", &["--games", "1", "--bot-games", "1"]),
        ("odds", &["--bound", "1", "--check", "1"]),
    ];
    for (name, good) in seeded {
        for bad in ["0x10", "ff", "1e3", "-1", "+1", " 1", "1_000", ""] {
            assert_refused_saying(name, good, &["--seed", bad], "in decimal digits");
        }
        if name != "full_game" {
            assert_refused_saying(
                name,
                good,
                &["--seed-hex", "01"],
                "unknown option --seed-hex",
            );
        }
    }
    for bad in ["0x01", "ABCD", "1", "zz", &"00".repeat(33)] {
        assert_refused_saying("full_game", &[], &["--seed-hex", bad], "--seed-hex");
    }
    assert_refused_saying(
        "full_game",
        &[],
        &["--seed", "1", "--seed-hex", "01"],
        "give --seed or --seed-hex, not both",
    );
    for (args, first) in [
        (
            &["--seed", "18446744073709551615"][..],
            "seed: 18446744073709551615 (hex ffffffffffffffff)",
        ),
        (&["--seed", "007"], "seed: 7 (hex 0700000000000000)"),
        (&["--seed-hex", "00ff"], "seed: hex 00ff "),
    ] {
        let output = run("full_game", &os(args)).expect("built");
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(stdout.starts_with(first), "{args:?}: {stdout}");
    }
}

/// `full_game` explains its game: a legend, one line per throw with the
/// throw in standard notation exactly as the record writes it, the board
/// after every hit and bearing off (after every move with `--board`), and
/// an end that names nobody to throw. The same seed prints the same text.
#[test]
fn full_game_explains_its_game_and_keeps_the_notation() {
    if example("full_game").is_none() {
        eprintln!("the full_game example is not built (run all of `cargo test`); skipping");
        return;
    }
    let path = scratch("full-game-record.txt", b"");
    let mut args = os(&["--ruleset", "kendall", "--seed", "1", "--record"]);
    args.push(path.clone().into_os_string());
    let output = run("full_game", &args).expect("built");
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let record: Record = std::fs::read_to_string(&path).unwrap().parse().unwrap();
    std::fs::remove_file(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let (last, lines) = lines.split_last().unwrap();
    assert_eq!(*last, format!("record written to {}", path.display()));
    assert!(lines[0].starts_with("seed: 1 "), "{}", lines[0]);
    let legend = lines
        .iter()
        .position(|l| *l == "legend:")
        .expect("a legend");
    for mark in [
        "    x ",
        "    < ",
        "    + ",
        "  lost:",
        "  water:",
        "  throws:",
    ] {
        assert!(
            lines[legend..legend + 16]
                .iter()
                .any(|l| l.starts_with(mark)),
            "the legend explains {mark:?}"
        );
    }
    // One line per throw, `N. SIDE throws STICKS = ROLL  NOTATION  words`.
    let throws: Vec<(usize, &str)> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| {
            l.split_once(". ")
                .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
        })
        .map(|(i, l)| (i, *l))
        .collect();
    assert_eq!(throws.len(), record.throws().len());
    let mut boards = 0;
    for ((i, line), (written, number)) in throws.iter().zip(record.throws().iter().zip(1usize..)) {
        let notation = written.to_string();
        let fields: Vec<&str> = line.split("  ").map(str::trim).collect();
        assert!(line.starts_with(&format!("{number}. ")), "{line}");
        assert!(fields.contains(&notation.as_str()), "{line}: no {notation}");
        let lost = written.play().is_none();
        assert_eq!(line.contains("no move: the throw is lost"), lost, "{line}");
        if number < throws.len() {
            assert_eq!(
                line.contains("throws again"),
                written.throws_again(),
                "{line}"
            );
        }
        let drawn = lines[i + 1].starts_with("    row 1 ");
        boards += usize::from(drawn);
        let hit_or_off = notation.contains('x') || notation.contains("off");
        assert_eq!(drawn, hit_or_off && number < throws.len(), "{line}");
    }
    assert!(boards > 0);
    // The end: the final board, the position string labelled so that it
    // names nobody to throw, and the outcome; `tail -n 8` shows them all.
    let tail = &lines[lines.len() - 7..];
    assert_eq!(tail[0], "final board:");
    assert!(tail[1].starts_with("row 1 ") && tail[4].starts_with("borne off: "));
    assert!(
        tail[5].starts_with("final position string (game over, nobody throws): "),
        "{}",
        tail[5]
    );
    let finish = record.finish().expect("the game ended");
    assert_eq!(
        tail[6],
        format!("outcome: {finish} after {} throws", throws.len())
    );
    assert!(!text.contains("to throw"), "nobody is to throw at the end");
    // `--board`: a board after every move but the last, none after a lost throw.
    let output = run("full_game", &os(&["--seed", "1", "--board"])).expect("built");
    let with_boards = String::from_utf8(output.stdout).unwrap();
    let moves = record
        .throws()
        .iter()
        .filter(|t| t.play().is_some())
        .count();
    let drawn = with_boards
        .lines()
        .filter(|l| l.starts_with("    row 1 "))
        .count();
    assert_eq!(
        drawn,
        moves - 1 + 1,
        "every move but the last, and the start"
    );
    // The same seed, the same text.
    let again = run("full_game", &os(&["--ruleset", "kendall", "--seed", "1"])).expect("built");
    let again = String::from_utf8(again.stdout).unwrap();
    assert_eq!(again.lines().collect::<Vec<_>>(), lines);
}

/// A scratch file for one test.
fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("senet-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn replay_refuses_bad_records_with_exit_1_and_one_short_line() {
    if example("replay").is_none() {
        eprintln!("the replay example is not built (run all of `cargo test`); skipping");
        return;
    }
    let mut records: Vec<(&str, Vec<u8>)> = vec![
        ("newlines.txt", vec![b'\n'; TEN_MB]),
        ("one-line.txt", vec![b'a'; TEN_MB]),
        ("not-utf8.txt", b"\xff\n".to_vec()),
        ("empty.txt", Vec::new()),
        (
            "rlo.txt",
            "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[X \"Ann\u{202e}bob\"]\n[Result \"*\"]\n\n"
                .as_bytes()
                .to_vec(),
        ),
        (
            "ruleset.txt",
            format!(
                "[Ruleset \"{}\"]\n[Revision \"1\"]\n[Result \"*\"]\n\n",
                "q".repeat(100)
            )
            .into_bytes(),
        ),
        ("illegal.txt", format!("{HEADER}1. 2: 8-10\n").into_bytes()),
    ];
    let mut long = HEADER.as_bytes().to_vec();
    long.resize(TEN_MB, b'\n');
    records.push(("blank-lines.txt", long));
    for (name, bytes) in records {
        let path = scratch(name, &bytes);
        let args = vec![path.clone().into_os_string()];
        let output = run("replay", &args).expect("built");
        assert_refusal("replay", &args, 1, &output);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.starts_with("invalid: "), "{name}: {stderr}");
        assert!(!stderr.contains('\u{202e}'), "{name}: {stderr}");
        std::fs::remove_file(path).unwrap();
    }
    // A move text checked by `moves` is refused the same way.
    let huge = format!("2: 10-12{}", "\u{202e}".repeat(30_000));
    let args = os(&["--roll", "2", "--check", &huge]);
    let output = run("moves", &args).expect("built");
    assert_refusal("moves", &args, 1, &output);
    // What cannot be opened or read is an argument's fault: exit 2.
    for path in ["/nonexistent/record.txt", "/"] {
        let args = os(&[path]);
        let output = run("replay", &args).expect("built");
        assert_refusal("replay", &args, 2, &output);
    }
}

#[test]
fn play_explains_bad_answers_and_tells_a_read_error_from_a_closed_output() {
    let Some(binary) = example("play") else {
        eprintln!("the play example is not built (run all of `cargo test`); skipping");
        return;
    };
    let record =
        std::env::temp_dir().join(format!("senet-hostile-play-{}.txt", std::process::id()));
    let mut child = Command::new(&binary)
        .args(["--level", "1", "--seed", "00", "--record"])
        .arg(&record)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(b"\xff\n");
    let _ = stdin.write_all(&vec![b'1'; 100_000]);
    let _ = stdin.write_all(b"\n");
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.contains("That answer is not UTF-8 text."),
        "{stdout}"
    );
    assert!(stdout.contains("That answer is too long"), "{stdout}");
    let text = std::fs::read_to_string(&record).expect("the record is written");
    let written: Record = text.parse().unwrap();
    assert_eq!(
        written.finish(),
        Some(Finish::Resignation { winner: Side::O })
    );
    std::fs::remove_file(&record).unwrap();
    // Standard input that cannot be read (a directory): exit 1, one line.
    #[cfg(unix)]
    {
        let output = Command::new(&binary)
            .args(["--level", "1", "--seed", "00"])
            .stdin(std::fs::File::open("/").unwrap())
            .output()
            .unwrap();
        assert_refusal("play", &os(&["< /"]), 1, &output);
        assert!(String::from_utf8_lossy(&output.stderr).contains("standard input"));
    }
}

#[test]
fn tune_stops_rather_than_write_weights_that_are_not_numbers() {
    if example("tune").is_none() {
        eprintln!("the tune example is not built (run all of `cargo test`); skipping");
        return;
    }
    let out = std::env::temp_dir().join(format!("senet-hostile-tune-{}.txt", std::process::id()));
    let mut args = os(&["--games", "1", "--rounds", "1", "--sample", "1000", "--out"]);
    args.push(out.clone().into_os_string());
    let output = run("tune", &args).expect("built");
    if output.status.success() {
        let text = std::fs::read_to_string(&out).unwrap();
        text.parse::<Weights>().expect("finite weights");
        std::fs::remove_file(&out).unwrap();
    } else {
        assert_eq!(output.status.code(), Some(1));
        assert!(!out.exists(), "nothing is written when tuning fails");
    }
    // NaN weights given to duel are refused.
    let nan = scratch("nan-weights.txt", "NaN\n".repeat(FEATURES).as_bytes());
    let spec = format!("greedy@{}", nan.display());
    let args = os(&["--a", &spec, "--b", "random", "--games", "2"]);
    let output = run("duel", &args).expect("built");
    assert_refusal("duel", &args, 2, &output);
    assert!(String::from_utf8_lossy(&output.stderr).contains("finite"));
}

/// Text parsed by `FromStr` quotes only the start of what it refuses.
#[test]
fn parse_errors_quote_a_short_excerpt() {
    let long = "k".repeat(100_000);
    let unknown = long.parse::<senet::AnyRuleset>().unwrap_err();
    assert!(
        unknown.to_string().len() < 200,
        "{}",
        unknown.to_string().len()
    );
    let ending = long.parse::<senet::Ending>().unwrap_err();
    assert!(ending.to_string().len() < 200);
    let side = format!("oxoxoxoxox.................... {long} 0 0");
    let refused = side
        .parse::<senet::Position<senet::rulesets::Kendall>>()
        .unwrap_err();
    assert!(refused.to_string().len() < 200, "{refused}");
    let count = format!("oxoxoxoxox.................... x {long} 0");
    let refused = count
        .parse::<senet::Position<senet::rulesets::Kendall>>()
        .unwrap_err();
    assert!(refused.to_string().len() < 200, "{refused}");
}

/// The geometry hooks of every built-in ruleset answer for every house and
/// every value a `Roll` can hold, rolls its implement cannot make included
/// (a caller may ask: `Kendall.forward(26, 6)`), without panicking (tests
/// run with debug assertions, which stop on an out-of-range house).
#[test]
fn geometry_hooks_answer_every_house_and_roll() {
    let mut answers = 0;
    for ruleset in senet::AnyRuleset::ALL {
        for house in senet::House::all() {
            for value in 1..=senet::Roll::MAX {
                let roll = senet::Roll::new(value).unwrap();
                let forward = senet::Ruleset::forward(&ruleset, house, roll);
                let backward = senet::Ruleset::backward(&ruleset, house, roll);
                answers += usize::from(forward.is_some()) + usize::from(backward.is_some());
            }
        }
    }
    // Most houses move forward with most rolls: the hooks were really asked.
    assert!(answers > 7 * 30 * 3, "{answers}");
}
