//! `senet endgame-error`: a row per agent, the table's own play losing
//! nothing; bad arguments and a missing table refused with exit code 2.

use std::process::Output;

fn senet(args: &[&str]) -> Output {
    super::senet(&super::os(args))
}

#[test]
fn a_row_per_agent_and_the_table_loses_nothing() {
    // Bound 1 solves at once; its games (one piece a side) are all forced
    // moves, so this checks the command's plumbing, not the measure (the
    // library's tests do that with a bound-2 table).
    let output = senet(&[
        "endgame-error",
        "--ruleset",
        "kendall",
        "--bound",
        "1",
        "--games",
        "7",
        "--seed",
        "3",
        "--agents",
        "table,random,level:2",
    ]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with("table: solved in-process at bound 1 ("),
        "{text}"
    );
    assert!(text.contains("7 starts drawn uniformly"), "{text}");
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("| ")).collect();
    assert_eq!(rows.len(), 5, "a header, its rule and three agents: {text}");
    assert!(
        rows[2].starts_with("| table | 7 | 0 | 0.00000 (0.00000..0.00000) |"),
        "{text}"
    );
    assert!(rows[3].starts_with("| random | 7 |"), "{text}");
    assert!(rows[4].starts_with("| level 2 | 7 |"), "{text}");
}

#[test]
fn bad_arguments_and_a_missing_table_exit_2() {
    for args in [
        &["endgame-error", "--games", "5", "--agents", "level:9"][..],
        &["endgame-error", "--games", "5", "--agents", "greedy"],
        &["endgame-error", "--games", "0"],
        &["endgame-error", "--games", "5", "--bound", "4"],
        &[
            "endgame-error",
            "--games",
            "5",
            "--tables",
            "/nonexistent/kendall.3.odds",
        ],
    ] {
        let output = senet(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
}
