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
/// An implement is a value, not a list of names: `count` two-faced sticks,
/// each landing light or dark face up, the roll being the number of light
/// faces or a fixed value when none is ([`Dice::sticks`]); or the
/// four-sided long die ([`Dice::LONG_DIE`]). Everything else is derived
/// from that value: the rolls and their chances ([`weights`](Dice::weights)),
/// the throw one random word makes ([`throw_from`](Dice::throw_from), the
/// fair-play contract), the name a record or a rules file writes
/// ([`name`](Dice::name)) and the words a reader sees (`Display`).
///
/// ```
/// use senet::{Dice, Ruleset};
/// use senet::rulesets::{Bell, Kendall};
///
/// assert_eq!(Kendall.dice(), Dice::FOUR_STICKS);
/// assert_eq!(Bell.dice(), Dice::LONG_DIE);
/// assert_eq!(Dice::LONG_DIE.to_string(), "long die");
///
/// // Three sticks, where none light counts 4: rolls 1 to 4.
/// let three = Dice::sticks(3, 4).unwrap();
/// assert_eq!(three.name(), "three_sticks");
/// assert_eq!(three.total_weight(), 8);
/// assert_eq!("three_sticks".parse(), Ok(three));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Dice(Code);

/// An implement in one byte, so that a [`Throw`] stays three: 0 for the
/// long die, else the sticks times 8 plus the roll of no light face.
/// Only the constructors make one; [`Dice::shape`] reads it back.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Code(u8);

/// What an implement is, as [`Dice`] keeps it: its constructors check
/// the values, so every `Shape` held is one the throw contract can make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Shape {
    /// `count` sticks (1 to [`Dice::MAX_STICKS`]); the roll is the number
    /// of light faces, or `none_light` (above `count`) when none is.
    Sticks { count: u8, none_light: Roll },
    /// The four-sided long die: 1 to 4, equally likely.
    LongDie,
}

/// The words for the numbers an implement's name uses, from one to six.
const NUMBER_WORDS: [&str; 6] = ["one", "two", "three", "four", "five", "six"];

/// How `count` sticks are said: `("four", "sticks")`, `("one", "stick")`.
fn stick_words(count: u8) -> (&'static str, &'static str) {
    let plural = if count == 1 { "stick" } else { "sticks" };
    (
        NUMBER_WORDS[usize::from(count - 1) % NUMBER_WORDS.len()],
        plural,
    )
}

/// The rolls of one implement with their weights, in the first `.1`
/// entries of `.0`.
type Weights = ([(Roll, u32); 6], usize);

/// The chances of every implement the constructors allow, built once:
/// `STICK_WEIGHTS[count - 1][none_light - 2]` holds the rolls of `count`
/// sticks with none light counting `none_light`, and how many.
static STICK_WEIGHTS: [[Weights; 5]; 5] = {
    let mut tables = [[([(Roll::raw(1), 0); 6], 0); 5]; 5];
    let mut count = 1;
    while count <= Dice::MAX_STICKS as usize {
        let mut none_light = count + 1;
        while none_light <= Roll::MAX as usize {
            let (rolls, len) = &mut tables[count - 1][none_light - 2];
            // Rolls 1 to `count`: the ways `k` sticks of `count` land
            // light, "count choose k".
            let mut ways = 1u32;
            let mut k = 1;
            while k <= count {
                ways = ways * (count + 1 - k) as u32 / k as u32;
                rolls[k - 1] = (Roll::raw(k as u8), ways);
                k += 1;
            }
            rolls[count] = (Roll::raw(none_light as u8), 1);
            *len = count + 1;
            none_light += 1;
        }
        count += 1;
    }
    tables
};

/// The long die's chances: 1 each out of 4.
static DIE_WEIGHTS: [(Roll, u32); 4] = [
    (Roll::raw(1), 1),
    (Roll::raw(2), 1),
    (Roll::raw(3), 1),
    (Roll::raw(4), 1),
];

