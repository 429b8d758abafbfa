//! serde for what is played: positions, moves and move lists, turns and records.

use serde::de;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::game::{Ending, Finish, Turn, TurnError};
use crate::house::{House, Side, Target};
use crate::mv::{MAX_MOVES, Move, MoveList};
use crate::notation::move_text::MoveText;
use crate::notation::quote::excerpt;
use crate::position::Position;
use crate::record::{Record, RecordError};
use crate::ruleset::{Contact, Outcome, Ruleset};
use crate::rulesets::ByName;
use crate::serde_impls::strict::{Bounded, Name, Object};
use crate::source::Commitment;
use crate::source::Seed;
use crate::throw::{Roll, Throw};

/// A position: its ruleset's name and its position string.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRepr {
    ruleset: Bounded<RULESET_NAME>,
    position: Bounded<POSITION>,
}

/// The longest ruleset name read.
const RULESET_NAME: usize = 64;

/// The longest position string read: a board of 30 houses, a side and two
/// counts, with room to spare.
const POSITION: usize = 64;

/// The longest tag value of a record ([`Record::MAX_VALUE`]).
const VALUE: usize = Record::MAX_VALUE;

impl<R: Ruleset> Serialize for Position<R> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let repr = PositionRepr {
            ruleset: Bounded(self.ruleset().name().to_owned()),
            position: Bounded(self.to_string()),
        };
        repr.serialize(serializer)
    }
}

impl<'de, R: ByName> Deserialize<'de> for Position<R> {
    /// Reads the ruleset by name ([`ByName`]), then
    /// parses and checks the position string as [`Position::parse`] does.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position<R>, D::Error> {
        let Object(repr) = Object::<PositionRepr>::deserialize(deserializer)?;
        let ruleset = ruleset_named::<R>(&repr.ruleset.0).map_err(de::Error::custom)?;
        Position::parse(ruleset, &repr.position.0).map_err(de::Error::custom)
    }
}

/// The ruleset of type `R` named `name`.
pub(super) fn ruleset_named<R: ByName>(name: &str) -> Result<R, String> {
    let ruleset = R::by_name(name).ok_or_else(|| {
        // The type's own name, without its module path.
        let full = core::any::type_name::<R>();
        let short = full.rsplit("::").next().unwrap_or(full);
        format!(
            "unknown ruleset {:?} for this position type: no ruleset of type {short} goes by that name",
            excerpt(name)
        )
    })?;
    if ruleset.name() != name {
        return Err(format!(
            "a position of {name:?} cannot be read as one of {}",
            ruleset.name()
        ));
    }
    Ok(ruleset)
}

/// A move's fields; the flags are written only when set.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRepr {
    #[serde(deserialize_with = "roll_field")]
    roll: Roll,
    #[serde(deserialize_with = "from_field")]
    from: House,
    #[serde(deserialize_with = "to_field")]
    to: Target,
    #[serde(default, skip_serializing_if = "is_false")]
    swap: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    capture: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    sent: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    backward: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    water: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    wait: bool,
    /// An entry from the hand: `from` and `to` are then both the house
    /// entered, as [`Move::from`] gives it.
    #[serde(default, skip_serializing_if = "is_false")]
    entry: bool,
}

fn is_false(flag: &bool) -> bool {
    !flag
}

/// A move's field, read as its type reads, its error saying which field.
fn field<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
    name: &str,
    deserializer: D,
) -> Result<T, D::Error> {
    T::deserialize(deserializer)
        .map_err(|e| de::Error::custom(format_args!("a move's \"{name}\": {e}")))
}

fn roll_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Roll, D::Error> {
    field("roll", deserializer)
}

fn from_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<House, D::Error> {
    field("from", deserializer)
}

fn to_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Target, D::Error> {
    field("to", deserializer)
}

impl From<Move> for MoveRepr {
    fn from(mv: Move) -> MoveRepr {
        MoveRepr {
            roll: mv.roll(),
            from: mv.from(),
            to: mv.to(),
            swap: mv.is_swap(),
            capture: mv.is_capture(),
            sent: mv.is_sent_away(),
            backward: mv.is_backward(),
            water: mv.is_water(),
            wait: mv.is_wait(),
            entry: mv.is_entry(),
        }
    }
}

