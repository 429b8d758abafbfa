//! What the crate asks of a ruleset's hooks beyond their types, checked
//! where it can be: up front by [`Rules::new`](crate::Rules::new),
//! and during play where an answer depends on the board.
//!
//! The built-in rulesets keep every clause (the crate's tests check them);
//! these checks are for a ruleset of your own, whose hooks may answer
//! something that would lose a piece or write a record that cannot be
//! read back.

use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::house::House;

use crate::ruleset::{Contact, Ruleset};
use crate::throw::Roll;

/// A ruleset's hook broke its contract: the answer would lose or
/// duplicate a piece, or use a water the ruleset does not have. The
/// message names the hook and what it answered.
///
/// ```
/// use senet::{Bitboard, Dice, House, Outcome, PositionError, Roll, Ruleset, Rules};
/// use senet::rulesets::{Hook, HookError, Reach};
/// use senet::rulesets::first_home_wins;
///
/// /// A water that always answers house 1, taken or not.
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// struct Leaky;
///
/// impl Ruleset for Leaky {
///     fn name(&self) -> &'static str { "leaky" }
///     fn revision(&self) -> u32 { 1 }
///     fn pieces_per_side(&self) -> u8 { 2 }
///     fn start(&self) -> [Bitboard; 2] {
///         [Bitboard::from_numbers(&[2, 4]), Bitboard::from_numbers(&[1, 3])]
///     }
///     fn dice(&self) -> Dice { Dice::LONG_DIE }
///     fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
///         Some(House::new(from.number() + roll.value()).map_or(Reach::Off, Reach::To))
///     }
///     fn water(&self) -> Option<House> { House::new(20) }
///     fn water_landing(&self, _occupied: Bitboard) -> Option<House> { House::new(1) }
///     fn throws_again(&self, _: Roll, _: Option<senet::Move>) -> bool { false }
///     fn outcome(&self, board: &senet::Board) -> Option<Outcome> { first_home_wins(self, board) }
/// }
///
/// let refused = Rules::new(Leaky).unwrap_err();
/// assert!(matches!(
///     refused,
///     PositionError::Hook(HookError::Occupied { hook: Hook::WaterLanding, house: 1 })
/// ));
/// assert!(refused.to_string().contains("water_landing"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum HookError {
    /// A landing hook answered a house where another piece stands: the
    /// piece sent there would be lost, or two would share the house.
    #[error(
        "`{hook}` answered house {house}, where another piece stands; a piece sent there would be lost"
    )]
    Occupied {
        /// [`Hook::WaterLanding`] or [`Hook::ReturnLanding`].
        hook: Hook,
        /// The house it answered.
        house: u8,
    },
    /// A geometry hook sends a piece into the water of a ruleset whose
    /// [`Ruleset::water`] says it has none.
    #[error(
        "`{hook}` sends the piece on house {from} with a {roll} into the water, but `water` says the ruleset has none"
    )]
    NoWater {
        /// [`Hook::Forward`] or [`Hook::Backward`].
        hook: Hook,
        /// The start house.
        from: u8,
        /// The roll.
        roll: u8,
    },
    /// [`Ruleset::water_to_hand`] sends a piece from the water to the
    /// hand, but the ruleset has no water or no roll that enters a piece.
    #[error(
        "`water_to_hand` sends a piece from the water to its hand, but the ruleset has no water or no roll that enters a piece again"
    )]
    HandWithoutEntry,
    /// [`Ruleset::banks_throws`] banks throws, but every roll gives
    /// another throw, so the throwing would never end.
    #[error(
        "`banks_throws` banks every throw while another follows, but every roll gives another throw: the throwing would never end"
    )]
    EndlessBank,
    /// [`Ruleset::banks_throws`] banks throws in a ruleset where a side
    /// needs a roll to begin ([`Ruleset::begins_with`]): a bank is
    /// played by a side that may move, so the two do not go together.
    #[error(
        "`banks_throws` banks throws, but `begins_with` makes a side throw a roll to begin: the two do not go together"
    )]
    BankBeforeBeginning,
}

/// The hooks whose answers the crate checks, named as the trait names them.
///
/// ```
/// assert_eq!(senet::rulesets::Hook::WaterLanding.to_string(), "water_landing");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum Hook {
    /// [`Ruleset::forward`].
    Forward,
    /// [`Ruleset::backward`].
    Backward,
    /// [`Ruleset::water_landing`].
    WaterLanding,
    /// [`Ruleset::return_landing`].
    ReturnLanding,
    /// [`Ruleset::send_back`].
    SendBack,
}

