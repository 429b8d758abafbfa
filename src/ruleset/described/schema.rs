//! A rules file as written: its keys, read with serde from whatever
//! syntax the file is in, before any check. `docs/rulesets.md` documents
//! every key.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::{self, Deserializer, SeqAccess, Visitor};

pub(super) use super::vocabulary::{AloneText, PlaceText, ReachText};

/// The keys of a rules file as written, before any check: what a
/// [`RulesFormat`](crate::RulesFormat) makes of a file's text, with
/// serde (its `Deserialize` form is the one `docs/rulesets.md`
/// documents, whatever the syntax). Opaque: only
/// [`Rules::read`](crate::Rules::read) reads it, so
/// that no ruleset is made of keys apart from the text, whose SHA-256
/// its records carry.
#[derive(Deserialize)]
#[serde(transparent)]
pub struct RulesSchema(File);

impl RulesSchema {
    /// The keys, for the checks.
    pub(super) fn into_file(self) -> File {
        self.0
    }
}

impl std::fmt::Debug for RulesSchema {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RulesSchema")
            .field("name", &self.0.name)
            .field("revision", &self.0.revision)
            .finish_non_exhaustive()
    }
}

/// The whole file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct File {
    pub(super) name: String,
    pub(super) revision: u32,
    #[serde(default)]
    pub(super) title: String,
    #[serde(default)]
    pub(super) source: String,
    pub(super) pieces: u8,
    /// An implement's name, as [`Dice::name`](crate::Dice::name) writes it.
    pub(super) implement: String,
    #[serde(default)]
    pub(super) sides: Sides,
    pub(super) start: Start,
    pub(super) forward: Moves,
    #[serde(default)]
    pub(super) backward: Moves,
    #[serde(default)]
    pub(super) movable: Movable,
    #[serde(default)]
    pub(super) bearing_off: BearingOff,
    #[serde(default)]
    pub(super) blockade: Option<Blockade>,
    #[serde(default)]
    pub(super) protection: Protection,
    #[serde(default)]
    pub(super) contact: Contact,
    #[serde(default)]
    pub(super) water: Option<Water>,
    #[serde(default)]
    pub(super) mark: Option<Mark>,
    #[serde(default)]
    pub(super) wait: BTreeMap<String, Vec<u8>>,
    #[serde(default)]
    pub(super) enter: BTreeMap<String, i64>,
    #[serde(default)]
    pub(super) lose_turn: Option<LoseTurn>,
    #[serde(default)]
    pub(super) begin: Begin,
    #[serde(default)]
    pub(super) throw_again: Again,
    #[serde(default)]
    pub(super) winner: Winner,
    #[serde(default)]
    pub(super) drawing: BTreeMap<String, String>,
    #[serde(default)]
    pub(super) refusals: Refusals,
}

/// `[sides]`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct Sides {
    pub(super) x: Option<String>,
    pub(super) o: Option<String>,
    pub(super) x_colour: Option<String>,
    pub(super) o_colour: Option<String>,
    pub(super) house: Option<SideName>,
}

/// A side, as `"x"` or `"o"`.
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub(super) enum SideName {
    X,
    O,
}

/// `[start]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Start {
    pub(super) x: Houses,
    pub(super) o: Houses,
}

/// `[forward]` and `[backward]`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct Moves {
    #[serde(default)]
    pub(super) step: Houses,
    pub(super) stop: Option<u8>,
    #[serde(default)]
    pub(super) past_stop: PastStop,
    #[serde(default)]
    pub(super) past_the_end: PastEnd,
    #[serde(default)]
    pub(super) from: BTreeMap<String, BTreeMap<String, ReachText>>,
}

/// `past_stop`.
#[derive(Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub(super) enum PastStop {
    #[default]
    Refused,
    StopsThere,
}

/// `past_the_end`.
#[derive(Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub(super) enum PastEnd {
    #[default]
    Refused,
    Off,
}

/// `[movable]`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct Movable {
    #[serde(default)]
    pub(super) alone: Vec<AloneText>,
    #[serde(default)]
    pub(super) wait_below_a_piece: Houses,
    #[serde(default)]
    pub(super) first: Houses,
}

/// `[bearing_off]`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct BearingOff {
    pub(super) when_all_on: Option<Houses>,
}

/// `[blockade]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Blockade {
    pub(super) kind: BlockadeKind,
    pub(super) length: Option<u8>,
    pub(super) houses: Option<Houses>,
}

