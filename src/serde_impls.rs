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

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side, Target};
use crate::notation::move_text::MoveText;
use crate::notation::quote::{escaped, excerpt};
use crate::ruleset::{Contact, Reach, Ruleset};
use crate::source::Seed;
use crate::throw::{Dice, Roll, Throw};

use crate::notation::quote::{EscapedKeys, EscapedVariants};

/// Serialises `$ty` as `$repr`, and deserialises through `TryFrom<$repr>`
/// (by `$repr`'s trait impls, not the functions that `remote = "Self"`
/// derives).
macro_rules! via_repr {
    ($ty:ty, $repr:ty) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                Serialize::serialize(&<$repr>::from(*self), serializer)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                let repr = <$repr as Deserialize>::deserialize(deserializer)?;
                <$ty>::try_from(repr).map_err(de::Error::custom)
            }
        }
    };
}

/// Serialises `$ty` as the struct `$repr`, and deserialises it from an
/// object only (see [`Object`]) through `TryFrom<$repr>`.
macro_rules! via_object {
    ($ty:ty, $repr:ty) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                <$repr>::from(*self).serialize(serializer)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                let Object(repr) = Object::<$repr>::deserialize(deserializer)?;
                <$ty>::try_from(repr).map_err(de::Error::custom)
            }
        }
    };
}

/// A struct read from an object (a map) only: serde's derived structs also
/// read an array of their fields in order, which the JSON forms do not
/// accept (`[2, 10, 12]` is not a move). An unknown field's name is quoted
/// escaped (see [`EscapedKeys`]).
pub struct Object<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Object<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Object<T>, D::Error> {
        struct Fields<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Fields<T> {
            type Value = T;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(de::value::MapAccessDeserializer::new(EscapedKeys(map)))
            }
        }
        deserializer
            .deserialize_map(Fields(PhantomData))
            .map(Object)
    }
}

/// The serde forms of a struct derived with `#[serde(remote = "Self")]`
/// (whose derived code is then its own functions, not the traits): written
/// as derived, and read as derived from an object only (see [`Object`]),
/// an unknown field's name quoted escaped.
macro_rules! object_only {
    ([$($generics:tt)*] $ty:ty [$($bounds:tt)*]) => {
        impl<$($generics)*> Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                <$ty>::serialize(self, serializer)
            }
        }

        impl<'de, $($generics)*> Deserialize<'de> for $ty where $($bounds)* {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                struct Fields<T>(PhantomData<T>);
                impl<'de, $($generics)*> Visitor<'de> for Fields<$ty> where $($bounds)* {
                    type Value = $ty;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str("an object")
                    }
                    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<$ty, A::Error> {
                        <$ty>::deserialize(de::value::MapAccessDeserializer::new(EscapedKeys(map)))
                    }
                }
                deserializer.deserialize_map(Fields(PhantomData))
            }
        }
    };
    ($ty:ty) => {
        object_only!([] $ty []);
    };
}

object_only!(crate::effect::Effect);
object_only!(crate::effect::Release);
object_only!(crate::setup::Setup);
object_only!([R: Ruleset] crate::playout::Playout<R> [R: crate::rulesets::ByName]);

/// The serde forms of an enum derived with `#[serde(remote = "Self")]`:
/// written as derived, and read as derived with an unknown variant's name,
/// or an unknown field's of a struct variant, quoted escaped (see
/// [`EscapedVariants`]).
macro_rules! names_escaped {
    ($($ty:ty),* $(,)?) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                <$ty>::serialize(self, serializer)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                <$ty>::deserialize(EscapedVariants(deserializer))
            }
        }
    )*};
}

names_escaped!(
    crate::effect::Way,
    crate::effect::Rest,
    crate::effect::Hit,
    crate::ruleset::Refusal,
    crate::game::Thrown,
    ReachRepr,
    ContactRepr,
    PlaceRepr,
);

