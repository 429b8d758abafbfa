//! `Compiled`: a ruleset of your own with its answers worked out once.
//!
//! The move generator plays from per-roll tables derived from a ruleset's
//! geometry hooks ([`Ruleset::forward`], [`Ruleset::backward`]). For the
//! built-in rulesets the compiler folds that derivation into constants;
//! for a ruleset written in another crate it cannot (a hook there is a
//! call, not code it can see), and the tables would be derived again on
//! every throw. [`Compiled::new`] derives them once, with every answer
//! that does not depend on the board, and keeps them for as long as the
//! program runs; the generator reads them from there.

use core::any::Any;
use core::fmt;
use std::sync::Mutex;

use crate::movegen::steps::Steps;
use crate::ruleset::{Direction, Ruleset};
use crate::rulesets::AnyRuleset;
use crate::throw::Roll;

/// A ruleset with its answers worked out once: the way to play a ruleset
/// of your own at the speed of a built-in one.
///
/// Wrap the ruleset once, then use the wrapper wherever a ruleset goes
/// (`Position<Compiled>`, `Game<Compiled>`, records, perft). Every rule is
/// still the wrapped ruleset's: the wrapper answers each hook as the
/// ruleset does, and the crate still checks each answer it can. What
/// changes is the cost: the move generator's tables, derived from the
/// geometry hooks on every throw otherwise, and every hook that needs no
/// board (the dice, the water house, safe houses...) are asked once, when
/// the ruleset is first compiled; the hooks that read the board stay one
/// call each per position.
///
/// The built-in rulesets need no wrapper (their hooks are constants to
/// the compiler) and [`AnyRuleset`] has its tables built in; wrapping one
/// works, but is no faster.
///
/// A compiled ruleset lives as long as the program. Compiling the same
/// ruleset again (the same type and an equal value) finds the first one:
/// `Compiled::new(MyRules) == Compiled::new(MyRules)`, and a program that
/// compiles in a loop keeps one copy.
///
/// ```
/// use senet::rulesets::{Kendall, Reach};
/// use senet::{Bitboard, Board, Compiled, Dice, House, Move, Outcome, Position, Roll, Ruleset, perft};
///
/// /// Kendall's geometry with nothing else: no protection, no blockade.
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// struct Plain;
///
/// impl Ruleset for Plain {
///     fn name(&self) -> &'static str { "plain" }
///     fn revision(&self) -> u32 { 1 }
///     fn pieces_per_side(&self) -> u8 { 5 }
///     fn start(&self) -> [Bitboard; 2] { Kendall.start() }
///     fn dice(&self) -> Dice { Dice::FOUR_STICKS }
///     fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
///         Some(House::new(from.number() + roll.value()).map_or(Reach::Off, Reach::To))
///     }
///     fn throws_again(&self, roll: Roll, _: Option<Move>) -> bool { roll.value() == 5 }
///     fn outcome(&self, board: &Board) -> Option<Outcome> {
///         senet::rulesets::first_home_wins(self, board)
///     }
/// }
///
/// let compiled = Compiled::new(Plain);
/// assert_eq!(compiled, Compiled::new(Plain));
/// assert_eq!(compiled.name(), "plain");
/// let fast = Position::try_start(compiled)?;
/// let slow = Position::try_start(Plain)?;
/// assert_eq!(perft(&fast, 3), perft(&slow, 3));
/// assert_eq!(fast.to_string(), slow.to_string());
/// # Ok::<(), senet::PositionError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Compiled(&'static Entry);

/// What one compiled ruleset keeps: the ruleset, behind an object-safe
/// view of its hooks, and its answers that need no board.
struct Entry {
    hooks: Box<dyn Hooks>,
    identity: Option<AnyRuleset>,
    fixed: Fixed,
    /// The generator's tables: forward then backward, rolls 1 to 6.
    steps: [[Steps; Roll::MAX as usize]; 2],
}

/// The object-safe view of the hooks that are asked every time
/// ([`Hooks`]), the answers of those asked once ([`Fixed`]) and the
/// `Ruleset` of [`Compiled`] reading both: all from the one list of
/// hooks, so that each hook the trait has is forwarded.
macro_rules! compiled_hooks {
    (
        {}
        fixed { $( fn $fixed:ident() -> $fixed_answer:ty; )* }
        asked { $( fn $asked:ident( $( $arg:ident : $arg_ty:ty ),* ) -> $asked_answer:ty; )* }
    ) => {
        /// The answers of the hooks that take no argument, asked once.
        struct Fixed {
            $( $fixed: $fixed_answer, )*
        }

        impl Fixed {
            fn of<R: Ruleset>(ruleset: &R) -> Fixed {
                Fixed {
                    $( $fixed: ruleset.$fixed(), )*
                }
            }
        }

        /// The hooks of [`Ruleset`] asked every time, as a trait that can
        /// stand behind a pointer (`Ruleset` is `Copy`, so it cannot).
        trait Hooks: fmt::Debug + Send + Sync + 'static {
            fn as_any(&self) -> &dyn Any;
            $( fn $asked(&self, $( $arg: $arg_ty ),*) -> $asked_answer; )*
        }

        impl<R: Ruleset> Hooks for R {
            fn as_any(&self) -> &dyn Any {
                self
            }
            $(
                fn $asked(&self, $( $arg: $arg_ty ),*) -> $asked_answer {
                    Ruleset::$asked(self, $( $arg ),*)
                }
            )*
        }

        impl Ruleset for Compiled {
            $(
                #[inline]
                fn $fixed(&self) -> $fixed_answer {
                    self.0.fixed.$fixed
                }
            )*
            $(
                #[inline]
                fn $asked(&self, $( $arg: $arg_ty ),*) -> $asked_answer {
                    self.0.hooks.$asked($( $arg ),*)
                }
            )*
        }
    };
}

