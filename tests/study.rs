//! The `study` example's measurements: deterministic, and complete.
//!
//! The example's measuring and reporting modules are included here as they
//! are, so the test checks the code the example runs.

#[path = "../examples/common/mod.rs"]
mod common;
#[allow(dead_code)]
#[path = "../examples/study/measure.rs"]
mod measure;
#[allow(dead_code)]
#[path = "../examples/study/report.rs"]
mod report;

use measure::{Pairing, Tally, play_games};
use senet::AnyRuleset;
use senet::rulesets::{Bell, Kendall};

fn summary(t: &Tally) -> (u64, u64, u64, u64, u64, u64, Vec<u32>, Vec<u32>) {
    (
        t.games,
        t.x_wins,
        t.draws,
        t.lost,
        t.contacts,
        t.water,
        t.lengths.clone(),
        t.turns.clone(),
    )
}

#[test]
fn the_same_seed_gives_the_same_numbers_whatever_the_threads() {
    let one = play_games(Kendall, Pairing::RandomVsRandom, 300, 9, 1);
    let again = play_games(Kendall, Pairing::RandomVsRandom, 300, 9, 1);
    let two = play_games(Kendall, Pairing::RandomVsRandom, 300, 9, 2);
    assert_eq!(summary(&one), summary(&again));
    assert_eq!(summary(&one), summary(&two));
    let other = play_games(Kendall, Pairing::RandomVsRandom, 300, 10, 1);
    assert_ne!(
        summary(&one),
        summary(&other),
        "another seed plays other games"
    );
}

#[test]
fn bot_pairings_are_deterministic_too() {
    let one = play_games(Bell, Pairing::TopVsRandom, 6, 3, 1);
    let two = play_games(Bell, Pairing::TopVsRandom, 6, 3, 2);
    assert_eq!(summary(&one), summary(&two));
    assert_eq!(one.games, 6);
}

#[test]
fn the_tables_hold_every_ruleset_and_every_pairing() {
    let columns: Vec<(AnyRuleset, Vec<Tally>)> = AnyRuleset::ALL
        .into_iter()
        .map(|r| {
            let tallies = Pairing::ALL
                .iter()
                .map(|&p| {
                    play_games(
                        r,
                        p,
                        if p == Pairing::RandomVsRandom { 40 } else { 2 },
                        1,
                        1,
                    )
                })
                .collect();
            (r, tallies)
        })
        .collect();
    let text = report::tables(&columns);
    for ruleset in AnyRuleset::ALL {
        assert_eq!(
            text.lines()
                .filter(|l| l.starts_with("| pairing"))
                .filter(|l| l.contains(&format!(" {ruleset} |")))
                .count(),
            12,
            "{ruleset} is a column of every table"
        );
    }
    for pairing in Pairing::ALL {
        assert!(text.contains(&pairing.label()), "{}", pairing.label());
    }
    assert!(text.contains("## Skill edge"));
    assert!(!text.contains("NaN"));
}
