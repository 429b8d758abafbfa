//! The text form of a record: printing it, and parsing exactly what is
//! printed, line by line as it is read.

use core::fmt;
use core::str::FromStr;
use std::io::{self, BufRead};

use super::Record;
use super::error::{ParseRecordError, ReadRecordError, RecordError};
use super::tags::{
    ORDER, REQUIRED, agent_tag, at, check_date, check_value_at, name_tag, parse_finish, parse_tag,
    result_text, write_tag,
};
use crate::game::Finish;
use crate::house::Side;
use crate::notation::move_text::MoveText;
use crate::notation::quote::{excerpt, excerpt_to};
use crate::source::{Commitment, CommitmentError, Seed};

/// The longest line of a record, in bytes, without its `\n`.
pub(crate) const MAX_LINE: usize = 256;

pub(crate) use crate::notation::quote::MAX_VALUE;
impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tag(f, "Ruleset", &self.ruleset)?;
        write_tag(f, "Revision", &self.revision.to_string())?;
        if let Some(digest) = self.rules_file() {
            write_tag(f, "RulesFile", &digest.to_string())?;
        }
        if let Some(seed) = self.seed {
            write_tag(f, "Seed", &seed.to_string())?;
        }
        if let Some(start) = &self.start {
            write_tag(f, "Start", start)?;
        }
        for side in Side::BOTH {
            if let Some(name) = self.name(side) {
                write_tag(f, name_tag(side), name)?;
            }
        }
        for side in Side::BOTH {
            if let Some(agent) = self.agent(side) {
                write_tag(f, agent_tag(side), agent)?;
            }
        }
        if let Some(site) = self.site() {
            write_tag(f, "Site", site)?;
        }
        if let Some(date) = self.date() {
            write_tag(f, "Date", date)?;
        }
        if let Some(commitment) = self.commitment() {
            write_tag(f, "Commitment", &commitment.to_string())?;
        }
        write_tag(f, "Result", result_text(self.finish))?;
        if let Some(finish) = self.finish {
            write_tag(f, "Ending", finish.ending().as_str())?;
        }
        f.write_str("\n")?;
        for (i, throw) in self.throws.iter().enumerate() {
            writeln!(f, "{}. {throw}", i + 1)?;
        }
        Ok(())
    }
}

/// The 1-based column of byte `at` of `line`, in characters.
fn column(line: &str, at: usize) -> usize {
    line.get(..at)
        .map_or(1, |before| before.chars().count() + 1)
}
/// A tag as read: its line, the column its value starts at, and its value.
struct Tag {
    line: usize,
    column: usize,
    value: String,
}

/// Everything of a record but its throws.
struct Header {
    ruleset: String,
    revision: u32,
    rules_file: Option<Commitment>,
    seed: Option<Seed>,
    start: Option<String>,
    names: [Option<String>; 2],
    agents: [Option<String>; 2],
    site: Option<String>,
    date: Option<String>,
    commitment: Option<Commitment>,
    finish: Option<Finish>,
}

/// Where the parser is.
enum Stage {
    /// Reading tags, the next one at this index of [`ORDER`] or later.
    Tags { next: usize },
    /// The header is read and checked; reading throws.
    Throws(Box<Header>),
}

/// The record parser: fed one line at a time, it checks each as it comes
/// and keeps nothing of the text but the parts of the record.
struct Parser {
    /// The number of the last line fed (0 before the first).
    line: usize,
    tags: [Option<Tag>; ORDER.len()],
    stage: Stage,
    throws: Vec<MoveText>,
}

/// An error at a column of the current line.
type Failure = (usize, RecordError);

impl Parser {
    fn new() -> Parser {
        Parser {
            line: 0,
            tags: Default::default(),
            stage: Stage::Tags { next: 0 },
            throws: Vec::new(),
        }
    }

    fn error_at(&self, line: usize, column: usize, error: RecordError) -> ParseRecordError {
        ParseRecordError {
            line,
            column,
            error,
        }
    }

