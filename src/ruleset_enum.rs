//! Several rulesets behind one run-time type, every hook forwarded.

/// Implements [`Ruleset`](crate::Ruleset) for `$ty` by forwarding every
/// hook, the provided ones too, to the ruleset each match arm
/// gives: `$pattern => $ruleset`. The one list of the trait's hooks that
/// [`ruleset_enum!`] and [`AnyRuleset`](crate::AnyRuleset) share.
#[doc(hidden)]
#[macro_export]
macro_rules! __forward_ruleset {
    ($ty:ty { $( $pattern:pat => $ruleset:expr ),+ $(,)? }) => {
        impl $crate::Ruleset for $ty {
            fn name(&self) -> &'static str {
                match self { $( $pattern => $crate::Ruleset::name(&$ruleset), )+ }
            }
            fn revision(&self) -> u32 {
                match self { $( $pattern => $crate::Ruleset::revision(&$ruleset), )+ }
            }
            fn side_name(&self, side: $crate::Side) -> &'static str {
                match self { $( $pattern => $crate::Ruleset::side_name(&$ruleset, side), )+ }
            }
            fn colour(&self, side: $crate::Side) -> Option<&'static str> {
                match self { $( $pattern => $crate::Ruleset::colour(&$ruleset, side), )+ }
            }
            fn house_side(&self) -> Option<$crate::Side> {
                match self { $( $pattern => $crate::Ruleset::house_side(&$ruleset), )+ }
            }
            fn pieces_per_side(&self) -> u8 {
                match self { $( $pattern => $crate::Ruleset::pieces_per_side(&$ruleset), )+ }
            }
            fn start(&self) -> [$crate::Bitboard; 2] {
                match self { $( $pattern => $crate::Ruleset::start(&$ruleset), )+ }
            }
            fn dice(&self) -> $crate::Dice {
                match self { $( $pattern => $crate::Ruleset::dice(&$ruleset), )+ }
            }
            #[inline]
            fn forward(&self, from: $crate::House, roll: $crate::Roll) -> Option<$crate::rulesets::Reach> {
                match self { $( $pattern => $crate::Ruleset::forward(&$ruleset, from, roll), )+ }
            }
            #[inline]
            fn backward(&self, from: $crate::House, roll: $crate::Roll) -> Option<$crate::rulesets::Reach> {
                match self { $( $pattern => $crate::Ruleset::backward(&$ruleset, from, roll), )+ }
            }
            fn must_play_first(&self) -> $crate::Bitboard {
                match self { $( $pattern => $crate::Ruleset::must_play_first(&$ruleset), )+ }
            }
            #[inline]
            fn movable(&self, board: &$crate::Board, side: $crate::Side) -> $crate::Bitboard {
                match self { $( $pattern => $crate::Ruleset::movable(&$ruleset, board, side), )+ }
            }
            #[inline]
            fn may_bear_off(&self, board: &$crate::Board, side: $crate::Side) -> bool {
                match self { $( $pattern => $crate::Ruleset::may_bear_off(&$ruleset, board, side), )+ }
            }
            #[inline]
            fn impassable(&self, board: &$crate::Board, mover: $crate::Side, direction: $crate::rulesets::Direction) -> $crate::Bitboard {
                match self { $( $pattern => $crate::Ruleset::impassable(&$ruleset, board, mover, direction), )+ }
            }
            fn safe_houses(&self) -> $crate::Bitboard {
                match self { $( $pattern => $crate::Ruleset::safe_houses(&$ruleset), )+ }
            }
            #[inline]
            fn shielded(&self, board: &$crate::Board, owner: $crate::Side) -> $crate::Bitboard {
                match self { $( $pattern => $crate::Ruleset::shielded(&$ruleset, board, owner), )+ }
            }
            fn contact(&self) -> $crate::rulesets::Contact {
                match self { $( $pattern => $crate::Ruleset::contact(&$ruleset), )+ }
            }
            #[inline]
            fn contact_at(&self, start: $crate::House, target: $crate::House) -> Option<$crate::rulesets::Contact> {
                match self { $( $pattern => $crate::Ruleset::contact_at(&$ruleset, start, target), )+ }
            }
            fn water_landing(&self, occupied: $crate::Bitboard) -> Option<$crate::House> {
                match self { $( $pattern => $crate::Ruleset::water_landing(&$ruleset, occupied), )+ }
            }
            fn return_landing(&self, occupied: $crate::Bitboard) -> Option<$crate::House> {
                match self { $( $pattern => $crate::Ruleset::return_landing(&$ruleset, occupied), )+ }
            }
            fn send_back(&self, occupied: $crate::Bitboard) -> Option<$crate::House> {
                match self { $( $pattern => $crate::Ruleset::send_back(&$ruleset, occupied), )+ }
            }
            fn marks(&self, played: $crate::Move) -> bool {
                match self { $( $pattern => $crate::Ruleset::marks(&$ruleset, played), )+ }
            }
            fn mark_house(&self) -> Option<$crate::House> {
                match self { $( $pattern => $crate::Ruleset::mark_house(&$ruleset), )+ }
            }
            fn water(&self) -> Option<$crate::House> {
                match self { $( $pattern => $crate::Ruleset::water(&$ruleset), )+ }
            }
            fn house_mark(&self, house: $crate::House) -> Option<&'static str> {
                match self { $( $pattern => $crate::Ruleset::house_mark(&$ruleset, house), )+ }
            }
            fn why(&self, refusal: $crate::rulesets::Refusal) -> &'static str {
                match self { $( $pattern => $crate::Ruleset::why(&$ruleset, refusal), )+ }
            }
            #[inline]
            fn throws_again(&self, roll: $crate::Roll, played: Option<$crate::Move>) -> bool {
                match self { $( $pattern => $crate::Ruleset::throws_again(&$ruleset, roll, played), )+ }
            }
            #[inline]
            fn outcome(&self, board: &$crate::Board) -> Option<$crate::Outcome> {
                match self { $( $pattern => $crate::Ruleset::outcome(&$ruleset, board), )+ }
            }
        }
    };
}

