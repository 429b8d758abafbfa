//! The yardstick: a depth-2 expectimax over five hand-written terms.
//!
//! Every level of the ladder is measured against [`Baseline`], not only
//! against the level below, so that a ladder whose levels share one weak
//! evaluation cannot look strong.

use crate::agent::{Agent, Decision, Thought};
use crate::eval::{Evaluation, Evaluator, Weights, logistic};
use crate::search::{Search, SearchLimits};
use senet::Move;
use senet::Position;
use senet::Ruleset;
use senet::rulesets::Direction;

/// A plain linear evaluation of five terms, written by hand from the
/// rules, each the thrower's count minus the opponent's:
///
/// | term | per unit | weight |
/// | --- | --- | --- |
/// | progress | a piece one house further (31 once borne off) | 0.06 |
/// | borne off | a piece borne off | 0.01875 |
/// | safe | a piece that cannot be landed on ([`Ruleset::shielded`]) | 0.1 |
/// | blockade | a piece in a line the opponent may not pass ([`Ruleset::impassable`]) | 0.1 |
/// | exposed | the expected number of pieces the opponent's next throw lands on | −0.1 |
///
/// plus 0.1125 for having the throw; the equity is the logistic function
/// of the sum. It works for any ruleset, a user's own included. The
/// weights are tuned by coordinate search (the example `tune_baseline`:
/// each weight half as large again and half as small, then a quarter, one
/// at a time, each in a mirrored duel of Kendall games against weights set
/// by hand, a change kept when it beats the best so far); the weights kept
/// beat the hand-set ones (0.1, 0.04, 0.05, 0.1, 0.1, −0.1 for throw,
/// progress, off, safe, blockade, exposed) on fresh throws, in Kendall and
/// in the other rulesets (the figures, with their date, are in the
/// repository's `docs/performance-history.md`).
///
/// ```
/// use senet_bot::{Evaluator, FiveTerms};
/// use senet::rulesets::Kendall;
/// use senet::Position;
///
/// let eval = FiveTerms::new(Kendall);
/// let start = Position::start(Kendall);
/// // x's pieces stand one house ahead of o's at the start.
/// assert_eq!(eval.terms(&start)[0], 5.0);
/// assert!(eval.equity(&start) > 0.5);
/// ```
#[derive(Clone, Debug)]
pub struct FiveTerms<R: Ruleset> {
    features: Evaluation<R>,
    weights: [f64; 6],
}

/// The weights of [`FiveTerms`]: throw, progress, off, safe, blockade, exposed.
const WEIGHTS: [f64; 6] = [0.1125, 0.06, 0.01875, 0.1, 0.1, -0.1];

impl<R: Ruleset> FiveTerms<R> {
    /// The five-term evaluation of `ruleset`.
    /// ```
    /// use senet_bot::{Evaluator, FiveTerms};
    /// use senet::{Position, Side, rulesets::Kendall};
    ///
    /// let eval = FiveTerms::new(Kendall);
    /// let start = Position::start(Kendall);
    /// let x = eval.equity_for(&start, Side::X);
    /// assert!(x > 0.5); // x is ahead and has the throw
    /// assert_eq!(eval.equity_for(&start, Side::O), 1.0 - x);
    /// ```
    pub fn new(ruleset: R) -> FiveTerms<R> {
        FiveTerms::with_weights(ruleset, WEIGHTS)
    }

    /// The five-term evaluation of `ruleset` with other weights: for the
    /// throw, then each term in the table's order (for tuning them).
    /// ```
    /// use senet_bot::{Evaluator, FiveTerms};
    /// use senet::{Position, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// // Progress alone: x stands 5 houses ahead, 0.1 a house.
    /// let eval = FiveTerms::with_weights(Kendall, [0.0, 0.1, 0.0, 0.0, 0.0, 0.0]);
    /// assert_eq!(eval.weights()[1], 0.1);
    /// assert!(eval.equity(&start) > FiveTerms::new(Kendall).equity(&start));
    /// ```
    pub fn with_weights(ruleset: R, weights: [f64; 6]) -> FiveTerms<R> {
        FiveTerms {
            features: Evaluation::with_weights(ruleset, Weights::race()),
            weights,
        }
    }

