//! Several rulesets behind one run-time type (`AnyRuleset`), every hook
//! forwarded.

/// Implements [`Ruleset`](crate::Ruleset) for `$ty` by forwarding every
/// hook, the provided ones too, to the ruleset each match arm gives:
/// `$pattern => $ruleset`. The hooks are [`__each_hook!`](crate::__each_hook)'s
/// list, so that [`AnyRuleset`](crate::AnyRuleset) forwards each hook the
/// trait has, and none is left to its default.
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