/// A unit-only enum read from its name as a string only: serde's derived
/// enums also read `{"x": null}` for `"x"`, which the JSON forms do not
/// accept.
pub struct Name<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Name<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Name<T>, D::Error> {
        struct Text<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Text<T> {
            type Value = T;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a name, as a string")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
                T::deserialize(de::value::StrDeserializer::<E>::new(text))
            }
        }
        deserializer.deserialize_str(Text(PhantomData)).map(Name)
    }
}

impl<T: Serialize> Serialize for Name<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// Deserialises a unit-only enum from exactly one of its names, as a string.
macro_rules! by_names {
    ($ty:ty, $expecting:literal, [$($name:literal => $value:expr),* $(,)?]) => {
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                struct Names;
                impl Visitor<'_> for Names {
                    type Value = $ty;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_str<E: de::Error>(self, text: &str) -> Result<$ty, E> {
                        match text {
                            $($name => Ok($value),)*
                            _ => Err(E::unknown_variant(&escaped(text), &[$($name),*])),
                        }
                    }
                }
                deserializer.deserialize_str(Names)
            }
        }
    };
}

/// An outcome reads only as it is written: `"draw"`, or `{"win": SIDE}`
/// with nothing else (not serde's looser `{"draw": null}`).
impl<'de> Deserialize<'de> for crate::ruleset::Outcome {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use crate::ruleset::Outcome;
        struct Outcomes;
        impl<'de> Visitor<'de> for Outcomes {
            type Value = Outcome;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an outcome: \"draw\" or {\"win\": \"x\" or \"o\"}")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Outcome, E> {
                match text {
                    "draw" => Ok(Outcome::Draw),
                    _ => Err(E::unknown_variant(&escaped(text), &["draw"])),
                }
            }
            fn visit_map<M: de::MapAccess<'de>>(self, mut map: M) -> Result<Outcome, M::Error> {
                let Some(key) = map.next_key::<String>()? else {
                    return Err(de::Error::invalid_length(0, &self));
                };
                if key != "win" {
                    return Err(de::Error::unknown_field(&escaped(&key), &["win"]));
                }
                let side: Side = map.next_value()?;
                if map.next_key::<String>()?.is_some() {
                    return Err(de::Error::custom("an outcome has one field, \"win\""));
                }
                Ok(Outcome::Win(side))
            }
        }
        deserializer.deserialize_any(Outcomes)
    }
}

by_names!(crate::game::Ending, "how a game ended: \"borne_off\", \"resignation\" or \"draw\"", [
    "borne_off" => crate::game::Ending::BorneOff,
    "resignation" => crate::game::Ending::Resignation,
    "draw" => crate::game::Ending::Draw,
]);

by_names!(crate::house::Side, "a side: \"x\" or \"o\"", [
    "x" => crate::house::Side::X,
    "o" => crate::house::Side::O,
]);

by_names!(crate::throw::Dice, "an implement: \"four_sticks\", \"long_die\" or \"four_sticks_six\"", [
    "four_sticks" => crate::throw::Dice::FourSticks,
    "long_die" => crate::throw::Dice::LongDie,
    "four_sticks_six" => crate::throw::Dice::FourSticksSix,
]);

/// A built-in ruleset is written as its own [`name`](Ruleset::name), and
/// read from exactly that name (in no other case), as a string only: the
/// names are not written twice.
impl Serialize for crate::rulesets::any::AnyRuleset {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for crate::rulesets::any::AnyRuleset {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Names;
        impl Visitor<'_> for Names {
            type Value = crate::rulesets::any::AnyRuleset;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("the name of a built-in ruleset, as a string")
            }
            /// Exactly a name as it is written: the JSON forms are
            /// canonical, where the text a person types
            /// ([`FromStr`](core::str::FromStr)) may be in any case.
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Self::Value, E> {
                crate::rulesets::any::AnyRuleset::ALL
                    .into_iter()
                    .find(|r| r.name() == text)
                    .ok_or_else(|| {
                        E::custom(crate::rulesets::any::ParseRulesetError {
                            found: excerpt(text),
                        })
                    })
            }
        }
        deserializer.deserialize_str(Names)
    }
}