impl core::fmt::Display for Hook {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Hook::Forward => "forward",
            Hook::Backward => "backward",
            Hook::WaterLanding => "water_landing",
            Hook::ReturnLanding => "return_landing",
            Hook::SendBack => "send_back",
        })
    }
}

/// Whether any landing of `ruleset` removes a piece from the game for
/// good ([`Contact::Capture`] from [`Ruleset::contact_at`] anywhere): then
/// a side may have fewer pieces than it started with. The one statement
/// of that rule, used by position validation and the endgame tables alike.
///
/// A ruleset whose hooks are plain functions of their arguments, as
/// every built-in one is, gets this as a constant.
///
/// ```
/// use senet::rulesets::{Bell, Kendall, removes_pieces};
///
/// assert!(removes_pieces(&Bell)); // Bell captures
/// assert!(!removes_pieces(&Kendall)); // Kendall swaps
/// ```
pub fn removes_pieces<R: Ruleset>(ruleset: &R) -> bool {
    let captures = |start: House| {
        House::all().any(|target| ruleset.contact_at(start, target) == Some(Contact::Capture))
    };
    ruleset.contact() == Contact::Capture || House::all().any(captures)
}

/// Whether some roll of `ruleset` enters a piece from the hand
/// ([`Ruleset::enters`]): then a side's pieces neither on the board nor
/// borne off are in its hand. Five questions at most.
///
/// ```
/// use senet::rulesets::{Kendall, enters_pieces};
///
/// assert!(!enters_pieces(&Kendall));
/// ```
pub fn enters_pieces<R: Ruleset>(ruleset: &R) -> bool {
    ruleset
        .dice()
        .rolls()
        .any(|roll| ruleset.enters(roll).is_some())
}

/// Whether `ruleset` ever takes a turn away
/// ([`Ruleset::loses_next_turn`] answering true): asked of every move
/// and wait a move can be (start, target, roll, direction, the water),
/// so a few thousand questions. Position validation asks it only of a
/// position that claims a lost turn; a display asks it once.
///
/// ```
/// use senet::rulesets::{Kendall, takes_turns};
///
/// assert!(!takes_turns(&Kendall));
/// ```
pub fn takes_turns<R: Ruleset>(ruleset: &R) -> bool {
    use crate::mv::Move;
    House::all().any(|from| {
        ruleset.dice().rolls().any(|roll| {
            ruleset.loses_next_turn(Move::wait(roll, from))
                || ruleset.loses_next_turn(Move::entry(roll, from))
                || (1..=House::COUNT + 1).any(|to| {
                    let back = if to < from.number() {
                        Move::FLAG_BACKWARD
                    } else {
                        0
                    };
                    [0, Move::FLAG_WATER].into_iter().any(|water| {
                        ruleset.loses_next_turn(Move::raw(roll, from.number(), to, back | water))
                    })
                })
        })
    })
}

/// Where a landing hook's answer leaves a piece, checked: `Ok(None)`
/// when it says nowhere, an error when it answers a taken house.
///
/// `trusted` skips the check: the crate's own rulesets (see
/// `built_in`), whose tests prove their answers.
#[inline(always)]
pub(crate) fn checked_landing(
    hook: Hook,
    answer: Option<House>,
    occupied: Bitboard,
    trusted: bool,
) -> Result<Option<House>, HookError> {
    match answer {
        Some(house) if !trusted && occupied.contains(house) => Err(HookError::Occupied {
            hook,
            house: house.number(),
        }),
        answer => Ok(answer),
    }
}

/// Sets of taken houses the landing hooks are tried on up front: the
/// start, the empty board, and a fixed spread of boards of every
/// density. A hook that ignores what is taken fails on one of them.
pub(crate) fn probes<R: Ruleset>(ruleset: &R) -> impl Iterator<Item = Bitboard> {
    let [x, o] = ruleset.start();
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let spread = (0..64u32).map(move |i| {
        // A small fixed generator (splitmix64): the same boards every time.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        // Sparser boards for the first probes, denser ones later.
        let bits = (z as u32) & ((z >> 32) as u32 | if i < 32 { 0 } else { u32::MAX });
        Bitboard::from_bits(bits)
    });
    [Bitboard::EMPTY, x | o].into_iter().chain(spread)
}

pub(crate) fn no_water(hook: Hook, from: House, roll: Roll) -> HookError {
    HookError::NoWater {
        hook,
        from: from.number(),
        roll: roll.value(),
    }
}