impl TryFrom<MoveRepr> for Move {
    type Error = String;
    /// Checks only what makes the fields one move, whatever the ruleset:
    /// the roll, the start and the target are in their types' ranges (read
    /// as such), a landing on a piece is of one kind at most and happens on
    /// a house, a move into the water is written with a house, and
    /// `backward` says whether the written target is below the start (what
    /// [`Move::is_backward`] means). Which roll takes which piece where is
    /// a rule, checked where the move meets a position: [`Position::play`]
    /// refuses a move that is not one of its legal moves.
    fn try_from(r: MoveRepr) -> Result<Move, String> {
        let (from, to, roll) = (r.from, r.to, r.roll);
        let contacts = [("swap", r.swap), ("capture", r.capture), ("sent", r.sent)];
        let mut named = contacts.iter().filter(|(_, on)| *on).map(|(name, _)| *name);
        let hit = named.next();
        if let (Some(first), Some(second)) = (hit, named.next()) {
            return Err(format!(
                "the move {roll}: {from}-{to} says both {first:?} and {second:?}: a move lands on a piece in one way at most"
            ));
        }
        if to == Target::Off {
            if let Some(flag) = hit {
                return Err(format!(
                    "the move {roll}: {from}-off says {flag:?}, but a piece borne off lands on no piece"
                ));
            }
            if r.water {
                return Err(format!(
                    "the move {roll}: {from}-off says \"water\", but a move into the water is written with the water's house, not \"off\""
                ));
            }
        }
        if r.entry {
            let plain = !(r.wait || r.water || r.backward || hit.is_some());
            return if to == Target::House(from) && plain {
                Ok(Move::entry(roll, from))
            } else {
                Err(format!(
                    "the move {roll}: in-{to} says \"entry\": an entry is written with \"from\" and \"to\" both the house entered, and lands on no piece, enters no water and goes nowhere backward"
                ))
            };
        }
        if r.wait != (to == Target::House(from)) {
            return Err(if r.wait {
                format!(
                    "the move {roll}: {from}-{to} says \"wait\", but a wait's target is its start"
                )
            } else {
                format!(
                    "the move {roll}: {from}-{to} ends where it starts, so it is a wait and needs \"wait\": true"
                )
            });
        }
        if r.wait && (hit.is_some() || r.water) {
            return Err(format!(
                "the move {roll}: {from}= is a wait, which lands on no piece and enters no water"
            ));
        }
        let below = to.track_number() < from.number();
        if r.backward != below {
            return Err(if below {
                format!(
                    "the move {roll}: {from}-{to} goes down the track, so it needs \"backward\": true"
                )
            } else {
                format!(
                    "the move {roll}: {from}-{to} says \"backward\", but its target is not below its start"
                )
            });
        }
        let flags = [
            (r.swap, Move::flag_of(Contact::Swap)),
            (r.capture, Move::flag_of(Contact::Capture)),
            (r.sent, Move::flag_of(Contact::SendBack)),
            (r.backward, Move::FLAG_BACKWARD),
            (r.water, Move::FLAG_WATER),
            (r.wait, Move::FLAG_WAIT),
        ];
        let flags = flags
            .iter()
            .filter(|(on, _)| *on)
            .fold(0, |all, (_, f)| all | f);
        Ok(Move::new(roll, from, to, flags))
    }
}

via_object!(Move, MoveRepr);

impl Serialize for MoveList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for MoveList {
    /// At most [`MAX_MOVES`] moves, all of one roll, each from its own
    /// house; read one at a time into the list, refused at the first that
    /// does not fit.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<MoveList, D::Error> {
        struct Moves;
        impl<'de> de::Visitor<'de> for Moves {
            type Value = MoveList;
            fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "a list of at most {MAX_MOVES} moves")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<MoveList, A::Error> {
                let mut list = MoveList::new();
                while let Some(mv) = seq.next_element::<Move>()? {
                    if list.len() == MAX_MOVES {
                        return Err(de::Error::custom(format_args!(
                            "a list holds at most {MAX_MOVES} moves"
                        )));
                    }
                    // A piece may have a move and a wait: the same start,
                    // not the same kind.
                    let kind = |m: &Move| (m.from(), m.is_wait(), m.is_entry());
                    if list
                        .iter()
                        .any(|m| m.roll() != mv.roll() || kind(m) == kind(&mv))
                    {
                        return Err(de::Error::custom(
                            "the moves of a list share one roll, and no two are the same kind of move from the same house",
                        ));
                    }
                    list.push(mv);
                }
                Ok(list)
            }
        }
        deserializer.deserialize_seq(Moves)
    }
}

