//! `AnyRuleset`: a built-in ruleset chosen at run time, from a name such as `"kendall"`.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::quote::excerpt;
use crate::ruleset::Ruleset;
use crate::rulesets::{Bell, Classic, Jequier, Kendall, Kendall1979, Skyruk, Temple};

/// One of the built-in rulesets, picked at run time.
///
/// It implements [`Ruleset`] by forwarding each hook, so
/// `Position<AnyRuleset>` works everywhere a concrete ruleset does. For the
/// fastest code, match on it once and call generic code with the concrete
/// type (see the `playouts` example).
///
/// It has no default: a position or a game chosen at run time always names
/// its ruleset (`Position::parse(ruleset, text)`), so text of one ruleset
/// is never read silently as another's. To put rulesets of your own beside
/// the built-in ones, declare your own type with
/// [`ruleset_enum!`](crate::ruleset_enum).
///
/// ```
/// use senet::{AnyRuleset, Position, Ruleset};
///
/// let ruleset: AnyRuleset = "temple".parse()?;
/// let start = Position::start(ruleset);
/// assert_eq!(start.ruleset().name(), "temple");
/// assert!("chess".parse::<AnyRuleset>().is_err());
/// # Ok::<(), senet::UnknownRuleset>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AnyRuleset {
    /// [`Kendall`]: Kendall 1978, as modern sets play it.
    Kendall,
    /// [`Temple`]: the French reconstruction against the guardian.
    Temple,
    /// [`Bell`]: R. C. Bell 1960, ten pieces, captures and points.
    Bell,
    /// [`Classic`]: the French traditional page, no jumping.
    Classic,
    /// [`Jequier`]: G. Jéquier, sticks that count 6, pieces sent back.
    Jequier,
    /// [`Kendall1979`]: Kendall's 1979 booklet, seven pieces, marked pieces.
    Kendall1979,
    /// [`Skyruk`]: D. Skyruk, groups that protect and block.
    Skyruk,
}

impl AnyRuleset {
    /// Every built-in ruleset.
    ///
    /// ```
    /// use senet::{AnyRuleset, Ruleset};
    ///
    /// assert_eq!(AnyRuleset::ALL.len(), 7);
    /// for ruleset in AnyRuleset::ALL {
    ///     assert_eq!(ruleset.name().parse::<AnyRuleset>(), Ok(ruleset));
    /// }
    /// ```
    pub const ALL: [AnyRuleset; 7] = [
        AnyRuleset::Kendall,
        AnyRuleset::Temple,
        AnyRuleset::Bell,
        AnyRuleset::Classic,
        AnyRuleset::Jequier,
        AnyRuleset::Kendall1979,
        AnyRuleset::Skyruk,
    ];
}

impl crate::rulesets::sealed::Sealed for AnyRuleset {}
impl crate::rulesets::BuiltIn for AnyRuleset {}

// Every hook forwarded to the ruleset each value names, `steps` too, so
// that each keeps its constant step tables.
crate::__forward_ruleset!(AnyRuleset {
    AnyRuleset::Kendall => Kendall,
    AnyRuleset::Temple => Temple,
    AnyRuleset::Bell => Bell,
    AnyRuleset::Classic => Classic,
    AnyRuleset::Jequier => Jequier,
    AnyRuleset::Kendall1979 => Kendall1979,
    AnyRuleset::Skyruk => Skyruk,
});

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
/// let err = "Kendall".parse::<AnyRuleset>().unwrap_err(); // names are lower case
/// assert_eq!(err.found, "Kendall");
/// assert!(err.to_string().starts_with("unknown ruleset \"Kendall\"; expected one of kendall"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown ruleset {found:?}; expected one of {}", built_in_names())]
pub struct UnknownRuleset {
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
    type Err = UnknownRuleset;

    /// Parses a ruleset name: exactly the lower-case name of a built-in ruleset.
    fn from_str(s: &str) -> Result<AnyRuleset, UnknownRuleset> {
        AnyRuleset::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| UnknownRuleset { found: excerpt(s) })
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
/// # Ok::<(), senet::UnknownRuleset>(())
/// ```
#[macro_export]
macro_rules! with_ruleset {
    ($any:expr, |$r:ident| $body:expr) => {
        match $any {
            $crate::AnyRuleset::Kendall => {
                let $r = $crate::rulesets::Kendall;
                $body
            }
            $crate::AnyRuleset::Temple => {
                let $r = $crate::rulesets::Temple;
                $body
            }
            $crate::AnyRuleset::Bell => {
                let $r = $crate::rulesets::Bell;
                $body
            }
            $crate::AnyRuleset::Classic => {
                let $r = $crate::rulesets::Classic;
                $body
            }
            $crate::AnyRuleset::Jequier => {
                let $r = $crate::rulesets::Jequier;
                $body
            }
            $crate::AnyRuleset::Kendall1979 => {
                let $r = $crate::rulesets::Kendall1979;
                $body
            }
            $crate::AnyRuleset::Skyruk => {
                let $r = $crate::rulesets::Skyruk;
                $body
            }
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
        assert!("Kendall".parse::<AnyRuleset>().is_err());
        assert!("".parse::<AnyRuleset>().is_err());
    }
}
