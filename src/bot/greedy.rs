//! The rule of thumb: the move whose resulting position evaluates best.

use crate::bot::agent::{Agent, Decision, Scored, Thought};
use crate::bot::eval::Evaluator;
use crate::moves::Move;
use crate::ruleset::Ruleset;

/// A one-throw rule of thumb: plays the legal move after which its
/// evaluator gives the mover the highest equity (an immediate win counts
/// 1; an extra throw is valued as the evaluator values having the throw).
/// Ties go to the first move in the engine's order.
///
/// With the tuned [`Evaluation`](crate::bot::Evaluation) this is level 1.
#[derive(Clone, Debug)]
pub struct Greedy<E> {
    eval: E,
}

impl<E> Greedy<E> {
    /// A rule of thumb over `eval`.
    pub fn new(eval: E) -> Greedy<E> {
        Greedy { eval }
    }

    /// The evaluator used.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Its name in reports, `greedy` (callable with no ruleset in view).
    pub fn name(&self) -> String {
        "greedy".to_owned()
    }

    /// Every legal move with the equity it leaves, best first.
    pub fn think<R: Ruleset>(&self, decision: &Decision<'_, R>) -> Thought
    where
        E: Evaluator<R>,
    {
        let me = decision.side();
        let position = decision.position();
        let scores = decision
            .moves()
            .iter()
            .map(|&mv| Scored {
                mv,
                equity: self.eval.equity_for(&position.apply(mv), me),
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
        let position = decision.position();
        let mut best = (decision.moves()[0], f64::NEG_INFINITY);
        for &mv in decision.moves() {
            let equity = self.eval.equity_for(&position.apply(mv), me);
            if equity > best.1 {
                best = (mv, equity);
            }
        }
        best.0
    }
}
