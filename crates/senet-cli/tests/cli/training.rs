//! `senet train`: the same network twice from the same seed, a large
//! one, and its bad arguments refused.

use super::*;

fn train_tool(args: &[&str]) -> Output {
    let mut all = vec!["train"];
    all.extend(args);
    senet(&os(&all))
}

#[test]
fn train_writes_the_same_network_twice() {
    let dir = std::env::temp_dir().join(format!("senet-cli-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("a.net"), dir.join("b.net"));
    for out in [&a, &b] {
        let output = train_tool(&[
            "--ruleset",
            "skyruk",
            "--games",
            "50",
            "--seed",
            "3",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(output.status.success(), "{output:?}");
        let said = stdout(&output);
        assert!(said.starts_with("skyruk: "), "{said}");
    }
    let bytes = std::fs::read(&a).unwrap();
    assert_eq!(bytes, std::fs::read(&b).unwrap());
    let (network, name) = Network::from_bytes(&bytes).unwrap();
    assert_eq!(name, "skyruk");
    let plan = Plan {
        games: 50,
        seed: 3,
        ..Plan::default()
    };
    assert_eq!(
        network,
        train(senet::rulesets::Skyruk, &plan, |_| {}).unwrap().0
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_makes_a_large_network_with_hidden_128() {
    let dir = std::env::temp_dir().join(format!("senet-cli-train-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("large.net");
    let output = train_tool(&[
        "--ruleset",
        "kendall",
        "--hidden",
        "128",
        "--games",
        "5",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{output:?}");
    let (network, name) = Network::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!((network.hidden_units(), name.as_str()), (128, "kendall"));
    let plan = Plan {
        games: 5,
        hidden: 128,
        ..Plan::default()
    };
    assert_eq!(
        network,
        train(senet::rulesets::Kendall, &plan, |_| {}).unwrap().0
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn train_refuses_bad_arguments() {
    for args in [
        &[][..],
        &["--ruleset", "kendall"],
        &["--out", "x"],
        &["--ruleset", "nope", "--out", "x"],
        &["--ruleset", "kendall", "--out", "x", "--games", "0"],
        &["--ruleset", "kendall", "--out", "x", "--lambda", "2"],
        &["--ruleset", "kendall", "--out", "x", "--rate", "NaN"],
        &["--ruleset", "kendall", "--out", "x", "--hidden", "64"],
        &["--ruleset", "kendall", "--out", "x", "--hidden", "256"],
        &["--ruleset", "kendall", "--ruleset", "bell", "--out", "x"],
        &["--ruleset", "kendall", "--out", "x", "stray"],
        &[
            "--ruleset",
            "kendall",
            "--out",
            "/nonexistent/dir/x.net",
            "--games",
            "1",
        ],
    ] {
        let output = train_tool(args);
        let mut all = os(&["train"]);
        all.extend(os(args));
        assert_refusal(&all, 2, &output);
        assert!(
            stderr(&output).starts_with("error: "),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    let help = train_tool(&["--help"]);
    assert!(help.status.success());
    // A ruleset is required, by name or from a rules file.
    assert!(stdout(&help).contains("Usage: senet train [OPTIONS] --out <FILE>"));
    assert!(stdout(&help).contains("--rules <FILE>"));
}
