//! A mirrored duel between two agents:
//! `duel --ruleset kendall --a level:4 --b baseline --games 20000 --seed 1 [--threads N] [--timing] [--a-tables FILE] [--b-tables FILE]`.
//!
//! Each pair of games is played with the same throws (drawn from a seed
//! derived from `--seed` and the pair's number) and the seats swapped, so
//! luck largely cancels. Prints wins, draws, the win rate of A with its 95%
//! interval (over pairs) and games per second. With `--timing`, also the
//! median and spread of each agent's decision times (decisions with more
//! than one legal move; forced moves are played without asking).
//!
//! Agents: `random`, `baseline` (the yardstick, `senet::bot::Baseline`),
//! `level:N` (the bot ladder, 1 to 4), `greedy`,
//! `depth:N` (expectimax N throws deep, 1 to 4, without a node limit) or
//! `search:DEPTH:NODES[:TABLE_BITS]` (DEPTH 1 to 32 throws, NODES 1 to
//! 1,000,000,000, TABLE_BITS 0 to 24, default 14). `greedy`, `depth:`
//! and `search:` value positions with the ruleset's learned network
//! (levels choose their own); any agent but `random` and `baseline` may
//! end in `@tuned` (the feature evaluation `Evaluation` with the
//! ruleset's tuned weights), `@race` (untuned race weights), or `@FILE`: a network file as
//! `senet-train` writes it, or weights, one finite number per feature, as
//! the `tune` example writes them.
//!
//! `--a-tables FILE` (and `--b-tables`) give agent A (B) a file of solved
//! endgames, written by the `odds` example's `--build`; the agent must be
//! `level:2` or higher, which then plays the table's exact best move
//! in every position it holds.
//!
//! `--games` is an even number from 2 to 10,000,000, `--threads` from 1 to
//! 256, `--seed` any `u64` in decimal digits (default 1; there is no
//! `--seed-hex`). Bad arguments (an unknown option, a stray argument, an
//! option given twice or without its value): one line on stderr, exit
//! code 2.

mod common;

use senet::with_ruleset;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{Args, fail, number_in, quote, read_small_bytes, read_table};
use senet::bot::{
    Agent, Baseline, Bot, Decision, Duel, DuelStats, Evaluation, Greedy, Learned, Level, Network,
    RandomAgent, Search, SearchLimits, Weights,
};
use senet::odds::Table;
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Move, Ruleset, Seed};

/// Which agent a command-line spec names.
#[derive(Clone, Debug)]
enum Kind {
    Random,
    Baseline,
    Level(Level),
    Greedy,
    Search(SearchLimits),
}

#[derive(Clone, Debug)]
struct Spec {
    text: String,
    kind: Kind,
    eval: Eval,
}

/// What a spec's agent values positions with.
#[derive(Clone, Debug)]
enum Eval {
    /// The ruleset's own: its network (levels 1 and the rulesets without
    /// a network use the feature evaluation).
    Default,
    /// The feature evaluation with the ruleset's tuned weights.
    Tuned,
    Weights(Box<Weights>),
    /// A network read from a file, and the ruleset it names.
    Network(Arc<Network>, String),
}

/// The deepest `depth:N` agent: it has no node limit, and each throw
/// deeper takes about ten times as long.
const MAX_UNLIMITED_DEPTH: u64 = 4;

/// The largest node budget of a `search:` agent.
const MAX_NODES: u64 = 1_000_000_000;

/// The largest `--games`.
const MAX_GAMES: u64 = 10_000_000;

