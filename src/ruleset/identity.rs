//! Which ruleset a value is, from its type alone: the one place that
//! tells the crate's own rulesets from others, so that nothing a ruleset
//! answers can make it pass for one.

use core::any::{Any, TypeId};

use crate::movegen::steps::Steps;
use crate::ruleset::{Direction, Ruleset};
use crate::throw::Roll;
use crate::{AnyRuleset, Rules};

/// `ruleset` as a `T`, when it is one: a test of types the compiler
/// answers when it compiles each use, so a branch on it costs nothing.
#[inline(always)]
pub(crate) fn as_type<R: Ruleset, T: Ruleset>(ruleset: &R) -> Option<&T> {
    if TypeId::of::<R>() == TypeId::of::<T>() {
        (ruleset as &dyn Any).downcast_ref()
    } else {
        None
    }
}

/// The move generator's table of `roll` going `direction` for `ruleset`:
/// derived from its hooks where the compiler can fold them (the built-in
/// rulesets), the built-in's own for [`AnyRuleset`], read from the tables
/// a [`Rules`] keeps, and derived on every call otherwise.
#[inline(always)]
pub(crate) fn steps<R: Ruleset>(ruleset: &R, roll: Roll, direction: Direction) -> Steps {
    if let Some(any) = as_type::<R, AnyRuleset>(ruleset) {
        return any.steps(roll, direction);
    }
    #[cfg(feature = "rules-file")]
    if let Some(described) = as_type::<R, crate::Described>(ruleset) {
        return described.steps(roll, direction);
    }
    if let Some(rules) = as_type::<R, Rules>(ruleset) {
        return rules.steps(roll, direction);
    }
    Steps::derive(ruleset, roll, direction)
}

/// The SHA-256 of the rules file `ruleset` was read from, when it was
/// read from one: what records carry, so that a replay under another
/// file is refused.
pub(crate) fn rules_file<R: Ruleset>(ruleset: &R) -> Option<crate::source::Commitment> {
    #[cfg(feature = "rules-file")]
    {
        let described = as_type::<R, crate::Described>(ruleset)
            .copied()
            .or_else(|| as_type::<R, Rules>(ruleset).and_then(Rules::file));
        if let Some(described) = described {
            return Some(crate::source::Commitment::from_bytes(described.digest()));
        }
    }
    let _ = ruleset;
    None
}

/// Which ruleset of the list `R` is, from its type alone (never from
/// anything a ruleset answers): a comparison of types that the compiler
/// makes when it compiles each use.
#[inline(always)]
pub(crate) fn listed<R: Ruleset>() -> Option<AnyRuleset> {
    macro_rules! find {
        ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {
            $(
                if TypeId::of::<R>() == TypeId::of::<crate::rulesets::$ty>() {
                    return Some(AnyRuleset::$ty);
                }
            )*
        };
    }
    crate::for_each_builtin!(find);
    None
}

/// Whether `ruleset` is one of the crate's own, whose hook answers its
/// tests prove: a built-in ruleset's type or [`AnyRuleset`](crate::AnyRuleset),
/// known from the type, or a [`Rules`] that holds one (known from how it
/// was made, never from what it answers), so that no ruleset of another
/// crate can pass for one.
#[inline(always)]
pub(crate) fn built_in<R: Ruleset>(ruleset: &R) -> bool {
    listed::<R>().is_some()
        || TypeId::of::<R>() == TypeId::of::<AnyRuleset>()
        || as_type::<R, Rules>(ruleset).is_some_and(|rules| rules.built_in().is_some())
}

impl AnyRuleset {
    /// The built-in ruleset that `ruleset` is, known from its type and
    /// never from anything it answers: `None` for a ruleset of your own,
    /// whatever it calls itself and whatever it claims. An [`AnyRuleset`]
    /// is the built-in ruleset it names, and a [`Rules`](crate::Rules) the
    /// built-in ruleset it holds. What is shipped for a
    /// built-in ruleset (a bot's network, tuned weights) is found through
    /// it; it is a key to that data and nothing else (every ruleset's
    /// answers are checked alike, except those of the built-in types and
    /// [`AnyRuleset`], which the crate's tests prove).
    ///
    /// ```
    /// use senet::rulesets::{Kendall, Temple};
    /// use senet::{AnyRuleset, Ruleset, Rules};
    ///
    /// assert_eq!(AnyRuleset::of(&Kendall), Some(AnyRuleset::Kendall));
    /// assert_eq!(AnyRuleset::of(&AnyRuleset::Temple), Some(AnyRuleset::Temple));
    /// assert_eq!(AnyRuleset::of(&Rules::from(Temple)), Some(AnyRuleset::Temple));
    ///
    /// // A ruleset of one's own is none of them, even named as one.
    /// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    /// struct Impostor;
    /// # impl Ruleset for Impostor {
    /// #     fn name(&self) -> &'static str { "kendall" }
    /// #     fn revision(&self) -> u32 { Kendall.revision() }
    /// #     fn pieces_per_side(&self) -> u8 { Kendall.pieces_per_side() }
    /// #     fn start(&self) -> [senet::Bitboard; 2] { Kendall.start() }
    /// #     fn dice(&self) -> senet::Dice { Kendall.dice() }
    /// #     fn forward(&self, from: senet::House, roll: senet::Roll) -> Option<senet::rulesets::Reach> { Kendall.forward(from, roll) }
    /// #     fn water(&self) -> Option<senet::House> { Kendall.water() }
    /// #     fn water_landing(&self, occupied: senet::Bitboard) -> Option<senet::House> { Kendall.water_landing(occupied) }
    /// #     fn throws_again(&self, roll: senet::Roll, played: Option<senet::Move>) -> bool { Kendall.throws_again(roll, played) }
    /// #     fn outcome(&self, board: &senet::Board) -> Option<senet::Outcome> { Kendall.outcome(board) }
    /// # }
    /// assert_eq!(Impostor.name(), "kendall");
    /// assert_eq!(AnyRuleset::of(&Impostor), None);
    /// assert_eq!(AnyRuleset::of(&Rules::new(Impostor)?), None);
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    #[inline]
    pub fn of<R: Ruleset>(ruleset: &R) -> Option<AnyRuleset> {
        if let Some(any) = as_type::<R, AnyRuleset>(ruleset) {
            return Some(*any);
        }
        if let Some(rules) = as_type::<R, Rules>(ruleset) {
            return rules.built_in();
        }
        listed::<R>()
    }
}
