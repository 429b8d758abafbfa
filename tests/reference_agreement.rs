//! Perft from the plain reference generator of `tests/reference/mod.rs`,
//! which is written from the `Ruleset` hooks piece by piece with no masks:
//! it must give the pinned counts of `tests/data/*.perft`, and the crate's
//! own perft from every start.

mod reference;

use reference::reference_perft;
use senet::rulesets::{Bell, Classic, Kendall, Temple};
use senet::{AnyRuleset, Position, Ruleset};

// ---- Perft from the reference ----

/// The positions of a perft data file with their counts by depth, read as
/// `tests/perft.rs` reads them: `POSITION ; D1 D2 ...`, `#` comments.
fn perft_cases(file: &str, text: &str) -> Vec<(usize, String, Vec<u64>)> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (position, counts) = line
            .split_once(" ; ")
            .unwrap_or_else(|| panic!("{file}:{}: no ' ; ' in {line:?}", i + 1));
        let counts = counts
            .split(' ')
            .map(|c| {
                c.parse()
                    .unwrap_or_else(|e| panic!("{file}:{}: count {c:?}: {e}", i + 1))
            })
            .collect();
        cases.push((i + 1, position.to_owned(), counts));
    }
    assert!(!cases.is_empty(), "{file} has no positions");
    cases
}

/// The most leaves a reference perft here may count: the plain generator
/// in a debug build counts about this many in a second or two.
const PERFT_LEAVES: u64 = 70_000;

/// Reference perft equals every count of the file that is small enough to
/// run in a debug build (each position's depth 1 always runs); returns how
/// many counts were checked.
fn check_perft_file<R: Ruleset>(ruleset: R, file: &str, text: &str) -> usize {
    let cases = perft_cases(file, text);
    assert_eq!(
        cases[0].1,
        Position::start(ruleset).to_string(),
        "{file}: the first position is the start position"
    );
    let mut checked = 0;
    for (line, text, counts) in cases {
        let position = Position::parse(ruleset, &text)
            .unwrap_or_else(|e| panic!("{file}:{line}: bad position: {e}"));
        for (i, &expected) in counts.iter().enumerate() {
            if i > 0 && expected > PERFT_LEAVES {
                break;
            }
            let depth = u32::try_from(i + 1).unwrap();
            assert_eq!(
                reference_perft(&position, depth),
                expected,
                "{file}:{line}: reference perft {depth} of {text}"
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn reference_perft_kendall_data() {
    let checked = check_perft_file(Kendall, "kendall.perft", include_str!("data/kendall.perft"));
    assert!(checked >= 12, "{checked} counts");
}

#[test]
fn reference_perft_temple_data() {
    let checked = check_perft_file(Temple, "temple.perft", include_str!("data/temple.perft"));
    assert!(checked >= 12, "{checked} counts");
}

#[test]
fn reference_perft_bell_data() {
    let checked = check_perft_file(Bell, "bell.perft", include_str!("data/bell.perft"));
    assert!(checked >= 12, "{checked} counts");
}

#[test]
fn reference_perft_classic_data() {
    let checked = check_perft_file(Classic, "classic.perft", include_str!("data/classic.perft"));
    assert!(checked >= 12, "{checked} counts");
}

/// From every start, through `AnyRuleset` too: the reference's perft is the
/// crate's, and the start's counts in the data files.
#[test]
fn reference_perft_from_the_start_equals_the_crates() {
    for ruleset in AnyRuleset::ALL {
        let start = Position::start(ruleset);
        for depth in 0..=3 {
            assert_eq!(
                reference_perft(&start, depth),
                senet::perft(&start, depth),
                "{ruleset}: perft {depth} from the start"
            );
        }
    }
    assert_eq!(reference_perft(&Position::start(Kendall), 3), 4189);
    assert_eq!(reference_perft(&Position::start(Temple), 3), 4505);
    assert_eq!(reference_perft(&Position::start(Bell), 3), 12220);
    assert_eq!(reference_perft(&Position::start(Classic), 3), 661);
}
