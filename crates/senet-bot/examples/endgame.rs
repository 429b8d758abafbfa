//! Exact odds of an endgame: the table of every Kendall position with at
//! most one piece per side on the track, solved, then probed, and its best
//! move for each roll. `senet odds` does this for any ruleset and bound,
//! and writes tables to files.
//! `cargo run --release -p senet-bot --example endgame`

use senet::rulesets::Kendall;
use senet::{Position, Ruleset};
use senet_odds::Table;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let table = Table::solve(Kendall, 1)?;
    let position = Position::parse(Kendall, ".........................x...o x 4 4")?;
    let share = table.probe(&position).ok_or("outside the table")?;
    println!("{} positions solved; {position}", table.len());
    println!("x's share of the game under best play: {share:.9}");
    for &(roll, _) in Kendall.dice().weights() {
        match table.best_move(&position, roll) {
            Some((mv, value)) => println!("  roll {roll}: {} ({value:.6})", position.notation(mv)),
            None => println!("  roll {roll}: {}", position.lost_notation(roll)),
        }
    }
    Ok(())
}
