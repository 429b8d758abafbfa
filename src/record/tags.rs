//! The header's tags: their names and order, checking a tag's value,
//! and writing and reading one tag line.

use core::fmt;

use super::error::RecordError;
use crate::game::{Ending, Finish};
use crate::house::Side;
use crate::notation::quote::{excerpt, value_problem};
use crate::ruleset::Outcome;

/// The tags of the header, in the order they are written.
pub(super) const ORDER: [&str; 14] = [
    "Ruleset",
    "Revision",
    "RulesFile",
    "Seed",
    "Start",
    "X",
    "O",
    "XAgent",
    "OAgent",
    "Site",
    "Date",
    "Commitment",
    "Result",
    "Ending",
];

/// The index in [`ORDER`] of each tag the parser reads a value of.
pub(super) mod at {
    pub(in crate::record) const RULESET: usize = 0;
    pub(in crate::record) const REVISION: usize = 1;
    pub(in crate::record) const RULES_FILE: usize = 2;
    pub(in crate::record) const SEED: usize = 3;
    pub(in crate::record) const START: usize = 4;
    pub(in crate::record) const NAMES: [usize; 2] = [5, 6];
    pub(in crate::record) const AGENTS: [usize; 2] = [7, 8];
    pub(in crate::record) const SITE: usize = 9;
    pub(in crate::record) const DATE: usize = 10;
    pub(in crate::record) const COMMITMENT: usize = 11;
    pub(in crate::record) const RESULT: usize = 12;
    pub(in crate::record) const ENDING: usize = 13;
    /// The tags whose value is free text.
    pub(in crate::record) const FREE_TEXT: [usize; 7] = [
        RULESET, START, NAMES[0], NAMES[1], AGENTS[0], AGENTS[1], SITE,
    ];
}

/// The tags a header must have.
pub(super) const REQUIRED: [&str; 3] = ["Ruleset", "Revision", "Result"];

/// The tag naming the player of `side`.
pub(crate) fn name_tag(side: Side) -> &'static str {
    match side {
        Side::X => "X",
        Side::O => "O",
    }
}

/// The tag saying who or what played `side`.
pub(crate) fn agent_tag(side: Side) -> &'static str {
    match side {
        Side::X => "XAgent",
        Side::O => "OAgent",
    }
}

/// Checks a `Date` value: `YYYY-MM-DD`, a day that exists in the
/// (proleptic Gregorian) calendar.
pub(crate) fn check_date(value: &str) -> Result<(), RecordError> {
    let bad = |why: &'static str| RecordError::BadValue {
        tag: "Date",
        value: excerpt(value),
        why,
    };
    let form = "it must be a date written YYYY-MM-DD, such as 2026-12-02";
    let bytes = value.as_bytes();
    let shape = bytes.len() == 10
        && bytes.iter().enumerate().all(|(i, b)| match i {
            4 | 7 => *b == b'-',
            _ => b.is_ascii_digit(),
        });
    if !shape {
        return Err(bad(form));
    }
    let number = |range: core::ops::Range<usize>| {
        value
            .get(range)
            .and_then(|digits| digits.parse::<u32>().ok())
            .ok_or_else(|| bad(form))
    };
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(bad("the month must be 01 to 12")),
    };
    if !(1..=days).contains(&day) {
        return Err(bad("that day is not in the calendar"));
    }
    Ok(())
}

/// Checks a free-text tag value: not empty, at most [`MAX_VALUE`](crate::notation::quote::MAX_VALUE) bytes,
/// no control characters, no format characters or line separators. On a
/// bad value, also the 0-based character index where the problem is.
pub(super) fn check_value_at(tag: &'static str, value: &str) -> Result<(), (usize, RecordError)> {
    let bad = |at: usize, why: &'static str| {
        Err((
            at,
            RecordError::BadValue {
                tag,
                value: excerpt(value),
                why,
            },
        ))
    };
    match value_problem(value) {
        Some((at, why)) => bad(at, why),
        None => Ok(()),
    }
}

/// Checks a free-text tag value; see [`Record::with_name`].
pub(crate) fn check_value(tag: &'static str, value: &str) -> Result<(), RecordError> {
    check_value_at(tag, value).map_err(|(_, error)| error)
}

pub(super) fn result_text(finish: Option<Finish>) -> &'static str {
    match finish.map(Finish::outcome) {
        Some(Outcome::Win(Side::X)) => "x",
        Some(Outcome::Win(Side::O)) => "o",
        Some(Outcome::Draw) => "draw",
        None => "*",
    }
}

/// Writes one tag with its value escaped.
pub(super) fn write_tag(f: &mut fmt::Formatter<'_>, name: &str, value: &str) -> fmt::Result {
    write!(f, "[{name} \"")?;
    for c in value.chars() {
        if c == '"' || c == '\\' {
            f.write_str("\\")?;
        }
        write!(f, "{c}")?;
    }
    f.write_str("\"]\n")
}

/// Reads `[Name "value"]`, unescaping the value: the name, the value, and
/// the byte where the value starts; on failure, the byte where the line
/// stops fitting.
pub(super) fn parse_tag(line: &str) -> Result<(&str, String, usize), (usize, RecordError)> {
    let bad = |at: usize| {
        (
            at,
            RecordError::TagLine {
                found: excerpt(line),
            },
        )
    };
    let inner = line.strip_prefix('[').ok_or_else(|| bad(0))?;
    let name_len = inner
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(inner.len());
    let (name, rest) = inner.split_at(name_len);
    if name.is_empty() {
        return Err(bad(1));
    }
    let rest = rest.strip_prefix(" \"").ok_or_else(|| bad(1 + name_len))?;
    let value_start = name_len + 3;
    let mut value = String::new();
    let mut chars = rest.char_indices();
    loop {
        let Some((i, c)) = chars.next() else {
            return Err(bad(line.len()));
        };
        match c {
            '\\' => match chars.next() {
                Some((_, c @ ('"' | '\\'))) => value.push(c),
                _ => return Err(bad(value_start + i)),
            },
            '"' => break,
            c => value.push(c),
        }
    }
    let tail = chars.as_str();
    if tail != "]" {
        let at = line.len() - tail.len() + usize::from(tail.starts_with(']'));
        return Err(bad(at));
    }
    Ok((name, value, value_start))
}

pub(super) fn parse_finish(
    result: &str,
    ending: Option<&str>,
) -> Result<Option<Finish>, RecordError> {
    let ending = ending
        .map(|text| {
            text.parse::<Ending>().map_err(|_| RecordError::BadValue {
                tag: "Ending",
                value: excerpt(text),
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
                value: excerpt(result),
                why: "it must be \"x\", \"o\", \"draw\" or \"*\" (unfinished)",
            });
        }
    };
    let mismatch = || RecordError::Finish {
        result: excerpt(result),
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
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_unescape() {
        assert_eq!(
            parse_tag(r#"[X "a \"b\" \\c"]"#),
            Ok(("X", r#"a "b" \c"#.to_owned(), 4))
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
