//! Load benchmark for `senet-server`: N games at once, each a game of two
//! seats whose moves this program picks at random, played to the end over
//! HTTP on loopback, beside misbehaving clients (`--idle`, `--slow`,
//! `--flood`). For each N it starts a fresh server on a temporary
//! database and reports games per second, the 50th and 99th percentile
//! latency of a move request, the server's resident memory (`VmRSS` at
//! the end of the run, `VmHWM` its peak), and how the server dealt with
//! the misbehaving clients.
//!
//! ```sh
//! cargo build --release -p senet-server --bin senet-server --example load
//! target/release/examples/load --games 1,10,100
//! target/release/examples/load --games 1,10,100 --idle 1000 --slow 20 --flood 50 --min-seconds 12
//! ```
//!
//! Bounded: each game stops after `--max-turns` requests, and every run
//! after `--max-seconds`; games cut short are counted apart.

mod players;
mod pressure;
mod server;
mod wire;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;

use crate::players::{Played, Player, percentile};
use crate::pressure::{Pressure, Tally};
use crate::server::Server;

#[derive(Debug, Parser)]
#[command(about = "N concurrent games over HTTP against a fresh senet-server, for each N")]
struct Options {
    /// The numbers of games played at once, one run each.
    #[arg(long, value_delimiter = ',', default_value = "1,10,100")]
    games: Vec<usize>,
    /// The ruleset of every game.
    #[arg(long, default_value = "kendall")]
    ruleset: String,
    /// The server binary (default: `senet-server` beside this example's folder).
    #[arg(long)]
    server: Option<PathBuf>,
    /// The most requests one game may make.
    #[arg(long, default_value_t = 3000)]
    max_turns: usize,
    /// The server's `--sync`: `full` or `normal`.
    #[arg(long, default_value = "full")]
    sync: String,
    /// The longest a run may last, in seconds.
    #[arg(long, default_value_t = 300)]
    max_seconds: u64,
    /// The shortest a run lasts: each player starts a new game when its
    /// last ends, until then. Past the server's header timeout (10 s),
    /// the idle and slow clients meet it even in a run of one game.
    #[arg(long, default_value_t = 0)]
    min_seconds: u64,
    /// Sockets opened and kept silent beside the games (reopened when the
    /// server closes them).
    #[arg(long, default_value_t = 0)]
    idle: usize,
    /// Clients that send a create a byte every 500 ms, half of them their
    /// head, half their body (started again when the server ends them).
    #[arg(long, default_value_t = 0)]
    slow: usize,
    /// Game creates a second from one address beside the games.
    #[arg(long, default_value_t = 0)]
    flood: u32,
}

fn main() -> ExitCode {
    let options = Options::parse();
    let binary = options.server.clone().unwrap_or_else(|| {
        let exe = std::env::current_exe().unwrap_or_default();
        let folder = exe
            .parent()
            .and_then(|p| p.parent())
            .map(PathBuf::from)
            .unwrap_or_default();
        folder.join("senet-server")
    });
    println!(
        "| games at once | finished | cut short | seconds | games/s | move requests | p50 move (ms) | p99 move (ms) | server RSS (MiB) | peak RSS (MiB) | idle kept | idle reopened | slow cut: closed / 408 / other | flood 201 / 429 / other |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (run, &n) in options.games.iter().enumerate() {
        let server = match Server::start(&binary, &options.sync, run) {
            Ok(server) => server,
            Err(error) => {
                eprintln!("load: {error}");
                return ExitCode::FAILURE;
            }
        };
        println!("{}", run_once(&options, &server, n));
    }
    ExitCode::SUCCESS
}

/// One run of `n` games at once against `server`: the table's row.
fn run_once(options: &Options, server: &Server, n: usize) -> String {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("load: cannot start a tokio runtime");
    let pressure = Pressure {
        idle: options.idle,
        slow: options.slow,
        flood_per_second: options.flood,
        ruleset: options.ruleset.clone(),
    };
    let tally = pressure.start(&runtime, server.port);
    // The games start once the idle sockets are open (or after 5 s).
    let opening = Instant::now();
    while tally.idle_open.load(Ordering::Relaxed) < options.idle
        && opening.elapsed() < Duration::from_secs(5)
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let threads: Vec<_> = (0..n)
        .map(|index| {
            let player = Player {
                port: server.port,
                ruleset: options.ruleset.clone(),
                index,
                max_turns: options.max_turns,
                min_run: Duration::from_secs(options.min_seconds),
                started,
                stop: Arc::clone(&stop),
                runtime: runtime.handle().clone(),
            };
            std::thread::spawn(move || player.play())
        })
        .collect();
    // Bounded in time: past the limit every player stops after its request.
    let deadline = Duration::from_secs(options.max_seconds);
    while threads.iter().any(|t| !t.is_finished()) && started.elapsed() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    stop.store(true, Ordering::Relaxed);
    let mut all = Played::default();
    for thread in threads {
        let played = thread.join().unwrap_or_else(|_| Played {
            cut: 1,
            error: Some("a player thread panicked".to_owned()),
            ..Played::default()
        });
        if let Some(error) = played.error {
            eprintln!("load: a game failed: {error}");
        }
        all.latencies.extend(played.latencies);
        all.finished += played.finished;
        all.cut += played.cut;
    }
    let seconds = started.elapsed().as_secs_f64();
    let (rss, peak) = server.memory_kib();
    let row = row(n, &mut all, seconds, (rss, peak), &tally);
    runtime.shutdown_background();
    row
}

/// The table's row for a run.
fn row(
    n: usize,
    played: &mut Played,
    seconds: f64,
    (rss, peak): (Option<u64>, Option<u64>),
    tally: &Tally,
) -> String {
    played.latencies.sort_unstable();
    let mib =
        |kib: Option<u64>| kib.map_or("?".to_owned(), |kib| format!("{:.1}", kib as f64 / 1024.0));
    let count = |counter: &std::sync::atomic::AtomicUsize| counter.load(Ordering::Relaxed);
    format!(
        "| {n} | {} | {} | {seconds:.2} | {:.2} | {} | {:.2} | {:.2} | {} | {} | {} | {} | {} / {} / {} | {} / {} / {} |",
        played.finished,
        played.cut,
        played.finished as f64 / seconds,
        played.latencies.len(),
        percentile(&played.latencies, 50.0).as_secs_f64() * 1000.0,
        percentile(&played.latencies, 99.0).as_secs_f64() * 1000.0,
        mib(rss),
        mib(peak),
        count(&tally.idle_open),
        count(&tally.idle_closed),
        count(&tally.slow_closed),
        count(&tally.slow_408),
        count(&tally.slow_other),
        count(&tally.flood_201),
        count(&tally.flood_429),
        count(&tally.flood_other),
    )
}
