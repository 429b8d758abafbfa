//! The TOML syntax of rules files: the text parsed into the keys `senet`
//! checks, and a refusal placed at the key and line that toml's spans
//! give.

use senet::notation::quote::excerpt;
use senet::{RulesFileError, RulesFormat, RulesSchema};

use crate::places;

/// serde's "unknown field `NAME`, expected one of `a`, `b`..." with the
/// name, which the file wrote, quoted short ([`excerpt`]), so that the
/// list of the keys that are known stays whole within any message limit.
fn quoted_short(message: &str) -> String {
    const UNKNOWN: &str = "unknown field `";
    let Some(rest) = message.strip_prefix(UNKNOWN) else {
        return message.to_owned();
    };
    let end = ["`, expected ", "`, there are no fields"]
        .iter()
        .find_map(|tail| rest.rfind(tail));
    match end {
        Some(end) => format!("{UNKNOWN}{}{}", excerpt(&rest[..end]), &rest[end..]),
        None => message.to_owned(),
    }
}

/// TOML, the syntax of the rules files of `rules/`: what
/// [`Rules::read`](senet::Rules::read) takes to read
/// one ([`from_toml`](crate::from_toml) does it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Toml;

impl RulesFormat for Toml {
    /// The keys of `text`, or what toml and serde refuse, at the deepest
    /// key holding the place they name.
    fn parse(&self, text: &str) -> Result<RulesSchema, RulesFileError> {
        toml::from_str(text).map_err(|error| {
            let span = error.span();
            let mut key = span
                .as_ref()
                .and_then(|span| places::key_at(text, span.start))
                .unwrap_or_default();
            let mut message = error.message().trim().to_owned();
            // A key written twice leaves no document to find keys in: the
            // span is the second writing of the key itself.
            if message == "duplicate key"
                && let Some(written) = span.as_ref().and_then(|span| text.get(span.clone()))
            {
                let written = written.trim().trim_matches('"');
                message = format!("duplicate key: `{written}` is written twice");
                if key.is_empty() {
                    key = written.to_owned();
                }
            }
            RulesFileError::Invalid {
                line: span.map(|span| places::line_at(text, span.start)),
                key: excerpt(&key),
                message: quoted_short(&message),
            }
        })
    }

    fn line_of(&self, text: &str, key: &str) -> Option<usize> {
        places::locate(text, key).map(|offset| places::line_at(text, offset))
    }
}
