//! An SVG histogram of game lengths, written as text (no dependency).

use std::fmt::Write as _;

use senet_bot::study::nth_of_counts;

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 320.0;
const LEFT: f64 = 50.0;
const BOTTOM: f64 = 40.0;
const TOP: f64 = 40.0;
const BINS: u32 = 40;

/// The distribution of game lengths (`games[n]` games were `n` throws
/// long) as bars, up to the 99th percentile.
pub fn lengths(ruleset: &str, games: &[u64]) -> String {
    let total: u64 = games.iter().sum();
    let high = nth_of_counts(games, total * 99 / 100).unwrap_or(1).max(1);
    let width = high.div_ceil(BINS).max(1);
    let mut counts = vec![0u64; BINS as usize + 1];
    for (length, &count) in games.iter().enumerate() {
        let bin = (length / width as usize).min(BINS as usize);
        counts[bin] += count;
    }
    let most = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    let bar = (WIDTH - LEFT - 10.0) / f64::from(BINS + 1);
    let plot = HEIGHT - TOP - BOTTOM;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fbf6ea"/>"##
    );
    let _ = writeln!(
        out,
        r##"<text x="{LEFT}" y="24" font-size="15" fill="#3b2a14">{ruleset}: throws per game, random against random ({total} games)</text>"##
    );
    for (bin, &count) in counts.iter().enumerate() {
        let h = plot * count as f64 / most;
        let _ = writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" fill="#8b3a1a"><title>{}{} throws: {count} games</title></rect>"##,
            LEFT + bin as f64 * bar,
            TOP + plot - h,
            bar - 1.0,
            bin as u32 * width,
            if bin == BINS as usize {
                " and more"
            } else {
                ""
            }
        );
    }
    let axis = TOP + plot;
    let _ = writeln!(
        out,
        r##"<line x1="{LEFT}" y1="{axis}" x2="{}" y2="{axis}" stroke="#3b2a14"/>"##,
        WIDTH - 10.0
    );
    for tick in (0..=BINS).step_by(10) {
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle" fill="#3b2a14">{}</text>"##,
            LEFT + f64::from(tick) * bar,
            axis + 16.0,
            tick * width
        );
    }
    out.push_str("</svg>\n");
    out
}
