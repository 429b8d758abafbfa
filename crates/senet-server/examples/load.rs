//! Load benchmark for `senet-server`: N games at once, each a game of two
//! seats whose moves this program picks at random, played to the end over
//! HTTP on loopback. For each N it starts a fresh server on a temporary
//! database and reports games per second, the 50th and 99th percentile
//! latency of a move request, and the server's peak resident memory
//! (`VmHWM` of `/proc/PID/status`).
//!
//! ```sh
//! cargo build --release -p senet-server --bin senet-server --example load
//! target/release/examples/load --games 1,10,100
//! target/release/examples/load --games 1,10,100 --sync normal
//! ```
//!
//! Bounded: each game stops after `--max-turns` requests, and every run
//! after `--max-seconds`; games cut short are counted apart.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use senet_server::client::{request, take_turn};
use serde_json::{Value, json};

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
}

struct Server {
    child: Child,
    port: u16,
    folder: PathBuf,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

fn start(binary: &PathBuf, sync: &str, run: usize) -> Result<Server, String> {
    let folder = std::env::temp_dir().join(format!("senet-load-{}-{run}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let mut child = Command::new(binary)
        .arg("--db")
        .arg(folder.join("load.sqlite"))
        .args(["--port", "0", "--sync", sync])
        // Every player is on 127.0.0.1: one address, many games.
        .args(["--creates-per-minute", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    let mut line = String::new();
    let stdout = child.stdout.take().ok_or("no stdout")?;
    BufReader::new(stdout)
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    let port = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|port| port.parse().ok())
        .ok_or_else(|| format!("the server printed {line:?}"))?;
    Ok(Server {
        child,
        port,
        folder,
    })
}

/// The server's peak resident memory, in KiB.
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// xorshift64*: the moves are random, and the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// What one game measured: its move latencies and whether it ended.
struct Played {
    latencies: Vec<Duration>,
    finished: bool,
}

fn play(
    port: u16,
    ruleset: &str,
    seed: u64,
    max_turns: usize,
    stop: &AtomicBool,
) -> Result<Played, String> {
    let body = json!({"ruleset": ruleset, "opponent": "person"}).to_string();
    let created = request(port, "POST", "/api/games", None, Some(body.as_bytes()))
        .map_err(|e| e.to_string())?;
    let created = created.json().map_err(|e| e.to_string())?;
    let x = created["token"].as_str().ok_or("no token")?.to_owned();
    let o = created["opponent_token"]
        .as_str()
        .ok_or("no second token")?
        .to_owned();
    let mut game: Value = created["game"].clone();
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut latencies = Vec::new();
    for _ in 0..max_turns {
        if !game["finish"].is_null() {
            return Ok(Played {
                latencies,
                finished: true,
            });
        }
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let moving = game["legal_moves"]
            .as_array()
            .is_some_and(|moves| !moves.is_empty());
        let started = Instant::now();
        let answer = take_turn(port, &game, [Some(&x), Some(&o)], |count| rng.below(count))
            .map_err(|e| e.to_string())?;
        if moving {
            latencies.push(started.elapsed());
        }
        if answer.status != 200 {
            return Err(format!("{}: {}", answer.status, answer.body));
        }
        game = answer.json().map_err(|e| e.to_string())?["game"].clone();
    }
    Ok(Played {
        latencies,
        finished: !game["finish"].is_null(),
    })
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
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
        "| games at once | finished | cut short | seconds | games/s | move requests | p50 move (ms) | p99 move (ms) | server peak RSS (MiB) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (run, &n) in options.games.iter().enumerate() {
        let server = match start(&binary, &options.sync, run) {
            Ok(server) => server,
            Err(error) => {
                eprintln!("load: {error}");
                return ExitCode::FAILURE;
            }
        };
        let stop = Arc::new(AtomicBool::new(false));
        let started = Instant::now();
        let players: Vec<_> = (0..n)
            .map(|i| {
                let (port, ruleset, stop) =
                    (server.port, options.ruleset.clone(), Arc::clone(&stop));
                let max_turns = options.max_turns;
                std::thread::spawn(move || play(port, &ruleset, i as u64 + 1, max_turns, &stop))
            })
            .collect();
        // Bounded in time: past the limit every player stops after its request.
        let deadline = Duration::from_secs(options.max_seconds);
        while players.iter().any(|p| !p.is_finished()) && started.elapsed() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        stop.store(true, Ordering::Relaxed);
        let mut latencies = Vec::new();
        let (mut finished, mut cut) = (0, 0);
        for player in players {
            match player.join() {
                Ok(Ok(played)) => {
                    latencies.extend(played.latencies);
                    if played.finished {
                        finished += 1
                    } else {
                        cut += 1
                    }
                }
                Ok(Err(error)) => {
                    eprintln!("load: a game failed: {error}");
                    cut += 1;
                }
                Err(_) => cut += 1,
            }
        }
        let seconds = started.elapsed().as_secs_f64();
        latencies.sort_unstable();
        let rss = peak_rss_kib(server.child.id())
            .map_or("?".to_owned(), |kib| format!("{:.1}", kib as f64 / 1024.0));
        println!(
            "| {n} | {finished} | {cut} | {seconds:.2} | {:.2} | {} | {:.2} | {:.2} | {rss} |",
            finished as f64 / seconds,
            latencies.len(),
            percentile(&latencies, 50.0).as_secs_f64() * 1000.0,
            percentile(&latencies, 99.0).as_secs_f64() * 1000.0,
        );
    }
    ExitCode::SUCCESS
}
