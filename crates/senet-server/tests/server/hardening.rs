//! Work that must run to its end: a request's change is made whole under
//! its game's lock even when its client leaves.

use std::ffi::OsStr;
use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::harness::{Server, TempDir, tokens, try_start_with};

fn start_with(dir: &TempDir, more: &[&str]) -> Server {
    let more: Vec<&OsStr> = more.iter().map(OsStr::new).collect();
    try_start_with(&dir.db(), &more).unwrap_or_else(|e| panic!("the server did not start: {e}"))
}

/// A two-person game with a throw that has a legal move waiting: its id,
/// the view, and the token of the side to move.
pub(crate) fn a_move_waits(server: &Server) -> (String, Value, String) {
    let created = server.create(json!({"ruleset": "kendall", "opponent": "person"}));
    let id = created["id"].as_str().unwrap().to_owned();
    let tokens = tokens(&created);
    loop {
        let view = server.game(&id);
        let side = usize::from(view["to_play"] == "o");
        let token = tokens[side].clone().unwrap();
        if view["legal_moves"]
            .as_array()
            .is_some_and(|m| !m.is_empty())
        {
            return (id, view, token);
        }
        assert_eq!(server.throw(&id, &token).status, 200);
    }
}

#[test]
fn a_move_whose_client_leaves_is_played_to_its_end_before_the_next_request_on_its_game() {
    let dir = TempDir::new("leave");
    let server = start_with(&dir, &["--debug-work-delay-ms", "700"]);
    let (id, before, token) = a_move_waits(&server);
    let text = before["legal_moves"][0]["text"]
        .as_str()
        .unwrap()
        .to_owned();
    let played = before["history"].as_array().unwrap().len();

    let body = json!({ "move": text }).to_string();
    let request = format!(
        "POST /api/games/{id}/move HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut leaving = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    leaving.write_all(request.as_bytes()).unwrap();
    // The client leaves while the move's work runs (it takes 700 ms).
    std::thread::sleep(Duration::from_millis(100));
    drop(leaving);
    std::thread::sleep(Duration::from_millis(50));

    let start = Instant::now();
    let after = server.game(&id);
    let took = start.elapsed();
    let history = after["history"].as_array().unwrap();
    assert_eq!(
        history.len(),
        played + 1,
        "the next request saw the game without the move it waited for: {after}"
    );
    assert_eq!(history[played]["move"], text.as_str());
    // It waited for the move's work (some 550 ms of it were left).
    assert!(took >= Duration::from_millis(400), "answered in {took:?}");
}
