//! What each side is owed or awaits between throws: a turn it will lose,
//! a roll it has yet to throw to begin. One byte of a [`Position`], in what
//! was padding (a second byte cost Kendall's random playouts 18
//! instructions a throw), always empty in a ruleset with neither.
//!
//! [`Position`]: crate::Position

use crate::house::Side;

/// One thing a side can be owed or await, with the name the position
/// string's fifth field gives it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Debt {
    /// The side loses its next turn ([`Ruleset::loses_next_turn`]).
    ///
    /// [`Ruleset::loses_next_turn`]: crate::Ruleset::loses_next_turn
    LosesTurn,
    /// The side has yet to throw the roll that begins it
    /// ([`Ruleset::begins_with`]).
    ///
    /// [`Ruleset::begins_with`]: crate::Ruleset::begins_with
    Unbegun,
}

impl Debt {
    /// Every debt, in the order the position string writes them.
    pub(crate) const ALL: [Debt; 2] = [Debt::LosesTurn, Debt::Unbegun];

    /// Its name in the position string's fifth field (`loses=x`).
    pub(crate) const fn field(self) -> &'static str {
        match self {
            Debt::LosesTurn => "loses",
            Debt::Unbegun => "unbegun",
        }
    }

    /// Where the bit of `side` for this debt is: two bits a debt, one a
    /// side.
    #[inline(always)]
    const fn shift(self, side: Side) -> u8 {
        self as u8 * 2 + side.index() as u8
    }

    /// The bit of `side` for this debt.
    #[inline(always)]
    const fn bit(self, side: Side) -> u8 {
        1 << self.shift(side)
    }
}

/// The debts of both sides, one bit each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Owed(u8);

impl Owed {
    /// Nothing owed, nothing awaited.
    pub(crate) const NOTHING: Owed = Owed(0);

    /// Whether nothing at all is owed or awaited.
    #[inline(always)]
    pub(crate) const fn is_nothing(self) -> bool {
        self.0 == 0
    }

    /// Whether `side` owes `debt`.
    #[inline(always)]
    pub(crate) const fn has(self, debt: Debt, side: Side) -> bool {
        self.0 & debt.bit(side) != 0
    }

    /// The same debts, with `side` owing `debt` too when `owes` (a
    /// branch-free or: the hot path adds a lost turn this way).
    #[inline(always)]
    pub(crate) const fn adding(self, debt: Debt, side: Side, owes: bool) -> Owed {
        Owed(self.0 | ((owes as u8) << debt.shift(side)))
    }

    /// The same debts, with `side`'s `debt` paid.
    #[inline(always)]
    pub(crate) const fn paying(self, debt: Debt, side: Side) -> Owed {
        Owed(self.0 & !debt.bit(side))
    }

    /// The side that throws when the sticks come to `next`: each side the
    /// sticks reach that loses its turn gives them up, once, and its
    /// debt is paid. Cold: only a ruleset with lost turns comes here.
    #[cold]
    #[inline(never)]
    pub(crate) fn skipping(mut self, mut next: Side) -> (Side, Owed) {
        while self.has(Debt::LosesTurn, next) {
            self = self.paying(Debt::LosesTurn, next);
            next = next.opponent();
        }
        (next, self)
    }

    /// Whether any side will lose a turn (the one debt that moves the
    /// sticks).
    #[inline(always)]
    pub(crate) const fn any_lost_turn(self) -> bool {
        self.0 & (Debt::LosesTurn.bit(Side::X) | Debt::LosesTurn.bit(Side::O)) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_debt_of_each_side_is_its_own_bit() {
        let mut seen = 0u8;
        for debt in Debt::ALL {
            for side in Side::BOTH {
                let owed = Owed::NOTHING.adding(debt, side, true);
                assert!(owed.has(debt, side));
                assert!(!owed.has(debt, side.opponent()));
                assert_eq!(owed.paying(debt, side), Owed::NOTHING);
                assert_eq!(seen & owed.0, 0, "{debt:?} of {side} shares a bit");
                seen |= owed.0;
            }
        }
        assert_eq!(seen.count_ones(), 4);
    }

    #[test]
    fn skipping_passes_over_each_side_that_loses_its_turn_once() {
        let both = Owed::NOTHING
            .adding(Debt::LosesTurn, Side::X, true)
            .adding(Debt::LosesTurn, Side::O, true)
            .adding(Debt::Unbegun, Side::O, true);
        let (next, left) = both.skipping(Side::O);
        assert_eq!(next, Side::O);
        assert!(!left.any_lost_turn());
        assert!(left.has(Debt::Unbegun, Side::O), "other debts are kept");
    }
}
