//! Values written as a name or a text: sides, endings, implements,
//! directions, hooks, outcomes, rulesets, seeds and move texts, each read
//! from exactly what is written.

use core::fmt;
use core::str::FromStr;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::house::Side;
use crate::notation::move_text::MoveText;
use crate::notation::quote::{escaped, excerpt};
use crate::ruleset::Ruleset;
use crate::source::Seed;

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

/// An implement is written as its [`name`](crate::Dice::name) and read
/// by its `FromStr`, which names the forms when a name is none.
impl Serialize for crate::throw::Dice {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for crate::throw::Dice {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<crate::throw::Dice, D::Error> {
        struct Implement;
        impl Visitor<'_> for Implement {
            type Value = crate::throw::Dice;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an implement: \"four_sticks\", \"long_die\", \"four_sticks_six\"...")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<crate::throw::Dice, E> {
                text.parse().map_err(E::custom)
            }
        }
        deserializer.deserialize_str(Implement)
    }
}

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

by_names!(crate::ruleset::contract::Hook, "a landing hook: \"forward\", \"backward\", \"water_landing\", \"return_landing\" or \"send_back\"", [
    "forward" => crate::ruleset::contract::Hook::Forward,
    "backward" => crate::ruleset::contract::Hook::Backward,
    "water_landing" => crate::ruleset::contract::Hook::WaterLanding,
    "return_landing" => crate::ruleset::contract::Hook::ReturnLanding,
    "send_back" => crate::ruleset::contract::Hook::SendBack,
]);

by_names!(crate::replay::Checked, "\"seed_and_rules\" or \"rules_only\"", [
    "seed_and_rules" => crate::replay::Checked::SeedAndRules,
    "rules_only" => crate::replay::Checked::RulesOnly,
]);

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
