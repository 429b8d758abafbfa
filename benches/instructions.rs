//! A fixed amount of work for an instruction counter (valgrind's
//! cachegrind or callgrind), which, unlike a clock, gives the same figure
//! on every run of a noisy machine.
//!
//! `instructions generate RULESET PASSES` lists every roll's moves for
//! every position of the ruleset's bench corpus, `PASSES` times;
//! `instructions playouts RULESET GAMES` plays `GAMES` random games as the
//! `playouts` bench does (`reference` for the hand-written Kendall
//! generator's games; `held:NAME` for a built-in ruleset held in a
//! `senet::Rules`, `any:NAME` for one held in an `AnyRuleset`). Each prints its calls (or throws) and a total
//! that depends on all the work; `senet-downstream`'s bench of the same
//! name compiles this file and does the same work for a rules file
//! (`file:PATH`). The cost of one call is the difference between a run
//! with 2 passes and one with 0, divided by the calls of 2 passes; the
//! cost of a throw is the whole run divided by the throws.
//!
//! ```sh
//! cargo bench --bench instructions --no-run
//! valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes \
//!     target/release/deps/instructions-* generate kendall 2
//! ```

mod support;

use senet::rulesets::CheckedRuleset;
use senet::{AnyRuleset, MoveList, Roll};

fn generate<R: CheckedRuleset>(ruleset: R, passes: usize) {
    let positions = support::corpus(ruleset);
    let rolls: Vec<Roll> = ruleset.dice().rolls().collect();
    let mut list = MoveList::new();
    let mut total = 0;
    for _ in 0..passes {
        total += support::list_all(&positions, &rolls, &mut list);
    }
    println!(
        "calls {} moves {total}",
        passes * positions.len() * rolls.len()
    );
}

fn playouts<R: CheckedRuleset>(ruleset: R, games: u32) {
    let (throws, x_wins) = support::playouts(ruleset, games, support::BATCH_SEED);
    println!("throws {throws} x_wins {x_wins}");
}

/// Does `what` (`generate` or `playouts`) `count` times under `ruleset`.
pub(crate) fn work<R: CheckedRuleset>(what: &str, ruleset: R, count: u32) {
    match what {
        "generate" => generate(ruleset, count as usize),
        "playouts" => playouts(ruleset, count),
        _ => {
            eprintln!("unknown work {what:?}: generate or playouts");
            std::process::exit(2);
        }
    }
}

pub(crate) fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `cargo bench` passes `--bench`; only explicit runs do any work.
    let [what, ruleset, count] = match args.as_slice() {
        [a, b, c] => [a.as_str(), b.as_str(), c.as_str()],
        _ => {
            println!("usage: instructions generate|playouts RULESET COUNT");
            return;
        }
    };
    let Ok(count) = count.parse::<u32>() else {
        eprintln!("COUNT must be a whole number, not {count:?}");
        std::process::exit(2);
    };
    if ruleset == "reference" && what == "playouts" {
        let (throws, x_wins) = support::reference::playouts(count, support::BATCH_SEED);
        println!("throws {throws} x_wins {x_wins}");
        return;
    }
    // `held:NAME`: the built-in ruleset held in a `senet::Rules`, as the
    // server and Python hold it; `any:NAME`: as an `AnyRuleset`.
    let (held, name) = match ruleset.split_once(':') {
        Some((how @ ("held" | "any"), name)) => (Some(how), name),
        _ => (None, ruleset),
    };
    if let Some(how) = held {
        match name.parse::<AnyRuleset>() {
            Ok(any) if how == "any" => work(what, any, count),
            Ok(any) => work(what, senet::Rules::from(any), count),
            Err(unknown) => {
                eprintln!("{unknown}");
                std::process::exit(2);
            }
        }
        return;
    }
    match ruleset.parse::<AnyRuleset>() {
        // The concrete type, for the generator's constant tables.
        Ok(any) => senet::with_ruleset!(any, |r| work(what, r, count)),
        Err(unknown) => {
            eprintln!("{unknown}");
            std::process::exit(2);
        }
    }
}
