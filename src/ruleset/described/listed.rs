//! `docs/rulesets.md` lists every key of a rules file and every word a
//! value may be: the keys and the words of enums are found by walking the
//! serde form of [`RulesSchema`] itself, the other words from the
//! [`vocabulary`](super::vocabulary) lists, so that neither can grow
//! without the docs.

use std::cell::RefCell;
use std::collections::BTreeSet;

use serde::Deserialize;
use serde::de::value::{Error, StrDeserializer};
use serde::de::{
    self, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess, Visitor,
};

use super::schema::RulesSchema;
use super::vocabulary::{ALONE, PLACE, REACH, UNSAID};
use crate::throw::Dice;

/// What a walk found: every dotted key, and every word of an enum.
#[derive(Default)]
struct Found {
    keys: BTreeSet<String>,
    words: BTreeSet<&'static str>,
}

/// A deserializer that answers every question a derived `Deserialize`
/// asks with one made-up value, and notes each struct field and enum
/// variant it is asked about.
struct Walker<'a> {
    path: String,
    found: &'a RefCell<Found>,
}

impl<'a> Walker<'a> {
    fn at(&self, key: &str) -> Walker<'a> {
        let path = if self.path.is_empty() {
            key.to_owned()
        } else {
            format!("{}.{key}", self.path)
        };
        self.found.borrow_mut().keys.insert(path.clone());
        Walker {
            path,
            found: self.found,
        }
    }
}

impl<'de> Deserializer<'de> for Walker<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_i64(1)
    }
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_bool(false)
    }
    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_str("text")
    }
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }
    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_seq(Once(Some(self)))
    }
    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        // A table keyed by the file (houses, rolls): its values walked
        // under the table's own key.
        let walker = Walker {
            path: self.path.clone(),
            found: self.found,
        };
        visitor.visit_map(Fields {
            keys: vec!["1"],
            walker,
            next: None,
        })
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_map(Fields {
            keys: fields.to_vec(),
            walker: self,
            next: None,
        })
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.found.borrow_mut().words.extend(variants);
        let first: StrDeserializer<'_, Error> = variants[0].into_deserializer();
        visitor.visit_enum(first)
    }

    serde::forward_to_deserialize_any! {
        i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str
        bytes byte_buf unit unit_struct newtype_struct tuple tuple_struct identifier ignored_any
    }
}

/// One element, walked.
struct Once<'a>(Option<Walker<'a>>);

impl<'de> SeqAccess<'de> for Once<'_> {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.0
            .take()
            .map(|walker| seed.deserialize(walker))
            .transpose()
    }
}

/// The fields of a struct (or one made-up key of a table), each walked.
struct Fields<'a> {
    keys: Vec<&'static str>,
    walker: Walker<'a>,
    next: Option<Walker<'a>>,
}

impl<'de> MapAccess<'de> for Fields<'_> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some(key) = self.keys.pop() else {
            return Ok(None);
        };
        self.next = Some(if key == "1" {
            Walker {
                path: self.walker.path.clone(),
                found: self.walker.found,
            }
        } else {
            self.walker.at(key)
        });
        let key: StrDeserializer<'_, Error> = key.into_deserializer();
        seed.deserialize(key).map(Some)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        let walker = self
            .next
            .take()
            .ok_or_else(|| de::Error::custom("a value before its key"))?;
        seed.deserialize(walker)
    }
}

/// The section of `docs/rulesets.md` that documents the keys.
fn keys_section() -> &'static str {
    let docs = include_str!("../../../docs/rulesets.md");
    let start = docs.find("### The keys").expect("the keys' section");
    &docs[start..]
}

#[test]
fn the_docs_list_every_key_and_word_of_a_rules_file() {
    let found = RefCell::new(Found::default());
    let walker = Walker {
        path: String::new(),
        found: &found,
    };
    RulesSchema::deserialize(walker).expect("the walk reads a whole schema");
    let found = found.into_inner();
    assert!(found.keys.len() > 40, "{:?}", found.keys);
    assert!(found.keys.contains("forward.from"), "{:?}", found.keys);
    assert!(found.words.contains("stops_there"), "{:?}", found.words);
    let docs = keys_section();
    let missing: Vec<&String> = found
        .keys
        .iter()
        .filter(|key| !docs.contains(&format!("`{key}")))
        .collect();
    assert!(
        missing.is_empty(),
        "keys docs/rulesets.md does not list: {missing:?}"
    );
    let mut words: Vec<String> = found.words.iter().map(|word| (*word).to_owned()).collect();
    // The implement is a name read by `Dice`'s own parser: the docs give
    // the form and these examples.
    words.extend(
        [Dice::FOUR_STICKS, Dice::FOUR_STICKS_SIX, Dice::LONG_DIE]
            .iter()
            .map(|dice| dice.name()),
    );
    words.extend(REACH.words.iter().map(|(word, _)| (*word).to_owned()));
    words.extend(
        REACH
            .after_a_number
            .iter()
            .map(|(suffix, _)| format!("N{suffix}")),
    );
    words.extend(PLACE.words.iter().map(|(word, _)| (*word).to_owned()));
    words.extend(
        PLACE
            .after_a_number
            .iter()
            .map(|(suffix, _)| format!("N{suffix}")),
    );
    words.extend(ALONE.words.iter().map(|(word, _)| (*word).to_owned()));
    let missing: Vec<&String> = words
        .iter()
        .filter(|word| !docs.contains(&format!("\"{word}\"")))
        .collect();
    assert!(
        missing.is_empty(),
        "words docs/rulesets.md does not list: {missing:?}"
    );
}

#[test]
fn the_docs_say_what_a_rules_file_cannot_say_with_every_key_answered() {
    let docs = keys_section();
    let start = docs
        .find("### What a rules file cannot say")
        .expect("the section");
    let section = &docs[start..];
    for (keys, what) in UNSAID {
        assert!(section.contains(what), "{what}");
        for key in *keys {
            assert!(section.contains(&format!("`{key}`")), "{key}");
            let message = format!("unknown field `{key}`, expected one of `name`");
            assert_eq!(super::vocabulary::unsaid(&message), Some(*what));
        }
    }
    assert_eq!(super::vocabulary::unsaid("unknown field `peices`"), None);
}

#[test]
fn a_key_that_looks_for_banked_throws_is_pointed_to_the_one_that_says_it() {
    for key in super::vocabulary::BANK_WORDS {
        let message = format!("unknown field `{key}`, expected one of `name`");
        assert!(super::vocabulary::looks_for_bank(&message), "{key}");
        assert_eq!(super::vocabulary::unsaid(&message), None, "{key}");
    }
    assert!(!super::vocabulary::looks_for_bank("unknown field `peices`"));
}