    /// The weights: for the throw, then each term in the table's order.
    /// ```
    /// use senet_bot::FiveTerms;
    /// use senet::rulesets::Kendall;
    ///
    /// assert_eq!(FiveTerms::new(Kendall).weights(), [0.1125, 0.06, 0.01875, 0.1, 0.1, -0.1]);
    /// ```
    pub fn weights(&self) -> [f64; 6] {
        self.weights
    }

    /// The five terms of `position`, thrower minus opponent, in the
    /// table's order.
    /// ```
    /// use senet_bot::FiveTerms;
    /// use senet::{Position, rulesets::Kendall};
    ///
    /// let eval = FiveTerms::new(Kendall);
    /// // x has borne 4 pieces off and o 2.
    /// let position: Position<Kendall> = "o.o.o....................x.... x 4 2".parse().unwrap();
    /// let [_progress, off, ..] = eval.terms(&position);
    /// assert_eq!(off, 2.0);
    /// ```
    pub fn terms(&self, position: &Position<R>) -> [f64; 5] {
        // The feature evaluation's per-side counts: off at +0, safe at +1,
        // threats (pieces of the other side one throw lands on) at +3.
        let f = self.features.features(position);
        let (mover, other) = (2, 2 + 35);
        let board = position.board();
        let ruleset = position.ruleset();
        let me = position.side_to_throw();
        let mut progress = [0.0; 2];
        let mut blockade = [0.0; 2];
        for (k, side) in [me, me.opponent()].into_iter().enumerate() {
            let on_board: u32 = board
                .pieces(side)
                .into_iter()
                .map(|h| u32::from(h.number()))
                .sum();
            progress[k] = f64::from(on_board + 31 * u32::from(board.off(side)));
            let walls = ruleset.impassable(board, side.opponent(), Direction::Forward);
            blockade[k] = f64::from((walls & board.pieces(side)).count());
        }
        [
            progress[0] - progress[1],
            f[mover] - f[other],
            f[mover + 1] - f[other + 1],
            blockade[0] - blockade[1],
            // My pieces the opponent lands on, less theirs I land on.
            f[other + 3] - f[mover + 3],
        ]
    }
}

impl<R: Ruleset> Evaluator<R> for FiveTerms<R> {
    fn equity(&self, position: &Position<R>) -> f64 {
        let terms = self.terms(position);
        let mut score = self.weights[0];
        for (term, weight) in terms.iter().zip(&self.weights[1..]) {
            score += term * weight;
        }
        logistic(score)
    }
}

/// The baseline opponent: [`FiveTerms`] searched two throws deep (the
/// throw in hand and the opponent's next), with no node limit: the plain
/// two-throw expectimax. Its Star1 pruning and move ordering save work
/// and change no value (a unit test compares every value with the
/// expectimax written out, nothing pruned).
///
/// ```
/// use senet_bot::{Agent, Baseline, Decision};
/// use senet::{Dice, Position, Roll, Throw, rulesets::Kendall};
///
/// let mut baseline = Baseline::new(Kendall);
/// let throw = Throw::canonical(Dice::FOUR_STICKS, Roll::new(4).unwrap()).unwrap();
/// let decision = Decision::new(Position::start(Kendall), throw, &[]).unwrap();
/// assert!(decision.moves().contains(&baseline.choose(&decision)));
/// ```
#[derive(Clone, Debug)]
pub struct Baseline<R: Ruleset> {
    search: Search<FiveTerms<R>>,
}

impl<R: Ruleset> Baseline<R> {
    /// The baseline for `ruleset`.
    /// ```
    /// use senet_bot::{Agent, Baseline};
    /// use senet::rulesets::Kendall;
    ///
    /// let baseline = Baseline::new(Kendall);
    /// assert_eq!(baseline.name(), "baseline");
    /// ```
    pub fn new(ruleset: R) -> Baseline<R> {
        Baseline::with_evaluation(FiveTerms::new(ruleset))
    }

    /// The same two-throw search over a five-term evaluation of other
    /// weights ([`FiveTerms::with_weights`]): what tuning the baseline
    /// plays.
    /// ```
    /// use senet_bot::{Agent, Baseline, Decision, FiveTerms};
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
    /// let same = FiveTerms::with_weights(Kendall, FiveTerms::new(Kendall).weights());
    /// let mut a = Baseline::with_evaluation(same);
    /// assert_eq!(a.think(&decision), Baseline::new(Kendall).think(&decision));
    /// ```
    pub fn with_evaluation(eval: FiveTerms<R>) -> Baseline<R> {
        let limits = SearchLimits {
            max_depth: 2,
            nodes: u64::MAX,
            table_bits: 0,
        };
        Baseline {
            search: Search::with_checked(eval, limits),
        }
    }

