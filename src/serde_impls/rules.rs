//! How a ruleset's rules are written: where a roll carries a piece, what
//! landing on an opponent does, the effects of a move, a setup and a
//! playout, and a ruleset's refusals.

use serde::{Deserialize, Serialize};

use crate::house::House;
use crate::ruleset::{Contact, Reach, Ruleset};

crate::object_only!(crate::effect::Effect);
crate::object_only!(crate::effect::Release);
crate::object_only!(crate::setup::Setup);
crate::object_only!([R: Ruleset] crate::playout::Playout<R> [R: crate::rulesets::ByName]);

names_escaped!(
    crate::effect::Way,
    crate::effect::Rest,
    crate::effect::Hit,
    crate::ruleset::Refusal,
    crate::game::Thrown,
    ReachRepr,
    ContactRepr,
);

/// Where a roll carries a piece.
#[derive(Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "snake_case")]
pub enum ReachRepr {
    /// Along the track to a house.
    To(House),
    /// Off the board.
    Off,
    /// Into the water along the track.
    Water,
    /// Straight into the water.
    Fall,
    /// To a house if it is empty, else into the water.
    ToElseWater(House),
    /// Out of the water to where the ruleset says.
    Return,
}

impl From<Reach> for ReachRepr {
    fn from(reach: Reach) -> ReachRepr {
        match reach {
            Reach::To(house) => ReachRepr::To(house),
            Reach::Off => ReachRepr::Off,
            Reach::Water => ReachRepr::Water,
            Reach::Fall => ReachRepr::Fall,
            Reach::ToElseWater(house) => ReachRepr::ToElseWater(house),
            Reach::Return => ReachRepr::Return,
        }
    }
}

impl TryFrom<ReachRepr> for Reach {
    type Error = String;
    fn try_from(repr: ReachRepr) -> Result<Reach, String> {
        Ok(match repr {
            ReachRepr::To(house) => Reach::To(house),
            ReachRepr::Off => Reach::Off,
            ReachRepr::Water => Reach::Water,
            ReachRepr::Fall => Reach::Fall,
            ReachRepr::ToElseWater(house) => Reach::ToElseWater(house),
            ReachRepr::Return => Reach::Return,
        })
    }
}

via_repr!(Reach, ReachRepr);

/// What landing on an opponent does.
#[derive(Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "snake_case")]
pub enum ContactRepr {
    /// The pieces swap.
    Swap,
    /// The opponent's piece is captured.
    Capture,
    /// The opponent's piece goes back to the lowest empty house.
    SendBack,
    /// The opponent's piece goes into the water.
    Drown,
}

impl From<Contact> for ContactRepr {
    fn from(contact: Contact) -> ContactRepr {
        match contact {
            Contact::Swap => ContactRepr::Swap,
            Contact::Capture => ContactRepr::Capture,
            Contact::SendBack => ContactRepr::SendBack,
            Contact::Drown => ContactRepr::Drown,
        }
    }
}

impl TryFrom<ContactRepr> for Contact {
    type Error = String;
    fn try_from(repr: ContactRepr) -> Result<Contact, String> {
        Ok(match repr {
            ContactRepr::Swap => Contact::Swap,
            ContactRepr::Capture => Contact::Capture,
            ContactRepr::SendBack => Contact::SendBack,
            ContactRepr::Drown => Contact::Drown,
        })
    }
}

via_repr!(Contact, ContactRepr);
