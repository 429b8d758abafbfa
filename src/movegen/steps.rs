//! The step tables the generator plays whole sets of pieces from, derived
//! from a ruleset's geometry hooks.

use crate::bitboard::Bitboard;
use crate::house::House;
use crate::ruleset::{Reach, Ruleset};
use crate::throw::Roll;

/// Which way a move goes along the track.
///
/// ```
/// use senet::{Direction, House, Roll, Ruleset};
/// use senet::rulesets::Kendall;
///
/// // A 2 from 25 would pass 26, where every piece stops; backward it goes to 23.
/// let two = Roll::new(2).unwrap();
/// let from = House::new(25).unwrap();
/// assert!(!Kendall.steps(two, Direction::Forward).along.contains(from));
/// assert!(Kendall.steps(two, Direction::Backward).along.contains(from));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Up the track, towards 30 and off: [`Ruleset::forward`].
    Forward,
    /// Down the track: [`Ruleset::backward`], played only when no piece
    /// can move forward.
    Backward,
}

/// What one roll does, house by house, to pieces moving in one direction:
/// the table the move generator plays whole sets of pieces from.
///
/// It is derived from [`Ruleset::forward`] (or [`Ruleset::backward`]) and
/// [`Ruleset::water`] by [`Ruleset::steps`], never written by hand. The
/// generator moves every piece on [`along`](Steps::along) at once with
/// shifts and masks, asks the hook about the other pieces on
/// [`ask`](Steps::ask) one by one, and gives the pieces on any other house
/// no move.
///
/// The derivation asks the hook about each of the 30 houses, written out
/// house by house with no loop: for a ruleset whose hooks are plain
/// functions of the house and the roll (every built-in one), the compiler
/// folds it into constants. Only `along` depends on the roll, a look-up
/// in a table of constants; the other two sets are the same for every
/// roll, so that no code after the look-up depends on which roll it was
/// (which would let the compiler turn the look-up into a jump on the
/// roll, mispredicted on random rolls).
///
/// ```
/// use senet::{Direction, House, Roll, Ruleset};
/// use senet::rulesets::Kendall;
///
/// let house = |n| House::new(n).unwrap();
/// let two = Kendall.steps(Roll::new(2).unwrap(), Direction::Forward);
/// assert!(two.along.contains(house(24))); // 24 to 26
/// assert!(!two.along.contains(house(25))); // would pass 26
/// assert!(two.along.contains(house(29))); // 29 off
/// assert!(two.water.contains(house(26))); // a 1 from 26 enters the water
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Steps {
    /// Houses from which this roll carries a piece exactly `roll` houses
    /// along the track (up going forward, down going backward): to that
    /// house, off when it is 31, or into the water (see
    /// [`water`](Steps::water)).
    pub along: Bitboard,
    /// Houses from which some roll enters the water with a step of
    /// exactly the roll: a piece of `along` on one of them enters the
    /// water when its step ends on the water house. The same for every
    /// roll.
    pub water: Bitboard,
    /// Houses from which some roll makes a move of another kind (a fall,
    /// an exit with more than the roll needs...): the generator asks the
    /// hook about the pieces there that are not on `along`. The same for
    /// every roll.
    pub ask: Bitboard,
}

impl Steps {
    /// No house steps and none is asked about.
    ///
    /// ```
    /// use senet::Steps;
    ///
    /// let none = Steps::NONE;
    /// assert!(none.along.is_empty() && none.water.is_empty() && none.ask.is_empty());
    /// ```
    pub const NONE: Steps = Steps {
        along: Bitboard::EMPTY,
        water: Bitboard::EMPTY,
        ask: Bitboard::EMPTY,
    };

    /// The table of `roll` in `direction`, from the ruleset's hooks.
    #[inline(always)]
    pub(crate) fn derive<R: Ruleset>(ruleset: &R, roll: Roll, direction: Direction) -> Steps {
        // One arm per roll, each with its roll a constant, so that each
        // folds; the match then becomes a look-up in a table of constants.
        let along = match roll.value() & 7 {
            1 => Steps::of_roll(ruleset, Roll::of::<1>(), direction).along,
            2 => Steps::of_roll(ruleset, Roll::of::<2>(), direction).along,
            3 => Steps::of_roll(ruleset, Roll::of::<3>(), direction).along,
            4 => Steps::of_roll(ruleset, Roll::of::<4>(), direction).along,
            5 => Steps::of_roll(ruleset, Roll::of::<5>(), direction).along,
            6 => Steps::of_roll(ruleset, Roll::of::<6>(), direction).along,
            _ => Bitboard::EMPTY,
        };
        let any = Steps::any_roll(ruleset, direction);
        Steps {
            along,
            water: any.water,
            ask: any.ask,
        }
    }