by_names!(crate::ruleset::Direction, "a direction: \"forward\" or \"backward\"", [
    "forward" => crate::ruleset::Direction::Forward,
    "backward" => crate::ruleset::Direction::Backward,
]);

by_names!(crate::contract::Hook, "a landing hook: \"forward\", \"backward\", \"water_landing\", \"return_landing\" or \"send_back\"", [
    "forward" => crate::contract::Hook::Forward,
    "backward" => crate::contract::Hook::Backward,
    "water_landing" => crate::contract::Hook::WaterLanding,
    "return_landing" => crate::contract::Hook::ReturnLanding,
    "send_back" => crate::contract::Hook::SendBack,
]);

by_names!(crate::replay::Checked, "\"seed_and_rules\" or \"rules_only\"", [
    "seed_and_rules" => crate::replay::Checked::SeedAndRules,
    "rules_only" => crate::replay::Checked::RulesOnly,
]);

/// A string of at most `MAX` bytes, refused by its length before it is copied.
pub struct Bounded<const MAX: usize>(pub String);

impl<'de, const MAX: usize> Deserialize<'de> for Bounded<MAX> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bounded<MAX>, D::Error> {
        struct Text<const MAX: usize>;
        impl<const MAX: usize> Visitor<'_> for Text<MAX> {
            type Value = Bounded<MAX>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a string of at most {MAX} bytes")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Bounded<MAX>, E> {
                if text.len() > MAX {
                    return Err(E::custom(format_args!(
                        "a string of {} bytes, {:?}, where at most {MAX} are allowed",
                        text.len(),
                        excerpt(text)
                    )));
                }
                Ok(Bounded(text.to_owned()))
            }
        }
        deserializer.deserialize_str(Text::<MAX>)
    }
}

impl<const MAX: usize> Serialize for Bounded<MAX> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

/// Serialises `$ty` as its `Display` text, and deserialises with its `FromStr`.
macro_rules! via_text {
    ($ty:ty, $expecting:literal) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                struct Text;
                impl Visitor<'_> for Text {
                    type Value = $ty;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str($expecting)
                    }
                    fn visit_str<E: de::Error>(self, text: &str) -> Result<$ty, E> {
                        // Errors quote only the start of the text.
                        <$ty>::from_str(text).map_err(E::custom)
                    }
                }
                deserializer.deserialize_str(Text)
            }
        }
    };
}

mod play;

pub use play::{FinishRepr, RecordRepr, TurnRepr};

via_object!(crate::game::Turn, TurnRepr);
via_object!(crate::game::Finish, FinishRepr);

impl Serialize for crate::record::Record {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RecordRepr::from(self.clone()).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for crate::record::Record {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let Object(repr) = Object::<RecordRepr>::deserialize(deserializer)?;
        crate::record::Record::try_from(repr).map_err(de::Error::custom)
    }
}

/// Serialises each built-in ruleset of the list as its name, and accepts
/// only that name.
macro_rules! by_name {
    ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {$(
        impl Serialize for crate::rulesets::$ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(crate::Ruleset::name(self))
            }
        }

        impl<'de> Deserialize<'de> for crate::rulesets::$ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let ruleset = crate::rulesets::$ty;
                let name = crate::Ruleset::name(&ruleset);
                let found = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                if found == name {
                    Ok(ruleset)
                } else {
                    Err(de::Error::custom(format_args!("expected the ruleset {name:?}, found {:?}", excerpt(&found))))
                }
            }
        }
    )*};
}

crate::for_each_builtin!(by_name);

via_text!(Seed, "a seed as lower-case hex");
via_text!(
    crate::source::Commitment,
    "a seed commitment as 64 lower-case hex digits"
);
via_text!(MoveText, "a throw in move notation, such as \"2: 10-12\"");

/// A number that must be in range.
#[derive(Serialize, Deserialize)]
#[serde(transparent)]
pub struct Number(u8);

