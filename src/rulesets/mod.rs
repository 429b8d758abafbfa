//! The built-in reconstructions, one file each, and the small rules they
//! share, which a ruleset of your own may use too.
//!
//! Each reconstruction is a unit struct implementing [`Ruleset`]:
//! [`Kendall`], [`Temple`], [`Bell`], [`Classic`], [`Jequier`],
//! [`Kendall1979`] and [`Skyruk`]. The rest of this page is the rules
//! they play, in full (the same text as `docs/rules.md` in the package).
//!
#![doc = include_str!("../../docs/rules.md")]

/// The one list of the built-in rulesets: every other list of them (the
/// modules below, [`AnyRuleset`](crate::AnyRuleset) and its name parsing,
/// [`with_ruleset!`](crate::with_ruleset), [`CheckedRuleset`], the serde forms,
/// the per-ruleset tests, and the shipped bot data of `senet-bot`) is
/// expanded from it, in its order.
///
/// Each entry is `(Type, module)`: the ruleset's unit struct and its file
/// `src/rulesets/<module>.rs`, whose name is the ruleset's
/// [`name`](Ruleset::name) (a test checks that they agree). The doc
/// comment of an entry is its [`AnyRuleset`](crate::AnyRuleset) variant's.
///
/// **Adding an eighth built-in ruleset is one line here plus its file**;
/// `senet-bot` then asks, by a compile error, for the network and tuned
/// weights it ships for it.
/// Nothing else names the built-in rulesets one by one.
///
/// `for_each_builtin!(callback, args...)` expands to `callback! { [entries]
/// args... }`, the entries being `$(#[doc])* (Type, module)` separated by
/// commas: a `macro_rules!` of the caller's, or `$crate::...` path to one.
///
/// ```
/// macro_rules! names {
///     ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {
///         [$(stringify!($module)),*]
///     };
/// }
/// assert_eq!(senet::for_each_builtin!(names)[0], "kendall");
/// assert_eq!(senet::for_each_builtin!(names).len(), senet::AnyRuleset::ALL.len());
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_builtin {
    ($($callback:ident)::+ $(, $($args:tt)*)?) => {
        $($callback)::+! {
            [
                /// [`Kendall`](crate::rulesets::Kendall): Kendall 1978, as modern sets play it.
                (Kendall, kendall),
                /// [`Temple`](crate::rulesets::Temple): the French reconstruction against the guardian.
                (Temple, temple),
                /// [`Bell`](crate::rulesets::Bell): R. C. Bell 1960, ten pieces, captures and points.
                (Bell, bell),
                /// [`Classic`](crate::rulesets::Classic): the French traditional page, no jumping.
                (Classic, classic),
                /// [`Jequier`](crate::rulesets::Jequier): G. Jéquier, sticks that count 6, pieces sent back.
                (Jequier, jequier),
                /// [`Kendall1979`](crate::rulesets::Kendall1979): Kendall's 1979 booklet, seven pieces, marked pieces.
                (Kendall1979, kendall1979),
                /// [`Skyruk`](crate::rulesets::Skyruk): D. Skyruk, groups that protect and block.
                (Skyruk, skyruk),
            ]
            $($($args)*)?
        }
    };
}

/// Each built-in ruleset's module, its type re-exported, and its seal.
macro_rules! declare {
    ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {
        $(
            mod $module;
            pub use $module::$ty;
            impl crate::ruleset::checked::sealed::Sealed for $ty {}
            impl CheckedRuleset for $ty {}
        )*
    };
}

crate::for_each_builtin!(declare);

pub(crate) mod any;
mod by_name;

pub use crate::ruleset::checked::CheckedRuleset;
pub use crate::ruleset::contract::{Hook, HookError, enters_pieces, removes_pieces, takes_turns};
pub use crate::ruleset::{Contact, Direction, Reach, Refusal};
pub use crate::throw::RollSet;
pub use any::{AnyRuleset, ParseRulesetError};
pub use by_name::ByName;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::House;
use crate::ruleset::{Outcome, Ruleset};

/// A named house of the traditional board, checked when compiled.
const fn named(number: u8) -> House {
    match House::new(number) {
        Some(house) => house,
        None => panic!("the board has 30 houses"),
    }
}

/// House 15, the house of rebirth (the ankh), where the water sends a piece.
///
/// ```
/// assert_eq!(senet::rulesets::REBIRTH.number(), 15);
/// ```
pub const REBIRTH: House = named(15);
/// House 26, the house of beauty, where a piece must stop in most rulesets.
///
/// ```
/// assert_eq!(senet::rulesets::BEAUTY.number(), 26);
/// ```
pub const BEAUTY: House = named(26);
/// House 27, the water, in the rulesets that have one.
///
/// ```
/// use senet::Ruleset;
/// use senet::rulesets::{Bell, Kendall, WATER};
///
/// assert_eq!(Kendall.water(), Some(WATER));
/// assert_eq!(Bell.water(), None);
/// ```
pub const WATER: House = named(27);

/// The race rule of most rulesets: the first side with every piece borne
/// off wins.
///
/// ```
/// use senet::rulesets::{Kendall, first_home_wins};
/// use senet::{Outcome, Position, Side};
///
/// let start = Position::start(Kendall);
/// assert_eq!(first_home_wins(&Kendall, start.board()), None);
/// let won: Position<Kendall> = "ooooo......................... o 5 0".parse()?;
/// assert_eq!(first_home_wins(&Kendall, won.board()), Some(Outcome::Win(Side::X)));
/// # Ok::<(), senet::PositionError>(())
/// ```
pub fn first_home_wins<R: Ruleset>(ruleset: &R, board: &Board) -> Option<Outcome> {
    board.home(ruleset.pieces_per_side()).map(Outcome::Win)
}