/// The roll of each fall of up to five sticks (bit `i` set when stick
/// `i` is light), one row per value of no light face (2 to 6): looked up
/// rather than counted, because a branch on the count would be as random
/// as the throw, and for a known implement the row is a constant.
static STICK_ROLLS: [[Roll; 32]; 5] = {
    let mut rows = [[Roll::raw(1); 32]; 5];
    let mut row = 0;
    while row < 5 {
        rows[row][0] = Roll::raw(row as u8 + 2);
        let mut light = 1;
        while light < 32 {
            rows[row][light] = Roll::raw((light as u8).count_ones() as u8);
            light += 1;
        }
        row += 1;
    }
    rows
};

/// Every fall of up to five sticks as light (`true`) or dark faces,
/// stick 0 first: what [`Throw::sticks`] lends out.
static FALLS: [[bool; 5]; 32] = {
    let mut falls = [[false; 5]; 32];
    let mut light = 0;
    while light < 32 {
        let mut stick = 0;
        while stick < 5 {
            falls[light][stick] = (light >> stick) & 1 != 0;
            stick += 1;
        }
        light += 1;
    }
    falls
};

impl Dice {
    /// The most sticks an implement may have: five sticks make rolls up
    /// to 5, and a roll is at most [`Roll::MAX`].
    pub const MAX_STICKS: u8 = 5;

    /// Four sticks, none light counting 5: rolls 1 to 5, with chances
    /// 4, 6, 4, 1 and 1 in 16.
    pub const FOUR_STICKS: Dice = Dice::of(Shape::Sticks {
        count: 4,
        none_light: Roll::raw(5),
    });

    /// Four sticks, none light counting 6 (Jéquier's reading): rolls 1,
    /// 2, 3, 4 and 6, never 5.
    pub const FOUR_STICKS_SIX: Dice = Dice::of(Shape::Sticks {
        count: 4,
        none_light: Roll::raw(6),
    });

    /// The four-sided long die: 1, 2, 3 or 4, equally likely.
    pub const LONG_DIE: Dice = Dice::of(Shape::LongDie);

    /// The implement of a shape the constructors checked.
    const fn of(shape: Shape) -> Dice {
        Dice(Code(match shape {
            Shape::Sticks { count, none_light } => count << 3 | none_light.value(),
            Shape::LongDie => 0,
        }))
    }

    /// What the implement is.
    #[inline(always)]
    const fn shape(self) -> Shape {
        match self.0.0 {
            0 => Shape::LongDie,
            code => Shape::Sticks {
                count: code >> 3,
                none_light: Roll::raw(code & 7),
            },
        }
    }

    /// `count` two-faced sticks whose roll is the number of light faces,
    /// or `none_light` when none is; `None` unless `count` is 1 to
    /// [`MAX_STICKS`](Self::MAX_STICKS) and `none_light` is above `count`
    /// and at most [`Roll::MAX`] (a roll no light face makes).
    ///
    /// ```
    /// use senet::Dice;
    ///
    /// assert_eq!(Dice::sticks(4, 5), Some(Dice::FOUR_STICKS));
    /// assert_eq!(Dice::sticks(4, 6), Some(Dice::FOUR_STICKS_SIX));
    /// assert_eq!(Dice::sticks(4, 4), None); // four light faces make 4 already
    /// assert_eq!(Dice::sticks(6, 7), None); // no roll is 7
    /// ```
    #[must_use]
    pub const fn sticks(count: u8, none_light: u8) -> Option<Dice> {
        if count == 0 || count > Self::MAX_STICKS || none_light <= count || none_light > Roll::MAX {
            return None;
        }
        Some(Dice::of(Shape::Sticks {
            count,
            none_light: Roll::raw(none_light),
        }))
    }

    /// How many sticks are thrown; `None` for the long die.
    ///
    /// ```
    /// use senet::Dice;
    ///
    /// assert_eq!(Dice::FOUR_STICKS_SIX.stick_count(), Some(4));
    /// assert_eq!(Dice::LONG_DIE.stick_count(), None);
    /// ```
    #[inline]
    pub const fn stick_count(self) -> Option<u8> {
        match self.shape() {
            Shape::Sticks { count, .. } => Some(count),
            Shape::LongDie => None,
        }
    }

