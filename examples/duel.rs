//! A mirrored duel between two agents:
//! `duel --ruleset kendall --a level:3 --b random --games 20000 --seed 1 [--threads N] [--timing]`.
//!
//! Each pair of games is played with the same throws (drawn from a seed
//! derived from `--seed` and the pair's number) and the seats swapped, so
//! luck largely cancels. Prints wins, draws, the win rate of A with its 95%
//! interval (over pairs) and games per second. With `--timing`, also the
//! median and spread of each agent's decision times (decisions with more
//! than one legal move; forced moves are played without asking).
//!
//! Agents: `random`, `level:N` (the bot ladder), `greedy`, `depth:N`
//! (expectimax N throws deep, without a node limit) or
//! `search:DEPTH:NODES[:TABLE_BITS]`; any but `random` may end in
//! `@race` (untuned race weights) or `@FILE` (weights read from a file,
//! one number per feature, as the `tune` example writes them).

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{Args, fail};
use senet::bot::{
    Agent, Bot, Decision, Duel, DuelStats, Evaluation, FEATURES, Greedy, Level, RandomAgent,
    Search, SearchLimits, Weights,
};
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Move, Ruleset};

/// Which agent a command-line spec names.
#[derive(Clone, Debug)]
enum Kind {
    Random,
    Level(Level),
    Greedy,
    Search(SearchLimits),
}

#[derive(Clone, Debug)]
struct Spec {
    text: String,
    kind: Kind,
    weights: Option<Weights>,
}

fn parse_spec(text: &str) -> Spec {
    let (body, eval) = match text.split_once('@') {
        Some((body, eval)) => (body, Some(eval)),
        None => (text, None),
    };
    let parts: Vec<&str> = body.split(':').collect();
    let number = |s: &str| -> u64 {
        s.parse()
            .unwrap_or_else(|_| fail(format!("agent {text:?}: {s:?} is not a number")))
    };
    let kind = match parts[..] {
        ["random"] => Kind::Random,
        ["greedy"] => Kind::Greedy,
        ["level", n] => Kind::Level(n.parse().unwrap_or_else(|e| fail(format!("{text:?}: {e}")))),
        ["depth", d] => Kind::Search(SearchLimits {
            max_depth: number(d) as u8,
            nodes: u64::MAX,
            table_bits: 14,
        }),
        ["search", d, n] | ["search", d, n, _] => Kind::Search(SearchLimits {
            max_depth: number(d) as u8,
            nodes: number(n),
            table_bits: parts.get(3).map_or(14, |b| number(b) as u8),
        }),
        _ => fail(format!(
            "unknown agent {text:?}; expected random, level:N, greedy, depth:N or search:DEPTH:NODES[:BITS]"
        )),
    };
    let weights = match eval {
        None | Some("tuned") => None,
        Some("race") => Some(Weights::race()),
        Some(file) => Some(read_weights(file)),
    };
    if weights.is_some() && matches!(kind, Kind::Random) {
        fail("the random agent has no evaluation");
    }
    Spec {
        text: text.to_owned(),
        kind,
        weights,
    }
}

fn read_weights(file: &str) -> Weights {
    let text =
        std::fs::read_to_string(file).unwrap_or_else(|e| fail(format!("cannot read {file}: {e}")));
    let numbers: Vec<f64> = text
        .split_whitespace()
        .map(|w| {
            w.parse()
                .unwrap_or_else(|_| fail(format!("{file}: {w:?} is not a number")))
        })
        .collect();
    let array: [f64; FEATURES] = numbers.try_into().unwrap_or_else(|v: Vec<f64>| {
        fail(format!("{file}: {} numbers, expected {FEATURES}", v.len()))
    });
    Weights(array)
}

/// Builds the agent a spec names; `seed` seeds the random agent.
fn make<R: Ruleset>(spec: &Spec, ruleset: R, seed: u64) -> Box<dyn Agent<R> + Send> {
    let eval = || match spec.weights {
        Some(weights) => Evaluation::with_weights(ruleset, weights),
        None => Evaluation::new(ruleset),
    };
    match spec.kind {
        Kind::Random => Box::new(RandomAgent::new(seed)),
        Kind::Level(level) => Box::new(Bot::with_evaluation(eval(), level)),
        Kind::Greedy => Box::new(Greedy::new(eval())),
        Kind::Search(limits) => Box::new(Search::new(eval(), limits)),
    }
}

/// An agent that records how long each of its decisions takes.
struct Timed<R: Ruleset> {
    inner: Box<dyn Agent<R> + Send>,
    times: Arc<Mutex<Vec<Duration>>>,
}

