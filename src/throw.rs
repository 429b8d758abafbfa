//! Rolls, the implements that make them (four sticks, the long die) and single throws.

use core::fmt;

use thiserror::Error;

use crate::notation::quote::excerpt;

use rand_core::Rng;

/// How far a throw moves a piece: 1..=6 houses (no implement makes all six).
///
/// ```
/// use senet::Roll;
///
/// let three = Roll::new(3).unwrap();
/// assert_eq!(three.value(), 3);
/// assert_eq!(three.to_string(), "3");
/// assert!(three < Roll::new(4).unwrap());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Roll(Value);

/// A roll's value, as an enum so that the compiler knows it is 1..=6:
/// tables indexed by a roll need no bounds check, and a check that a
/// ruleset's implement makes the roll folds away when it makes them all.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
enum Value {
    One = 1,
    Two,
    Three,
    Four,
    Five,
    Six,
}

impl Roll {
    /// The largest roll any implement makes (four dark sticks, where they count 6).
    ///
    /// ```
    /// use senet::Roll;
    ///
    /// assert!(Roll::new(Roll::MAX).is_some());
    /// assert!(Roll::new(Roll::MAX + 1).is_none());
    /// ```
    pub const MAX: u8 = 6;

    /// The roll with this value, or `None` outside 1..=6.
    ///
    /// ```
    /// use senet::Roll;
    ///
    /// assert_eq!(Roll::new(5).map(Roll::value), Some(5));
    /// assert_eq!(Roll::new(0), None);
    /// assert_eq!(Roll::new(7), None);
    /// ```
    #[inline]
    pub const fn new(value: u8) -> Option<Roll> {
        match value {
            1 => Some(Roll(Value::One)),
            2 => Some(Roll(Value::Two)),
            3 => Some(Roll(Value::Three)),
            4 => Some(Roll(Value::Four)),
            5 => Some(Roll(Value::Five)),
            6 => Some(Roll(Value::Six)),
            _ => None,
        }
    }

    /// The roll `VALUE`, checked at compile time.
    #[inline]
    pub(crate) const fn of<const VALUE: u8>() -> Roll {
        const { assert!(VALUE >= 1 && VALUE <= Self::MAX) };
        Roll::raw(VALUE)
    }

    /// The roll `value`, which must be 1..=6 (anything else counts as 6).
    #[inline]
    pub(crate) const fn raw(value: u8) -> Roll {
        Roll(match value {
            1 => Value::One,
            2 => Value::Two,
            3 => Value::Three,
            4 => Value::Four,
            5 => Value::Five,
            _ => Value::Six,
        })
    }

    /// The roll's value, 1..=6.
    ///
    /// ```
    /// use senet::Roll;
    ///
    /// let two = Roll::new(2).unwrap();
    /// assert_eq!(two.value(), 2);
    /// ```
    #[inline]
    pub const fn value(self) -> u8 {
        self.0 as u8
    }
}

/// A number that is no roll: rolls are 1 to [`Roll::MAX`]. What
/// [`Roll::try_from`] gives for one.
///
/// ```
/// use senet::Roll;
/// use senet::source::RollError;
///
/// let bad = Roll::try_from(7).unwrap_err();
/// assert_eq!(bad, RollError { found: "7".into(), max: Roll::MAX });
/// assert_eq!(bad.to_string(), "a roll is a number from 1 to 6, found \"7\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[error("a roll is a number from 1 to {max}, found {found:?}")]
pub struct RollError {
    /// The number given, as text (quoted through
    /// [`excerpt`](crate::notation::quote::excerpt)).
    pub found: String,
    /// The largest roll, [`Roll::MAX`].
    pub max: u8,
}

