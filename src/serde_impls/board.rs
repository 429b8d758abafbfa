//! Houses and boards: a house as its number, a target a number or
//! `"off"`, a set of houses its numbers ascending, a board its sets and
//! counts, each checked for what makes it one value of its type.

use core::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side, Target};
use crate::notation::quote::escaped;

/// A number that must be in range.
#[derive(Serialize, Deserialize)]
#[serde(transparent)]
pub struct Number(pub(super) u8);

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

via_repr!(House, Number);

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
    /// [`Ruleset::pieces_per_side`](crate::Ruleset::pieces_per_side)). How many pieces a side may have is a
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

impl Serialize for crate::bank::Bank {
    /// As the position string writes it: `"124"`, or `"14+"` while the
    /// side still throws.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for crate::bank::Bank {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<crate::bank::Bank, D::Error> {
        let text = String::deserialize(deserializer)?;
        crate::notation::position_string::bank_value(&text).ok_or_else(|| {
            de::Error::custom(format!(
                "{} is not a bank: the banked rolls lowest first, with + while the side still throws (\"124\", \"14+\")",
                escaped(&text)
            ))
        })
    }
}
