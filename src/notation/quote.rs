//! Short quotations of input for error messages, and the characters a
//! record's tag values refuse: how every error of the crate quotes what
//! it found, public so that crates built on it quote the same way.
//!
//! An error that quotes what it found keeps only the start of it: at most
//! [`EXCERPT`] bytes once escaped as `{:?}` escapes them (control and
//! invisible characters as `\n`, `\u{202e}`...), so a message stays one
//! short line whatever the input was. With the feature `serde`,
//! `EscapedKeys` has serde's derived structs quote an unknown field's
//! name that way too.

#[cfg(feature = "serde")]
mod names;

#[cfg(feature = "serde")]
pub use names::EscapedKeys;
#[cfg(feature = "serde")]
pub(crate) use names::EscapedVariants;

/// The longest quotation, in bytes of UTF-8 as printed by `{:?}` (escapes
/// and the `…` of a cut included, quotes not).
pub const EXCERPT: usize = 60;

/// The start of `text`, short enough that `{:?}` prints it in at most
/// [`EXCERPT`] bytes (without its quotes); `…` marks a cut.
///
/// ```
/// use senet::notation::quote::excerpt;
///
/// assert_eq!(excerpt("a\nb"), "a\nb");
/// assert_eq!(excerpt(&"x".repeat(100)).chars().last(), Some('…'));
/// ```
pub fn excerpt(text: &str) -> String {
    excerpt_to(text, EXCERPT)
}

/// The start of `text`, short enough that `{:?}` prints it in at most
/// `max` bytes (without its quotes); `…` marks a cut.
///
/// ```
/// use senet::notation::quote::excerpt_to;
///
/// assert_eq!(excerpt_to("abcdef", 6), "abcdef");
/// assert_eq!(excerpt_to("abcdefgh", 6), "abc…");
/// ```
pub fn excerpt_to(text: &str, max: usize) -> String {
    let width = |c: char| -> usize { c.escape_debug().map(char::len_utf8).sum() };
    // Stop counting as soon as the text is known not to fit.
    let mut whole = 0;
    if text.chars().all(|c| {
        whole += width(c);
        whole <= max
    }) {
        return text.to_owned();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = width(c);
        if used + w > max - '…'.len_utf8() {
            break;
        }
        used += w;
        out.push(c);
    }
    out.push('…');
    out
}

/// [`excerpt`] of `text` escaped as `{:?}` escapes it, without the
/// quotes: for an error that puts the input between quotes or backticks
/// of its own (serde's ``unknown variant `...` ``), so that no control,
/// format or bidirectional character of the input reaches a terminal,
/// and at most [`EXCERPT`] bytes of it.
///
/// ```
/// use senet::notation::quote::{EXCERPT, escaped};
///
/// assert_eq!(escaped("ke\u{1b}[31m\u{7}"), "ke\\u{1b}[31m\\u{7}");
/// assert_eq!(escaped("x\u{202e}y"), "x\\u{202e}y");
/// assert!(escaped(&"k".repeat(10_000_000)).len() <= EXCERPT);
/// ```
pub fn escaped(text: &str) -> String {
    excerpt(text).escape_debug().to_string()
}

/// The longest value a record's tag holds, in bytes of UTF-8.
pub(crate) const MAX_VALUE: usize = 100;

/// Why `value` cannot stand as a record's tag value, with the index (in
/// characters) where it goes wrong, or `None` when it can: not empty, no
/// control or format characters, no line separators, at most
/// [`MAX_VALUE`] bytes. The one statement of that rule, for records and
/// for the ruleset names they carry.
pub(crate) fn value_problem(value: &str) -> Option<(usize, &'static str)> {
    if value.is_empty() {
        return Some((0, "it is empty"));
    }
    if let Some(at) = value.chars().position(char::is_control) {
        return Some((at, "no control characters (line breaks, tabs) are allowed"));
    }
    if let Some(at) = value.chars().position(is_format_or_separator) {
        return Some((
            at,
            "no format characters (Unicode Cf) or line separators are allowed",
        ));
    }
    if value.len() > MAX_VALUE {
        let at = value
            .char_indices()
            .position(|(i, c)| i + c.len_utf8() > MAX_VALUE)
            .unwrap_or(0);
        return Some((at, "a value is at most 100 bytes"));
    }
    None
}

/// Whether `c` is a Unicode format character (general category Cf,
/// Unicode 16.0: soft hyphen, bidirectional controls, zero-width
/// characters, tags...) or a line or paragraph separator (U+2028, U+2029).
/// These change how the text around them shows, or show as nothing.
pub(crate) fn is_format_or_separator(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{0600}'..='\u{0605}'
            | '\u{061C}'
            | '\u{06DD}'
            | '\u{070F}'
            | '\u{0890}'..='\u{0891}'
            | '\u{08E2}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{110BD}'
            | '\u{110CD}'
            | '\u{13430}'..='\u{1343F}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0001}'
            | '\u{E0020}'..='\u{E007F}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_once_escaped() {
        assert_eq!(excerpt("abc"), "abc");
        let exact = "a".repeat(EXCERPT);
        assert_eq!(excerpt(&exact), exact);
        let long = "a".repeat(10_000);
        let cut = excerpt(&long);
        assert_eq!(cut.len(), EXCERPT);
        assert!(cut.ends_with('…'));
        for wide in ["\u{202e}", "字", "\n", "é\u{301}"] {
            let cut = excerpt(&wide.repeat(100));
            assert!(format!("{cut:?}").len() <= EXCERPT + 2, "{cut:?}");
            assert!(cut.ends_with('…'));
        }
    }

    #[test]
    fn format_characters_are_known() {
        for c in [
            '\u{202E}', '\u{200B}', '\u{2028}', '\u{2029}', '\u{FEFF}', '\u{AD}',
        ] {
            assert!(is_format_or_separator(c), "{c:?}");
            // Rust's own escaping agrees that they do not print.
            assert!(c.escape_debug().count() > 1, "{c:?}");
        }
        for c in ['a', 'é', ' ', '\u{301}', '字', '"'] {
            assert!(!is_format_or_separator(c), "{c:?}");
        }
    }
}
