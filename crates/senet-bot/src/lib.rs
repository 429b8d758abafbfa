//! Playing agents: a read-only view of a decision, the [`Agent`] trait, and
//! the agents built on it (random, rule of thumb, expectimax search), their
//! levels, the learned evaluation they use ([`Network`], trained by
//! [`train`]), the [`Baseline`] every level is measured against, and the
//! mirrored [`Duel`] that measures them; and [`Seats`], which plays a game
//! on with agents at either side until a person must decide.
//!
//! An agent sees a [`Decision`]: the position, the throw in hand, its legal
//! moves and the game so far, taken from a game's
//! [`GameView`](senet::game::GameView) ([`Decision::from_view`]) or from plain
//! values. It holds no throw source, so an agent cannot see or steer a
//! future throw; it plays honestly by construction.
//! Every agent here is deterministic: the same decision (and, for the
//! random agent, the same seed) gives the same move on every machine.
//! Searches are bounded by a node budget, never by a clock, and use only
//! IEEE basic arithmetic (no `exp`, no fused multiply-add), so their
//! results do not depend on the platform.
//!
//! ```
//! use senet_bot::{Agent, Bot, Decision, Level};
//! use senet::{Position, Roll, Throw, Dice, rulesets::Kendall};
//!
//! let start = Position::start(Kendall);
//! let throw = Throw::canonical(Dice::FOUR_STICKS, Roll::new(3).unwrap()).unwrap();
//! let decision = Decision::new(start, throw, &[]).unwrap();
//! let mut bot = Bot::new(Kendall, Level::new(2).unwrap());
//! let thought = bot.think(&decision);
//! assert_eq!(thought.best(), bot.choose(&decision));
//! assert!(decision.moves().contains(&thought.best()));
//! ```
//!
//! # Levels
//!
//! | level | agent | what it does |
//! | --- | --- | --- |
//! | 1 | [`Greedy`] over the race | moves whatever gains most ground: a beginner, blind to danger |
//! | 2 | [`Greedy`] over the learned network | the best position after the throw in hand |
//! | 3 | [`Search`], depth 2 | expectimax over the next throw too, whoever makes it |
//! | 4 | [`Search`], depth 3, 20,000 nodes | one throw deeper (falls back to depth 2 past the budget) |
//! | 5 | [`Search`] as at level 4, over the large network | sees which pieces are shielded and which houses blocked |
//!
//! Levels 2 to 4 value positions with a small neural network per ruleset
//! ([`Network`], through the evaluator [`Learned`]): one input per
//! house and side, the pieces borne off and the marked pieces, 32 hidden
//! units, a logistic output. It was learned by self-play with TD(λ), as
//! TD-Gammon was: the network plays itself, and after each game every
//! position is moved towards a blend of the values that followed it and the
//! result. The training tool is part of the crate, deterministic from its
//! seed; the shipped networks (`src/networks/*.net`, 12 KB each) were
//! made with the default plan, one command per ruleset:
//!
//! ```sh
//! cargo run --release -p senet-cli -- train --ruleset kendall --games 300000 --seed 1 --out crates/senet-bot/src/networks/kendall.net
//! ```
//!
//! Level 5 searches as level 4 does, over a large network per ruleset
//! ([`Network::builtin_large`], `src/networks/large/*.net`, 110 KB each):
//! 128 hidden units, and inputs that also state, per side, the pieces the
//! opponent may not land on and the houses it may not pass. Made by the
//! same self-play, with `--hidden 128 --games 1000000` (Jéquier 300,000).
//!
//! A ruleset of your own has no shipped network: [`Bot::new`] then falls back
//! to the feature evaluation [`Evaluation`] with race weights; train one
//! with [`train::train`]`(your_ruleset, &Plan::default(), |_| {})`
//! and play it with [`Bot::with_network`].
//!
//! The search weights each roll by the ruleset's throw table, and models the
//! turn exactly: after an extra throw the same side decides again, a lost
//! throw passes the turn or not as the ruleset says. It uses Star1 pruning
//! (equities lie in 0..1), orders moves by their static value, and at level
//! 4 keeps a small transposition table. Every root move is searched with a full
//! window, so `think` gives each legal move its exact value.
//!
//! The yardstick, [`Baseline`], is a two-throw expectimax over
//! [`FiveTerms`], a linear evaluation written by hand from the rules:
//! progress along the track, pieces borne off, pieces that cannot be landed
//! on, pieces in a blockade, and pieces the opponent's next throw can land
//! on.
//!
//! # How strong
//!
//! In every built-in ruleset each level beats the one below it, and levels
//! 2 to 5 beat the [`Baseline`]. A mirrored [`Duel`] measures it: games played in
//! pairs, each pair with the same throws and the seats swapped, A's win
//! rate against B with a draw counting half, and its 95% interval over the
//! pairs:
//!
//! ```sh
//! cargo run --release -p senet-cli -- duel --ruleset kendall --a level:4 --b baseline --games 20000 --seed 1 --threads 2
//! ```
//!
//! The measured ladder of every ruleset, with its dates, is in the
//! repository's `docs/performance-history.md`.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod agent;
mod baseline;
mod duel;
pub mod endgame;
mod eval;
mod greedy;
mod hint;
mod level;
mod network;
mod random;
pub mod review;
mod search;
mod seats;
pub mod study;
mod table;
pub mod train;
pub mod tune;
mod weights;

#[cfg(feature = "serde")]
mod serde_impls;

pub use agent::{Agent, Decision, DecisionError, Scored, Thought};
pub use baseline::{Baseline, FiveTerms};
pub use duel::{Duel, DuelError, DuelStats, GameEnd, PairResult};
pub use eval::{Evaluation, Evaluator, FEATURE_NAMES, FEATURES, Weights, WeightsError};
pub use greedy::Greedy;
pub use hint::{Hint, hint};
pub use level::{Bot, Level, LevelError};
pub use network::{
    HIDDEN, INPUTS, LARGE_HIDDEN, LARGE_INPUTS, Learned, MAGIC as NETWORK_MAGIC, Network,
    NetworkError,
};
pub use random::RandomAgent;
pub use search::{LimitsError, Search, SearchLimits};
pub use seats::{Event, Seats, SeatsError};
