//! The built-in reconstructions, one file each, and the small rules they
//! share, which a ruleset of your own may use too.
//!
//! Each reconstruction is a unit struct implementing [`Ruleset`]:
//! [`Kendall`], [`Temple`], [`Bell`], [`Classic`], [`Jequier`],
//! [`Kendall1979`] and [`Skyruk`]. The rest of this page is the rules
//! they play, in full (the same text as `docs/rules.md` in the package).
//!
#![doc = include_str!("../../docs/rules.md")]

mod bell;
mod classic;
mod jequier;
mod kendall;
mod kendall1979;
mod skyruk;
mod temple;

pub use crate::contract::removes_pieces;
pub use bell::Bell;
pub use classic::Classic;
pub use jequier::Jequier;
pub use kendall::Kendall;
pub use kendall1979::Kendall1979;
pub use skyruk::Skyruk;
pub use temple::Temple;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::House;
use crate::ruleset::{Outcome, Ruleset};

/// The rulesets this crate ships: their start positions are checked by
/// the crate's own tests, so [`Position::start`](crate::Position::start)
/// makes them with no check that could fail. Sealed: a ruleset of your own
/// starts with [`Position::try_start`](crate::Position::try_start), which
/// checks its start and says what is wrong with it.
///
/// ```
/// use senet::Position;
/// use senet::rulesets::{BuiltIn, Kendall};
///
/// fn fresh<R: BuiltIn>(ruleset: R) -> Position<R> {
///     Position::start(ruleset)
/// }
/// assert_eq!(Ok(fresh(Kendall)), Position::try_start(Kendall));
/// ```
pub trait BuiltIn: Ruleset + sealed::Sealed {}

pub(crate) mod sealed {
    /// Keeps [`BuiltIn`](super::BuiltIn) to the crate's own rulesets.
    pub trait Sealed {}
}

impl sealed::Sealed for Kendall {}
impl BuiltIn for Kendall {}
impl sealed::Sealed for Temple {}
impl BuiltIn for Temple {}
impl sealed::Sealed for Bell {}
impl BuiltIn for Bell {}
impl sealed::Sealed for Classic {}
impl BuiltIn for Classic {}
impl sealed::Sealed for Jequier {}
impl BuiltIn for Jequier {}
impl sealed::Sealed for Kendall1979 {}
impl BuiltIn for Kendall1979 {}
impl sealed::Sealed for Skyruk {}
impl BuiltIn for Skyruk {}

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

    /// The unchecked start of each built-in ruleset is its checked start.
    #[test]
    fn built_in_starts_are_valid() {
        for ruleset in crate::AnyRuleset::ALL {
            assert_eq!(
                Ok(crate::Position::start(ruleset)),
                crate::Position::try_start(ruleset)
            );
        }
        assert_eq!(
            Ok(crate::Position::start(Kendall)),
            crate::Position::try_start(Kendall)
        );
        assert_eq!(
            Ok(crate::Position::start(Temple)),
            crate::Position::try_start(Temple)
        );
        assert_eq!(
            Ok(crate::Position::start(Bell)),
            crate::Position::try_start(Bell)
        );
        assert_eq!(
            Ok(crate::Position::start(Classic)),
            crate::Position::try_start(Classic)
        );
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
