//! `senet-server`: serves the Senet API and page, games kept in SQLite.
#![forbid(unsafe_code)]

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use std::time::Duration;

use clap::Parser;
use senet_server::serve::{self, Limits};
use senet_server::{AppState, Durability, Offered, Store, router};

/// Serves Senet games: a JSON API under /api and a page at /, every game
/// kept in a SQLite database.
#[derive(Debug, Parser)]
#[command(name = "senet-server", version)]
struct Options {
    /// The SQLite database, created on first start.
    #[arg(long, default_value = "senet-games.sqlite")]
    db: PathBuf,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The port to listen on; 0 takes any free port (the one taken is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Endgame tables for exact hints and reviews: at most this many pieces
    /// a side on the track, solved for a ruleset when its first hint or
    /// review is asked (0: no tables; 2 takes seconds and, for Bell, about
    /// 400 MB).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(0..=2))]
    odds_bound: u8,
    /// When an answered change is on disk: `full` (before the answer, safe
    /// from power cuts) or `normal` (safe from a killed server; a power cut
    /// may lose the last turns; about twice as fast under load).
    #[arg(long, value_enum, default_value_t = SyncMode::Full)]
    sync: SyncMode,
    /// A folder of rules files (`*.toml`, docs/rulesets.md): their
    /// rulesets are offered beside the built-in ones; a bad file stops
    /// the server at start, naming it
    #[arg(long, value_name = "DIR")]
    rules: Option<PathBuf>,
    /// Seconds a request head may take to arrive, from the connection's
    /// start or the end of its last answer: a silent, slow or idle
    /// connection is closed after them.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    header_timeout: u64,
    /// The most connections open at once; past it a connection is answered
    /// a JSON 503 and closed. Each takes a file descriptor: keep it under
    /// `ulimit -n`.
    #[arg(long, value_name = "N", default_value_t = 2048, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_connections: u64,
    /// The most connections one client address (an IPv6 one with its /64)
    /// may hold open at once; past it its new connection is answered a
    /// JSON 503 and closed, while other addresses are still served. 0: no
    /// limit but --max-connections. Behind a proxy every client has the
    /// proxy's address.
    #[arg(long, value_name = "N", default_value_t = 256, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    max_connections_per_address: u64,
    /// Refuse a request with a header line that cannot be read (a control
    /// byte in it) with a bare 400, instead of skipping the line and
    /// answering in JSON: for a server behind a proxy that might forward
    /// such a line as it is.
    #[arg(long)]
    strict_headers: bool,
    /// Seconds a request's body has to arrive whole, from the end of its
    /// head; past them the request gets a JSON 408.
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    body_timeout: u64,
    /// Games one client address may make a minute (an IPv6 address
    /// counts with its /64); past it a JSON 429 with `Retry-After`. 0: no
    /// limit. Behind a proxy every client has the proxy's address.
    #[arg(long, value_name = "N", default_value_t = 20)]
    creates_per_minute: u32,
    /// The longest request body taken, in bytes; a longer one gets a JSON
    /// 413.
    #[arg(long, value_name = "N", default_value_t = senet_server::BODY_LIMIT, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(64..=1_048_576))]
    max_body_bytes: usize,
    /// The turns a game may have: past them a throw or a move gets a JSON
    /// 409 (a seat may still resign).
    #[arg(long, value_name = "N", default_value_t = senet_server::DEFAULT_MAX_TURNS, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1_000_000))]
    max_turns: usize,
    /// Seconds a stop (Ctrl-C, SIGTERM) waits for open requests to finish
    /// before it cuts the connections left; a change cut before its commit
    /// is rolled back, never half written.
    #[arg(long, value_name = "SECONDS", default_value_t = 10)]
    shutdown_grace: u64,
    /// A host name this server answers for (`NAME` for any port, or
    /// `NAME:PORT`), repeatable; a request for another gets a JSON 421.
    /// Set it when the server is reachable by name: it stops pages of
    /// other sites (DNS rebinding) from talking to it. None: every host.
    #[arg(long = "allowed-host", value_name = "NAME")]
    allowed_hosts: Vec<String>,
    /// The games in play the server holds (not over, changed within
    /// `--abandon-after`); past them a new game gets a JSON 503. 0: no
    /// limit.
    #[arg(long, value_name = "N", default_value_t = senet_server::DEFAULT_MAX_OPEN_GAMES)]
    max_open_games: usize,
    /// The games in play one client address may hold (an IPv6 address
    /// counts with its /64), counted as `--max-open-games` counts; past
    /// them a new game from that address gets a JSON 429. 0: no limit.
    /// Behind a proxy every client has the proxy's address.
    #[arg(long, value_name = "N", default_value_t = senet_server::DEFAULT_MAX_OPEN_GAMES_PER_ADDRESS)]
    max_open_games_per_address: usize,
    /// Days after which a game nobody changed stops counting as in play
    /// for `--max-open-games` (it can still be played, and then counts
    /// again).
    #[arg(long, value_name = "DAYS", default_value_t = senet_server::DEFAULT_ABANDON_AFTER_DAYS, value_parser = clap::value_parser!(u64).range(1..=36_500))]
    abandon_after: u64,
    /// Games kept taken up between requests: a request on one of them
    /// reads no game row and no turns and replays nothing; past them the
    /// least recently used is taken up again (from its stored record) when
    /// next asked for. 0: none kept.
    #[arg(long, value_name = "N", default_value_t = senet_server::DEFAULT_CACHE_GAMES, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=10_000_000))]
    cache_games: usize,
    /// The request log on stderr, one line of key=value fields a request:
    /// `info` logs every request, `warn` the refused (4xx) and failed
    /// (5xx) ones, `error` the failed ones, `off` none.
    #[arg(long, value_name = "LEVEL", default_value = "info")]
    log: LogLevel,
    /// For tests: every change to a game takes this many milliseconds
    /// more, under its game's lock and before its commit.
    #[arg(long, value_name = "MS", default_value_t = 0, hide = true)]
    debug_work_delay_ms: u64,
}

/// The `--log` values.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum LogLevel {
    Info,
    Warn,
    Error,
    Off,
}

