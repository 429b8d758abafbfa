//! The rules files of `rules/`: each built-in ruleset's file plays
//! exactly as the built-in (the same answer to every hook, the same perft
//! on its data file, the same moves in the same order on seeded games),
//! Piccione's file plays the rules docs/rules.md gives it, and a broken
//! file is refused with its key and line.
//!
//! The helpers and the reference move generator are those of the `senet`
//! package's test suite (`tests/suite/common`, `tests/suite/reference`).
//! These tests read the repository's files, so they live in this crate,
//! which is not published: `senet-rules-file` packages and runs its own
//! tests from its `.crate` alone.

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use senet::playout::playout;
use senet::rulesets::{Direction, Refusal};
use senet::{AnyRuleset, Bitboard, Board, House, Position, Roll, Ruleset, Setup, Side};
use senet::{Outcome, perft};
use senet::{Rules, RulesFileError};

#[path = "../../../tests/suite/common/mod.rs"]
mod common;
#[path = "../../../tests/suite/reference/mod.rs"]
mod reference;

use common::*;
use reference::{reference_moves, reference_perft};

/// The repository's root, where `rules/`, `docs/` and `tests/data/` are.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The file of a ruleset, read.
fn file(name: &str) -> Rules {
    let path = format!("{ROOT}/rules/{name}.toml");
    senet_rules_file::read(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

/// The start, then where seeded random games stand after 10 to 120 throws.
fn corpus(ruleset: AnyRuleset) -> Vec<Position<AnyRuleset>> {
    let start = Position::start(ruleset);
    let mut found = vec![start];
    for seed in 0..8 {
        for throws in [10, 40, 80, 120] {
            let game = playout(&start, &mut ChaCha8Rng::seed_from_u64(seed), throws);
            found.push(game.end);
        }
    }
    found
}

/// Each legal move of `roll`, written, with the position it leads to.
fn played<R: Ruleset>(position: &Position<R>, roll: Roll) -> Vec<(String, String)> {
    position
        .moves(roll)
        .iter()
        .map(|mv| {
            let after = position.play(mv).expect("a legal move");
            (position.notation(mv).to_string(), after.to_string())
        })
        .collect()
}

/// Asserts that two rulesets answer a hook alike: `same!(a, b, hook(args), message...)`.
macro_rules! same {
    ($a:expr, $b:expr, $hook:ident($($arg:expr),*), $($message:tt)+) => {
        assert_eq!($a.$hook($($arg),*), $b.$hook($($arg),*), $($message)+)
    };
}

/// Every hook that reads no board answers as the built-in's does.
fn same_fixed_answers(built_in: AnyRuleset, described: Rules) {
    let name = built_in.name();
    assert_eq!(described.name(), name);
    same!(described, built_in, revision(), "{name}");
    same!(described, built_in, pieces_per_side(), "{name}");
    same!(described, built_in, start(), "{name}");
    same!(described, built_in, dice(), "{name}");
    same!(described, built_in, must_play_first(), "{name}");
    same!(described, built_in, safe_houses(), "{name}");
    same!(described, built_in, contact(), "{name}");
    same!(described, built_in, water(), "{name}");
    same!(described, built_in, mark_house(), "{name}");
    same!(described, built_in, house_side(), "{name}");
    for side in Side::BOTH {
        same!(described, built_in, side_name(side), "{name}");
        same!(described, built_in, colour(side), "{name}");
    }
    let refusals = [
        Refusal::Blocked,
        Refusal::Protected,
        Refusal::NotDisplaced,
        Refusal::Held,
        Refusal::NoBearingOff,
    ];
    for refusal in refusals {
        same!(described, built_in, why(refusal), "{name} {refusal:?}");
    }
    for from in House::all() {
        same!(described, built_in, house_mark(from), "{name}");
        for to in House::all() {
            same!(
                described,
                built_in,
                contact_at(from, to),
                "{name}: contact from {from} on {to}"
            );
        }
        for roll in built_in.dice().rolls() {
            let at = format!("{name}: from {from} with {roll:?}");
            same!(described, built_in, forward(from, roll), "{at}");
            same!(described, built_in, backward(from, roll), "{at}");
            let refusal = Refusal::NoStep { from, roll };
            same!(described, built_in, why(refusal), "{at}");
        }
    }
}

/// The landing hooks answer as the built-in's do, with `occupied` taken.
fn same_landings(built_in: AnyRuleset, described: Rules, occupied: Bitboard, at: &str) {
    same!(described, built_in, water_landing(occupied), "{at}");
    same!(described, built_in, return_landing(occupied), "{at}");
    same!(described, built_in, send_back(occupied), "{at}");
}

/// Every hook that reads the board answers as the built-in's does, on `board`.
fn same_board_answers(built_in: AnyRuleset, described: Rules, board: &Board, at: &str) {
    same_landings(built_in, described, board.occupied(), at);
    same!(described, built_in, outcome(board), "{at}");
    for side in Side::BOTH {
        same!(described, built_in, movable(board, side), "{at}");
        same!(described, built_in, may_bear_off(board, side), "{at}");
        same!(described, built_in, shielded(board, side), "{at}");
        for direction in [Direction::Forward, Direction::Backward] {
            same!(
                described,
                built_in,
                impassable(board, side, direction),
                "{at}: {side:?} {direction:?}"
            );
        }
    }
}

#[test]
fn each_built_in_file_answers_every_hook_as_the_built_in() {
    for built_in in AnyRuleset::ALL {
        let described = file(built_in.name());
        same_fixed_answers(built_in, described);
        for (i, position) in corpus(built_in).iter().enumerate() {
            let at = format!("{built_in}: corpus {i}: {position}");
            same_board_answers(built_in, described, position.board(), &at);
        }
        // The landing hooks on boards filled from either end of the track.
        for n in 1..=30 {
            for occupied in [Bitboard::range(1, n), Bitboard::range(n, 30)] {
                let at = format!("{built_in}: occupied {occupied:?}");
                same_landings(built_in, described, occupied, &at);
            }
        }
    }
}

/// The perft data files (`tests/data/*.perft`), every position to its
/// deepest count (depth 4 for most), under the ruleset's file.
#[test]
fn each_built_in_file_has_the_built_ins_perft() {
    for built_in in AnyRuleset::ALL {
        let described = file(built_in.name());
        let path = format!("{ROOT}/tests/data/{}.perft", built_in.name());
        let data = std::fs::read_to_string(&path).expect("the perft data file");
        let mut checked = 0;
        for line in data
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let (text, counts) = line.split_once(" ; ").expect("POSITION ; COUNTS");
            let position = Position::parse(described, text)
                .unwrap_or_else(|error| panic!("{path}: {text}: {error}"));
            for (depth, count) in (1..=4).zip(counts.split(' ')) {
                let count: u64 = count.parse().expect("a count");
                assert_eq!(
                    perft(&position, depth),
                    count,
                    "{path}: {text}, depth {depth}"
                );
                checked += 1;
            }
        }
        assert!(checked >= 20, "{path}: only {checked} counts");
    }
}

/// Seeded games of each built-in: every roll's moves, in order, written
/// the same, leading to the same positions, and perft to depth 2.
#[test]
fn each_built_in_file_lists_the_same_moves_on_seeded_games() {
    for built_in in AnyRuleset::ALL {
        let described = file(built_in.name());
        for position in corpus(built_in) {
            let seen = Setup::from(&position)
                .position(described)
                .unwrap_or_else(|error| panic!("{built_in}: {position}: {error}"));
            assert_eq!(seen.to_string(), position.to_string());
            assert_eq!(
                perft(&seen, 2),
                perft(&position, 2),
                "{built_in}: {position}"
            );
            for roll in built_in.dice().rolls() {
                let (expected, found) = (played(&position, roll), played(&seen, roll));
                assert_eq!(found, expected, "{built_in}: {position}, {roll:?}");
            }
        }
    }
}

#[test]
fn a_file_read_twice_is_one_ruleset_found_by_name() {
    let first = file("piccione");
    assert_eq!(first, file("piccione"));
    assert_ne!(first, file("kendall"));
    assert_eq!(AnyRuleset::of(&first), None);
    assert_eq!(
        <Rules as senet::rulesets::ByName>::by_name("piccione"),
        Some(first)
    );
    assert_eq!(format!("{first:?}"), "Rules(Described(\"piccione\"))");
    assert!(
        first
            .title()
            .is_some_and(|title| title.starts_with("Piccione 1980"))
    );
}

// --- Piccione, as docs/rules.md "Piccione" states it ---

#[test]
fn piccione_start_and_perft() {
    let start = Position::start(Rules::new(file("piccione")).expect("a valid start"));
    assert_eq!(start.to_string(), "oxoxoxoxox.................... x 0 0");
    // Depth 1, by hand: every target in 1 to 10 is taken, so a 1 and a 2
    // move only the piece on 10, a 3 and a 4 the pieces on 8 and 10, a 5
    // those on 6, 8 and 10: 1 + 1 + 2 + 2 + 3.
    let counts: Vec<u64> = (1..=4).map(|depth| perft(&start, depth)).collect();
    assert_eq!(counts, [9, 82, 877, 9_986]);
    // The crate's independent reference implementation, which plays one
    // move at a time from the hooks, agrees.
    for (depth, count) in (1..=4).zip(counts) {
        assert_eq!(reference_perft(&start, depth), count, "depth {depth}");
    }
    // And on seeded Piccione games, move for move.
    for seed in 0..8 {
        let game = playout(&start, &mut ChaCha8Rng::seed_from_u64(seed), 60);
        for roll in start.ruleset().dice().rolls() {
            let expected = reference_moves(&game.end, roll).len();
            assert_eq!(game.end.moves(roll).len(), expected, "{}", game.end);
        }
        assert_eq!(
            perft(&game.end, 3),
            reference_perft(&game.end, 3),
            "{}",
            game.end
        );
    }
}

#[test]
fn piccione_no_piece_lands_on_another() {
    let piccione = file("piccione");
    let position = pos(piccione, &ps(&[10, 11], &[12, 13], 'x', 3, 3));
    // A 2 or a 3 from 10 lands on o's pieces, a 1 on x's own: refused.
    let error = refused(&position, "2: 10-12");
    assert!(
        error.to_string().contains("no piece may land on another"),
        "{error}"
    );
    assert_moves(&position, 3, &["3: 11-14"]);
}

#[test]
fn piccione_water_sends_to_the_lowest_empty_house() {
    let piccione = file("piccione");
    let position = pos(piccione, &ps(&[1, 24], &[2, 20], 'x', 3, 3));
    assert_eq!(
        after(&position, "3: 24-27"),
        ps(&[1, 3], &[2, 20], 'o', 3, 3)
    );
}

#[test]
fn piccione_throws_again_on_5_and_after_moving_onto_15_or_26() {
    let piccione = file("piccione");
    let position = pos(piccione, &ps(&[12, 22], &[1], 'x', 3, 4));
    let again = |text: &str| after(&position, text).contains(" x ");
    assert!(again("3: 12-15+"), "onto 15");
    assert!(again("4: 22-26+"), "onto 26");
    assert!(!again("2: 12-14"), "a 2 elsewhere passes the throw");
    assert!(
        piccione.throws_again(roll(5), None),
        "a lost 5 throws again"
    );
    assert!(!piccione.throws_again(roll(1), None));
}

#[test]
fn piccione_bears_off_on_the_exact_count_and_never_back_from_28() {
    let piccione = file("piccione");
    let position = pos(piccione, &ps(&[28], &[1], 'x', 4, 4));
    assert_moves(&position, 3, &["3: 28-off"]);
    // A 4 overshoots and 28 never moves backward: the throw is lost.
    assert_lost(&position, 4, "4: -");
    let won = pos(piccione, &ps(&[], &[1], 'o', 5, 4));
    assert_eq!(won.outcome(), Some(Outcome::Win(Side::X)));
}

/// The keys of waits and lost turns, written wrong, are refused at their
/// key and line.
#[test]
fn a_broken_wait_or_lost_turn_says_which_key_on_which_line() {
    let with = |lines: &str| broken("[drawing]", &format!("{lines}\n\n[drawing]")).to_string();
    for (lines, expected) in [
        (
            "[wait]\n27 = [6]",
            "line 42, `wait.27`: 6 is no roll of four_sticks",
        ),
        ("[wait]\n31 = [1]", "line 42, `wait.31`: 31 is not a house"),
        (
            "[wait]\nwater = [1]",
            "line 42, `wait.water`: `water` is not a house number",
        ),
        ("[wait]\n27 = []", "line 42, `wait.27`: list the rolls"),
        (
            "[lose_turn]",
            "line 41, `lose_turn`: say which moves lose the next turn",
        ),
        (
            "[lose_turn]\nafter_moving_to = 31",
            "line 42, `lose_turn.after_moving_to`: 31 is not a house",
        ),
        (
            "[lose_turn]\nafter = 27",
            "line 42, `lose_turn.after`: unknown field `after`",
        ),
    ] {
        let error = with(lines);
        assert!(error.starts_with(expected), "{lines:?}: {error}");
        // None of these keys takes "off": no hint may offer it.
        assert!(!error.contains("\"off\""), "{lines:?}: {error}");
    }
}

// --- Broken files ---

/// A file that reads, with `line` replaced by `with`.
fn broken(line: &str, with: &str) -> RulesFileError {
    let text = std::fs::read_to_string(format!("{ROOT}/rules/piccione.toml")).expect("the file");
    assert!(text.contains(line), "{line}");
    let text = text.replacen(line, with, 1);
    senet_rules_file::from_toml(&text).expect_err("a broken file")
}

#[test]
fn a_broken_file_says_which_key_on_which_line() {
    let cases: [(&str, &str, &str); 9] = [
        (
            "pieces = 5",
            "pieces = 4",
            "line 14, `start.x`: 5 pieces, but `pieces` says 4",
        ),
        (
            "step = \"1-30\"",
            "step = \"1-31\"",
            "line 19, `forward.step`: 31 is not a house",
        ),
        (
            "step = \"1-30\"",
            "stop = 40",
            "line 19, `forward.stop`: 40 is not a house",
        ),
        (
            "rolls = [5]",
            "rolls = [7]",
            "line 37, `throw_again.rolls`: 7 is not a roll",
        ),
        (
            "house = 27\n",
            "",
            "line 31, `water`: missing field `house`",
        ),
        (
            "neighbours = \"every\"",
            "neighbors = \"every\"",
            "line 27, `protection.neighbors`: unknown field `neighbors`",
        ),
        (
            "implement = \"four_sticks\"",
            "implement = \"dice\"",
            "line 13, `implement`: \"dice\" is no implement: write \"long_die\"",
        ),
        (
            "step = \"1-30\"",
            "from.26 = { 1 = \"return\" }",
            "line 19, `forward.from.26.1`: \"return\" needs water.returns_to",
        ),
        (
            "lands = [\"lowest empty\"]",
            "lands = [\"highest empty\"]",
            "line 33, `water.lands.0`: \"highest empty\" is no place: write a house number, \"lowest empty\", \"hand\" or \"N or below\"",
        ),
    ];
    for (line, with, expected) in cases {
        let error = broken(line, with).to_string();
        assert!(error.starts_with(expected), "{with:?}: {error}");
    }
    // Keys that contradict each other, and a start the rules refuse.
    let error = broken(
        "[protection]",
        "[contact]\nusual = \"send_back\"\n\n[protection]",
    );
    assert_eq!(
        error.to_string(),
        "line 27, `contact.usual`: a piece sent back needs contact.send_back_to to say where it goes"
    );
    let error = broken("x = [2, 4, 6, 8, 10]", "x = [2, 4, 6, 8, 27]").to_string();
    assert!(
        error.starts_with(
            "line 14, `start`: the rules refuse their own start: a piece stands on house 27"
        ),
        "{error}"
    );
    // Not TOML at all.
    let error = senet_rules_file::from_toml("name = \n")
        .expect_err("malformed")
        .to_string();
    assert!(error.starts_with("line 1"), "{error}");
    let error = senet_rules_file::read("no/such/file.toml")
        .expect_err("missing")
        .to_string();
    assert!(
        error.starts_with("cannot read no/such/file.toml"),
        "{error}"
    );
}

// --- Records of a described ruleset ---

/// Plays `turns` throws of random legal moves.
fn play_randomly<R: Ruleset>(
    game: &mut senet::Game<R, senet::source::SeededThrows>,
    seed: u64,
    turns: usize,
) {
    use rand_core::Rng;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..turns {
        if game.is_over() {
            break;
        }
        game.throw().expect("a seeded throw");
        let moves = game.legal_moves();
        if !moves.is_empty() {
            let mv = moves[rng.next_u32() as usize % moves.len()];
            game.play(mv).expect("a legal move");
        }
    }
}

#[test]
fn a_record_carries_the_files_sha256_and_replays_only_under_that_file() {
    use senet::replay::Problem;
    use senet::{Game, Seed};

    let piccione = file("piccione");
    let mut game = Game::seeded(piccione, Seed::from_u64(7));
    play_randomly(&mut game, 7, 400);
    let record = game.record();
    let digest = record.rules_file().expect("the RulesFile tag");
    assert_eq!(Some(*digest.as_bytes()), piccione.digest());
    let text = record.to_string();
    assert!(
        text.starts_with("[Ruleset \"piccione\"]\n[Revision \"1\"]\n[RulesFile \""),
        "{text}"
    );
    // Read back and replayed under the same file, byte for byte.
    let read: senet::Record = text.parse().expect("a record");
    assert_eq!(read, record);
    assert!(read.verify_with(piccione).expect("it replays").is_valid());

    // The same name under another file (one more throw-again roll): refused.
    let path = format!("{ROOT}/rules/piccione.toml");
    let other = std::fs::read_to_string(&path)
        .expect("the file")
        .replace("rolls = [5]", "rolls = [4, 5]");
    let other = senet_rules_file::from_toml(&other).expect("another good file");
    assert_eq!(other.name(), "piccione");
    let error = read.verify_with(other).expect_err("another file");
    assert!(
        matches!(error.problem, Problem::RulesFile { .. }),
        "{error}"
    );

    // A tampered digest: refused, and a malformed one does not parse.
    let mut tampered = read.clone();
    tampered.set_rules_file(Some(senet::Commitment::from_bytes([0; 32])));
    let error = tampered.verify_with(piccione).expect_err("tampered");
    assert!(error.to_string().contains("another rules file"), "{error}");
    let bad = text.replacen("[RulesFile \"", "[RulesFile \"X", 1);
    let error = bad.parse::<senet::Record>().expect_err("malformed digest");
    assert!(error.to_string().contains("RulesFile tag"), "{error}");

    // A built-in ruleset's file and the built-in: one's record is refused
    // by the other, both ways.
    let kendall = file("kendall");
    let mut game = Game::seeded(kendall, Seed::from_u64(3));
    play_randomly(&mut game, 3, 50);
    let error = game
        .record()
        .verify_with(senet::rulesets::Kendall)
        .expect_err("a file's record");
    assert!(
        matches!(error.problem, Problem::RulesFile { replayed: None, .. }),
        "{error}"
    );
    let built_in = Game::seeded(senet::rulesets::Kendall, Seed::from_u64(3)).record();
    let error = built_in
        .verify_with(kendall)
        .expect_err("the built-in's record");
    assert!(
        matches!(error.problem, Problem::RulesFile { record: None, .. }),
        "{error}"
    );
}

/// docs/rulesets.md shows `rules/kendall7.toml` as it is, and the file
/// plays as Kendall's rules with seven pieces: the built-in Kendall's
/// hooks but for the pieces and the start.
#[test]
fn the_worked_example_file_is_the_docs_and_kendalls_rules_with_seven_pieces() {
    let text = std::fs::read_to_string(format!("{ROOT}/rules/kendall7.toml")).expect("the file");
    let docs = std::fs::read_to_string(format!("{ROOT}/docs/rulesets.md")).expect("the docs");
    assert!(
        docs.contains(&format!("```toml\n{text}```")),
        "docs/rulesets.md shows another file"
    );
    let kendall7 = file("kendall7");
    let kendall = senet::rulesets::Kendall;
    assert_eq!(kendall7.pieces_per_side(), 7);
    for from in House::all() {
        for roll in kendall.dice().rolls() {
            assert_eq!(kendall7.forward(from, roll), kendall.forward(from, roll));
            assert_eq!(kendall7.backward(from, roll), kendall.backward(from, roll));
        }
    }
    let start = Position::start(kendall7);
    assert_eq!(start.to_string(), "oxoxoxoxoxoxox................ x 0 0");
    let counts: Vec<u64> = (1..=3).map(|depth| perft(&start, depth)).collect();
    assert_eq!(counts, [24, 476, 8_600]);
    assert_eq!(
        counts,
        (1..=3)
            .map(|depth| reference_perft(&start, depth))
            .collect::<Vec<_>>()
    );
}

/// A new implement is one name in the file: three sticks, none light
/// counting 4, make rolls 1 to 4 with chances 3, 3, 1 and 1 in 8, and a
/// game thrown with them records and replays like any other.
#[test]
fn a_new_implement_is_one_name_in_the_file() {
    use senet::{Dice, Game, Seed};

    let text = r#"
name = "three-sticks"
revision = 1
pieces = 3
implement = "three_sticks"
start = { x = [2, 4, 6], o = [1, 3, 5] }

[forward]
step = "1-25"
stop = 26
from.26 = { 1 = "water", 2 = 28, 3 = 29, 4 = "off" }
from.28 = { 3 = "off" }
from.29 = { 2 = "off" }
from.30 = { 1 = "off" }

[water]
house = 27
lands = ["15 or below"]

[throw_again]
rolls = [1, 4]
"#;
    let ruleset = senet_rules_file::from_toml(text).expect("three sticks");
    assert_eq!(ruleset.dice(), Dice::sticks(3, 4).expect("an implement"));
    let weights: Vec<(u8, u32)> = ruleset
        .dice()
        .weights()
        .iter()
        .map(|&(roll, weight)| (roll.value(), weight))
        .collect();
    assert_eq!(weights, [(1, 3), (2, 3), (3, 1), (4, 1)]);

    let mut game = Game::seeded(ruleset, Seed::from_u64(3));
    play_randomly(&mut game, 3, 2_000);
    assert!(game.is_over(), "a game of three pieces ends");
    let record = game.record();
    for turn in game.history() {
        let sticks = turn.throw().sticks().expect("sticks");
        assert_eq!(sticks.len(), 3);
        let light = sticks.iter().filter(|&&light| light).count() as u8;
        let roll = turn.throw().roll().value();
        assert_eq!(roll, if light == 0 { 4 } else { light });
    }
    let read: senet::Record = record.to_string().parse().expect("a record");
    assert!(read.verify_with(ruleset).expect("it replays").is_valid());
    // Three sticks counting 6 when none is light make no 4, which the
    // file's moves use.
    let six = text.replace("\"three_sticks\"", "\"three_sticks_six\"");
    let error = senet_rules_file::from_toml(&six).expect_err("no 4");
    assert!(
        error
            .to_string()
            .contains("4 is no roll of three_sticks_six: it throws 1, 2, 3, 6"),
        "{error}"
    );
    let refused = text.replace("rolls = [1, 4]", "rolls = [1, 5]");
    let error = senet_rules_file::from_toml(&refused).expect_err("no 5");
    assert!(
        error
            .to_string()
            .contains("5 is no roll of three_sticks: it throws 1, 2, 3, 4"),
        "{error}"
    );
}
