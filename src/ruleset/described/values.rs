//! One value of a rules file checked, and the refusal at its key: a
//! house, a set of houses, a roll. What every reader of keys shares.

use super::schema::Houses;
use crate::bitboard::Bitboard;
use crate::house::House;
use crate::throw::{Dice, Roll};

/// A refusal at a key, before its line is found.
pub(super) struct AtKey {
    pub(super) key: String,
    pub(super) message: String,
}

pub(super) fn at(key: impl Into<String>, message: impl Into<String>) -> AtKey {
    AtKey {
        key: key.into(),
        message: message.into(),
    }
}

pub(super) type Checked<T> = Result<T, AtKey>;

/// A house of the track, 1 to 30.
pub(super) fn house(number: i64, key: &str) -> Checked<House> {
    u8::try_from(number)
        .ok()
        .and_then(House::new)
        .ok_or_else(|| at(key, format!("{number} is not a house: houses are 1 to 30")))
}

/// The house a move reaches, where the key also takes `"off"`: 31 is
/// then the likely slip, and the refusal says what to write instead.
pub(super) fn target(number: i64, key: &str) -> Checked<House> {
    house(number, key).map_err(|mut refused| {
        if number == 31 {
            refused
                .message
                .push_str("; to bear a piece off, write \"off\"");
        }
        refused
    })
}

pub(super) fn houses(set: &Houses, key: &str) -> Checked<Bitboard> {
    let mut all = Bitboard::EMPTY;
    for &(low, high) in &set.0 {
        let (low, high) = (house(low, key)?, house(high, key)?);
        if low > high {
            return Err(at(key, format!("the range {low}-{high} runs backward")));
        }
        all |= Bitboard::range(low.number(), high.number());
    }
    Ok(all)
}

/// A roll that `dice` makes: a rule for any other would never be used,
/// and is refused as the mistake it must be.
pub(super) fn roll(value: u8, dice: Dice, key: &str) -> Checked<Roll> {
    match Roll::new(value) {
        Some(roll) if dice.can_roll(roll) => Ok(roll),
        Some(_) => {
            let made: Vec<String> = dice.rolls().map(|roll| roll.to_string()).collect();
            Err(at(
                key,
                format!(
                    "{value} is no roll of {}: it throws {}",
                    dice.name(),
                    made.join(", ")
                ),
            ))
        }
        None => Err(at(key, format!("{value} is not a roll: rolls are 1 to 6"))),
    }
}