    /// Feeds the next line of raw text: `bytes` without its `\n`, and
    /// whether the `\n` was there. The line may be any bytes at all.
    fn feed_bytes(&mut self, bytes: &[u8], newline: bool) -> Result<(), ParseRecordError> {
        let line = self.line + 1;
        let text = match core::str::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                let valid = &bytes[..e.valid_up_to()];
                let chars = core::str::from_utf8(valid).map_or(0, |t| t.chars().count());
                let error = if bytes.len() > MAX_LINE {
                    RecordError::LineTooLong { max: MAX_LINE }
                } else {
                    RecordError::NotUtf8
                };
                let column = match error {
                    RecordError::NotUtf8 => chars + 1,
                    _ => column_past_limit(bytes),
                };
                return Err(self.error_at(line, column, error));
            }
        };
        self.feed(text, newline)
    }

    /// Feeds the next line: `text` without its `\n`, and whether the `\n`
    /// was there.
    fn feed(&mut self, text: &str, newline: bool) -> Result<(), ParseRecordError> {
        self.line += 1;
        let line = self.line;
        if text.len() > MAX_LINE {
            let column = column_past_limit(text.as_bytes());
            return Err(self.error_at(line, column, RecordError::LineTooLong { max: MAX_LINE }));
        }
        if !newline {
            let column = text.chars().count() + 1;
            return Err(self.error_at(line, column, RecordError::NoFinalNewline));
        }
        if text.ends_with('\r') {
            let column = text.chars().count();
            return Err(self.error_at(line, column, RecordError::CarriageReturn));
        }
        match &self.stage {
            Stage::Tags { next } if text.starts_with('[') => {
                let next = *next;
                self.tag(text, next)
                    .map_err(|(at, error)| self.error_at(line, column(text, at), error))
            }
            Stage::Tags { .. } => {
                let header = self.header(text)?;
                if !text.is_empty() {
                    return Err(self.error_at(
                        line,
                        1,
                        RecordError::NoBlankLine {
                            found: excerpt(text),
                        },
                    ));
                }
                self.stage = Stage::Throws(Box::new(header));
                Ok(())
            }
            Stage::Throws(_) => self
                .throw(text)
                .map_err(|(at, error)| self.error_at(line, column(text, at), error)),
        }
    }

    /// Reads a tag line, expecting a tag at index `next` of [`ORDER`] or later.
    fn tag(&mut self, text: &str, next: usize) -> Result<(), Failure> {
        let (name, value, value_start) = parse_tag(text)?;
        let Some(found) = ORDER[next..].iter().position(|&t| t == name) else {
            return Err((
                1,
                RecordError::UnexpectedTag {
                    name: excerpt_to(name, 24),
                },
            ));
        };
        let index = next + found;
        if at::FREE_TEXT.contains(&index) {
            check_value_at(ORDER[index], &value).map_err(|(i, error)| {
                (
                    value_start + byte_of_char(&value, i, text, value_start),
                    error,
                )
            })?;
        }
        if let Some(missing) = REQUIRED
            .into_iter()
            .find(|m| ORDER[next..index].contains(m))
        {
            return Err((
                0,
                RecordError::MissingTag {
                    expected: missing,
                    found: excerpt(text),
                },
            ));
        }
        self.tags[index] = Some(Tag {
            line: self.line,
            column: column(text, value_start),
            value,
        });
        self.stage = Stage::Tags { next: index + 1 };
        Ok(())
    }

    /// Checks the tags read once the header ends, at the current line
    /// (`found`, or the end of the record).
    fn header(&self, found: &str) -> Result<Header, ParseRecordError> {
        let line = self.line;
        let next = match self.stage {
            Stage::Tags { next } => next,
            Stage::Throws(_) => ORDER.len(),
        };
        if let Some(missing) = REQUIRED.into_iter().find(|m| ORDER[next..].contains(m)) {
            return Err(self.error_at(
                line,
                1,
                RecordError::MissingTag {
                    expected: missing,
                    found: excerpt(found),
                },
            ));
        }
        // Where a tag's value is; a missing tag is reported where the header ends.
        let at = |index: usize| {
            self.tags[index]
                .as_ref()
                .map_or((line, 1), |tag| (tag.line, tag.column))
        };
        let fail = |index: usize, extra: usize, error: RecordError| {
            let (line, column) = at(index);
            self.error_at(line, column + extra, error)
        };
        let tag = |index: usize| self.tags[index].as_ref().map(|t| t.value.as_str());
        let ruleset = tag(at::RULESET).unwrap_or_default().to_owned();
        let revision_text = tag(at::REVISION).unwrap_or_default();
        let revision = revision_text
            .parse::<u32>()
            .ok()
            .filter(|r| r.to_string() == revision_text)
            .ok_or_else(|| {
                fail(
                    at::REVISION,
                    0,
                    RecordError::BadValue {
                        tag: "Revision",
                        value: excerpt(revision_text),
                        why: "it must be a decimal number with no sign or leading zero",
                    },
                )
            })?;
        let seed = tag(at::SEED)
            .map(Seed::from_str)
            .transpose()
            .map_err(|e| fail(at::SEED, 0, e.into()))?;
        if let Some(date) = tag(at::DATE) {
            check_date(date).map_err(|e| fail(at::DATE, 0, e))?;
        }
        let digest = |index: usize, kind: fn(CommitmentError) -> RecordError| {
            self.tags[index]
                .as_ref()
                .map(|t| Commitment::from_str(&t.value))
                .transpose()
                .map_err(|error| {
                    // Hex digits are one character each: point at the bad one.
                    let extra = match error {
                        CommitmentError::Digit { position, .. } => position - 1,
                        _ => 0,
                    };
                    fail(index, extra, kind(error))
                })
        };
        let rules_file = digest(at::RULES_FILE, RecordError::RulesFile)?;
        let commitment = digest(at::COMMITMENT, RecordError::Commitment)?;
        let finish = parse_finish(tag(at::RESULT).unwrap_or_default(), tag(at::ENDING)).map_err(
            |error| {
                let index = match error {
                    RecordError::BadValue { tag: "Result", .. } => at::RESULT,
                    _ if self.tags[at::ENDING].is_some() => at::ENDING,
                    _ => at::RESULT,
                };
                fail(index, 0, error)
            },
        )?;
        let owned = |index: usize| tag(index).map(str::to_owned);
        Ok(Header {
            ruleset,
            revision,
            rules_file,
            seed,
            start: owned(at::START),
            names: at::NAMES.map(owned),
            agents: at::AGENTS.map(owned),
            site: owned(at::SITE),
            date: owned(at::DATE),
            commitment,
            finish,
        })
    }

    /// Reads a throw line: `N. NOTATION`, N the next throw's number.
    fn throw(&mut self, text: &str) -> Result<(), Failure> {
        let number = self.throws.len() + 1;
        let numbered = text.split_once(". ").filter(|(digits, _)| {
            digits.bytes().all(|b| b.is_ascii_digit())
                && !digits.starts_with('0')
                && digits.parse::<usize>() == Ok(number)
        });
        let Some((digits, notation)) = numbered else {
            return Err((
                0,
                RecordError::ThrowNumber {
                    expected: number,
                    found: excerpt(text),
                },
            ));
        };
        let throw = notation.parse::<MoveText>().map_err(|error| {
            let at = digits.len() + 2 + error.column.saturating_sub(1);
            (at, RecordError::Move { number, error })
        })?;
        self.throws.push(throw);
        Ok(())
    }

    /// The record, once every line is fed; `any` says whether there was
    /// any text at all.
    fn finish(self, any: bool) -> Result<Record, ParseRecordError> {
        if !any {
            return Err(self.error_at(1, 1, RecordError::Empty));
        }
        let header = match self.stage {
            Stage::Throws(header) => header,
            Stage::Tags { .. } => {
                // The text stops inside the header: say so at the line after it.
                let end = Parser {
                    line: self.line + 1,
                    ..self
                };
                let found = "the end of the record";
                end.header(found)?;
                return Err(end.error_at(
                    end.line,
                    1,
                    RecordError::NoBlankLine {
                        found: found.to_owned(),
                    },
                ));
            }
        };
        Ok(Record {
            ruleset: header.ruleset,
            revision: header.revision,
            rules_file: header.rules_file,
            seed: header.seed,
            start: header.start,
            names: header.names,
            agents: header.agents,
            site: header.site,
            date: header.date,
            commitment: header.commitment,
            finish: header.finish,
            throws: self.throws,
        })
    }
}

