//! The one list of the [`Ruleset`](crate::Ruleset) trait's hooks, from
//! which every holder of a ruleset forwards them: a hook added to the
//! trait is added here once, and every forward follows.
//!
//! The trait itself is written out by hand, each hook with its contract;
//! a test compares the names here with the trait's, so that a hook
//! missing from this list (and so forwarded by nobody, silently answering
//! its default) fails the build's tests.

/// Calls `$callback! { ... }` (the callback's path in parentheses) with every hook of the
/// [`Ruleset`](crate::Ruleset) trait, in two groups:
///
/// - `fixed { fn name() -> Type; ... }`: the hooks that take no argument,
///   whose answer a holder may ask once and keep;
/// - `asked { fn name(arg: Type, ...) -> Type; ... }`: the hooks asked
///   about a house, a roll, a board or a move, every time.
///
/// Types are written with `$crate::` paths, so that a callback expanded
/// anywhere reads them. Any tokens before the groups, in braces, are passed to
/// the callback first.
#[doc(hidden)]
#[macro_export]
macro_rules! __each_hook {
    (($($callback:tt)*) { $($before:tt)* }) => {
        $($callback)*! {
            { $($before)* }
            fixed {
                fn name() -> &'static str;
                fn revision() -> u32;
                fn house_side() -> Option<$crate::Side>;
                fn pieces_per_side() -> u8;
                fn start() -> [$crate::Bitboard; 2];
                fn dice() -> $crate::Dice;
                fn must_play_first() -> $crate::Bitboard;
                fn safe_houses() -> $crate::Bitboard;
                fn contact() -> $crate::rulesets::Contact;
                fn mark_house() -> Option<$crate::House>;
                fn water() -> Option<$crate::House>;
                fn water_to_hand() -> bool;
                fn banks_throws() -> bool;
            }
            asked {
                fn side_name(side: $crate::Side) -> &'static str;
                fn colour(side: $crate::Side) -> Option<&'static str>;
                fn forward(from: $crate::House, roll: $crate::Roll) -> Option<$crate::rulesets::Reach>;
                fn backward(from: $crate::House, roll: $crate::Roll) -> Option<$crate::rulesets::Reach>;
                fn movable(board: &$crate::Board, side: $crate::Side) -> $crate::Bitboard;
                fn waits(roll: $crate::Roll) -> $crate::Bitboard;
                fn begins_with(side: $crate::Side) -> Option<$crate::Roll>;
                fn enters(roll: $crate::Roll) -> Option<$crate::House>;
                fn may_bear_off(board: &$crate::Board, side: $crate::Side) -> bool;
                fn impassable(board: &$crate::Board, mover: $crate::Side, direction: $crate::rulesets::Direction) -> $crate::Bitboard;
                fn shielded(board: &$crate::Board, owner: $crate::Side) -> $crate::Bitboard;
                fn contact_at(start: $crate::House, target: $crate::House) -> Option<$crate::rulesets::Contact>;
                fn water_landing(occupied: $crate::Bitboard) -> Option<$crate::House>;
                fn return_landing(occupied: $crate::Bitboard) -> Option<$crate::House>;
                fn send_back(occupied: $crate::Bitboard) -> Option<$crate::House>;
                fn marks(played: $crate::Move) -> bool;
                fn house_mark(house: $crate::House) -> Option<&'static str>;
                fn why(refusal: $crate::rulesets::Refusal) -> &'static str;
                fn throws_again(roll: $crate::Roll, played: Option<$crate::Move>) -> bool;
                fn loses_next_turn(played: $crate::Move) -> bool;
                fn outcome(board: &$crate::Board) -> Option<$crate::Outcome>;
            }
        }
    };
}
