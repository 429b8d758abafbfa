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
//! let throw = Throw::canonical(Dice::FourSticks, Roll::new(3).unwrap()).unwrap();
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
//! | 4 | [`Search`], depth 3, 20,000 nodes | one throw deeper (falls back to depth 2 past the budget; every decision timed for `docs/bots.md` reached depth 3) |
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
//! Each cell is one mirrored duel of 20,000 games (10,000 pairs, each pair
//! played with the same throws and the seats swapped), seed 1: A's win rate
//! against B, a draw counting half, with its 95% interval over the pairs
//! (`cargo run --release -p senet-cli -- duel --ruleset kendall --a level:4 --b baseline --games 20000 --seed 1 --threads 2`;
//! every duel, with its length and time, is in the repository's `docs/bots.md`,
//! which also ships in the `senet` package). The "vs baseline" columns are
//! against the baseline's tuned weights (measured 2026-12-03); the level
//! against level columns are of 2026-12-02, level 5's of 2026-12-03.
//!
//! | ruleset | 2 vs 1 | 3 vs 2 | 4 vs 3 | 5 vs 4 | 1 vs baseline | 2 vs baseline | 3 vs baseline | 4 vs baseline | 5 vs baseline |
//! | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
//! | kendall | 0.638 (0.632..0.645) | 0.525 (0.518..0.532) | 0.513 (0.506..0.520) | 0.521 (0.514..0.528) | 0.393 (0.386..0.399) | 0.552 (0.545..0.559) | 0.573 (0.566..0.579) | 0.587 (0.581..0.594) | 0.602 (0.595..0.609) |
//! | temple | 0.563 (0.556..0.570) | 0.541 (0.534..0.548) | 0.517 (0.511..0.524) | 0.520 (0.513..0.527) | 0.504 (0.497..0.511) | 0.541 (0.534..0.548) | 0.571 (0.564..0.577) | 0.583 (0.576..0.590) | 0.596 (0.590..0.603) |
//! | bell | 0.959 (0.957..0.961) | 0.539 (0.535..0.542) | 0.526 (0.522..0.530) | 0.522 (0.519..0.526) | 0.053 (0.050..0.055) | 0.789 (0.784..0.793) | 0.835 (0.830..0.839) | 0.860 (0.856..0.864) | 0.873 (0.869..0.877) |
//! | classic | 0.732 (0.726..0.739) | 0.527 (0.520..0.534) | 0.512 (0.505..0.519) | 0.520 (0.513..0.527) | 0.337 (0.331..0.344) | 0.613 (0.606..0.620) | 0.636 (0.630..0.643) | 0.655 (0.649..0.662) | 0.662 (0.655..0.668) |
//! | jequier | 0.772 (0.766..0.778) | 0.735 (0.729..0.741) | 0.635 (0.629..0.642) | 0.692 (0.686..0.699) | 0.436 (0.429..0.443) | 0.648 (0.641..0.654) | 0.749 (0.743..0.755) | 0.796 (0.791..0.802) | 0.846 (0.841..0.851) |
//! | kendall1979 | 0.635 (0.628..0.642) | 0.528 (0.521..0.535) | 0.518 (0.511..0.525) | 0.540 (0.533..0.547) | 0.383 (0.376..0.389) | 0.519 (0.512..0.526) | 0.559 (0.552..0.566) | 0.581 (0.574..0.588) | 0.637 (0.631..0.644) |
//! | skyruk | 0.730 (0.724..0.737) | 0.588 (0.581..0.595) | 0.538 (0.531..0.545) | 0.649 (0.643..0.656) | 0.312 (0.306..0.319) | 0.555 (0.548..0.562) | 0.616 (0.609..0.623) | 0.638 (0.631..0.645) | 0.736 (0.730..0.742) |

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