impl From<House> for Number {
    fn from(house: House) -> Number {
        Number(house.number())
    }
}

impl TryFrom<Number> for House {
    type Error = String;
    fn try_from(n: Number) -> Result<House, String> {
        House::new(n.0).ok_or_else(|| format!("house {} does not exist: houses are 1 to 30", n.0))
    }
}

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

via_repr!(House, Number);
via_repr!(Roll, Number);

impl Serialize for Target {
    /// A house as its number, off as `"off"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Target::House(house) => house.serialize(serializer),
            Target::Off => serializer.serialize_str("off"),
        }
    }
}

impl<'de> Deserialize<'de> for Target {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Target, D::Error> {
        struct TargetVisitor;
        impl Visitor<'_> for TargetVisitor {
            type Value = Target;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a house number from 1 to 30, or \"off\"")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Target, E> {
                let house = u8::try_from(n).ok().and_then(House::new);
                house.map(Target::House).ok_or_else(|| {
                    E::custom(format!("house {n} does not exist: houses are 1 to 30"))
                })
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Target, E> {
                let n = u64::try_from(n).map_err(|_| E::custom("a house number is positive"))?;
                self.visit_u64(n)
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Target, E> {
                match text {
                    "off" => Ok(Target::Off),
                    _ => Err(E::invalid_value(de::Unexpected::Str(&escaped(text)), &self)),
                }
            }
        }
        deserializer.deserialize_any(TargetVisitor)
    }
}

/// A throw's fields.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThrowRepr {
    dice: Name<Dice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sticks: Option<[bool; 4]>,
    roll: Roll,
}

impl From<Throw> for ThrowRepr {
    fn from(throw: Throw) -> ThrowRepr {
        ThrowRepr {
            dice: Name(throw.dice()),
            sticks: throw.sticks(),
            roll: throw.roll(),
        }
    }
}

impl TryFrom<ThrowRepr> for Throw {
    type Error = String;
    fn try_from(repr: ThrowRepr) -> Result<Throw, String> {
        let throw = match (repr.dice.0, repr.sticks) {
            (dice @ (Dice::FourSticks | Dice::FourSticksSix), Some(sticks)) => {
                let light = sticks
                    .iter()
                    .rev()
                    .fold(0u8, |bits, &l| bits << 1 | u8::from(l));
                if dice == Dice::FourSticks {
                    Throw::from_sticks(light)
                } else {
                    Throw::from_sticks_six(light)
                }
            }
            (Dice::LongDie, None) => Throw::from_die_face(repr.roll)
                .ok_or_else(|| format!("the long die cannot show {}", repr.roll))?,
            (Dice::FourSticks | Dice::FourSticksSix, None) => {
                return Err("a throw of the sticks needs \"sticks\"".into());
            }
            (Dice::LongDie, Some(_)) => return Err("a throw of the long die has no sticks".into()),
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

/// A set of houses as their numbers, strictly ascending.
#[derive(Serialize)]
#[serde(transparent)]
pub struct Houses(Vec<House>);

impl From<Bitboard> for Houses {
    fn from(set: Bitboard) -> Houses {
        Houses(set.collect())
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    /// Reads the numbers one at a time, refusing the first that is not
    /// above the one before it; nothing but the set is kept.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bitboard, D::Error> {
        struct Set;
        impl<'de> Visitor<'de> for Set {
            type Value = Bitboard;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of house numbers from 1 to 30, strictly ascending")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Bitboard, A::Error> {
                let mut set = Bitboard::EMPTY;
                let mut last: Option<House> = None;
                while let Some(house) = seq.next_element::<House>()? {
                    if last == Some(house) {
                        return Err(de::Error::custom(format_args!(
                            "house {house} is listed twice"
                        )));
                    }
                    if let Some(last) = last.filter(|&last| house < last) {
                        return Err(de::Error::custom(format_args!(
                            "house {house} comes after house {last}: a set of houses is listed in ascending order"
                        )));
                    }
                    set = set.with(house);
                    last = Some(house);
                }
                Ok(set)
            }
        }
        deserializer.deserialize_seq(Set)
    }
}

impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Houses::from(*self).serialize(serializer)
    }
}

