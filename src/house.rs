//! The vocabulary of the board: houses, where a move can end, and the two sides.

use core::fmt;

use thiserror::Error;

use crate::notation::quote::excerpt;

/// One of the thirty houses of the track, numbered 1..=30 along the S.
///
/// A `House` always holds a number in 1..=30; "off the board" is
/// [`Target::Off`], never a house number.
///
/// ```
/// use senet::House;
///
/// let beauty = House::new(26).unwrap();
/// assert_eq!(beauty.number(), 26);
/// assert_eq!(beauty.to_string(), "26");
/// assert!(House::new(25).unwrap() < beauty);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct House(u8);

impl House {
    /// The number of houses on the track.
    ///
    /// ```
    /// use senet::House;
    ///
    /// assert_eq!(House::COUNT, 30);
    /// assert_eq!(House::all().count(), usize::from(House::COUNT));
    /// ```
    pub const COUNT: u8 = 30;

    /// The house with this number, or `None` outside 1..=30.
    ///
    /// ```
    /// use senet::House;
    ///
    /// assert_eq!(House::new(15).map(House::number), Some(15));
    /// assert_eq!(House::new(0), None);
    /// assert_eq!(House::new(31), None);
    /// ```
    #[inline]
    pub const fn new(number: u8) -> Option<House> {
        if number >= 1 && number <= Self::COUNT {
            Some(House(number))
        } else {
            None
        }
    }

    /// The house's number, 1..=30.
    ///
    /// ```
    /// use senet::House;
    ///
    /// let house = House::new(27).unwrap();
    /// assert_eq!(house.number(), 27);
    /// ```
    #[inline]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Every house, in track order.
    ///
    /// ```
    /// use senet::House;
    ///
    /// let numbers: Vec<u8> = House::all().map(House::number).collect();
    /// assert_eq!(numbers.len(), 30);
    /// assert_eq!((numbers[0], numbers[29]), (1, 30));
    /// ```
    pub fn all() -> impl Iterator<Item = House> {
        (1..=Self::COUNT).map(House)
    }

    /// Builds a house from a number known to be in range (crate-internal
    /// fast path, with no `Option` to unwrap).
    ///
    /// A number out of range would be a fault of the crate: debug builds
    /// stop on it, and release builds still never make an invalid house
    /// (the number is brought into range).
    #[inline]
    pub(crate) const fn from_index(number: u8) -> House {
        debug_assert!(number >= 1 && number <= Self::COUNT);
        House(if number < 1 {
            1
        } else if number > Self::COUNT {
            Self::COUNT
        } else {
            number
        })
    }
}

/// A number that is no house: houses are numbered from 1 to
/// [`House::COUNT`]. What [`House::try_from`] gives for one.
///
/// ```
/// use senet::House;
/// use senet::moves::HouseError;
///
/// let bad = House::try_from(31).unwrap_err();
/// assert_eq!(bad, HouseError { found: "31".into(), max: House::COUNT });
/// assert_eq!(bad.to_string(), "a house is a number from 1 to 30, found \"31\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[error("a house is a number from 1 to {max}, found {found:?}")]
pub struct HouseError {
    /// The number given, as text (quoted through
    /// [`excerpt`](crate::notation::quote::excerpt)).
    pub found: String,
    /// The highest house number, [`House::COUNT`].
    pub max: u8,
}

/// The house with this number, or a [`HouseError`] naming the number and
/// the range: [`House::new`] with the reason.
///
/// ```
/// use senet::House;
/// use senet::moves::HouseError;
///
/// assert_eq!(House::try_from(26).map(House::number), Ok(26));
/// assert_eq!(House::try_from(26).ok(), House::new(26));
/// let zero: Result<House, HouseError> = 0.try_into();
/// assert_eq!(zero.unwrap_err().to_string(), "a house is a number from 1 to 30, found \"0\"");
/// ```
impl TryFrom<u8> for House {
    type Error = HouseError;

    fn try_from(number: u8) -> Result<House, HouseError> {
        House::new(number).ok_or_else(|| HouseError {
            found: excerpt(&number.to_string()),
            max: House::COUNT,
        })
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a move ends: a house, or off the board (written `off`).
///
/// ```
/// use senet::House;
/// use senet::moves::Target;
///
/// let to = Target::House(House::new(12).unwrap());
/// assert_eq!(to.to_string(), "12");
/// assert_eq!(Target::Off.to_string(), "off");
/// assert!(to < Target::Off);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Target {
    /// The piece lands on this house.
    House(House),
    /// The piece is borne off.
    Off,
}

impl Target {
    /// The target as a track number: the house's number, or 31 for off.
    ///
    /// Used to compute which houses a move passes; never printed.
    ///
    /// ```
    /// use senet::House;
    /// use senet::moves::Target;
    ///
    /// assert_eq!(Target::House(House::new(30).unwrap()).track_number(), 30);
    /// assert_eq!(Target::Off.track_number(), 31);
    /// ```
    #[inline]
    pub const fn track_number(self) -> u8 {
        match self {
            Target::House(h) => h.number(),
            Target::Off => House::COUNT + 1,
        }
    }