    /// Each possible roll with its weight, lowest roll first; the weights
    /// add up to [`Dice::total_weight`].
    ///
    /// Sticks: for each roll below the one of no light face, the number
    /// of ways that many sticks land light; then 1 for no light face.
    /// Four sticks: 4, 6, 4, 1, 1 out of 16. Long die: 1 each out of 4.
    ///
    /// ```
    /// use senet::{Dice, Roll};
    ///
    /// let weights = Dice::FOUR_STICKS.weights();
    /// assert_eq!(weights[1], (Roll::new(2).unwrap(), 6)); // 2 is the likeliest
    /// let sum: u32 = weights.iter().map(|&(_, weight)| weight).sum();
    /// assert_eq!(sum, Dice::FOUR_STICKS.total_weight());
    /// ```
    #[inline]
    pub fn weights(self) -> &'static [(Roll, u32)] {
        match self.shape() {
            Shape::Sticks { count, none_light } => {
                let (rolls, len) =
                    &STICK_WEIGHTS[(count - 1) as usize % 5][(none_light.value() - 2) as usize % 5];
                &rolls[..*len]
            }
            Shape::LongDie => &DIE_WEIGHTS,
        }
    }

    /// The sum of the weights of [`Dice::weights`]: every way the
    /// implement can fall, 2 to the power of the sticks, or 4 faces.
    ///
    /// ```
    /// use senet::Dice;
    ///
    /// assert_eq!(Dice::FOUR_STICKS.total_weight(), 16); // 2 to the power 4 falls
    /// assert_eq!(Dice::LONG_DIE.total_weight(), 4);
    /// ```
    #[inline]
    pub const fn total_weight(self) -> u32 {
        match self.shape() {
            Shape::Sticks { count, .. } => 1 << count,
            Shape::LongDie => 4,
        }
    }

    /// Every roll this implement can make, lowest first.
    ///
    /// ```
    /// use senet::Dice;
    ///
    /// let values: Vec<u8> = Dice::FOUR_STICKS_SIX.rolls().map(|roll| roll.value()).collect();
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
    /// assert!(Dice::FOUR_STICKS.can_roll(five));
    /// assert!(!Dice::LONG_DIE.can_roll(five));
    /// ```
    #[inline(always)]
    pub const fn can_roll(self, roll: Roll) -> bool {
        // Both comparisons, not a branch between them: the roll is random,
        // and for a known implement the two fold into one range.
        match self.shape() {
            Shape::Sticks { count, none_light } => {
                // The rolls of some light faces, and of none when it
                // follows them (then one comparison is all it takes).
                let run = if none_light.value() == count + 1 {
                    none_light.value()
                } else {
                    count
                };
                (roll.value() <= run) | (roll.value() == none_light.value())
            }
            Shape::LongDie => roll.value() <= 4,
        }
    }

    /// Throws once, taking exactly one `u32` from `rng`.
    ///
    /// This is the fair-play contract: sticks use the low bits of the
    /// word, one per stick (bit `i` set means stick `i` landed light face
    /// up), whichever way they are counted, so the same word gives the
    /// same sticks, worth 5 or 6 when none of four is light; the long die
    /// uses the low two bits (`0..=3` is the face `1..=4`). It never
    /// changes between versions.
    ///
    /// ```
    /// use rand_chacha::ChaCha8Rng;
    /// use rand_core::{Rng, SeedableRng};
    /// use senet::{Dice, Throw};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(7);
    /// let word = rng.clone().next_u32(); // the word the throw will take
    /// let throw = Dice::FOUR_STICKS.throw(&mut rng);
    /// assert_eq!(throw, Throw::from_sticks(word as u8));
    /// ```
    #[inline]
    pub fn throw<G: Rng + ?Sized>(self, rng: &mut G) -> Throw {
        self.throw_from(rng.next_u32())
    }

    /// The throw one word makes: what [`throw`](Self::throw) makes of the
    /// word it takes. Only the low bits count (one per stick, two for
    /// the long die), so the others are free for the caller's own use:
    /// [`playout`](crate::playout::playout) chooses its move with them.
    ///
    /// ```
    /// use senet::{Dice, Throw};
    ///
    /// let word = 0xABCD_0125; // low four bits 0101: sticks 0 and 2 light
    /// assert_eq!(Dice::FOUR_STICKS.throw_from(word), Throw::from_sticks(0b0101));
    /// assert_eq!(Dice::FOUR_STICKS.throw_from(word).roll().value(), 2);
    /// assert_eq!(Dice::LONG_DIE.throw_from(word).roll().value(), 2); // low two bits 01
    /// assert_eq!(Dice::FOUR_STICKS_SIX.throw_from(0xFFFF_FFF0).roll().value(), 6);
    /// ```
    // Always inlined: for a known implement the whole body folds to a
    // mask and one table look-up, which a call would not.
    #[inline(always)]
    #[must_use]
    pub const fn throw_from(self, word: u32) -> Throw {
        match self.shape() {
            Shape::Sticks { count, none_light } => {
                let faces = (word & ((1 << count) - 1)) as u8;
                Throw {
                    dice: self,
                    faces,
                    roll: STICK_ROLLS[(none_light.value() - 2) as usize % 5][faces as usize % 32],
                }
            }
            Shape::LongDie => Throw::from_die(Roll::raw((word & 3) as u8 + 1)),
        }
    }

    /// The name a record or a rules file writes for the implement:
    /// `long_die`, or the sticks as `four_sticks` (none light counting
    /// one more than the sticks) or `four_sticks_six` (counting six).
    /// [`str::parse`] reads it back.
    ///
    /// ```
    /// use senet::Dice;
    ///
    /// assert_eq!(Dice::FOUR_STICKS.name(), "four_sticks");
    /// assert_eq!(Dice::FOUR_STICKS_SIX.name(), "four_sticks_six");
    /// assert_eq!(Dice::LONG_DIE.name(), "long_die");
    /// assert_eq!(Dice::sticks(2, 6).unwrap().name(), "two_sticks_six");
    /// ```
    pub fn name(self) -> String {
        match self.shape() {
            Shape::Sticks { count, none_light } => {
                let (sticks, plural) = stick_words(count);
                if none_light.value() == count + 1 {
                    format!("{sticks}_{plural}")
                } else {
                    let none = NUMBER_WORDS[usize::from(none_light.value() - 1)];
                    format!("{sticks}_{plural}_{none}")
                }
            }
            Shape::LongDie => "long_die".to_owned(),
        }
    }

    /// Every implement there is: the long die, then the sticks by count
    /// and by the roll of no light face.
    fn every() -> impl Iterator<Item = Dice> {
        let sticks = (1..=Self::MAX_STICKS).flat_map(|count| {
            (count + 1..=Roll::MAX).filter_map(move |none| Dice::sticks(count, none))
        });
        core::iter::once(Dice::LONG_DIE).chain(sticks)
    }
}