/// The roll with this value, or a [`RollError`] naming the number and
/// the range: [`Roll::new`] with the reason.
///
/// ```
/// use senet::Roll;
/// use senet::source::RollError;
///
/// assert_eq!(Roll::try_from(5).map(Roll::value), Ok(5));
/// assert_eq!(Roll::try_from(5).ok(), Roll::new(5));
/// let zero: Result<Roll, RollError> = 0.try_into();
/// assert_eq!(zero.unwrap_err().to_string(), "a roll is a number from 1 to 6, found \"0\"");
/// ```
impl TryFrom<u8> for Roll {
    type Error = RollError;

    fn try_from(value: u8) -> Result<Roll, RollError> {
        Roll::new(value).ok_or_else(|| RollError {
            found: excerpt(&value.to_string()),
            max: Roll::MAX,
        })
    }
}

/// A set of roll values, for rules such as "a 1, 4 or 5 throws again".
///
/// Asking it is a mask, never a branch on the roll: random rolls make a
/// branch on the roll mispredicted about half the time, and the compiler
/// does not always find the mask for a `matches!` on the value.
///
/// ```
/// use senet::Roll;
/// use senet::rulesets::RollSet;
///
/// const AGAIN: RollSet = RollSet::of(&[1, 4, 5]);
/// assert!(AGAIN.contains(Roll::new(4).unwrap()));
/// assert!(!AGAIN.contains(Roll::new(2).unwrap()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RollSet(u8);

impl RollSet {
    /// The set of these values; values outside 1..=6 are no roll and are left out.
    ///
    /// ```
    /// use senet::Roll;
    /// use senet::rulesets::RollSet;
    ///
    /// let set = RollSet::of(&[0, 2, 9]); // 0 and 9 are no roll
    /// assert_eq!(set, RollSet::of(&[2]));
    /// assert!(set.contains(Roll::new(2).unwrap()));
    /// ```
    pub const fn of(values: &[u8]) -> RollSet {
        let mut bits = 0u8;
        let mut i = 0;
        while i < values.len() {
            if values[i] >= 1 && values[i] <= Roll::MAX {
                bits |= 1 << values[i];
            }
            i += 1;
        }
        RollSet(bits)
    }

    /// Whether `roll` is in the set.
    ///
    /// ```
    /// use senet::Roll;
    /// use senet::rulesets::RollSet;
    ///
    /// let again = RollSet::of(&[1, 5]);
    /// assert!(again.contains(Roll::new(5).unwrap()));
    /// assert!(!again.contains(Roll::new(3).unwrap()));
    /// ```
    #[inline]
    pub const fn contains(self, roll: Roll) -> bool {
        (self.0 >> roll.value()) & 1 != 0
    }
}

impl fmt::Debug for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Roll").field(&self.value()).finish()
    }
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.value())
    }
}

/// The implement a ruleset throws: it fixes which rolls exist and how likely each is.
///
/// ```
/// use senet::{Dice, Ruleset};
/// use senet::rulesets::{Bell, Kendall};
///
/// assert_eq!(Kendall.dice(), Dice::FourSticks);
/// assert_eq!(Bell.dice(), Dice::LongDie);
/// assert_eq!(Dice::LongDie.to_string(), "long die");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Dice {
    /// Four two-faced sticks: the roll is the number of light faces, or 5 when none is.
    FourSticks,
    /// A four-sided long die: 1, 2, 3 or 4, equally likely.
    LongDie,
    /// Four two-faced sticks where no light face counts 6 (Jéquier's
    /// reading): rolls 1, 2, 3, 4 and 6, never 5.
    FourSticksSix,
}

const STICK_WEIGHTS: [(Roll, u32); 5] = [
    (Roll::raw(1), 4),
    (Roll::raw(2), 6),
    (Roll::raw(3), 4),
    (Roll::raw(4), 1),
    (Roll::raw(5), 1),
];
const STICK_SIX_WEIGHTS: [(Roll, u32); 5] = [
    (Roll::raw(1), 4),
    (Roll::raw(2), 6),
    (Roll::raw(3), 4),
    (Roll::raw(4), 1),
    (Roll::raw(6), 1),
];
const DIE_WEIGHTS: [(Roll, u32); 4] = [
    (Roll::raw(1), 1),
    (Roll::raw(2), 1),
    (Roll::raw(3), 1),
    (Roll::raw(4), 1),
];