impl LogLevel {
    fn filter(self) -> tracing_subscriber::filter::LevelFilter {
        use tracing_subscriber::filter::LevelFilter;
        match self {
            LogLevel::Info => LevelFilter::INFO,
            LogLevel::Warn => LevelFilter::WARN,
            LogLevel::Error => LevelFilter::ERROR,
            LogLevel::Off => LevelFilter::OFF,
        }
    }
}

/// The `--sync` values.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum SyncMode {
    Full,
    Normal,
}

fn main() -> ExitCode {
    let options = Options::parse();
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(options.log.filter())
        .with_target(false)
        .init();
    match run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("senet-server: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(options: &Options) -> Result<(), String> {
    let durability = match options.sync {
        SyncMode::Full => Durability::Full,
        SyncMode::Normal => Durability::Normal,
    };
    let offered = match &options.rules {
        Some(dir) => Offered::with_files(dir)?,
        None => Offered::built_in(),
    };
    let store = Store::open(&options.db, durability).map_err(|e| e.to_string())?;
    // A file of an older version gets its games' records once, here.
    let made = store.make_records(&offered).map_err(|e| e.to_string())?;
    if made.made > 0 {
        eprintln!(
            "senet-server: made the records of {} games of an older database",
            made.made
        );
    }
    for (id, why) in &made.failed {
        eprintln!("senet-server: stored game {id} does not replay ({why}): it is refused");
    }
    let limits = Limits {
        header_timeout: Duration::from_secs(options.header_timeout),
        max_connections: usize::try_from(options.max_connections)
            .map_err(|_| "--max-connections is too large for this machine".to_owned())?,
        max_connections_per_address: usize::try_from(options.max_connections_per_address).map_err(
            |_| "--max-connections-per-address is too large for this machine".to_owned(),
        )?,
        shutdown_grace: Duration::from_secs(options.shutdown_grace),
        strict_headers: options.strict_headers,
    };
    if let Some(files) = serve::open_files_limit()
        && options.max_connections > files
    {
        eprintln!(
            "senet-server: --max-connections {} is above this process's limit of {files} open files (ulimit -n): past it, accepting pauses until connections close",
            options.max_connections
        );
    }
    // Timers too: hyper's timeouts and axum's pause after a failed accept
    // (out of file descriptors) sleep, and without them that panics.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let stopped = runtime.block_on(async {
        let address = (options.host.as_str(), options.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", options.host, options.port))?;
        let local = listener
            .local_addr()
            .map_err(|e| format!("cannot read the address listened on: {e}"))?;
        println!(
            "senet-server listening on http://{local}/ (database {})",
            options.db.display()
        );
        let state = AppState::offering(store, options.odds_bound, offered)
            .with_work_delay(Duration::from_millis(options.debug_work_delay_ms))
            .with_allowed_hosts(options.allowed_hosts.clone())
            .with_body_timeout(Duration::from_secs(options.body_timeout))
            .with_creates_per_minute(options.creates_per_minute)
            .with_max_body_bytes(options.max_body_bytes)
            .with_max_turns(options.max_turns)
            .with_cache_games(options.cache_games)
            .with_max_open_games(
                options.max_open_games,
                Duration::from_secs(options.abandon_after * 86_400),
            )
            .with_max_open_games_per_address(options.max_open_games_per_address);
        // The stop ends the games' event streams too, so that it waits
        // for none of them.
        let (stop, stopping) = tokio::sync::watch::channel(false);
        let app = router(Arc::new(state.with_stop(stopping)));
        let signal = async move {
            serve::stop_signal().await;
            let _ = stop.send(true);
        };
        Ok::<_, String>(serve::run(listener, app, &limits, signal).await)
    })?;
    // The blocking work still running (a change being written) gets what
    // is left of the grace, not a second one; what is cut then was never
    // answered.
    runtime.shutdown_timeout(
        stopped
            .deadline
            .saturating_duration_since(std::time::Instant::now()),
    );
    eprintln!(
        "senet-server: stopped ({} connections closed, {} cut at the {} s deadline)",
        stopped.closed, stopped.cut, options.shutdown_grace
    );
    Ok(())
}