/// A name that is no implement: what `str::parse::<Dice>` gives for one.
///
/// ```
/// use senet::Dice;
///
/// let error = "six_sticks".parse::<Dice>().unwrap_err();
/// assert!(error.to_string().contains("\"six_sticks\""));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "{found:?} is no implement: write \"long_die\", or sticks as \"four_sticks\" \
     (\"one_stick\" to \"five_sticks\", none light counting one more than the sticks) \
     or \"four_sticks_six\" (none light counting the number named, above the sticks, \
     at most six)"
)]
pub struct DiceError {
    /// The name given (quoted through
    /// [`excerpt`](crate::notation::quote::excerpt)).
    pub found: String,
}

impl core::str::FromStr for Dice {
    type Err = DiceError;

    /// Reads exactly the [`name`](Dice::name) of an implement (there are
    /// sixteen, so each is compared).
    fn from_str(text: &str) -> Result<Dice, DiceError> {
        Dice::every()
            .find(|dice| dice.name() == text)
            .ok_or_else(|| DiceError {
                found: excerpt(text),
            })
    }
}

impl fmt::Debug for Dice {
    /// The implement's [`name`](Dice::name): `Dice(four_sticks)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dice({})", self.name())
    }
}

impl fmt::Display for Dice {
    /// The implement in words: `four sticks`, `four sticks, none light
    /// counting 6`, `long die`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.shape() {
            Shape::Sticks { count, none_light } => {
                let (sticks, plural) = stick_words(count);
                write!(f, "{sticks} {plural}")?;
                if none_light.value() != count + 1 {
                    write!(f, ", none light counting {none_light}")?;
                }
                Ok(())
            }
            Shape::LongDie => f.write_str("long die"),
        }
    }
}

