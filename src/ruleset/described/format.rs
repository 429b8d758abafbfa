//! The syntax a rules file is written in, kept out of the crate: the
//! crate checks a file's keys, a [`RulesFormat`] reads them from its text
//! and says on which line a key is written. The `senet-rules-file` crate
//! is the TOML one, the syntax of the files of `rules/`.

use super::RulesFileError;
use super::schema::RulesSchema;

/// A syntax of rules files: how their text becomes keys, and where a key
/// is written, so that a refusal names its line.
///
/// [`Rules::read`](crate::Rules::read) takes one. The
/// ruleset read is kept under the SHA-256 of the text, which the records
/// of its games carry: `parse` must read the text it is given and
/// nothing else, or a file's digest would stand for other rules.
///
/// A syntax of your own, JSON here, with no line to give:
///
/// ```
/// use senet::{Position, Rules, RulesFileError, RulesFormat, RulesSchema};
///
/// struct Json;
///
/// impl RulesFormat for Json {
///     fn parse(&self, text: &str) -> Result<RulesSchema, RulesFileError> {
///         serde_json::from_str(text).map_err(|error| RulesFileError::Invalid {
///             line: Some(error.line()),
///             key: String::new(),
///             message: error.to_string(),
///         })
///     }
///     fn line_of(&self, _text: &str, _key: &str) -> Option<usize> {
///         None
///     }
/// }
///
/// let text = r#"{
///     "name": "short", "revision": 1, "pieces": 3, "implement": "four_sticks",
///     "start": { "x": [2, 4, 6], "o": [1, 3, 5] },
///     "forward": { "step": "1-30" }
/// }"#;
/// let short = Rules::read(text, &Json)?;
/// let start = Position::start(short);
/// assert_eq!(start.to_string(), "oxoxox........................ x 0 0");
///
/// // A refusal names the key; this syntax gives no line.
/// let error = Rules::read(&text.replace("[2, 4, 6]", "[2, 4, 40]"), &Json)
///     .expect_err("no house 40");
/// assert_eq!(error.to_string(), "`start.x`: 40 is not a house: houses are 1 to 30");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait RulesFormat {
    /// The keys `text` states.
    ///
    /// # Errors
    ///
    /// [`RulesFileError::Invalid`] when `text` is not a rules file of this
    /// syntax: malformed, an unknown key, a value of the wrong kind (what
    /// serde says of [`RulesSchema`]), with the key and the one-based line
    /// where the syntax can place them.
    fn parse(&self, text: &str) -> Result<RulesSchema, RulesFileError>;

    /// The one-based line of `text` where `key` is written, if it is.
    /// `key` is dotted, array entries by index (`forward.from.26.1`,
    /// `contact.except.0.then`), or empty for the whole file.
    fn line_of(&self, text: &str, key: &str) -> Option<usize>;
}
