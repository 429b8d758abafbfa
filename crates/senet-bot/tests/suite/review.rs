//! A game's review: the weaker side loses more, the table's own moves lose
//! nothing, a bad move is the blunder the table says, the same record
//! always gives the same review, and a record that does not verify is
//! refused.

use std::sync::OnceLock;

use senet::Ruleset;
use senet::replay::{Place, Problem};
use senet::rulesets::{Kendall, Temple};
use senet::source::SeededThrows;
use senet::{AnyRuleset, Move, Position, Record, Seed, Side};
use senet_bot::review::{Class, ReviewError, Source, review};
use senet_bot::{Agent, Bot, Decision, Duel, Level};
use senet_odds::Table;

/// Kendall's bound-2 table, solved once for the tests of this file.
fn table() -> &'static Table<Kendall> {
    static TABLE: OnceLock<Table<Kendall>> = OnceLock::new();
    TABLE.get_or_init(|| Table::solve(Kendall, 2).expect("solvable"))
}

/// Plays the table's best move everywhere.
struct Perfect(&'static Table<Kendall>);

impl Agent<Kendall> for Perfect {
    fn name(&self) -> String {
        "table".into()
    }
    fn choose(&mut self, decision: &Decision<'_, Kendall>) -> Move {
        self.0
            .best_move(decision.position(), decision.roll())
            .map_or(decision.moves()[0], |(mv, _)| mv)
    }
}

/// The record of a game between level 1 and the top level, `weak` moving for
/// level 1.
fn weak_against_strong(weak: Side, seed: u64) -> Record {
    let mut one = Bot::new(Kendall, Level::new(1).unwrap());
    let mut top = Bot::new(Kendall, Level::new(Level::MAX).unwrap());
    let source = SeededThrows::new(Seed::from_u64(seed));
    let duel = Duel::new(Kendall);
    let game = match weak {
        Side::X => duel.play(&mut one, &mut top, source),
        Side::O => duel.play(&mut top, &mut one, source),
    }
    .expect("the game is played");
    assert!(game.is_over());
    game.record()
}

/// Level 1 against the top level, in both seats: level 1 gives away more of its
/// chances than the top level, and the top level, judged by its own search, never
/// loses anything.
#[test]
fn the_weaker_side_loses_more() {
    let (mut weak_lost, mut weak_decisions) = (0.0, 0);
    let (mut strong_lost, mut strong_decisions) = (0.0, 0);
    for (weak, seed) in [(Side::X, 1), (Side::O, 2)] {
        let review = review(&weak_against_strong(weak, seed), Kendall, None).unwrap();
        let (w, s) = (review.summary(weak), review.summary(weak.opponent()));
        weak_lost += w.total_lost;
        weak_decisions += w.decisions;
        strong_lost += s.total_lost;
        strong_decisions += s.decisions;
        assert!(w.decisions > 10 && s.decisions > 10, "{w:?} {s:?}");
        for judged in review.moves.iter().filter(|m| m.side != weak) {
            assert_eq!(
                judged.source,
                Source::Level(Level::new(Level::MAX).unwrap())
            );
            assert_eq!(judged.lost, 0.0, "the top level plays its own best move");
            assert_eq!(judged.best, judged.played);
        }
    }
    let weak_mean = weak_lost / weak_decisions as f64;
    let strong_mean = strong_lost / strong_decisions as f64;
    // Measured: level 1 gives away 0.004 a decision in these two games.
    assert!(
        weak_mean > strong_mean + 0.002,
        "level 1 loses {weak_mean} a decision, the top level {strong_mean}"
    );
}

/// Both sides follow the table from a start it holds: every decision is
/// valued exactly, nothing is lost, every move is fine.
#[test]
fn the_tables_own_moves_lose_nothing() {
    let start: Position<Kendall> = "...........x....o..x.o........ x 3 3".parse().unwrap();
    assert!(table().probe(&start).is_some());
    let duel = Duel::new(start);
    let mut judged = 0;
    for seed in 1..=4 {
        let source = SeededThrows::new(Seed::from_u64(seed));
        let game = duel
            .play(&mut Perfect(table()), &mut Perfect(table()), source)
            .unwrap();
        let review = review(&game.record(), Kendall, Some(table())).unwrap();
        assert_eq!(review.table_bound, Some(2));
        for side in Side::BOTH {
            let summary = review.summary(side);
            assert_eq!(summary.total_lost, 0.0);
            assert_eq!(summary.fine, summary.decisions);
            assert_eq!(summary.exact, summary.decisions);
            assert_eq!(summary.error_rate, 0.0);
        }
        for m in &review.moves {
            assert_eq!(
                (m.source, m.class, m.lost),
                (Source::Exact, Class::Fine, 0.0)
            );
            assert_eq!(m.best, m.played);
            assert!(m.choices >= 2);
        }
        judged += review.moves.len();
    }
    assert!(judged > 5, "only {judged} decisions had a choice");
}

/// A position x to throw, a roll, and its best and worst moves by the
/// table, whose chances differ by at least a blunder.
fn a_blunder_to_make() -> (Position<Kendall>, Move, Move, f64) {
    let table = table();
    for (position, _) in table.iter() {
        if position.is_over() || position.side_to_throw() != Side::X {
            continue;
        }
        for roll in Kendall.dice().rolls() {
            let moves = position.moves(roll);
            let mut valued: Vec<(Move, f64)> = moves
                .iter()
                .map(|mv| (mv, table.probe(&position.play(mv).unwrap()).unwrap()))
                .collect();
            if valued.len() < 2 {
                continue;
            }
            valued.sort_by(|a, b| b.1.total_cmp(&a.1));
            let (best, worst) = (valued[0], valued[valued.len() - 1]);
            if best.1 - worst.1 >= 0.2 {
                return (position, best.0, worst.0, best.1 - worst.1);
            }
        }
    }
    panic!("no position of the table has a blunder to make");
}

/// A hand-built record of one bad move: a blunder, valued exactly, by as
/// much as the table says.
#[test]
fn a_bad_move_is_a_blunder_by_the_tables_figure() {
    let (position, best, worst, gap) = a_blunder_to_make();
    let mut record = Record::new(Kendall);
    record.set_start(Some(&position));
    record.push_throw(position.notation(worst));
    let review = review(&record, Kendall, Some(table())).unwrap();
    assert_eq!(review.moves.len(), 1);
    let judged = review.moves[0];
    assert_eq!(judged.number, 1);
    assert_eq!(judged.side, Side::X);
    assert_eq!(judged.source, Source::Exact);
    assert_eq!(judged.class, Class::Blunder);
    assert_eq!(judged.played, position.notation(worst));
    assert_eq!(judged.best, position.notation(best));
    let table = table();
    let after = |mv| table.probe(&position.play(mv).unwrap()).unwrap();
    assert_eq!(judged.best_chance, after(best));
    assert_eq!(judged.played_chance, after(worst));
    assert_eq!(judged.lost, gap);
    let x = review.summary(Side::X);
    assert_eq!((x.decisions, x.blunders, x.total_lost), (1, 1, gap));
    assert_eq!(x.error_rate, 1000.0 * gap);
    assert_eq!(review.summary(Side::O).decisions, 0);
    // Without the table the same move is judged by the top level, and still
    // found wanting.
    let estimated = senet_bot::review::review(&record, Kendall, None).unwrap();
    assert_eq!(
        estimated.moves[0].source,
        Source::Level(Level::new(Level::MAX).unwrap())
    );
    assert!(estimated.moves[0].lost > 0.0);
}

/// The same record gives the same review, every time, with or without a
/// table.
#[test]
fn a_review_is_deterministic() {
    let record = weak_against_strong(Side::X, 3);
    let first = review(&record, Kendall, None).unwrap();
    let again = review(&record.to_string().parse().unwrap(), Kendall, None).unwrap();
    assert_eq!(first, again);
    let exact = review(&record, Kendall, Some(table())).unwrap();
    assert_eq!(exact, review(&record, Kendall, Some(table())).unwrap());
    // The table changes only the decisions it holds every move of.
    assert_eq!(first.moves.len(), exact.moves.len());
    for (plain, with) in first.moves.iter().zip(&exact.moves) {
        if with.source == Source::Level(Level::new(Level::MAX).unwrap()) {
            assert_eq!(plain, with);
        }
    }
}

/// A record that does not verify is refused where it fails; a record or
/// a table of another ruleset is refused by name.
#[test]
fn a_tampered_record_is_refused() {
    let record = weak_against_strong(Side::O, 4);
    let text = record.to_string();
    // Another seed: the first roll that differs is not the seed's.
    let seed = format!("[Seed \"{}\"]", Seed::from_u64(4));
    let forged = text.replace(&seed, &format!("[Seed \"{}\"]", Seed::from_u64(5)));
    assert_ne!(forged, text);
    let err = review(&forged.parse().unwrap(), Kendall, None).unwrap_err();
    let ReviewError::Replay(replay) = &err else {
        panic!("{err:?}");
    };
    assert!(matches!(replay.place, Place::Throw(_)), "{replay}");
    assert!(matches!(replay.problem, Problem::Roll { .. }), "{replay}");
    assert!(
        err.to_string()
            .starts_with("the record does not verify: throw ")
    );
    // A move changed for another legal-looking one.
    let mut moved = Record::new(Kendall);
    moved.push_throw("2: 10-12".parse().unwrap());
    moved.push_throw("3: 2-5".parse().unwrap()); // o's turn, and 2 is x's
    assert!(matches!(
        review(&moved, Kendall, None),
        Err(ReviewError::Replay(_))
    ));
    // Another ruleset.
    let err = review(&record, Temple, None).unwrap_err();
    assert_eq!(
        err,
        ReviewError::WrongRuleset {
            record: "kendall".into(),
            reviewed: "temple"
        }
    );
    // A table of another ruleset behind the same run-time type.
    let temple = Table::solve(AnyRuleset::Temple, 1).unwrap();
    let err = review(&record, AnyRuleset::Kendall, Some(&temple)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "the endgame table is for temple, the game is kendall"
    );
    // The same record under the run-time type reviews as under Kendall.
    assert_eq!(
        review(&record, AnyRuleset::Kendall, None).unwrap(),
        review(&record, Kendall, None).unwrap()
    );
}
