//! The step tables the generator plays whole sets of pieces from, derived
//! from a ruleset's geometry hooks.

use crate::bitboard::Bitboard;
use crate::house::House;
use crate::ruleset::{Reach, Ruleset};
use crate::throw::Roll;

/// Which way a move goes along the track.
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
/// shifts and masks, asks the hook about the pieces on [`ask`](Steps::ask)
/// one by one, and gives the pieces on any other house no move.
///
/// The derivation asks the hook about each of the 30 houses, written out
/// house by house with no loop: for a ruleset whose hooks are plain
/// functions of the house and the roll (every built-in one), and a roll
/// the compiler can see, it folds the whole derivation into a constant.
/// [`Ruleset::steps`] branches on the roll first, so even a roll known
/// only at run time costs one table look-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Steps {
    /// Houses from which the roll carries a piece exactly `roll` houses
    /// along the track (up going forward, down going backward): to that
    /// house, off when it is 31, or into the water for the houses of
    /// [`water`](Steps::water).
    pub along: Bitboard,
    /// The houses of `along` whose step of exactly the roll reaches the
    /// water house and enters the water.
    pub water: Bitboard,
    /// Houses with a move of any other kind (a fall, an exit with more
    /// than the roll needs...), which the generator asks the hook about
    /// one piece at a time. Disjoint from `along`.
    pub ask: Bitboard,
}

impl Steps {
    /// No house steps and none is asked about.
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
        match roll.value() {
            1 => Steps::of_roll(ruleset, Roll::of::<1>(), direction),
            2 => Steps::of_roll(ruleset, Roll::of::<2>(), direction),
            3 => Steps::of_roll(ruleset, Roll::of::<3>(), direction),
            4 => Steps::of_roll(ruleset, Roll::of::<4>(), direction),
            _ => Steps::of_roll(ruleset, Roll::of::<5>(), direction),
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

    /// Each house of a derived table says what the hook says of it.
    #[test]
    fn derived_tables_say_what_the_hooks_say() {
        for ruleset in AnyRuleset::ALL {
            for roll in ruleset.dice().rolls() {
                let r = roll.value();
                for direction in [Direction::Forward, Direction::Backward] {
                    let steps = ruleset.steps(roll, direction);
                    assert!((steps.along & steps.ask).is_empty());
                    assert_eq!(steps.water & steps.along, steps.water);
                    for from in House::all() {
                        let h = from.number();
                        let said = match direction {
                            Direction::Forward => ruleset.forward(from, roll),
                            Direction::Backward => ruleset.backward(from, roll),
                        };
                        let stepped = match direction {
                            Direction::Forward => h + r,
                            Direction::Backward => h.wrapping_sub(r),
                        };
                        let promised = if steps.water.contains(from) {
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
                        if steps.water.contains(from) {
                            assert_eq!(Some(stepped), ruleset.water().map(House::number));
                        }
                    }
                }
            }
        }
    }
}
