//! One game between two bot levels, its record printed: level 2 (x)
//! against level 4 (o) in Kendall, throws from seed 1. `senet review`
//! then judges every move of it:
//! `cargo run --release -p senet-bot --example bot_game > game.txt && senet review game.txt`

use senet::rulesets::Kendall;
use senet::source::SeededThrows;
use senet::{Seed, Side};
use senet_bot::{Bot, Duel, Level};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut x = Bot::new(Kendall, Level::new(2)?);
    let mut o = Bot::new(Kendall, Level::new(4)?);
    let source = SeededThrows::new(Seed::from_u64(1));
    let game = Duel::new(Kendall).play(&mut x, &mut o, source)?;
    let record = game
        .record()
        .with_name(Side::X, &x.name())?
        .with_name(Side::O, &o.name())?;
    print!("{record}");
    Ok(())
}
