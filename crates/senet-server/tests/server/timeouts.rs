//! Connections that misbehave, and a server short of file descriptors:
//! each is closed or refused in its time, and the server goes on.

use std::ffi::OsStr;
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::harness::{Server, TempDir, try_start_with, try_start_with_fds};
use crate::refusals::refused;

#[test]
fn running_out_of_file_descriptors_slows_accepting_and_never_stops_the_server() {
    let dir = TempDir::new("fds");
    // 48 descriptors: the runtime, the database and its WAL take about a
    // dozen, so the connections below run the server out of them.
    let mut server = try_start_with_fds(48, &dir.db(), &[])
        .unwrap_or_else(|e| panic!("the server did not start under ulimit -n 48: {e}"));
    let held: Vec<TcpStream> = (0..80)
        .filter_map(|_| TcpStream::connect(("127.0.0.1", server.port)).ok())
        .collect();
    assert!(held.len() > 48, "only {} connections were made", held.len());
    // Long enough for the server to accept until it has no descriptor left.
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        server.running(),
        "the server stopped when it ran out of file descriptors: {}",
        server.stderr()
    );
    drop(held);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let answer = senet_server::client::request(server.port, "GET", "/api/rulesets", None, None);
        if matches!(&answer, Ok(answer) if answer.status == 200) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the server does not answer after the connections closed: {answer:?}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(server.running());
}

/// Reads `stream` until the server closes it, within `limit`; the time it
/// took.
fn closed_within(stream: &mut TcpStream, limit: Duration) -> Duration {
    let start = Instant::now();
    stream
        .set_read_timeout(Some(limit))
        .expect("a read timeout");
    let mut buffer = [0; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return start.elapsed(),
            // hyper may say 408 before it closes.
            Ok(_) => {}
            Err(error) if error.kind() == ErrorKind::ConnectionReset => return start.elapsed(),
            Err(error) => panic!(
                "the connection was still open after {:?}: {error}",
                start.elapsed()
            ),
        }
    }
}

fn start_with(dir: &TempDir, more: &[&str]) -> Server {
    let more: Vec<&OsStr> = more.iter().map(OsStr::new).collect();
    try_start_with(&dir.db(), &more).unwrap_or_else(|e| panic!("the server did not start: {e}"))
}

#[test]
fn a_connection_that_sends_nothing_is_closed_after_the_header_timeout() {
    let dir = TempDir::new("silent");
    let server = start_with(&dir, &["--header-timeout", "1"]);
    let mut silent = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let took = closed_within(&mut silent, Duration::from_secs(20));
    assert!(took >= Duration::from_millis(800), "closed after {took:?}");
}

#[test]
fn a_request_head_dribbled_a_byte_at_a_time_is_cut_off() {
    let dir = TempDir::new("dribble");
    let server = start_with(&dir, &["--header-timeout", "1"]);
    let mut slow = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    slow.set_read_timeout(Some(Duration::from_millis(300)))
        .unwrap();
    // 60 bytes at 300 ms each: 18 s to send it all.
    let head = format!(
        "GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nX: {}\r\n\r\n",
        "y".repeat(20)
    );
    let start = Instant::now();
    let mut buffer = [0; 1024];
    let cut = head.as_bytes().iter().enumerate().find_map(|(n, byte)| {
        if slow.write_all(&[*byte]).is_err() {
            return Some(n);
        }
        match slow.read(&mut buffer) {
            Ok(0) => Some(n),
            Err(error) if error.kind() == ErrorKind::ConnectionReset => Some(n),
            _ => None,
        }
    });
    let cut = cut.unwrap_or_else(|| panic!("the whole head was taken in {:?}", start.elapsed()));
    assert!(
        cut < head.len() / 2,
        "cut after {cut} bytes, in {:?}",
        start.elapsed()
    );
}

