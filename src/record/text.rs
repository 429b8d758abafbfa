//! The text form of a record: printing it, and parsing exactly what is printed.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use super::Record;
use crate::game::{Ending, Finish};
use crate::house::Side;
use crate::notation::move_text::{MoveText, ParseMoveError};
use crate::ruleset::Outcome;
use crate::source::{Seed, SeedError};

/// The tags of the header, in the order they are written.
const ORDER: [&str; 8] = [
    "Ruleset", "Revision", "Seed", "Start", "X", "O", "Result", "Ending",
];

/// Why a record, or a part given to one, is not valid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
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
    /// A header line that is not `[Name "value"]`.
    #[error("expected a tag line like [Name \"value\"], found {found:?}")]
    TagLine {
        /// The line as found.
        found: String,
    },
    /// A required tag is missing.
    #[error("expected the {expected} tag, found {found:?}")]
    MissingTag {
        /// The tag expected.
        expected: &'static str,
        /// The line found instead.
        found: String,
    },
    /// A tag that is unknown, given twice or out of order.
    #[error(
        "unknown, repeated or misplaced tag {name:?}; tags come once each, in the order Ruleset, Revision, Seed, Start, X, O, Result, Ending"
    )]
    UnexpectedTag {
        /// The tag's name.
        name: String,
    },
    /// A tag's value is not allowed.
    #[error("the {tag} tag cannot be {value:?}: {why}")]
    BadValue {
        /// The tag.
        tag: &'static str,
        /// The value as found.
        value: String,
        /// What a value of this tag must be.
        why: &'static str,
    },
    /// The seed is not lower-case hex, or too long.
    #[error("the Seed tag: {0}")]
    Seed(#[from] SeedError),
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
        /// The line found.
        found: String,
    },
    /// A throw line that does not start with its number and `". "`.
    #[error("expected throw {expected} as \"{expected}. NOTATION\", found {found:?}")]
    ThrowNumber {
        /// The number the line should have.
        expected: usize,
        /// The line found.
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

/// Text that is not a record: the 1-based line and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {error}")]
pub struct ParseRecordError {
    /// The 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub error: RecordError,
}

/// The tag naming the player of `side`.
pub(crate) fn name_tag(side: Side) -> &'static str {
    match side {
        Side::X => "X",
        Side::O => "O",
    }
}

/// Checks a free-text tag value: not empty, no control characters.
pub(crate) fn check_value(tag: &'static str, value: &str) -> Result<(), RecordError> {
    let why = if value.is_empty() {
        "it is empty"
    } else if value.chars().any(char::is_control) {
        "a value may not hold control characters such as line breaks or tabs"
    } else {
        return Ok(());
    };
    Err(RecordError::BadValue {
        tag,
        value: value.to_owned(),
        why,
    })
}

fn result_text(finish: Option<Finish>) -> &'static str {
    match finish.map(Finish::outcome) {
        Some(Outcome::Win(Side::X)) => "x",
        Some(Outcome::Win(Side::O)) => "o",
        Some(Outcome::Draw) => "draw",
        None => "*",
    }
}

/// Writes one tag with its value escaped.
fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    write!(f, "[{name} \"")?;
    for c in value.chars() {
        if c == '"' || c == '\\' {
            f.write_str("\\")?;
        }
        write!(f, "{c}")?;
    }
    f.write_str("\"]\n")
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_tag(f, "Ruleset", &self.ruleset)?;
        write_tag(f, "Revision", &self.revision.to_string())?;
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

/// Reads `[Name "value"]`, unescaping the value.
fn parse_tag(line: &str) -> Result<(&str, String), RecordError> {
    let bad = || RecordError::TagLine {
        found: line.to_owned(),
    };
    let inner = line.strip_prefix('[').ok_or_else(bad)?;
    let (name, rest) = inner.split_once(" \"").ok_or_else(bad)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(bad());
    }
    let mut value = String::new();
    let mut chars = rest.chars();
    loop {
        match chars.next().ok_or_else(bad)? {
            '\\' => match chars.next() {
                Some(c @ ('"' | '\\')) => value.push(c),
                _ => return Err(bad()),
            },
            '"' => break,
            c => value.push(c),
        }
    }
    if chars.as_str() != "]" {
        return Err(bad());
    }
    Ok((name, value))
}

fn parse_finish(result: &str, ending: Option<&str>) -> Result<Option<Finish>, RecordError> {
    let ending = ending
        .map(|text| {
            text.parse::<Ending>().map_err(|_| RecordError::BadValue {
                tag: "Ending",
                value: text.to_owned(),
                why: "it must be \"borne off\", \"resignation\" or \"draw\"",
            })
        })
        .transpose()?;
    let outcome = match result {
        "x" => Some(Outcome::Win(Side::X)),
        "o" => Some(Outcome::Win(Side::O)),
        "draw" => Some(Outcome::Draw),
        "*" => None,
        _ => {
            return Err(RecordError::BadValue {
                tag: "Result",
                value: result.to_owned(),
                why: "it must be \"x\", \"o\", \"draw\" or \"*\" (unfinished)",
            });
        }
    };
    let mismatch = || RecordError::Finish {
        result: result.to_owned(),
        ending,
    };
    match (outcome, ending) {
        (None, None) => Ok(None),
        (Some(outcome), Some(ending)) => {
            Finish::new(outcome, ending).map(Some).ok_or_else(mismatch)
        }
        _ => Err(mismatch()),
    }
}

