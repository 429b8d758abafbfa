//! The request log on stderr: a line for every request with its method,
//! path, status, time taken, game and client; a refusal or a failure
//! with the reason it was given; never a token or an invitation.

use serde_json::json;

use crate::harness::{Server, TempDir, try_start_with};

#[test]
fn every_request_is_logged_with_its_fields_and_no_secret() {
    let dir = TempDir::new("log");
    let server = Server::start(&dir.db());
    // The creator sits at o: x, the invited seat, throws first.
    let created = server.create(
        json!({"ruleset": "kendall", "opponent": "person", "seat": "o", "opponent_token": false}),
    );
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["token"].as_str().unwrap().to_owned();
    let invitation = created["invitation"].as_str().unwrap().to_owned();
    assert_eq!(server.game(&id)["id"], id.as_str());
    let refused = server.throw(&id, &token);
    assert_eq!(refused.status, 409, "{}", refused.body);
    let joined = server.post(
        &format!("/api/games/{id}/join"),
        None,
        &json!({"invitation": invitation}),
    );
    assert_eq!(joined.status, 201, "{}", joined.body);
    let mut server = server;
    server.signal("INT");
    server
        .wait_exit(std::time::Duration::from_secs(30))
        .expect("the server stops");
    let log = server.stderr();
    let line = |needle: &str| {
        log.lines()
            .find(|line| line.contains(needle))
            .unwrap_or_else(|| panic!("no line with {needle:?} in:\n{log}"))
            .to_owned()
    };
    let created_line = line("method=POST path=\"/api/games\" status=201");
    assert!(created_line.contains(" INFO "), "{created_line}");
    assert!(
        created_line.contains("client=\"127.0.0.1\""),
        "{created_line}"
    );
    assert!(created_line.contains(" ms="), "{created_line}");
    let read = line(&format!("method=GET path=\"/api/games/{id}\" status=200"));
    assert!(read.contains(&format!("game=\"{id}\"")), "{read}");
    let waiting = line(&format!("path=\"/api/games/{id}/throw\" status=409"));
    assert!(waiting.contains(" WARN "), "{waiting}");
    assert!(
        waiting.contains("reason=\"x has not joined yet"),
        "{waiting}"
    );
    line(&format!("path=\"/api/games/{id}/join\" status=201"));
    for secret in [&token, &invitation] {
        assert!(
            !log.contains(secret.as_str()),
            "a secret is in the log:\n{log}"
        );
    }
    let joined_token = joined.json().unwrap()["token"].as_str().unwrap().to_owned();
    assert!(
        !log.contains(&joined_token),
        "a secret is in the log:\n{log}"
    );
}

#[test]
fn the_log_level_chooses_what_is_logged() {
    let dir = TempDir::new("log-level");
    let more = [std::ffi::OsStr::new("--log"), std::ffi::OsStr::new("warn")];
    let mut server = try_start_with(&dir.db(), &more).expect("the server starts");
    assert_eq!(server.get("/api/rulesets").status, 200);
    assert_eq!(server.get("/api/games/nosuch").status, 404);
    server.signal("INT");
    server
        .wait_exit(std::time::Duration::from_secs(30))
        .expect("the server stops");
    let log = server.stderr();
    assert!(!log.contains("path=\"/api/rulesets\""), "{log}");
    assert!(
        log.contains("path=\"/api/games/nosuch\" status=404"),
        "{log}"
    );
}