/// Declares an enum whose variants each hold a ruleset, and implements
/// [`Ruleset`](crate::Ruleset) for it by forwarding every hook to the
/// ruleset a value holds: the way to offer your own rulesets beside the
/// built-in ones behind one type chosen at run time (a server's
/// `Position<MyRules>`).
///
/// Every hook is forwarded, the provided ones too, so no rule of a
/// variant is silently replaced by a default (the crate's tests check each
/// hook through an enum of a ruleset that answers every hook its own way).
///
/// The enum is a ruleset of your own, whatever its variants hold: it is
/// no built-in ruleset for [`AnyRuleset::of`](crate::AnyRuleset::of), and
/// its move generator's tables are derived from its hooks on every throw.
/// Wrap a value in [`Compiled::new`](crate::Compiled::new) to play it fast;
/// a [`Compiled`](crate::Compiled) ruleset is itself a run-time choice of
/// any ruleset, built-in or your own, and keeps a built-in one's identity.
///
/// ```
/// use senet::rulesets::{Bell, Kendall};
/// use senet::{Position, Ruleset, perft, ruleset_enum};
///
/// ruleset_enum! {
///     /// The rules my server offers.
///     pub enum MyRules {
///         /// Kendall's rules.
///         Kendall(Kendall),
///         /// Bell's rules.
///         Bell(Bell),
///     }
/// }
///
/// let kendall = Position::try_start(MyRules::Kendall(Kendall))?;
/// assert_eq!(perft(&kendall, 2), perft(&Position::start(Kendall), 2));
/// assert_eq!(MyRules::Bell(Bell).name(), "bell");
/// # Ok::<(), senet::PositionError>(())
/// ```
#[macro_export]
macro_rules! ruleset_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$variant_meta:meta])* $variant:ident($ruleset:ty) ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[$variant_meta])* $variant($ruleset), )+
        }

        $crate::__forward_ruleset!($name { $( $name::$variant(r) => *r ),+ });
    };
}
