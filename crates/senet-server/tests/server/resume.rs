//! Games taken up from their stored record (`Game::resume`) once, not
//! replayed on every request; and the same game after a restart.

use serde_json::{Value, json};

use crate::harness::{Server, TempDir, act};

fn resumes(server: &Server) -> u64 {
    let status: Value = server.get("/api/status").json().unwrap();
    status["resumes"].as_u64().expect("status counts resumes")
}

#[test]
fn a_game_is_resumed_once_not_on_every_request() {
    let dir = TempDir::new("resumed-once");
    let server = Server::start(&dir.db());
    let created = server.create(json!({"ruleset": "kendall", "level": 1}));
    let id = created["id"].as_str().unwrap().to_owned();
    let token = created["token"].as_str().unwrap().to_owned();
    // A made game is kept as made: nothing to take up.
    assert_eq!(resumes(&server), 0);
    let mut game = created["game"].clone();
    for _ in 0..10 {
        if game["finish"].is_null() {
            game = act(&server, &id, [Some(&token), None], 0);
        }
    }
    for _ in 0..40 {
        assert_eq!(server.get(&format!("/api/games/{id}")).status, 200);
    }
    assert_eq!(resumes(&server), 0, "a live game is not taken up again");
    let before = server.game(&id);
    server.kill();
    let server = Server::start(&dir.db());
    for _ in 0..50 {
        assert_eq!(server.game(&id), before);
    }
    assert_eq!(resumes(&server), 1, "taken up once after the restart");
    // It plays on from where it was.
    if before["finish"].is_null() {
        let after = act(&server, &id, [Some(&token), None], 0);
        assert!(
            after["history"].as_array().unwrap().len()
                > before["history"].as_array().unwrap().len()
        );
    }
    assert_eq!(resumes(&server), 1);
}

#[test]
fn a_game_past_the_cache_is_taken_up_again_the_same() {
    let dir = TempDir::new("resumed-cache");
    let server =
        crate::harness::try_start_with(&dir.db(), &["--cache-games".as_ref(), "1".as_ref()])
            .unwrap();
    let made: Vec<Value> = (0..2)
        .map(|_| server.create(json!({"ruleset": "kendall", "level": 1})))
        .collect();
    let views: Vec<Value> = made
        .iter()
        .map(|created| {
            let id = created["id"].as_str().unwrap();
            let token = created["token"].as_str().unwrap();
            act(&server, id, [Some(token), None], 0)
        })
        .collect();
    let before = resumes(&server);
    // One game kept: asking for each in turn takes the other up again.
    for _ in 0..3 {
        for view in &views {
            assert_eq!(&server.game(view["id"].as_str().unwrap()), view);
        }
    }
    assert!(resumes(&server) >= before + 5, "{}", resumes(&server));
}