#[test]
fn an_idle_keep_alive_connection_is_closed_after_the_timeout() {
    let dir = TempDir::new("idle");
    let server = start_with(&dir, &["--header-timeout", "1"]);
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream
        .write_all(b"GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .unwrap();
    // The answer comes, and the connection stays open for the next request.
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut first = [0; 12];
    stream.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");
    let took = closed_within(&mut stream, Duration::from_secs(20));
    assert!(took >= Duration::from_millis(500), "closed after {took:?}");
}

#[test]
fn past_the_connection_cap_a_connection_gets_a_json_503() {
    let dir = TempDir::new("cap");
    let server = start_with(&dir, &["--max-connections", "4", "--header-timeout", "60"]);
    let mut held: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(("127.0.0.1", server.port)).unwrap())
        .collect();
    // Let the server accept the four.
    std::thread::sleep(Duration::from_millis(500));
    let answer = senet_server::client::request(server.port, "GET", "/api/rulesets", None, None)
        .expect("an answer");
    let message = refused(&answer, 503);
    assert!(message.contains("4 connections open"), "{message}");
    // One closes: there is room again.
    held.pop();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let answer = senet_server::client::request(server.port, "GET", "/api/rulesets", None, None)
            .expect("an answer");
        if answer.status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "still refused: {answer:?}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A GET of `/api/rulesets` from source address `from` (any 127.x.y.z
/// reaches the server on 127.0.0.1): the answer's status line.
fn status_line_from(from: &str, port: u16) -> String {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
        let mut stream = socket
            .connect(format!("127.0.0.1:{port}").parse().unwrap())
            .await
            .unwrap();
        stream
            .write_all(
                b"GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
            )
            .await
            .unwrap();
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer).await;
        String::from_utf8_lossy(&answer)
            .lines()
            .next()
            .unwrap_or_default()
            .to_owned()
    })
}

/// One client holding many idle connections takes its share, not every
/// connection: another address is still served.
#[test]
fn one_address_holds_at_most_its_share_of_the_connections() {
    let dir = TempDir::new("cap-share");
    let server = start_with(
        &dir,
        &[
            "--max-connections",
            "20",
            "--max-connections-per-address",
            "4",
            "--header-timeout",
            "60",
        ],
    );
    let _held: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(("127.0.0.1", server.port)).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let answer = senet_server::client::request(server.port, "GET", "/api/rulesets", None, None)
        .expect("an answer");
    assert_eq!(
        refused(&answer, 503),
        "this address has 4 connections open, this server's limit for one address: close one"
    );
    assert_eq!(
        status_line_from("127.0.0.2", server.port),
        "HTTP/1.1 200 OK"
    );
}

#[test]
fn a_body_slower_than_the_body_timeout_is_refused_with_a_json_408() {
    let dir = TempDir::new("body");
    let server = start_with(&dir, &["--body-timeout", "1"]);
    // A head that promises 100 bytes of body, and 10 of them.
    let partial = "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"ruleset\"";
    let start = Instant::now();
    let answer =
        senet_server::client::request_raw(server.port, partial.as_bytes()).expect("an answer");
    let took = start.elapsed();
    let message = refused(&answer, 408);
    assert_eq!(message, "the body did not arrive within 1 s");
    assert!(
        took >= Duration::from_millis(800),
        "answered after {took:?}"
    );
}

#[test]
fn the_status_counts_the_open_connections() {
    let dir = TempDir::new("open");
    let server = start_with(&dir, &["--header-timeout", "60"]);
    let connections = || server.get("/api/status").json().unwrap()["connections"].clone();
    assert_eq!(connections(), 1, "the asking one");
    let held: Vec<TcpStream> = (0..3)
        .map(|_| TcpStream::connect(("127.0.0.1", server.port)).unwrap())
        .collect();
    // The three and the asking one; an earlier status's connection may
    // still be closing, so it is asked again until it is gone.
    let until = |count: u64, why: &str| {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let now = connections();
            if now == count {
                return;
            }
            assert!(Instant::now() < deadline, "{why}: {now} connections");
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    until(4, "the three held are not counted");
    drop(held);
    until(1, "closed connections are still counted");
}
