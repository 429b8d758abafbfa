//! Playing agents: a read-only view of a decision, the [`Agent`] trait, and
//! the agents built on it (random, rule of thumb, expectimax search), their
//! levels, the learned evaluation they use ([`Network`], trained by
//! [`train`]), the [`Baseline`] every level is measured against, and the
//! mirrored [`Duel`] that measures them.
//!
//! An agent sees a [`Decision`]: the position, the throw in hand, its legal
//! moves and the game so far, taken from a game's
//! [`GameView`](crate::GameView) ([`Decision::from_view`]) or from plain
//! values. It holds no throw source, so an agent cannot see or steer a
//! future throw; it plays honestly by construction.
//! Every agent here is deterministic: the same decision (and, for the
//! random agent, the same seed) gives the same move on every machine.
//! Searches are bounded by a node budget, never by a clock, and use only
//! IEEE basic arithmetic (no `exp`, no fused multiply-add), so their
//! results do not depend on the platform.
//!
//! ```
//! use senet::bot::{Agent, Bot, Decision, Level};
//! use senet::{Position, Roll, Throw, Dice, rulesets::Kendall};
//!
//! let start = Position::start(Kendall);
//! let throw = Throw::canonical(Dice::FourSticks, Roll::new(3).unwrap()).unwrap();
//! let decision = Decision::new(start, throw, &[]).unwrap();
//! let mut bot = Bot::new(Kendall, Level::new(2).unwrap());
//! let thought = bot.think(&decision);
//! assert_eq!(thought.best(), bot.choose(&decision));
//! assert!(decision.moves().contains(&thought.best()));
//! ```

mod agent;
mod baseline;
mod duel;
mod eval;
mod greedy;
mod hint;
mod level;
mod network;
mod random;
mod search;
mod table;
pub mod train;
mod weights;

pub use agent::{Agent, Decision, NoDecision, Scored, Thought};
pub use baseline::{Baseline, FiveTerms};
pub use duel::{Duel, DuelError, DuelStats, GameEnd, PairResult};
pub use eval::{BadWeights, Evaluation, Evaluator, FEATURE_NAMES, FEATURES, Weights};
pub use greedy::Greedy;
pub use hint::{Hint, hint};
pub use level::{BadLevel, Bot, Level};
pub use network::{BadNetwork, HIDDEN, INPUTS, Learned, MAGIC as NETWORK_MAGIC, Network};
pub use random::RandomAgent;
pub use search::{BadLimits, Search, SearchLimits};
