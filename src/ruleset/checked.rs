//! `CheckedRuleset`: the rulesets whose start needs no check, the bound
//! of every entry point that starts a game.

use crate::ruleset::Ruleset;

/// The rulesets whose start the crate vouches for, so that
/// [`Position::start`](crate::Position::start), `Game::seeded`,
/// `Game::new`, `Record::replay_with` and the bots' `Duel::new` take them
/// with no check that could fail: the rulesets this crate ships (their
/// starts are checked by the crate's own tests), [`AnyRuleset`](crate::AnyRuleset), and
/// [`Rules`](crate::Rules), checked when made. Sealed: a ruleset of your own enters
/// through [`Rules::new`](crate::Rules::new), which checks it once.
///
/// ```
/// use senet::{Position, Rules};
/// use senet::rulesets::{CheckedRuleset, Kendall};
///
/// fn fresh<R: CheckedRuleset>(ruleset: R) -> Position<R> {
///     Position::start(ruleset)
/// }
/// assert_eq!(fresh(Kendall).to_string(), fresh(Rules::from(Kendall)).to_string());
/// ```
///
/// A ruleset of your own is not one, and the compiler says what to use
/// instead:
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
/// let _ = Position::start(Mine);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is a ruleset that has not been checked",
    label = "a ruleset of your own is checked once, by `senet::Rules::new`",
    note = "make it a `Rules` once: `let rules = senet::Rules::new(ruleset)?;` then use `rules` wherever a ruleset goes"
)]
pub trait CheckedRuleset: Ruleset + sealed::Sealed {}

pub(crate) mod sealed {
    /// Keeps [`CheckedRuleset`](super::CheckedRuleset) to the crate's own rulesets and
    /// [`Rules`](super::Rules).
    pub trait Sealed {}
}

impl sealed::Sealed for crate::AnyRuleset {}
impl CheckedRuleset for crate::AnyRuleset {}
