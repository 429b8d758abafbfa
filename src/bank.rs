//! [`Bank`]: the rolls a side has thrown and not yet played, in a ruleset
//! where every throw of a turn is made before any move
//! ([`Ruleset::banks_throws`](crate::Ruleset::banks_throws)).

use core::fmt;

use crate::throw::Roll;

/// The rolls a side has thrown this turn and not yet played, and whether
/// it still throws before playing them. Four bytes, `Copy`; always empty
/// in a ruleset that plays each throw when it is thrown.
///
/// A bank is a count per roll value: the order the rolls were thrown in
/// does not matter, since the side plays them in the order it chooses.
/// It holds at most [`Bank::MAX_OF_A_ROLL`] rolls of one value.
///
/// ```
/// use senet::{Bank, Position, Roll};
/// use senet::rulesets::Kendall;
///
/// // Kendall plays each throw at once: its banks are always empty.
/// let start = Position::start(Kendall);
/// assert_eq!(start.bank(), Bank::EMPTY);
/// assert!(start.bank().is_empty() && !start.bank().is_to_play());
/// assert_eq!(start.bank().rolls().count(), 0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bank(u32);

/// Bits per roll value: a count of 0 to 31.
const WIDTH: u32 = 5;
/// The flag set once the throwing is over and the bank is played.
const TO_PLAY: u32 = 1 << 30;

/// Every roll value, lowest first.
const ROLLS: [Roll; Roll::MAX as usize] = {
    let mut rolls = [match Roll::new(1) {
        Some(roll) => roll,
        None => unreachable!(),
    }; Roll::MAX as usize];
    let mut index = 0;
    while index < rolls.len() {
        rolls[index] = match Roll::new(index as u8 + 1) {
            Some(roll) => roll,
            None => unreachable!(),
        };
        index += 1;
    }
    rolls
};

impl Bank {
    /// No roll banked, the side to throw throwing.
    pub const EMPTY: Bank = Bank(0);

    /// The most rolls of one value a bank holds. The throw that banks the
    /// last of them ends the throwing, whatever its roll (a bank this
    /// full is never thrown with four sticks: 31 rolls of one value in a
    /// row have a chance below 10^-18).
    pub const MAX_OF_A_ROLL: u8 = (1 << WIDTH) - 1;

    /// Where the count of `roll` is.
    #[inline(always)]
    const fn shift(roll: Roll) -> u32 {
        (roll.value() as u32 - 1) * WIDTH
    }

    /// A bank of `rolls`, to be played (`to_play`) or with the side still
    /// throwing; `None` when it holds more than
    /// [`Bank::MAX_OF_A_ROLL`] of a roll, or is to be played with no roll.
    /// A position checks the rest ([`Setup::bank`](crate::Setup::bank)).
    ///
    /// ```
    /// use senet::{Bank, Roll};
    ///
    /// let rolls = [4, 1, 2].map(|r| Roll::new(r).unwrap());
    /// let bank = Bank::of(rolls, true).unwrap();
    /// assert_eq!(bank.to_string(), "124"); // lowest first
    /// assert_eq!(Bank::of(rolls, false).unwrap().to_string(), "124+");
    /// assert_eq!(Bank::of([], true), None); // nothing to play
    /// ```
    pub fn of(rolls: impl IntoIterator<Item = Roll>, to_play: bool) -> Option<Bank> {
        let bank = rolls
            .into_iter()
            .try_fold(Bank::EMPTY, |bank, roll| bank.with(roll))?;
        match (to_play, bank.is_empty()) {
            (true, true) => None,
            (true, false) => Some(bank.to_play()),
            (false, _) => Some(bank),
        }
    }

    /// Whether no roll is banked.
    ///
    /// ```
    /// assert!(senet::Bank::EMPTY.is_empty());
    /// ```
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 & !TO_PLAY == 0
    }

    /// Whether the throwing is over and the side plays the bank now (no
    /// throw comes before its moves). `false` while it still throws,
    /// and for an empty bank.
    ///
    /// ```
    /// assert!(!senet::Bank::EMPTY.is_to_play());
    /// ```
    #[inline]
    pub const fn is_to_play(self) -> bool {
        self.0 & TO_PLAY != 0
    }

    /// How many rolls of `roll` the bank holds.
    ///
    /// ```
    /// use senet::{Bank, Roll};
    ///
    /// assert_eq!(Bank::EMPTY.count(Roll::new(4).unwrap()), 0);
    /// ```
    #[inline]
    pub const fn count(self, roll: Roll) -> u8 {
        ((self.0 >> Bank::shift(roll)) & ((1 << WIDTH) - 1)) as u8
    }

    /// Whether the bank holds a roll of `roll`.
    #[inline]
    pub const fn holds(self, roll: Roll) -> bool {
        self.count(roll) != 0
    }

    /// How many rolls the bank holds.
    ///
    /// ```
    /// assert_eq!(senet::Bank::EMPTY.len(), 0);
    /// ```
    pub fn len(self) -> usize {
        ROLLS
            .iter()
            .map(|&roll| usize::from(self.count(roll)))
            .sum()
    }

    /// Every roll banked, lowest first, each as often as it was thrown.
    pub fn rolls(self) -> impl Iterator<Item = Roll> {
        ROLLS
            .into_iter()
            .flat_map(move |roll| core::iter::repeat_n(roll, usize::from(self.count(roll))))
    }

    /// Each roll value banked once, lowest first: the rolls the side may
    /// choose among for its next move.
    pub fn distinct(self) -> impl Iterator<Item = Roll> {
        ROLLS.into_iter().filter(move |&roll| self.holds(roll))
    }

    /// The lowest roll banked, if any: the first lost when no banked roll
    /// can be played.
    pub fn lowest(self) -> Option<Roll> {
        self.distinct().next()
    }

    /// The bank with one more `roll`, or `None` when it already holds
    /// [`Bank::MAX_OF_A_ROLL`] of them.
    #[inline]
    pub(crate) const fn with(self, roll: Roll) -> Option<Bank> {
        if self.count(roll) == Bank::MAX_OF_A_ROLL {
            None
        } else {
            Some(Bank(self.0 + (1 << Bank::shift(roll))))
        }
    }

    /// The bank with one `roll` fewer (the bank unchanged when it holds
    /// none: callers check first).
    #[inline]
    pub(crate) const fn without(self, roll: Roll) -> Bank {
        if self.holds(roll) {
            Bank(self.0 - (1 << Bank::shift(roll)))
        } else {
            self
        }
    }

    /// The same rolls, the throwing over: the bank is played now.
    #[inline]
    pub(crate) const fn to_play(self) -> Bank {
        Bank(self.0 | TO_PLAY)
    }

    /// Whether the bank is full for `roll`: one more would not fit.
    #[inline]
    pub(crate) const fn is_full_for(self, roll: Roll) -> bool {
        self.count(roll) + 1 >= Bank::MAX_OF_A_ROLL
    }
}

/// The rolls as the position string writes them: digits lowest first,
/// then `+` while the side still throws (`14+`, `124`).
impl fmt::Display for Bank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for roll in self.rolls() {
            write!(f, "{}", roll.value())?;
        }
        if !self.is_to_play() {
            f.write_str("+")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Bank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bank({self})")
    }
}
