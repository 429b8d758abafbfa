//! The words a rules file may write where a value is a number or a word
//! (`"off"`, `"15 or below"`, `"marked"`...), and the house ranges
//! (`"1-25"`, `"26,28-30"`): each stated once, here, and read into a
//! type as the file is parsed. The reading, the refusal that lists what
//! may be written, and the test that `docs/rulesets.md` names every word
//! all come from these lists.

use serde::de::{self, Deserialize, Deserializer, Visitor};

use crate::notation::quote::excerpt;

/// A word written after a number (`" else water"`), with how the number
/// reads.
type AfterANumber<T> = (&'static str, fn(i64) -> T);

/// The words of one kind of value: plain words, and words that carry a
/// number (`"N else water"`, written with the number in place of `N`).
pub(super) struct Vocabulary<T: 'static> {
    /// What a value of this kind is, for a refusal: "move", "place".
    pub(super) what: &'static str,
    /// A bare number.
    pub(super) number: fn(i64) -> T,
    /// The plain words, each with its value.
    pub(super) words: &'static [(&'static str, T)],
    /// The words written after a number (`" else water"`), each with
    /// how the number reads.
    pub(super) after_a_number: &'static [AfterANumber<T>],
}

impl<T: Copy> Vocabulary<T> {
    /// The value `text` writes, if it is one of the words.
    pub(super) fn word(&self, text: &str) -> Option<T> {
        if let Some(&(_, value)) = self.words.iter().find(|(word, _)| *word == text) {
            return Some(value);
        }
        self.after_a_number.iter().find_map(|&(suffix, read)| {
            let number = text.strip_suffix(suffix)?.trim().parse().ok()?;
            Some(read(number))
        })
    }

    /// Every way to write a value, as a refusal lists them: `a house
    /// number, "off", ... or "N else water"`.
    pub(super) fn written(&self) -> String {
        let mut ways = vec!["a house number".to_owned()];
        ways.extend(self.words.iter().map(|(word, _)| format!("\"{word}\"")));
        ways.extend(
            self.after_a_number
                .iter()
                .map(|(suffix, _)| format!("\"N{suffix}\"")),
        );
        let last = ways.pop().unwrap_or_default();
        format!("{} or {last}", ways.join(", "))
    }

    /// Reads a value with serde: a number, or one of the words.
    fn deserialize<'de, D: Deserializer<'de>>(
        &'static self,
        deserializer: D,
    ) -> Result<T, D::Error> {
        deserializer.deserialize_any(NumberOrWord(self))
    }
}

/// A serde visitor of a [`Vocabulary`]'s values.
struct NumberOrWord<T: 'static>(&'static Vocabulary<T>);

impl<'de, T: Copy> Visitor<'de> for NumberOrWord<T> {
    type Value = T;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.0.written())
    }
    fn visit_i64<E: de::Error>(self, value: i64) -> Result<T, E> {
        Ok((self.0.number)(value))
    }
    fn visit_u64<E: de::Error>(self, value: u64) -> Result<T, E> {
        let value = i64::try_from(value).map_err(|_| E::custom("number out of range"))?;
        self.visit_i64(value)
    }
    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        self.0.word(text).ok_or_else(|| {
            E::custom(format!(
                "{:?} is no {}: write {}",
                excerpt(text),
                self.0.what,
                self.0.written()
            ))
        })
    }
}

/// Where a roll carries a piece, as a file writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ReachText {
    /// A house number (checked later).
    To(i64),
    /// `"off"`.
    Off,
    /// `"water"`: along the track into the water.
    Water,
    /// `"fall"`: straight into the water, passing nothing.
    Fall,
    /// `"return"`: out of the water to `water.returns_to`.
    Return,
    /// `"none"`: no move.
    Nowhere,
    /// `"N else water"`.
    ToElseWater(i64),
}

