//! Perft as `senet::perft` defines it: the counts of tests/data/*.perft (format described at
//! the top of each file), divide adding up to perft, and divide's lines
//! naming the legal throws of the position.

use crate::common;

use common::*;
use senet::Rules;
use senet::moves::divide;
use senet::rulesets::CheckedRuleset;
use senet::rulesets::Reach;
use senet::rulesets::first_home_wins;
use senet::rulesets::{Bell, Classic, Jequier, Kendall, Kendall1979, Skyruk, Temple};
use senet::{
    AnyRuleset, Bitboard, Board, Dice, House, MoveText, Outcome, Position, Roll, Ruleset, perft,
};

/// One line of a data file: the position and perft at depths 1, 2, ...
struct Case {
    line: usize,
    position: String,
    counts: Vec<u64>,
}

/// Reads a data file: `POSITION ; D1 D2 ...`, `#` comments, empty lines.
fn cases(file: &str, text: &str) -> Vec<Case> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (position, counts) = line
            .split_once(" ; ")
            .unwrap_or_else(|| panic!("{file}:{}: no ' ; ' in {line:?}", i + 1));
        let counts: Vec<u64> = counts
            .split(' ')
            .map(|c| {
                c.parse()
                    .unwrap_or_else(|e| panic!("{file}:{}: count {c:?}: {e}", i + 1))
            })
            .collect();
        assert!(!counts.is_empty(), "{file}:{}: no counts", i + 1);
        out.push(Case {
            line: i + 1,
            position: position.to_owned(),
            counts,
        });
    }
    assert!(!out.is_empty(), "{file} has no positions");
    out
}

/// Checks every case of a data file: perft at each depth, divide adding up
/// at each depth, and each divide line resolving to a throw of the position
/// whose subtree has the count given.
fn check_file<R: CheckedRuleset>(ruleset: R, file: &str, text: &str) {
    let cases = cases(file, text);
    assert_eq!(
        cases[0].position,
        Position::start(ruleset).to_string(),
        "{file}: the first position is the start position"
    );
    for case in cases {
        let at = format!("{file}:{}", case.line);
        let position = Position::parse(ruleset, &case.position)
            .unwrap_or_else(|e| panic!("{at}: bad position: {e}"));
        assert_eq!(perft(&position, 0), 1, "{at}");
        for (i, &expected) in case.counts.iter().enumerate() {
            let depth = u32::try_from(i + 1).unwrap();
            assert_eq!(perft(&position, depth), expected, "{at}: depth {depth}");
            let lines = divide(&position, depth);
            let sum: u64 = lines.iter().map(|(_, n)| n).sum();
            if position.is_over() {
                assert!(lines.is_empty(), "{at}: divide of a finished game");
                assert_eq!(expected, 1, "{at}");
            } else {
                assert_eq!(sum, expected, "{at}: divide {depth} adds up");
            }
            if depth <= 2 {
                check_divide_lines(&position, depth, &lines, &at);
            }
        }
    }
}

/// Each divide line is a throw of the position (a legal move, or a lost
/// throw of a roll with no legal move), once, with the perft below it.
fn check_divide_lines<R: Ruleset>(
    position: &Position<R>,
    depth: u32,
    lines: &[(MoveText, u64)],
    at: &str,
) {
    let mut expected_lines = 0;
    for r in position.ruleset().dice().rolls() {
        expected_lines += position.moves(r).to_list().len().max(1);
    }
    if !position.is_over() {
        assert_eq!(lines.len(), expected_lines, "{at}: one line per throw");
    }
    let mut seen = std::collections::HashSet::new();
    for (text, count) in lines {
        assert!(seen.insert(text.to_string()), "{at}: {text} twice");
        let reparsed: MoveText = text.to_string().parse().unwrap();
        assert_eq!(&reparsed, text);
        let after = match text.resolve(position) {
            Ok(Some(mv)) => position.play(mv).unwrap(),
            Ok(None) => position.lose_throw(text.roll()).unwrap(),
            Err(e) => panic!("{at}: divide line {text} does not resolve: {e}"),
        };
        assert_eq!(perft(&after, depth - 1), *count, "{at}: {text}");
    }
}

#[test]
fn perft_kendall_data() {
    check_file(
        Kendall,
        "kendall.perft",
        include_str!("../data/kendall.perft"),
    );
}

#[test]
fn perft_temple_data() {
    check_file(Temple, "temple.perft", include_str!("../data/temple.perft"));
}

#[test]
fn perft_bell_data() {
    check_file(Bell, "bell.perft", include_str!("../data/bell.perft"));
}

#[test]
fn perft_classic_data() {
    check_file(
        Classic,
        "classic.perft",
        include_str!("../data/classic.perft"),
    );
}

#[test]
fn perft_jequier_data() {
    check_file(
        Jequier,
        "jequier.perft",
        include_str!("../data/jequier.perft"),
    );
}

#[test]
fn perft_kendall1979_data() {
    check_file(
        Kendall1979,
        "kendall1979.perft",
        include_str!("../data/kendall1979.perft"),
    );
}

#[test]
fn perft_skyruk_data() {
    check_file(Skyruk, "skyruk.perft", include_str!("../data/skyruk.perft"));
}