impl Dice {
    /// Each possible roll with its weight; the weights add up to [`Dice::total_weight`].
    ///
    /// Sticks: 4, 6, 4, 1, 1 out of 16 for rolls 1 to 5 (1, 2, 3, 4, 6
    /// when none light counts 6). Long die: 1 each out of 4.
    ///
    /// ```
    /// use senet::{Dice, Roll};
    ///
    /// let weights = Dice::FourSticks.weights();
    /// assert_eq!(weights[1], (Roll::new(2).unwrap(), 6)); // 2 is the likeliest
    /// let sum: u32 = weights.iter().map(|&(_, weight)| weight).sum();
    /// assert_eq!(sum, Dice::FourSticks.total_weight());
    /// ```
    #[inline]
    pub const fn weights(self) -> &'static [(Roll, u32)] {
        match self {
            Dice::FourSticks => &STICK_WEIGHTS,
            Dice::LongDie => &DIE_WEIGHTS,
            Dice::FourSticksSix => &STICK_SIX_WEIGHTS,
        }
    }

    /// The sum of the weights of [`Dice::weights`].
    ///
    /// ```
    /// use senet::Dice;
    ///
    /// assert_eq!(Dice::FourSticks.total_weight(), 16); // 2 to the power 4 falls
    /// assert_eq!(Dice::LongDie.total_weight(), 4);
    /// ```
    #[inline]
    pub const fn total_weight(self) -> u32 {
        match self {
            Dice::FourSticks | Dice::FourSticksSix => 16,
            Dice::LongDie => 4,
        }
    }

    /// Every roll this implement can make, lowest first.
    ///
    /// ```
    /// use senet::Dice;
    ///
    /// let values: Vec<u8> = Dice::FourSticksSix.rolls().map(|roll| roll.value()).collect();
    /// assert_eq!(values, [1, 2, 3, 4, 6]);
    /// ```
    pub fn rolls(self) -> impl Iterator<Item = Roll> {
        self.weights().iter().map(|&(roll, _)| roll)
    }

    /// Whether this implement can make this roll.
    ///
    /// ```
    /// use senet::{Dice, Roll};
    ///
    /// let five = Roll::new(5).unwrap();
    /// assert!(Dice::FourSticks.can_roll(five));
    /// assert!(!Dice::LongDie.can_roll(five));
    /// ```
    #[inline]
    pub const fn can_roll(self, roll: Roll) -> bool {
        match self {
            Dice::FourSticks => roll.value() <= 5,
            Dice::LongDie => roll.value() <= 4,
            Dice::FourSticksSix => roll.value() != 5,
        }
    }

    /// Throws once, taking exactly one `u32` from `rng`.
    ///
    /// This is the fair-play contract: sticks use the low four bits of the
    /// word (bit `i` set means stick `i` landed light face up), whichever
    /// way they are counted, so the same word gives the same sticks, worth
    /// 5 or 6 when none is light; the long die uses the low two bits
    /// (`0..=3` is the face `1..=4`). It never changes between versions.
    ///
    /// ```
    /// use rand_chacha::ChaCha8Rng;
    /// use rand_core::{Rng, SeedableRng};
    /// use senet::{Dice, Throw};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(7);
    /// let word = rng.clone().next_u32(); // the word the throw will take
    /// let throw = Dice::FourSticks.throw(&mut rng);
    /// assert_eq!(throw, Throw::from_sticks(word as u8));
    /// ```
    #[inline]
    pub fn throw<G: Rng + ?Sized>(self, rng: &mut G) -> Throw {
        self.throw_from(rng.next_u32())
    }

    /// The throw one word makes: what [`throw`](Self::throw) makes of the
    /// word it takes. Only the low four bits count (two for the long
    /// die), so the other 28 are free for the caller's own use:
    /// [`playout`](crate::playout::playout) chooses its move with them.
    ///
    /// ```
    /// use senet::{Dice, Throw};
    ///
    /// let word = 0xABCD_0125; // low four bits 0101: sticks 0 and 2 light
    /// assert_eq!(Dice::FourSticks.throw_from(word), Throw::from_sticks(0b0101));
    /// assert_eq!(Dice::FourSticks.throw_from(word).roll().value(), 2);
    /// assert_eq!(Dice::LongDie.throw_from(word).roll().value(), 2); // low two bits 01
    /// assert_eq!(Dice::FourSticksSix.throw_from(0xFFFF_FFF0).roll().value(), 6);
    /// ```
    #[inline]
    #[must_use]
    pub const fn throw_from(self, word: u32) -> Throw {
        match self {
            Dice::FourSticks => Throw::from_sticks((word & 0xF) as u8),
            Dice::LongDie => Throw::from_die(Roll::raw((word & 3) as u8 + 1)),
            Dice::FourSticksSix => Throw::from_sticks_six((word & 0xF) as u8),
        }
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dice::FourSticks => "four sticks",
            Dice::LongDie => "long die",
            Dice::FourSticksSix => "four sticks, none light counting 6",
        })
    }
}