crate::__each_hook!((compiled_hooks) {});

/// Every compiled ruleset of the program, so that compiling one again
/// finds it.
static COMPILED: Mutex<Vec<&'static Entry>> = Mutex::new(Vec::new());

impl Compiled {
    /// Compiles `ruleset`: asks each of its hooks that reads no board
    /// once, derives the move generator's tables, and keeps them for the
    /// rest of the program (or finds them, when this ruleset was compiled
    /// before).
    ///
    /// Nothing is checked here; [`Position::try_start`](crate::Position::try_start)
    /// checks a compiled ruleset as it checks any other.
    pub fn new<R: Ruleset>(ruleset: R) -> Compiled {
        // A poisoned lock only means another thread panicked while
        // holding it; the list itself is never left half-written.
        let mut compiled = COMPILED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let same = |entry: &&&'static Entry| {
            entry
                .hooks
                .as_any()
                .downcast_ref::<R>()
                .is_some_and(|found| *found == ruleset)
        };
        if let Some(&entry) = compiled.iter().find(same) {
            return Compiled(entry);
        }
        let table = |direction| {
            let mut tables = [Steps::NONE; Roll::MAX as usize];
            for (table, value) in tables.iter_mut().zip(1..) {
                if let Some(roll) = Roll::new(value) {
                    *table = Steps::derive(&ruleset, roll, direction);
                }
            }
            tables
        };
        let entry: &'static Entry = Box::leak(Box::new(Entry {
            identity: AnyRuleset::of(&ruleset),
            fixed: Fixed::of(&ruleset),
            steps: [table(Direction::Forward), table(Direction::Backward)],
            hooks: Box::new(ruleset),
        }));
        compiled.push(entry);
        Compiled(entry)
    }

    /// The one ruleset compiled so far under `name`, if exactly one was.
    pub(crate) fn named(name: &str) -> Option<Compiled> {
        let compiled = COMPILED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut found = compiled.iter().filter(|entry| entry.fixed.name == name);
        match (found.next(), found.next()) {
            (Some(&entry), None) => Some(Compiled(entry)),
            _ => None,
        }
    }

    /// The ruleset compiled, when it is of type `R`.
    ///
    /// ```
    /// use senet::Compiled;
    /// use senet::rulesets::{Bell, Kendall};
    ///
    /// let compiled = Compiled::new(Kendall);
    /// assert_eq!(compiled.get::<Kendall>(), Some(&Kendall));
    /// assert_eq!(compiled.get::<Bell>(), None);
    /// ```
    pub fn get<R: Ruleset>(&self) -> Option<&'static R> {
        self.0.hooks.as_any().downcast_ref()
    }

    /// The built-in ruleset compiled, if it is one (see [`AnyRuleset::of`]).
    pub(crate) fn identity(&self) -> Option<AnyRuleset> {
        self.0.identity
    }

    /// The generator's table of `roll` going `direction`.
    #[inline(always)]
    pub(crate) fn steps(&self, roll: Roll, direction: Direction) -> Steps {
        let by_roll = &self.0.steps[usize::from(direction == Direction::Backward)];
        // A roll is 1 to 6 (`Roll::MAX`): the index is in bounds.
        by_roll[usize::from(roll.value() - 1) % by_roll.len()]
    }
}

impl PartialEq for Compiled {
    /// The same ruleset compiled: one entry per ruleset, so the same entry.
    fn eq(&self, other: &Compiled) -> bool {
        core::ptr::eq(self.0, other.0)
    }
}

impl Eq for Compiled {}

impl core::hash::Hash for Compiled {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        core::ptr::hash(self.0, state);
    }
}

impl fmt::Debug for Compiled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Compiled").field(&self.0.hooks).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::{Bell, Kendall};

    /// Every table of a compiled ruleset is the one derived from its hooks.
    #[test]
    fn compiled_tables_are_the_derived_ones() {
        for ruleset in AnyRuleset::ALL {
            let compiled = Compiled::new(ruleset);
            for roll in ruleset.dice().rolls() {
                for direction in [Direction::Forward, Direction::Backward] {
                    assert_eq!(
                        compiled.steps(roll, direction),
                        Steps::derive(&ruleset, roll, direction),
                        "{ruleset} {roll:?} {direction:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn compiling_again_finds_the_same_entry() {
        let first = Compiled::new(Kendall);
        assert_eq!(first, Compiled::new(Kendall));
        assert_ne!(first, Compiled::new(Bell));
        assert_ne!(first, Compiled::new(AnyRuleset::Kendall));
        assert_eq!(first.get::<Kendall>(), Some(&Kendall));
        assert_eq!(first.identity(), Some(AnyRuleset::Kendall));
        assert_eq!(format!("{first:?}"), "Compiled(Kendall)");
    }
}
