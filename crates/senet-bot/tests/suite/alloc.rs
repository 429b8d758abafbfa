//! Bots decide without allocating, counted by the suite's allocator.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::rulesets::CheckedRuleset;
use senet::{AnyRuleset, Position, Roll, Ruleset};

use crate::counting::allocations;

/// `count` positions of random games from the start, the finished ones too.
fn positions<R: CheckedRuleset>(ruleset: R, count: usize) -> Vec<Position<R>> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut position = Position::start(ruleset);
        while !position.is_over() && out.len() < count {
            out.push(position);
            let roll = ruleset.dice().throw(&mut rng).roll();
            let moves = position.moves(roll).to_list();
            position = if moves.is_empty() {
                position.lose_throw(roll).unwrap()
            } else {
                let pick = (u64::from(rng.next_u32()) * moves.len() as u64) >> 32;
                position.play(moves[pick as usize]).unwrap()
            };
        }
        out.push(position); // the finished game too
    }
    out.truncate(count);
    out
}

fn all_rolls() -> impl Iterator<Item = Roll> {
    (1..=Roll::MAX).filter_map(Roll::new)
}
/// A built bot decides without allocating, at every level and in every
/// ruleset: once its search table has its size (the first decision),
/// choosing a move allocates nothing.
#[test]
fn bot_decisions_allocate_nothing() {
    use senet::with_ruleset;
    use senet_bot::{Agent, Baseline, Bot, Decision, Level};
    for any in AnyRuleset::ALL {
        with_ruleset!(any, |r| {
            let decisions: Vec<(Position<_>, senet::Throw)> = positions(r, 60)
                .into_iter()
                .filter(|p| !p.is_over())
                .flat_map(|p| {
                    all_rolls()
                        .filter_map(|roll| senet::Throw::canonical(r.dice(), roll))
                        .map(move |throw| (p, throw))
                })
                .collect();
            let mut bots: Vec<Box<dyn Agent<_>>> = Level::all()
                .map(|level| Box::new(Bot::new(r, level)) as Box<dyn Agent<_>>)
                .collect();
            bots.push(Box::new(Baseline::new(r)));
            let decisions: Vec<Decision<'_, _>> = decisions
                .iter()
                .filter_map(|&(position, throw)| Decision::new(position, throw, &[]).ok())
                .collect();
            for bot in &mut bots {
                // The first search sizes the table (a forced move searches nothing).
                if let Some(first) = decisions.iter().find(|d| !d.is_forced()) {
                    bot.choose(first);
                }
                for decision in &decisions {
                    let (_, count) = allocations(|| bot.choose(decision));
                    let position = decision.position();
                    assert_eq!(count, 0, "{}: {} at {position}", r.name(), bot.name());
                }
            }
        });
    }
}
