//! Properties over random play (proptest): from each ruleset's start, a
//! generated vector of choices picks each roll and each move. Every
//! position and every throw on the way is checked against invariants of
//! the rules (`docs/rules.md`) and against the text forms. Also: the parsers never panic, and
//! accept exactly the valid positions and the canonical move texts.

use crate::common;

use common::*;
use proptest::prelude::*;
use proptest::test_runner::Config;
use senet::moves::{Target, divide};
use senet::rulesets::CheckedRuleset;
use senet::rulesets::Reach;
use senet::rulesets::{Bell, Classic, Jequier, Kendall, Kendall1979, Skyruk, Temple};
use senet::{House, Move, MoveList, MoveText, Position, Roll, Ruleset, Side, perft};

/// Modest case counts: the whole suite must stay fast in debug builds.
fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// Invariants every reachable position keeps.
fn check_position<R: Ruleset>(p: &Position<R>) -> Result<(), TestCaseError> {
    let r = p.ruleset();
    let n = r.pieces_per_side();
    let board = p.board();
    // The position string round-trips.
    let text = p.to_string();
    prop_assert_eq!(Position::parse(r, &text), Ok(*p), "{}", text);
    // One piece per house.
    prop_assert!((board.pieces(Side::X) & board.pieces(Side::O)).is_empty());
    let held = House::all().filter(|&h| p.piece_at(h).is_some()).count();
    let on = usize::from(board.on_board(Side::X) + board.on_board(Side::O));
    prop_assert_eq!(held, on);
    // Pieces are conserved: captured only in Bell.
    for side in Side::BOTH {
        let kept = board.on_board(side) + board.off(side);
        if r.name() == "bell" {
            prop_assert!(kept <= n, "{}", text);
        } else {
            prop_assert_eq!(kept, n, "{}", text);
        }
    }
    // The water.
    let on_27 = p.piece_at(senet::rulesets::WATER).is_some();
    match r.name() {
        "kendall" | "temple" => prop_assert!(!on_27, "{}", text),
        "classic" => prop_assert!(
            !on_27 || p.piece_at(senet::rulesets::REBIRTH).is_some(),
            "{}",
            text
        ),
        _ => {}
    }
    // A finished game has no moves and no lost throws.
    if p.is_over() {
        for value in 1..=Roll::MAX {
            prop_assert!(p.moves(roll(value)).to_list().is_empty());
            prop_assert!(p.lose_throw(roll(value)).is_err());
        }
        prop_assert_eq!(perft(p, 2), 1);
    }
    Ok(())
}

/// A legal move of `p`: its text, its lookup and playing it agree.
fn check_move<R: Ruleset>(p: &Position<R>, mv: Move) -> Result<Position<R>, TestCaseError> {
    let r = p.ruleset();
    let written = p.notation(mv);
    let text = written.to_string();
    // Prints and parses back to itself, and names this very move.
    prop_assert_eq!(text.parse::<MoveText>(), Ok(written), "{}", text);
    prop_assert_eq!(written.resolve(p), Ok(Some(mv)), "{} in {}", text, p);
    prop_assert_eq!(p.find_move(mv.roll(), mv.from(), mv.to()), Ok(mv));
    let after = p.play(mv);
    prop_assert!(after.is_ok(), "{} refused in {}", text, p);
    let after = after.unwrap();
    // The suffixes say what the move does.
    let again = !after.is_over() && after.side_to_throw() == p.side_to_throw();
    prop_assert_eq!(written.throws_again(), again, "{} in {}", text, p);
    prop_assert_eq!(written.is_backward(), mv.is_backward());
    prop_assert_eq!(written.is_swap(), mv.is_hit());
    if after.is_over() {
        prop_assert_eq!(after.side_to_throw(), p.side_to_throw().opponent());
    }
    // The move goes where the ruleset's own hooks send that piece with
    // that roll, into the water exactly when they say so, and is written
    // backward exactly when its target is below its start.
    let sent = hook_targets(p, mv.from(), mv.roll());
    prop_assert!(
        sent.contains(&(mv.to(), mv.is_water())),
        "{} in {}: the hooks send that piece to {:?}",
        text,
        p,
        sent
    );
    prop_assert_eq!(
        mv.is_backward(),
        mv.to().track_number() < mv.from().number()
    );
    // One piece borne off for an off move, none otherwise.
    let side = p.side_to_throw();
    let off_before = p.board().off(side);
    let off_after = after.board().off(side);
    prop_assert_eq!(off_after, off_before + u8::from(mv.to() == Target::Off));
    // Only Bell's captures remove pieces, one at a time.
    let opp = side.opponent();
    let kept = |q: &Position<R>| q.board().on_board(opp) + q.board().off(opp);
    prop_assert_eq!(kept(&after) + u8::from(mv.is_capture()), kept(p));
    prop_assert!(!mv.is_capture() || r.name() == "bell");
    prop_assert!(!mv.is_swap() || r.name() != "bell");
    Ok(after)
}

