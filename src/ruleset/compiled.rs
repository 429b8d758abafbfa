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

use crate::movegen::steps::Steps;
use crate::ruleset::kept::Kept;
use crate::ruleset::{Direction, Ruleset};
use crate::throw::Roll;

/// A ruleset of the user's with its answers worked out once: what a
/// [`Rules`](crate::Rules) made by [`Rules::new`](crate::Rules::new)
/// holds for a ruleset that is not built in. Every rule is still the
/// ruleset's: each hook answers as the ruleset does. The move generator's
/// tables and every hook that needs no board are asked once, when the
/// ruleset is first compiled; the hooks that read the board stay one call
/// each per position.
///
/// A compiled ruleset lives as long as the program. Compiling the same
/// ruleset again (the same type and an equal value) finds the first one,
/// so a program that compiles in a loop keeps one copy.
#[derive(Clone, Copy)]
pub(crate) struct Compiled(&'static Entry);

/// What one compiled ruleset keeps: the ruleset, behind an object-safe
/// view of its hooks, and its answers that need no board.
struct Entry {
    hooks: Box<dyn Hooks>,
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
static COMPILED: Kept<Entry> = Kept::new();

impl Compiled {
    /// Compiles `ruleset`: asks each of its hooks that reads no board
    /// once, derives the move generator's tables, and keeps them for the
    /// rest of the program (or finds them, when this ruleset was compiled
    /// before). Nothing is checked here: [`Rules::new`](crate::Rules::new)
    /// checks the ruleset first.
    pub(crate) fn new<R: Ruleset>(ruleset: R) -> Compiled {
        let same = |entry: &Entry| {
            entry
                .hooks
                .as_any()
                .downcast_ref::<R>()
                .is_some_and(|found| *found == ruleset)
        };
        let table = |direction| {
            let mut tables = [Steps::NONE; Roll::MAX as usize];
            for (table, value) in tables.iter_mut().zip(1..) {
                if let Some(roll) = Roll::new(value) {
                    *table = Steps::derive(&ruleset, roll, direction);
                }
            }
            tables
        };
        Compiled(COMPILED.find_or_keep(same, || {
            Box::leak(Box::new(Entry {
                fixed: Fixed::of(&ruleset),
                steps: [table(Direction::Forward), table(Direction::Backward)],
                hooks: Box::new(ruleset),
            }))
        }))
    }

    /// Every ruleset compiled so far under `name`.
    pub(crate) fn all_named(name: &str) -> Vec<Compiled> {
        let named = COMPILED.all(|entry| entry.fixed.name == name);
        named.into_iter().map(Compiled).collect()
    }

    /// The ruleset compiled, when it is of type `R`.
    pub(crate) fn get<R: Ruleset>(&self) -> Option<&'static R> {
        self.0.hooks.as_any().downcast_ref()
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
        // Shown as the ruleset compiled: `Rules(Plain)` in a `Rules`.
        fmt::Debug::fmt(&self.0.hooks, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::{AnyRuleset, Bell, Kendall};

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
        assert_eq!(format!("{first:?}"), "Kendall");
    }
}