/// The scoring rule of Bell: a side wins once its borne-off pieces
/// outnumber all that the other side has borne off or can still bear off;
/// equal counts with the board empty are a draw.
///
/// ```
/// use senet::rulesets::{Bell, most_borne_off_wins};
/// use senet::{Outcome, Position, Side};
///
/// // x has borne off six of ten; o has four left in all.
/// let won: Position<Bell> = "oooo.......................... o 6 0".parse()?;
/// assert_eq!(most_borne_off_wins(won.board()), Some(Outcome::Win(Side::X)));
/// assert_eq!(most_borne_off_wins(Position::start(Bell).board()), None);
/// # Ok::<(), senet::PositionError>(())
/// ```
#[inline]
pub fn most_borne_off_wins(board: &Board) -> Option<Outcome> {
    use crate::house::Side;
    let (off_x, off_o) = (board.off(Side::X), board.off(Side::O));
    let (on_x, on_o) = (board.on_board(Side::X), board.on_board(Side::O));
    if off_x > off_o + on_o {
        Some(Outcome::Win(Side::X))
    } else if off_o > off_x + on_x {
        Some(Outcome::Win(Side::O))
    } else if on_x == 0 && on_o == 0 && off_x == off_o {
        Some(Outcome::Draw)
    } else {
        None
    }
}

/// Water that sends a piece to house 15, or when 15 is taken to the first
/// empty house below it (Kendall, Temple).
///
/// ```
/// use senet::rulesets::water_to_rebirth_or_below;
/// use senet::{Bitboard, House};
///
/// assert_eq!(water_to_rebirth_or_below(Bitboard::EMPTY), House::new(15));
/// let taken = Bitboard::from_numbers(&[15, 14, 12]);
/// assert_eq!(water_to_rebirth_or_below(taken), House::new(13));
/// ```
pub fn water_to_rebirth_or_below(occupied: Bitboard) -> Option<House> {
    (!occupied & Bitboard::range(1, REBIRTH.number())).last()
}

/// The lowest empty house, for [`Ruleset::send_back`] (Jéquier sends a
/// piece landed on back there).
///
/// ```
/// use senet::rulesets::lowest_empty;
/// use senet::{Bitboard, House};
///
/// assert_eq!(lowest_empty(Bitboard::from_numbers(&[1, 2, 4])), House::new(3));
/// assert_eq!(lowest_empty(Bitboard::range(1, 30)), None);
/// ```
#[inline]
pub fn lowest_empty(occupied: Bitboard) -> Option<House> {
    (!occupied & Bitboard::ALL).first()
}

/// The marks of the traditional board, for [`Ruleset::house_mark`]: the
/// ankh on 15, the house of beauty on 26, the water on 27 and the
/// numerals III, II, I on 28, 29, 30.
///
/// ```
/// use senet::House;
/// use senet::rulesets::traditional_mark;
///
/// assert_eq!(traditional_mark(House::new(28).unwrap()), Some("III"));
/// assert_eq!(traditional_mark(House::new(14).unwrap()), None);
/// ```
pub fn traditional_mark(house: House) -> Option<&'static str> {
    match house.number() {
        15 => Some("\u{2625}"),
        26 => Some("\u{2736}"),
        27 => Some("\u{2248}"),
        28 => Some("III"),
        29 => Some("II"),
        30 => Some("I"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn water_goes_to_15_or_the_first_empty_house_below() {
        let number = |occupied: &[u8]| {
            water_to_rebirth_or_below(Bitboard::from_numbers(occupied)).map(House::number)
        };
        assert_eq!(number(&[]), Some(15));
        assert_eq!(number(&[15, 14, 12]), Some(13));
        let below: Vec<u8> = (1..=15).collect();
        assert_eq!(number(&below), None);
    }

    /// The unchecked start of each built-in ruleset is its checked
    /// start, through its own type and through `AnyRuleset`; its module
    /// is named as the ruleset is, and its type knows which it is.
    #[test]
    fn built_in_starts_are_valid() {
        macro_rules! each {
            ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {$(
                assert_eq!(Ok(crate::Position::start($ty)), crate::Position::start_checked($ty));
                assert_eq!(Ruleset::name(&$ty), stringify!($module));
                assert_eq!(crate::AnyRuleset::of(&$ty), Some(crate::AnyRuleset::$ty));
            )*};
        }
        crate::for_each_builtin!(each);
        for ruleset in crate::AnyRuleset::ALL {
            assert_eq!(
                Ok(crate::Position::start(ruleset)),
                crate::Position::start_checked(ruleset)
            );
            assert_eq!(crate::AnyRuleset::of(&ruleset), Some(ruleset));
        }
    }

    #[test]
    fn the_traditional_marks_are_on_15_and_26_to_30() {
        let marked: Vec<u8> = House::all()
            .filter(|&h| traditional_mark(h).is_some())
            .map(House::number)
            .collect();
        assert_eq!(marked, [15, 26, 27, 28, 29, 30]);
        assert_eq!(traditional_mark(WATER), Some("\u{2248}"));
    }
}