/// The byte offset, from `value_start` in the tag line `line`, of the
/// character that is character `index` of the unescaped `value`: escapes
/// (`\"`, `\\`) take two bytes of the line for one character.
fn byte_of_char(value: &str, index: usize, line: &str, value_start: usize) -> usize {
    let escapes = value
        .chars()
        .take(index)
        .filter(|&c| c == '"' || c == '\\')
        .count();
    let bytes: usize = value.chars().take(index).map(char::len_utf8).sum();
    (bytes + escapes).min(line.len() - value_start)
}

/// The column of the first character past [`MAX_LINE`] bytes of a line.
fn column_past_limit(bytes: &[u8]) -> usize {
    let head = &bytes[..bytes.len().min(MAX_LINE)];
    let valid = match core::str::from_utf8(head) {
        Ok(text) => text,
        Err(e) => core::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default(),
    };
    valid.chars().count() + 1
}

impl FromStr for Record {
    type Err = ParseRecordError;

    /// Parses exactly the layout [`Display`](fmt::Display) writes (see
    /// [`Record`]); the error names the line, the column and the problem.
    /// The text is read line by line; nothing of it is copied but the
    /// parts of the record.
    fn from_str(text: &str) -> Result<Record, ParseRecordError> {
        let mut parser = Parser::new();
        for line in text.split_inclusive('\n') {
            match line.strip_suffix('\n') {
                Some(line) => parser.feed(line, true)?,
                None => parser.feed(line, false)?,
            }
        }
        parser.finish(!text.is_empty())
    }
}

