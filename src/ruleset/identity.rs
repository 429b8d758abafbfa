//! Which ruleset a value is, from its type alone: the one place that
//! tells the crate's own rulesets from others, so that nothing a ruleset
//! answers can make it pass for one.

use core::any::{Any, TypeId};

use crate::movegen::steps::Steps;
use crate::ruleset::{Direction, Ruleset};
use crate::throw::Roll;
use crate::{AnyRuleset, Compiled};

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
/// rulesets), the built-in's own for [`AnyRuleset`], read from a
/// [`Compiled`] ruleset's tables, and derived on every call otherwise.
#[inline(always)]
pub(crate) fn steps<R: Ruleset>(ruleset: &R, roll: Roll, direction: Direction) -> Steps {
    if let Some(any) = as_type::<R, AnyRuleset>(ruleset) {
        return any.steps(roll, direction);
    }
    #[cfg(feature = "rules-file")]
    if let Some(described) = as_type::<R, crate::Described>(ruleset) {
        return described.steps(roll, direction);
    }
    if let Some(compiled) = as_type::<R, Compiled>(ruleset) {
        return compiled.steps(roll, direction);
    }
    Steps::derive(ruleset, roll, direction)
}

/// The SHA-256 of the rules file `ruleset` was read from, when it was
/// read from one (directly, or compiled): what records carry, so that a
/// replay under another file is refused.
pub(crate) fn rules_file<R: Ruleset>(ruleset: &R) -> Option<crate::source::Commitment> {
    #[cfg(feature = "rules-file")]
    {
        let described = as_type::<R, crate::Described>(ruleset)
            .copied()
            .or_else(|| {
                as_type::<R, Compiled>(ruleset).and_then(|c| c.get::<crate::Described>().copied())
            });
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
/// known from the type, so that no ruleset of another crate can pass for
/// one. A [`Compiled`](crate::Compiled) ruleset is checked, whatever it holds.
#[inline(always)]
pub(crate) fn built_in<R: Ruleset>(_: &R) -> bool {
    listed::<R>().is_some() || TypeId::of::<R>() == TypeId::of::<AnyRuleset>()
}

impl AnyRuleset {
    /// The built-in ruleset that `ruleset` is, known from its type and
    /// never from anything it answers: `None` for a ruleset of your own,
    /// whatever it calls itself and whatever it claims. An [`AnyRuleset`]
    /// is the built-in ruleset it names, and a [`Compiled`](crate::Compiled)
    /// one the built-in ruleset it was compiled from. What is shipped for a
    /// built-in ruleset (a bot's network, tuned weights) is found through
    /// it; it is a key to that data and nothing else (every ruleset's
    /// answers are checked alike, except those of the built-in types and
    /// [`AnyRuleset`], which the crate's tests prove).
    ///
    /// ```
    /// use senet::rulesets::{Kendall, Temple};
    /// use senet::{AnyRuleset, Compiled, Ruleset, ruleset_enum};
    ///
    /// assert_eq!(AnyRuleset::of(&Kendall), Some(AnyRuleset::Kendall));
    /// assert_eq!(AnyRuleset::of(&AnyRuleset::Temple), Some(AnyRuleset::Temple));
    /// assert_eq!(AnyRuleset::of(&Compiled::new(Temple)), Some(AnyRuleset::Temple));
    ///
    /// // An enum of one's own is a ruleset of one's own, whatever it holds.
    /// ruleset_enum! {
    ///     /// Rules of a server.
    ///     pub enum Served {
    ///         /// Temple's rules.
    ///         Temple(Temple),
    ///     }
    /// }
    /// assert_eq!(AnyRuleset::of(&Served::Temple(Temple)), None);
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
    /// #     fn throws_again(&self, roll: senet::Roll, played: Option<senet::Move>) -> bool { Kendall.throws_again(roll, played) }
    /// #     fn outcome(&self, board: &senet::Board) -> Option<senet::Outcome> { Kendall.outcome(board) }
    /// # }
    /// assert_eq!(Impostor.name(), "kendall");
    /// assert_eq!(AnyRuleset::of(&Impostor), None);
    /// assert_eq!(AnyRuleset::of(&Compiled::new(Impostor)), None);
    /// ```
    #[inline]
    pub fn of<R: Ruleset>(ruleset: &R) -> Option<AnyRuleset> {
        if let Some(any) = as_type::<R, AnyRuleset>(ruleset) {
            return Some(*any);
        }
        if let Some(compiled) = as_type::<R, Compiled>(ruleset) {
            return compiled.identity();
        }
        listed::<R>()
    }
}
