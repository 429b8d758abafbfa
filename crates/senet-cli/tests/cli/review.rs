//! `senet review` on a record `senet game --record` wrote: the text form
//! (header, one line per decision judged, the summary) agrees with the
//! record and with `--json`; a record that does not verify is refused
//! with exit code 1.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use senet::{Record, Side};
use serde_json::Value;

use super::{os, senet};

fn with_path(args: &[&str], path: &Path) -> Vec<OsString> {
    let mut args = os(args);
    args.push(path.as_os_str().to_owned());
    args
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("senet-cli-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// One line of a judged decision: `  12  x     3: 9-12 ...`.
fn decision_line(line: &str) -> Option<(usize, &str, &str)> {
    let mut words = line.split_whitespace();
    let number = words.next()?.parse().ok()?;
    let side = words.next()?;
    let roll = words.next()?;
    let play = words.next()?;
    let start = line.find(roll)?;
    let played = &line[start..start + roll.len() + 1 + play.len()];
    Some((number, side, played))
}

#[test]
fn review_judges_every_decision_of_a_recorded_game() {
    let path = scratch("game.txt");
    let made = senet(&with_path(
        &["game", "--ruleset", "kendall", "--seed", "1", "--record"],
        &path,
    ));
    assert!(made.status.success());
    let record: Record = std::fs::read_to_string(&path).unwrap().parse().unwrap();

    let output = senet(&with_path(&["review"], &path));
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(output.stderr.is_empty());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "review of a kendall game (revision 1)");
    assert_eq!(lines[1], "x: random");
    assert_eq!(lines[2], "o: random");
    let finish = record.finish().expect("the game ended");
    assert_eq!(lines[3], format!("result: {finish}"));
    // Each decision line names a throw of the record: its number, its
    // side, its move as written, a class, and where the values come from.
    let judged: Vec<(usize, &str, &str, &str)> = lines
        .iter()
        .filter_map(|line| decision_line(line).map(|(n, s, p)| (n, s, p, *line)))
        .collect();
    assert!(judged.len() > 20, "{text}");
    let verdict = record.verify().unwrap();
    for &(number, side, played, line) in &judged {
        let turn = &verdict.history()[number - 1];
        assert_eq!(turn.side().to_string(), side, "{line}");
        assert_eq!(turn.text().to_string(), played, "{line}");
        assert!(line.ends_with("level 5"), "{line}");
        let marked = ["?!", "?", "??"]
            .iter()
            .any(|m| line.contains(&format!(" {m} ")));
        assert_eq!(!line.contains(" fine "), marked, "{line}");
    }
    let row = |label: &str| -> Vec<f64> {
        let line = lines
            .iter()
            .find(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("no {label:?} in {text}"));
        line[label.len()..]
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect()
    };
    let decisions = row("decisions");
    assert_eq!(decisions.iter().sum::<f64>() as usize, judged.len());
    assert!(text.contains("error rate: the mean chance of winning lost per decision, times 1000"));

    // The JSON form: the same decisions, and the summary per side.
    let output = senet(&with_path(&["review", "--json"], &path));
    assert_eq!(output.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&output.stdout).expect("the output is JSON");
    assert_eq!(json["ruleset"], "kendall");
    assert_eq!(json["x"], "random");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), judged.len());
    for (judged, &(number, _, played, _)) in moves.iter().zip(&judged) {
        assert_eq!(judged["number"].as_u64(), Some(number as u64));
        assert_eq!(judged["played"], played);
        let lost = judged["lost"].as_f64().unwrap();
        let chances =
            judged["best_chance"].as_f64().unwrap() - judged["played_chance"].as_f64().unwrap();
        assert!(lost >= 0.0 && (lost - chances).abs() < 1e-12);
        assert_eq!(judged["source"]["level"], 5);
    }
    for side in Side::BOTH {
        let summary = &json["sides"][side.index()];
        assert_eq!(summary["side"], side.to_string());
        assert_eq!(summary["decisions"].as_f64(), Some(decisions[side.index()]));
        let rate = summary["error_rate"].as_f64().unwrap();
        let text_rate = row("error rate")[side.index()];
        assert!(
            (rate - text_rate).abs() <= 0.05 + 1e-9,
            "{rate} {text_rate}"
        );
    }

    // With a table, the header says so.
    let table = scratch("kendall.1.odds");
    let built = senet(&with_path(&["odds", "--build", "1", "--out"], &table));
    assert!(built.status.success());
    let mut args = with_path(&["review", "--tables"], &table);
    args.push(path.clone().into_os_string());
    let output = senet(&args);
    assert_eq!(output.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&output.stdout).contains("exact where the endgame table"));

    // A table of another ruleset, or no such file: bad arguments, exit code 2.
    let temple = scratch("temple.1.odds");
    let built = senet(&with_path(
        &["odds", "--ruleset", "temple", "--build", "1", "--out"],
        &temple,
    ));
    assert!(built.status.success());
    let mut args = with_path(&["review", "--tables"], &temple);
    args.push(path.clone().into_os_string());
    let output = senet(&args);
    assert_eq!(output.status.code(), Some(2));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("the table is for the ruleset \"temple\", not \"kendall\""),
        "{said}"
    );
    assert!(output.stdout.is_empty());
    let output = senet(&os(&["review", "/nonexistent/game.txt"]));
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: cannot open "));

    // Another seed: the rolls are not its rolls; refused with exit code 1.
    let tampered = std::fs::read_to_string(&path)
        .unwrap()
        .replace("[Seed \"0100000000000000\"]", "[Seed \"0200000000000000\"]");
    std::fs::write(&path, tampered).unwrap();
    let output = senet(&with_path(&["review"], &path));
    assert_eq!(output.status.code(), Some(1));
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.starts_with("invalid: throw "), "{said}");
    assert_eq!(said.lines().count(), 1);
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}
