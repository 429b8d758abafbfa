//! `senet duel`: mirrored duels between two agents.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use senet::rulesets::CheckedRuleset;
use senet::{Move, Ruleset, Seed};
use senet_bot::{
    Agent, Baseline, Bot, Decision, Duel, DuelStats, Evaluation, Greedy, Learned, Level, Network,
    RandomAgent, Search, SearchLimits, Weights,
};
use senet_odds::Table;

use super::common::{
    MemoryArgs, RulesetArgs, number, read_small_bytes, read_table, seed_number, unbanked,
};
use super::timing::Times;
use crate::fail::{Fail, error, quote, usage};

/// The deepest `depth:N` agent: it has no node limit, and each throw
/// deeper takes about ten times as long.
const MAX_UNLIMITED_DEPTH: u64 = 4;

/// The largest node budget of a `search:` agent.
const MAX_NODES: u64 = 1_000_000_000;

/// The largest `--games`.
const MAX_GAMES: u64 = 10_000_000;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// Agent A: random, baseline, level:N, greedy, depth:N or `search:DEPTH:NODES[:BITS]`, with @tuned, @race or @FILE
    #[arg(long, value_name = "AGENT", value_parser = spec)]
    a: Spec,
    /// Agent B, as agent A
    #[arg(long, value_name = "AGENT", value_parser = spec)]
    b: Spec,
    /// Games, an even number from 2 to 10000000 (mirrored pairs)
    #[arg(long, value_name = "N", value_parser = even_games, allow_negative_numbers = true)]
    games: u64,
    /// The seed: any u64 in decimal digits
    #[arg(long, value_name = "S", value_parser = seed_number, default_value = "1", allow_negative_numbers = true)]
    seed: u64,
    /// Threads, 1 to 256
    #[arg(long, value_name = "T", value_parser = number(1, 256), default_value = "1", allow_negative_numbers = true)]
    threads: u64,
    /// Also print each agent's decision times
    #[arg(long)]
    timing: bool,
    /// Solved endgames (from `senet odds --build`) for agent A, level:2 and up
    #[arg(long, value_name = "FILE")]
    a_tables: Option<String>,
    /// Solved endgames for agent B, level:2 and up
    #[arg(long, value_name = "FILE")]
    b_tables: Option<String>,
    #[command(flatten)]
    memory: MemoryArgs,
}

/// The bytes of one slot of a search's transposition table: its entry
/// (24 bytes) and its place in the list of slots to clear (4).
const SLOT_BYTES: u64 = 24 + 4;

/// The memory an agent of `kind` holds while it plays: its search's
/// transposition table (the levels' is 2^12 slots at most).
fn agent_memory(kind: &Kind) -> u64 {
    match kind {
        Kind::Search(limits) if limits.table_bits > 0 => SLOT_BYTES << limits.table_bits,
        Kind::Search(_) | Kind::Random | Kind::Baseline | Kind::Greedy => 0,
        Kind::Level(_) => SLOT_BYTES << 12,
    }
}

