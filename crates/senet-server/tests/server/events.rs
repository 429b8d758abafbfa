//! `GET /api/games/{id}/events`: a game's changes as server-sent events,
//! and a stop that waits for no open stream.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::harness::{Server, TempDir};
use crate::refusals::refused;

/// Reads lines of `stream` until one is `line`; the lines read.
fn read_until(stream: &mut BufReader<TcpStream>, line: &str) -> Vec<String> {
    let mut read = Vec::new();
    loop {
        let mut next = String::new();
        let n = stream.read_line(&mut next).expect("the stream reads");
        assert!(n > 0, "the stream ended before {line:?}: {read:?}");
        let next = next.trim_end().to_owned();
        let done = next == line;
        read.push(next);
        if done {
            return read;
        }
    }
}

#[test]
fn a_games_changes_are_streamed_and_a_stop_ends_the_streams() {
    let dir = TempDir::new("events");
    let mut server = Server::start(&dir.db());
    let created = server.create(json!({"ruleset": "kendall"}));
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    refused(
        &server.get("/api/games/000000000000000000000000/events"),
        404,
    );

    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    write!(
        stream,
        "GET /api/games/{id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"
    )
    .unwrap();
    let mut stream = BufReader::new(stream);
    let head = read_until(&mut stream, "");
    assert_eq!(head[0], "HTTP/1.1 200 OK", "{head:?}");
    assert!(
        head.iter()
            .any(|h| h.eq_ignore_ascii_case("content-type: text/event-stream")),
        "{head:?}"
    );
    read_until(&mut stream, "event: game");
    // The chunked framing puts the data on lines of their own.
    read_until(&mut stream, "data: {\"turn\":1}");
    assert_eq!(server.throw(id, token).status, 200);
    read_until(&mut stream, "event: change");
    read_until(&mut stream, "data: {\"turn\":1}");

    // A stop ends the stream at once: no connection is cut at the deadline.
    let signalled = Instant::now();
    server.signal("INT");
    let status = server
        .wait_exit(Duration::from_secs(30))
        .expect("the server stops");
    assert!(status.success());
    assert!(
        signalled.elapsed() < Duration::from_secs(5),
        "the stop took {:?} with a stream open",
        signalled.elapsed()
    );
    let stderr = server.stderr();
    assert!(stderr.contains(", 0 cut at the 10 s deadline)"), "{stderr}");
}
