//! `senet moves`: the legal moves of one roll, or a move text checked.

use std::io::Write;

use senet::rulesets::CheckedRuleset;
use senet::{MoveText, Position, Roll, Ruleset};

use super::common::{RulesetArgs, number, position};
use crate::fail::{Fail, quote, usage};

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    ruleset: RulesetArgs,
    /// The position string (the ruleset's start when not given)
    #[arg(long, value_name = "POS")]
    position: Option<String>,
    /// The roll, 1 to 6, one the ruleset's throw can make
    #[arg(long, value_name = "N", value_parser = number(1, 6), allow_negative_numbers = true)]
    roll: u64,
    /// Check this move text instead of listing the moves
    #[arg(long, value_name = "TEXT")]
    check: Option<String>,
}

pub fn run(args: Args, out: &mut dyn Write) -> Result<(), Fail> {
    senet::with_rules!(args.ruleset.chosen()?, |r| list(r, &args, out))
}

fn list<R: CheckedRuleset>(ruleset: R, args: &Args, out: &mut dyn Write) -> Result<(), Fail> {
    let position = match &args.position {
        Some(text) => position(ruleset, text)?,
        None => Position::start(ruleset),
    };
    let dice = ruleset.dice();
    let roll = u8::try_from(args.roll)
        .ok()
        .and_then(Roll::new)
        .filter(|&roll| dice.can_roll(roll))
        .ok_or_else(|| {
            usage(format!(
                "--roll {}: the {dice} of {} cannot make it",
                args.roll,
                ruleset.name()
            ))
        })?;
    if let Some(text) = &args.check {
        return check(&position, roll, text, out);
    }
    if position.is_over() {
        crate::fail::note!("the game is over: no moves");
        return Ok(());
    }
    if position.ruleset().banks_throws() && position.is_to_throw() {
        let after = position.bank_throw(roll).map_err(usage)?;
        writeln!(out, "{}	{after}", position.bank_notation(roll))?;
        return Ok(());
    }
    let legal = position.moves(roll);
    if legal.is_empty() {
        let after = legal.lose_throw().map_err(usage)?;
        writeln!(out, "{}\t{after}", position.lost_notation(roll))?;
    }
    for mv in legal.iter() {
        let after = legal.play(mv).map_err(usage)?;
        writeln!(out, "{}\t{after}", position.notation(mv))?;
    }
    Ok(())
}

/// Reads `text` as the move played with `roll` here; refused (exit code
/// 1) with the reason when it is not exactly that.
fn check<R: Ruleset>(
    position: &Position<R>,
    roll: Roll,
    text: &str,
    out: &mut dyn Write,
) -> Result<(), Fail> {
    let refuse = |why: String| Fail::Refused(format!("{}: {why}", quote(text)));
    let parsed: MoveText = text.parse().map_err(|e| refuse(format!("{e}")))?;
    if parsed.roll() != roll {
        return Err(refuse(format!(
            "the text plays a {}, but the roll is {roll}",
            parsed.roll()
        )));
    }
    let played = parsed
        .resolve(position)
        .map_err(|e| refuse(format!("{e}")))?;
    let after = match played {
        Some(mv) => position.play(mv),
        None if parsed.is_banked() => position.bank_throw(roll),
        None => position.lose_throw(roll),
    }
    .map_err(|e| refuse(format!("{e}")))?;
    writeln!(out, "{parsed}\t{after}")?;
    Ok(())
}
