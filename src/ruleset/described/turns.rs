//! The rules of turns a file states, checked: the waits (`[wait]`), the
//! moves that cost a turn (`[lose_turn]`), the roll each side throws
//! to begin (`[begin]`), the rolls that enter a piece from the hand
//! (`[enter]`), and whether every throw is made before moving
//! (`throw_again.before_moving`).

use super::rules::LoseTurn;
use super::schema::{self, File};
use super::values::{Checked, at, house, houses, roll};
use crate::bitboard::Bitboard;
use crate::house::House;
use crate::throw::{Dice, Roll};

/// `[wait]`: per house, the rolls with which its piece may wait.
pub(super) fn waits(file: &File, dice: Dice) -> Checked<[Bitboard; Roll::MAX as usize]> {
    let mut waits = [Bitboard::EMPTY; Roll::MAX as usize];
    for (number, rolls) in &file.wait {
        let key = format!("wait.{number}");
        let from = number
            .parse()
            .map_err(|_| at(&key, format!("`{number}` is not a house number")))
            .and_then(|number| house(number, &key))?;
        if rolls.is_empty() {
            return Err(at(&key, "list the rolls with which the piece may wait"));
        }
        for &value in rolls {
            let roll = roll(value, dice, &key)?;
            waits[usize::from(roll.value() - 1)] |= Bitboard::from_house(from);
        }
    }
    Ok(waits)
}

/// `[lose_turn]`: which moves cost their side the next turn.
pub(super) fn lose_turn(file: &File) -> Checked<Option<LoseTurn>> {
    let Some(lose) = &file.lose_turn else {
        return Ok(None);
    };
    if let schema::LoseTurn {
        after_moving_from: None,
        after_moving_to: None,
    } = lose
    {
        return Err(at(
            "lose_turn",
            "say which moves lose the next turn: after_moving_from, after_moving_to, or both",
        ));
    }
    Ok(Some(LoseTurn {
        from: match &lose.after_moving_from {
            Some(set) => houses(set, "lose_turn.after_moving_from")?,
            None => Bitboard::ALL,
        },
        to: lose
            .after_moving_to
            .as_ref()
            .map(|set| houses(set, "lose_turn.after_moving_to"))
            .transpose()?,
    }))
}

/// `[begin]`: the roll each side throws before it moves, by side index.
pub(super) fn begins(file: &File, dice: Dice) -> Checked<[Option<Roll>; 2]> {
    let side = |value: Option<u8>, key| value.map(|value| roll(value, dice, key)).transpose();
    Ok([
        side(file.begin.x, "begin.x")?,
        side(file.begin.o, "begin.o")?,
    ])
}

/// `throw_again.before_moving`: whether the throws of a turn are banked
/// and played once the throwing is over. The keys that speak of the move
/// after a throw say nothing then, and a side may not need a roll to
/// begin; some roll must end the throwing.
pub(super) fn before_moving(file: &File, dice: Dice) -> Checked<bool> {
    let again = &file.throw_again;
    if !again.before_moving {
        return Ok(false);
    }
    const KEY: &str = "throw_again.before_moving";
    let moves_said = again.after_no_move
        || again.after_entering
        || !again.after_moving_to.0.is_empty()
        || !again.never_after_moving_from.0.is_empty();
    if moves_said {
        return Err(at(
            KEY,
            "with every throw made before moving, no move gives another throw: leave out after_no_move, after_entering, after_moving_to and never_after_moving_from",
        ));
    }
    if file.begin.x.is_some() || file.begin.o.is_some() {
        return Err(at(
            KEY,
            "a side that banks its throws may move from its first turn: leave out [begin]",
        ));
    }
    if dice.rolls().all(|roll| again.rolls.contains(&roll.value())) {
        return Err(at(
            KEY,
            "every roll gives another throw, so the throwing would never end: leave one roll out of throw_again.rolls",
        ));
    }
    Ok(true)
}

/// `[enter]`: per roll, the house a piece from the hand enters on, by
/// roll minus one.
pub(super) fn enters(file: &File, dice: Dice) -> Checked<[Option<House>; Roll::MAX as usize]> {
    let mut enters = [None; Roll::MAX as usize];
    for (value, &number) in &file.enter {
        let key = format!("enter.{value}");
        let value: u8 = value
            .parse()
            .map_err(|_| at(&key, format!("`{value}` is not a roll: rolls are 1 to 6")))?;
        let roll = roll(value, dice, &key)?;
        enters[usize::from(roll.value() - 1)] = Some(house(number, &key)?);
    }
    Ok(enters)
}
