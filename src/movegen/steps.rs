//! The step tables the generator plays whole sets of pieces from. They
//! are derived from a ruleset's geometry hooks in `ruleset.rs`, beside
//! the hooks, so that this file needs nothing of the trait.

use crate::bitboard::Bitboard;

/// What one roll does, house by house, to pieces moving in one direction:
/// the table the move generator plays whole sets of pieces from.
///
/// It is derived from [`Ruleset::forward`](crate::Ruleset::forward) (or [`Ruleset::backward`](crate::Ruleset::backward)) and
/// [`Ruleset::water`](crate::Ruleset::water) by shared code, never written by hand, and is the
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
    /// water ([`Ruleset::water`](crate::Ruleset::water)): the piece enters the water, and rests
    /// wherever [`Ruleset::water_landing`](crate::Ruleset::water_landing) puts it.
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::AnyRuleset;
    use crate::house::House;
    use crate::ruleset::{Direction, Reach, Ruleset};

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
