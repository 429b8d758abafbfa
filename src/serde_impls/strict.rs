//! Readers stricter than serde's derived ones, which every JSON form is
//! read through: a struct from an object only, a unit-only enum from its
//! name only, a string refused by its length before it is kept.

use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::notation::quote::{EscapedKeys, excerpt};

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

/// Implements `Serialize` and `Deserialize` for a struct derived with
/// `#[serde(remote = "Self")]` (whose derived code is then its own
/// functions, not the traits), as the JSON forms of `senet` and of the
/// crates built on it read a struct: written as derived; read as derived
/// from an object only, never from the array of its fields that serde's
/// derived structs also accept, an unknown field's name quoted as
/// [`EscapedKeys`](crate::notation::quote::EscapedKeys) quotes it; then
/// checked, if a check is given, before a value is returned.
///
/// The forms, each with an optional check after a comma (a function from
/// the value read to a `Result` of it whose error is `Display`, made a
/// deserialisation error):
///
/// - `object_only!(Type)`, `object_only!(Type, check)`;
/// - `object_only!([generics] Type<..> [where bounds])`, and with a check:
///   the generic parameters of the impls, and the bounds on them that
///   deserialising needs.
///
/// With the `serde` feature.
///
/// ```
/// use serde::{Deserialize, Serialize};
///
/// /// A score out of 100.
/// #[derive(Debug, Serialize, Deserialize)]
/// #[serde(remote = "Self", deny_unknown_fields)]
/// pub struct Score {
///     /// Points, at most 100.
///     pub points: u8,
/// }
///
/// senet::object_only!(Score, |s: Score| if s.points <= 100 {
///     Ok(s)
/// } else {
///     Err(format!("a score is at most 100 points, found {}", s.points))
/// });
///
/// let score: Score = serde_json::from_str(r#"{"points": 42}"#).unwrap();
/// assert_eq!(serde_json::to_string(&score).unwrap(), r#"{"points":42}"#);
///
/// // An array of the fields is not an object.
/// let error = serde_json::from_str::<Score>("[42]").unwrap_err();
/// assert!(error.to_string().contains("expected an object"));
///
/// // The check runs as the value is read.
/// let error = serde_json::from_str::<Score>(r#"{"points": 200}"#).unwrap_err();
/// assert!(error.to_string().contains("at most 100 points, found 200"));
///
/// // An unknown field's name is quoted escaped.
/// let error = serde_json::from_str::<Score>(r#"{"p\u001b[2J": 1}"#).unwrap_err();
/// assert!(error.to_string().contains(r#"unknown field `p\u{1b}[2J`"#));
/// ```
#[macro_export]
macro_rules! object_only {
    ([$($generics:tt)*] $ty:ty [$($bounds:tt)*]) => {
        $crate::object_only!(
            [$($generics)*] $ty [$($bounds)*],
            ::core::result::Result::Ok::<$ty, ::core::convert::Infallible>
        );
    };
    ([$($generics:tt)*] $ty:ty [$($bounds:tt)*], $check:expr) => {
        impl<$($generics)*> $crate::__serde::Serialize for $ty {
            fn serialize<S: $crate::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                <$ty>::serialize(self, serializer)
            }
        }

        impl<'de, $($generics)*> $crate::__serde::Deserialize<'de> for $ty where $($bounds)* {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<$ty, D::Error> {
                struct Fields<T>(::core::marker::PhantomData<T>);
                impl<'de, $($generics)*> $crate::__serde::de::Visitor<'de> for Fields<$ty>
                where
                    $($bounds)*
                {
                    type Value = $ty;
                    fn expecting(
                        &self,
                        f: &mut ::core::fmt::Formatter<'_>,
                    ) -> ::core::fmt::Result {
                        f.write_str("an object")
                    }
                    fn visit_map<A: $crate::__serde::de::MapAccess<'de>>(
                        self,
                        map: A,
                    ) -> ::core::result::Result<$ty, A::Error> {
                        let value = <$ty>::deserialize(
                            $crate::__serde::de::value::MapAccessDeserializer::new(
                                $crate::notation::quote::EscapedKeys(map),
                            ),
                        )?;
                        ($check)(value).map_err(<A::Error as $crate::__serde::de::Error>::custom)
                    }
                }
                deserializer.deserialize_map(Fields(::core::marker::PhantomData))
            }
        }
    };
    ($ty:ty $(, $check:expr)?) => {
        $crate::object_only!([] $ty [] $(, $check)?);
    };
}

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
