//! Stopping the server with Ctrl-C (SIGINT) or SIGTERM: it stops
//! accepting, lets open requests finish, and exits by its grace period
//! even when a connection never finishes its request.

use std::ffi::OsStr;
use std::io::Write;
use std::net::TcpStream;
use std::time::Duration;

use senet_server::client::request;

use crate::hardening::a_move_waits;
use crate::harness::{Server, TempDir, try_start_with};

fn start_with(dir: &TempDir, more: &[&str]) -> Server {
    let more: Vec<&OsStr> = more.iter().map(OsStr::new).collect();
    try_start_with(&dir.db(), &more).unwrap_or_else(|e| panic!("the server did not start: {e}"))
}

#[test]
fn ctrl_c_with_a_half_sent_request_stops_within_the_grace_period() {
    let dir = TempDir::new("stop-half");
    let mut server = start_with(&dir, &["--shutdown-grace", "1", "--header-timeout", "120"]);
    let mut half = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    half.write_all(b"GET /api/rulesets HTTP/1.1\r\nHo").unwrap();
    // Let the server read the half head.
    std::thread::sleep(Duration::from_millis(300));
    server.signal("INT");
    let status = server
        .wait_exit(Duration::from_secs(30))
        .expect("the server did not stop within 30 s of Ctrl-C");
    let stderr = server.stderr();
    assert!(status.success(), "{status}: {stderr}");
    assert!(stderr.contains("1 cut at the 1 s deadline"), "{stderr}");
    drop(half);
}

#[test]
fn sigterm_stops_it_too() {
    let dir = TempDir::new("stop-term");
    let mut server = start_with(&dir, &[]);
    assert_eq!(server.get("/api/rulesets").status, 200);
    server.signal("TERM");
    let status = server
        .wait_exit(Duration::from_secs(30))
        .expect("the server did not stop within 30 s of SIGTERM");
    let stderr = server.stderr();
    assert!(status.success(), "{status}: {stderr}");
    assert!(stderr.contains("senet-server: stopped ("), "{stderr}");
}

#[test]
fn a_request_in_flight_at_ctrl_c_is_answered_before_the_exit() {
    let dir = TempDir::new("stop-inflight");
    let mut server = start_with(&dir, &["--debug-work-delay-ms", "800"]);
    let (id, before, token) = a_move_waits(&server);
    let text = before["legal_moves"][0]["text"]
        .as_str()
        .unwrap()
        .to_owned();
    let played = before["history"].as_array().unwrap().len();
    let port = server.port;
    let path = format!("/api/games/{id}/move");
    let body = serde_json::json!({ "move": text }).to_string();
    let mover = std::thread::spawn(move || {
        request(port, "POST", &path, Some(&token), Some(body.as_bytes()))
    });
    // Stopped while the move's change is being made (it takes 800 ms).
    std::thread::sleep(Duration::from_millis(200));
    server.signal("INT");
    let answer = mover.join().unwrap().expect("the move is answered");
    assert_eq!(answer.status, 200, "{}", answer.body);
    let status = server
        .wait_exit(Duration::from_secs(30))
        .expect("the server did not stop within 30 s of Ctrl-C");
    assert!(status.success(), "{status}: {}", server.stderr());
    drop(server);
    let again = Server::start(&dir.db());
    let history = again.game(&id)["history"].as_array().unwrap().clone();
    assert_eq!(history.len(), played + 1);
    assert_eq!(history[played]["move"], text.as_str());
}

/// A request whose work outlasts the grace holds the stop for the grace
/// once: the connection and the work it started share one deadline.
#[test]
fn work_that_outlasts_the_grace_is_cut_at_the_one_deadline() {
    let dir = TempDir::new("stop-one-deadline");
    let mut server = start_with(
        &dir,
        &["--shutdown-grace", "2", "--debug-work-delay-ms", "8000"],
    );
    let (id, before, token) = a_move_waits(&server);
    let text = before["legal_moves"][0]["text"]
        .as_str()
        .unwrap()
        .to_owned();
    let port = server.port;
    let path = format!("/api/games/{id}/move");
    let body = serde_json::json!({ "move": text }).to_string();
    let _mover = std::thread::spawn(move || {
        request(port, "POST", &path, Some(&token), Some(body.as_bytes()))
    });
    // Stopped while the move's change is being made (it takes 8 s).
    std::thread::sleep(Duration::from_millis(300));
    let signalled = std::time::Instant::now();
    server.signal("INT");
    let status = server
        .wait_exit(Duration::from_secs(30))
        .expect("the server did not stop within 30 s of Ctrl-C");
    let took = signalled.elapsed();
    assert!(status.success(), "{status}: {}", server.stderr());
    // Two graces (the connection's, then the work's) would be 4 s.
    assert!(
        took < Duration::from_millis(3_300),
        "the stop took {took:?}, past the 2 s grace: {}",
        server.stderr()
    );
}
