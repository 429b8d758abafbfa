//! `ByName`: a ruleset found from the name it goes by, as a position, a
//! game or a record read back names it.

use crate::Rules;
use crate::ruleset::Ruleset;
use crate::rulesets::any::AnyRuleset;

/// A ruleset type whose value can be found from its
/// [`name`](Ruleset::name): what reading a `Position<R>`, a `Game<R>` or
/// a playout back from its serde form needs (they write the ruleset as
/// its name).
///
/// Every ruleset type with a [`Default`] value has it, found when the
/// name is that value's: a unit struct of your own needs only
/// `#[derive(Default)]`. [`AnyRuleset`] finds any built-in ruleset, and
/// [`Rules`] the one ruleset of your own or rules file of that name made
/// so far in the program, or else the built-in ruleset of that name.
///
/// A ruleset's own serde derive plays no part: a position writes its
/// ruleset as a name, which a derived `Deserialize` of a unit struct
/// would not read.
///
/// ```
/// use senet::rulesets::{ByName, Kendall};
/// use senet::{AnyRuleset, Rules, Ruleset};
///
/// assert_eq!(Kendall::by_name("kendall"), Some(Kendall));
/// assert_eq!(Kendall::by_name("bell"), None);
/// assert_eq!(AnyRuleset::by_name("bell"), Some(AnyRuleset::Bell));
/// assert_eq!(AnyRuleset::by_name("Bell"), None); // exactly as written
///
/// assert_eq!(Rules::by_name("skyruk"), Some(Rules::from(senet::rulesets::Skyruk)));
/// ```
///
/// A ruleset type with no default value and no `ByName` of its own
/// cannot be read back, and the compiler says so:
///
/// ```compile_fail,E0277
/// # use senet::rulesets::Kendall;
/// # use senet::{Bitboard, Board, Dice, House, Move, Outcome, Position, Roll, Ruleset};
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// struct Mine;
/// # impl Ruleset for Mine {
/// #     fn name(&self) -> &'static str { "mine" }
/// #     fn revision(&self) -> u32 { 1 }
/// #     fn pieces_per_side(&self) -> u8 { 5 }
/// #     fn start(&self) -> [Bitboard; 2] { Kendall.start() }
/// #     fn dice(&self) -> Dice { Dice::FOUR_STICKS }
/// #     fn forward(&self, from: House, roll: Roll) -> Option<senet::rulesets::Reach> { Kendall.forward(from, roll) }
/// #     fn throws_again(&self, _: Roll, _: Option<Move>) -> bool { false }
/// #     fn outcome(&self, _: &Board) -> Option<Outcome> { None }
/// # }
/// let _: Option<Mine> = <Mine as senet::rulesets::ByName>::by_name("mine");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be found from its name",
    label = "reading this back finds the ruleset from the name written",
    note = "derive `Default` for a ruleset type whose default value is the ruleset, or implement `senet::rulesets::ByName`"
)]
pub trait ByName: Ruleset {
    /// The ruleset of this type named `name` exactly, if there is one.
    fn by_name(name: &str) -> Option<Self>;
}

impl<R: Ruleset + Default> ByName for R {
    fn by_name(name: &str) -> Option<R> {
        let ruleset = R::default();
        (ruleset.name() == name).then_some(ruleset)
    }
}

impl ByName for AnyRuleset {
    fn by_name(name: &str) -> Option<AnyRuleset> {
        AnyRuleset::ALL
            .into_iter()
            .find(|ruleset| ruleset.name() == name)
    }
}

impl ByName for Rules {
    /// The ruleset of your own or rules file made under this name, when
    /// exactly one was; two of one name (two files, or a file and a
    /// ruleset of your own) leave the name unresolved rather than pick
    /// one. When none was, the built-in ruleset of that name.
    fn by_name(name: &str) -> Option<Rules> {
        Rules::named(name)
    }
}
