//! Files that read as TOML but would play games that can never end, or
//! that a terminal would act on rather than show, are refused when read,
//! each with the rule it breaks; and the refusals a person reads name
//! what they are about. Every file here is written out whole, so that
//! the test needs nothing beyond this package.

use senet::{Rules, RulesFileError};

/// A short, complete rules file: Kendall's geometry with three pieces.
const GOOD: &str = r#"
name = "short"
revision = 1
pieces = 3
implement = "four_sticks"
sides = { x = "Light", o = "Dark" }
start = { x = [2, 4, 6], o = [1, 3, 5] }

[forward]
step = "1-25"
stop = 26
from.26 = { 1 = "water", 2 = 28, 3 = 29, 4 = 30, 5 = "off" }
from.28 = { 3 = "off" }
from.29 = { 2 = "off" }
from.30 = { 1 = "off" }

[water]
house = 27
lands = ["15 or below"]

[throw_again]
rolls = [1, 4, 5]
after_no_move = true
"#;

/// `GOOD` with `line` replaced by `with`, refused: its message.
fn refused(line: &str, with: &str) -> String {
    assert!(GOOD.contains(line), "{line}");
    let text = GOOD.replacen(line, with, 1);
    match senet_rules_file::from_toml(&text) {
        Ok(ruleset) => panic!("{with:?} was read as {ruleset:?}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn the_good_file_reads_and_starts() {
    let ruleset = senet_rules_file::from_toml(GOOD).expect("the good file");
    assert!(Rules::new(ruleset).is_ok());
}

#[test]
fn a_house_a_piece_reaches_but_cannot_leave_is_refused() {
    // No way on from 26, where every piece stops.
    let error = refused(
        "from.26 = { 1 = \"water\", 2 = 28, 3 = 29, 4 = 30, 5 = \"off\" }",
        "",
    );
    assert_eq!(
        error,
        "line 9, `forward`: a piece can reach house 26 but never leave the board from it (no roll moves it on), so a game could never end"
    );
    // A ring: 26 sends every piece back to 20, and only 30, which no
    // piece reaches, leads off.
    let error = refused(
        "from.26 = { 1 = \"water\", 2 = 28, 3 = 29, 4 = 30, 5 = \"off\" }",
        "from.26 = { any = 20 }",
    );
    assert_eq!(
        error,
        "line 9, `forward`: a piece can reach house 26 but never leave the board from it (every way from it comes back without leaving), so a game could never end"
    );
}

#[test]
fn a_file_with_no_move_off_is_refused() {
    let error = refused(
        "from.26 = { 1 = \"water\", 2 = 28, 3 = 29, 4 = 30, 5 = \"off\" }\nfrom.28 = { 3 = \"off\" }\nfrom.29 = { 2 = \"off\" }\nfrom.30 = { 1 = \"off\" }",
        "from.26 = { any = 1 }",
    );
    assert_eq!(
        error,
        "line 9, `forward`: no move bears a piece off from any house where the rules let it bear off, so no game could end"
    );
}

#[test]
fn a_bearing_off_condition_no_side_can_meet_is_refused() {
    let error = refused(
        "[water]",
        "[bearing_off]\nwhen_all_on = \"29-30\"\n\n[water]",
    );
    assert_eq!(
        error,
        "line 18, `bearing_off.when_all_on`: 3 pieces can never all stand on its 2 houses, so no piece could ever bear off"
    );
    // Room enough, but no move off from those houses.
    let error = refused(
        "[water]",
        "[bearing_off]\nwhen_all_on = \"20-25\"\n\n[water]",
    );
    assert_eq!(
        error,
        "line 18, `bearing_off.when_all_on`: no move bears a piece off from any house where the rules let it bear off, so no game could end"
    );
}

#[test]
fn a_move_that_leaves_the_board_as_it_is_is_refused() {
    let error = refused(
        "from.28 = { 3 = \"off\" }",
        "from.28 = { 3 = \"off\", 2 = 28 }",
    );
    assert_eq!(
        error,
        "line 13, `forward.from.28.2`: a move from 28 to 28 would leave the board as it is"
    );
    let error = refused("from.30 = { 1 = \"off\" }", "from.30 = { any = 30 }");
    assert_eq!(
        error,
        "line 15, `forward.from.30.any`: a move from 30 to 30 would leave the board as it is"
    );
}

#[test]
fn a_roll_the_implement_cannot_make_is_refused() {
    let error = refused("rolls = [1, 4, 5]", "rolls = [1, 4, 6]");
    assert_eq!(
        error,
        "line 22, `throw_again.rolls`: 6 is no roll of four_sticks: it throws 1, 2, 3, 4, 5"
    );
    let error = refused("from.30 = { 1 = \"off\" }", "from.30 = { 6 = \"off\" }");
    assert_eq!(
        error,
        "line 15, `forward.from.30.6`: 6 is no roll of four_sticks: it throws 1, 2, 3, 4, 5"
    );
    let error = refused(
        "implement = \"four_sticks\"",
        "implement = \"four_sticks_six\"",
    );
    assert_eq!(
        error,
        "line 12, `forward.from.26.5`: 5 is no roll of four_sticks_six: it throws 1, 2, 3, 4, 6"
    );
}

#[test]
fn a_game_that_throws_again_for_ever_is_refused() {
    let error = refused("rolls = [1, 4, 5]", "rolls = [1, 2, 3, 4, 5]");
    assert_eq!(
        error,
        "line 22, `throw_again.rolls`: every roll of the implement throws again after any move, so the turn would never pass while a side can move"
    );
}

#[test]
fn names_and_marks_must_print() {
    let error = refused(
        "sides = { x = \"Light\", o = \"Dark\" }",
        "sides = { x = \"\\u001b[31mRed\", o = \"Dark\" }",
    );
    assert_eq!(
        error,
        "line 6, `sides.x`: character 1 is \\u{1b}, which does not print: write text only"
    );
    let error = refused("[water]", "[drawing]\n15 = \"\\u202e☥\"\n\n[water]");
    assert_eq!(
        error,
        "line 18, `drawing.15`: character 1 is \\u{202e}, which does not print: write text only"
    );
    let error = refused("name = \"short\"", "name = \"short\"\ntitle = \"a\\nb\"");
    assert_eq!(
        error,
        "line 3, `title`: character 2 is \\u{a}, which does not print: write text only"
    );
    let long = "n".repeat(101);
    let error = refused("x = \"Light\"", &format!("x = \"{long}\""));
    assert!(
        error.starts_with("line 6, `sides.x`: a name or a mark is 1 to 100 bytes"),
        "{error}"
    );
}

#[test]
fn refusals_name_what_they_are_about() {
    // 31 is where a piece goes off: say how to write that.
    let error = refused("4 = 30,", "4 = 31,");
    assert_eq!(
        error,
        "line 12, `forward.from.26.4`: 31 is not a house: houses are 1 to 30; to bear a piece off, write \"off\""
    );
    // The house the two sides share.
    let error = refused("o = [1, 3, 5]", "o = [1, 4, 5]");
    assert_eq!(
        error,
        "line 7, `start`: x and o share house 4: a house holds one piece"
    );
}

#[test]
fn a_text_over_a_mebibyte_is_refused_before_it_is_parsed() {
    let mut text = GOOD.to_owned();
    text.push_str(&"#".repeat(senet::Rules::MAX_TEXT_BYTES));
    let error = senet_rules_file::from_toml(&text).expect_err("too long");
    assert!(matches!(error, RulesFileError::Invalid { line: None, .. }));
    assert!(
        error
            .to_string()
            .ends_with("a rules file is at most 1048576 bytes (1 MiB)"),
        "{error}"
    );
}

#[test]
fn only_a_regular_file_of_a_mebibyte_at_most_is_read() {
    let dir = std::env::temp_dir().join(format!("senet-refused-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    // A folder.
    let error = senet_rules_file::read(&dir).expect_err("a folder");
    assert!(
        error
            .to_string()
            .ends_with("it is not a regular file, as a rules file must be"),
        "{error}"
    );
    // A file past the limit.
    let big = dir.join("big.toml");
    let mut text = GOOD.to_owned();
    text.push_str(&"#".repeat(senet::Rules::MAX_TEXT_BYTES));
    std::fs::write(&big, text).expect("a big file");
    let error = senet_rules_file::read(&big).expect_err("too big");
    assert!(
        error.to_string().ends_with("the most a rules file may be"),
        "{error}"
    );
    // A FIFO would wait for a writer for ever if it were opened.
    #[cfg(unix)]
    {
        let fifo = dir.join("fifo.toml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|status| status.success()) {
            let error = senet_rules_file::read(&fifo).expect_err("a FIFO");
            assert!(error.to_string().contains("not a regular file"), "{error}");
        }
    }
    // A device that never ends.
    #[cfg(unix)]
    {
        let error = senet_rules_file::read("/dev/zero").expect_err("a device");
        assert!(error.to_string().contains("not a regular file"), "{error}");
    }
    // The good file, written out, reads.
    let good = dir.join("good.toml");
    std::fs::write(&good, GOOD).expect("the good file");
    assert!(senet_rules_file::read(&good).is_ok());
    std::fs::remove_dir_all(&dir).expect("the scratch folder removed");
}

#[test]
fn toml_refusals_name_the_key() {
    // A key written twice names that key.
    let error = refused("pieces = 3", "pieces = 3\npieces = 4");
    assert_eq!(
        error,
        "line 5, `pieces`: duplicate key: `pieces` is written twice"
    );
    let error = refused("stop = 26", "stop = 26\nstop = 25");
    assert!(
        error.ends_with("duplicate key: `stop` is written twice"),
        "{error}"
    );
    // An unknown key lists every key of its table, whole.
    let error = refused("pieces = 3", "pieces = 3\npeices = 3");
    for key in [
        "`name`",
        "`throw_again`",
        "`winner`",
        "`drawing`",
        "`refusals`",
    ] {
        assert!(error.contains(key), "{key} in {error}");
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]

    /// Any one byte of the good file changed, or the file cut short:
    /// read and startable, or refused with a message; never a panic.
    /// (The fuzz target `rules_file` does the same to every file of the
    /// repository's `rules/`.)
    #[test]
    fn a_damaged_file_is_read_or_refused(at in 0usize..2_000, byte in 0u8..128, cut in proptest::bool::ANY) {
        let mut bytes = GOOD.as_bytes().to_vec();
        let at = at % bytes.len();
        if cut {
            bytes.truncate(at);
        } else {
            bytes[at] = byte;
        }
        if let Ok(text) = String::from_utf8(bytes) {
            match senet_rules_file::from_toml(&text) {
                Ok(ruleset) => proptest::prop_assert!(Rules::new(ruleset).is_ok()),
                Err(error) => proptest::prop_assert!(!error.to_string().is_empty()),
            }
        }
    }
}

#[test]
fn a_key_for_what_the_format_lacks_points_to_the_docs() {
    let error = refused("rolls = [1, 4, 5]", "rolls = [1, 4, 5]\nsplit = true");
    assert!(
        error.starts_with("line 23, `throw_again.split`: unknown field `split`, expected one of"),
        "{error}"
    );
    assert!(
        error.ends_with(
            ". A rules file cannot state a throw split between pieces yet: see \"What a rules file cannot say\" in docs/rulesets.md"
        ),
        "{error}"
    );
    // An unknown key that names nothing the format lacks: the list alone.
    let error = refused("pieces = 3", "pieces = 3\npeices = 3");
    assert!(!error.contains("cannot state"), "{error}");
}

/// `throw_again.before_moving`: every throw banked before moving.
#[test]
fn throws_banked_before_moving_are_read_and_their_conflicts_refused() {
    const BANKED: &str = "rolls = [1, 4, 5]\nafter_no_move = true\n";
    let banked = GOOD.replacen(BANKED, "rolls = [1, 4, 5]\nbefore_moving = true\n", 1);
    let ruleset = senet_rules_file::from_toml(&banked).expect("a banking file");
    assert!(senet::Ruleset::banks_throws(&ruleset));
    assert!(!senet::Ruleset::banks_throws(
        &senet_rules_file::from_toml(GOOD).unwrap()
    ));
    // A key that speaks of the move after a throw says nothing then.
    let error = refused(
        BANKED,
        "rolls = [1, 4, 5]\nafter_no_move = true\nbefore_moving = true\n",
    );
    assert!(error.contains("`throw_again.before_moving`"), "{error}");
    assert!(error.contains("no move gives another throw"), "{error}");
    // A roll to begin does not go with it.
    let error = refused(
        BANKED,
        "rolls = [1, 4, 5]\nbefore_moving = true\n\n[begin]\no = 1\n",
    );
    assert!(error.contains("leave out [begin]"), "{error}");
    // Every roll throwing again: the throwing would never end.
    let error = refused(BANKED, "rolls = [1, 2, 3, 4, 5]\nbefore_moving = true\n");
    assert!(error.contains("would never end"), "{error}");
    // A key a person tries for it is pointed to the one that says it.
    let error = refused(BANKED, "rolls = [1, 4, 5]\nbank = true\n");
    assert!(
        error.contains("`before_moving = true` in [throw_again]"),
        "{error}"
    );
}