fn parse_spec(text: &str) -> Spec {
    let (body, eval) = match text.split_once('@') {
        Some((body, eval)) => (body, Some(eval)),
        None => (text, None),
    };
    let parts: Vec<&str> = body.split(':').collect();
    let what = format!("agent {}:", quote(text));
    let number = |s: &str, range| number_in(&what, s, range);
    let depth = |s: &str, max: u64| {
        u8::try_from(number(s, 1..=max)).unwrap_or_else(|_| fail("a depth fits in a byte"))
    };
    let kind = match parts[..] {
        ["random"] => Kind::Random,
        ["baseline"] => Kind::Baseline,
        ["greedy"] => Kind::Greedy,
        ["level", n] => Kind::Level(
            n.parse()
                .unwrap_or_else(|e| fail(format!("agent {}: {e}", quote(text)))),
        ),
        ["depth", d] => Kind::Search(SearchLimits {
            max_depth: depth(d, MAX_UNLIMITED_DEPTH),
            nodes: u64::MAX,
            table_bits: 14,
        }),
        ["search", d, n] | ["search", d, n, _] => Kind::Search(SearchLimits {
            max_depth: depth(d, u64::from(SearchLimits::MAX_DEPTH)),
            nodes: number(n, 1..=MAX_NODES),
            table_bits: parts.get(3).map_or(14, |b| {
                let bits = number(b, 0..=u64::from(SearchLimits::MAX_TABLE_BITS));
                u8::try_from(bits).unwrap_or_else(|_| fail("table bits fit in a byte"))
            }),
        }),
        _ => fail(format!(
            "unknown agent {}; expected random, baseline, level:N, greedy, depth:N or search:DEPTH:NODES[:BITS]",
            quote(text)
        )),
    };
    if let Kind::Search(limits) = kind {
        // The ranges above are the API's, so this holds; checked all the same.
        limits
            .check()
            .unwrap_or_else(|e| fail(format!("agent {}: {e}", quote(text))));
    }
    let eval = match eval {
        None => Eval::Default,
        Some("tuned") => Eval::Tuned,
        Some("race") => Eval::Weights(Box::new(Weights::race())),
        Some(file) => read_eval(file),
    };
    if !matches!(eval, Eval::Default) && matches!(kind, Kind::Random | Kind::Baseline) {
        fail(format!(
            "agent {}: {} has its own evaluation",
            quote(text),
            parts[0]
        ));
    }
    Spec {
        text: text.to_owned(),
        kind,
        eval,
    }
}

/// An evaluation from a file: a network (as `senet-train` writes it), or
/// weights, one finite number per feature.
fn read_eval(file: &str) -> Eval {
    let bytes = read_small_bytes(file, 64 * 1024);
    if bytes.starts_with(senet::bot::NETWORK_MAGIC) {
        let (network, name) =
            Network::from_bytes(&bytes).unwrap_or_else(|e| fail(format!("{}: {e}", quote(file))));
        return Eval::Network(Arc::new(network), name);
    }
    let text = String::from_utf8(bytes).unwrap_or_else(|_| {
        fail(format!(
            "{}: neither a network nor weights (not UTF-8)",
            quote(file)
        ))
    });
    Eval::Weights(Box::new(
        text.parse()
            .unwrap_or_else(|e| fail(format!("{}: {e}", quote(file)))),
    ))
}

/// Reads the solved endgames of `--a-tables` or `--b-tables`, for an agent that can use them.
fn agent_table<R: Ruleset>(ruleset: R, spec: &Spec, path: Option<&str>) -> Option<Arc<Table<R>>> {
    let path = path?;
    if !matches!(spec.kind, Kind::Level(level) if level.number() >= 2) {
        fail(format!(
            "agent {}: tables are played by level:2 and up only",
            quote(&spec.text)
        ));
    }
    Some(Arc::new(read_table(ruleset, path)))
}

