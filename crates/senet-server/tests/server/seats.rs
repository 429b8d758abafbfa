//! A game between two people: the other seat offered by an invitation,
//! exchanged once for that seat's own token.

use serde_json::{Value, json};

use crate::harness::{Server, TempDir};
use crate::refusals::refused;

fn join(server: &Server, id: &str, body: &Value) -> senet_server::client::Answer {
    server.post(&format!("/api/games/{id}/join"), None, body)
}

fn invitation(server: &Server, id: &str, token: Option<&str>) -> senet_server::client::Answer {
    server.send("GET", &format!("/api/games/{id}/invitation"), token, None)
}

#[test]
fn the_creator_gets_an_invitation_not_a_token_and_can_read_it_again() {
    let dir = TempDir::new("seats-invitation");
    let server = Server::start(&dir.db());
    let created =
        server.create(json!({"ruleset": "kendall", "opponent": "person", "opponent_token": false}));
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    assert!(created["opponent_token"].is_null(), "{created}");
    let code = created["invitation"].as_str().unwrap();
    assert_eq!(code.len(), 32);
    assert_eq!(created["game"]["seats"][1]["agent"], "invited");
    for _ in 0..2 {
        let answer = invitation(&server, id, Some(token));
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_eq!(
            answer.json().unwrap(),
            json!({"seat": "o", "invitation": code, "joined": false})
        );
    }
    refused(&invitation(&server, id, None), 403);
    // A game against a bot has none.
    let bot = server.create(json!({"ruleset": "kendall"}));
    let bot_id = bot["id"].as_str().unwrap();
    refused(&invitation(&server, bot_id, bot["token"].as_str()), 404);
    refused(&join(&server, bot_id, &json!({"invitation": code})), 404);
}

#[test]
fn an_invitation_is_exchanged_once_for_a_token_that_plays_its_seat() {
    let dir = TempDir::new("seats-join");
    let server = Server::start(&dir.db());
    // The creator sits at o: x, the invited seat, throws first.
    let created = server.create(json!({
        "ruleset": "kendall", "opponent": "person", "seat": "o", "opponent_token": false
    }));
    let id = created["id"].as_str().unwrap();
    let creator = created["token"].as_str().unwrap();
    let code = created["invitation"].as_str().unwrap();
    let waiting = refused(&server.throw(id, creator), 409);
    assert_eq!(waiting, "x has not joined yet: send them the invitation");
    refused(
        &join(&server, id, &json!({"invitation": "00".repeat(16)})),
        403,
    );
    let joined = join(&server, id, &json!({"invitation": code, "name": "Bob"}));
    assert_eq!(joined.status, 201, "{}", joined.body);
    let joined = joined.json().unwrap();
    assert_eq!(joined["seat"], "x");
    assert_eq!(joined["game"]["seats"][0]["agent"], "person");
    assert_eq!(joined["game"]["seats"][0]["name"], "Bob");
    let token = joined["token"].as_str().unwrap();
    assert_ne!(token, creator);
    // Taken once.
    let again = refused(&join(&server, id, &json!({"invitation": code})), 409);
    assert_eq!(again, "this invitation was used already: the seat is taken");
    assert_eq!(
        invitation(&server, id, Some(creator)).json().unwrap(),
        json!({"seat": "x", "invitation": null, "joined": true})
    );
    refused(&invitation(&server, id, Some(token)), 403);
    // The creator still cannot act for x; x's own token can.
    refused(&server.throw(id, creator), 409);
    assert_eq!(server.throw(id, token).status, 200);
    // After a restart the seat is still x's.
    server.kill();
    let server = Server::start(&dir.db());
    assert_eq!(server.game(id)["seats"][0]["agent"], "person");
    refused(&join(&server, id, &json!({"invitation": code})), 409);
}

#[test]
fn the_opponent_token_of_old_plays_until_the_invitation_is_taken() {
    let dir = TempDir::new("seats-old-token");
    let server = Server::start(&dir.db());
    // As the page asks today: the opponent's token in the answer too.
    let created = server.create(json!({"ruleset": "kendall", "opponent": "person"}));
    let id = created["id"].as_str().unwrap();
    let old = created["opponent_token"].as_str().unwrap();
    let code = created["invitation"].as_str().unwrap();
    assert_eq!(created["game"]["seats"][1]["agent"], "person");
    // It is x's turn: o's token is o's seat's (409, not 403).
    let turn = refused(&server.throw(id, old), 409);
    assert!(turn.contains("not o's"), "{turn}");
    let joined = join(&server, id, &json!({"invitation": code}));
    assert_eq!(joined.status, 201, "{}", joined.body);
    // The seat now has the joiner's token alone.
    refused(&server.throw(id, old), 403);
    let token = joined.json().unwrap()["token"].as_str().unwrap().to_owned();
    let turn = refused(&server.throw(id, &token), 409);
    assert!(turn.contains("not o's"), "{turn}");
}

/// The database holds no invitation, only its SHA-256, and a finished
/// game's invitation seats nobody.
#[test]
fn the_store_keeps_no_invitation_and_a_finished_games_invitation_seats_nobody() {
    let dir = TempDir::new("seats-hashed");
    let server = Server::start(&dir.db());
    let created =
        server.create(json!({"ruleset": "kendall", "opponent": "person", "opponent_token": false}));
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let code = created["invitation"].as_str().unwrap().to_owned();
    server.kill();
    // Every file of the database, its journal included.
    for file in std::fs::read_dir(dir.db().parent().unwrap()).unwrap() {
        let bytes = std::fs::read(file.unwrap().path()).unwrap();
        let found = bytes.windows(code.len()).any(|w| w == code.as_bytes());
        assert!(!found, "the invitation is stored as itself");
    }
    let server = Server::start(&dir.db());
    // Made again from the creator's token after the restart.
    assert_eq!(
        invitation(&server, id, Some(token)).json().unwrap(),
        json!({"seat": "o", "invitation": code, "joined": false})
    );
    let resigned = server.resign(id, Some(token));
    assert_eq!(resigned.status, 200, "{}", resigned.body);
    let over = refused(&join(&server, id, &json!({"invitation": code})), 409);
    assert_eq!(
        over,
        format!("game {id} is over: its seats are no longer offered")
    );
}
