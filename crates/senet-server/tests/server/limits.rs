//! The operator's limits: each refusal JSON, with what the client needs
//! to know to try again.

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::net::TcpStream;

use serde_json::json;

use senet_server::client::take_turn;

use crate::harness::{Server, TempDir, act_on, tokens, try_start_with};
use crate::refusals::refused;

fn start_with(dir: &TempDir, more: &[&str]) -> Server {
    let more: Vec<&OsStr> = more.iter().map(OsStr::new).collect();
    try_start_with(&dir.db(), &more).unwrap_or_else(|e| panic!("the server did not start: {e}"))
}

/// The whole answer to `POST /api/games` with `body`, head included.
fn create_raw(server: &Server, body: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn past_its_creates_a_minute_an_address_gets_a_json_429_with_retry_after() {
    let dir = TempDir::new("creates");
    let server = start_with(&dir, &["--creates-per-minute", "3"]);
    let made: Vec<_> = (0..3)
        .map(|_| server.create(json!({"ruleset": "kendall", "level": 1})))
        .collect();
    let answer = create_raw(&server, &json!({"ruleset": "kendall"}).to_string());
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    assert!(head.starts_with("HTTP/1.1 429"), "{answer}");
    let wait: u64 = head
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("retry-after")
                .then(|| value.trim().parse().ok())?
        })
        .expect("a Retry-After header in seconds");
    assert!((1..=60).contains(&wait), "Retry-After: {wait}");
    let error: serde_json::Value = serde_json::from_str(body).expect("a JSON body");
    assert_eq!(
        error,
        json!({"error": format!(
            "this address made 3 games in the last minute, this server's limit: try again in {wait} s"
        )})
    );
    // Its other requests are served: only making games is limited.
    let id = made[0]["id"].as_str().unwrap();
    let token = made[0]["token"].as_str().unwrap();
    assert_eq!(server.throw(id, token).status, 200);
    assert_eq!(server.get("/api/rulesets").status, 200);
}

#[test]
fn zero_creates_a_minute_is_no_limit() {
    let dir = TempDir::new("creates-0");
    let server = start_with(&dir, &["--creates-per-minute", "0"]);
    for _ in 0..25 {
        server.create(json!({"ruleset": "kendall", "level": 1}));
    }
}

#[test]
fn a_body_over_max_body_bytes_is_a_json_413() {
    let dir = TempDir::new("body-bytes");
    let server = start_with(&dir, &["--max-body-bytes", "100"]);
    let long = json!({"ruleset": "kendall", "name": "a".repeat(120)}).to_string();
    let answer = server.send("POST", "/api/games", None, Some(long.as_bytes()));
    assert_eq!(refused(&answer, 413), "the body is longer than 100 bytes");
    server.create(json!({"ruleset": "kendall", "name": "Ann"}));
}

#[test]
fn past_max_turns_a_throw_or_move_is_a_json_409_and_resigning_stays_open() {
    let dir = TempDir::new("max-turns");
    let server = start_with(&dir, &["--max-turns", "6"]);
    let created = server.create(json!({"ruleset": "kendall", "opponent": "person"}));
    let id = created["id"].as_str().unwrap();
    let tokens = tokens(&created);
    let tokens = [tokens[0].as_deref(), tokens[1].as_deref()];
    let mut game = created["game"].clone();
    while game["history"].as_array().unwrap().len() < 6 {
        game = act_on(&server, &game, tokens, 0);
    }
    let answer = take_turn(server.port, &game, tokens, |_| 0).expect("an answer");
    assert_eq!(
        refused(&answer, 409),
        "the game reached this server's limit of 6 turns: a seat may resign"
    );
    assert_eq!(server.game(id), game);
    let resign = server.resign(id, tokens[0]);
    assert_eq!(resign.status, 200, "{}", resign.body);
}

