//! `Rules`: the one checked ruleset type, holding a built-in ruleset, a
//! ruleset of your own written in Rust or a ruleset read from a rules
//! file alike.
//!
//! Every way a ruleset enters the crate ends here: a built-in one is
//! checked by the crate's own tests, and anything else is checked once,
//! when its `Rules` is made ([`Rules::new`], [`Rules::read`]), and gets
//! the move generator's tables derived from its hooks at the same time.
//! The entry points that start a game ([`Position::start`](crate::Position::start),
//! `Game::seeded`, `Game::new`, `Record::verify_with`...) take a
//! [`CheckedRuleset`] ruleset, so that none of them can fail on the ruleset.

use core::any::Any;
use core::fmt;

use crate::movegen::steps::Steps;
use crate::position::{Position, PositionError};
use crate::ruleset::checked::{CheckedRuleset, sealed};
use crate::ruleset::compiled::Compiled;
use crate::ruleset::{Direction, Ruleset};
use crate::rulesets::AnyRuleset;
use crate::throw::Roll;

/// A ruleset checked once and ready to play: one of the built-in ones, one
/// of your own written in Rust, or one read from a rules file, behind one
/// type chosen at run time.
///
/// Make one with [`Rules::new`] (any [`Ruleset`]; a built-in one is taken
/// as it is, anything else has its start and hook contracts checked and
/// the move generator's tables derived once), with `Rules::read` from
/// the text of a rules file (feature `rules-file`), or from a built-in
/// ruleset with `From` (`Rules::from(Kendall)`, `AnyRuleset::Bell.into()`).
/// Then use it wherever a ruleset goes: `Position<Rules>`, `Game<Rules>`,
/// records, perft, the bots. Every rule is still the ruleset's own: each
/// hook answers as the ruleset held does.
///
/// It is [`Copy`] and small. Two `Rules` are equal when they hold the same
/// ruleset: the same built-in one, the same text of a rules file, or an
/// equal value of the same type of your own. A ruleset of your own or a
/// rules file, once made, lives as long as the program; making it again
/// finds the first one.
///
/// For the fastest code over the built-in rulesets, run generic code with
/// the concrete type that a `Rules` holds: [`with_rules!`](crate::with_rules).
///
/// ```
/// use senet::rulesets::{Kendall, Reach};
/// use senet::{AnyRuleset, Bitboard, Board, Dice, House, Move, Outcome, Position, Roll, Ruleset, Rules, perft};
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
/// let plain = Rules::new(Plain)?;
/// assert_eq!(plain, Rules::new(Plain)?);
/// assert_eq!(plain.name(), "plain");
/// assert_eq!(plain.get::<Plain>(), Some(&Plain));
/// assert_eq!(AnyRuleset::of(&plain), None);
///
/// // A built-in ruleset is one too, and stays itself.
/// let kendall = Rules::from(Kendall);
/// assert_eq!(Rules::new(Kendall)?, kendall);
/// assert_eq!(AnyRuleset::of(&kendall), Some(AnyRuleset::Kendall));
/// assert_eq!(perft(&Position::start(kendall), 3), perft(&Position::start(Kendall), 3));
/// # Ok::<(), senet::PositionError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules(Held);

/// What a [`Rules`] holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Held {
    /// A built-in ruleset, whose tables are its own constants.
    BuiltIn(AnyRuleset),
    /// A ruleset read from a rules file, checked when read.
    #[cfg(feature = "rules-file")]
    File(crate::ruleset::described::Described),
    /// A ruleset of the user's, checked and compiled when made.
    Own(Compiled),
}

impl Rules {
    /// `ruleset`, checked. A built-in ruleset (or an [`AnyRuleset`], or a
    /// `Rules`) is taken as it is; any other is checked as a start is:
    /// its name, its use of the water, its landing hooks on a spread of
    /// boards, and its start against its own rules. Its answers that read
    /// no board, and the move generator's tables, are then worked out once
    /// and kept for the rest of the program (or found, when an equal value
    /// of the same type was made before), so that it plays at the speed the
    /// tables allow whichever crate it is written in.
    ///
    /// # Errors
    ///
    /// The [`PositionError`] that the ruleset's start breaks, as for a
    /// position string (two pieces on a house, a wrong number of pieces...),
    /// [`PositionError::RulesetName`] for a name that a record cannot
    /// hold, or [`PositionError::Hook`] when a hook breaks its contract:
    /// the water used by a ruleset without one, or a landing hook that
    /// answers a taken house on one of a spread of boards it is tried on.
    pub fn new<R: Ruleset>(ruleset: R) -> Result<Rules, PositionError> {
        if let Some(rules) = (&ruleset as &dyn Any).downcast_ref::<Rules>() {
            return Ok(*rules);
        }
        if let Some(any) = AnyRuleset::of(&ruleset) {
            return Ok(Rules(Held::BuiltIn(any)));
        }
        Position::start_checked(ruleset)?;
        Ok(Rules(Held::Own(Compiled::new(ruleset))))
    }