/// A turn's fields, checked by [`Turn::new`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRepr {
    number: usize,
    side: Name<Side>,
    throw: Throw,
    play: Option<Move>,
    text: MoveText,
}

impl From<Turn> for TurnRepr {
    fn from(turn: Turn) -> TurnRepr {
        TurnRepr {
            number: turn.number(),
            side: Name(turn.side()),
            throw: turn.throw(),
            play: turn.played(),
            text: turn.text(),
        }
    }
}

impl TryFrom<TurnRepr> for Turn {
    type Error = TurnError;
    fn try_from(r: TurnRepr) -> Result<Turn, TurnError> {
        Turn::new(r.number, r.side.0, r.throw, r.play, r.text)
    }
}

/// A finish's fields: `{"ending": "borne_off" | "resignation", "winner":
/// "x" | "o"}` or `{"ending": "draw"}`, as a record's Result and Ending
/// tags must agree.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FinishRepr {
    ending: Ending,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    winner: Option<Name<Side>>,
}

impl From<Finish> for FinishRepr {
    fn from(finish: Finish) -> FinishRepr {
        FinishRepr {
            ending: finish.ending(),
            winner: finish.winner().map(Name),
        }
    }
}

impl TryFrom<FinishRepr> for Finish {
    type Error = String;
    fn try_from(r: FinishRepr) -> Result<Finish, String> {
        let winner = r.winner.map(|Name(side)| side);
        let outcome = match winner {
            Some(side) => Outcome::Win(side),
            None => Outcome::Draw,
        };
        Finish::new(outcome, r.ending).ok_or_else(|| match winner {
            Some(side) => format!(
                "a game ended by {:?} has no winner, found \"winner\": \"{side}\"",
                r.ending.as_str()
            ),
            None => format!(
                "a game ended by {:?} needs its \"winner\"",
                r.ending.as_str()
            ),
        })
    }
}

/// A record's fields, checked as parsing its text would.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordRepr {
    ruleset: Bounded<VALUE>,
    revision: u32,
    #[serde(default)]
    seed: Option<Seed>,
    #[serde(default)]
    start: Option<Bounded<VALUE>>,
    #[serde(default)]
    x: Option<Bounded<VALUE>>,
    #[serde(default)]
    o: Option<Bounded<VALUE>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rules_file: Option<Commitment>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    x_agent: Option<Bounded<VALUE>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    o_agent: Option<Bounded<VALUE>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    site: Option<Bounded<VALUE>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    date: Option<Bounded<VALUE>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    commitment: Option<Commitment>,
    #[serde(default)]
    finish: Option<Finish>,
    throws: Vec<MoveText>,
}

impl From<Record> for RecordRepr {
    fn from(record: Record) -> RecordRepr {
        let text = |s: &str| Bounded(s.to_owned());
        RecordRepr {
            ruleset: text(record.ruleset()),
            revision: record.revision(),
            rules_file: record.rules_file(),
            seed: record.seed(),
            start: record.start().map(text),
            x: record.name(Side::X).map(text),
            o: record.name(Side::O).map(text),
            x_agent: record.agent(Side::X).map(text),
            o_agent: record.agent(Side::O).map(text),
            site: record.site().map(text),
            date: record.date().map(text),
            commitment: record.commitment(),
            finish: record.finish(),
            throws: record.throws().to_vec(),
        }
    }
}

impl TryFrom<RecordRepr> for Record {
    type Error = RecordError;
    fn try_from(r: RecordRepr) -> Result<Record, RecordError> {
        let text = |b: Bounded<VALUE>| b.0;
        let mut record = Record::from_parts(
            r.ruleset.0,
            r.revision,
            r.seed,
            r.start.map(text),
            [r.x.map(text), r.o.map(text)],
            r.finish,
            r.throws,
        )?;
        record.set_agent(Side::X, r.x_agent.map(text).as_deref())?;
        record.set_agent(Side::O, r.o_agent.map(text).as_deref())?;
        record.set_site(r.site.map(text).as_deref())?;
        record.set_date(r.date.map(text).as_deref())?;
        record.set_commitment(r.commitment);
        record.set_rules_file(r.rules_file);
        Ok(record)
    }
}

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
        let ruleset = ruleset_named::<R>(record.ruleset()).map_err(de::Error::custom)?;
        crate::game::Game::resume(&record, ruleset).map_err(de::Error::custom)
    }
}