/// One throw as it fell: the implement, what it showed, and the roll it is worth.
///
/// ```
/// use senet::{Dice, Throw};
///
/// let throw = Throw::from_sticks(0b0101); // sticks 0 and 2 light
/// assert_eq!(throw.roll().value(), 2);
/// assert_eq!(throw.dice(), Dice::FourSticks);
/// assert_eq!(throw.to_string(), "|-|- 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Throw {
    dice: Dice,
    /// Sticks: bit `i` set when stick `i` is light. Long die: unused (0).
    faces: u8,
    roll: Roll,
}

/// The roll of each fall of the four sticks (bit `i` set when stick `i`
/// is light): as many as are light, 5 when none is. Looked up rather than
/// counted, because a branch on the count would be as random as the throw.
const STICK_ROLLS: [Roll; 16] = {
    let mut rolls = [Roll::raw(5); 16];
    let mut faces = 1;
    while faces < 16 {
        rolls[faces] = Roll::raw((faces as u8).count_ones() as u8);
        faces += 1;
    }
    rolls
};

impl Throw {
    /// A throw of the four sticks; bit `i` of `light` (0..=3) is set when stick
    /// `i` landed light face up. Higher bits are ignored.
    ///
    /// ```
    /// use senet::Throw;
    ///
    /// assert_eq!(Throw::from_sticks(0b1111).roll().value(), 4);
    /// assert_eq!(Throw::from_sticks(0).roll().value(), 5); // none light
    /// assert_eq!(Throw::from_sticks(0b1_0001), Throw::from_sticks(0b0001));
    /// ```
    #[inline]
    pub const fn from_sticks(light: u8) -> Throw {
        let faces = light & 0xF;
        Throw {
            dice: Dice::FourSticks,
            faces,
            roll: STICK_ROLLS[faces as usize],
        }
    }

    /// A throw of the four sticks counted with no light face worth 6
    /// ([`Dice::FourSticksSix`]); `light` as for [`from_sticks`](Self::from_sticks).
    ///
    /// ```
    /// use senet::{Dice, Throw};
    ///
    /// let none_light = Throw::from_sticks_six(0);
    /// assert_eq!(none_light.roll().value(), 6);
    /// assert_eq!(none_light.dice(), Dice::FourSticksSix);
    /// assert_eq!(Throw::from_sticks_six(0b0011).roll().value(), 2);
    /// ```
    #[inline]
    pub const fn from_sticks_six(light: u8) -> Throw {
        let faces = light & 0xF;
        Throw {
            dice: Dice::FourSticksSix,
            faces,
            roll: if faces == 0 {
                Roll::raw(6)
            } else {
                STICK_ROLLS[faces as usize]
            },
        }
    }

