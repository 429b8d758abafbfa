//! The legal moves of one roll: `moves --ruleset bell --position "POS" --roll 3 [--check "3: 10-13x"]`.
//!
//! Prints one line per legal move, `NOTATION<TAB>POSITION AFTER`, or the
//! single lost-throw line `3: -<TAB>POSITION AFTER` when there is none
//! (nothing when the game is over). With `--check TEXT` it instead reads
//! the move text against the position and roll: when it is legal and
//! written exactly right it prints it the same way and exits 0; otherwise
//! it prints why on stderr and exits 1. Bad arguments (an unknown option,
//! a stray argument, an option given twice or without its value; `--roll`
//! is from 1 to 6, and one the ruleset's throw can make): one line on
//! stderr, exit code 2.

mod common;

use senet::with_ruleset;

use std::process::exit;

use common::{Args, MAX_MESSAGE, fail, one_line, quote};
use senet::rulesets::BuiltIn;
use senet::{AnyRuleset, Dice, MoveText, Position, Roll, Ruleset};

fn main() {
    let args = Args::parse(include_str!("moves.rs"), &[]);
    args.only(&["ruleset", "position", "roll", "check"]);
    args.no_positional();
    let ruleset = args.ruleset_or(AnyRuleset::Kendall);
    with_ruleset!(ruleset, |r| run(r, &args));
}

fn run<R: BuiltIn>(ruleset: R, args: &Args) {
    let position = match args.value("position") {
        Some(text) => Position::parse(ruleset, text)
            .unwrap_or_else(|e| fail(format!("bad position {}: {e}", quote(text)))),
        None => Position::start(ruleset),
    };
    let value = u8::try_from(args.required_in("roll", 1..=6))
        .unwrap_or_else(|_| fail("a roll fits in a byte"));
    let dice: Dice = ruleset.dice();
    let roll = Roll::new(value)
        .filter(|&roll| dice.can_roll(roll))
        .unwrap_or_else(|| {
            fail(format!(
                "--roll {value}: the {dice} of {} cannot make it",
                ruleset.name()
            ))
        });
    if let Some(text) = args.value("check") {
        check(&position, roll, text);
        return;
    }
    if position.is_over() {
        eprintln!("the game is over: no moves");
        return;
    }
    let legal = position.moves(roll);
    if legal.is_empty() {
        let after = legal.lose_throw().unwrap_or_else(|e| fail(e));
        println!("{}\t{after}", position.lost_notation(roll));
    }
    for mv in legal.iter() {
        let after = legal.play(mv).unwrap_or_else(|e| fail(e));
        println!("{}\t{after}", position.notation(mv));
    }
}

/// Reads `text` as the move played with `roll` here; exits 1 with the reason when it is not.
fn check<R: Ruleset>(position: &Position<R>, roll: Roll, text: &str) {
    let refuse = |why: String| -> ! {
        eprintln!(
            "{}",
            one_line(&format!("{}: {why}", quote(text)), MAX_MESSAGE)
        );
        exit(1)
    };
    let parsed: MoveText = text.parse().unwrap_or_else(|e| refuse(format!("{e}")));
    if parsed.roll() != roll {
        refuse(format!(
            "the text plays a {}, but the roll is {roll}",
            parsed.roll()
        ));
    }
    let played = parsed
        .resolve(position)
        .unwrap_or_else(|e| refuse(format!("{e}")));
    let after = match played {
        Some(mv) => position.play(mv),
        None => position.lose_throw(roll),
    }
    .unwrap_or_else(|e| refuse(format!("{e}")));
    println!("{parsed}\t{after}");
}
