//! Bad input of every kind: each refused with a status and a short JSON
//! message, and the game unchanged.

use serde_json::{Value, json};

use crate::harness::{Server, TempDir, try_start};

/// The error message of a refusal, checked to be `{"error": "..."}` with
/// the status expected.
pub(crate) fn refused(answer: &senet_server::client::Answer, status: u16) -> String {
    assert_eq!(answer.status, status, "{}", answer.body);
    assert!(
        answer
            .content_type
            .as_deref()
            .unwrap_or("")
            .starts_with("application/json")
    );
    let body = answer.json().expect("a JSON error");
    let object = body.as_object().expect("an object");
    assert_eq!(object.len(), 1, "{body}");
    let message = object["error"].as_str().expect("a message").to_owned();
    assert!(!message.is_empty() && message.len() < 300, "{message}");
    message
}

/// A two-person game with x's throw waiting: (id, x's token, o's token).
fn two_person_game(server: &Server) -> (String, String, String) {
    let created = server.create(json!({"ruleset": "kendall", "opponent": "person"}));
    let id = created["id"].as_str().unwrap().to_owned();
    let x = created["token"].as_str().unwrap().to_owned();
    let o = created["opponent_token"].as_str().unwrap().to_owned();
    assert_eq!(server.throw(&id, &x).status, 200);
    (id, x, o)
}

#[test]
fn moves_without_the_right_token_or_out_of_turn_change_nothing() {
    let dir = TempDir::new("tokens");
    let server = Server::start(&dir.db());
    let (id, x, o) = two_person_game(&server);
    let before = server.game(&id);
    let side = before["to_play"].as_str().unwrap();
    let (mover, other) = if side == "x" { (&x, &o) } else { (&o, &x) };
    let text = before["legal_moves"][0]["text"].as_str().unwrap();
    let path = format!("/api/games/{id}/move");
    let body = json!({"move": text}).to_string();

    let none = server.send("POST", &path, None, Some(body.as_bytes()));
    assert!(refused(&none, 403).contains("Authorization: Bearer"));
    let wrong = server.send("POST", &path, Some(&"0".repeat(64)), Some(body.as_bytes()));
    assert!(refused(&wrong, 403).contains("not that of a seat"));
    let out_of_turn = server.send("POST", &path, Some(other), Some(body.as_bytes()));
    assert!(refused(&out_of_turn, 409).contains(&format!("it is {side}'s move")));
    let hint = server.send(
        "GET",
        &format!("/api/games/{id}/hint"),
        Some(&"1".repeat(64)),
        None,
    );
    refused(&hint, 403);
    let resign = server.resign(&id, None);
    refused(&resign, 403);
    let throw = server.throw(&id, other);
    assert!(refused(&throw, 409).contains("already waits"));
    assert_eq!(
        server.game(&id),
        before,
        "a refused request changed the game"
    );

    // The right seat's move is taken.
    assert_eq!(server.play(&id, mover, text).status, 200);
}

#[test]
fn illegal_and_malformed_moves_are_refused_and_quoted_safely() {
    let dir = TempDir::new("illegal");
    let server = Server::start(&dir.db());
    let created = server.create(json!({"ruleset": "kendall", "level": 1}));
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    // Before any throw there is nothing to move.
    let early = server.play(id, token, "2: 10-12");
    assert!(refused(&early, 409).contains("must throw first"));
    assert_eq!(server.throw(id, token).status, 200);
    let before = server.game(id);

    // A piece that is not there.
    let roll = before["throw"]["roll"].as_u64().unwrap();
    let nowhere = server.play(id, token, &format!("{roll}: 25-{}", 25 + roll));
    refused(&nowhere, 422);
    // Another roll than the one thrown.
    let other_roll = if roll == 1 { 2 } else { 1 };
    refused(
        &server.play(id, token, &format!("{other_roll}: 10-{}", 10 + other_roll)),
        422,
    );
    // Control characters and a long text: escaped and cut in the message.
    let hostile = format!("\u{1b}[31m\n{}", "9".repeat(5000));
    let message = refused(&server.play(id, token, &hostile[..3000]), 422);
    assert!(!message.chars().any(char::is_control), "{message:?}");
    assert!(message.len() < 300, "{message}");
    assert_eq!(server.game(id), before, "a refused move changed the game");
}