/// One throw as it fell: the implement, what it showed, and the roll it is worth.
///
/// ```
/// use senet::{Dice, Throw};
///
/// let throw = Throw::from_sticks(0b0101); // sticks 0 and 2 light
/// assert_eq!(throw.roll().value(), 2);
/// assert_eq!(throw.dice(), Dice::FOUR_STICKS);
/// assert_eq!(throw.to_string(), "|-|- 2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Throw {
    dice: Dice,
    /// Sticks: bit `i` set when stick `i` is light. Long die: unused (0).
    faces: u8,
    roll: Roll,
}

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
        Dice::FOUR_STICKS.throw_from(light as u32)
    }

    /// A throw of the four sticks counted with no light face worth 6
    /// ([`Dice::FOUR_STICKS_SIX`]); `light` as for [`from_sticks`](Self::from_sticks).
    ///
    /// ```
    /// use senet::{Dice, Throw};
    ///
    /// let none_light = Throw::from_sticks_six(0);
    /// assert_eq!(none_light.roll().value(), 6);
    /// assert_eq!(none_light.dice(), Dice::FOUR_STICKS_SIX);
    /// assert_eq!(Throw::from_sticks_six(0b0011).roll().value(), 2);
    /// ```
    #[inline]
    pub const fn from_sticks_six(light: u8) -> Throw {
        Dice::FOUR_STICKS_SIX.throw_from(light as u32)
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
            dice: Dice::LONG_DIE,
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
    /// let two = Throw::canonical(Dice::FOUR_STICKS, Roll::new(2).unwrap()).unwrap();
    /// assert_eq!(two.to_string(), "||-- 2");
    /// assert_eq!(Throw::canonical(Dice::LONG_DIE, Roll::new(5).unwrap()), None);
    /// ```
    pub const fn canonical(dice: Dice, roll: Roll) -> Option<Throw> {
        if !dice.can_roll(roll) {
            return None;
        }
        Some(match dice.shape() {
            Shape::Sticks { none_light, .. } if roll.value() == none_light.value() => {
                dice.throw_from(0)
            }
            Shape::Sticks { .. } => dice.throw_from((1 << roll.value()) - 1),
            Shape::LongDie => Throw::from_die(roll),
        })
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
    /// assert_eq!(four.dice(), Dice::LONG_DIE);
    /// ```
    #[inline]
    pub const fn dice(self) -> Dice {
        self.dice
    }

    /// For sticks, which of them landed light face up (`true`), stick 0
    /// first; `None` for the die.
    ///
    /// ```
    /// use senet::{Roll, Throw};
    ///
    /// let throw = Throw::from_sticks(0b1001);
    /// assert_eq!(throw.sticks(), Some(&[true, false, false, true][..]));
    /// let die = Throw::from_die_face(Roll::new(1).unwrap()).unwrap();
    /// assert_eq!(die.sticks(), None);
    /// ```
    pub fn sticks(self) -> Option<&'static [bool]> {
        let count = self.dice.stick_count()?;
        Some(&FALLS[usize::from(self.faces) % 32][..usize::from(count)])
    }

    /// The sticks as bits, bit `i` set when stick `i` is light (0 for the
    /// die): what [`Dice::throw_from`] reads from a word.
    #[cfg(feature = "serde")]
    pub(crate) const fn light(self) -> u8 {
        self.faces
    }
}

