//! Why a record is not valid, or could not be read: the errors of
//! parsing, of reading and of the values given to a record.

use std::io;

use thiserror::Error;

use crate::game::Ending;
use crate::notation::move_text::ParseMoveError;
use crate::source::{CommitmentError, SeedError};

/// Why a record, or a part given to one, is not valid.
///
/// Where it quotes the input, it keeps only the start of it: at most 60
/// bytes once printed with `{:?}`, which escapes control and invisible
/// characters; a cut is marked `…`. Every message is one line of less
/// than 200 bytes, with the line and column of [`ParseRecordError`].
///
/// ```
/// use senet::{Record, RecordError, Side, rulesets::Kendall};
///
/// let err = "".parse::<Record>().unwrap_err();
/// assert_eq!(err.error, RecordError::Empty);
/// let unnamed = Record::new(Kendall).with_name(Side::X, "");
/// assert!(matches!(unnamed, Err(RecordError::BadValue { tag: "X", .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum RecordError {
    /// The text is empty.
    #[error("the record is empty")]
    Empty,
    /// The last line does not end with a line break.
    #[error("the record must end with a line break")]
    NoFinalNewline,
    /// A line ends with a carriage return.
    #[error("the line ends with a carriage return; records use \\n line ends only")]
    CarriageReturn,
    /// A line is longer than [`Record::MAX_LINE`](super::Record::MAX_LINE) bytes.
    #[error("the line is longer than {max} bytes, the longest a record line may be")]
    LineTooLong {
        /// The longest line allowed, in bytes.
        max: usize,
    },
    /// A line is not valid UTF-8.
    #[error("the line is not valid UTF-8 text")]
    NotUtf8,
    /// A header line that is not `[Name "value"]`.
    #[error("expected a tag line like [Name \"value\"], found {found:?}")]
    TagLine {
        /// The start of the line as found.
        found: String,
    },
    /// A required tag is missing.
    #[error("expected the {expected} tag, found {found:?}")]
    MissingTag {
        /// The tag expected.
        expected: &'static str,
        /// The start of the line found instead.
        found: String,
    },
    /// A tag that is unknown, given twice or out of order.
    #[error(
        "unknown, repeated or misplaced tag {name:?}; the order is Ruleset, Revision, RulesFile, Seed, Start, X, O, XAgent, OAgent, Site, Date, Commitment, Result, Ending"
    )]
    UnexpectedTag {
        /// The start of the tag's name (at most 24 bytes).
        name: String,
    },
    /// A tag's value is not allowed.
    #[error("the {tag} tag cannot be {value:?}: {why}")]
    BadValue {
        /// The tag.
        tag: &'static str,
        /// The start of the value as found.
        value: String,
        /// What a value of this tag must be.
        why: &'static str,
    },
    /// The seed is not lower-case hex, or too long.
    #[error("the Seed tag: {0}")]
    Seed(#[from] SeedError),
    /// The commitment is not 64 lower-case hex digits.
    #[error("the Commitment tag: {0}")]
    Commitment(#[from] CommitmentError),
    /// The rules file's SHA-256 is not 64 lower-case hex digits.
    #[error("the RulesFile tag: {0}")]
    RulesFile(CommitmentError),
    /// The result and the ending do not go together.
    #[error("[Result {result:?}] does not go with {}", match ending {
        Some(e) => format!("[Ending {:?}]", e.as_str()),
        None => "a missing Ending tag".to_owned(),
    })]
    Finish {
        /// The result written.
        result: String,
        /// The ending written, if any.
        ending: Option<Ending>,
    },
    /// The header is not followed by an empty line.
    #[error("expected an empty line after the header, found {found:?}")]
    NoBlankLine {
        /// The start of the line found.
        found: String,
    },
    /// A throw line that does not start with its number and `". "`.
    #[error("expected throw {expected} as \"{expected}. NOTATION\", found {found:?}")]
    ThrowNumber {
        /// The number the line should have.
        expected: usize,
        /// The start of the line found.
        found: String,
    },
    /// A throw whose notation is malformed.
    #[error("throw {number}: {error}")]
    Move {
        /// The throw's number.
        number: usize,
        /// What is wrong with the notation.
        error: ParseMoveError,
    },
}

/// Text that is not a record: where (the 1-based line and column, in
/// characters) and what is wrong there.
///
/// ```
/// use senet::{Record, RecordError};
/// use senet::record::ParseRecordError;
///
/// let header = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Result \"*\"]\n\n";
/// let text = format!("{header}1. 2: 10-12\n2: 3: 9-12x\n");
/// let err: ParseRecordError = text.parse::<Record>().unwrap_err();
/// assert_eq!((err.line, err.column), (6, 1));
/// assert!(matches!(err.error, RecordError::ThrowNumber { expected: 2, .. }));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[error("line {line}, column {column}: {error}")]
pub struct ParseRecordError {
    /// The 1-based line number.
    pub line: usize,
    /// The 1-based column, in characters, where the problem starts (1 when
    /// it is the line as a whole).
    pub column: usize,
    /// What is wrong.
    pub error: RecordError,
}

/// A record that could not be read: the text is not a record, or the
/// reader failed.
///
/// ```
/// use senet::{Record, RecordError};
/// use senet::record::ReadRecordError;
///
/// let bytes: &[u8] = b"[Ruleset \"kendall\"]\r\n";
/// let Err(ReadRecordError::Parse(err)) = Record::read_from(bytes) else {
///     panic!("refused as text, not for reading")
/// };
/// assert_eq!((err.line, err.error), (1, RecordError::CarriageReturn));
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum ReadRecordError {
    /// The text read is not a record.
    #[error(transparent)]
    Parse(#[from] ParseRecordError),
    /// The reader failed while reading this line.
    #[error("line {line}: cannot read the record: {source}")]
    Io {
        /// The 1-based line being read.
        line: usize,
        /// The reader's error.
        #[source]
        source: io::Error,
    },
}