fn even_games(text: &str) -> Result<u64, String> {
    let games = number(2, MAX_GAMES)(text)?;
    if !games.is_multiple_of(2) {
        return Err(format!(
            "expected an even number from 2 to {MAX_GAMES} (games are played in mirrored pairs)"
        ));
    }
    Ok(games)
}

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
pub struct Spec {
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

/// Reads an agent spec; the error says what is wrong with it.
fn spec(text: &str) -> Result<Spec, String> {
    let (body, eval) = match text.split_once('@') {
        Some((body, eval)) => (body, Some(eval)),
        None => (text, None),
    };
    let parts: Vec<&str> = body.split(':').collect();
    let number = |s: &str, min: u64, max: u64| number(min, max)(s);
    let depth = |s: &str, max: u64| number(s, 1, max).map(|d| d as u8);
    let kind = match parts[..] {
        ["random"] => Kind::Random,
        ["baseline"] => Kind::Baseline,
        ["greedy"] => Kind::Greedy,
        ["level", n] => Kind::Level(n.parse().map_err(|e| format!("{e}"))?),
        ["depth", d] => Kind::Search(SearchLimits {
            max_depth: depth(d, MAX_UNLIMITED_DEPTH)?,
            nodes: u64::MAX,
            table_bits: 14,
        }),
        ["search", d, n] | ["search", d, n, _] => Kind::Search(SearchLimits {
            max_depth: depth(d, u64::from(SearchLimits::MAX_DEPTH))?,
            nodes: number(n, 1, MAX_NODES)?,
            table_bits: match parts.get(3) {
                Some(b) => number(b, 0, u64::from(SearchLimits::MAX_TABLE_BITS))? as u8,
                None => 14,
            },
        }),
        _ => {
            return Err(
                "expected random, baseline, level:N, greedy, depth:N or search:DEPTH:NODES[:BITS]"
                    .to_owned(),
            );
        }
    };
    if let Kind::Search(limits) = kind {
        // The ranges above are the API's, so this holds; checked all the same.
        limits.check().map_err(|e| e.to_string())?;
    }
    let eval = match eval {
        None => Eval::Default,
        Some("tuned") => Eval::Tuned,
        Some("race") => Eval::Weights(Box::new(Weights::race())),
        Some(file) => read_eval(file)?,
    };
    if !matches!(eval, Eval::Default) && matches!(kind, Kind::Random | Kind::Baseline) {
        return Err(format!("{} has its own evaluation", parts[0]));
    }
    Ok(Spec {
        text: text.to_owned(),
        kind,
        eval,
    })
}

/// An evaluation from a file: a network (as `senet train` writes it), or
/// weights, one finite number per feature.
fn read_eval(file: &str) -> Result<Eval, String> {
    let said = |e: &dyn std::fmt::Display| format!("{}: {e}", quote(file));
    let bytes = read_small_bytes(file, 256 * 1024).map_err(|e| match e {
        Fail::Usage(m) | Fail::RulesFile(m) | Fail::Refused(m) | Fail::Error(m) => m,
        Fail::Write(e) => e.to_string(),
    })?;
    if bytes.starts_with(senet_bot::NETWORK_MAGIC) {
        let (network, name) = Network::from_bytes(&bytes).map_err(|e| said(&e))?;
        return Ok(Eval::Network(Arc::new(network), name));
    }
    let text =
        String::from_utf8(bytes).map_err(|_| said(&"neither a network nor weights (not UTF-8)"))?;
    Ok(Eval::Weights(Box::new(text.parse().map_err(|e| said(&e))?)))
}

/// Reads the solved endgames of `--a-tables` or `--b-tables`, for an agent that can use them.
fn agent_table<R: Ruleset>(
    ruleset: R,
    spec: &Spec,
    path: Option<&str>,
) -> Result<Option<Arc<Table<R>>>, Fail> {
    let Some(path) = path else { return Ok(None) };
    if !matches!(spec.kind, Kind::Level(level) if level.number() >= 2) {
        return Err(usage(format!(
            "agent {}: tables are played by level:2 and up only",
            quote(&spec.text)
        )));
    }
    Ok(Some(Arc::new(read_table(ruleset, path)?)))
}

/// Builds the agent a spec names; `seed` seeds the random agent.
fn make<R: Ruleset>(
    spec: &Spec,
    ruleset: R,
    seed: u64,
    table: Option<&Arc<Table<R>>>,
) -> Result<Box<dyn Agent<R> + Send>, Fail> {
    let features = || match &spec.eval {
        Eval::Weights(weights) => Evaluation::with_weights(ruleset, **weights),
        Eval::Default | Eval::Tuned | Eval::Network(..) => Evaluation::new(ruleset),
    };
    let bad = |e: senet_bot::LimitsError| usage(format!("{}: {e}", spec.text));
    Ok(match spec.kind {
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
        Kind::Greedy => match (&spec.eval, Learned::new(ruleset)) {
            (Eval::Network(network, _), _) => {
                Box::new(Greedy::new(Learned::with_network(ruleset, network.clone())))
            }
            (Eval::Default, Some(learned)) => Box::new(Greedy::new(learned)),
            _ => Box::new(Greedy::new(features())),
        },
        Kind::Search(limits) => match (&spec.eval, Learned::new(ruleset)) {
            (Eval::Network(network, _), _) => Box::new(
                Search::new(Learned::with_network(ruleset, network.clone()), limits)
                    .map_err(bad)?,
            ),
            (Eval::Default, Some(learned)) => Box::new(Search::new(learned, limits).map_err(bad)?),
            _ => Box::new(Search::new(features(), limits).map_err(bad)?),
        },
    })
}

/// Whether an agent of `spec` is kept for the thread's next pair: a
/// search agent, whose only state is its transposition table, cleared
/// at the start of every search; the others are made for each pair (the
/// random one is seeded by the pair's number).
fn reusable(spec: &Spec) -> bool {
    matches!(spec.kind, Kind::Search(_))
}

/// An agent that records how long each of its decisions takes.
struct Timed<R: Ruleset> {
    inner: Box<dyn Agent<R> + Send>,
    times: Arc<Mutex<Times>>,
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
            times.record(elapsed);
        }
        mv
    }
}

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    let chosen = unbanked(args.ruleset.chosen()?, "senet duel")?;
    for spec in [&args.a, &args.b] {
        if let Eval::Network(_, name) = &spec.eval
            && name != chosen.name()
        {
            return Err(usage(format!(
                "agent {}: the network was trained for {}, not {}",
                quote(&spec.text),
                quote(name),
                chosen.name()
            )));
        }
    }
    senet::with_rules!(chosen, |r| play(r, &args, out))
}

