//! `AnyRuleset`: a built-in ruleset chosen at run time, from a name such as `"kendall"`.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::moves::Move;
use crate::record::quote::excerpt;
use crate::ruleset::{Contact, Direction, Outcome, Reach, Refusal, Ruleset, Steps};
use crate::rulesets::{Bell, Classic, Jequier, Kendall, Kendall1979, Skyruk, Temple};
use crate::throw::{Dice, Roll};

/// One of the built-in rulesets, picked at run time.
///
/// It implements [`Ruleset`] by forwarding each hook, so
/// `Position<AnyRuleset>` works everywhere a concrete ruleset does. For the
/// fastest code, match on it once and call generic code with the concrete
/// type (see the `playouts` example).
///
/// It has no default: a position or a game chosen at run time always names
/// its ruleset (`Position::parse(ruleset, text)`), so text of one ruleset
/// is never read silently as another's. To put rulesets of your own beside
/// the built-in ones, declare your own type with
/// [`ruleset_enum!`](crate::ruleset_enum).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum AnyRuleset {
    /// [`Kendall`]: Kendall 1978, as modern sets play it.
    Kendall,
    /// [`Temple`]: the French reconstruction against the guardian.
    Temple,
    /// [`Bell`]: R. C. Bell 1960, ten pieces, captures and points.
    Bell,
    /// [`Classic`]: the French traditional page, no jumping.
    Classic,
    /// [`Jequier`]: G. Jéquier, sticks that count 6, pieces sent back.
    Jequier,
    /// [`Kendall1979`]: Kendall's 1979 booklet, seven pieces, marked pieces.
    Kendall1979,
    /// [`Skyruk`]: D. Skyruk, groups that protect and block.
    Skyruk,
}

impl AnyRuleset {
    /// Every built-in ruleset.
    pub const ALL: [AnyRuleset; 7] = [
        AnyRuleset::Kendall,
        AnyRuleset::Temple,
        AnyRuleset::Bell,
        AnyRuleset::Classic,
        AnyRuleset::Jequier,
        AnyRuleset::Kendall1979,
        AnyRuleset::Skyruk,
    ];
}

/// Forwards one hook call to the concrete ruleset.
macro_rules! dispatch {
    ($self:expr, $r:ident => $call:expr) => {
        match $self {
            AnyRuleset::Kendall => {
                let $r = Kendall;
                $call
            }
            AnyRuleset::Temple => {
                let $r = Temple;
                $call
            }
            AnyRuleset::Bell => {
                let $r = Bell;
                $call
            }
            AnyRuleset::Classic => {
                let $r = Classic;
                $call
            }
            AnyRuleset::Jequier => {
                let $r = Jequier;
                $call
            }
            AnyRuleset::Kendall1979 => {
                let $r = Kendall1979;
                $call
            }
            AnyRuleset::Skyruk => {
                let $r = Skyruk;
                $call
            }
        }
    };
}

impl crate::rulesets::sealed::Sealed for AnyRuleset {}
impl crate::rulesets::BuiltIn for AnyRuleset {}

impl Ruleset for AnyRuleset {
    fn name(&self) -> &'static str {
        dispatch!(self, r => r.name())
    }
    fn revision(&self) -> u32 {
        dispatch!(self, r => r.revision())
    }
    fn side_name(&self, side: Side) -> &'static str {
        dispatch!(self, r => r.side_name(side))
    }
    fn pieces_per_side(&self) -> u8 {
        dispatch!(self, r => r.pieces_per_side())
    }
    fn start(&self) -> [Bitboard; 2] {
        dispatch!(self, r => r.start())
    }
    fn dice(&self) -> Dice {
        dispatch!(self, r => r.dice())
    }
    #[inline]
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        dispatch!(self, r => r.forward(from, roll))
    }
    #[inline]
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        dispatch!(self, r => r.backward(from, roll))
    }
    fn must_play_first(&self) -> Bitboard {
        dispatch!(self, r => r.must_play_first())
    }
    #[inline]
    fn movable(&self, board: &Board, side: Side) -> Bitboard {
        dispatch!(self, r => r.movable(board, side))
    }
    fn may_bear_off(&self, board: &Board, side: Side) -> bool {
        dispatch!(self, r => r.may_bear_off(board, side))
    }
    fn impassable(&self, board: &Board, mover: Side, direction: Direction) -> Bitboard {
        dispatch!(self, r => r.impassable(board, mover, direction))
    }
    fn safe_houses(&self) -> Bitboard {
        dispatch!(self, r => r.safe_houses())
    }
    #[inline]
    fn shielded(&self, board: &Board, owner: Side) -> Bitboard {
        dispatch!(self, r => r.shielded(board, owner))
    }
    fn contact(&self) -> Contact {
        dispatch!(self, r => r.contact())
    }
    fn contact_at(&self, start: House, target: House) -> Option<Contact> {
        dispatch!(self, r => r.contact_at(start, target))
    }
    fn return_landing(&self, occupied: Bitboard) -> Option<House> {
        dispatch!(self, r => r.return_landing(occupied))
    }
    fn marks_returns(&self) -> bool {
        dispatch!(self, r => r.marks_returns())
    }
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        dispatch!(self, r => r.water_landing(occupied))
    }
    fn water(&self) -> Option<House> {
        dispatch!(self, r => r.water())
    }
    fn house_mark(&self, house: House) -> Option<&'static str> {
        dispatch!(self, r => r.house_mark(house))
    }
    fn why(&self, refusal: Refusal) -> &'static str {
        dispatch!(self, r => r.why(refusal))
    }
    /// Forwarded, so that each ruleset keeps its own constant tables.
    #[inline]
    fn steps(&self, roll: Roll, direction: Direction) -> Steps {
        dispatch!(self, r => r.steps(roll, direction))
    }
    fn throws_again(&self, roll: Roll, played: Option<Move>) -> bool {
        dispatch!(self, r => r.throws_again(roll, played))
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        dispatch!(self, r => r.outcome(board))
    }
}

impl fmt::Display for AnyRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name given is not a built-in ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "unknown ruleset {found:?}; expected one of kendall, temple, bell, classic, jequier, kendall1979, skyruk"
)]
pub struct UnknownRuleset {
    /// The name as given, or its start when it is long (at most 60
    /// bytes once escaped; a cut is marked `…`).
    pub found: String,
}

impl FromStr for AnyRuleset {
    type Err = UnknownRuleset;

    /// Parses a ruleset name: exactly the lower-case name of a built-in ruleset.
    fn from_str(s: &str) -> Result<AnyRuleset, UnknownRuleset> {
        AnyRuleset::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| UnknownRuleset { found: excerpt(s) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in AnyRuleset::ALL {
            assert_eq!(r.to_string().parse::<AnyRuleset>(), Ok(r));
        }
        assert!("Kendall".parse::<AnyRuleset>().is_err());
        assert!("".parse::<AnyRuleset>().is_err());
    }
}
