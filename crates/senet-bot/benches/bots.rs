//! Bot decisions: each level of the ladder and the baseline choosing a
//! move, over the same 200 decisions per ruleset (positions of seeded
//! random games, each with a throw, skipping forced moves); throughput
//! is decisions.
//!
//! Before timing, each agent's choices over the decisions are checked to
//! be legal and the same twice (a bot is deterministic), so a bench that
//! times a broken agent fails.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::rulesets::{Bell, CheckedRuleset, Kendall};
use senet::{Position, Throw};
use senet_bot::{Agent, Baseline, Bot, Decision, Level};

/// Decisions with a choice, from seeded random games.
fn decisions<R: CheckedRuleset>(ruleset: R, count: usize) -> Vec<(Position<R>, Throw)> {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let dice = ruleset.dice();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut position = Position::start(ruleset);
        while !position.is_over() && out.len() < count {
            let throw = dice.throw(&mut rng);
            let moves = position.moves(throw.roll()).to_list();
            if moves.len() > 1 {
                out.push((position, throw));
            }
            position = if moves.is_empty() {
                position.lose_throw(throw.roll()).unwrap()
            } else {
                let pick = (u64::from(rng.next_u32()) * moves.len() as u64) >> 32;
                position.play(moves[pick as usize]).unwrap()
            };
        }
    }
    out
}

fn bench_ruleset<R: CheckedRuleset>(c: &mut Criterion, ruleset: R) {
    let cases = decisions(ruleset, 200);
    let decisions: Vec<Decision<'_, R>> = cases
        .iter()
        .map(|&(position, throw)| Decision::new(position, throw, &[]).unwrap())
        .collect();
    let mut agents: Vec<(String, Box<dyn Agent<R>>)> = Level::all()
        .map(|level| {
            (
                format!("level_{level}"),
                Box::new(Bot::new(ruleset, level)) as Box<dyn Agent<R>>,
            )
        })
        .collect();
    agents.push(("baseline".to_owned(), Box::new(Baseline::new(ruleset))));
    let mut group = c.benchmark_group(format!("decisions/{}", ruleset.name()));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .throughput(Throughput::Elements(decisions.len() as u64));
    for (name, agent) in &mut agents {
        let first: Vec<_> = decisions.iter().map(|d| agent.choose(d)).collect();
        for (decision, mv) in decisions.iter().zip(&first) {
            assert!(decision.moves().contains(mv), "{name}: an illegal move");
        }
        let again: Vec<_> = decisions.iter().map(|d| agent.choose(d)).collect();
        assert_eq!(first, again, "{name} is not deterministic");
        group.bench_function(name.as_str(), |b| {
            b.iter(|| {
                for decision in &decisions {
                    black_box(agent.choose(black_box(decision)));
                }
            })
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_ruleset(c, Kendall);
    bench_ruleset(c, Bell);
}

criterion_group!(bot_benches, benches);
criterion_main!(bot_benches);
