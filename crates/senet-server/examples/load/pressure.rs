//! Clients that misbehave beside the games, as a server on the open
//! internet meets them: sockets that stay silent, requests that dribble,
//! and one address that creates games as fast as it can. Each is counted
//! by how the server ended it, so a run shows the timeouts and the
//! per-address limit at work while the games play.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::runtime::Runtime;
use tokio::time::{MissedTickBehavior, interval, sleep};

use crate::wire;

/// How often a slow client sends its next byte.
const DRIBBLE: Duration = Duration::from_millis(500);

/// What the misbehaving clients met, counted as it happens.
#[derive(Default)]
pub struct Tally {
    /// Silent sockets open now.
    pub idle_open: AtomicUsize,
    /// Silent sockets the server closed (the header timeout), each reopened.
    pub idle_closed: AtomicUsize,
    /// Silent sockets answered instead (a `503` past `--max-connections`).
    pub idle_answered: AtomicUsize,
    /// Slow clients closed with no answer (the header timeout).
    pub slow_closed: AtomicUsize,
    /// Slow clients answered `408` (the body timeout).
    pub slow_408: AtomicUsize,
    /// Slow clients answered anything else, or whose connect failed.
    pub slow_other: AtomicUsize,
    /// The flood's creates answered `201`, `429`, and anything else.
    pub flood_201: AtomicUsize,
    pub flood_429: AtomicUsize,
    pub flood_other: AtomicUsize,
}

/// How many of each, and the ruleset the flood asks for.
pub struct Pressure {
    pub idle: usize,
    pub slow: usize,
    pub flood_per_second: u32,
    pub ruleset: String,
}

impl Pressure {
    /// Spawns the clients on `runtime`; they run until it shuts down.
    pub fn start(&self, runtime: &Runtime, port: u16) -> Arc<Tally> {
        let tally = Arc::new(Tally::default());
        for _ in 0..self.idle {
            runtime.spawn(idle(port, Arc::clone(&tally)));
        }
        for i in 0..self.slow {
            // Half dribble their head, half their body.
            runtime.spawn(slow(port, i, i % 2 == 1, Arc::clone(&tally)));
        }
        if self.flood_per_second > 0 {
            let body = serde_json::json!({"ruleset": self.ruleset, "opponent": "person"});
            runtime.spawn(flood(
                port,
                self.flood_per_second,
                body.to_string(),
                Arc::clone(&tally),
            ));
        }
        tally
    }
}

/// A socket that sends nothing; when the server closes it, another.
async fn idle(port: u16, tally: Arc<Tally>) {
    loop {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)).await else {
            sleep(Duration::from_millis(100)).await;
            continue;
        };
        tally.idle_open.fetch_add(1, Ordering::Relaxed);
        let mut buffer = [0; 512];
        let answered = matches!(stream.read(&mut buffer).await, Ok(n) if n > 0);
        tally.idle_open.fetch_sub(1, Ordering::Relaxed);
        if answered {
            tally.idle_answered.fetch_add(1, Ordering::Relaxed);
            sleep(Duration::from_secs(1)).await;
        } else {
            tally.idle_closed.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// A client that sends a create a byte every [`DRIBBLE`]: its head
/// (`body` false) or, after its head sent whole, its body; when the
/// server ends it, another. Each has its own address (127.2.0.x), so its
/// creates, should one arrive, do not count against the flood's.
async fn slow(port: u16, index: usize, body: bool, tally: Arc<Tally>) {
    let from = IpAddr::V4(Ipv4Addr::new(
        127,
        2,
        (index / 250) as u8,
        (index % 250 + 1) as u8,
    ));
    let content = format!(
        "{{\"ruleset\": \"kendall\", \"opponent\": \"person\"{}}}",
        " ".repeat(40)
    );
    let head = format!(
        "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        content.len()
    );
    let (whole, dribbled) = if body {
        (head.into_bytes(), content.into_bytes())
    } else {
        (Vec::new(), (head + &content).into_bytes())
    };
    loop {
        let Ok(stream) = wire::connect_from(from, port).await else {
            tally.slow_other.fetch_add(1, Ordering::Relaxed);
            sleep(Duration::from_secs(1)).await;
            continue;
        };
        let (mut reader, mut writer) = stream.into_split();
        let (whole, dribbled) = (whole.clone(), dribbled.clone());
        let writing = tokio::spawn(async move {
            writer.write_all(&whole).await?;
            for byte in dribbled {
                writer.write_all(&[byte]).await?;
                sleep(DRIBBLE).await;
            }
            // Sent whole: keep the socket open for the answer.
            std::future::pending::<()>().await;
            Ok::<_, std::io::Error>(())
        });
        // Read as the bytes come, so that an answer is taken before a
        // later write meets the closed socket.
        let mut raw = Vec::new();
        let _ = reader.read_to_end(&mut raw).await;
        writing.abort();
        let counter = match wire::status(&raw) {
            None => &tally.slow_closed,
            Some(408) => &tally.slow_408,
            Some(_) => &tally.slow_other,
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }
}

/// Creates from one address (127.0.0.250), `per_second` a second, each in
/// a task of its own so that a slow answer does not slow the flood.
async fn flood(port: u16, per_second: u32, body: String, tally: Arc<Tally>) {
    let from = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 250));
    let mut tick = interval(Duration::from_secs_f64(1.0 / f64::from(per_second)));
    tick.set_missed_tick_behavior(MissedTickBehavior::Skip);
    let body: Arc<str> = body.into();
    loop {
        tick.tick().await;
        let (tally, body) = (Arc::clone(&tally), Arc::clone(&body));
        tokio::spawn(async move {
            let counter = match wire::post(from, port, "/api/games", &body).await {
                Ok((201, _)) => &tally.flood_201,
                Ok((429, _)) => &tally.flood_429,
                _ => &tally.flood_other,
            };
            counter.fetch_add(1, Ordering::Relaxed);
        });
    }
}