/// A board's fields.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRepr {
    x: Bitboard,
    o: Bitboard,
    off_x: u8,
    off_o: u8,
    /// The side whose piece on its ruleset's mark house is marked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    marked: Option<Side>,
}

impl From<Board> for BoardRepr {
    fn from(board: Board) -> BoardRepr {
        BoardRepr {
            x: board.pieces(Side::X),
            o: board.pieces(Side::O),
            off_x: board.off(Side::X),
            off_o: board.off(Side::O),
            marked: board.marked(),
        }
    }
}

impl TryFrom<BoardRepr> for Board {
    type Error = String;
    /// Checks what makes the fields one board, whatever the ruleset: the
    /// sides share no house, and each side's pieces, on the board and off,
    /// can be counted, as every count of pieces is, in a `u8` (see
    /// [`Ruleset::pieces_per_side`]). How many pieces a side may have is a
    /// rule, checked where a board meets its ruleset: in a position
    /// ([`Position::new`](crate::Position::new), parsing).
    fn try_from(r: BoardRepr) -> Result<Board, String> {
        for (side, on, off) in [(Side::X, r.x, r.off_x), (Side::O, r.o, r.off_o)] {
            let on = on.count();
            let total = u32::from(off) + on;
            if total > u32::from(u8::MAX) {
                return Err(format!(
                    "{side} has {on} on the board and {off} off, {total} pieces in all: a side's pieces are counted in a byte, at most {}",
                    u8::MAX
                ));
            }
        }
        let board = Board::new(r.x, r.o, r.off_x, r.off_o).ok_or_else(|| {
            let shared = (r.x & r.o).first().map_or(0, House::number);
            format!("house {shared} holds a piece of both sides")
        })?;
        // Which house the mark is on is the ruleset's: a position checks
        // it, a board alone can only check that the side has a piece.
        if let Some(side) = r.marked
            && board.pieces(side).is_empty()
        {
            return Err(format!(
                "\"marked\": \"{side}\" names a side with no piece on the board"
            ));
        }
        Ok(board.with_mark(r.marked))
    }
}

via_object!(Board, BoardRepr);

/// Where a roll carries a piece.
#[derive(Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "snake_case")]
pub enum ReachRepr {
    /// Along the track to a house.
    To(House),
    /// Off the board.
    Off,
    /// Into the water along the track.
    Water,
    /// Straight into the water.
    Fall,
    /// To a house if it is empty, else into the water.
    ToElseWater(House),
    /// Out of the water to where the ruleset says.
    Return,
}

impl From<Reach> for ReachRepr {
    fn from(reach: Reach) -> ReachRepr {
        match reach {
            Reach::To(house) => ReachRepr::To(house),
            Reach::Off => ReachRepr::Off,
            Reach::Water => ReachRepr::Water,
            Reach::Fall => ReachRepr::Fall,
            Reach::ToElseWater(house) => ReachRepr::ToElseWater(house),
            Reach::Return => ReachRepr::Return,
        }
    }
}

impl TryFrom<ReachRepr> for Reach {
    type Error = String;
    fn try_from(repr: ReachRepr) -> Result<Reach, String> {
        Ok(match repr {
            ReachRepr::To(house) => Reach::To(house),
            ReachRepr::Off => Reach::Off,
            ReachRepr::Water => Reach::Water,
            ReachRepr::Fall => Reach::Fall,
            ReachRepr::ToElseWater(house) => Reach::ToElseWater(house),
            ReachRepr::Return => Reach::Return,
        })
    }
}

via_repr!(Reach, ReachRepr);

/// What landing on an opponent does.
#[derive(Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "snake_case")]
pub enum ContactRepr {
    /// The pieces swap.
    Swap,
    /// The opponent's piece is captured.
    Capture,
    /// The opponent's piece goes back to the lowest empty house.
    SendBack,
    /// The opponent's piece goes into the water.
    Drown,
}

