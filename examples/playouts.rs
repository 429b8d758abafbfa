//! Random games: how long a game of each ruleset lasts and how often the
//! first side wins, from 1,000 seeded playouts each (`senet playouts`
//! plays millions, on threads). `cargo run --release --example playouts`

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use senet::playout::playout;
use senet::{AnyRuleset, Outcome, Position, Side};

fn main() {
    const GAMES: u32 = 1_000;
    for ruleset in AnyRuleset::ALL {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (mut throws, mut x_wins) = (0u64, 0u32);
        for _ in 0..GAMES {
            let game = playout(&Position::start(ruleset), &mut rng, 100_000);
            throws += u64::from(game.throws);
            x_wins += u32::from(game.outcome() == Some(Outcome::Win(Side::X)));
        }
        println!(
            "{:<12} mean throws {:>6.1}   x wins {:.1}%",
            ruleset.to_string(),
            throws as f64 / f64::from(GAMES),
            100.0 * f64::from(x_wins) / f64::from(GAMES)
        );
    }
}
