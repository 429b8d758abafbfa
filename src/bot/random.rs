//! A uniformly random agent, seeded.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use crate::bot::agent::{Agent, Decision};
use crate::moves::Move;
use crate::ruleset::Ruleset;

/// Plays a uniformly random legal move, drawn from its own seeded
/// generator (ChaCha8), never from the game's throws. The same seed and
/// the same sequence of decisions give the same moves.
#[derive(Clone, Debug)]
pub struct RandomAgent {
    rng: ChaCha8Rng,
}

impl RandomAgent {
    /// A random agent whose choices follow from `seed`.
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Its name in reports, `random` (callable with no ruleset in view).
    pub fn name(&self) -> String {
        "random".to_owned()
    }
}

impl<R: Ruleset> Agent<R> for RandomAgent {
    fn name(&self) -> String {
        RandomAgent::name(self)
    }

    fn choose(&mut self, decision: &Decision<'_, R>) -> Move {
        let moves = decision.moves();
        // Multiply-shift: uniform enough for a test double, and one word per choice.
        let pick = (u64::from(self.rng.next_u32()) * moves.len() as u64) >> 32;
        moves[pick as usize]
    }
}
