//! The step tables the generator plays whole sets of pieces from, derived
//! from a ruleset's geometry hooks.

use crate::bitboard::Bitboard;
use crate::house::House;
use crate::ruleset::{Direction, Reach, Ruleset};
use crate::throw::Roll;

/// What one roll does, house by house, to pieces moving in one direction:
/// the table the move generator plays whole sets of pieces from.
///
/// It is derived from [`Ruleset::forward`] (or [`Ruleset::backward`]) and
/// [`Ruleset::water`] by shared code, never written by hand, and is the
/// crate's alone: a ruleset cannot make one, so the generator and the
/// check of a named move always read the same tables. The
/// generator moves every piece on `along` at once with
/// shifts and masks, asks the hook about the other pieces on
/// `ask` one by one, and gives the pieces on any other house
/// no move.
///
/// The derivation asks the hook about each of the 30 houses, written out
/// house by house with no loop: for a ruleset whose hooks are plain
/// functions of the house and the roll (every built-in one), the compiler
/// folds it into constants. `along` and `water` depend on the roll, each
/// a look-up in its own table of constants; `ask` is the same for every
/// roll. One `match` giving all three sets of a roll would let the
/// compiler turn the look-up into a jump on the roll, mispredicted on
/// random rolls; one table per set does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Steps {
    /// Houses from which this roll carries a piece exactly `roll` houses
    /// along the track (up going forward, down going backward): to that
    /// house, off when it is 31, or into the water (see
    /// `water`).
    pub(crate) along: Bitboard,
    /// The houses of `along` whose step of exactly this roll ends in the
    /// water ([`Ruleset::water`]): the piece enters the water, and rests
    /// wherever [`Ruleset::water_landing`] puts it.
    pub(crate) water: Bitboard,
    /// Houses from which some roll makes a move of another kind (a fall,
    /// an exit with more than the roll needs...): the generator asks the
    /// hook about the pieces there that are not on `along`. The same for
    /// every roll.
    pub(crate) ask: Bitboard,
}

impl Steps {
    /// No house steps and none is asked about.
    pub(crate) const NONE: Steps = Steps {
        along: Bitboard::EMPTY,
        water: Bitboard::EMPTY,
        ask: Bitboard::EMPTY,
    };

    /// The table of `roll` in `direction`, from the ruleset's hooks.
    #[inline(always)]
    pub(crate) fn derive<R: Ruleset>(ruleset: &R, roll: Roll, direction: Direction) -> Steps {
        // One table per set (see above). In this order the compiler keeps
        // more of Kendall's and Classic's playout loop in registers.
        let along = Steps::by_roll(ruleset, roll, direction, |steps| steps.along);
        let water = Steps::by_roll(ruleset, roll, direction, |steps| steps.water);
        Steps {
            along,
            water,
            ask: Steps::asked_by_any_roll(ruleset, direction),
        }
    }

    /// One set of the table of `roll`, picked by `set`: one arm per roll,
    /// each with its roll a constant, so that each folds and the `match`
    /// becomes a look-up in a table of constants.
    #[inline(always)]
    fn by_roll<R: Ruleset>(
        ruleset: &R,
        roll: Roll,
        direction: Direction,
        set: impl Fn(Steps) -> Bitboard,
    ) -> Bitboard {
        match roll.value() & 7 {
            1 => set(Steps::of_roll(ruleset, Roll::of::<1>(), direction)),
            2 => set(Steps::of_roll(ruleset, Roll::of::<2>(), direction)),
            3 => set(Steps::of_roll(ruleset, Roll::of::<3>(), direction)),
            4 => set(Steps::of_roll(ruleset, Roll::of::<4>(), direction)),
            5 => set(Steps::of_roll(ruleset, Roll::of::<5>(), direction)),
            6 => set(Steps::of_roll(ruleset, Roll::of::<6>(), direction)),
            _ => Bitboard::EMPTY,
        }
    }

    /// The `ask` sets of every roll the ruleset's implement makes, in one.
    /// A constant for a ruleset whose hooks fold.
    #[inline(always)]
    fn asked_by_any_roll<R: Ruleset>(ruleset: &R, direction: Direction) -> Bitboard {
        let dice = ruleset.dice();
        let of = |roll: Roll| {
            if dice.can_roll(roll) {
                Steps::of_roll(ruleset, roll, direction).ask
            } else {
                Bitboard::EMPTY
            }
        };
        of(Roll::of::<1>())
            | of(Roll::of::<2>())
            | of(Roll::of::<3>())
            | of(Roll::of::<4>())
            | of(Roll::of::<5>())
            | of(Roll::of::<6>())
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
                    let steps = Steps::derive(&ruleset, roll, direction);
                    let water = steps.water;
                    assert!(water.bits() & !steps.along.bits() == 0, "{ruleset}: {r}");
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
