//! Field and variant names quoted as every error of the crate quotes
//! input. serde's derived code refuses an unknown name by quoting it as it
//! was read, whole and raw (``unknown field `NAME`, expected ...``), so a
//! key holding ESC, U+202E or 10 MB of text would reach the message as
//! it is. The adapters here read each name with the hint the derived code
//! gives (`deserialize_identifier`) and hand it on unchanged when it is
//! plain, else [`escaped`]: a name that escaping changes is the name of no
//! field or variant, so what is accepted and what is refused stay the
//! same, and only the message of a refusal changes.

use core::fmt;

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, IntoDeserializer, MapAccess, SeqAccess,
    VariantAccess, Visitor,
};

use super::{EXCERPT, escaped};

/// A map whose keys are a derived struct's field names: an unknown one
/// reaches the derived code, and so its error, [`escaped`] (control and
/// bidirectional characters escaped, cut to [`EXCERPT`] bytes). Read a
/// struct derived with `deny_unknown_fields` from an object's `map`
/// through it:
///
/// ```
/// use serde::de::value::{Error, MapAccessDeserializer, MapDeserializer};
/// use serde::Deserialize;
/// use senet::notation::quote::EscapedKeys;
///
/// #[derive(Debug, Deserialize)]
/// #[serde(deny_unknown_fields)]
/// struct Limits {
///     depth: u8,
/// }
///
/// let map = MapDeserializer::<_, Error>::new([("de\u{1b}[2Jpth", 3u8)].into_iter());
/// let error = Limits::deserialize(MapAccessDeserializer::new(EscapedKeys(map))).unwrap_err();
/// assert_eq!(error.to_string(), "unknown field `de\\u{1b}[2Jpth`, expected `depth`");
/// ```
#[derive(Debug)]
pub struct EscapedKeys<A>(pub A);

impl<'de, A: MapAccess<'de>> MapAccess<'de> for EscapedKeys<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(Name {
            seed,
            what: "field identifier",
        })
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.0.next_value_seed(seed)
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

/// The deserializer of an enum derived with `#[serde(remote = "Self")]`:
/// its unknown variant names, and the unknown fields of its struct
/// variants, reach the derived code [`escaped`]. A derived enum asks only
/// for an enum; anything else is passed on as asked.
pub(crate) struct EscapedVariants<D>(pub D);

impl<'de, D: Deserializer<'de>> Deserializer<'de> for EscapedVariants<D> {
    type Error = D::Error;

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_enum(name, variants, Escaping(visitor))
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
        self.0.deserialize_any(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// A derived enum's or struct variant's visitor, its variant names and
/// field names read as [`Name`]s. The derived visitors take nothing but
/// an enum, a map or a sequence; anything else is refused, as they refuse
/// it, by what they expect.
struct Escaping<V>(V);

impl<'de, V: Visitor<'de>> Visitor<'de> for Escaping<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.expecting(f)
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.0.visit_enum(Variants(data))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.0.visit_map(EscapedKeys(map))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        self.0.visit_seq(seq)
    }
}

/// An enum's variant, its name read as a [`Name`].
struct Variants<A>(A);

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Variants<A> {
    type Error = A::Error;
    type Variant = Variant<A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Variant<A::Variant>), A::Error> {
        let what = "variant identifier";
        let (value, variant) = self.0.variant_seed(Name { seed, what })?;
        Ok((value, Variant(variant)))
    }
}

/// A variant's contents, a struct variant's field names read as [`Name`]s.
struct Variant<A>(A);

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Variant<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        self.0.newtype_variant_seed(seed)
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(fields, Escaping(visitor))
    }
}

/// A field or variant name, read as one and handed to `seed` (the derived
/// code's own) as it is when it is plain, else [`escaped`]; a number
/// (a field's or variant's index, in formats that write one) as it is.
struct Name<K> {
    seed: K,
    /// What serde's derived code calls it when it is neither.
    what: &'static str,
}

impl<'de, K: DeserializeSeed<'de>> DeserializeSeed<'de> for Name<K> {
    type Value = K::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<K::Value, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de, K: DeserializeSeed<'de>> Visitor<'de> for Name<K> {
    type Value = K::Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.what)
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<K::Value, E> {
        // Every field and variant name is plain: it passes as it is,
        // without a copy.
        let plain =
            name.len() <= EXCERPT && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if plain {
            self.seed.deserialize(name.into_deserializer())
        } else {
            self.seed.deserialize(escaped(name).into_deserializer())
        }
    }

    fn visit_bytes<E: de::Error>(self, name: &[u8]) -> Result<K::Value, E> {
        self.visit_str(&String::from_utf8_lossy(name))
    }

    fn visit_u64<E: de::Error>(self, index: u64) -> Result<K::Value, E> {
        self.seed.deserialize(index.into_deserializer())
    }
}
