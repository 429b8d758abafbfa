//! The `senet` package's `instructions` bench (`benches/instructions.rs`
//! of the repository), which this one is, with rules files:
//! `instructions generate file:PATH PASSES` and `instructions playouts
//! file:PATH GAMES` do its work under the ruleset of the rules file at
//! `PATH`, and every other ruleset is its. One binary measures both, so
//! that a rules file and the built-in it states meet the same code.
//!
//! ```sh
//! cargo bench -p senet-downstream --bench instructions --no-run
//! valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes \
//!     target/release/deps/instructions-* playouts file:rules/kendall.toml 2
//! ```

#[path = "../../../benches/instructions.rs"]
mod instructions;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [what, ruleset, count] = args.as_slice() else {
        return instructions::main();
    };
    let Some(path) = ruleset.strip_prefix("file:") else {
        return instructions::main();
    };
    let Ok(count) = count.parse::<u32>() else {
        eprintln!("COUNT must be a whole number, not {count:?}");
        std::process::exit(2);
    };
    match senet_rules_file::read(path) {
        Ok(described) => instructions::work(what, described, count),
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(2);
        }
    }
}