    /// The house, or `None` for off.
    ///
    /// ```
    /// use senet::House;
    /// use senet::moves::Target;
    ///
    /// let house = House::new(28).unwrap();
    /// assert_eq!(Target::House(house).house(), Some(house));
    /// assert_eq!(Target::Off.house(), None);
    /// ```
    #[inline]
    pub const fn house(self) -> Option<House> {
        match self {
            Target::House(h) => Some(h),
            Target::Off => None,
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::House(h) => h.fmt(f),
            Target::Off => f.write_str("off"),
        }
    }
}

/// One of the two sides. `X` throws first from every start position.
///
/// ```
/// use senet::{Position, Side, rulesets::Kendall};
///
/// let start = Position::start(Kendall);
/// assert_eq!(start.side_to_throw(), Side::X);
/// assert_eq!(Side::X.to_string(), "x");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Side {
    /// The side that throws first, written `x`.
    X,
    /// The other side, written `o`.
    O,
}

impl Side {
    /// Both sides, `X` first.
    ///
    /// ```
    /// use senet::{Position, Side, rulesets::Kendall};
    ///
    /// let board = *Position::start(Kendall).board();
    /// for side in Side::BOTH {
    ///     assert_eq!(board.on_board(side), 5);
    /// }
    /// ```
    pub const BOTH: [Side; 2] = [Side::X, Side::O];

    /// The other side.
    ///
    /// ```
    /// use senet::Side;
    ///
    /// assert_eq!(Side::X.opponent(), Side::O);
    /// assert_eq!(Side::O.opponent(), Side::X);
    /// ```
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::X => Side::O,
            Side::O => Side::X,
        }
    }

    /// 0 for `X`, 1 for `O`: an index into per-side arrays.
    ///
    /// ```
    /// use senet::Side;
    ///
    /// let mut wins = [0u32; 2];
    /// wins[Side::O.index()] += 1;
    /// assert_eq!(wins, [0, 1]);
    /// ```
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The character of the position string: `x` or `o`.
    ///
    /// ```
    /// use senet::Side;
    ///
    /// assert_eq!(Side::X.to_char(), 'x');
    /// assert_eq!(Side::O.to_char(), 'o');
    /// ```
    #[inline]
    pub const fn to_char(self) -> char {
        match self {
            Side::X => 'x',
            Side::O => 'o',
        }
    }

    /// The side written with this character, if any.
    ///
    /// ```
    /// use senet::Side;
    ///
    /// assert_eq!(Side::from_char('o'), Some(Side::O));
    /// assert_eq!(Side::from_char(Side::X.to_char()), Some(Side::X));
    /// assert_eq!(Side::from_char('X'), None);
    /// ```
    #[inline]
    pub const fn from_char(c: char) -> Option<Side> {
        match c {
            'x' => Some(Side::X),
            'o' => Some(Side::O),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn try_from_agrees_with_new_and_names_the_number_and_the_range() {
        for number in 0..=u8::MAX {
            match House::try_from(number) {
                Ok(house) => assert_eq!(Some(house), House::new(number)),
                Err(error) => {
                    assert_eq!(House::new(number), None);
                    assert_eq!(error.found, number.to_string());
                    assert_eq!(error.max, 30);
                    assert_eq!(
                        error.to_string(),
                        format!("a house is a number from 1 to 30, found \"{number}\"")
                    );
                }
            }
        }
        assert_eq!(
            House::all().count(),
            (0..=u8::MAX)
                .filter(|&n| House::try_from(n).is_ok())
                .count()
        );
    }

    #[test]
    fn houses_are_one_to_thirty() {
        assert_eq!(House::new(0), None);
        assert_eq!(House::new(31), None);
        assert_eq!(House::new(1).map(House::number), Some(1));
        assert_eq!(House::new(30).map(House::number), Some(30));
        assert_eq!(House::all().count(), 30);
    }

    #[test]
    fn off_is_track_number_31_and_prints_off() {
        assert_eq!(Target::Off.track_number(), 31);
        assert_eq!(Target::Off.to_string(), "off");
        assert_eq!(Target::House(crate::rulesets::WATER).to_string(), "27");
    }

    #[test]
    fn sides_alternate() {
        assert_eq!(Side::X.opponent(), Side::O);
        assert_eq!(Side::O.opponent().opponent(), Side::O);
        assert_eq!(Side::from_char('x'), Some(Side::X));
        assert_eq!(Side::from_char('X'), None);
    }
}
