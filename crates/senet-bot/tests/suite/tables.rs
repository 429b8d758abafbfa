//! Bots inside the endgame tables.

use std::sync::Arc;

use senet::rulesets::Kendall;
use senet::{Position, Roll, Ruleset, Side, Throw};
use senet_bot::{Agent, Bot, Decision, Level};
use senet_odds::Table;

fn kendall() -> Table<Kendall> {
    Table::solve(Kendall, 2).expect("solvable")
}

/// Bots from level 2 play the table's move inside it; level 1 does not use it.
#[test]
fn bots_play_table_moves_inside_the_table() {
    let table = Arc::new(kendall().clone());
    let mut level2 = Bot::new(Kendall, Level::new(2).unwrap()).with_table(table.clone());
    let mut level1 = Bot::new(Kendall, Level::new(1).unwrap()).with_table(table.clone());
    let mut differs = 0;
    for (position, _) in table.iter().filter(|(p, _)| !p.is_over()).step_by(2999) {
        for roll in Kendall.dice().rolls() {
            let throw = Throw::canonical(Kendall.dice(), roll).unwrap();
            let Ok(decision) = Decision::new(position, throw, &[]) else {
                continue;
            };
            let exact = level2.think(&decision);
            assert!(exact.exact);
            assert_eq!(level2.choose(&decision), exact.best());
            let (best, value) = table.best_move(&position, roll).unwrap();
            let mover_value = if position.side_to_throw() == Side::X {
                value
            } else {
                1.0 - value
            };
            assert_eq!(exact.value(), mover_value, "{position} {roll}");
            assert_eq!(
                table.probe(&position.play(exact.best()).unwrap()),
                table.probe(&position.play(best).unwrap())
            );
            let plain = level1.think(&decision);
            assert!(!plain.exact);
            differs += usize::from(plain.best() != exact.best());
        }
    }
    assert!(
        differs > 0,
        "the rule of thumb never disagrees with the table?"
    );
    let start = Position::start(Kendall);
    let throw = Throw::canonical(Kendall.dice(), Roll::new(1).unwrap()).unwrap();
    let decision = Decision::new(start, throw, &[]).unwrap();
    assert!(
        !level2.think(&decision).exact,
        "the start is outside the table"
    );
}