    /// Reads a ruleset from the text of a rules file written in `format`'s
    /// syntax, checked whole (see
    /// [`RulesFileError`](crate::RulesFileError) for what is refused). The
    /// ruleset's digest is the SHA-256 of `text` itself: a text read
    /// again, in any syntax, is the ruleset read the first time. The
    /// `senet-rules-file` crate reads the TOML files of the repository's
    /// `rules/` (`senet_rules_file::read(path)`).
    ///
    /// # Errors
    ///
    /// [`RulesFileError::Invalid`](crate::RulesFileError::Invalid) naming
    /// the key and line of the first thing wrong: a text over
    /// [`Rules::MAX_TEXT_BYTES`], what `format` refuses to parse (a
    /// malformed file, an unknown key), a value out of range, keys that
    /// contradict each other (a move into water the file does not have),
    /// a roll the implement never makes, a name or mark that does not
    /// print, a start the rules themselves refuse, or rules under which a
    /// game could never end (a house a piece can reach but never leave the
    /// board from, a bearing-off condition no side can meet, every roll
    /// throwing again, a move that leaves the board as it is). The line is
    /// the one `format` finds the key on.
    #[cfg(feature = "rules-file")]
    pub fn read<F: crate::RulesFormat + ?Sized>(
        text: &str,
        format: &F,
    ) -> Result<Rules, crate::RulesFileError> {
        crate::ruleset::described::Described::from_text(text, format).map(|d| Rules(Held::File(d)))
    }

    /// The longest text of a rules file, in bytes (1 MiB): the rules of
    /// any reconstruction take a few kilobytes, and [`Rules::read`]
    /// refuses a longer text before it is parsed.
    #[cfg(feature = "rules-file")]
    pub const MAX_TEXT_BYTES: usize = crate::ruleset::described::Described::MAX_TEXT_BYTES;

    /// The ruleset held, when it is of type `R`: a built-in ruleset's
    /// type, [`AnyRuleset`] for any built-in one, or the type of your own
    /// that [`Rules::new`] was given.
    ///
    /// ```
    /// use senet::{AnyRuleset, Rules};
    /// use senet::rulesets::{Bell, Kendall};
    ///
    /// let rules = Rules::from(Kendall);
    /// assert_eq!(rules.get::<Kendall>(), Some(&Kendall));
    /// assert_eq!(rules.get::<AnyRuleset>(), Some(&AnyRuleset::Kendall));
    /// assert_eq!(rules.get::<Bell>(), None);
    /// ```
    pub fn get<R: Ruleset>(&self) -> Option<&'static R> {
        match self.0 {
            Held::BuiltIn(any) => {
                // Promoted to a constant of the program: a `'static` list.
                let all: &'static [AnyRuleset] = &AnyRuleset::ALL;
                let held = all.iter().find(|ruleset| **ruleset == any);
                if let Some(any) = held.and_then(|held| (held as &dyn Any).downcast_ref()) {
                    return Some(any);
                }
                macro_rules! each {
                    ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {
                        match any {
                            $( AnyRuleset::$ty => {
                                let held: &'static crate::rulesets::$ty = &crate::rulesets::$ty;
                                (held as &dyn Any).downcast_ref()
                            } )*
                        }
                    };
                }
                crate::for_each_builtin!(each)
            }
            #[cfg(feature = "rules-file")]
            Held::File(_) => None,
            Held::Own(compiled) => compiled.get(),
        }
    }

    /// The SHA-256 of the text of the rules file this ruleset was read
    /// from, or `None` when it was not read from one. Records of its games
    /// carry it (the `RulesFile` tag), so that a replay under another file
    /// is refused.
    #[cfg(feature = "rules-file")]
    pub fn digest(&self) -> Option<[u8; 32]> {
        self.file().map(|file| file.digest())
    }

    /// The text of the rules file this ruleset was read from, byte for
    /// byte (its SHA-256 is [`digest`](Rules::digest)), or `None` when it
    /// was not read from one: what a program hands on with the rules (a
    /// server to its page, a saved ruleset), and reads back with
    /// [`Rules::read`] to the same `Rules`.
    #[cfg(feature = "rules-file")]
    pub fn text(&self) -> Option<&'static str> {
        self.file().map(|file| file.text())
    }

    /// The rules file's `title` (what the reconstruction is, in a line),
    /// or `None` when the ruleset was not read from a file.
    #[cfg(feature = "rules-file")]
    pub fn title(&self) -> Option<&'static str> {
        self.file().map(|file| file.title())
    }

    /// The rules file's `source` (where the reconstruction was
    /// published), or `None` when the ruleset was not read from a file.
    #[cfg(feature = "rules-file")]
    pub fn source(&self) -> Option<&'static str> {
        self.file().map(|file| file.source())
    }

    /// The built-in ruleset held, if it is one (see [`AnyRuleset::of`]).
    #[inline(always)]
    pub(crate) fn built_in(&self) -> Option<AnyRuleset> {
        match self.0 {
            Held::BuiltIn(any) => Some(any),
            _ => None,
        }
    }

    /// The rules file held, if it is one.
    #[cfg(feature = "rules-file")]
    pub(crate) fn file(&self) -> Option<crate::ruleset::described::Described> {
        match self.0 {
            Held::File(described) => Some(described),
            _ => None,
        }
    }

    /// The one ruleset of your own or rules file made so far under
    /// `name`, if exactly one was; otherwise the built-in ruleset of that
    /// name, when no such ruleset was made.
    pub(crate) fn named(name: &str) -> Option<Rules> {
        #[cfg_attr(not(feature = "rules-file"), allow(unused_mut))]
        let mut made: Vec<Rules> = Compiled::all_named(name)
            .into_iter()
            .map(|compiled| Rules(Held::Own(compiled)))
            .collect();
        #[cfg(feature = "rules-file")]
        made.extend(
            crate::ruleset::described::Described::all_named(name)
                .into_iter()
                .map(|described| Rules(Held::File(described))),
        );
        match made[..] {
            [] => AnyRuleset::ALL
                .into_iter()
                .find(|ruleset| ruleset.name() == name)
                .map(Rules::from),
            [rules] => Some(rules),
            _ => None,
        }
    }

    /// The generator's table of `roll` going `direction`.
    #[inline(always)]
    pub(crate) fn steps(&self, roll: Roll, direction: Direction) -> Steps {
        match self.0 {
            Held::BuiltIn(any) => any.steps(roll, direction),
            #[cfg(feature = "rules-file")]
            Held::File(described) => described.steps(roll, direction),
            Held::Own(compiled) => compiled.steps(roll, direction),
        }
    }
}