    /// A throw of the long die showing this roll, or `None` when the die
    /// cannot show it (5 or 6).
    ///
    /// ```
    /// use senet::{Roll, Throw};
    ///
    /// let three = Throw::from_die_face(Roll::new(3).unwrap()).unwrap();
    /// assert_eq!(three.to_string(), "die 3");
    /// assert_eq!(Throw::from_die_face(Roll::new(5).unwrap()), None);
    /// ```
    #[inline]
    pub const fn from_die_face(roll: Roll) -> Option<Throw> {
        if roll.value() <= 4 {
            Some(Throw::from_die(roll))
        } else {
            None
        }
    }

    #[inline]
    const fn from_die(roll: Roll) -> Throw {
        Throw {
            dice: Dice::LongDie,
            faces: 0,
            roll,
        }
    }

    /// A throw of `dice` worth `roll`, with the sticks in a fixed canonical
    /// arrangement (the first `roll` sticks light; none for 5, or 6). `None` when
    /// the implement cannot make the roll. Used to replay rolls whose sticks
    /// were not recorded.
    ///
    /// ```
    /// use senet::{Dice, Roll, Throw};
    ///
    /// let two = Throw::canonical(Dice::FourSticks, Roll::new(2).unwrap()).unwrap();
    /// assert_eq!(two.to_string(), "||-- 2");
    /// assert_eq!(Throw::canonical(Dice::LongDie, Roll::new(5).unwrap()), None);
    /// ```
    pub const fn canonical(dice: Dice, roll: Roll) -> Option<Throw> {
        match dice {
            Dice::FourSticks | Dice::FourSticksSix if !dice.can_roll(roll) => None,
            Dice::FourSticks | Dice::FourSticksSix => {
                let light = if roll.value() >= 5 {
                    0
                } else {
                    (1u8 << roll.value()) - 1
                };
                Some(match dice {
                    Dice::FourSticksSix => Throw::from_sticks_six(light),
                    _ => Throw::from_sticks(light),
                })
            }
            Dice::LongDie => Throw::from_die_face(roll),
        }
    }

    /// What the throw is worth.
    ///
    /// ```
    /// use senet::{Roll, Throw};
    ///
    /// assert_eq!(Throw::from_sticks(0b0111).roll(), Roll::new(3).unwrap());
    /// ```
    #[inline]
    pub const fn roll(self) -> Roll {
        self.roll
    }

    /// The implement thrown.
    ///
    /// ```
    /// use senet::{Dice, Roll, Throw};
    ///
    /// let four = Throw::from_die_face(Roll::new(4).unwrap()).unwrap();
    /// assert_eq!(four.dice(), Dice::LongDie);
    /// ```
    #[inline]
    pub const fn dice(self) -> Dice {
        self.dice
    }

    /// For sticks, which of the four landed light face up; `None` for the die.
    ///
    /// ```
    /// use senet::{Roll, Throw};
    ///
    /// let throw = Throw::from_sticks(0b1001);
    /// assert_eq!(throw.sticks(), Some([true, false, false, true]));
    /// let die = Throw::from_die_face(Roll::new(1).unwrap()).unwrap();
    /// assert_eq!(die.sticks(), None);
    /// ```
    pub const fn sticks(self) -> Option<[bool; 4]> {
        match self.dice {
            Dice::FourSticks | Dice::FourSticksSix => Some([
                self.faces & 1 != 0,
                self.faces & 2 != 0,
                self.faces & 4 != 0,
                self.faces & 8 != 0,
            ]),
            Dice::LongDie => None,
        }
    }
}