#[test]
fn malformed_bodies_unknown_games_and_routes_are_refused() {
    let dir = TempDir::new("bodies");
    let server = Server::start(&dir.db());
    let create = |body: &[u8]| server.send("POST", "/api/games", None, Some(body));

    assert!(refused(&create(b"{\"ruleset\": "), 400).contains("not this route's JSON"));
    assert!(refused(&create(b"[1, 2]"), 400).contains("not this route's JSON"));
    let unknown_field = create(br#"{"ruleset": "kendall", "colour\u0007": 1}"#);
    let message = refused(&unknown_field, 400);
    assert!(!message.chars().any(char::is_control), "{message:?}");
    let ruleset = refused(&create(br#"{"ruleset": "chess"}"#), 400);
    for name in senet::AnyRuleset::ALL {
        assert!(ruleset.contains(senet::Ruleset::name(&name)), "{ruleset}");
    }
    assert!(refused(&create(br#"{"ruleset": "kendall", "level": 9}"#), 400).contains("level"));
    assert!(refused(&create(br#"{"ruleset": "kendall", "seat": "z"}"#), 400).contains("seat"));
    refused(
        &create(br#"{"ruleset": "kendall", "opponent": "person", "level": 2}"#),
        400,
    );
    let bad_name = create("{\"ruleset\": \"kendall\", \"name\": \"a\\nb\"}".as_bytes());
    assert!(refused(&bad_name, 400).contains("name"));

    // Over the limit: refused before it is read as JSON.
    let big = format!(
        "{{\"ruleset\": \"kendall\", \"name\": \"{}\"}}",
        "a".repeat(5000)
    );
    assert!(refused(&create(big.as_bytes()), 413).contains("4096"));

    // The id is quoted with its control characters escaped.
    let unknown = server.get("/api/games/no-such-game%0A%1B");
    let message = refused(&unknown, 404);
    assert!(
        message.contains("no game has the id \"no-such-game\\n\\u{1b}\""),
        "{message}"
    );
    refused(&server.get("/api/nothing-here"), 404);
    refused(&server.send("DELETE", "/api/games", None, None), 405);
    // Nothing was made by any of it.
    let fresh = server.create(json!({"ruleset": "bell"}));
    assert_eq!(fresh["game"]["history"], Value::Array(vec![]));
}

/// Hostile field names: a body with an unknown
/// key holding ESC, BEL or U+202E, or as long as a body may be, is refused
/// with a message that says the field is unknown and quotes the start of
/// its name escaped: every body's error is quoted so.
#[test]
fn unknown_fields_are_named_escaped_and_cut() {
    let dir = TempDir::new("fields");
    let server = Server::start(&dir.db());
    let (id, x, _) = two_person_game(&server);
    let before = server.game(&id);
    let long = "k".repeat(4000);
    for name in ["ke\u{1b}[31my", "bell\u{7}", "o\u{202e}x", &long] {
        let escaped = senet::notation::quote::escaped(name);
        let start = format!("unknown field `{}", &escaped[..8]);
        let create = json!({"ruleset": "kendall", name: 1});
        let play = json!({"move": "2: 10-12", name: 1});
        for answer in [
            server.post("/api/games", None, &create),
            server.post(&format!("/api/games/{id}/move"), Some(&x), &play),
        ] {
            let message = refused(&answer, 400);
            assert!(
                !message.chars().any(|c| c.is_control()
                    || ('\u{200b}'..='\u{200f}').contains(&c)
                    || ('\u{202a}'..='\u{202e}').contains(&c)
                    || ('\u{2066}'..='\u{2069}').contains(&c)),
                "{message:?}"
            );
            assert!(message.contains(&start), "{message}");
        }
    }
    assert_eq!(server.game(&id), before, "a refused body changed the game");
}

#[test]
fn a_finished_game_refuses_every_action() {
    let dir = TempDir::new("over");
    let server = Server::start(&dir.db());
    let created = server.create(json!({"ruleset": "skyruk", "level": 1}));
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let resign = |token| server.resign(id, Some(token));
    assert_eq!(resign(token).status, 200);
    let over = server.game(id);
    assert!(refused(&resign(token), 409).contains("the game is over"));
    assert!(refused(&server.throw(id, token), 409).contains("the game is over"));
    assert!(refused(&server.play(id, token, "1: 1-2"), 409).contains("the game is over"));
    let hint = server.send("GET", &format!("/api/games/{id}/hint"), Some(token), None);
    refused(&hint, 409);
    assert_eq!(server.game(id), over);
}

#[test]
fn a_database_file_that_is_not_a_database_stops_the_start_with_a_message() {
    let dir = TempDir::new("notdb");
    let path = dir.path.join("notes.txt");
    std::fs::write(&path, "these are my notes, not a database\n".repeat(200)).unwrap();
    let error = match try_start(&path) {
        Ok(_) => panic!("the server started on a text file"),
        Err(error) => error,
    };
    assert!(
        error.contains("notes.txt is not a SQLite database"),
        "{error}"
    );
    // The file is left as it was.
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("these are my notes"));
}

/// Makes a file read-only for the test's life, even for root (which
/// ignores permissions): `chattr +i` then, `chmod 0444` otherwise.
struct ReadOnly(std::path::PathBuf);

impl ReadOnly {
    fn make(path: &std::path::Path) -> ReadOnly {
        let root = std::process::Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|out| out.stdout.starts_with(b"0"));
        let made = if root {
            std::process::Command::new("chattr")
                .arg("+i")
                .arg(path)
                .status()
        } else {
            std::process::Command::new("chmod")
                .arg("0444")
                .arg(path)
                .status()
        };
        assert!(
            made.is_ok_and(|status| status.success()),
            "cannot make {} read-only (chattr +i needs ext4 or the like)",
            path.display()
        );
        ReadOnly(path.to_owned())
    }
}

impl Drop for ReadOnly {
    fn drop(&mut self) {
        let _ = std::process::Command::new("chattr")
            .arg("-i")
            .arg(&self.0)
            .status();
        let _ = std::process::Command::new("chmod")
            .arg("0644")
            .arg(&self.0)
            .status();
    }
}

#[test]
fn a_read_only_database_stops_the_start_with_a_message() {
    let dir = TempDir::new("readonly");
    let db = dir.db();
    drop(senet_server::Store::open(&db, senet_server::Durability::Full).unwrap());
    let _read_only = ReadOnly::make(&db);
    assert!(
        std::fs::OpenOptions::new().write(true).open(&db).is_err(),
        "the file is still writable"
    );
    let error = match try_start(&db) {
        Ok(_) => panic!("the server started on a read-only database"),
        Err(error) => error,
    };
    assert!(
        error.contains("games.sqlite is read-only: the server writes every turn to it"),
        "{error}"
    );
}

#[test]
fn a_stored_game_that_no_longer_replays_is_refused_with_a_500_and_left_alone() {
    let dir = TempDir::new("tampered");
    let server = Server::start(&dir.db());
    let created = server.create(json!({"ruleset": "kendall", "opponent": "person"}));
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let game = server.throw(id, token).json().unwrap()["game"].clone();
    let text = game["legal_moves"][0]["text"].as_str().unwrap().to_owned();
    assert_eq!(server.play(id, token, &text).status, 200);
    // The game is kept taken up while the server runs: stop it, then
    // someone edits the stored record's move behind its back.
    server.kill();
    let db = rusqlite::Connection::open(dir.db()).unwrap();
    let record = |db: &rusqlite::Connection| -> String {
        db.query_row("SELECT record FROM games WHERE id = ?1", [id], |row| {
            row.get(0)
        })
        .unwrap()
    };
    let tampered = record(&db).replacen(&text, "1: 1-2", 1);
    assert_ne!(tampered, record(&db), "the move is in the record");
    db.execute(
        "UPDATE games SET record = ?2 WHERE id = ?1",
        [id, tampered.as_str()],
    )
    .unwrap();
    let count = |db: &rusqlite::Connection| -> i64 {
        db.query_row("SELECT count(*) FROM turns WHERE game = ?1", [id], |row| {
            row.get(0)
        })
        .unwrap()
    };
    let stored = count(&db);
    let server = Server::start(&dir.db());
    let message = refused(&server.get(&format!("/api/games/{id}")), 500);
    assert!(
        message.contains(&format!(
            "stored game {id} does not resume: the record does not replay"
        )),
        "{message}"
    );
    let o_token = created["opponent_token"].as_str().unwrap();
    refused(&server.play(id, o_token, "1: 1-2"), 500);
    refused(&server.throw(id, token), 500);
    // Nothing was written: the edited row stands, no turn was added.
    assert_eq!(count(&db), stored);
    assert_eq!(record(&db), tampered);
}
