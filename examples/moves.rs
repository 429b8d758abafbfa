//! The legal moves of each roll from Kendall's start, in the notation of
//! the rules, with the position after each (`senet moves` does this for
//! any position and roll, and checks a move text).
//! `cargo run --example moves`

use senet::{Position, Roll, Ruleset, rulesets::Kendall};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let start = Position::start(Kendall);
    println!("start: {start}");
    for &(roll, _) in Kendall.dice().weights() {
        let legal = start.moves(roll);
        if legal.is_empty() {
            println!("{}\t{}", start.lost_notation(roll), legal.lose_throw()?);
        }
        for mv in legal.iter() {
            println!("{}\t{}", start.notation(mv), legal.play(mv)?);
        }
    }
    // A move text is read back against the position and the roll.
    let text: senet::MoveText = "2: 10-12".parse()?;
    let two = Roll::new(2).ok_or("no roll 2")?;
    assert_eq!(text.roll(), two);
    println!("\"2: 10-12\" plays {:?}", text.resolve(&start)?);
    Ok(())
}
