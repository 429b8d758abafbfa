//! A throw, a move or a resignation names the turn it answers: the same
//! request sent again gets the same answer and changes nothing, a request
//! for another turn is refused with the game's turn, and one that names
//! no turn acts on the game as it is (as before turns were named).

use serde_json::{Value, json};

use crate::harness::{Server, TempDir, tokens};
use crate::refusals::refused;

/// A game between two people, played (throws and lost throws) until a
/// throw waits for a move. Returns the game, the throw's answer and the
/// thrower's token.
fn to_a_waiting_throw(server: &Server) -> (Value, String, String) {
    let created = server.create(json!({"ruleset": "kendall", "opponent": "person"}));
    let seats = tokens(&created);
    let id = created["id"].as_str().unwrap().to_owned();
    let mut game = created["game"].clone();
    for _ in 0..50 {
        let side = usize::from(game["to_play"] != "x");
        let token = seats[side].clone().unwrap();
        let turn = game["turn"].as_u64().expect("the view has its turn");
        assert_eq!(turn as usize, game["history"].as_array().unwrap().len() + 1);
        let path = format!("/api/games/{id}/throw");
        let first = server.post(&path, Some(&token), &json!({ "turn": turn }));
        assert_eq!(first.status, 200, "{}", first.body);
        // Sent again, byte for byte the same answer, and nothing thrown.
        let again = server.post(&path, Some(&token), &json!({ "turn": turn }));
        assert_eq!((again.status, &again.body), (200, &first.body));
        game = first.json().unwrap()["game"].clone();
        assert_eq!(server.game(&id), game);
        if !game["throw"].is_null() {
            return (game, first.body, token);
        }
    }
    panic!("no throw with a move in 50 throws");
}

fn move_path(game: &Value) -> String {
    format!("/api/games/{}/move", game["id"].as_str().unwrap())
}

#[test]
fn a_repeated_move_or_throw_gets_the_same_answer_and_changes_nothing() {
    let dir = TempDir::new("turns-repeat");
    let server = Server::start(&dir.db());
    let (game, thrown, token) = to_a_waiting_throw(&server);
    let id = game["id"].as_str().unwrap();
    let turn = game["turn"].as_u64().unwrap();
    let text = game["legal_moves"][0]["text"].as_str().unwrap();
    let body = json!({"move": text, "turn": turn});
    let first = server.post(&move_path(&game), Some(&token), &body);
    assert_eq!(first.status, 200, "{}", first.body);
    let after = server.game(id);
    assert!(after["turn"].as_u64().unwrap() > turn);
    let again = server.post(&move_path(&game), Some(&token), &body);
    assert_eq!((again.status, &again.body), (200, &first.body));
    // The throw of that turn sent again is its own answer, not a new throw.
    let throw = server.post(
        &format!("/api/games/{id}/throw"),
        Some(&token),
        &json!({ "turn": turn }),
    );
    assert_eq!((throw.status, &throw.body), (200, &thrown));
    assert_eq!(server.game(id), after, "nothing changed");
}

#[test]
fn a_request_for_another_turn_is_refused_with_the_games_turn() {
    let dir = TempDir::new("turns-stale");
    let server = Server::start(&dir.db());
    let (game, _, token) = to_a_waiting_throw(&server);
    let id = game["id"].as_str().unwrap();
    let turn = game["turn"].as_u64().unwrap();
    let moves = game["legal_moves"].as_array().unwrap();
    let text = moves[0]["text"].as_str().unwrap();
    let ahead = refused(
        &server.post(
            &move_path(&game),
            Some(&token),
            &json!({"move": text, "turn": turn + 3}),
        ),
        409,
    );
    assert!(
        ahead.contains(&format!(
            "turn {} is not yet: the game is at turn {turn}",
            turn + 3
        )),
        "{ahead}"
    );
    let played = server.post(
        &move_path(&game),
        Some(&token),
        &json!({"move": text, "turn": turn}),
    );
    assert_eq!(played.status, 200, "{}", played.body);
    let now = server.game(id);
    // Another move for the turn played: refused, saying where the game is.
    let other = moves.last().unwrap()["text"].as_str().unwrap();
    let body = json!({"move": format!("{other} "), "turn": turn});
    let stale = refused(&server.post(&move_path(&game), Some(&token), &body), 409);
    assert!(
        stale.contains(&format!(
            "turn {turn} was played already: the game is at turn {}",
            now["turn"]
        )),
        "{stale}"
    );
    let resign = refused(
        &server.post(
            &format!("/api/games/{id}/resign"),
            Some(&token),
            &json!({ "turn": turn }),
        ),
        409,
    );
    assert!(resign.contains("was played already"), "{resign}");
    assert_eq!(server.game(id), now, "nothing changed");
}

#[test]
fn fifty_parallel_identical_moves_play_one_turn() {
    let dir = TempDir::new("turns-parallel");
    let server = Server::start(&dir.db());
    let (game, _, token) = to_a_waiting_throw(&server);
    let id = game["id"].as_str().unwrap();
    let turn = game["turn"].as_u64().unwrap();
    let text = game["legal_moves"][0]["text"].as_str().unwrap();
    let body = json!({"move": text, "turn": turn}).to_string();
    let path = move_path(&game);
    let answers: Vec<_> = std::thread::scope(|scope| {
        let sent: Vec<_> = (0..50)
            .map(|_| {
                scope.spawn(|| {
                    senet_server::client::request(
                        server.port,
                        "POST",
                        &path,
                        Some(&token),
                        Some(body.as_bytes()),
                    )
                    .expect("the server answers")
                })
            })
            .collect();
        sent.into_iter().map(|t| t.join().unwrap()).collect()
    });
    for answer in &answers {
        assert_eq!((answer.status, &answer.body), (200, &answers[0].body));
    }
    let now = server.game(id);
    assert_eq!(answers[0].json().unwrap()["game"], now);
    let of_turn: Vec<_> = now["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["number"] == turn)
        .collect();
    assert_eq!(of_turn.len(), 1);
    assert_eq!(of_turn[0]["move"], text);
}

#[test]
fn a_repeat_after_a_restart_still_gets_its_answer() {
    let dir = TempDir::new("turns-restart");
    let server = Server::start(&dir.db());
    let (game, _, token) = to_a_waiting_throw(&server);
    let turn = game["turn"].as_u64().unwrap();
    let text = game["legal_moves"][0]["text"].as_str().unwrap();
    let body = json!({"move": text, "turn": turn});
    let first = server.post(&move_path(&game), Some(&token), &body);
    assert_eq!(first.status, 200, "{}", first.body);
    server.kill();
    let server = Server::start(&dir.db());
    let again = server.post(&move_path(&game), Some(&token), &body);
    assert_eq!((again.status, &again.body), (200, &first.body));
}

#[test]
fn requests_that_name_no_turn_act_on_the_game_as_it_is() {
    let dir = TempDir::new("turns-none");
    let server = Server::start(&dir.db());
    let created = server.create(json!({"ruleset": "kendall", "level": 1}));
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let mut game = created["game"].clone();
    while game["throw"].is_null() && game["finish"].is_null() {
        // No body at all, as the page sends today.
        let answer = server.throw(id, token);
        assert_eq!(answer.status, 200, "{}", answer.body);
        game = answer.json().unwrap()["game"].clone();
    }
    let text = game["legal_moves"][0]["text"].as_str().unwrap();
    let played = server.play(id, token, text);
    assert_eq!(played.status, 200, "{}", played.body);
    let resigned = server.resign(id, Some(token));
    assert_eq!(resigned.status, 200, "{}", resigned.body);
}