    /// The starts of `along` whose step of exactly `roll` ends on the water
    /// house and enters the water.
    #[inline(always)]
    pub(crate) fn entering_water<R: Ruleset>(
        &self,
        ruleset: &R,
        roll: Roll,
        direction: Direction,
    ) -> Bitboard {
        // A second table of constants by roll, like `along`'s: one load,
        // where working it out from the water house took a shift by the
        // roll and a test on it at every call.
        let entering = |roll: Roll| Steps::of_roll(ruleset, roll, direction).water;
        let water = match roll.value() & 7 {
            1 => entering(Roll::of::<1>()),
            2 => entering(Roll::of::<2>()),
            3 => entering(Roll::of::<3>()),
            4 => entering(Roll::of::<4>()),
            5 => entering(Roll::of::<5>()),
            6 => entering(Roll::of::<6>()),
            _ => Bitboard::EMPTY,
        };
        self.along & water
    }

    /// Every roll's table in one: the union of each set over the rolls the
    /// ruleset's implement makes. A constant for a ruleset whose hooks fold.
    #[inline(always)]
    fn any_roll<R: Ruleset>(ruleset: &R, direction: Direction) -> Steps {
        let dice = ruleset.dice();
        let of = |roll: Roll| {
            if dice.can_roll(roll) {
                Steps::of_roll(ruleset, roll, direction)
            } else {
                Steps::NONE
            }
        };
        let one = of(Roll::of::<1>());
        let two = of(Roll::of::<2>());
        let three = of(Roll::of::<3>());
        let four = of(Roll::of::<4>());
        let five = of(Roll::of::<5>());
        let six = of(Roll::of::<6>());
        Steps {
            along: one.along | two.along | three.along | four.along | five.along | six.along,
            water: one.water | two.water | three.water | four.water | five.water | six.water,
            ask: one.ask | two.ask | three.ask | four.ask | five.ask | six.ask,
        }
    }

    /// The table of `roll`, asking the hook about every house.
    #[inline(always)]
    fn of_roll<R: Ruleset>(ruleset: &R, roll: Roll, direction: Direction) -> Steps {
        let r = roll.value();
        let water = ruleset.water().map_or(0, House::number);
        let mut steps = Steps::NONE;
        let mut sort = |h: u8| {
            let from = House::from_index(h);
            let (reach, stepped) = match direction {
                Direction::Forward => (ruleset.forward(from, roll), h + r),
                Direction::Backward => (ruleset.backward(from, roll), h.wrapping_sub(r)),
            };
            let house = Bitboard::from_house(from);
            match reach {
                None => {}
                Some(Reach::To(to)) if to.number() == stepped => steps.along |= house,
                Some(Reach::Off) if stepped == House::COUNT + 1 => steps.along |= house,
                Some(Reach::Water) if stepped == water => {
                    steps.along |= house;
                    steps.water |= house;
                }
                Some(_) => steps.ask |= house,
            }
        };
        // Written out rather than looped: the compiler folds straight-line
        // calls with constant arguments, but not a loop of thirty.
        macro_rules! every_house {
            ($($h:literal)*) => { $( sort($h); )* };
        }
        every_house!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30);
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AnyRuleset;

    /// Each house of a derived table says what the hook says of it: a
    /// step of exactly the roll for `along` (into the water where the
    /// table says so), the hook asked for `ask`, no move elsewhere.
    #[test]
    fn derived_tables_say_what_the_hooks_say() {
        for ruleset in AnyRuleset::ALL {
            for roll in ruleset.dice().rolls() {
                let r = roll.value();
                for direction in [Direction::Forward, Direction::Backward] {
                    let steps = ruleset.steps(roll, direction);
                    let water = steps.entering_water(&ruleset, roll, direction);
                    for from in House::all() {
                        let h = from.number();
                        let (said, stepped) = match direction {
                            Direction::Forward => (ruleset.forward(from, roll), h + r),
                            Direction::Backward => {
                                (ruleset.backward(from, roll), h.wrapping_sub(r))
                            }
                        };
                        let promised = if water.contains(from) {
                            Some(Reach::Water)
                        } else if steps.along.contains(from) {
                            Some(match House::new(stepped) {
                                Some(to) => Reach::To(to),
                                None => Reach::Off,
                            })
                        } else if steps.ask.contains(from) {
                            said
                        } else {
                            None
                        };
                        assert_eq!(promised, said, "{ruleset}: {from} by {r}, {direction:?}");
                        if water.contains(from) {
                            assert_eq!(Some(stepped), ruleset.water().map(House::number));
                        }
                        // The asked houses never hide a plain step.
                        if steps.ask.contains(from) && !steps.along.contains(from) {
                            let plain = match said {
                                Some(Reach::To(to)) => to.number() == stepped,
                                Some(Reach::Off) => stepped == 31,
                                _ => false,
                            };
                            assert!(!plain, "{ruleset}: {from} by {r}, {direction:?}");
                        }
                    }
                }
            }
        }
    }
}
