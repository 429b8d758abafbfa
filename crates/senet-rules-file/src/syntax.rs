//! The TOML syntax of rules files: the text parsed into the keys `senet`
//! checks, and a refusal placed at the key and line that toml's spans
//! give.

use senet::{RulesFileError, RulesFormat, RulesSchema};

use crate::places;

/// TOML, the syntax of the rules files of `rules/`: what
/// [`Described::from_text`](senet::Described::from_text) takes to read
/// one ([`from_toml`](crate::from_toml) does it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Toml;

impl RulesFormat for Toml {
    /// The keys of `text`, or what toml and serde refuse, at the deepest
    /// key holding the place they name.
    fn parse(&self, text: &str) -> Result<RulesSchema, RulesFileError> {
        toml::from_str(text).map_err(|error| {
            let span = error.span();
            let key = span
                .as_ref()
                .and_then(|span| places::key_at(text, span.start))
                .unwrap_or_default();
            RulesFileError::Invalid {
                line: span.map(|span| places::line_at(text, span.start)),
                key,
                message: error.message().trim().to_owned(),
            }
        })
    }

    fn line_of(&self, text: &str, key: &str) -> Option<usize> {
        places::locate(text, key).map(|offset| places::line_at(text, offset))
    }
}