impl fmt::Display for Throw {
    /// Sticks as four characters (`|` light, `-` dark) then the roll,
    /// e.g. `|-|- 2`; the die as `die 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.sticks() {
            Some(sticks) => {
                for &light in sticks {
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
        for &(roll, weight) in Dice::FOUR_STICKS.weights() {
            assert_eq!(counts[roll.value() as usize], weight, "roll {roll}");
        }
        let total: u32 = Dice::FOUR_STICKS.weights().iter().map(|w| w.1).sum();
        assert_eq!(total, Dice::FOUR_STICKS.total_weight());
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
        for &(roll, weight) in Dice::FOUR_STICKS_SIX.weights() {
            assert_eq!(counts[roll.value() as usize], weight, "roll {roll}");
        }
        assert_eq!(counts[5], 0);
        assert!(!Dice::FOUR_STICKS_SIX.can_roll(Roll::raw(5)));
        assert!(!Dice::FOUR_STICKS.can_roll(Roll::raw(6)));
        assert_eq!(Throw::from_sticks_six(0).to_string(), "---- 6");
    }

    #[test]
    fn long_die_cannot_roll_five() {
        assert!(!Dice::LONG_DIE.can_roll(Roll::raw(5)));
        assert_eq!(format!("{:?}", Roll::raw(3)), "Roll(3)");
        assert_eq!(Throw::from_die_face(Roll::raw(5)), None);
        assert_eq!(Dice::LONG_DIE.rolls().count(), 4);
    }

    #[test]
    fn canonical_throws_have_their_roll() {
        for dice in Dice::every() {
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
    fn every_implement_throws_as_its_weights_say() {
        let every: Vec<Dice> = Dice::every().collect();
        assert_eq!(every.len(), 16, "{every:?}");
        for dice in every {
            // Each fall of the implement's low bits, once: the chances the
            // contract makes must be the weights the value states.
            let falls = dice.total_weight();
            let mut counts = [0u32; 7];
            for word in 0..falls {
                let throw = dice.throw_from(word | 0xABC0_0000);
                assert_eq!(throw.dice(), dice);
                assert!(dice.can_roll(throw.roll()), "{dice}: {throw}");
                counts[throw.roll().value() as usize] += 1;
                let shown = throw.sticks().map_or(0, <[bool]>::len);
                assert_eq!(shown, usize::from(dice.stick_count().unwrap_or(0)));
            }
            let weights = dice.weights();
            assert_eq!(weights.iter().map(|w| w.1).sum::<u32>(), falls, "{dice}");
            for &(roll, weight) in weights {
                assert_eq!(counts[roll.value() as usize], weight, "{dice} roll {roll}");
            }
            assert_eq!(counts.iter().filter(|&&n| n > 0).count(), weights.len());
            for value in 1..=Roll::MAX {
                let roll = Roll::raw(value);
                assert_eq!(
                    dice.can_roll(roll),
                    counts[value as usize] > 0,
                    "{dice} {roll}"
                );
            }
        }
    }

    #[test]
    fn every_implement_reads_back_from_its_name_and_nothing_else_reads() {
        for dice in Dice::every() {
            assert_eq!(dice.name().parse(), Ok(dice), "{}", dice.name());
        }
        for name in [
            "",
            "four_sticks_five",
            "six_sticks",
            "zero_sticks",
            "one_sticks",
            "two_stick",
            "three_sticks_two",
            "long die",
            "Four_sticks",
            "four_sticks_seven",
        ] {
            let error = name.parse::<Dice>().unwrap_err();
            assert!(
                error
                    .to_string()
                    .starts_with(&format!("{name:?} is no implement"))
            );
        }
        assert_eq!(
            Dice::sticks(1, 2).map(Dice::name).as_deref(),
            Some("one_stick")
        );
        assert_eq!(
            Dice::sticks(3, 4).map(|d| d.to_string()).as_deref(),
            Some("three sticks")
        );
        assert_eq!(
            Dice::FOUR_STICKS_SIX.to_string(),
            "four sticks, none light counting 6"
        );
    }

    #[test]
    fn throws_print_their_sticks() {
        assert_eq!(Throw::from_sticks(0b0101).to_string(), "|-|- 2");
        assert_eq!(Throw::from_sticks(0).to_string(), "---- 5");
    }
}
