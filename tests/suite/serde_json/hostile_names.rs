//! Unknown names and field names holding control or bidirectional
//! characters, or megabytes long, are refused quoted escaped and cut.

use super::*;

/// Asserts an error quoting hostile input holds no control or
/// bidirectional character and is shorter than `limit` bytes.
fn assert_clean(error: &str, what: &str, limit: usize) {
    assert!(
        !error.chars().any(|c| c.is_control()
            || ('\u{200b}'..='\u{200f}').contains(&c)
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)),
        "{what}: {error:?}"
    );
    assert!(error.len() < limit, "{what}: {} bytes", error.len());
}

/// Hostile names: an unknown name holding ESC, BEL or
/// U+202E, for every enum read by name and the fields that hold one, is
/// refused with its characters escaped; a 10 MB name is quoted by its
/// start only.
#[test]
fn hostile_names_are_escaped_and_cut_in_errors() {
    let assert_clean = |error: &str, what: &str| assert_clean(error, what, 400);
    for name in [
        "ke\u{1b}[31mndall",
        "x\u{7}",
        "o\u{202e}x",
        &"k".repeat(10_000_000),
    ] {
        let errors = [
            ("AnyRuleset", rejects::<AnyRuleset>(json!(name))),
            ("Side", rejects::<Side>(json!(name))),
            ("Dice", rejects::<Dice>(json!(name))),
            ("Ending", rejects::<Ending>(json!(name))),
            ("Checked", rejects::<Checked>(json!(name))),
            ("Outcome", rejects::<Outcome>(json!(name))),
            ("Outcome field", rejects::<Outcome>(json!({ name: "x" }))),
            ("Target", rejects::<Target>(json!(name))),
            ("Kendall", rejects::<Kendall>(json!(name))),
            (
                "a finish's winner",
                rejects::<Finish>(json!({"ending": "resignation", "winner": name})),
            ),
            (
                "a position's ruleset",
                rejects::<Position<Kendall>>(json!({"ruleset": name, "position": "x"})),
            ),
        ];
        for (what, error) in errors {
            assert_clean(&error, what);
            if name.contains('\u{1b}') && what != "Kendall" {
                assert!(error.contains("\\u{1b}"), "{what}: {error:?}");
            }
        }
    }
}

/// Hostile field names: an unknown key holding
/// ESC, BEL or U+202E, or 10 MB long, in every struct read from an object
/// and every struct variant, is refused with an error that says the field
/// is unknown and quotes its name escaped and cut, as an unknown variant
/// name of every derived enum is; a plain unknown name is quoted as serde
/// always quoted it.
#[test]
fn hostile_field_names_are_escaped_and_cut_in_errors() {
    use senet::Setup;
    use senet::effect::{Hit, Release, Rest, Way};
    use senet::notation::quote::escaped;
    use senet::replay::Place;
    use senet::rulesets::Refusal;
    use serde::Deserialize;

    let (game, _) = game_turns(Kendall, 7);
    let start = Position::start(Kendall);
    let mv = start.moves(Roll::new(2).unwrap()).get(0).unwrap();
    let turn = game.history()[0];
    let documents: [(&str, Value); 10] = [
        ("Position", serde_json::to_value(start).unwrap()),
        ("Move", serde_json::to_value(mv).unwrap()),
        ("Throw", serde_json::to_value(turn.throw()).unwrap()),
        ("Board", serde_json::to_value(start.board()).unwrap()),
        ("Turn", serde_json::to_value(turn).unwrap()),
        ("Finish", serde_json::to_value(Finish::Draw).unwrap()),
        ("Record", serde_json::to_value(game.record()).unwrap()),
        ("Setup", serde_json::to_value(Setup::new(Side::X)).unwrap()),
        (
            "Effect",
            serde_json::to_value(start.effect(mv).unwrap()).unwrap(),
        ),
        ("Release", json!({"side": "o", "from": 27, "to": 15})),
    ];
    fn read(what: &str, json: Value) -> String {
        match what {
            "Position" => rejects::<Position<Kendall>>(json),
            "Move" => rejects::<Move>(json),
            "Throw" => rejects::<Throw>(json),
            "Board" => rejects::<Board>(json),
            "Turn" => rejects::<Turn>(json),
            "Finish" => rejects::<Finish>(json),
            "Record" => rejects::<Record>(json),
            "Setup" => rejects::<Setup>(json),
            "Effect" => rejects::<senet::effect::Effect>(json),
            "Release" => rejects::<Release>(json),
            _ => unreachable!("{what}"),
        }
    }
    let assert_clean = |error: &str, what: &str| assert_clean(error, what, 300);
    let long = "k".repeat(10_000_000);
    for name in ["ke\u{1b}[31my", "bell\u{7}", "o\u{202e}x", &long] {
        let quoted = format!("`{}`", escaped(name));
        for (what, document) in &documents {
            let mut document = document.clone();
            document[name] = json!(1);
            let error = read(what, document);
            assert_clean(&error, what);
            assert!(error.contains("unknown field"), "{what}: {error}");
            assert!(error.contains(&quoted), "{what}: {error}");
        }
        let fields = [
            (
                "Hit",
                rejects::<Hit>(json!({"swapped": {"on": 5, "to": 2, name: 1}})),
            ),
            (
                "Refusal",
                rejects::<Refusal>(json!({"no_step": {"from": 3, "roll": 2, name: 1}})),
            ),
            (
                "Place",
                rejects::<Place>(json!({"end": {"after": 3, name: 1}})),
            ),
        ];
        let variants = [
            ("Way", rejects::<Way>(json!(name))),
            ("Rest", rejects::<Rest>(json!({ name: 3 }))),
            ("Hit variant", rejects::<Hit>(json!({ name: {"on": 5} }))),
            ("Refusal variant", rejects::<Refusal>(json!(name))),
            ("Thrown", rejects::<Thrown>(json!({ name: 1 }))),
            ("Reach", rejects::<Reach>(json!(name))),
            ("Contact", rejects::<Contact>(json!(name))),
            ("Place variant", rejects::<Place>(json!(name))),
        ];
        for (unknown, errors) in [
            ("unknown field", fields.as_slice()),
            ("unknown variant", &variants),
        ] {
            for (what, error) in errors {
                assert_clean(error, what);
                assert!(error.contains(unknown), "{what}: {error}");
                assert!(error.contains(&quoted), "{what}: {error}");
            }
        }
        // Read by a format other than JSON: serde's own map of values.
        let map = serde::de::value::MapDeserializer::<_, serde::de::value::Error>::new(
            [(name, 15u8)].into_iter(),
        );
        let error = <Release as Deserialize>::deserialize(map)
            .unwrap_err()
            .to_string();
        assert_clean(&error, "Release from a map");
        assert!(error.contains(&quoted), "{error}");
    }
    // A plain unknown name reads as it always did.
    let mut release = documents[9].1.clone();
    release["more"] = json!(1);
    assert_eq!(
        rejects::<Release>(release),
        "unknown field `more`, expected one of `side`, `from`, `to`"
    );
    assert_eq!(
        rejects::<Way>(json!("sideways")),
        "unknown variant `sideways`, expected one of `along`, `into_water`, `fall`, `return`, `wait`, `enter`"
    );
}
