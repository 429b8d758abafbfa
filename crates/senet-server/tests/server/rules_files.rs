//! `--rules DIR`: the rulesets of rules files offered beside the built-in
//! ones, played to a verified end, kept across a restart; a bad file or
//! a name taken stops the server at start.

use std::ffi::OsStr;
use std::path::Path;

use serde_json::json;

use crate::harness::{Server, TempDir, act_on, tokens, try_start_with};

/// Copies the repository's `rules/NAME.toml` into `dir`.
fn copy_rules(name: &str, dir: &Path) {
    let from = format!("{}/../../rules/{name}.toml", env!("CARGO_MANIFEST_DIR"));
    std::fs::copy(&from, dir.join(format!("{name}.toml"))).expect("the rules file copies");
}

fn start(db: &Path, rules: &Path) -> Server {
    try_start_with(db, &[OsStr::new("--rules"), rules.as_os_str()])
        .unwrap_or_else(|e| panic!("the server did not start: {e}"))
}

#[test]
fn a_rules_files_ruleset_is_offered_played_recorded_and_kept() {
    let dir = TempDir::new("rules");
    let rules = dir.path.join("rules");
    std::fs::create_dir_all(&rules).unwrap();
    copy_rules("piccione", &rules);
    std::fs::write(rules.join("notes.txt"), "not a rules file").unwrap();
    let server = start(&dir.db(), &rules);

    let names = server.ruleset_names();
    let mut expected: Vec<&str> = senet::AnyRuleset::ALL
        .iter()
        .map(|r| senet::Ruleset::name(r))
        .collect();
    expected.push("piccione");
    assert_eq!(names, expected);

    let created = server.create(json!({"ruleset": "piccione", "opponent": "person"}));
    let id = created["id"].as_str().unwrap().to_owned();
    let tokens = tokens(&created);
    let tokens = [tokens[0].as_deref(), tokens[1].as_deref()];
    let mut last = created["game"].clone();
    for step in 0..40 {
        last = act_on(&server, &last, tokens, step * 3);
    }
    // Killed and started again: the game is still there, the same.
    server.kill();
    let server = start(&dir.db(), &rules);
    assert_eq!(server.game(&id), last);
    let mut step = 40;
    while last["finish"].is_null() {
        assert!(step < 5000, "the game does not end");
        last = act_on(&server, &last, tokens, step * 3);
        step += 1;
    }
    let text = server.get(&format!("/api/games/{id}/record")).body;
    let record: senet::Record = text.parse().expect("the record parses");
    let digest = record.rules_file().expect("the RulesFile tag");
    let piccione = senet_rules_file::read(rules.join("piccione.toml")).expect("the file reads");
    assert_eq!(Some(*digest.as_bytes()), piccione.digest());
    assert!(
        record.verify_with(piccione).expect("it replays").is_valid(),
        "{text}"
    );

    // Its rules are the file's: its title, source and text.
    let text = server.get("/api/rulesets/piccione/rules").json().unwrap();
    assert_eq!(text["title"].as_str(), piccione.title());
    assert_eq!(text["source"].as_str(), piccione.source());
    assert_eq!(text["format"], "toml");
    let file = std::fs::read_to_string(rules.join("piccione.toml")).unwrap();
    assert_eq!(text["text"], file.as_str());

    // A bot plays it too.
    let created = server.create(json!({"ruleset": "piccione", "level": 2}));
    assert_eq!(created["game"]["ruleset"], "piccione");
    server.kill();
}

#[test]
fn a_bad_rules_file_or_a_taken_name_stops_the_server_at_start() {
    let dir = TempDir::new("bad-rules");
    let rules = dir.path.join("rules");
    std::fs::create_dir_all(&rules).unwrap();
    let text = std::fs::read_to_string(format!(
        "{}/../../rules/piccione.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    std::fs::write(
        rules.join("broken.toml"),
        text.replace("pieces = 5", "pieces = 5x"),
    )
    .unwrap();
    let args = [OsStr::new("--rules"), rules.as_os_str()];
    let Err(error) = try_start_with(&dir.db(), &args) else {
        panic!("a bad file must stop the server");
    };
    assert!(error.contains("broken.toml: line 12"), "{error}");

    // A file that reads, but whose games could never end: 30, which
    // pieces reach, has no way on.
    std::fs::write(
        rules.join("broken.toml"),
        text.replace("step = \"1-30\"", "step = \"1-29\""),
    )
    .unwrap();
    let Err(error) = try_start_with(&dir.db(), &args) else {
        panic!("a file whose games cannot end must stop the server");
    };
    assert!(
        error.contains("a piece can reach house 30 but never leave the board"),
        "{error}"
    );
    std::fs::remove_file(rules.join("broken.toml")).unwrap();

    // A FIFO named like a rules file would hold the start for ever if it
    // were opened: it is refused as not a regular file.
    let fifo = rules.join("fifo.toml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|status| status.success()) {
        let Err(error) = try_start_with(&dir.db(), &args) else {
            panic!("a FIFO must stop the server");
        };
        assert!(error.contains("not a regular file"), "{error}");
        std::fs::remove_file(&fifo).unwrap();
    }

    copy_rules("kendall", &rules);
    let Err(error) = try_start_with(&dir.db(), &args) else {
        panic!("a taken name must stop the server");
    };
    assert!(error.contains("named \"kendall\""), "{error}");
}
