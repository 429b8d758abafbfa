//! A uniformly random agent, seeded.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

use crate::agent::{Agent, Decision};
use senet::Move;
use senet::Ruleset;

/// Plays a uniformly random legal move, drawn from its own seeded
/// generator (ChaCha8), never from the game's throws. The same seed and
/// the same sequence of decisions give the same moves.
/// ```
/// use senet_bot::{Agent, Decision, RandomAgent};
/// use senet::{Position, Roll, rulesets::Kendall};
///
/// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
/// let (mut a, mut b) = (RandomAgent::new(7), RandomAgent::new(7));
/// let mv = a.choose(&decision);
/// assert!(decision.moves().contains(&mv));
/// assert_eq!(b.choose(&decision), mv); // the same seed, the same choice
/// ```
#[derive(Clone, Debug)]
pub struct RandomAgent {
    rng: ChaCha8Rng,
}

impl RandomAgent {
    /// A random agent whose choices follow from `seed`.
    /// ```
    /// use senet_bot::{Agent, Decision, RandomAgent};
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
    /// let mut agent = RandomAgent::new(1);
    /// let picks: Vec<_> = (0..20).map(|_| agent.choose(&decision)).collect();
    /// assert!(picks.iter().all(|mv| decision.moves().contains(mv)));
    /// assert!(picks.iter().any(|&mv| mv != picks[0])); // not always the same move
    /// ```
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Its name in reports, `random` (callable with no ruleset in view).
    /// ```
    /// use senet_bot::RandomAgent;
    ///
    /// assert_eq!(RandomAgent::new(1).name(), "random");
    /// ```
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
