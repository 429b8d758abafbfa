//! Perft of every ruleset's start, depths 1 to 4: how many sequences of
//! throws and moves the rules allow (`senet perft` counts from any
//! position and depth). `cargo run --release --example perft`

use senet::{AnyRuleset, Position, perft, with_ruleset};

fn main() {
    for ruleset in AnyRuleset::ALL {
        let counts: Vec<String> = (1..=4)
            .map(|depth| with_ruleset!(ruleset, |r| perft(&Position::start(r), depth)).to_string())
            .collect();
        println!("{:<12} {}", ruleset.to_string(), counts.join("  "));
    }
}
