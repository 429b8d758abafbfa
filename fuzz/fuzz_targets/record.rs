//! Arbitrary text as a game record: parsing never panics; a record that
//! parses prints back byte for byte and parses to the same record; and
//! verifying it (under the ruleset it names, and under every built-in
//! ruleset) never panics. A record that verifies ends in a position that
//! prints and parses back, and its throws replay to the same verdict.
//! Reading the bytes line by line (`Record::read_from`) gives exactly what
//! parsing the text gives, and any error is one line of less than 200
//! bytes that names a line of the input.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use senet::{AnyRuleset, Record};
use senet::record::{ParseRecordError, ReadRecordError};

/// An error is one short line that names a line of the input.
fn check_error(error: &ParseRecordError, data: &[u8]) {
    let message = error.to_string();
    assert!(message.len() < 200, "{} bytes: {message}", message.len());
    assert!(!message.contains(['\n', '\r', '\u{202e}']), "{message:?}");
    let lines = data.split(|&b| b == b'\n').count();
    assert!(error.line >= 1 && error.line <= lines + 1, "{message}");
    assert!(error.column >= 1, "{message}");
}

fuzz_target!(|data: &[u8]| {
    let read = Record::read_from(data);
    let Ok(text) = std::str::from_utf8(data) else {
        match read {
            Err(ReadRecordError::Parse(error)) => check_error(&error, data),
            other => panic!("bytes that are not UTF-8 read as {other:?}"),
        }
        return;
    };
    let parsed = text.parse::<Record>();
    match (&read, &parsed) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(ReadRecordError::Parse(a)), Err(b)) => {
            assert_eq!(a, b);
            check_error(b, data);
        }
        _ => panic!("read_from gives {read:?}, parse {parsed:?}"),
    }
    let Ok(record) = parsed else {
        return;
    };
    let printed = record.to_string();
    assert_eq!(printed, text, "a parsed record prints otherwise");
    assert_eq!(printed.parse::<Record>().as_ref(), Ok(&record));
    match record.verify() {
        Ok(verdict) => {
            assert!(verdict.is_valid());
            assert!(verdict.problem().is_none());
            common::check_round_trip(verdict.position());
            assert_eq!(verdict.history().len(), record.throws().len());
            assert_eq!(verdict.finish(), record.finish());
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
    for ruleset in AnyRuleset::ALL {
        let verdict = record.replay_with(ruleset);
        let _ = verdict.to_string();
        common::check_round_trip(verdict.position());
        assert!(verdict.history().len() <= record.throws().len());
        assert_eq!(verdict.is_valid(), verdict.problem().is_none());
        if ruleset.to_string() != record.ruleset() {
            assert!(
                !verdict.is_valid(),
                "a record verified under another ruleset"
            );
        }
    }
});
