//! What reading a rules file keeps: a refused text keeps nothing (the
//! checks run before the rules are kept), a text read keeps its rules
//! once, and reading it again keeps nothing more; a text whose rules
//! refuse their own start keeps them once, with the refusal.

use senet::{Rules, RulesFileError, RulesFormat, RulesSchema};

use crate::counting::kept_heap;

/// Rules files in JSON, the syntax serde_json reads.
struct Json;

impl RulesFormat for Json {
    fn parse(&self, text: &str) -> Result<RulesSchema, RulesFileError> {
        serde_json::from_str(text).map_err(|error| RulesFileError::Invalid {
            line: Some(error.line()),
            key: String::new(),
            message: error.to_string(),
        })
    }
    fn line_of(&self, _text: &str, _key: &str) -> Option<usize> {
        None
    }
}

/// A short ruleset named `name`, its start `start`.
fn text(name: &str, start: &str) -> String {
    format!(
        r#"{{
        "name": "{name}", "revision": 1, "pieces": 3, "implement": "four_sticks",
        "title": "A title", "sides": {{ "x": "Light", "o": "Dark" }},
        "start": {start},
        "forward": {{ "step": "1-30" }},
        "refusals": {{ "blocked": "no passing", "no_step": {{ "1-30": "no step" }} }},
        "drawing": {{ "15": "ankh" }}
    }}"#
    )
}

const START: &str = r#"{ "x": [2, 4, 6], "o": [1, 3, 5] }"#;

#[test]
fn a_refused_text_keeps_nothing_and_a_text_read_again_keeps_nothing_more() {
    // Refused at a key, by a check of the whole file, and by the ending
    // checks: nothing kept.
    let refusals = [
        text("bad-house", r#"{ "x": [2, 4, 40], "o": [1, 3, 5] }"#),
        text("shared", r#"{ "x": [2, 4, 5], "o": [1, 3, 5] }"#),
        text("no-end", START).replace(r#""step": "1-30""#, r#""step": "1-25""#),
        text("bad name!", START),
    ];
    for refused in &refusals {
        // Only whether it was refused leaves the measure: the error,
        // dropped inside it, must leave nothing behind.
        let (refused_it, kept) = kept_heap(|| Rules::read(refused, &Json).is_err());
        assert!(refused_it, "{refused}");
        assert_eq!(kept, 0, "{refused}");
    }
    // A text read: its rules are kept, once.
    let good = text("kept-once", START);
    let (first, kept) = kept_heap(|| Rules::read(&good, &Json).expect("a good text"));
    assert!(kept > 0, "the rules read are kept");
    let (again, kept) = kept_heap(|| Rules::read(&good, &Json).expect("a good text"));
    assert_eq!(again, first);
    assert_eq!(kept, 0, "read again, nothing more is kept");
    assert_eq!(first.title(), Some("A title"));
}

#[test]
fn a_start_the_rules_refuse_is_kept_once_with_its_refusal() {
    // A piece of x starts on the water house, which the rules refuse.
    let refused = text("water-start", r#"{ "x": [2, 4, 27], "o": [1, 3, 5] }"#).replace(
        r#""forward": { "step": "1-30" },"#,
        r#""forward": { "step": "1-30" }, "water": { "house": 27, "lands": ["15 or below"] },"#,
    );
    let first = Rules::read(&refused, &Json)
        .expect_err("a start on the water")
        .to_string();
    assert!(
        first.contains("the rules refuse their own start"),
        "{first}"
    );
    // Only whether it was refused leaves the measure.
    let (refused_again, kept) = kept_heap(|| Rules::read(&refused, &Json).is_err());
    assert!(refused_again);
    assert_eq!(kept, 0, "refused again, nothing more is kept");
    let again = Rules::read(&refused, &Json).expect_err("again");
    assert_eq!(again.to_string(), first);
}