fn play<R: CheckedRuleset>(ruleset: R, args: &Args, out: &mut dyn Write) -> Result<(), Fail> {
    let (a, b, seed, threads, timing) = (&args.a, &args.b, args.seed, args.threads, args.timing);
    let pairs = args.games / 2;
    // Each thread holds one agent of each side at a time; the decision
    // times are kept in fixed space, whatever the number of games.
    let working = threads.min(pairs);
    let need = working.saturating_mul(agent_memory(&a.kind) + agent_memory(&b.kind));
    args.memory.check(
        need,
        format_args!("{working} thread(s) of the two agents' search tables"),
    )?;
    let times = [
        Arc::new(Mutex::new(Times::default())),
        Arc::new(Mutex::new(Times::default())),
    ];
    let table_a = agent_table(ruleset, a, args.a_tables.as_deref())?;
    let table_b = agent_table(ruleset, b, args.b_tables.as_deref())?;
    // Every agent is built once before the games, so that a bad one is
    // refused at once.
    make(a, ruleset, 0, table_a.as_ref())?;
    make(b, ruleset, 0, table_b.as_ref())?;
    let duel = Duel::new(ruleset);
    let started = Instant::now();
    let mut stats = DuelStats::default();
    std::thread::scope(|scope| -> Result<(), Fail> {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let times = times.clone();
                let (table_a, table_b) = (table_a.as_ref(), table_b.as_ref());
                let duel = &duel;
                scope.spawn(move || -> Result<DuelStats, Fail> {
                    let mut stats = DuelStats::default();
                    // Pairs are dealt round-robin; each pair's seed depends only on its number.
                    // A search agent is kept from pair to pair: its table
                    // is cleared before every search reads it, so it plays
                    // the same, and 2^BITS slots are not made again.
                    let (mut kept_a, mut kept_b) = (None, None);
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
                        let mut agent_a = match kept_a.take() {
                            Some(agent) => agent,
                            None => wrap(make(a, ruleset, agent_seed.wrapping_add(1), table_a)?, 0),
                        };
                        let mut agent_b = match kept_b.take() {
                            Some(agent) => agent,
                            None => wrap(make(b, ruleset, agent_seed.wrapping_add(2), table_b)?, 1),
                        };
                        let result = duel
                            .play_pair(&mut agent_a, &mut agent_b, pair_seed)
                            .map_err(|e| error(format!("pair {pair}: {e}")))?;
                        stats.record(&result);
                        kept_a = reusable(a).then_some(agent_a);
                        kept_b = reusable(b).then_some(agent_b);
                    }
                    Ok(stats)
                })
            })
            .collect();
        for handle in handles {
            let part = handle
                .join()
                .map_err(|_| error("a worker thread panicked"))??;
            stats.merge(&part);
        }
        Ok(())
    })?;
    let seconds = started.elapsed().as_secs_f64();
    let (low, high) = stats.interval();
    writeln!(out, "ruleset: {}", ruleset.name())?;
    let with = |table: &Option<Arc<Table<R>>>| match table {
        Some(table) => format!(" with tables (bound {})", table.bound()),
        None => String::new(),
    };
    writeln!(
        out,
        "a: {}{}   b: {}{}",
        a.text,
        with(&table_a),
        b.text,
        with(&table_b)
    )?;
    writeln!(
        out,
        "games: {} ({} mirrored pairs), seed {seed}, threads {threads}",
        stats.games(),
        stats.pairs
    )?;
    writeln!(
        out,
        "a wins: {}   b wins: {}   draws: {}   unfinished: {}",
        stats.a_wins, stats.b_wins, stats.draws, stats.unfinished
    )?;
    writeln!(
        out,
        "mean throws per game: {:.1}",
        stats.throws as f64 / stats.games() as f64
    )?;
    if timing {
        for (name, times) in [("a", &times[0]), ("b", &times[1])] {
            let times = times.lock().map(|t| t.clone()).unwrap_or_default();
            if times.count() == 0 {
                continue;
            }
            let at = |q: f64| times.quantile(q).as_secs_f64() * 1e3;
            writeln!(
                out,
                "{name} decision time (ms, {} decisions): median {:.3}  p90 {:.3}  p99 {:.3}  max {:.3}",
                times.count(),
                at(0.5),
                at(0.9),
                at(0.99),
                at(1.0)
            )?;
        }
    }
    writeln!(
        out,
        "a win rate: {:.4} (95% CI {:.4}..{:.4})",
        stats.win_rate(),
        low,
        high
    )?;
    writeln!(out, "games/s: {:.1}", stats.games() as f64 / seconds)?;
    Ok(())
}
