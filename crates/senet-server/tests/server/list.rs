//! `GET /api/games?ids=…`: a few games' public state in one request, the
//! unknown ids named apart, at most 50 ids, a malformed list refused.

use serde_json::{Value, json};

use crate::harness::{Server, TempDir};
use crate::refusals::refused;

fn list(server: &Server, ids: &str) -> senet_server::client::Answer {
    server.get(&format!("/api/games?ids={ids}"))
}

fn listed(server: &Server, ids: &str) -> Value {
    let answer = list(server, ids);
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json().expect("JSON")
}

#[test]
fn the_games_asked_for_are_listed_in_order_with_their_public_state() {
    let dir = TempDir::new("list");
    let server = Server::start(&dir.db());
    let bot = server.create(json!({"ruleset": "kendall", "level": 1, "name": "Ahmose"}));
    let pair = server.create(json!({
        "ruleset": "jequier", "opponent": "person", "seat": "o", "opponent_token": false
    }));
    let (bot_id, pair_id) = (bot["id"].as_str().unwrap(), pair["id"].as_str().unwrap());
    // The bot's game ends: x resigns.
    let resigned = server.resign(bot_id, bot["token"].as_str());
    assert_eq!(resigned.status, 200, "{}", resigned.body);

    let answer = listed(&server, &format!("{pair_id},{bot_id}"));
    assert_eq!(answer["missing"], json!([]));
    let games = answer["games"].as_array().expect("a list");
    assert_eq!(games.len(), 2);
    let (first, second) = (&games[0], &games[1]);
    assert_eq!(first["id"], pair_id);
    assert_eq!(first["ruleset"], "jequier");
    assert_eq!(first["to_play"], "x");
    assert_eq!(first["turn"], 1);
    assert!(first["finish"].is_null());
    assert_eq!(first["seats"][0]["agent"], "invited");
    assert_eq!(first["seats"][1]["agent"], "person");
    assert_eq!(second["id"], bot_id);
    assert_eq!(second["finish"]["winner"], "o");
    assert_eq!(second["finish"]["ending"], "resignation");
    assert_eq!(second["seats"][0]["name"], "Ahmose");
    assert_eq!(second["seats"][1]["agent"], "senet-bot level 1");
    assert_eq!(second["created"], server.game(bot_id)["created"]);
    // Public fields only: no turns, no seed, no tokens or invitations.
    let keys: Vec<&str> = second
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut keys = keys;
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "created", "finish", "id", "ruleset", "seats", "to_play", "turn"
        ]
    );
    assert!(
        !answer
            .to_string()
            .contains(pair["invitation"].as_str().unwrap())
    );
}

#[test]
fn unknown_ids_are_named_apart_and_never_fail_the_list() {
    let dir = TempDir::new("list-unknown");
    let server = Server::start(&dir.db());
    let game = server.create(json!({"ruleset": "kendall"}));
    let id = game["id"].as_str().unwrap();
    let unknown = "0".repeat(24);
    let answer = listed(&server, &format!("{unknown},{id},nosuchgame,{id}"));
    let games = answer["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "an id asked twice is listed once: {answer}");
    assert_eq!(games[0]["id"], id);
    let missing = answer["missing"].as_array().unwrap();
    let missed: Vec<&str> = missing.iter().map(|m| m["id"].as_str().unwrap()).collect();
    assert_eq!(missed, [unknown.as_str(), "nosuchgame"]);
    assert!(
        missing[0]["error"]
            .as_str()
            .unwrap()
            .contains("no game has the id")
    );
    // Only unknown ids: an empty list, not an error.
    let answer = listed(&server, &unknown);
    assert_eq!(answer["games"], json!([]));
}

#[test]
fn at_most_fifty_ids_are_taken() {
    let dir = TempDir::new("list-cap");
    let server = Server::start(&dir.db());
    let game = server.create(json!({"ruleset": "kendall"}));
    let id = game["id"].as_str().unwrap();
    let mut ids: Vec<String> = (0..49).map(|k| format!("{k:024x}")).collect();
    ids.push(id.to_owned());
    let answer = listed(&server, &ids.join(","));
    assert_eq!(answer["games"].as_array().unwrap().len(), 1);
    assert_eq!(answer["missing"].as_array().unwrap().len(), 49);
    ids.push(format!("{:024x}", 99));
    let message = refused(&list(&server, &ids.join(",")), 400);
    assert_eq!(
        message,
        "51 games asked for at once, this route's limit: 50"
    );
}

#[test]
fn a_malformed_list_is_refused_in_json() {
    let dir = TempDir::new("list-malformed");
    let server = Server::start(&dir.db());
    for path in [
        "/api/games",
        "/api/games?ids=",
        "/api/games?ids=a,,b",
        "/api/games?ids=a%20b",
        "/api/games?ids=a%2Fb",
        "/api/games?ids=a&other=1",
    ] {
        let message = refused(&server.get(path), 400);
        assert!(
            message.contains("ids") || message.contains("id"),
            "{path}: {message}"
        );
    }
    // Commas sent encoded are commas.
    let game = server.create(json!({"ruleset": "kendall"}));
    let id = game["id"].as_str().unwrap();
    let answer = listed(&server, &format!("{id}%2C{id}"));
    assert_eq!(answer["games"].as_array().unwrap().len(), 1);
}
