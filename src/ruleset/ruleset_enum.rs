//! Several rulesets behind one run-time type, every hook forwarded.

/// Implements [`Ruleset`](crate::Ruleset) for `$ty` by forwarding every
/// hook, the provided ones too, to the ruleset each match arm gives:
/// `$pattern => $ruleset`. The hooks are [`__each_hook!`](crate::__each_hook)'s
/// list, so that [`ruleset_enum!`] and [`AnyRuleset`](crate::AnyRuleset)
/// forward each hook the trait has, and none is left to its default.
#[doc(hidden)]
#[macro_export]
macro_rules! __forward_ruleset {
    ($ty:ty { $( $pattern:pat => $ruleset:expr ),+ $(,)? }) => {
        $crate::__each_hook!(($crate::__forward_each_hook) { $ty, { $( $pattern => $ruleset ),+ } });
    };
}

/// [`__forward_ruleset!`]'s body, called with the list of hooks.
#[doc(hidden)]
#[macro_export]
macro_rules! __forward_each_hook {
    (
        { $ty:ty, $arms:tt }
        fixed { $( fn $fixed:ident() -> $fixed_answer:ty; )* }
        asked { $( fn $asked:ident( $( $arg:ident : $arg_ty:ty ),* ) -> $asked_answer:ty; )* }
    ) => {
        impl $crate::Ruleset for $ty {
            $(
                #[inline]
                fn $fixed(&self) -> $fixed_answer {
                    $crate::__dispatch!(self, $arms, |ruleset| $crate::Ruleset::$fixed(ruleset))
                }
            )*
            $(
                #[inline]
                fn $asked(&self, $( $arg: $arg_ty ),*) -> $asked_answer {
                    $crate::__dispatch!(self, $arms, |ruleset| $crate::Ruleset::$asked(ruleset, $( $arg ),*))
                }
            )*
        }
    };
}

/// `match $value { $pattern => { let $r = &$ruleset; $body } ... }`: one
/// hook's forwarding, written apart so that the arms and the hook's
/// arguments repeat independently.
#[doc(hidden)]
#[macro_export]
macro_rules! __dispatch {
    ($value:expr, { $( $pattern:pat => $ruleset:expr ),+ $(,)? }, |$r:ident| $body:expr) => {
        match $value {
            $( $pattern => {
                let $r = &$ruleset;
                $body
            } )+
        }
    };
}

/// Declares an enum whose variants each hold a ruleset, and implements
/// [`Ruleset`](crate::Ruleset) for it by forwarding every hook to the
/// ruleset a value holds: the way to offer your own rulesets beside the
/// built-in ones behind one type chosen at run time (a server's
/// `Position<MyRules>`).
///
/// Every hook is forwarded, the provided ones too, so no rule of a
/// variant is silently replaced by a default (the crate's tests check each
/// hook through an enum of a ruleset that answers every hook its own way).
///
/// The enum is a ruleset of your own, whatever its variants hold: it is
/// no built-in ruleset for [`AnyRuleset::of`](crate::AnyRuleset::of), and
/// its move generator's tables are derived from its hooks on every throw.
/// Wrap a value in [`Compiled::new`](crate::Compiled::new) to play it fast;
/// a [`Compiled`](crate::Compiled) ruleset is itself a run-time choice of
/// any ruleset, built-in or your own, and keeps a built-in one's identity.
///
/// ```
/// use senet::rulesets::{Bell, Kendall};
/// use senet::{Position, Ruleset, perft, ruleset_enum};
///
/// ruleset_enum! {
///     /// The rules my server offers.
///     pub enum MyRules {
///         /// Kendall's rules.
///         Kendall(Kendall),
///         /// Bell's rules.
///         Bell(Bell),
///     }
/// }
///
/// let kendall = Position::try_start(MyRules::Kendall(Kendall))?;
/// assert_eq!(perft(&kendall, 2), perft(&Position::start(Kendall), 2));
/// assert_eq!(MyRules::Bell(Bell).name(), "bell");
/// # Ok::<(), senet::PositionError>(())
/// ```
#[macro_export]
macro_rules! ruleset_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$variant_meta:meta])* $variant:ident($ruleset:ty) ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[$variant_meta])* $variant($ruleset), )+
        }

        $crate::__forward_ruleset!($name { $( $name::$variant(r) => *r ),+ });
    };
}