/// Where the hooks send the piece on `from` with `roll` in `p`, forward and
/// backward, as a move writes it: its target, and whether it enters the
/// water. Read from [`Ruleset::forward`], [`Ruleset::backward`] and the
/// water hooks, so that no ruleset's geometry is written here.
fn hook_targets<R: Ruleset>(p: &Position<R>, from: House, roll: Roll) -> Vec<(Target, bool)> {
    let r = p.ruleset();
    let occupied = p.board().occupied();
    let water = r.water().map(|house| (Target::House(house), true));
    let on = |house: House| (Target::House(house), false);
    [r.forward(from, roll), r.backward(from, roll)]
        .into_iter()
        .flatten()
        .filter_map(|reach| match reach {
            Reach::To(house) => Some(on(house)),
            Reach::Off => Some((Target::Off, false)),
            Reach::Water | Reach::Fall => water,
            Reach::ToElseWater(house) if !occupied.contains(house) => Some(on(house)),
            Reach::ToElseWater(_) => water,
            Reach::Return => r.return_landing(occupied.without(from)).map(on),
            other => panic!("this test does not know {other:?}"),
        })
        .collect()
}

/// Plays from the start: each `(roll choice, move choice)` throws a roll of
/// the ruleset's implement and plays one of its moves (or loses it).
fn random_game<R: CheckedRuleset>(ruleset: R, choices: &[(u8, u8)]) -> Result<(), TestCaseError> {
    let rolls: Vec<_> = ruleset.dice().rolls().collect();
    let mut p = Position::start(ruleset);
    // One list, refilled at every step, as fast loops use it.
    let mut reused = MoveList::new();
    for (step, &(roll_choice, move_choice)) in choices.iter().enumerate() {
        check_position(&p)?;
        // All rolls at once give each roll's moves, and nothing for the
        // rolls the implement cannot make.
        let by_roll = p.moves_by_roll();
        let listed: Vec<Roll> = by_roll.iter().map(|(roll, _)| roll).collect();
        prop_assert_eq!(&listed, &rolls);
        for value in 1..=Roll::MAX {
            let roll = roll(value);
            prop_assert_eq!(by_roll.get(roll), p.moves(roll), "{} with {}", p, roll);
        }
        if p.is_over() {
            break;
        }
        if step % 16 == 0 {
            let sum: u64 = divide(&p, 2).iter().map(|(_, n)| n).sum();
            prop_assert_eq!(sum, perft(&p, 2), "divide of {}", p);
        }
        let roll = rolls[usize::from(roll_choice) % rolls.len()];
        let moves = p.moves(roll);
        let list = moves.to_list();
        prop_assert_eq!(p.lose_throw(roll).is_ok(), list.is_empty(), "{}", p);
        prop_assert_eq!(moves.is_lost_throw(), list.is_empty());
        let mut afters = Vec::new();
        for &mv in &list {
            prop_assert_eq!(mv.roll(), roll);
            afters.push(check_move(&p, mv)?);
        }
        // A refilled list is the same list; the moves iterate, index and
        // play in the list's order, to the same positions.
        moves.write_to(&mut reused);
        prop_assert_eq!(reused, list);
        prop_assert_eq!((moves.position(), moves.roll()), (&p, roll));
        prop_assert_eq!(moves.len(), list.len());
        prop_assert_eq!(moves.is_empty(), list.is_empty());
        prop_assert!(moves.iter().eq(list.iter().copied()), "{} with {}", p, roll);
        for (index, (&mv, after)) in list.iter().zip(&afters).enumerate() {
            prop_assert_eq!(moves.get(index), Some(mv));
            prop_assert_eq!(moves.starting_at(mv.from()), Some(mv));
            prop_assert!(moves.contains(mv));
            prop_assert_eq!(moves.play_nth(index), Some(*after));
            prop_assert_eq!(moves.play(mv), Ok(*after));
        }
        prop_assert_eq!(moves.get(list.len()), None);
        prop_assert_eq!(moves.play_nth(list.len()), None);
        prop_assert_eq!(moves.lose_throw(), p.lose_throw(roll));
        // Every piece without a listed move has none.
        for from in p.board().pieces(p.side_to_throw()) {
            let listed = list.iter().any(|mv| mv.from() == from);
            prop_assert_eq!(moves.starting_at(from).is_some(), listed);
        }
        p = if list.is_empty() {
            let written = p.lost_notation(roll);
            let text = written.to_string();
            prop_assert_eq!(text.parse::<MoveText>(), Ok(written), "{}", text);
            prop_assert_eq!(written.resolve(&p), Ok(None), "{} in {}", text, p);
            let after = p.lose_throw(roll).unwrap();
            prop_assert_eq!(after.board(), p.board());
            let again = after.side_to_throw() == p.side_to_throw();
            prop_assert_eq!(written.throws_again(), again);
            after
        } else {
            afters[usize::from(move_choice) % afters.len()]
        };
    }
    // Refilling a list that held moves, at the last position (often a
    // finished game, with no moves), leaves exactly that position's moves.
    for &roll in &rolls {
        p.moves(roll).write_to(&mut reused);
        prop_assert_eq!(reused, p.moves(roll).to_list(), "{} with {}", p, roll);
    }
    check_position(&p)
}

