//! Throws and rolls: a roll as its value, a throw the implement with its
//! sticks and roll (which must agree), a set of rolls their values
//! ascending.

use core::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::serde_impls::board::Number;
use crate::serde_impls::strict::Name;
use crate::throw::{Dice, Roll, Throw};

impl From<Roll> for Number {
    fn from(roll: Roll) -> Number {
        Number(roll.value())
    }
}

impl TryFrom<Number> for Roll {
    type Error = String;
    fn try_from(n: Number) -> Result<Roll, String> {
        Roll::new(n.0).ok_or_else(|| format!("no throw makes a {}: rolls are 1 to 6", n.0))
    }
}

via_repr!(Roll, Number);

/// A throw's fields.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThrowRepr {
    dice: Name<Dice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sticks: Option<Sticks>,
    roll: Roll,
}

/// The sticks of a throw, light (`true`) or dark, stick 0 first: at
/// most [`Dice::MAX_STICKS`], refused past that before more is read.
struct Sticks {
    /// Bit `i` set when stick `i` is light.
    light: u8,
    count: u8,
}

impl Serialize for Sticks {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((0..self.count).map(|i| (self.light >> i) & 1 != 0))
    }
}

impl<'de> Deserialize<'de> for Sticks {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Sticks, D::Error> {
        struct Falls;
        impl<'de> Visitor<'de> for Falls {
            type Value = Sticks;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(
                    f,
                    "the sticks, at most {}, each true (light) or false",
                    Dice::MAX_STICKS
                )
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Sticks, A::Error> {
                let mut sticks = Sticks { light: 0, count: 0 };
                while let Some(light) = seq.next_element::<bool>()? {
                    if sticks.count == Dice::MAX_STICKS {
                        return Err(de::Error::custom(format!(
                            "no implement has more than {} sticks",
                            Dice::MAX_STICKS
                        )));
                    }
                    sticks.light |= u8::from(light) << sticks.count;
                    sticks.count += 1;
                }
                Ok(sticks)
            }
        }
        deserializer.deserialize_seq(Falls)
    }
}

impl From<Throw> for ThrowRepr {
    fn from(throw: Throw) -> ThrowRepr {
        ThrowRepr {
            dice: Name(throw.dice()),
            sticks: throw.dice().stick_count().map(|count| Sticks {
                light: throw.light(),
                count,
            }),
            roll: throw.roll(),
        }
    }
}

impl TryFrom<ThrowRepr> for Throw {
    type Error = String;
    fn try_from(repr: ThrowRepr) -> Result<Throw, String> {
        let dice = repr.dice.0;
        let throw = match (dice.stick_count(), repr.sticks) {
            (Some(count), Some(sticks)) if sticks.count == count => {
                dice.throw_from(u32::from(sticks.light))
            }
            (Some(count), Some(sticks)) => {
                return Err(format!("{dice} throw {count} sticks, not {}", sticks.count));
            }
            (None, None) => Throw::canonical(dice, repr.roll)
                .ok_or_else(|| format!("the {dice} cannot show {}", repr.roll))?,
            (Some(_), None) => return Err("a throw of the sticks needs \"sticks\"".into()),
            (None, Some(_)) => return Err(format!("a throw of the {dice} has no sticks")),
        };
        if throw.roll() != repr.roll {
            return Err(format!(
                "those sticks make a {}, not a {}",
                throw.roll(),
                repr.roll
            ));
        }
        Ok(throw)
    }
}

via_object!(Throw, ThrowRepr);

/// A set of rolls as their values, strictly ascending: `[1, 4, 5]`.
impl Serialize for crate::throw::RollSet {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let rolls = (1..=Roll::MAX)
            .filter_map(Roll::new)
            .filter(|&roll| self.contains(roll));
        serializer.collect_seq(rolls)
    }
}

impl<'de> Deserialize<'de> for crate::throw::RollSet {
    /// Reads the rolls one at a time, refusing the first that is not above
    /// the one before it.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Set;
        impl<'de> Visitor<'de> for Set {
            type Value = crate::throw::RollSet;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of rolls from 1 to 6, strictly ascending")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut values = [0u8; Roll::MAX as usize];
                let mut count = 0;
                while let Some(roll) = seq.next_element::<Roll>()? {
                    if let Some(&last) = values[..count].last()
                        && roll.value() <= last
                    {
                        return Err(de::Error::custom(format_args!(
                            "roll {roll} comes after roll {last}: a set of rolls is listed in strictly ascending order"
                        )));
                    }
                    values[count] = roll.value();
                    count += 1;
                }
                Ok(crate::throw::RollSet::of(&values[..count]))
            }
        }
        deserializer.deserialize_seq(Set)
    }
}
