//! Every route over a real server, and whole games whose records verify.

use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::harness::{Server, TempDir, act_on, tokens};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn seed_bytes(seed: &str) -> Vec<u8> {
    (0..seed.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&seed[i..i + 2], 16).expect("hex"))
        .collect()
}

#[test]
fn a_game_against_a_bot_is_made_thrown_and_moved_and_the_bot_answers() {
    let dir = TempDir::new("bot");
    let server = Server::start(&dir.db());
    let created = server.create(json!({"ruleset": "kendall", "level": 1, "name": "Ann"}));
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    assert_eq!(created["seat"], "x");
    assert_eq!(token.len(), 64);
    assert_eq!(created["opponent_token"], Value::Null);
    let commitment = created["commitment"].as_str().unwrap();
    assert_eq!(commitment.len(), 64);
    let game = &created["game"];
    assert_eq!(game["commitment"], commitment);
    assert_eq!(game["seed"], Value::Null);
    assert_eq!(game["position"], "oxoxoxoxox.................... x 0 0");
    assert_eq!(game["seats"][0]["name"], "Ann");
    assert_eq!(game["seats"][1]["agent"], "senet-bot level 1");
    assert_eq!(game["to_play"], "x");
    assert_eq!(game["throw"], Value::Null);

    // The first throw: the server throws until x has a throw with moves.
    let thrown = server.throw(id, token);
    assert_eq!(thrown.status, 200, "{}", thrown.body);
    let thrown = thrown.json().unwrap();
    let game = &thrown["game"];
    assert_eq!(game["to_play"], "x");
    let roll = game["throw"]["roll"].as_u64().unwrap();
    let moves = game["legal_moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for mv in moves {
        assert!(
            mv["text"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{roll}: ")),
            "{mv}"
        );
    }
    assert_eq!(game["commitment"], commitment);

    // x plays: the answer lists x's move first, then whatever o's bot did.
    let text = moves[0]["text"].as_str().unwrap().to_owned();
    let played = server.play(id, token, &text);
    assert_eq!(played.status, 200, "{}", played.body);
    let played = played.json().unwrap();
    let turns = played["turns"].as_array().unwrap();
    assert_eq!(turns[0]["move"], text.as_str());
    assert_eq!(turns[0]["by"], "person");
    assert_eq!(turns[0]["side"], "x");
    let history = played["game"]["history"].as_array().unwrap();
    assert_eq!(
        history.last(),
        turns.last(),
        "the answer's turns end the history"
    );
    for turn in &turns[1..] {
        let by = if turn["side"] == "o" {
            "senet-bot level 1"
        } else {
            "person"
        };
        assert_eq!(turn["by"], by, "{turn}");
    }
    // Whatever the bot did, x decides next (or the game is over).
    assert!(played["game"]["to_play"] == "x" || !played["game"]["finish"].is_null());

    // A reader sees the same game.
    assert_eq!(server.game(id), played["game"]);
}

#[test]
fn a_rulesets_rules_are_its_section_of_the_rules_and_an_unknown_one_is_a_404() {
    let dir = TempDir::new("rules-text");
    let server = Server::start(&dir.db());
    let answer = server.get("/api/rulesets/kendall/rules");
    assert_eq!(answer.status, 200, "{}", answer.body);
    let rules = answer.json().expect("JSON");
    assert_eq!(rules["name"], "kendall");
    assert_eq!(rules["title"], "Kendall");
    assert_eq!(rules["format"], "markdown");
    let text = rules["text"].as_str().expect("the text");
    assert!(
        text.contains("Three or more pieces of one side on consecutive houses form\na blockade."),
        "{text}"
    );
    assert!(!text.contains("## Temple"), "{text}");
    let rules = server.get("/api/rulesets/jequier/rules").json().unwrap();
    assert_eq!(rules["title"], "Jéquier");
    let rules = server
        .get("/api/rulesets/kendall1979/rules")
        .json()
        .unwrap();
    assert_eq!(rules["title"], "Kendall 1979");

    let answer = server.get("/api/rulesets/nonesuch/rules");
    assert_eq!(answer.status, 404, "{}", answer.body);
    let error = answer.json().expect("a JSON error");
    let message = error["error"].as_str().expect("an error message");
    assert!(message.contains("nonesuch"), "{message}");
}

#[test]
fn rulesets_are_listed_from_the_library_and_every_one_plays_to_a_verified_end() {
    let dir = TempDir::new("all");
    let server = Server::start(&dir.db());
    let names = server.ruleset_names();
    let library: Vec<&str> = senet::AnyRuleset::ALL
        .iter()
        .map(|r| senet::Ruleset::name(r))
        .collect();
    assert_eq!(names, library);
    for (n, name) in names.iter().enumerate() {
        // Two people, both played by the test, each picking moves by turns.
        let created = server.create(json!({"ruleset": name, "opponent": "person", "seat": "o"}));
        let id = created["id"].as_str().unwrap().to_owned();
        let tokens = tokens(&created);
        let tokens = [tokens[0].as_deref(), tokens[1].as_deref()];
        let mut last = created["game"].clone();
        let mut step = 0;
        while last["finish"].is_null() {
            assert!(step < 5000, "{name}: the game does not end");
            assert_eq!(
                last["seed"],
                Value::Null,
                "{name}: the seed shows before the end"
            );
            if step % 25 == 0 {
                assert_eq!(server.game(&id), last, "{name}: a reader sees another game");
            }
            last = act_on(&server, &last, tokens, step * 7 + n);
            step += 1;
        }
        // Over: the seed is out, and its SHA-256 is the commitment shown at the start.
        let seed = last["seed"].as_str().expect("the seed once over");
        assert_eq!(
            hex(&Sha256::digest(seed_bytes(seed))),
            created["commitment"],
            "{name}"
        );
        // The record is the library's text format and verifies.
        let answer = server.get(&format!("/api/games/{id}/record"));
        assert_eq!(answer.status, 200);
        assert!(
            answer
                .content_type
                .as_deref()
                .unwrap_or("")
                .starts_with("text/plain")
        );
        let record: senet::Record = answer.body.parse().expect("the record parses");
        assert_eq!(record.seed().map(|s| s.to_string()).as_deref(), Some(seed));
        let verdict = record.verify().expect("the record verifies");
        assert!(verdict.is_valid(), "{name}: {}", answer.body);
        assert_eq!(
            record.throws().len(),
            last["history"].as_array().unwrap().len()
        );
    }
}

#[test]
fn the_record_of_a_game_in_play_hides_the_seed() {
    let dir = TempDir::new("record");
    let server = Server::start(&dir.db());
    let created = server.create(json!({"ruleset": "bell", "level": 2}));
    let id = created["id"].as_str().unwrap();
    assert_eq!(
        server.throw(id, created["token"].as_str().unwrap()).status,
        200
    );
    let text = server.get(&format!("/api/games/{id}/record")).body;
    assert!(text.starts_with("[Ruleset \"bell\"]"), "{text}");
    assert!(!text.contains("[Seed"), "{text}");
    assert!(text.contains("[OAgent \"senet-bot level 2\"]"), "{text}");
    let commitment = created["commitment"].as_str().unwrap();
    assert!(
        text.contains(&format!("[Commitment \"{commitment}\"]")),
        "{text}"
    );
}

#[test]
fn a_hint_ranks_every_legal_move_with_its_chance() {
    let dir = TempDir::new("hint");
    let server = Server::start(&dir.db());
    let created = server.create(json!({"ruleset": "kendall"}));
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let game = server.throw(id, token).json().unwrap()["game"].clone();
    let answer = server.send("GET", &format!("/api/games/{id}/hint"), Some(token), None);
    assert_eq!(answer.status, 200, "{}", answer.body);
    let hint = answer.json().unwrap();
    assert_eq!(hint["exact"], false);
    assert_eq!(hint["source"], "senet-bot level 3");
    // The first hint of a ruleset starts its table's solve, and waits not.
    assert!(
        hint["table"] == "solving" || hint["table"] == "ready",
        "{hint}"
    );
    assert_eq!(hint["commitment"], created["commitment"]);
    let ranked = hint["moves"].as_array().unwrap();
    let chances: Vec<f64> = ranked
        .iter()
        .map(|m| m["chance"].as_f64().unwrap())
        .collect();
    assert!(chances.windows(2).all(|w| w[0] >= w[1]), "{chances:?}");
    assert!(chances.iter().all(|c| (0.0..=1.0).contains(c)));
    let mut hinted: Vec<&str> = ranked.iter().map(|m| m["move"].as_str().unwrap()).collect();
    let mut legal: Vec<&str> = game["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    hinted.sort_unstable();
    legal.sort_unstable();
    assert_eq!(hinted, legal);
    // The best move is playable as it is written.
    let best = ranked[0]["move"].as_str().unwrap();
    assert_eq!(server.play(id, token, best).status, 200);
}

#[test]
fn a_resignation_ends_the_game_and_publishes_the_seed() {
    let dir = TempDir::new("resign");
    let server = Server::start(&dir.db());
    let created = server.create(
        json!({"ruleset": "temple", "opponent": "person", "name": "Ann", "opponent_name": "Bob"}),
    );
    let id = created["id"].as_str().unwrap();
    let o_token = created["opponent_token"].as_str().unwrap();
    // o resigns although x is to play: a seat may resign at any time.
    let answer = server.resign(id, Some(o_token));
    assert_eq!(answer.status, 200, "{}", answer.body);
    let game = answer.json().unwrap()["game"].clone();
    assert_eq!(game["finish"]["winner"], "x");
    assert_eq!(game["finish"]["ending"], "resignation");
    assert_eq!(game["to_play"], Value::Null);
    let seed = game["seed"].as_str().unwrap();
    assert_eq!(
        hex(&Sha256::digest(seed_bytes(seed))),
        created["commitment"]
    );
    let record: senet::Record = server
        .get(&format!("/api/games/{id}/record"))
        .body
        .parse()
        .unwrap();
    assert_eq!(record.name(senet::Side::X), Some("Ann"));
    assert_eq!(record.name(senet::Side::O), Some("Bob"));
    assert_eq!(record.agent(senet::Side::X), Some("person"));
    assert_eq!(record.site(), Some("senet-server"));
    let created_day = &game["created"].as_str().unwrap()[..10];
    assert_eq!(record.date(), Some(created_day));
    // The record carries the commitment, and its verification checks it.
    let commitment = record.commitment().map(|c| c.to_string());
    assert_eq!(commitment.as_deref(), created["commitment"].as_str());
    assert!(record.verify().unwrap().is_valid());
}

#[test]
fn the_positions_of_a_game_replay_its_history_turn_by_turn() {
    use senet::rulesets::Kendall;
    use senet::{MoveText, Position};

    let dir = TempDir::new("positions");
    let server = Server::start(&dir.db());
    let created = server.create(json!({"ruleset": "kendall", "level": 1}));
    let id = created["id"].as_str().unwrap();
    let tokens = tokens(&created);
    let tokens = [tokens[0].as_deref(), tokens[1].as_deref()];
    let mut game = server.game(id);
    for pick in 0..30 {
        if game["to_play"].is_null() {
            break;
        }
        game = act_on(&server, &game, tokens, pick);
    }
    let answer = server.get(&format!("/api/games/{id}/positions"));
    assert_eq!(answer.status, 200, "{}", answer.body);
    let positions: Vec<String> = answer.json().unwrap()["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_owned())
        .collect();
    let history = game["history"].as_array().unwrap();
    assert!(history.len() > 10, "{} turns", history.len());
    assert_eq!(positions.len(), history.len() + 1);
    assert_eq!(positions[0], Position::start(Kendall).to_string());
    assert_eq!(
        positions.last(),
        game["position"].as_str().map(str::to_owned).as_ref()
    );
    // Each turn, as the history writes it, leads from its position to the next.
    for (k, turn) in history.iter().enumerate() {
        let before: Position<Kendall> = positions[k].parse().unwrap();
        let text: MoveText = turn["move"].as_str().unwrap().parse().unwrap();
        let after = match text.resolve(&before).unwrap() {
            Some(mv) => before.play(mv).unwrap(),
            None => before.lose_throw(text.roll()).unwrap(),
        };
        assert_eq!(after.to_string(), positions[k + 1], "turn {}", k + 1);
    }
    let unknown = server.get("/api/games/000000000000000000000000/positions");
    assert_eq!(unknown.status, 404, "{}", unknown.body);
}

#[test]
fn the_page_and_its_files_are_served() {
    let dir = TempDir::new("page");
    let server = Server::start(&dir.db());
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(page.content_type.unwrap().starts_with("text/html"));
    assert!(page.body.contains("/static/app.js"));
    // The page runs only the server's own script: no inline code anywhere.
    assert!(!page.body.contains("<script>") && !page.body.contains("onclick="));
    for (file, kind) in [("app.js", "text/javascript"), ("style.css", "text/css")] {
        let answer = server.get(&format!("/static/{file}"));
        assert_eq!(answer.status, 200, "{file}");
        assert!(answer.content_type.unwrap().starts_with(kind));
        assert!(!answer.body.is_empty());
    }
    assert_eq!(server.get("/static/../Cargo.toml").status, 404);
}

/// The files a script of the page imports: `from "./NAME"` (a module
/// beside it, under `/static/`) and `import("/static/NAME")`.
fn imports_of(script: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (opening, folder) in [("from \"./", "/static/"), ("import(\"/static/", "/static/")] {
        for (at, _) in script.match_indices(opening) {
            let rest = &script[at + opening.len()..];
            let name = &rest[..rest.find('"').expect("a closing quote")];
            found.push(format!("{folder}{name}"));
        }
    }
    found
}

#[test]
fn every_file_the_page_imports_is_served_as_javascript() {
    let dir = TempDir::new("page-imports");
    let server = Server::start(&dir.db());
    let mut seen = vec!["/static/app.js".to_string()];
    let mut next = 0;
    while next < seen.len() {
        let path = seen[next].clone();
        next += 1;
        let answer = server.get(&path);
        assert_eq!(answer.status, 200, "{path}");
        let kind = answer.content_type.unwrap_or_default();
        assert!(kind.starts_with("text/javascript"), "{path}: {kind}");
        for file in imports_of(&answer.body) {
            if !seen.contains(&file) {
                seen.push(file);
            }
        }
    }
    // app.js and its modules, and the rules in WebAssembly's loader.
    assert!(seen.len() > 10, "{seen:?}");
    assert!(
        seen.contains(&"/static/senet_wasm.js".to_string()),
        "{seen:?}"
    );
}
