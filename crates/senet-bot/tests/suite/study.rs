//! The study's measurements (`senet_bot::study`): deterministic whatever the
//! threads, complete for every ruleset and pairing, and consistent with
//! the games they count.

use senet::rulesets::{Bell, CheckedRuleset, Kendall};
use senet::{AnyRuleset, with_ruleset};
use senet_bot::study::{
    MAX_THREADS, Pairing, Spread, StudyError, Tally, mean, mean_of_counts, nth_of_counts,
    play_games,
};

#[test]
fn the_same_seed_gives_the_same_numbers_whatever_the_threads() {
    let one = play_games(Kendall, Pairing::RandomVsRandom, 300, 9, 1).unwrap();
    let again = play_games(Kendall, Pairing::RandomVsRandom, 300, 9, 1).unwrap();
    let two = play_games(Kendall, Pairing::RandomVsRandom, 300, 9, 2).unwrap();
    let many = play_games(Kendall, Pairing::RandomVsRandom, 300, 9, 7).unwrap();
    assert_eq!(one, again);
    assert_eq!(one, two);
    assert_eq!(one, many);
    let other = play_games(Kendall, Pairing::RandomVsRandom, 300, 10, 1).unwrap();
    assert_ne!(one, other, "another seed plays other games");
}

#[test]
fn bot_pairings_are_deterministic_too() {
    let one = play_games(Bell, Pairing::TopVsRandom, 6, 3, 1).unwrap();
    let two = play_games(Bell, Pairing::TopVsRandom, 6, 3, 2).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.games, 6);
}

/// The numbers the study has published for these seeds: a change in the
/// games (the seeds, the movers, the loop) shows here.
#[test]
fn the_games_are_the_published_ones() {
    let tally = play_games(Kendall, Pairing::RandomVsRandom, 200, 1, 3).unwrap();
    assert_eq!(
        (tally.x_wins, tally.draws, tally.unfinished),
        (89, 0, 0),
        "first-side wins of 200 games, seed 1"
    );
    assert_eq!(
        format!("{:.1}", mean_of_counts(&tally.games_by_throws)),
        "176.5"
    );
}

#[test]
fn every_ruleset_and_pairing_is_measured() {
    for ruleset in AnyRuleset::ALL {
        for pairing in Pairing::ALL {
            let games = if pairing == Pairing::RandomVsRandom {
                40
            } else {
                2
            };
            let tally = with_ruleset!(ruleset, |r| play_games(r, pairing, games, 1, 2)).unwrap();
            check(&tally, games, &format!("{ruleset}, {pairing}"));
        }
    }
}

/// What any tally of `games` games must satisfy.
fn check(tally: &Tally, games: u64, what: &str) {
    assert_eq!(tally.games, games, "{what}");
    let sum = |counts: &[u64]| counts.iter().sum::<u64>();
    assert_eq!(sum(&tally.games_by_throws), games, "{what}");
    assert_eq!(sum(&tally.games_by_turns), games, "{what}");
    for counts in [&tally.games_by_throws, &tally.games_by_turns] {
        assert_ne!(counts.last(), Some(&0), "{what}: no trailing zero");
    }
    assert!(
        tally.x_wins + tally.draws + tally.unfinished <= games,
        "{what}"
    );
    assert!(tally.top_wins <= games, "{what}");
    let throws: u64 = (tally.games_by_throws.iter().enumerate())
        .map(|(length, &count)| length as u64 * count)
        .sum();
    assert!(tally.lost < throws, "{what}: lost throws are throws");
    // A turn is one throw or more: the shortest game in turns is no
    // longer than the shortest in throws, and so is the longest.
    for index in [0, games - 1] {
        assert!(
            nth_of_counts(&tally.games_by_turns, index)
                <= nth_of_counts(&tally.games_by_throws, index),
            "{what}: a turn is one throw or more"
        );
    }
    for score in [tally.first_side_score(), tally.top_score()] {
        assert!((0.0..=1.0).contains(&score.value), "{what}");
        assert!(score.half_width.is_finite(), "{what}");
    }
    let spread = Spread::of_counts(&tally.games_by_throws).expect("games were played");
    assert!(spread.low <= spread.median && spread.median <= spread.high);
}

#[test]
fn the_top_level_beats_random() {
    fn edge<R: CheckedRuleset>(ruleset: R) -> f64 {
        play_games(ruleset, Pairing::TopVsRandom, 8, 5, 2)
            .unwrap()
            .top_score()
            .value
    }
    assert!(edge(Kendall) > 0.5, "the top level wins most games");
}

#[test]
fn a_bad_thread_count_is_refused() {
    for threads in [0, MAX_THREADS + 1, u64::MAX] {
        let refused = play_games(Kendall, Pairing::RandomVsRandom, 4, 1, threads);
        assert_eq!(refused, Err(StudyError::Threads { asked: threads }));
        assert!(refused.unwrap_err().to_string().contains("thread count"));
    }
    // More threads than games is fine: some have nothing to do.
    let tally = play_games(Kendall, Pairing::RandomVsRandom, 2, 1, 5).unwrap();
    assert_eq!(tally.games, 2);
    let none = play_games(Kendall, Pairing::RandomVsRandom, 0, 1, 3).unwrap();
    assert_eq!(none, Tally::default());
}

/// The statistics from counts per length are those of the values
/// themselves, on values with ties, gaps and every rank rounding.
#[test]
fn counts_per_length_give_the_values_own_statistics() {
    let mut state = 7u64;
    for n in 1..=200u64 {
        let values: Vec<u32> = (0..n)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                ((state >> 33) % 50) as u32
            })
            .collect();
        let mut counts = vec![0u64; 50];
        for &v in &values {
            counts[v as usize] += 1;
        }
        assert_eq!(
            Spread::of_counts(&counts),
            Spread::of(&values),
            "{n} values"
        );
        assert_eq!(mean_of_counts(&counts), mean(&values), "{n} values");
        let mut sorted = values.clone();
        sorted.sort_unstable();
        for (index, &value) in sorted.iter().enumerate() {
            assert_eq!(nth_of_counts(&counts, index as u64), Some(value));
        }
        assert_eq!(nth_of_counts(&counts, n), None);
    }
    assert_eq!(Spread::of_counts(&[]), None);
    assert_eq!(mean_of_counts(&[0, 0]), 0.0);
}

/// Merging adds counts length by length, whichever tally is longer.
#[test]
fn merged_tallies_count_every_game() {
    let a = play_games(Kendall, Pairing::RandomVsRandom, 30, 4, 1).unwrap();
    let b = play_games(Bell, Pairing::RandomVsRandom, 30, 4, 1).unwrap();
    for (first, second) in [(&a, &b), (&b, &a)] {
        let mut merged = first.clone();
        merged.merge(second.clone());
        check(&merged, 60, "merged");
        let longest = first
            .games_by_throws
            .len()
            .max(second.games_by_throws.len());
        assert_eq!(merged.games_by_throws.len(), longest);
    }
}
