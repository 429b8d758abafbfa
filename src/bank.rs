//! [`Bank`]: the rolls a side has thrown and not yet played, in a ruleset
//! where every throw of a turn is made before any move
//! ([`Ruleset::banks_throws`](crate::Ruleset::banks_throws)).

use core::fmt;

use crate::movegen::IllegalMoveError;
use crate::position::Position;
use crate::ruleset::Ruleset;
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

impl<R: Ruleset> Position<R> {
    /// The rolls the side to throw has banked this turn and not yet
    /// played ([`Ruleset::banks_throws`]); always empty in a ruleset that
    /// plays each throw when it is thrown. The position string writes a
    /// bank in its fifth field: `bank=14+` while the side still throws,
    /// `bank=124` once it plays them.
    ///
    /// ```
    /// use senet::{Bitboard, Board, Dice, House, Move, Outcome, Position, Roll, Ruleset};
    /// use senet::rulesets::{Reach, first_home_wins};
    ///
    /// /// Five pieces a side, every throw made before moving: 1, 4 and 5 throw again.
    /// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    /// struct Banked;
    /// impl Ruleset for Banked {
    ///     fn name(&self) -> &'static str { "banked" }
    ///     fn revision(&self) -> u32 { 1 }
    ///     fn pieces_per_side(&self) -> u8 { 5 }
    ///     fn start(&self) -> [Bitboard; 2] {
    ///         [Bitboard::from_numbers(&[2, 4, 6, 8, 10]), Bitboard::from_numbers(&[1, 3, 5, 7, 9])]
    ///     }
    ///     fn dice(&self) -> Dice { Dice::FOUR_STICKS }
    ///     fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
    ///         match from.number() + roll.value() {
    ///             31 => Some(Reach::Off),
    ///             to => House::new(to).map(Reach::To),
    ///         }
    ///     }
    ///     fn throws_again(&self, roll: Roll, _: Option<Move>) -> bool { matches!(roll.value(), 1 | 4 | 5) }
    ///     fn banks_throws(&self) -> bool { true }
    ///     fn outcome(&self, board: &Board) -> Option<Outcome> { first_home_wins(self, board) }
    /// }
    ///
    /// let start = Position::start(senet::Rules::new(Banked)?);
    /// let four = start.bank_throw(Roll::new(4).unwrap())?; // a 4 throws again
    /// assert_eq!(four.bank().to_string(), "4+");
    /// let two = four.bank_throw(Roll::new(2).unwrap())?; // a 2 ends the throwing
    /// assert!(two.bank().is_to_play());
    /// assert_eq!(two.to_string(), "oxoxoxoxox.................... x 0 0 bank=24");
    /// // x now plays its 2 and its 4, in the order it chooses.
    /// assert!(two.moves(Roll::new(3).unwrap()).is_empty());
    /// assert_eq!(two.moves(Roll::new(4).unwrap()).len(), 2); // 8-12 and 10-14
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn bank(&self) -> Bank {
        self.bank
    }

    /// The position after the side to throw throws `roll` and banks it:
    /// it throws again when the ruleset gives another throw for the roll
    /// ([`Ruleset::throws_again`], asked with no move), and otherwise
    /// plays its bank next.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError::NoBanking`] in a ruleset that plays each throw
    /// when it is thrown, [`IllegalMoveError::BankToPlay`] once the
    /// throwing is over, [`IllegalMoveError::GameOver`] and
    /// [`IllegalMoveError::RollNotOnDice`] as for any throw.
    ///
    /// ```
    /// use senet::{IllegalMoveError, Position, Roll, rulesets::Kendall};
    ///
    /// let err = Position::start(Kendall).bank_throw(Roll::new(2).unwrap());
    /// assert_eq!(err, Err(IllegalMoveError::NoBanking { ruleset: "kendall" }));
    /// ```
    pub fn bank_throw(&self, roll: Roll) -> Result<Position<R>, IllegalMoveError> {
        if !self.ruleset.banks_throws() {
            let ruleset = self.ruleset.name();
            return Err(IllegalMoveError::NoBanking { ruleset });
        }
        if self.is_over() {
            return Err(IllegalMoveError::GameOver);
        }
        if !self.ruleset.dice().can_roll(roll) {
            return Err(IllegalMoveError::RollNotOnDice { roll });
        }
        if self.bank.is_to_play() {
            let side = self.side_to_throw();
            return Err(IllegalMoveError::BankToPlay { side });
        }
        Ok(self.apply_bank_throw(roll))
    }

    /// [`bank_throw`](Self::bank_throw), trusting that the side throws
    /// and the implement makes `roll`.
    #[inline]
    pub(crate) fn apply_bank_throw(&self, roll: Roll) -> Position<R> {
        let again = self.ruleset.throws_again(roll, None) && !self.bank.is_full_for(roll);
        // Never full here: the throw that fills a roll's count ends the throwing.
        let bank = self.bank.with(roll).unwrap_or(self.bank);
        Position {
            bank: if again { bank } else { bank.to_play() },
            ..*self
        }
    }

    /// Whether the side throws next: always, but while it plays its bank.
    #[inline]
    pub fn is_to_throw(&self) -> bool {
        !self.bank.is_to_play() && !self.is_over()
    }

    /// The lowest banked roll with a legal move here, if any.
    pub(crate) fn playable_banked_roll(&self) -> Option<Roll> {
        self.bank
            .distinct()
            .find(|&roll| !self.moves(roll).is_empty())
    }
}
