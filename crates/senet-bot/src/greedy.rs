//! The rule of thumb: the move whose resulting position evaluates best.

use crate::agent::{Agent, Decision, Scored, Thought};
use crate::eval::Evaluator;
use senet::Move;
use senet::Ruleset;

/// A one-throw rule of thumb: plays the legal move after which its
/// evaluator gives the mover the highest equity (an immediate win counts
/// 1; an extra throw is valued as the evaluator values having the throw).
/// Ties go to the first move in the engine's order.
///
/// With the tuned [`Evaluation`](crate::Evaluation) this is level 1.
/// ```
/// use senet_bot::{Agent, Decision, Evaluation, Greedy};
/// use senet::{Position, Roll, rulesets::Kendall};
///
/// let mut greedy = Greedy::new(Evaluation::new(Kendall));
/// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
/// let mv = greedy.choose(&decision);
/// assert_eq!(mv, greedy.think(&decision).best());
/// ```
#[derive(Clone, Debug)]
pub struct Greedy<E> {
    eval: E,
}

impl<E> Greedy<E> {
    /// A rule of thumb over `eval`.
    /// ```
    /// use senet_bot::{Evaluation, Greedy, Weights};
    /// use senet::rulesets::Kendall;
    ///
    /// let greedy = Greedy::new(Evaluation::with_weights(Kendall, Weights::race()));
    /// assert_eq!(greedy.evaluator().weights(), &Weights::race());
    /// ```
    pub fn new(eval: E) -> Greedy<E> {
        Greedy { eval }
    }

    /// The evaluator used.
    /// ```
    /// use senet_bot::{Evaluation, Greedy};
    /// use senet::rulesets::Kendall;
    ///
    /// let greedy = Greedy::new(Evaluation::new(Kendall));
    /// assert_eq!(greedy.evaluator().ruleset(), Kendall);
    /// ```
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Its name in reports, `greedy` (callable with no ruleset in view).
    /// ```
    /// use senet_bot::{Evaluation, Greedy};
    /// use senet::rulesets::Kendall;
    ///
    /// assert_eq!(Greedy::new(Evaluation::new(Kendall)).name(), "greedy");
    /// ```
    pub fn name(&self) -> String {
        "greedy".to_owned()
    }

    /// Every legal move with the equity it leaves, best first.
    /// ```
    /// use senet_bot::{Decision, Evaluation, Evaluator, Greedy};
    /// use senet::{Position, Roll, Side, rulesets::Kendall};
    ///
    /// let eval = Evaluation::new(Kendall);
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
    /// let thought = Greedy::new(&eval).think(&decision);
    /// let best = thought.ranked[0];
    /// assert_eq!(best.equity, eval.equity_for(&decision.after(best.mv).unwrap(), Side::X));
    /// assert_eq!((thought.depth, thought.ranked.len()), (1, decision.moves().len()));
    /// ```
    pub fn think<R: Ruleset>(&self, decision: &Decision<'_, R>) -> Thought
    where
        E: Evaluator<R>,
    {
        let me = decision.side();
        let scores = decision
            .moves()
            .iter()
            .filter_map(|&mv| {
                let after = decision.after(mv)?;
                Some(Scored {
                    mv,
                    equity: self.eval.equity_for(&after, me),
                })
            })
            .collect();
        Thought::from_scores(scores, 1, decision.moves().len() as u64)
    }
}

impl<R: Ruleset, E: Evaluator<R>> Agent<R> for Greedy<E> {
    fn name(&self) -> String {
        Greedy::name(self)
    }

    fn choose(&mut self, decision: &Decision<'_, R>) -> Move {
        let me = decision.side();
        let mut best = (decision.moves()[0], f64::NEG_INFINITY);
        for &mv in decision.moves() {
            let Some(after) = decision.after(mv) else {
                continue;
            };
            let equity = self.eval.equity_for(&after, me);
            if equity > best.1 {
                best = (mv, equity);
            }
        }
        best.0
    }
}
