//! `AnyRuleset`: a built-in ruleset chosen at run time, from a name such as `"kendall"`.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::notation::quote::excerpt;
use crate::ruleset::Ruleset;

/// The enum of the list's rulesets, `ALL`, and the forwarding of every
/// hook to the ruleset a value names (the generator's tables are each
/// built-in's own constants, through [`AnyRuleset::steps`]).
macro_rules! any_ruleset {
    ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?] $(#[$meta:meta])*) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum AnyRuleset {
            $( $(#[$doc])* $ty, )*
        }

        impl AnyRuleset {
            /// Every built-in ruleset, in the order of the crate's one
            /// list of them.
            ///
            /// ```
            /// use senet::{AnyRuleset, Ruleset};
            ///
            /// assert_eq!(AnyRuleset::ALL.len(), 7);
            /// for ruleset in AnyRuleset::ALL {
            ///     assert_eq!(ruleset.name().parse::<AnyRuleset>(), Ok(ruleset));
            /// }
            /// ```
            pub const ALL: [AnyRuleset; [$(AnyRuleset::$ty),*].len()] = [$(AnyRuleset::$ty),*];
        }

        crate::__forward_ruleset!(AnyRuleset {
            $( AnyRuleset::$ty => crate::rulesets::$ty, )*
        });
    };
}

crate::for_each_builtin!(
    any_ruleset,
    /// One of the built-in rulesets, picked at run time.
    ///
    /// It implements [`Ruleset`] by forwarding each hook, so
    /// `Position<AnyRuleset>` works everywhere a concrete ruleset does. For the
    /// fastest code, match on it once and call generic code with the concrete
    /// type (see the `playouts` example).
    ///
    /// It has no default: a position or a game chosen at run time always names
    /// its ruleset (`Position::parse(ruleset, text)`), so text of one ruleset
    /// is never read silently as another's. To hold rulesets of your own
    /// beside the built-in ones behind one type, use [`Rules`](crate::Rules).
    ///
    /// ```
    /// use senet::{AnyRuleset, Position, Ruleset};
    ///
    /// let ruleset: AnyRuleset = "temple".parse()?;
    /// let start = Position::start(ruleset);
    /// assert_eq!(start.ruleset().name(), "temple");
    /// assert!("chess".parse::<AnyRuleset>().is_err());
    /// # Ok::<(), senet::rulesets::ParseRulesetError>(())
    /// ```
);

impl AnyRuleset {
    /// The move generator's table of `roll` going `direction`: the
    /// built-in ruleset's own, each a constant.
    #[inline(always)]
    pub(crate) fn steps(
        self,
        roll: crate::Roll,
        direction: crate::rulesets::Direction,
    ) -> crate::movegen::steps::Steps {
        macro_rules! each {
            ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {
                match self {
                    $( AnyRuleset::$ty => crate::movegen::steps::Steps::derive(&crate::rulesets::$ty, roll, direction), )*
                }
            };
        }
        crate::for_each_builtin!(each)
    }
}

impl fmt::Display for AnyRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name given is not a built-in ruleset.
///
/// ```
/// use senet::AnyRuleset;
///
/// assert_eq!("KENDALL".parse::<AnyRuleset>(), Ok(AnyRuleset::Kendall)); // any case
/// let err = "Kendal".parse::<AnyRuleset>().unwrap_err();
/// assert_eq!(err.found, "Kendal");
/// assert_eq!(
///     err.to_string(),
///     "unknown ruleset \"Kendal\"; expected one of kendall, temple, bell, classic, jequier, kendall1979, skyruk"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[error("unknown ruleset {found:?}; expected one of {}", built_in_names())]
pub struct ParseRulesetError {
    /// The name as given, or its start when it is long (at most 60
    /// bytes once escaped; a cut is marked `…`).
    pub found: String,
}

/// The built-in rulesets' names, as a message lists them: `kendall,
/// temple, ...`, in the order of [`AnyRuleset::ALL`].
pub(crate) fn built_in_names() -> String {
    let names: Vec<&str> = AnyRuleset::ALL.iter().map(|r| r.name()).collect();
    names.join(", ")
}

impl FromStr for AnyRuleset {
    type Err = ParseRulesetError;

    /// Parses a ruleset name: the name of a built-in ruleset, in any case
    /// (`"kendall"`, `"Kendall"` and `"KENDALL"` alike).
    fn from_str(s: &str) -> Result<AnyRuleset, ParseRulesetError> {
        AnyRuleset::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseRulesetError { found: excerpt(s) })
    }
}

/// Runs code generic over [`Ruleset`](crate::Ruleset) with the concrete
/// ruleset an [`AnyRuleset`] names, so that each ruleset gets its own
/// monomorphized (and fast) code: `with_ruleset!(any, |r| body)` binds `r`
/// to the built-in ruleset value and evaluates `body`, whose type must be
/// the same for every ruleset. `body` is not a closure, though it looks
/// like one: `return` and `?` in it leave the function that uses the macro.
///
/// ```
/// use senet::{AnyRuleset, Position, perft, with_ruleset};
///
/// let any: AnyRuleset = "bell".parse()?;
/// let leaves = with_ruleset!(any, |r| perft(&Position::start(r), 1));
/// assert_eq!(leaves, perft(&Position::start(senet::rulesets::Bell), 1));
/// # Ok::<(), senet::rulesets::ParseRulesetError>(())
/// ```
#[macro_export]
macro_rules! with_ruleset {
    ($any:expr, |$r:ident| $body:expr) => {
        $crate::for_each_builtin!($crate::__with_ruleset, $any, $r, $body)
    };
}

/// The arms of [`with_ruleset!`], one per ruleset of the list.
#[doc(hidden)]
#[macro_export]
macro_rules! __with_ruleset {
    ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?] $any:expr, $r:ident, $body:expr) => {
        match $any {
            $(
                $crate::AnyRuleset::$ty => {
                    let $r = $crate::rulesets::$ty;
                    $body
                }
            )*
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for r in AnyRuleset::ALL {
            assert_eq!(r.to_string().parse::<AnyRuleset>(), Ok(r));
        }
        for r in AnyRuleset::ALL {
            let upper = r.name().to_ascii_uppercase();
            assert_eq!(upper.parse::<AnyRuleset>(), Ok(r));
            let mut title = r.name().to_owned();
            title[..1].make_ascii_uppercase();
            assert_eq!(title.parse::<AnyRuleset>(), Ok(r));
        }
        assert!("".parse::<AnyRuleset>().is_err());
        assert!("kendall ".parse::<AnyRuleset>().is_err());
        let err = "chess".parse::<AnyRuleset>().unwrap_err();
        for r in AnyRuleset::ALL {
            assert!(err.to_string().contains(r.name()), "{err}");
        }
    }
}