#[test]
fn perft_start_positions_depth_1_and_2_hand_checked() {
    // Depth 1 is the number of legal moves (or 1 per lost roll) summed over
    // the rolls, listed move by move in the rules_* tests; Classic depth 2
    // was counted by hand, the others by an independent implementation.
    assert_eq!(perft(&Position::start(Kendall), 1), 18);
    assert_eq!(perft(&Position::start(Kendall), 2), 278);
    assert_eq!(perft(&Position::start(Temple), 1), 18);
    assert_eq!(perft(&Position::start(Temple), 2), 289);
    assert_eq!(perft(&Position::start(Bell), 1), 23);
    assert_eq!(perft(&Position::start(Bell), 2), 519);
    assert_eq!(perft(&Position::start(Classic), 1), 9);
    assert_eq!(perft(&Position::start(Classic), 2), 77);
}

#[test]
fn perft_counts_each_roll_once_unweighted_and_a_lost_throw_as_one() {
    // Every throw lost: one leaf per roll value, whatever its probability.
    let p = setup(Kendall, &[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10], 'x');
    assert_eq!(perft(&p, 1), 5);
    let p = setup(Bell, &[29], &[1], 'x');
    // Bell's die: rolls 1..=4 only. 1: 29-30, 2: 29-off, 3 and 4 lost.
    assert_eq!(perft(&p, 1), 4);
    let lines: Vec<String> = divide(&p, 1)
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    assert_eq!(lines, ["1: 29-30 1", "2: 29-off 1", "3: - 1", "4: - 1"]);
}

#[test]
fn perft_after_includes_who_throws_next() {
    // The same board with the other side to throw counts differently.
    let x = pos(Kendall, "oxoxoxoxox.................... x 0 0");
    let o = pos(Kendall, "oxoxoxoxox.................... o 0 0");
    assert_eq!(perft(&x, 2), 278);
    assert_ne!(perft(&x, 3), perft(&o, 3));
}

#[test]
fn perft_with_any_ruleset_matches_the_concrete_rulesets() {
    for r in AnyRuleset::ALL {
        let p = Position::start(r);
        let expected = match r {
            AnyRuleset::Kendall => 4189,
            AnyRuleset::Temple => 4505,
            AnyRuleset::Bell => 12220,
            AnyRuleset::Classic => 661,
            AnyRuleset::Jequier => 143,
            AnyRuleset::Kendall1979 => 9229,
            AnyRuleset::Skyruk => 4182,
        };
        assert_eq!(perft(&p, 3), expected, "{r}");
    }
}

/// The definition of perft, recursion and all, as the crate's `perft`
/// once was: the reference for the walk that replaced it.
fn recursive_perft<R: Ruleset>(position: &Position<R>, depth: u32) -> u64 {
    if depth == 0 || position.is_over() {
        return 1;
    }
    let mut total: u64 = 0;
    for roll in position.ruleset().dice().rolls() {
        let moves = position.moves(roll);
        if moves.is_empty() {
            let after = moves.lose_throw().unwrap();
            total = total.saturating_add(recursive_perft(&after, depth - 1));
        }
        for mv in moves.iter() {
            total = total.saturating_add(recursive_perft(&moves.play(mv).unwrap(), depth - 1));
        }
    }
    total
}

#[test]
fn perft_deeper_than_the_frames_kept_inline_matches_the_recursive_definition() {
    // A Bell endgame whose tree stays small to depth 10: the walk holds
    // more positions than it keeps on the call stack, and spills to the heap.
    let p = pos(Bell, "...........................ox. x 4 4");
    for depth in 0..=10 {
        assert_eq!(
            perft(&p, depth),
            recursive_perft(&p, depth),
            "depth {depth}"
        );
    }
    assert_eq!(perft(&p, 10), 522_196);
    let lines = divide(&p, 10);
    assert_eq!(lines.iter().map(|(_, n)| n).sum::<u64>(), 522_196);
}

/// One piece each; a 5 moves nothing and loses the throw, any other roll
/// bears the piece off from wherever it stands and wins. Every throw of
/// 1 to 4 ends the game and only the 5s go on, so the tree is one long
/// line of lost throws with four finished games off each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct FivesWait;

impl Ruleset for FivesWait {
    fn name(&self) -> &'static str {
        "fives-wait"
    }
    fn revision(&self) -> u32 {
        1
    }
    fn pieces_per_side(&self) -> u8 {
        1
    }
    fn start(&self) -> [Bitboard; 2] {
        [Bitboard::from_numbers(&[2]), Bitboard::from_numbers(&[1])]
    }
    fn dice(&self) -> Dice {
        Dice::FOUR_STICKS
    }
    fn forward(&self, _from: House, roll: Roll) -> Option<Reach> {
        (roll.value() != 5).then_some(Reach::Off)
    }
    fn throws_again(&self, _roll: Roll, _played: Option<senet::Move>) -> bool {
        false
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

#[test]
fn perft_200_000_throws_deep_does_not_overflow_the_call_stack() {
    // perft(P, 0) = 1 and perft(P, d) = 4 + perft(P after the lost 5,
    // d - 1): 4d + 1 leaves along a line 200,000 positions deep, which
    // the recursive perft could not walk without overflowing its stack.
    let start = Position::start(Rules::new(FivesWait).unwrap());
    assert_eq!(start.to_string(), "ox............................ x 0 0");
    assert_eq!(perft(&start, 1), 5);
    assert_eq!(perft(&start, 3), 13);
    assert_eq!(perft(&start, 3), recursive_perft(&start, 3));
    const DEPTH: u32 = 200_000;
    assert_eq!(perft(&start, DEPTH), 4 * u64::from(DEPTH) + 1);
    let lines: Vec<String> = divide(&start, DEPTH)
        .iter()
        .map(|(text, count)| format!("{text} {count}"))
        .collect();
    assert_eq!(
        lines,
        [
            "1: 2-off 1",
            "2: 2-off 1",
            "3: 2-off 1",
            "4: 2-off 1",
            "5: - 799997"
        ]
    );
}
