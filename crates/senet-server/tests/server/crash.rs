//! The server killed with SIGKILL, at rest and in the middle of a stream
//! of moves, and started again on the same database: nothing is lost.

use std::sync::mpsc;

use serde_json::{Value, json};

use senet_server::client::{request, take_turn};

use crate::harness::{Server, TempDir, act, tokens};

#[test]
fn every_game_comes_back_after_a_kill_with_its_position_history_and_next_throw() {
    let dir = TempDir::new("crash");
    let server = Server::start(&dir.db());
    let setups = [
        (json!({"ruleset": "kendall", "level": 1}), 12),
        (json!({"ruleset": "bell", "level": 2, "seat": "o"}), 7),
        (json!({"ruleset": "classic", "level": 1}), 1),
        (json!({"ruleset": "temple", "opponent": "person"}), 15),
        (
            json!({"ruleset": "jequier", "opponent": "person", "seat": "o"}),
            4,
        ),
        // Made and never thrown.
        (json!({"ruleset": "kendall1979", "opponent": "person"}), 0),
    ];
    let mut games = Vec::new();
    for (n, (body, actions)) in setups.into_iter().enumerate() {
        let created = server.create(body);
        let id = created["id"].as_str().unwrap().to_owned();
        let tokens = tokens(&created);
        for step in 0..actions {
            if !server.game(&id)["finish"].is_null() {
                break;
            }
            act(
                &server,
                &id,
                [tokens[0].as_deref(), tokens[1].as_deref()],
                step + n,
            );
        }
        games.push((id, tokens));
    }
    let before: Vec<Value> = games.iter().map(|(id, _)| server.game(id)).collect();
    // Some games have a throw waiting, one has none yet.
    assert!(before.iter().any(|g| !g["throw"].is_null()));
    assert!(
        before
            .iter()
            .any(|g| g["throw"].is_null() && g["finish"].is_null())
    );

    server.kill();
    let again = Server::start(&dir.db());
    for ((id, tokens), was) in games.iter().zip(&before) {
        let now = again.game(id);
        assert_eq!(now["position"], was["position"], "{id}");
        assert_eq!(now["history"], was["history"], "{id}");
        assert_eq!(now["throw"], was["throw"], "{id}: the next throw changed");
        assert_eq!(now, *was, "{id}");
        // And the game goes on from there.
        if now["finish"].is_null() {
            act(&again, id, [tokens[0].as_deref(), tokens[1].as_deref()], 0);
        }
    }
}

#[test]
fn a_kill_in_the_middle_of_a_stream_of_moves_keeps_every_answered_move() {
    let dir = TempDir::new("crash-stream");
    let server = Server::start(&dir.db());
    let port = server.port;
    let created = server.create(json!({"ruleset": "kendall", "opponent": "person"}));
    let id = created["id"].as_str().unwrap().to_owned();
    let [x, o] = tokens(&created).map(Option::unwrap);
    let (answered, seen) = mpsc::channel::<Value>();
    let player = std::thread::spawn({
        let id = id.clone();
        move || {
            // Plays until the server stops answering; sends each game it
            // was answered with.
            for step in 0..100_000usize {
                let Ok(game) = request(port, "GET", &format!("/api/games/{id}"), None, None) else {
                    return;
                };
                let Ok(game) = game.json() else { return };
                if !game["finish"].is_null() {
                    return;
                }
                let result = take_turn(port, &game, [Some(&x), Some(&o)], |_| step);
                match result.map(|answer| (answer.status, answer.json())) {
                    Ok((200, Ok(played))) => {
                        if answered.send(played["game"].clone()).is_err() {
                            return;
                        }
                    }
                    _ => return,
                }
            }
        }
    });
    // Kill once a few moves were answered, while the player goes on.
    let mut last = Value::Null;
    for _ in 0..5 {
        last = seen.recv().expect("the player was answered");
    }
    server.kill();
    player
        .join()
        .expect("the player stops when the server is gone");
    for game in seen.try_iter() {
        last = game;
    }

    let again = Server::start(&dir.db());
    let now = again.game(&id);
    let kept = now["history"].as_array().unwrap();
    let answered = last["history"].as_array().unwrap();
    // Every answered turn is there, in order; at most the turns of the one
    // request cut by the kill come after them.
    assert!(kept.len() >= answered.len());
    assert_eq!(&kept[..answered.len()], answered.as_slice());
}