fn choices() -> impl Strategy<Value = Vec<(u8, u8)>> {
    prop::collection::vec(any::<(u8, u8)>(), 50..800)
}

proptest! {
    #![proptest_config(config(24))]

    #[test]
    fn random_play_kendall(choices in choices()) {
        random_game(Kendall, &choices)?;
    }

    #[test]
    fn random_play_temple(choices in choices()) {
        random_game(Temple, &choices)?;
    }

    #[test]
    fn random_play_bell(choices in choices()) {
        random_game(Bell, &choices)?;
    }

    #[test]
    fn random_play_classic(choices in choices()) {
        random_game(Classic, &choices)?;
    }

    #[test]
    fn random_play_jequier(choices in choices()) {
        random_game(Jequier, &choices)?;
    }

    #[test]
    fn random_play_kendall1979(choices in choices()) {
        random_game(Kendall1979, &choices)?;
    }

    #[test]
    fn random_play_skyruk(choices in choices()) {
        random_game(Skyruk, &choices)?;
    }
}

// ---- The parsers ----

/// Whether the rules (`docs/rules.md`, "Position strings") accept these pieces for `ruleset` (the board, off
/// counts and sides already well written).
fn valid_by_rules<R: Ruleset>(ruleset: R, x: &[u8], o: &[u8], off_x: u8, off_o: u8) -> bool {
    let n = usize::from(ruleset.pieces_per_side());
    let capture = ruleset.name() == "bell";
    let kept_x = x.len() + usize::from(off_x);
    let kept_o = o.len() + usize::from(off_o);
    if kept_x > n || kept_o > n {
        return false;
    }
    if !capture && (kept_x != n || kept_o != n) {
        return false;
    }
    if !capture && usize::from(off_x) == n && usize::from(off_o) == n {
        return false;
    }
    let on = |h: u8| x.contains(&h) || o.contains(&h);
    match ruleset.name() {
        "kendall" | "temple" | "jequier" => !on(27),
        "classic" => !on(27) || on(15),
        _ => true,
    }
}

fn check_parse<R: Ruleset>(ruleset: R, x: &[u8], o: &[u8], side: char, off_x: u8, off_o: u8) {
    let text = ps(x, o, side, off_x, off_o);
    let parsed = Position::parse(ruleset, &text);
    assert_eq!(
        parsed.is_ok(),
        valid_by_rules(ruleset, x, o, off_x, off_o),
        "{} {text:?}: {parsed:?}",
        ruleset.name()
    );
    if let Ok(p) = parsed {
        assert_eq!(p.to_string(), text);
    } else if let Err(e) = parsed {
        assert!(!e.to_string().is_empty());
    }
}

/// Disjoint x and o houses, near the piece counts of the rulesets.
fn pieces() -> impl Strategy<Value = (Vec<u8>, Vec<u8>)> {
    let houses: Vec<u8> = (1..=30).collect();
    (
        prop::sample::subsequence(houses.clone(), 0..=11),
        prop::sample::subsequence(houses, 0..=11),
    )
        .prop_map(|(x, o)| {
            let o: Vec<u8> = o.into_iter().filter(|h| !x.contains(h)).collect();
            (x, o)
        })
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn position_parse_accepts_exactly_the_valid_positions(
        (x, o) in pieces(),
        side in prop::sample::select(vec!['x', 'o']),
        off_x in 0u8..=11,
        off_o in 0u8..=11,
    ) {
        check_parse(Kendall, &x, &o, side, off_x, off_o);
        check_parse(Temple, &x, &o, side, off_x, off_o);
        check_parse(Bell, &x, &o, side, off_x, off_o);
        check_parse(Classic, &x, &o, side, off_x, off_o);
        check_parse(Jequier, &x, &o, side, off_x, off_o);
        check_parse(Kendall1979, &x, &o, side, off_x, off_o);
        check_parse(Skyruk, &x, &o, side, off_x, off_o);
    }

    #[test]
    fn position_parse_never_panics(text in "[.xoXO1 -]{0,34}( [xoX-]{0,2}( [0-9+-]{0,3}){0,3})?") {
        for r in senet::AnyRuleset::ALL {
            if let Ok(p) = Position::parse(r, &text) {
                prop_assert_eq!(p.to_string(), text.clone());
            }
        }
    }

    #[test]
    fn position_parse_never_panics_on_any_text(text in any::<String>()) {
        let _ = Position::parse(Kendall, &text);
        let _ = Position::parse(Bell, &text);
    }

    #[test]
    fn move_text_parser_accepts_exactly_what_it_prints(
        text in "[0-6]{1,2}: ?([0-9]{1,3}-([0-9]{1,3}|off|31)[x<+ ]{0,3}|-[+x]{0,2})"
    ) {
        if let Ok(parsed) = text.parse::<MoveText>() {
            prop_assert_eq!(parsed.to_string(), text);
        }
    }

    #[test]
    fn move_text_parser_never_panics(text in any::<String>()) {
        if let Ok(parsed) = text.parse::<MoveText>() {
            prop_assert_eq!(parsed.to_string(), text);
        }
    }
}
