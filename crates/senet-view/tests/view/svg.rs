//! Pictures of the board: well-formed SVG, and a golden file per ruleset's start.

use senet::{AnyRuleset, Position, Roll};
use senet_view::svg;

/// Checks that `text` is well-formed as far as SVG output needs: every tag
/// closed in order, every attribute value quoted, nothing stray at the end.
fn assert_well_formed(text: &str) {
    let mut open: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        let end = rest[start..]
            .find('>')
            .map(|e| start + e)
            .expect("every '<' has its '>'");
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                open.pop().as_deref(),
                Some(name),
                "closing </{name}> matches its opening tag"
            );
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let mut parts = body.splitn(2, ' ');
        let name = parts.next().expect("a tag has a name").to_owned();
        let mut attributes = parts.next().unwrap_or("").trim();
        while !attributes.is_empty() {
            let eq = attributes.find('=').expect("attribute has a value");
            assert!(
                !attributes[..eq].contains(' '),
                "attribute name in <{name}>: {attributes}"
            );
            let value = &attributes[eq + 1..];
            assert!(
                value.starts_with('"'),
                "attribute value quoted in <{name}>: {attributes}"
            );
            let close = value[1..].find('"').expect("quoted value closes");
            attributes = value[close + 2..].trim_start();
        }
        if !self_closing {
            open.push(name);
        }
    }
    assert!(open.is_empty(), "unclosed elements: {open:?}");
    assert!(rest.trim().is_empty(), "text after the last tag");
}

#[test]
fn the_start_of_every_ruleset_matches_its_golden_file() {
    let golden = [
        (
            AnyRuleset::Kendall,
            include_str!("../data/svg/start-kendall.svg"),
        ),
        (
            AnyRuleset::Temple,
            include_str!("../data/svg/start-temple.svg"),
        ),
        (AnyRuleset::Bell, include_str!("../data/svg/start-bell.svg")),
        (
            AnyRuleset::Classic,
            include_str!("../data/svg/start-classic.svg"),
        ),
        (
            AnyRuleset::Jequier,
            include_str!("../data/svg/start-jequier.svg"),
        ),
        (
            AnyRuleset::Kendall1979,
            include_str!("../data/svg/start-kendall1979.svg"),
        ),
        (
            AnyRuleset::Skyruk,
            include_str!("../data/svg/start-skyruk.svg"),
        ),
    ];
    for (ruleset, expected) in golden {
        let picture = svg::position(&Position::start(ruleset), None);
        assert_well_formed(&picture);
        assert_eq!(picture, expected, "{ruleset}: the start picture changed");
    }
}

#[test]
fn pictures_with_moves_are_well_formed_and_show_every_piece() {
    for ruleset in AnyRuleset::ALL {
        let start = Position::start(ruleset);
        for roll in ruleset_rolls(ruleset) {
            for &mv in start.moves(roll).to_list().iter() {
                let picture = svg::position(&start, Some(mv));
                assert_well_formed(&picture);
                let pieces = start.board().occupied().count() as usize;
                assert_eq!(picture.matches("<circle").count(), pieces);
                assert_eq!(picture.matches("marker-end").count(), 1);
            }
        }
    }
}

#[test]
fn a_marked_piece_and_a_piece_in_the_water_are_drawn() {
    // Kendall 1979: x's marked piece on 15, o's piece waiting on 27.
    let text = "o.............X...........o... x 6 5";
    let p = Position::parse(AnyRuleset::Kendall1979, text).unwrap();
    let picture = svg::position(&p, None);
    assert_well_formed(&picture);
    assert_eq!(picture.matches("<circle").count(), 3);
    assert!(
        picture.contains("<title>x on 15 (marked)</title>"),
        "{picture}"
    );
    assert!(picture.contains("<title>o on 27</title>"), "{picture}");
    assert_eq!(picture.matches("(marked)").count(), 1);
    // Unmarked, the same piece wears no ring.
    let plain = Position::parse(AnyRuleset::Kendall1979, &text.replace('X', "x")).unwrap();
    assert!(!svg::position(&plain, None).contains("(marked)"));
}

#[test]
fn the_checker_itself_rejects_broken_svg() {
    for broken in [
        "<svg><rect></svg>",
        "<svg width=10></svg>",
        "<svg><g></svg></g>",
        "<svg>",
    ] {
        assert!(
            std::panic::catch_unwind(|| assert_well_formed(broken)).is_err(),
            "{broken}"
        );
    }
}

fn ruleset_rolls(ruleset: AnyRuleset) -> Vec<Roll> {
    use senet::Ruleset;
    ruleset.dice().rolls().collect()
}
