//! A network as an evaluation: the shipped network of a built-in
//! ruleset, or one trained for a ruleset of one's own.

use std::sync::Arc;

use super::Network;
use crate::eval::Evaluator;
use senet::{Position, Ruleset};

/// A learned evaluation: a ruleset's [`Network`], as an [`Evaluator`].
///
/// [`Learned::new`] takes the network shipped for a built-in ruleset,
/// chosen by its type; a ruleset of your own (whatever its name) has
/// none, and gets `None`: train one with `senet train` or
/// [`crate::train::train`], then use
/// [`Learned::with_network`].
///
/// ```
/// use senet_bot::{Evaluator, Learned};
/// use senet::rulesets::Bell;
/// use senet::Position;
///
/// let learned = Learned::new(Bell).expect("Bell ships a network");
/// // Bell strongly favours the side that throws first.
/// assert!(learned.equity(&Position::start(Bell)) > 0.7);
/// ```
#[derive(Clone, Debug)]
pub struct Learned<R: Ruleset> {
    ruleset: R,
    network: Arc<Network>,
}

impl<R: Ruleset> Learned<R> {
    /// The network shipped for `ruleset` ([`Network::builtin`]: a
    /// built-in ruleset, known from its type), or `None` for a ruleset of
    /// your own, even one named as a built-in one.
    ///
    /// ```
    /// use senet_bot::{Evaluator, Learned};
    /// use senet::{Position, rulesets::Kendall};
    ///
    /// let learned = Learned::new(Kendall).expect("Kendall ships a network");
    /// let equity = learned.equity(&Position::start(Kendall));
    /// assert!((0.0..=1.0).contains(&equity));
    /// ```
    pub fn new(ruleset: R) -> Option<Learned<R>> {
        Network::builtin(&ruleset).map(|network| Learned::with_network(ruleset, network))
    }

    /// `ruleset` valued by `network` (a `Network`, or an `Arc` of one to
    /// share it between bots).
    ///
    /// ```
    /// use senet_bot::{Evaluator, Learned, Network};
    /// use senet::{Position, rulesets::Kendall};
    ///
    /// let untrained = Learned::with_network(Kendall, Network::zero());
    /// assert_eq!(untrained.equity(&Position::start(Kendall)), 0.5);
    /// ```
    pub fn with_network(ruleset: R, network: impl Into<Arc<Network>>) -> Learned<R> {
        Learned {
            ruleset,
            network: network.into(),
        }
    }

    /// The network.
    ///
    /// ```
    /// use senet_bot::{Learned, Network};
    /// use senet::rulesets::Kendall;
    ///
    /// let learned = Learned::new(Kendall).expect("shipped");
    /// assert_eq!(learned.network(), &*Network::builtin(&Kendall).unwrap());
    /// ```
    pub fn network(&self) -> &Network {
        &self.network
    }

    /// The ruleset.
    ///
    /// ```
    /// use senet_bot::{Learned, Network};
    /// use senet::{Ruleset, rulesets::Temple};
    ///
    /// let learned = Learned::with_network(Temple, Network::zero());
    /// assert_eq!(learned.ruleset().name(), "temple");
    /// ```
    pub fn ruleset(&self) -> R {
        self.ruleset
    }
}

/// A network values any ruleset's positions (the one it was trained for
/// meaningfully).
impl<R: Ruleset> Evaluator<R> for Network {
    #[inline]
    fn equity(&self, position: &Position<R>) -> f64 {
        Network::equity(self, position)
    }
}

impl<R: Ruleset> Evaluator<R> for Learned<R> {
    #[inline]
    fn equity(&self, position: &Position<R>) -> f64 {
        self.network.equity(position)
    }
}
