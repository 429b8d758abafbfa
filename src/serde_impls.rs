//! serde for the engine's types (feature `serde`): each type is read through
//! a plain representation and checked in a `TryFrom` before a value exists,
//! so deserialising never yields an invalid value.
//!
//! JSON forms: a house is its number (`12`); a target a number or `"off"`;
//! a roll its value; a seed and a move text their text (`"2a00"`,
//! `"2: 10-12"`); a throw `{"dice": "four_sticks", "sticks": [true, false,
//! true, false], "roll": 2}` or `{"dice": "long_die", "roll": 3}`; a set of
//! houses the list of their numbers, ascending; a position
//! `{"ruleset": "kendall", "position": "<position string>"}`; a move
//! `{"roll": 2, "from": 10, "to": 12}` plus `"swap"`, `"capture"`, `"sent"`,
//! `"backward"`, `"water"` when true; a built-in ruleset its name, each
//! ruleset of the list ([`for_each_builtin!`](crate::for_each_builtin))
//! alike; a set of rolls the list of their values, ascending; a direction
//! `"forward"` or `"backward"`; an effect, a setup or a playout the object
//! of its public fields; a place in a record `"header"`, `{"throw": N}` or
//! `{"end": {"after": N}}`.
//!
//! A verdict and the error types are written only: they are what a replay
//! or a refusal found, and one read back would be unchecked.
//!
//! They accept exactly what the text forms accept: a struct is an object
//! only (never an array standing in for it), with no unknown field; a set
//! of houses is strictly ascending; a board's counts fit their types; lists
//! and strings are checked for length as they are read, before anything is
//! kept of them. An unknown field or variant name is quoted in its error as
//! [`escaped`] quotes input (see `notation::quote`), never as it was read.
//!
//! A move or a board is checked here only for what makes its fields one
//! value of its type, whatever the ruleset; no rule of any ruleset is
//! written here. The rules are checked where a value meets a position: a
//! move by [`Position::play`](crate::Position::play) (which refuses a move
//! that is not one of the position's legal moves), the pieces of a board
//! by [`Position::new`](crate::Position::new) and parsing.

/// Serialises `$ty` as `$repr`, and deserialises through `TryFrom<$repr>`
/// (by `$repr`'s trait impls, not the functions that `remote = "Self"`
/// derives).
macro_rules! via_repr {
    ($ty:ty, $repr:ty) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serde::Serialize::serialize(&<$repr>::from(*self), serializer)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                let repr = <$repr as serde::Deserialize>::deserialize(deserializer)?;
                <$ty>::try_from(repr).map_err(serde::de::Error::custom)
            }
        }
    };
}

/// Serialises `$ty` as the struct `$repr`, and deserialises it from an
/// object only (see [`Object`](strict::Object)) through `TryFrom<$repr>`.
macro_rules! via_object {
    ($ty:ty, $repr:ty) => {
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serde::Serialize::serialize(&<$repr>::from(*self), serializer)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                let $crate::serde_impls::strict::Object(repr) = <$crate::serde_impls::strict::Object<$repr> as serde::Deserialize>::deserialize(deserializer)?;
                <$ty>::try_from(repr).map_err(serde::de::Error::custom)
            }
        }
    };
}

/// The serde forms of an enum derived with `#[serde(remote = "Self")]`:
/// written as derived, and read as derived with an unknown variant's name,
/// or an unknown field's of a struct variant, quoted escaped (see
/// [`EscapedVariants`](crate::notation::quote::EscapedVariants)).
macro_rules! names_escaped {
    ($($ty:ty),* $(,)?) => {$(
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                <$ty>::serialize(self, serializer)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                <$ty>::deserialize($crate::notation::quote::EscapedVariants(deserializer))
            }
        }
    )*};
}

mod board;
mod names;
mod play;
mod replay;
mod rules;
mod strict;
mod throw;