/// The words of [`ReachText`].
pub(super) static REACH: Vocabulary<ReachText> = Vocabulary {
    what: "move",
    number: ReachText::To,
    words: &[
        ("off", ReachText::Off),
        ("water", ReachText::Water),
        ("fall", ReachText::Fall),
        ("return", ReachText::Return),
        ("none", ReachText::Nowhere),
    ],
    after_a_number: &[(" else water", ReachText::ToElseWater)],
};

/// One choice of where a piece rests, as a file writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum PlaceText {
    /// This house, when it is empty.
    House(i64),
    /// `"N or below"`.
    OrBelow(i64),
    /// `"lowest empty"`.
    LowestEmpty,
    /// `"hand"`: off the board, back in its side's hand (the water alone).
    Hand,
}

/// The words of [`PlaceText`].
pub(super) static PLACE: Vocabulary<PlaceText> = Vocabulary {
    what: "place",
    number: PlaceText::House,
    words: &[
        ("lowest empty", PlaceText::LowestEmpty),
        ("hand", PlaceText::Hand),
    ],
    after_a_number: &[(" or below", PlaceText::OrBelow)],
};

/// One entry of `movable.alone`, as a file writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum AloneText {
    /// The side's piece on this house.
    House(i64),
    /// `"marked"`: the side's marked piece.
    Marked,
}

/// The words of [`AloneText`].
pub(super) static ALONE: Vocabulary<AloneText> = Vocabulary {
    what: "piece",
    number: AloneText::House,
    words: &[("marked", AloneText::Marked)],
    after_a_number: &[],
};

impl<'de> Deserialize<'de> for ReachText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        REACH.deserialize(deserializer)
    }
}

impl<'de> Deserialize<'de> for PlaceText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        PLACE.deserialize(deserializer)
    }
}

impl<'de> Deserialize<'de> for AloneText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        ALONE.deserialize(deserializer)
    }
}

/// Houses written as text: `"1-25"`, `"15"`, or several joined by commas
/// (`"26,28-30"`), each a low and a high number (checked later). `None`
/// when the text is none of these.
pub(super) fn ranges(text: &str) -> Option<Vec<(i64, i64)>> {
    text.split(',')
        .map(|part| {
            let (low, high) = part.split_once('-').unwrap_or((part, part));
            Some((low.trim().parse().ok()?, high.trim().parse().ok()?))
        })
        .collect()
}

/// What a rules file cannot state, each with the keys a person who looks
/// for it writes: an unknown key among them is answered with what the
/// format lacks, and where the docs say so (`docs/rulesets.md`, "What a
/// rules file cannot say"), rather than with the list of keys alone.
pub(super) static UNSAID: &[(&[&str], &str)] = &[
    (
        &["split", "splits", "divide", "divided", "split_throws"],
        "a throw split between pieces",
    ),
    (
        &[
            "opening",
            "starting_throw",
            "start_throw",
            "first_throw",
            "must_begin",
            "begin_with",
        ],
        "an opening (throwing to decide who is White and moves first)",
    ),
];

/// The keys a person who looks for throws banked before moving writes:
/// an unknown key among them is answered with the key that says it.
pub(super) static BANK_WORDS: &[&str] = &[
    "bank",
    "banked",
    "banks",
    "bank_throws",
    "throws_before_moving",
    "throw_all_first",
    "all_throws_first",
];

/// Whether a refusal of an unknown key (serde's "unknown field `NAME`")
/// names one of [`BANK_WORDS`].
pub(super) fn looks_for_bank(message: &str) -> bool {
    unknown_field(message).is_some_and(|name| BANK_WORDS.contains(&name))
}

/// The `NAME` of serde's "unknown field `NAME`".
fn unknown_field(message: &str) -> Option<&str> {
    message.strip_prefix("unknown field `")?.split('`').next()
}

/// For a refusal of an unknown key (serde's "unknown field `NAME`"), what
/// the format lacks when `NAME` is one of [`UNSAID`]'s keys.
pub(super) fn unsaid(message: &str) -> Option<&'static str> {
    let name = unknown_field(message)?;
    UNSAID
        .iter()
        .find(|(keys, _)| keys.contains(&name))
        .map(|(_, what)| *what)
}
