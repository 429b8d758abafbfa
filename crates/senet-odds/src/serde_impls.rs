//! serde for the solver's reports (feature `serde`): each the object of its
//! public fields, with no unknown field and never an array standing in for
//! it, checked as it is read. Errors are written, never read.

use core::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use senet::notation::quote::EscapedKeys;

use crate::{LayerReport, Progress};

/// The serde forms of a struct derived with `#[serde(remote = "Self")]`:
/// written as derived, read as derived from an object only (an unknown
/// field's name quoted escaped, see [`EscapedKeys`]), then checked.
macro_rules! object_only {
    ($ty:ty, $check:expr) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                <$ty>::serialize(self, serializer)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                struct Fields;
                impl<'de> Visitor<'de> for Fields {
                    type Value = $ty;
                    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                        f.write_str("an object")
                    }
                    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<$ty, A::Error> {
                        let value = <$ty>::deserialize(de::value::MapAccessDeserializer::new(
                            EscapedKeys(map),
                        ))?;
                        ($check)(value).map_err(de::Error::custom)
                    }
                }
                deserializer.deserialize_map(Fields)
            }
        }
    };
}

object_only!(Progress, |p: Progress| {
    if p.layer >= p.layers || p.sweep == 0 {
        return Err(format!(
            "progress is at a layer below the {} layers and a sweep from 1, found layer {} sweep {}",
            p.layers, p.layer, p.sweep
        ));
    }
    if !(p.change.is_finite() && p.change >= 0.0) {
        return Err(format!(
            "a change is a finite number from 0, found {}",
            p.change
        ));
    }
    Ok(p)
});

object_only!(LayerReport, |r: LayerReport| {
    if r.open > r.positions {
        return Err(format!(
            "a layer of {} positions has {} open: more than it holds",
            r.positions, r.open
        ));
    }
    if !(r.seconds.is_finite() && r.seconds >= 0.0) {
        return Err(format!(
            "seconds are a finite number from 0, found {}",
            r.seconds
        ));
    }
    Ok(r)
});