#[test]
fn past_max_open_games_a_create_is_a_json_503_until_one_ends() {
    let dir = TempDir::new("max-open-games");
    let server = start_with(&dir, &["--max-open-games", "2"]);
    let first = server.create(json!({"ruleset": "kendall"}));
    server.create(json!({"ruleset": "kendall", "opponent": "person"}));
    let full = server.post("/api/games", None, &json!({"ruleset": "kendall"}));
    let message = refused(&full, 503);
    assert_eq!(
        message,
        "the server holds 2 games in play, its limit: finish or resign one, or try later"
    );
    // The games in play go on.
    let id = first["id"].as_str().unwrap();
    let token = first["token"].as_str().unwrap();
    assert_eq!(server.throw(id, token).status, 200);
    // A game that ends frees its place.
    assert_eq!(server.resign(id, Some(token)).status, 200);
    server.create(json!({"ruleset": "kendall"}));
    refused(
        &server.post("/api/games", None, &json!({"ruleset": "kendall"})),
        503,
    );
}

/// One address holds at most `--max-open-games-per-address` games in
/// play, whatever room the server has; the games of other addresses do
/// not count against it, and the store keeps no address, only its
/// SHA-256.
#[test]
fn past_max_open_games_per_address_a_create_from_it_is_a_json_429() {
    let dir = TempDir::new("max-open-per-address");
    let limits = [
        "--max-open-games",
        "100",
        "--max-open-games-per-address",
        "2",
    ];
    let server = start_with(&dir, &limits);
    let first = server.create(json!({"ruleset": "kendall"}));
    server.create(json!({"ruleset": "kendall", "opponent": "person"}));
    let full = server.post("/api/games", None, &json!({"ruleset": "kendall"}));
    assert_eq!(
        refused(&full, 429),
        "this address has 2 games in play, this server's limit for one address: finish or resign one"
    );
    // A game that ends frees its place.
    let id = first["id"].as_str().unwrap();
    let token = first["token"].as_str().unwrap();
    assert_eq!(server.resign(id, Some(token)).status, 200);
    server.create(json!({"ruleset": "kendall"}));
    refused(
        &server.post("/api/games", None, &json!({"ruleset": "kendall"})),
        429,
    );
    server.kill();
    // The games become another address's: this one has room again.
    let db = rusqlite::Connection::open(dir.db()).unwrap();
    let creators: Vec<Option<String>> = db
        .prepare("SELECT creator FROM games")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(creators.len(), 3);
    for creator in &creators {
        let creator = creator.as_deref().expect("a creator");
        assert_eq!(creator.len(), 64, "{creator}");
        assert!(!creator.contains("127.0.0.1"));
    }
    db.execute("UPDATE games SET creator = 'elsewhere'", [])
        .unwrap();
    let server = start_with(&dir, &limits);
    server.create(json!({"ruleset": "kendall"}));
    server.create(json!({"ruleset": "kendall"}));
    refused(
        &server.post("/api/games", None, &json!({"ruleset": "kendall"})),
        429,
    );
}

#[test]
fn a_game_untouched_past_abandon_after_stops_counting_and_can_still_be_played() {
    let dir = TempDir::new("abandon-after");
    let limits = ["--max-open-games", "1", "--abandon-after", "2"];
    let server = start_with(&dir, &limits);
    let old = server.create(json!({"ruleset": "kendall"}));
    refused(
        &server.post("/api/games", None, &json!({"ruleset": "kendall"})),
        503,
    );
    server.kill();
    // Its last change three days ago; one day ago would still count.
    let db = rusqlite::Connection::open(dir.db()).unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let set = |days: i64| {
        db.execute("UPDATE games SET updated = ?1", [now - days * 86_400])
            .unwrap()
    };
    set(1);
    let server = start_with(&dir, &limits);
    refused(
        &server.post("/api/games", None, &json!({"ruleset": "kendall"})),
        503,
    );
    server.kill();
    set(3);
    let server = start_with(&dir, &limits);
    server.create(json!({"ruleset": "kendall"}));
    // The abandoned game plays on.
    let id = old["id"].as_str().unwrap();
    let token = old["token"].as_str().unwrap();
    assert_eq!(server.throw(id, token).status, 200);
}