    /// Every legal move with its value, best first.
    /// ```
    /// use senet_bot::{Agent, Baseline, Decision};
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap()).unwrap();
    /// let mut baseline = Baseline::new(Kendall);
    /// let thought = baseline.think(&decision);
    /// assert_eq!(thought.depth, 2); // the throw in hand and the next
    /// assert_eq!(thought.best(), baseline.choose(&decision));
    /// ```
    pub fn think(&mut self, decision: &Decision<'_, R>) -> Thought {
        self.search.think(decision)
    }
}

impl<R: Ruleset> Agent<R> for Baseline<R> {
    fn name(&self) -> String {
        "baseline".to_string()
    }

    fn choose(&mut self, decision: &Decision<'_, R>) -> Move {
        self.search.choose(decision)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Duel;
    use crate::RandomAgent;
    use senet::Side;
    use senet::rulesets::{Bell, Jequier, Kendall, Kendall1979};
    use senet::source::SeededThrows;
    use senet::{Game, Seed};

    /// A plain two-throw expectimax written out, nothing pruned: the
    /// mover's value of `child` (after its move) is the mean over the next
    /// throw of the best the side then to throw does with it, each
    /// position after that valued by the five terms.
    fn plain<R: Ruleset>(eval: &FiveTerms<R>, child: &Position<R>, me: Side) -> f64 {
        if child.is_over() {
            return eval.equity_for(child, me);
        }
        let dice = child.ruleset().dice();
        let mut sum = 0.0;
        for &(roll, weight) in dice.weights() {
            let moves = child.moves(roll);
            let value = match moves.lose_throw() {
                Ok(lost) => eval.equity_for(&lost, me),
                Err(_) => {
                    let values = moves
                        .iter()
                        .map(|mv| eval.equity_for(&moves.play(mv).unwrap(), me));
                    if child.side_to_throw() == me {
                        values.fold(f64::MIN, f64::max)
                    } else {
                        values.fold(f64::MAX, f64::min)
                    }
                }
            };
            sum += f64::from(weight) * value;
        }
        sum / f64::from(dice.total_weight())
    }

    /// Every decision of a few random games: the baseline's value of each
    /// move is the plain expectimax's, so its pruning changes nothing.
    fn values_are_the_plain_expectimax<R: senet::rulesets::CheckedRuleset>(ruleset: R) {
        let eval = FiveTerms::new(ruleset);
        let mut baseline = Baseline::new(ruleset);
        let mut checked = 0;
        for seed in 0..3 {
            let (mut x, mut o) = (RandomAgent::new(seed), RandomAgent::new(seed + 10));
            let source = SeededThrows::new(Seed::from_u64(seed));
            let game = Duel::new(ruleset).with_max_throws(150);
            let game: Game<R, _> = game.play(&mut x, &mut o, source).unwrap();
            let history = game.history();
            let mut position = Position::start(ruleset);
            for turn in history {
                if let Some(mv) = turn.played() {
                    let decision = Decision::new(position, turn.throw(), &[]).unwrap();
                    if !decision.is_forced() {
                        let thought = baseline.think(&decision);
                        for scored in &thought.ranked {
                            let child = decision.after(scored.mv).unwrap();
                            let expected = plain(&eval, &child, decision.side());
                            assert!(
                                (scored.equity - expected).abs() < 1e-12,
                                "{position} {}: {} against {expected}",
                                position.notation(scored.mv),
                                scored.equity
                            );
                            checked += 1;
                        }
                    }
                    position = position.play(mv).unwrap();
                } else {
                    position = position.lose_throw(turn.roll()).unwrap();
                }
            }
        }
        assert!(checked > 50, "{checked} moves checked");
    }

    #[test]
    fn the_baseline_is_the_plain_two_throw_expectimax() {
        values_are_the_plain_expectimax(Kendall);
        values_are_the_plain_expectimax(Bell);
        values_are_the_plain_expectimax(Jequier);
        values_are_the_plain_expectimax(Kendall1979);
    }
}