impl From<AnyRuleset> for Rules {
    /// A built-in ruleset, needing no check.
    fn from(ruleset: AnyRuleset) -> Rules {
        Rules(Held::BuiltIn(ruleset))
    }
}

/// `From` each built-in ruleset's type.
macro_rules! from_built_in {
    ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {
        $(
            impl From<crate::rulesets::$ty> for Rules {
                /// The built-in ruleset, needing no check.
                fn from(_: crate::rulesets::$ty) -> Rules {
                    Rules(Held::BuiltIn(AnyRuleset::$ty))
                }
            }
        )*
    };
}

crate::for_each_builtin!(from_built_in);

impl fmt::Debug for Rules {
    /// `Rules(Kendall)`, `Rules(Described("piccione"))`, `Rules(Plain)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut tuple = f.debug_tuple("Rules");
        match &self.0 {
            Held::BuiltIn(any) => tuple.field(any),
            #[cfg(feature = "rules-file")]
            Held::File(described) => tuple.field(described),
            Held::Own(compiled) => tuple.field(compiled),
        };
        tuple.finish()
    }
}

impl fmt::Display for Rules {
    /// The ruleset's name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every hook of [`Rules`], forwarded to the ruleset held: from the one
/// list of hooks, so that none is left to its default.
macro_rules! forward_rules {
    (
        {}
        fixed { $( fn $fixed:ident() -> $fixed_answer:ty; )* }
        asked { $( fn $asked:ident( $( $arg:ident : $arg_ty:ty ),* ) -> $asked_answer:ty; )* }
    ) => {
        impl Ruleset for Rules {
            $(
                #[inline]
                fn $fixed(&self) -> $fixed_answer {
                    match &self.0 {
                        Held::BuiltIn(ruleset) => ruleset.$fixed(),
                        #[cfg(feature = "rules-file")]
                        Held::File(ruleset) => ruleset.$fixed(),
                        Held::Own(ruleset) => ruleset.$fixed(),
                    }
                }
            )*
            $(
                #[inline]
                fn $asked(&self, $( $arg: $arg_ty ),*) -> $asked_answer {
                    match &self.0 {
                        Held::BuiltIn(ruleset) => ruleset.$asked($( $arg ),*),
                        #[cfg(feature = "rules-file")]
                        Held::File(ruleset) => ruleset.$asked($( $arg ),*),
                        Held::Own(ruleset) => ruleset.$asked($( $arg ),*),
                    }
                }
            )*
        }
    };
}

crate::__each_hook!((forward_rules) {});

impl sealed::Sealed for Rules {}
impl CheckedRuleset for Rules {}

/// Runs code generic over [`Ruleset`](crate::Ruleset) with the ruleset a
/// [`Rules`] holds: a built-in ruleset as its own type, so that each gets
/// its own monomorphized (and fastest) code, and any other as the `Rules`
/// itself. `with_rules!(rules, |r| body)` binds `r` and evaluates `body`,
/// whose type must be the same for every ruleset. `body` is not a
/// closure, though it looks like one: `return` and `?` in it leave the
/// function that uses the macro.
///
/// ```
/// use senet::{Position, Rules, perft, with_rules};
/// use senet::rulesets::Bell;
///
/// let rules = Rules::from(Bell);
/// let leaves = with_rules!(rules, |r| perft(&Position::start(r), 1));
/// assert_eq!(leaves, perft(&Position::start(Bell), 1));
/// ```
#[macro_export]
macro_rules! with_rules {
    ($rules:expr, |$r:ident| $body:expr) => {{
        let rules: $crate::Rules = $rules;
        match $crate::AnyRuleset::of(&rules) {
            ::core::option::Option::Some(any) => $crate::with_ruleset!(any, |$r| $body),
            ::core::option::Option::None => {
                let $r = rules;
                $body
            }
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::{Bell, Kendall};

    #[test]
    fn a_built_in_ruleset_is_held_as_itself() {
        for any in AnyRuleset::ALL {
            let rules = Rules::from(any);
            assert_eq!(Rules::new(any), Ok(rules));
            assert_eq!(Rules::new(rules), Ok(rules));
            assert_eq!(AnyRuleset::of(&rules), Some(any));
            assert_eq!(rules.get::<AnyRuleset>(), Some(&any));
            assert_eq!(rules.name(), any.name());
            for roll in any.dice().rolls() {
                for direction in [Direction::Forward, Direction::Backward] {
                    assert_eq!(rules.steps(roll, direction), any.steps(roll, direction));
                }
            }
        }
        assert_eq!(Rules::new(Kendall), Ok(Rules::from(AnyRuleset::Kendall)));
        assert_eq!(Rules::from(Kendall).get::<Kendall>(), Some(&Kendall));
        assert_eq!(Rules::from(Kendall).get::<Bell>(), None);
        assert_eq!(format!("{:?}", Rules::from(Bell)), "Rules(Bell)");
    }

    /// A built-in ruleset held in a `Rules` plays as its own type does:
    /// the same moves in the same order, the same positions after each,
    /// by every way of playing one, along seeded random games.
    #[test]
    fn a_held_built_in_plays_as_its_own_type() {
        use crate::position::Position;
        for any in AnyRuleset::ALL {
            crate::with_ruleset!(any, |typed| {
                let mut own = Position::start(typed);
                let mut held = Position::start(Rules::from(any));
                let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ any as u64;
                for _ in 0..300 {
                    if own.is_over() {
                        break;
                    }
                    assert_eq!(held.to_string(), own.to_string(), "{any}");
                    let by_roll: Vec<_> = held
                        .moves_by_roll()
                        .iter()
                        .map(|(r, m)| (r, m.to_list()))
                        .collect();
                    let own_by_roll: Vec<_> = own
                        .moves_by_roll()
                        .iter()
                        .map(|(r, m)| (r, m.to_list()))
                        .collect();
                    assert_eq!(by_roll, own_by_roll, "{any}: {own}");
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let rolls: Vec<Roll> = any.dice().rolls().collect();
                    let roll = rolls[(seed % rolls.len() as u64) as usize];
                    let (own_moves, held_moves) = (own.moves(roll), held.moves(roll));
                    assert_eq!(
                        held_moves.to_list(),
                        own_moves.to_list(),
                        "{any}: {own} {roll:?}"
                    );
                    if own_moves.is_empty() {
                        own = own_moves.lose_throw().unwrap_or(own);
                        held = held_moves.lose_throw().unwrap_or(held);
                        continue;
                    }
                    let index = (seed >> 32) as usize % own_moves.len();
                    let mv = own_moves.get(index).expect("a move");
                    let (own_after, held_after) = (own.play(mv), held.play(mv));
                    assert_eq!(
                        held_after.map(|p| p.to_string()),
                        own_after.map(|p| p.to_string()),
                        "{any}: {own} {mv:?}"
                    );
                    assert_eq!(
                        held_moves.play_nth(index).map(|p| p.to_string()),
                        own_moves.play_nth(index).map(|p| p.to_string())
                    );
                    own = own_moves.play_nth(index).expect("a move");
                    held = held_moves.play_nth(index).expect("a move");
                }
            });
        }
    }
}
