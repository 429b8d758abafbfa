//! The study's report: one markdown table per measure.

use std::fmt::Write as _;

use senet_bot::study::{Pairing, Score, Spread, Tally, mean_of_counts};

/// One markdown table per measure: a row per pairing, a column per ruleset.
pub fn tables(columns: &[(&str, Vec<Tally>)]) -> String {
    type Cell = fn(&Tally) -> String;
    let measures: [(&str, Cell); 12] = [
        (
            "First side (x) score: wins plus half the draws, 95% interval",
            |t| rate(t.first_side_score()),
        ),
        ("Draws", |t| {
            format!("{:.2}%", 100.0 * t.draws as f64 / t.games as f64)
        }),
        ("Game length in throws: mean", |t| {
            format!("{:.1}", mean_of_counts(&t.games_by_throws))
        }),
        ("Game length in throws: median (5th-95th percentile)", |t| {
            spread(&t.games_by_throws)
        }),
        ("Game length in turns: mean", |t| {
            format!("{:.1}", mean_of_counts(&t.games_by_turns))
        }),
        ("Game length in turns: median (5th-95th percentile)", |t| {
            spread(&t.games_by_turns)
        }),
        ("Lost throws per game", |t| per_game(t, t.lost)),
        (
            "Landings on a piece per game (swaps, captures, pieces sent back)",
            |t| per_game(t, t.contacts),
        ),
        ("Trips to the water per game", |t| per_game(t, t.water)),
        ("Backward moves per game", |t| per_game(t, t.backward)),
        ("Games not finished within the throw limit", |t| {
            t.unfinished.to_string()
        }),
        (
            "Skill edge: the top level's score against random (wins plus half the draws), 95% interval",
            |t| rate(t.top_score()),
        ),
    ];
    let mut out = String::new();
    for (title, cell) in measures {
        let _ = writeln!(out, "## {title}\n");
        let _ = write!(out, "| pairing (games) |");
        for (ruleset, _) in columns {
            let _ = write!(out, " {ruleset} |");
        }
        let _ = write!(out, "\n|---|");
        for _ in columns {
            let _ = write!(out, "---|");
        }
        out.push('\n');
        for (row, pairing) in Pairing::ALL.iter().enumerate() {
            if title.starts_with("Skill edge") && *pairing != Pairing::TopVsRandom {
                continue;
            }
            let games = columns.first().map_or(0, |(_, t)| t[row].games);
            let _ = write!(out, "| {pairing} ({games}) |");
            for (_, tallies) in columns {
                let _ = write!(out, " {} |", cell(&tallies[row]));
            }
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// A score as a percentage with its 95% interval.
fn rate(score: Score) -> String {
    format!(
        "{:.2}% ± {:.2}",
        100.0 * score.value,
        100.0 * score.half_width
    )
}

/// Median with the 5th and 95th percentiles of the values `counts`
/// counts, `-` for no value.
fn spread(counts: &[u64]) -> String {
    Spread::of_counts(counts).map_or("-".to_owned(), |s| {
        format!("{} ({}-{})", s.median, s.low, s.high)
    })
}

/// A count per game, two decimals.
fn per_game(tally: &Tally, count: u64) -> String {
    format!("{:.2}", tally.per_game(count))
}
