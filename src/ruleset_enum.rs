//! Several rulesets behind one run-time type, every hook forwarded.

/// Declares an enum whose variants each hold a ruleset, and implements
/// [`Ruleset`](crate::Ruleset) for it by forwarding every hook to the
/// ruleset a value holds: the way to offer your own rulesets beside the
/// built-in ones behind one type chosen at run time (a server's
/// `Position<MyRules>`).
///
/// Every hook is forwarded, the provided ones too, so no rule of a
/// variant is silently replaced by a default (the crate's tests check each
/// hook through an enum of a ruleset that answers every hook its own way).
/// [`steps`](crate::Ruleset::steps) is forwarded as well, so each variant
/// keeps its own constant step tables.
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

        impl $crate::Ruleset for $name {
            fn name(&self) -> &'static str {
                match self { $( Self::$variant(r) => $crate::Ruleset::name(r), )+ }
            }
            fn revision(&self) -> u32 {
                match self { $( Self::$variant(r) => $crate::Ruleset::revision(r), )+ }
            }
            fn side_name(&self, side: $crate::Side) -> &'static str {
                match self { $( Self::$variant(r) => $crate::Ruleset::side_name(r, side), )+ }
            }
            fn pieces_per_side(&self) -> u8 {
                match self { $( Self::$variant(r) => $crate::Ruleset::pieces_per_side(r), )+ }
            }
            fn start(&self) -> [$crate::Bitboard; 2] {
                match self { $( Self::$variant(r) => $crate::Ruleset::start(r), )+ }
            }
            fn dice(&self) -> $crate::Dice {
                match self { $( Self::$variant(r) => $crate::Ruleset::dice(r), )+ }
            }
            #[inline]
            fn forward(&self, from: $crate::House, roll: $crate::Roll) -> Option<$crate::Reach> {
                match self { $( Self::$variant(r) => $crate::Ruleset::forward(r, from, roll), )+ }
            }
            #[inline]
            fn backward(&self, from: $crate::House, roll: $crate::Roll) -> Option<$crate::Reach> {
                match self { $( Self::$variant(r) => $crate::Ruleset::backward(r, from, roll), )+ }
            }
            fn must_play_first(&self) -> $crate::Bitboard {
                match self { $( Self::$variant(r) => $crate::Ruleset::must_play_first(r), )+ }
            }
            #[inline]
            fn movable(&self, board: &$crate::Board, side: $crate::Side) -> $crate::Bitboard {
                match self { $( Self::$variant(r) => $crate::Ruleset::movable(r, board, side), )+ }
            }
            #[inline]
            fn may_bear_off(&self, board: &$crate::Board, side: $crate::Side) -> bool {
                match self { $( Self::$variant(r) => $crate::Ruleset::may_bear_off(r, board, side), )+ }
            }
            #[inline]
            fn impassable(
                &self,
                board: &$crate::Board,
                mover: $crate::Side,
                direction: $crate::Direction,
            ) -> $crate::Bitboard {
                match self {
                    $( Self::$variant(r) => $crate::Ruleset::impassable(r, board, mover, direction), )+
                }
            }
            fn safe_houses(&self) -> $crate::Bitboard {
                match self { $( Self::$variant(r) => $crate::Ruleset::safe_houses(r), )+ }
            }
            #[inline]
            fn shielded(&self, board: &$crate::Board, owner: $crate::Side) -> $crate::Bitboard {
                match self { $( Self::$variant(r) => $crate::Ruleset::shielded(r, board, owner), )+ }
            }
            fn contact(&self) -> $crate::Contact {
                match self { $( Self::$variant(r) => $crate::Ruleset::contact(r), )+ }
            }
            #[inline]
            fn contact_at(
                &self,
                start: $crate::House,
                target: $crate::House,
            ) -> Option<$crate::Contact> {
                match self { $( Self::$variant(r) => $crate::Ruleset::contact_at(r, start, target), )+ }
            }
            fn water_landing(&self, occupied: $crate::Bitboard) -> Option<$crate::House> {
                match self { $( Self::$variant(r) => $crate::Ruleset::water_landing(r, occupied), )+ }
            }
            fn return_landing(&self, occupied: $crate::Bitboard) -> Option<$crate::House> {
                match self { $( Self::$variant(r) => $crate::Ruleset::return_landing(r, occupied), )+ }
            }
            fn marks_returns(&self) -> bool {
                match self { $( Self::$variant(r) => $crate::Ruleset::marks_returns(r), )+ }
            }
            fn water(&self) -> Option<$crate::House> {
                match self { $( Self::$variant(r) => $crate::Ruleset::water(r), )+ }
            }
            fn house_mark(&self, house: $crate::House) -> Option<&'static str> {
                match self { $( Self::$variant(r) => $crate::Ruleset::house_mark(r, house), )+ }
            }
            fn why(&self, refusal: $crate::Refusal) -> &'static str {
                match self { $( Self::$variant(r) => $crate::Ruleset::why(r, refusal), )+ }
            }
            #[inline]
            fn throws_again(&self, roll: $crate::Roll, played: Option<$crate::Move>) -> bool {
                match self { $( Self::$variant(r) => $crate::Ruleset::throws_again(r, roll, played), )+ }
            }
            #[inline]
            fn outcome(&self, board: &$crate::Board) -> Option<$crate::Outcome> {
                match self { $( Self::$variant(r) => $crate::Ruleset::outcome(r, board), )+ }
            }
            #[inline(always)]
            fn steps(&self, roll: $crate::Roll, direction: $crate::Direction) -> $crate::Steps {
                match self { $( Self::$variant(r) => $crate::Ruleset::steps(r, roll, direction), )+ }
            }
        }
    };
}