/// Builds the agent a spec names; `seed` seeds the random agent.
fn make<R: Ruleset>(
    spec: &Spec,
    ruleset: R,
    seed: u64,
    table: Option<&Arc<Table<R>>>,
) -> Box<dyn Agent<R> + Send> {
    let features = || match &spec.eval {
        Eval::Weights(weights) => Evaluation::with_weights(ruleset, **weights),
        Eval::Default | Eval::Tuned | Eval::Network(..) => Evaluation::new(ruleset),
    };
    let search = |limits: SearchLimits| -> Box<dyn Agent<R> + Send> {
        let bad = |e: senet::bot::BadLimits| -> ! { fail(format!("{}: {e}", spec.text)) };
        match (&spec.eval, Learned::new(ruleset)) {
            (Eval::Network(network, _), _) => Box::new(
                Search::new(Learned::with_network(ruleset, network.clone()), limits)
                    .unwrap_or_else(|e| bad(e)),
            ),
            (Eval::Default, Some(learned)) => {
                Box::new(Search::new(learned, limits).unwrap_or_else(|e| bad(e)))
            }
            _ => Box::new(Search::new(features(), limits).unwrap_or_else(|e| bad(e))),
        }
    };
    match spec.kind {
        Kind::Random => Box::new(RandomAgent::new(seed)),
        Kind::Baseline => Box::new(Baseline::new(ruleset)),
        Kind::Level(level) => {
            let bot = match &spec.eval {
                Eval::Default => Bot::new(ruleset, level),
                Eval::Weights(_) | Eval::Tuned => Bot::with_evaluation(features(), level),
                Eval::Network(network, _) => Bot::with_network(ruleset, network.clone(), level),
            };
            Box::new(match table {
                Some(table) => bot.with_table(table.clone()),
                None => bot,
            })
        }
        Kind::Greedy => match &spec.eval {
            Eval::Network(network, _) => {
                Box::new(Greedy::new(Learned::with_network(ruleset, network.clone())))
            }
            Eval::Default => match Learned::new(ruleset) {
                Some(learned) => Box::new(Greedy::new(learned)),
                None => Box::new(Greedy::new(features())),
            },
            Eval::Weights(_) | Eval::Tuned => Box::new(Greedy::new(features())),
        },
        Kind::Search(limits) => search(limits),
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
    let args = Args::parse(include_str!("duel.rs"), &["timing"]);
    args.only(&[
        "ruleset", "a", "b", "games", "seed", "threads", "timing", "a-tables", "b-tables",
    ]);
    args.no_positional();
    let ruleset = args.ruleset_or(AnyRuleset::Kendall);
    let a = parse_spec(args.value("a").unwrap_or_else(|| fail("--a is required")));
    let b = parse_spec(args.value("b").unwrap_or_else(|| fail("--b is required")));
    let games = args.required_in("games", 2..=MAX_GAMES);
    if !games.is_multiple_of(2) {
        fail("--games must be an even number (games are played in mirrored pairs)");
    }
    let seed = args.number_in("seed", 0..=u64::MAX, 1);
    let threads = args.number_in("threads", 1..=256, 1);
    let timing = args.flag("timing");
    let tables = [args.value("a-tables"), args.value("b-tables")];
    for spec in [&a, &b] {
        if let Eval::Network(_, name) = &spec.eval
            && name != ruleset.name()
        {
            fail(format!(
                "agent {}: the network was trained for {}, not {}",
                quote(&spec.text),
                quote(name),
                ruleset.name()
            ));
        }
    }
    with_ruleset!(ruleset, |r| run(
        r,
        [&a, &b],
        tables,
        games / 2,
        seed,
        threads,
        timing
    ));
}

fn run<R: BuiltIn>(
    ruleset: R,
    [a, b]: [&Spec; 2],
    tables: [Option<&str>; 2],
    pairs: u64,
    seed: u64,
    threads: u64,
    timing: bool,
) {
    let times = [
        Arc::new(Mutex::new(Vec::new())),
        Arc::new(Mutex::new(Vec::new())),
    ];
    let [table_a, table_b] = [
        agent_table(ruleset, a, tables[0]),
        agent_table(ruleset, b, tables[1]),
    ];
    let duel = Duel::new(ruleset);
    let started = Instant::now();
    let mut stats = DuelStats::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let times = times.clone();
                let (table_a, table_b) = (table_a.as_ref(), table_b.as_ref());
                scope.spawn(move || {
                    let mut stats = DuelStats::default();
                    // Pairs are dealt round-robin; each pair's seed depends only on its number.
                    for pair in (t..pairs).step_by(threads as usize) {
                        let pair_seed = Seed::for_pair(seed, pair);
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
                        let mut agent_a =
                            wrap(make(a, ruleset, agent_seed.wrapping_add(1), table_a), 0);
                        let mut agent_b =
                            wrap(make(b, ruleset, agent_seed.wrapping_add(2), table_b), 1);
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
    let with = |table: &Option<Arc<Table<R>>>| match table {
        Some(table) => format!(" with tables (bound {})", table.bound()),
        None => String::new(),
    };
    println!(
        "a: {}{}   b: {}{}",
        a.text,
        with(&table_a),
        b.text,
        with(&table_b)
    );
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