impl FromStr for Record {
    type Err = ParseRecordError;

    /// Parses exactly the layout [`Display`](fmt::Display) writes (see the
    /// module documentation); the error names the line and the problem.
    fn from_str(text: &str) -> Result<Record, ParseRecordError> {
        let at = |line: usize| move |error| ParseRecordError { line, error };
        if text.is_empty() {
            return Err(at(1)(RecordError::Empty));
        }
        let mut lines: Vec<&str> = text.split('\n').collect();
        if lines.pop() != Some("") {
            return Err(at(lines.len() + 1)(RecordError::NoFinalNewline));
        }
        if let Some(i) = lines.iter().position(|l| l.ends_with('\r')) {
            return Err(at(i + 1)(RecordError::CarriageReturn));
        }
        // The header: tags in ORDER, each at most once, with their line numbers.
        let mut tags: [Option<(usize, String)>; 8] = Default::default();
        let mut next = 0;
        let mut i = 0;
        while let Some(line) = lines.get(i).filter(|l| l.starts_with('[')) {
            let (name, value) = parse_tag(line).map_err(at(i + 1))?;
            let Some(found) = ORDER[next..].iter().position(|&t| t == name) else {
                return Err(at(i + 1)(RecordError::UnexpectedTag {
                    name: name.to_owned(),
                }));
            };
            let index = next + found;
            if let Some(missing) = ["Ruleset", "Revision", "Result"]
                .into_iter()
                .find(|m| ORDER[next..index].contains(m))
            {
                return Err(at(i + 1)(RecordError::MissingTag {
                    expected: missing,
                    found: line.to_string(),
                }));
            }
            tags[index] = Some((i + 1, value));
            next = index + 1;
            i += 1;
        }
        let found = lines.get(i).copied().unwrap_or("the end of the record");
        if let Some(missing) = ["Ruleset", "Revision", "Result"]
            .into_iter()
            .find(|m| ORDER[next..].contains(m))
        {
            return Err(at(i + 1)(RecordError::MissingTag {
                expected: missing,
                found: found.to_owned(),
            }));
        }
        let line_of = |index: usize| tags[index].as_ref().map_or(i, |(line, _)| *line);
        let tag = |index: usize| tags[index].as_ref().map(|(_, value)| value.as_str());
        for index in [0, 3, 4, 5] {
            if let Some(value) = tag(index) {
                check_value(ORDER[index], value).map_err(at(line_of(index)))?;
            }
        }
        let ruleset = tag(0).unwrap_or_default().to_owned();
        let revision_text = tag(1).unwrap_or_default();
        let revision = revision_text
            .parse::<u32>()
            .ok()
            .filter(|r| r.to_string() == revision_text)
            .ok_or_else(|| {
                at(line_of(1))(RecordError::BadValue {
                    tag: "Revision",
                    value: revision_text.to_owned(),
                    why: "it must be a decimal number with no sign or leading zero",
                })
            })?;
        let seed = tag(2)
            .map(Seed::from_str)
            .transpose()
            .map_err(|e| at(line_of(2))(e.into()))?;
        let finish = parse_finish(tag(6).unwrap_or_default(), tag(7)).map_err(|error| {
            let line = match error {
                RecordError::BadValue { tag: "Result", .. } => line_of(6),
                _ => line_of(7).max(line_of(6)),
            };
            at(line)(error)
        })?;
        let names = [tag(4).map(str::to_owned), tag(5).map(str::to_owned)];
        let start = tag(3).map(str::to_owned);
        // An empty line, then the throws.
        if lines.get(i) != Some(&"") {
            return Err(at(i + 1)(RecordError::NoBlankLine {
                found: found.to_owned(),
            }));
        }
        let mut throws = Vec::with_capacity(lines.len() - i);
        for (k, line) in lines[i + 1..].iter().enumerate() {
            let (number, line_no) = (k + 1, i + k + 2);
            let prefix = format!("{number}. ");
            let notation = line.strip_prefix(&prefix).ok_or_else(|| {
                at(line_no)(RecordError::ThrowNumber {
                    expected: number,
                    found: (*line).to_owned(),
                })
            })?;
            let throw = notation
                .parse::<MoveText>()
                .map_err(|error| at(line_no)(RecordError::Move { number, error }))?;
            throws.push(throw);
        }
        Record::from_parts(ruleset, revision, seed, start, names, finish, throws).map_err(at(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_unescape() {
        assert_eq!(
            parse_tag(r#"[X "a \"b\" \\c"]"#),
            Ok(("X", r#"a "b" \c"#.to_owned()))
        );
        assert!(parse_tag(r#"[X "a\nb"]"#).is_err());
        assert!(parse_tag(r#"[X "ab"] "#).is_err());
        assert!(parse_tag(r#"[X  "ab"]"#).is_err());
        assert!(parse_tag(r#"[X "ab]"#).is_err());
    }

    #[test]
    fn results_and_endings_must_agree() {
        assert_eq!(parse_finish("*", None), Ok(None));
        assert_eq!(
            parse_finish("o", Some("resignation")),
            Ok(Some(Finish::Resignation { winner: Side::O }))
        );
        assert!(parse_finish("*", Some("draw")).is_err());
        assert!(parse_finish("x", None).is_err());
        assert!(parse_finish("draw", Some("borne off")).is_err());
        assert!(parse_finish("X", Some("borne off")).is_err());
    }
}