impl<R: Ruleset> Agent<R> for Timed<R> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn choose(&mut self, decision: &Decision<'_, R>) -> Move {
        let started = Instant::now();
        let mv = self.inner.choose(decision);
        let elapsed = started.elapsed();
        if let Ok(mut times) = self.times.lock() {
            times.push(elapsed);
        }
        mv
    }
}

fn main() {
    let args = Args::parse(&["timing"]);
    args.only(&["ruleset", "a", "b", "games", "seed", "threads", "timing"]);
    let ruleset = args.ruleset_or(AnyRuleset::Kendall);
    let a = parse_spec(args.value("a").unwrap_or_else(|| fail("--a is required")));
    let b = parse_spec(args.value("b").unwrap_or_else(|| fail("--b is required")));
    let games: u64 = args.required("games");
    if games == 0 || !games.is_multiple_of(2) {
        fail("--games must be a positive even number (games are played in mirrored pairs)");
    }
    let seed: u64 = args.parsed("seed").unwrap_or(1);
    let threads: u64 = args.parsed("threads").unwrap_or(1);
    if threads == 0 || threads > 256 {
        fail("--threads must be from 1 to 256");
    }
    let timing = args.flag("timing");
    with_ruleset!(ruleset, |r| run(
        r,
        &a,
        &b,
        games / 2,
        seed,
        threads,
        timing
    ));
}

fn run<R: BuiltIn>(
    ruleset: R,
    a: &Spec,
    b: &Spec,
    pairs: u64,
    seed: u64,
    threads: u64,
    timing: bool,
) {
    let times = [
        Arc::new(Mutex::new(Vec::new())),
        Arc::new(Mutex::new(Vec::new())),
    ];
    let duel = Duel::new(ruleset);
    let started = Instant::now();
    let mut stats = DuelStats::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let times = times.clone();
                scope.spawn(move || {
                    let mut stats = DuelStats::default();
                    // Pairs are dealt round-robin; each pair's seed depends only on its number.
                    for pair in (t..pairs).step_by(threads as usize) {
                        let pair_seed = Duel::<R>::pair_seed(seed, pair);
                        let agent_seed = seed ^ pair.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                        let wrap = |agent: Box<dyn Agent<R> + Send>,
                                    i: usize|
                         -> Box<dyn Agent<R> + Send> {
                            if timing {
                                Box::new(Timed {
                                    inner: agent,
                                    times: times[i].clone(),
                                })
                            } else {
                                agent
                            }
                        };
                        let mut agent_a = wrap(make(a, ruleset, agent_seed.wrapping_add(1)), 0);
                        let mut agent_b = wrap(make(b, ruleset, agent_seed.wrapping_add(2)), 1);
                        let result = duel
                            .play_pair(&mut agent_a, &mut agent_b, pair_seed)
                            .unwrap_or_else(|e| fail(format!("pair {pair}: {e}")));
                        stats.record(&result);
                    }
                    stats
                })
            })
            .collect();
        for handle in handles {
            stats.merge(
                &handle
                    .join()
                    .unwrap_or_else(|_| fail("a worker thread panicked")),
            );
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    let (low, high) = stats.interval();
    println!("ruleset: {}", ruleset.name());
    println!("a: {}   b: {}", a.text, b.text);
    println!(
        "games: {} ({} mirrored pairs), seed {seed}, threads {threads}",
        stats.games(),
        stats.pairs
    );
    println!(
        "a wins: {}   b wins: {}   draws: {}   unfinished: {}",
        stats.a_wins, stats.b_wins, stats.draws, stats.unfinished
    );
    println!(
        "mean throws per game: {:.1}",
        stats.throws as f64 / stats.games() as f64
    );
    if timing {
        for (name, times) in [("a", &times[0]), ("b", &times[1])] {
            let mut times = times.lock().map(|t| t.clone()).unwrap_or_default();
            times.sort();
            if times.is_empty() {
                continue;
            }
            let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
            println!(
                "{name} decision time (ms, {} decisions): median {:.3}  p90 {:.3}  p99 {:.3}  max {:.3}",
                times.len(),
                at(0.5),
                at(0.9),
                at(0.99),
                at(1.0)
            );
        }
    }
    println!(
        "a win rate: {:.4} (95% CI {:.4}..{:.4})",
        stats.win_rate(),
        low,
        high
    );
    println!("games/s: {:.1}", stats.games() as f64 / seconds);
}
