//! Serving the router: an accept loop of our own over hyper's HTTP/1.1
//! server. axum's `serve` gives hyper no timer (so no header timeout: a
//! silent connection stays open for ever), has no cap on connections, and
//! offers no hook to change either; here a silent, slow or idle
//! connection is closed after the header timeout, connections past the cap
//! get a JSON 503, and an accept error (out of file descriptors) is a
//! pause, never a stop.

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// How connections are served: their timeout and their number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How long a request head may take to arrive, counted from the
    /// connection's start or from the end of the last answer: a silent,
    /// slow or idle connection is closed after it.
    pub header_timeout: Duration,
    /// The most connections open at once; past it a connection is
    /// answered a JSON 503 and closed.
    pub max_connections: usize,
    /// The most connections one client address (an IPv6 one with its
    /// /64) may hold open at once, so that one client cannot take every
    /// connection; past it its new connection is answered a JSON 503 and
    /// closed. 0: no limit but `max_connections`.
    pub max_connections_per_address: usize,
    /// How long a stop waits for the open requests to finish; past it the
    /// connections left are cut.
    pub shutdown_grace: Duration,
    /// Whether a request with a header line hyper cannot read (a control
    /// byte in it) gets hyper's bare 400 instead of the line being
    /// skipped: for a server behind a proxy that might forward such a
    /// line, so that the two never read a request differently.
    pub strict_headers: bool,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_timeout: Duration::from_secs(10),
            max_connections: 2048,
            max_connections_per_address: 256,
            shutdown_grace: Duration::from_secs(10),
            strict_headers: false,
        }
    }
}

/// The most bytes of a request head hyper buffers: a slow client holds
/// at most this much memory (hyper's default is about 400 KB).
const MAX_BUF: usize = 64 * 1024;

/// The most header lines hyper reads in a request.
const MAX_HEADERS: usize = 128;

/// How long accepting pauses after an error such as running out of file
/// descriptors: connections closing meanwhile give some back.
const ACCEPT_PAUSE: Duration = Duration::from_millis(100);

/// The connections open now, as each request carries it (for
/// `GET /api/status`).
#[derive(Clone, Debug)]
pub struct OpenConnections {
    permits: Arc<Semaphore>,
    max: usize,
}

impl OpenConnections {
    /// How many connections are open, the asking one included.
    pub fn count(&self) -> usize {
        self.max - self.permits.available_permits()
    }
}

/// How a server stopped: the connections open when it was told to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Those that finished their requests and closed within the grace.
    pub closed: usize,
    /// Those still open at the deadline, cut (a half-sent request, a
    /// request whose work had not ended).
    pub cut: usize,
    /// The end of the grace: when the server was told to stop, plus
    /// `limits.shutdown_grace`. Work still running (a change being
    /// written) is waited for until then, not for another grace.
    pub deadline: Instant,
}

