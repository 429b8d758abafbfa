//! Work that must run to its end: a request's change is made whole under
//! its game's lock even when its client leaves.

use std::ffi::OsStr;
use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::harness::{Server, TempDir, tokens, try_start_with};
use crate::refusals::refused;

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

    let body = json!({ "move": text, "turn": before["turn"] });
    let retried = body.clone();
    let body = body.to_string();
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
    // The client that left sends its move again: it gets the answer it
    // missed, and nothing is played twice.
    let again = server.post(&format!("/api/games/{id}/move"), Some(&token), &retried);
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(again.json().unwrap()["game"], after);
    assert_eq!(server.game(&id), after);
}

/// Where `ruleset`'s table is, as `GET /api/status` says.
fn table_state(server: &Server, ruleset: &str) -> Value {
    server.get("/api/status").json().expect("JSON")["tables"][ruleset].clone()
}

#[test]
fn a_slow_solve_keeps_no_request_waiting() {
    let dir = TempDir::new("solve");
    // Kendall with 2 pieces a side on the track: a solve of seconds (20 s
    // in this unoptimised test build on a shared machine).
    let server = start_with(&dir, &["--odds-bound", "2"]);
    let solved = server.create(json!({"ruleset": "kendall", "level": 1}));
    let solved_id = solved["id"].as_str().unwrap().to_owned();
    let resigned = server.resign(&solved_id, solved["token"].as_str());
    assert_eq!(resigned.status, 200, "{}", resigned.body);

    // Two reviews of that game: the first starts the solve; both are
    // answered at once, a 503 that says why.
    let review = format!("/api/games/{solved_id}/review");
    for _ in 0..2 {
        let started = Instant::now();
        let answer = server.get(&review);
        assert_eq!(answer.status, 503, "{}", answer.body);
        assert_eq!(
            refused(&answer, 503),
            "the endgame table of kendall is being solved: ask for the review again in a few seconds"
        );
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the review waited"
        );
    }
    assert_eq!(table_state(&server, "kendall"), "solving");

    // Meanwhile a hint of the same ruleset is the estimate, at once, and a
    // game of another ruleset is made and played.
    let hinted = server.create(json!({"ruleset": "kendall", "level": 1}));
    let (hinted_id, hinted_token) = (
        hinted["id"].as_str().unwrap(),
        hinted["token"].as_str().unwrap(),
    );
    assert_eq!(server.throw(hinted_id, hinted_token).status, 200);
    let hint = server.send(
        "GET",
        &format!("/api/games/{hinted_id}/hint"),
        Some(hinted_token),
        None,
    );
    assert_eq!(hint.status, 200, "{}", hint.body);
    assert_eq!(hint.json().unwrap()["table"], "solving");
    let other = server.create(json!({"ruleset": "bell", "level": 1}));
    let id = other["id"].as_str().unwrap();
    let token = other["token"].as_str().unwrap();
    let mut game = other["game"].clone();
    for step in 0..4 {
        game = crate::harness::act_on(&server, &game, [Some(token), None], step);
    }
    assert_eq!(server.game(id)["history"], game["history"]);
    assert_eq!(
        table_state(&server, "kendall"),
        "solving",
        "the solve ended before the other requests did: this test shows nothing"
    );

    // Once solved, the review is made, and kept.
    let deadline = Instant::now() + Duration::from_secs(300);
    while table_state(&server, "kendall") != "ready" {
        assert!(Instant::now() < deadline, "Kendall's solve never ended");
        std::thread::sleep(Duration::from_millis(100));
    }
    let first = server.get(&review);
    assert_eq!(first.status, 200, "{}", first.body);
    assert_eq!(server.get(&review).body, first.body);
    let status = server.get("/api/status").json().unwrap();
    assert_eq!(status["tables"], json!({"kendall": "ready"}), "{status}");
    assert_eq!(status["table_solves"], 1, "{status}");
}

/// The shard of 64 locks a game's id fell in before each game had a lock
/// of its own (FNV-1a of the id): two games of one shard waited for each
/// other.
fn former_shard(id: &str) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    }) % 64
}

/// A slow change to one game holds up no request on another, even one
/// that shared its lock before.
#[test]
fn each_game_has_a_lock_of_its_own() {
    let dir = TempDir::new("lock-per-game");
    // As many games as the search takes: no limit on creates a minute.
    let server = start_with(&dir, &["--creates-per-minute", "0"]);
    // Games until two fell in the same former shard (64 shards: a few
    // dozen games at most).
    let mut seen: std::collections::HashMap<u64, Value> = std::collections::HashMap::new();
    let (slow, other) = loop {
        assert!(seen.len() < 64, "no two of 64 games share a shard");
        let created = server.create(json!({"ruleset": "kendall", "level": 1}));
        let shard = former_shard(created["id"].as_str().unwrap());
        if let Some(first) = seen.remove(&shard) {
            break (first, created);
        }
        seen.insert(shard, created);
    };
    let (id, token) = (
        slow["id"].as_str().unwrap().to_owned(),
        slow["token"].as_str().unwrap().to_owned(),
    );
    // Now every change takes 3 s more.
    server.kill();
    let server = start_with(&dir, &["--debug-work-delay-ms", "3000"]);
    let port = server.port;
    let thrower = std::thread::spawn(move || {
        let path = format!("/api/games/{id}/throw");
        senet_server::client::request(port, "POST", &path, Some(&token), Some(b"{}"))
    });
    std::thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    let read = server.get(&format!("/api/games/{}", other["id"].as_str().unwrap()));
    let took = started.elapsed();
    assert_eq!(read.status, 200, "{}", read.body);
    assert!(
        took < Duration::from_millis(1_500),
        "a read of another game waited {took:?} for a change of 3 s"
    );
    let thrown = thrower.join().unwrap().expect("the throw is answered");
    assert_eq!(thrown.status, 200, "{}", thrown.body);
}