/// `blockade.kind`.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub(super) enum BlockadeKind {
    Run,
    Group,
    EveryPiece,
}

/// `[protection]`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct Protection {
    #[serde(default)]
    pub(super) safe: Houses,
    #[serde(default)]
    pub(super) neighbours: Neighbours,
    #[serde(default)]
    pub(super) lost_to_a_marked_piece: bool,
}

/// `protection.neighbours`.
#[derive(Deserialize, Default, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub(super) enum Neighbours {
    #[default]
    None,
    Any,
    ExactlyOne,
    Every,
}

/// `[contact]`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct Contact {
    #[serde(default)]
    pub(super) usual: ContactKind,
    #[serde(default)]
    pub(super) send_back_to: Vec<PlaceText>,
    #[serde(default)]
    pub(super) except: Vec<Exception>,
}

/// What a landing on an opponent's piece does.
#[derive(Deserialize, Default, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub(super) enum ContactKind {
    #[default]
    Swap,
    Capture,
    SendBack,
    Drown,
    Refused,
}

/// `[[contact.except]]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Exception {
    pub(super) from: Option<Houses>,
    pub(super) to: Option<Houses>,
    pub(super) moving: Option<Way>,
    pub(super) then: ContactKind,
}

/// `moving`.
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub(super) enum Way {
    Forward,
    Backward,
}

/// `[water]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Water {
    pub(super) house: u8,
    pub(super) lands: Vec<PlaceText>,
    #[serde(default)]
    pub(super) returns_to: Vec<PlaceText>,
}

/// `[mark]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Mark {
    pub(super) house: u8,
    #[serde(default)]
    pub(super) after_moving_from: Houses,
    #[serde(default)]
    pub(super) after_entering: bool,
}

/// `[throw_again]`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct Again {
    #[serde(default)]
    pub(super) rolls: Vec<u8>,
    #[serde(default)]
    pub(super) after_no_move: bool,
    #[serde(default)]
    pub(super) after_entering: bool,
    #[serde(default)]
    pub(super) after_moving_to: Houses,
    #[serde(default)]
    pub(super) never_after_moving_from: Houses,
    #[serde(default)]
    pub(super) before_moving: bool,
}

/// `[lose_turn]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LoseTurn {
    pub(super) after_moving_from: Option<Houses>,
    pub(super) after_moving_to: Option<Houses>,
}

/// `[begin]`: the roll each side must throw before it moves.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct Begin {
    pub(super) x: Option<u8>,
    pub(super) o: Option<u8>,
}

/// `winner`.
#[derive(Deserialize, Default, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub(super) enum Winner {
    #[default]
    FirstHome,
    MostBorneOff,
}

/// `[refusals]`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct Refusals {
    #[serde(default)]
    pub(super) no_step: BTreeMap<String, String>,
    pub(super) blocked: Option<String>,
    pub(super) protected: Option<String>,
    pub(super) not_displaced: Option<String>,
    pub(super) held: Option<String>,
    pub(super) no_bearing_off: Option<String>,
}

/// A set of house numbers: `15`, `"1-25"`, or an array of either.
#[derive(Default, Clone, Debug, PartialEq, Eq)]
pub(super) struct Houses(pub(super) Vec<(i64, i64)>);

impl<'de> Deserialize<'de> for Houses {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Set;
        const EXPECTING: &str = "a house number, a range such as \"1-25\" (or several: \"26,28-30\"), or an array of them";
        impl<'de> Visitor<'de> for Set {
            type Value = Houses;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(EXPECTING)
            }
            fn visit_i64<E: de::Error>(self, value: i64) -> Result<Houses, E> {
                Ok(Houses(vec![(value, value)]))
            }
            fn visit_u64<E: de::Error>(self, value: u64) -> Result<Houses, E> {
                let value = i64::try_from(value).map_err(|_| E::custom("number out of range"))?;
                self.visit_i64(value)
            }
            fn visit_str<E: de::Error>(self, value: &str) -> Result<Houses, E> {
                match super::vocabulary::ranges(value) {
                    Some(ranges) => Ok(Houses(ranges)),
                    None => Err(E::invalid_value(de::Unexpected::Str(value), &self)),
                }
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Houses, A::Error> {
                let mut all = Vec::new();
                while let Some(Houses(more)) = seq.next_element::<Houses>()? {
                    all.extend(more);
                }
                Ok(Houses(all))
            }
        }
        deserializer.deserialize_any(Set)
    }
}