impl fmt::Display for Throw {
    /// Sticks as four characters (`|` light, `-` dark) then the roll,
    /// e.g. `|-|- 2`; the die as `die 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.sticks() {
            Some(sticks) => {
                for light in sticks {
                    f.write_str(if light { "|" } else { "-" })?;
                }
                write!(f, " {}", self.roll)
            }
            None => write!(f, "die {}", self.roll),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn try_from_agrees_with_new_and_names_the_number_and_the_range() {
        for value in 0..=u8::MAX {
            match Roll::try_from(value) {
                Ok(roll) => assert_eq!(Some(roll), Roll::new(value)),
                Err(error) => {
                    assert_eq!(Roll::new(value), None);
                    assert_eq!(error.found, value.to_string());
                    assert_eq!(error.max, 6);
                    assert_eq!(
                        error.to_string(),
                        format!("a roll is a number from 1 to 6, found \"{value}\"")
                    );
                }
            }
        }
        let rolls = (0..=u8::MAX).filter(|&v| Roll::try_from(v).is_ok());
        assert_eq!(rolls.collect::<Vec<_>>(), [1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn sticks_count_light_faces_and_none_is_five() {
        assert_eq!(Throw::from_sticks(0).roll(), Roll::raw(5));
        assert_eq!(Throw::from_sticks(0b0001).roll(), Roll::raw(1));
        assert_eq!(Throw::from_sticks(0b1010).roll(), Roll::raw(2));
        assert_eq!(Throw::from_sticks(0b0111).roll(), Roll::raw(3));
        assert_eq!(Throw::from_sticks(0b1111).roll(), Roll::raw(4));
    }

    #[test]
    fn stick_probabilities_match_the_weights() {
        let mut counts = [0u32; 6];
        for light in 0..16u8 {
            counts[Throw::from_sticks(light).roll().value() as usize] += 1;
        }
        for &(roll, weight) in Dice::FourSticks.weights() {
            assert_eq!(counts[roll.value() as usize], weight, "roll {roll}");
        }
        let total: u32 = Dice::FourSticks.weights().iter().map(|w| w.1).sum();
        assert_eq!(total, Dice::FourSticks.total_weight());
    }

    #[test]
    fn sticks_counting_six_read_the_same_faces() {
        for light in 0..16u8 {
            let five = Throw::from_sticks(light);
            let six = Throw::from_sticks_six(light);
            assert_eq!(five.sticks(), six.sticks());
            let expected = if light == 0 { 6 } else { five.roll().value() };
            assert_eq!(six.roll().value(), expected, "{light:04b}");
        }
        let mut counts = [0u32; 7];
        for light in 0..16u8 {
            counts[Throw::from_sticks_six(light).roll().value() as usize] += 1;
        }
        for &(roll, weight) in Dice::FourSticksSix.weights() {
            assert_eq!(counts[roll.value() as usize], weight, "roll {roll}");
        }
        assert_eq!(counts[5], 0);
        assert!(!Dice::FourSticksSix.can_roll(Roll::raw(5)));
        assert!(!Dice::FourSticks.can_roll(Roll::raw(6)));
        assert_eq!(Throw::from_sticks_six(0).to_string(), "---- 6");
    }

    #[test]
    fn long_die_cannot_roll_five() {
        assert!(!Dice::LongDie.can_roll(Roll::raw(5)));
        assert_eq!(format!("{:?}", Roll::raw(3)), "Roll(3)");
        assert_eq!(Throw::from_die_face(Roll::raw(5)), None);
        assert_eq!(Dice::LongDie.rolls().count(), 4);
    }

    #[test]
    fn canonical_throws_have_their_roll() {
        for dice in [Dice::FourSticks, Dice::LongDie, Dice::FourSticksSix] {
            for roll in dice.rolls() {
                assert_eq!(Throw::canonical(dice, roll).map(Throw::roll), Some(roll));
            }
            for value in 1..=Roll::MAX {
                let roll = Roll::raw(value);
                assert_eq!(Throw::canonical(dice, roll).is_some(), dice.can_roll(roll));
            }
        }
    }

    #[test]
    fn throws_print_their_sticks() {
        assert_eq!(Throw::from_sticks(0b0101).to_string(), "|-|- 2");
        assert_eq!(Throw::from_sticks(0).to_string(), "---- 5");
    }
}
