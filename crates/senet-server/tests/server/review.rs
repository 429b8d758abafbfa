//! `GET /api/games/{id}/review`: a finished game's review, made once and
//! answered the same every time; refused for a game in play or unknown.

use serde_json::{Value, json};

use crate::harness::{Server, TempDir, act_on, tokens};
use crate::refusals::refused;

/// The review of game `id`, checked to be a 200 in JSON; with its text.
/// The review of game `id`, asked again while its table is being solved
/// (a 503 answered at once).
fn reviewed(server: &Server, id: &str) -> (String, Value) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let answer = loop {
        let answer = server.get(&format!("/api/games/{id}/review"));
        if answer.status != 503 {
            break answer;
        }
        assert!(answer.body.contains("being solved"), "{}", answer.body);
        assert!(
            std::time::Instant::now() < deadline,
            "the table is never solved"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(
        answer
            .content_type
            .as_deref()
            .unwrap_or("")
            .starts_with("application/json")
    );
    let json = answer.json().expect("JSON");
    (answer.body, json)
}

#[test]
fn a_finished_game_is_reviewed_once_with_a_summary_per_side() {
    let dir = TempDir::new("review");
    let server = Server::start(&dir.db());
    // Two people, both played by the test, to the end.
    let created = server.create(json!({"ruleset": "kendall", "opponent": "person", "name": "Ann"}));
    let id = created["id"].as_str().unwrap().to_owned();
    let tokens = tokens(&created);
    let tokens = [tokens[0].as_deref(), tokens[1].as_deref()];
    let mut game = created["game"].clone();
    let mut step = 0;
    while game["finish"].is_null() {
        assert!(step < 5000, "the game does not end");
        game = act_on(&server, &game, tokens, step * 5);
        step += 1;
    }

    let (text, review) = reviewed(&server, &id);
    assert_eq!(review["ruleset"], "kendall");
    assert_eq!(review["x"], "Ann");
    assert_eq!(review["finish"]["ending"], "borne_off");
    // The server's tables (bound 1 by default) were given to the judge.
    assert_eq!(review["table_bound"], 1);

    // One summary per side, whose throws add up to the side's turns.
    let history = game["history"].as_array().unwrap();
    let judged = review["moves"].as_array().unwrap();
    let sides = review["sides"].as_array().unwrap();
    assert_eq!(sides.len(), 2);
    for (summary, side) in sides.iter().zip(["x", "o"]) {
        assert_eq!(summary["side"], side);
        let count = |key: &str| summary[key].as_u64().unwrap() as usize;
        let turns = history.iter().filter(|turn| turn["side"] == side).count();
        assert_eq!(
            count("decisions") + count("forced") + count("lost_throws"),
            turns,
            "{side}: {summary}"
        );
        let moves = judged.iter().filter(|m| m["side"] == side).count();
        assert_eq!(count("decisions"), moves, "{side}");
        let classes = count("fine") + count("inaccuracies") + count("mistakes") + count("blunders");
        assert_eq!(classes, moves, "{side}");
    }
    assert!(!judged.is_empty());
    // Each judged move is the turn of its number in the game.
    for judged in judged {
        let number = judged["number"].as_u64().unwrap() as usize;
        let turn = &history[number - 1];
        assert_eq!(turn["number"], judged["number"]);
        assert_eq!(turn["side"], judged["side"]);
        assert_eq!(turn["move"], judged["played"], "{judged}");
        assert_eq!(turn["lost"], false);
        assert!(judged["choices"].as_u64().unwrap() >= 2);
        let lost = judged["lost"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&lost), "{judged}");
    }

    // Asked again: the review kept, byte for byte.
    let (again, _) = reviewed(&server, &id);
    assert_eq!(again, text);

    // It is the library's review of the published record.
    let record: senet::Record = server
        .get(&format!("/api/games/{id}/record"))
        .body
        .parse()
        .unwrap();
    let ruleset = senet::AnyRuleset::Kendall;
    let table = senet_odds::Table::solve(ruleset, 1).unwrap();
    let library = senet_bot::review::review(&record, ruleset, Some(&table)).unwrap();
    assert_eq!(serde_json::to_string(&library).unwrap(), text);
}

#[test]
fn a_game_in_play_is_not_reviewed_until_it_ends_and_an_unknown_id_is_not_found() {
    let dir = TempDir::new("review-refused");
    let server = Server::start(&dir.db());
    let created = server.create(json!({"ruleset": "temple", "level": 1}));
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let path = format!("/api/games/{id}/review");

    // Not begun, then in play: 409, the server's error, nothing kept.
    let message = refused(&server.get(&path), 409);
    assert!(message.contains("not over"), "{message}");
    assert_eq!(server.throw(id, token).status, 200);
    let message = refused(&server.get(&path), 409);
    assert!(message.contains("only a finished game"), "{message}");

    // Resigned with x's first move waiting: over, and reviewed; x never
    // moved, so has no decision.
    let answer = server.resign(id, Some(token));
    assert_eq!(answer.status, 200, "{}", answer.body);
    let (_, reviewed) = self::reviewed(&server, id);
    assert_eq!(reviewed["finish"]["ending"], "resignation");
    assert_eq!(reviewed["sides"][0]["decisions"], 0);
    assert_eq!(
        reviewed["sides"][1]["decisions"].as_u64(),
        Some(reviewed["moves"].as_array().unwrap().len() as u64)
    );

    let message = refused(
        &server.get("/api/games/000000000000000000000000/review"),
        404,
    );
    assert!(message.contains("no game has the id"), "{message}");
}