impl From<Contact> for ContactRepr {
    fn from(contact: Contact) -> ContactRepr {
        match contact {
            Contact::Swap => ContactRepr::Swap,
            Contact::Capture => ContactRepr::Capture,
            Contact::SendBack => ContactRepr::SendBack,
            Contact::Drown => ContactRepr::Drown,
        }
    }
}

impl TryFrom<ContactRepr> for Contact {
    type Error = String;
    fn try_from(repr: ContactRepr) -> Result<Contact, String> {
        Ok(match repr {
            ContactRepr::Swap => Contact::Swap,
            ContactRepr::Capture => Contact::Capture,
            ContactRepr::SendBack => Contact::SendBack,
            ContactRepr::Drown => Contact::Drown,
        })
    }
}

via_repr!(Contact, ContactRepr);

/// A seeded game is saved as its record (which holds the seed: store it,
/// never show it to a player before the game ends).
impl<R: Ruleset> Serialize for crate::game::Game<R, crate::source::SeededThrows> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.record().serialize(serializer)
    }
}

/// A saved game is its record, verified and taken up again
/// ([`Game::resume`](crate::Game::resume)) under the ruleset of type `R`
/// the record names (a built-in ruleset's own type, or
/// [`AnyRuleset`](crate::AnyRuleset) for any of them): a record of
/// another ruleset, one that does not replay, or one with no seed is
/// refused.
impl<'de, R: crate::rulesets::ByName> Deserialize<'de>
    for crate::game::Game<R, crate::source::SeededThrows>
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let record = crate::record::Record::deserialize(deserializer)?;
        let ruleset = play::ruleset_named::<R>(record.ruleset()).map_err(de::Error::custom)?;
        crate::game::Game::resume(&record, ruleset).map_err(de::Error::custom)
    }
}

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

/// Where in a record a problem is: `"header"`, `{"throw": N}` with N from
/// 1, or `{"end": {"after": N}}`.
#[derive(Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "snake_case", deny_unknown_fields)]
pub enum PlaceRepr {
    /// In the header.
    Header,
    /// At a throw, numbered from 1.
    Throw(usize),
    /// Where the record stops.
    End {
        /// The number of throws in the record.
        after: usize,
    },
}

impl From<crate::replay::Place> for PlaceRepr {
    fn from(place: crate::replay::Place) -> PlaceRepr {
        use crate::replay::Place;
        match place {
            Place::Header => PlaceRepr::Header,
            Place::Throw(n) => PlaceRepr::Throw(n),
            Place::End { after } => PlaceRepr::End { after },
        }
    }
}

via_repr!(crate::replay::Place, PlaceRepr);

impl TryFrom<PlaceRepr> for crate::replay::Place {
    type Error = String;
    fn try_from(repr: PlaceRepr) -> Result<Self, String> {
        use crate::replay::Place;
        match repr {
            PlaceRepr::Header => Ok(Place::Header),
            PlaceRepr::Throw(0) => Err("throws are numbered from 1, found throw 0".into()),
            PlaceRepr::Throw(n) => Ok(Place::Throw(n)),
            PlaceRepr::End { after } => Ok(Place::End { after }),
        }
    }
}

/// A verdict is written, never read: it is what replaying a record found,
/// and a verdict read back would be one nobody checked. Store the record,
/// and replay it. Its form: `{"position": ..., "history": [turns],
/// "checked": ..., "finish": ... or null, "problem": {"place": ...,
/// "problem": ...} or null}`.
impl<R: Ruleset> Serialize for crate::replay::Verdict<R> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Verdict", 5)?;
        s.serialize_field("position", self.position())?;
        s.serialize_field("history", self.history())?;
        s.serialize_field("checked", &self.checked())?;
        s.serialize_field("finish", &self.finish())?;
        s.serialize_field("problem", &self.problem())?;
        s.end()
    }
}