/// How [`read_line`] stopped.
enum LineEnd {
    /// At a `\n` (not kept).
    Newline,
    /// At the end of the input.
    Eof,
    /// Past `MAX_LINE` bytes, before any `\n`.
    TooLong,
}

/// Reads one line into `buf` (emptied first), without its `\n`, reading
/// at most `MAX_LINE + 1` bytes of it: a longer line is not read further.
fn read_line<B: BufRead>(input: &mut B, buf: &mut Vec<u8>) -> io::Result<LineEnd> {
    buf.clear();
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(LineEnd::Eof);
        }
        let room = MAX_LINE + 1 - buf.len();
        let chunk = &available[..available.len().min(room)];
        if let Some(at) = chunk.iter().position(|&b| b == b'\n') {
            buf.extend_from_slice(&chunk[..at]);
            input.consume(at + 1);
            return Ok(LineEnd::Newline);
        }
        let taken = chunk.len();
        buf.extend_from_slice(chunk);
        input.consume(taken);
        if buf.len() > MAX_LINE {
            return Ok(LineEnd::TooLong);
        }
    }
}

impl Record {
    /// The longest line a record may have, in bytes, not counting its
    /// `\n`. No record that prints can have a longer line: tag values
    /// are at most [`Record::MAX_VALUE`] bytes, and a throw line is short.
    ///
    /// ```
    /// use senet::{Record, RecordError};
    ///
    /// let long = format!("[Ruleset \"{}\"]\n", "k".repeat(Record::MAX_LINE));
    /// let err = long.parse::<Record>().unwrap_err();
    /// assert_eq!(err.error, RecordError::LineTooLong { max: Record::MAX_LINE });
    /// ```
    pub const MAX_LINE: usize = MAX_LINE;

    /// The longest tag value (a name, the ruleset, the start position), in
    /// bytes of UTF-8 before escaping.
    ///
    /// ```
    /// use senet::{Record, Side, rulesets::Kendall};
    ///
    /// let longest = "a".repeat(Record::MAX_VALUE);
    /// assert!(Record::new(Kendall).with_name(Side::X, &longest).is_ok());
    /// assert!(Record::new(Kendall).with_name(Side::X, &(longest + "a")).is_err());
    /// ```
    pub const MAX_VALUE: usize = MAX_VALUE;

    /// Reads a record from `input`, checking each line as it is read and
    /// stopping at the first problem, exactly as parsing the text with
    /// [`str::parse`] would (the same record, or the same error).
    ///
    /// Memory: one line at a time, never more than
    /// [`Record::MAX_LINE`]` + 1` bytes of it (a longer line is refused
    /// without being read to its end), plus the record being built; text
    /// that is not a record is refused at its first bad line, whatever
    /// follows it.
    ///
    /// ```
    /// use senet::Record;
    /// let text = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Result \"*\"]\n\n1. 2: 10-12\n";
    /// let record = Record::read_from(text.as_bytes()).unwrap();
    /// assert_eq!(record, text.parse().unwrap());
    /// let error = Record::read_from(&b"\xff\n"[..]).unwrap_err();
    /// assert_eq!(error.to_string(), "line 1, column 1: the line is not valid UTF-8 text");
    /// ```
    pub fn read_from<B: BufRead>(mut input: B) -> Result<Record, ReadRecordError> {
        let mut parser = Parser::new();
        let mut buf = Vec::with_capacity(128);
        let mut any = false;
        loop {
            let end = read_line(&mut input, &mut buf).map_err(|source| ReadRecordError::Io {
                line: parser.line + 1,
                source,
            })?;
            match end {
                LineEnd::Eof if buf.is_empty() => break,
                LineEnd::Eof => parser.feed_bytes(&buf, false)?,
                LineEnd::Newline => parser.feed_bytes(&buf, true)?,
                LineEnd::TooLong => {
                    let line = parser.line + 1;
                    return Err(parser
                        .error_at(
                            line,
                            column_past_limit(&buf),
                            RecordError::LineTooLong { max: MAX_LINE },
                        )
                        .into());
                }
            }
            any = true;
        }
        Ok(parser.finish(any)?)
    }
}