/// Serves `app` on `listener` with `limits` until `shutdown` completes,
/// then stops accepting, lets the open connections finish their requests
/// for `limits.shutdown_grace`, and returns with those left open counted
/// (the caller's runtime drops them).
pub async fn run(
    listener: TcpListener,
    app: Router,
    limits: &Limits,
    shutdown: impl Future<Output = ()>,
) -> Stopped {
    let permits = Arc::new(Semaphore::new(limits.max_connections));
    let shares: Shares = Arc::default();
    let graceful = GracefulShutdown::new();
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_BUF)
        .max_headers(MAX_HEADERS)
        // A header line with a control character is skipped (unless
        // --strict-headers), not a bare 400 from hyper: the route then
        // answers in JSON (a seat's token so sent is missing, a 403). A
        // NUL byte is still hyper's 400.
        .ignore_invalid_headers(!limits.strict_headers);
    let mut shutdown = std::pin::pin!(shutdown);
    let mut last_told: Option<Instant> = None;
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            // The client left before it was accepted: nothing to wait for.
            Err(error) if !pauses(&error) => continue,
            Err(error) => {
                if last_told.is_none_or(|told| told.elapsed() >= Duration::from_secs(1)) {
                    eprintln!("senet-server: cannot accept a connection: {error}; retrying");
                    last_told = Some(Instant::now());
                }
                tokio::select! {
                    () = tokio::time::sleep(ACCEPT_PAUSE) => continue,
                    () = &mut shutdown => break,
                }
            }
        };
        let Some(share) = Share::take(&shares, peer, limits.max_connections_per_address) else {
            let cap = limits.max_connections_per_address;
            tokio::spawn(refuse(
                stream,
                format!(
                    "this address has {cap} connections open, this server's limit for one address: close one"
                ),
            ));
            continue;
        };
        let Ok(permit) = Arc::clone(&permits).try_acquire_owned() else {
            let cap = limits.max_connections;
            tokio::spawn(refuse(
                stream,
                format!("the server has {cap} connections open, its limit: try again shortly"),
            ));
            continue;
        };
        // Answers are small and each is written at once.
        let _ = stream.set_nodelay(true);
        // Each request carries its client's address, as axum's
        // `ConnectInfo` (the per-address limits read it), and the count
        // of open connections (the status reads it).
        let router = TowerToHyperService::new(app.clone());
        let open = OpenConnections {
            permits: Arc::clone(&permits),
            max: limits.max_connections,
        };
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            request.extensions_mut().insert(open.clone());
            hyper::service::Service::call(&router, request)
        });
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            // How a connection ends (closed, timed out, reset) is no news.
            let _ = connection.await;
            drop(permit);
            drop(share);
        });
    }
    drop(listener);
    let deadline = Instant::now() + limits.shutdown_grace;
    let open = |permits: &Semaphore| limits.max_connections - permits.available_permits();
    let at_stop = open(&permits);
    let cut = match tokio::time::timeout_at(deadline.into(), graceful.shutdown()).await {
        Ok(()) => 0,
        Err(_) => open(&permits).min(at_stop),
    };
    Stopped {
        closed: at_stop - cut,
        cut,
        deadline,
    }
}

/// Completes on Ctrl-C (SIGINT) or SIGTERM (what service managers send);
/// a signal that cannot be watched is never seen.
pub async fn stop_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                terminate.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

/// Whether an accept error calls for a pause (the process or the system is
/// short of something) rather than the next accept (one client's trouble).
fn pauses(error: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    !matches!(
        error.kind(),
        ErrorKind::ConnectionAborted
            | ErrorKind::ConnectionReset
            | ErrorKind::ConnectionRefused
            | ErrorKind::Interrupted
    )
}

/// Answers a connection past the cap with a JSON 503 and closes it, all
/// within a second.
/// The connections open per client address (its group, as the
/// per-address limits count).
type Shares = Arc<std::sync::Mutex<std::collections::HashMap<std::net::IpAddr, usize>>>;

/// One connection of an address, counted while it is held.
struct Share {
    shares: Shares,
    address: std::net::IpAddr,
}

impl Share {
    /// A connection of `peer`'s address, unless it holds `cap` already
    /// (0: no cap).
    fn take(shares: &Shares, peer: std::net::SocketAddr, cap: usize) -> Option<Share> {
        let address = crate::limits::group(peer.ip());
        let mut open = shares
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = open.entry(address).or_insert(0);
        if cap > 0 && *count >= cap {
            return None;
        }
        *count += 1;
        Some(Share {
            shares: Arc::clone(shares),
            address,
        })
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        let mut open = self
            .shares
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// Answers a connection refused before it is served: a JSON 503 saying
/// `why`, then closes it.
async fn refuse(mut stream: TcpStream, why: String) {
    let body = serde_json::json!({ "error": why }).to_string();
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(answer.as_bytes()).await?;
        stream.shutdown().await?;
        // Closing with the request unread would reset the connection, and
        // the client could lose the answer: read until the client closes.
        let mut sink = [0; 1024];
        while stream.read(&mut sink).await? > 0 {}
        Ok::<(), std::io::Error>(())
    })
    .await;
}

/// The soft limit of open files of this process (`ulimit -n`), read from
/// `/proc/self/limits`; `None` where there is no such file.
pub fn open_files_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|line| line.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shortage_pauses_accepting_and_a_client_that_left_does_not() {
        use std::io::{Error, ErrorKind};
        assert!(pauses(&Error::from_raw_os_error(24)), "EMFILE");
        assert!(pauses(&Error::from_raw_os_error(23)), "ENFILE");
        assert!(!pauses(&Error::from(ErrorKind::ConnectionAborted)));
    }

    #[test]
    fn the_open_files_limit_is_read_on_linux() {
        if cfg!(target_os = "linux") {
            assert!(open_files_limit().is_some_and(|n| n > 0));
        }
    }
}
