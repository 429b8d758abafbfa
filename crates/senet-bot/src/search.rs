//! Expectimax search over throws and moves, with Star1 pruning, move
//! ordering, a transposition table and a node budget.

use thiserror::Error;

use crate::agent::{Agent, Decision, Scored, Thought};
use crate::eval::{Evaluator, outcome_equity};
use crate::table::{Bound, Key, Table};
use senet::Move;
use senet::Position;
use senet::Roll;
use senet::Ruleset;
use senet::Side;
use senet::moves::MAX_MOVES;

/// How far a [`Search`] may look: a depth in throws and a node budget.
///
/// The search deepens one throw at a time, from the throw in hand (depth
/// 1, which is the rule of thumb) up to `max_depth`, and keeps the values
/// of the deepest pass it completed within `nodes` positions. It does not
/// start a pass that the growth of the previous ones says cannot finish,
/// and abandons one that runs out. Counting nodes, not time, makes the
/// result the same on every machine.
///
/// The accepted ranges, checked by [`SearchLimits::new`],
/// [`SearchLimits::check`] and [`Search::new`]: `max_depth` from 1 to
/// [`SearchLimits::MAX_DEPTH`] (32) throws; `nodes` any number
/// (`u64::MAX` for no budget: the depth alone then bounds the search, and
/// its time grows about tenfold per throw); `table_bits` from 0 to
/// [`SearchLimits::MAX_TABLE_BITS`] (24: 2^24 entries of 24 bytes, 384
/// MiB).
///
/// ```
/// use senet_bot::SearchLimits;
///
/// let limits = SearchLimits::new(2, 5_000, 10)?;
/// assert_eq!(limits, SearchLimits { max_depth: 2, nodes: 5_000, table_bits: 10 });
/// assert!(SearchLimits::new(0, 5_000, 10).is_err()); // depth 0 looks at nothing
/// # Ok::<(), senet_bot::LimitsError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
pub struct SearchLimits {
    /// The deepest pass, in throws (1 = only the throw in hand), from 1 to
    /// [`SearchLimits::MAX_DEPTH`].
    pub max_depth: u8,
    /// The most positions a decision may generate or evaluate (all passes together).
    pub nodes: u64,
    /// The transposition table has `2^table_bits` entries (0: no table),
    /// at most [`SearchLimits::MAX_TABLE_BITS`].
    pub table_bits: u8,
}

/// Search limits outside their ranges (see [`SearchLimits`]).
///
/// ```
/// use senet_bot::{LimitsError, SearchLimits};
///
/// assert_eq!(SearchLimits::new(0, 100, 0), Err(LimitsError::Depth { found: 0, max: 32 }));
/// let err = SearchLimits::new(2, 100, 25).unwrap_err();
/// assert_eq!(err, LimitsError::TableBits { found: 25, max: 24 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum LimitsError {
    /// The depth is 0 or more than [`SearchLimits::MAX_DEPTH`].
    #[error("a search depth is from 1 to {max} throws, found {found}")]
    Depth {
        /// The depth given.
        found: u8,
        /// The deepest allowed.
        max: u8,
    },
    /// The table would have more than `2^MAX_TABLE_BITS` entries.
    #[error(
        "table_bits is from 0 to {max} (a transposition table of 2^table_bits entries of 24 bytes), found {found}"
    )]
    TableBits {
        /// The bits given.
        found: u8,
        /// The most allowed.
        max: u8,
    },
}

impl SearchLimits {
    /// The deepest search, in throws.
    ///
    /// ```
    /// use senet_bot::SearchLimits;
    ///
    /// assert!(SearchLimits::new(SearchLimits::MAX_DEPTH, 1_000, 0).is_ok());
    /// assert!(SearchLimits::new(SearchLimits::MAX_DEPTH + 1, 1_000, 0).is_err());
    /// ```
    pub const MAX_DEPTH: u8 = 32;

    /// The most table bits: a table of 2^24 entries takes 384 MiB.
    ///
    /// ```
    /// use senet_bot::SearchLimits;
    ///
    /// assert!(SearchLimits::new(2, 1_000, SearchLimits::MAX_TABLE_BITS).is_ok());
    /// assert!(SearchLimits::new(2, 1_000, SearchLimits::MAX_TABLE_BITS + 1).is_err());
    /// ```
    pub const MAX_TABLE_BITS: u8 = 24;

    /// Limits from their parts, each checked against its range.
    ///
    /// ```
    /// use senet_bot::{LimitsError, SearchLimits};
    ///
    /// // Checked when the program compiles.
    /// const LIMITS: Result<SearchLimits, LimitsError> = SearchLimits::new(2, 10_000, 12);
    /// assert_eq!(LIMITS.map(|l| l.nodes), Ok(10_000));
    /// ```
    ///
    /// # Errors
    ///
    /// [`LimitsError`] when `max_depth` or `table_bits` is out of its range.
    pub const fn new(
        max_depth: u8,
        nodes: u64,
        table_bits: u8,
    ) -> Result<SearchLimits, LimitsError> {
        SearchLimits {
            max_depth,
            nodes,
            table_bits,
        }
        .check()
    }

    /// The limits, when every field is in its range.
    ///
    /// ```
    /// use senet_bot::{LimitsError, SearchLimits};
    ///
    /// let mut limits = SearchLimits::new(3, 20_000, 12)?;
    /// limits.table_bits = 30; // the fields are public: check after changing them
    /// assert!(matches!(limits.check(), Err(LimitsError::TableBits { found: 30, .. })));
    /// # Ok::<(), LimitsError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`LimitsError`] when `max_depth` or `table_bits` is out of its range.
    pub const fn check(self) -> Result<SearchLimits, LimitsError> {
        if self.max_depth == 0 || self.max_depth > Self::MAX_DEPTH {
            return Err(LimitsError::Depth {
                found: self.max_depth,
                max: Self::MAX_DEPTH,
            });
        }
        if self.table_bits > Self::MAX_TABLE_BITS {
            return Err(LimitsError::TableBits {
                found: self.table_bits,
                max: Self::MAX_TABLE_BITS,
            });
        }
        Ok(self)
    }
}

/// An expectimax agent: chance nodes weight each roll by the ruleset's
/// throw table; decision nodes take the best move for the side that
/// throws there, which follows the rules exactly (an extra throw keeps the
/// same side, a lost throw passes the turn or not as the ruleset says).
/// Leaves are valued by the evaluator.
///
/// Star1 pruning (equities lie in 0..=1) cuts chance nodes whose value can
/// no longer matter; moves are tried best first by their static value;
/// a transposition table, emptied before each decision, reuses chance
/// nodes reached twice. Every legal move at the root is searched with a
/// full window, so [`think`](Search::think) gives each its exact value
/// and [`choose`](Agent::choose) plays the first of the ranking.
///
/// ```
/// use senet_bot::{Agent, Decision, Learned, Search, SearchLimits};
/// use senet::{Position, Roll, rulesets::Kendall};
///
/// let limits = SearchLimits::new(2, 2_000, 0)?;
/// let mut search = Search::new(Learned::new(Kendall).unwrap(), limits)?;
/// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap())?;
/// let best = search.think(&decision).best();
/// assert_eq!(search.choose(&decision), best);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Search<E> {
    eval: E,
    limits: SearchLimits,
    table: Table,
}

impl<E> Search<E> {
    /// A search over `eval` within `limits`, or why the limits are out of
    /// range (see [`SearchLimits`]).
    ///
    /// ```
    /// use senet_bot::{Network, Search, SearchLimits};
    ///
    /// let limits = SearchLimits::new(2, 1_000, 0)?;
    /// assert!(Search::new(Network::zero(), limits).is_ok());
    /// let deep = SearchLimits { max_depth: 99, ..limits };
    /// assert!(Search::new(Network::zero(), deep).is_err());
    /// # Ok::<(), senet_bot::LimitsError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`LimitsError`] when `limits` are out of their ranges.
    pub fn new(eval: E, limits: SearchLimits) -> Result<Search<E>, LimitsError> {
        Ok(Search::with_checked(eval, limits.check()?))
    }

    /// A search within limits already checked.
    pub(crate) fn with_checked(eval: E, limits: SearchLimits) -> Search<E> {
        Search {
            eval,
            limits,
            table: Table::new(),
        }
    }

    /// The limits it searches within.
    ///
    /// ```
    /// use senet_bot::{Network, Search, SearchLimits};
    ///
    /// let limits = SearchLimits::new(2, 1_000, 0)?;
    /// let search = Search::new(Network::zero(), limits)?;
    /// assert_eq!(search.limits(), limits);
    /// # Ok::<(), senet_bot::LimitsError>(())
    /// ```
    pub fn limits(&self) -> SearchLimits {
        self.limits
    }

    /// The evaluator at its leaves.
    ///
    /// ```
    /// use senet_bot::{Network, Search, SearchLimits};
    ///
    /// let search = Search::new(Network::zero(), SearchLimits::new(1, 100, 0)?)?;
    /// assert_eq!(search.evaluator(), &Network::zero());
    /// # Ok::<(), senet_bot::LimitsError>(())
    /// ```
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Searches the decision and returns every legal move with its value,
    /// best first.
    ///
    /// ```
    /// use senet_bot::{Decision, Learned, Search, SearchLimits};
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let limits = SearchLimits::new(2, 2_000, 0)?;
    /// let mut search = Search::new(Learned::new(Kendall).unwrap(), limits)?;
    /// let decision = Decision::from_roll(Position::start(Kendall), Roll::new(3).unwrap())?;
    /// let thought = search.think(&decision);
    /// assert!(decision.moves().contains(&thought.best()));
    /// assert!((0.0..=1.0).contains(&thought.value()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn think<R: Ruleset>(&mut self, decision: &Decision<'_, R>) -> Thought
    where
        E: Evaluator<R>,
    {
        let (values, depth, used) = self.values(decision);
        let scores = decision
            .moves()
            .iter()
            .zip(values)
            .map(|(&mv, equity)| Scored { mv, equity })
            .collect();
        Thought::from_scores(scores, depth, used)
    }

    /// The value of each legal move (in the decision's order), the depth
    /// of the deepest finished pass and the nodes used; allocates nothing
    /// once the transposition table has its size.
    fn values<R: Ruleset>(&mut self, decision: &Decision<'_, R>) -> ([f64; MAX_MOVES], u8, u64)
    where
        E: Evaluator<R>,
    {
        let me = decision.side();
        let position = decision.position();
        let moves = &decision.moves()[..decision.moves().len().min(MAX_MOVES)];
        let mut children = [*position; MAX_MOVES];
        let mut values = [0.0; MAX_MOVES];
        for (i, &mv) in moves.iter().enumerate() {
            children[i] = decision.after(mv).unwrap_or(*position);
            values[i] = self.eval.equity_for(&children[i], me);
        }
        let children = &children[..moves.len()];
        let mut used = children.len() as u64;
        let mut depth = 1;
        let (mut last, mut before) = (used, 0u64);
        let mut searcher = Searcher::new(&self.eval, &mut self.table, me, position.ruleset());
        while depth < self.limits.max_depth {
            // Predict the next pass from the growth of the last two; skip it when it cannot fit.
            if let Some(predicted) = last.saturating_mul(last).checked_div(before)
                && used.saturating_add(predicted) > self.limits.nodes
            {
                break;
            }
            searcher.start(
                self.limits.table_bits,
                self.limits.nodes.saturating_sub(used),
            );
            let mut next = [0.0; MAX_MOVES];
            for (value, child) in next.iter_mut().zip(children) {
                *value = searcher.chance(child, depth, 0.0, 1.0);
                if searcher.aborted {
                    break;
                }
            }
            used += searcher.nodes;
            if searcher.aborted {
                break;
            }
            (before, last) = (last, searcher.nodes);
            values = next;
            depth += 1;
        }
        (values, depth, used)
    }
}

impl<E> Search<E> {
    /// Its name in reports, with its limits (callable with no ruleset in view).
    ///
    /// ```
    /// use senet_bot::{Network, Search, SearchLimits};
    ///
    /// let search = Search::new(Network::zero(), SearchLimits::new(2, 5_000, 0)?)?;
    /// assert_eq!(search.name(), "search (depth 2, 5000 nodes)");
    /// # Ok::<(), senet_bot::LimitsError>(())
    /// ```
    pub fn name(&self) -> String {
        format!(
            "search (depth {}, {} nodes)",
            self.limits.max_depth, self.limits.nodes
        )
    }
}

impl<R: Ruleset, E: Evaluator<R>> Agent<R> for Search<E> {
    fn name(&self) -> String {
        Search::name(self)
    }

    fn choose(&mut self, decision: &Decision<'_, R>) -> Move {
        if decision.is_forced() {
            return decision.moves()[0];
        }
        // The first of the best, as `think` ranks them (a stable sort).
        let (values, _, _) = self.values(decision);
        let mut best = (decision.moves()[0], values[0]);
        for (&mv, &value) in decision.moves().iter().zip(&values).skip(1) {
            if value.total_cmp(&best.1).is_gt() {
                best = (mv, value);
            }
        }
        best.0
    }
}

/// One decision's search: the values are the root side's equity.
struct Searcher<'s, E> {
    eval: &'s E,
    table: &'s mut Table,
    me: Side,
    /// The rolls, most likely first, with their chances.
    rolls: [(Roll, f64); 5],
    /// The chance of the rolls after the `i`-th.
    rest: [f64; 5],
    count: usize,
    nodes: u64,
    budget: u64,
    aborted: bool,
}

impl<'s, E> Searcher<'s, E> {
    fn new<R: Ruleset>(eval: &'s E, table: &'s mut Table, me: Side, ruleset: R) -> Searcher<'s, E> {
        let dice = ruleset.dice();
        let total = f64::from(dice.total_weight());
        let one = Roll::new(1).unwrap_or_else(|| unreachable!());
        let weights = dice.weights();
        let count = weights.len().min(5);
        let mut order = [(one, 0u32); 5];
        order[..count].copy_from_slice(&weights[..count]);
        let order = &mut order[..count];
        // Most likely rolls first: they settle a chance node soonest.
        order.sort_by_key(|&(_, weight)| core::cmp::Reverse(weight));
        let mut rolls = [(one, 0.0); 5];
        let mut rest = [0.0; 5];
        let mut left = dice.total_weight();
        for (i, &(roll, weight)) in order.iter().enumerate() {
            rolls[i] = (roll, f64::from(weight) / total);
            left -= weight;
            rest[i] = f64::from(left) / total;
        }
        Searcher {
            eval,
            table,
            me,
            rolls,
            rest,
            count: order.len(),
            nodes: 0,
            budget: 0,
            aborted: false,
        }
    }

    fn start(&mut self, table_bits: u8, budget: u64) {
        self.table.reset(table_bits);
        self.nodes = 0;
        self.budget = budget;
        self.aborted = false;
    }

    /// The value of `position` before a throw, looking `depth` throws ahead.
    fn chance<R: Ruleset>(
        &mut self,
        position: &Position<R>,
        depth: u8,
        alpha: f64,
        beta: f64,
    ) -> f64
    where
        E: Evaluator<R>,
    {
        self.nodes += 1;
        if let Some(outcome) = position.outcome() {
            return outcome_equity(outcome, self.me);
        }
        if depth == 0 {
            return self.eval.equity_for(position, self.me);
        }
        if self.nodes > self.budget {
            self.aborted = true;
            return 0.5;
        }
        let key = Key::of(position);
        if let Some(value) = self.table.probe(key, depth, alpha, beta) {
            return value;
        }
        let mut sum = 0.0;
        let mut result = (0.0, Bound::Exact);
        let mut settled = false;
        for i in 0..self.count {
            let (roll, chance) = self.rolls[i];
            let rest = self.rest[i];
            // The child's value must exceed `low` to lift this node above alpha,
            // and stay under `high` to keep it below beta (Star1, values in 0..=1).
            let low = (alpha - sum - rest) / chance;
            let high = (beta - sum) / chance;
            let value = self.decide(position, roll, depth, low.max(0.0), high.min(1.0));
            if self.aborted {
                return 0.5;
            }
            sum += chance * value;
            if value <= low {
                result = (sum + rest, Bound::Upper);
                settled = true;
                break;
            }
            if value >= high {
                result = (sum, Bound::Lower);
                settled = true;
                break;
            }
        }
        if !settled {
            result = (sum, Bound::Exact);
        }
        self.table.store(key, depth, result.0, result.1);
        result.0
    }

    /// The value of `position` once `roll` is thrown: the best move of the
    /// side to throw, `depth - 1` throws deeper after it.
    fn decide<R: Ruleset>(
        &mut self,
        position: &Position<R>,
        roll: Roll,
        depth: u8,
        alpha: f64,
        beta: f64,
    ) -> f64
    where
        E: Evaluator<R>,
    {
        let legal = position.moves(roll);
        let moves = legal.to_list();
        if let Ok(lost) = legal.lose_throw() {
            return self.chance(&lost, depth - 1, alpha, beta);
        }
        // Every move of the list is legal here, so each plays.
        let apply = |mv: Move| legal.play(mv).unwrap_or(*position);
        let maximize = position.side_to_throw() == self.me;
        if moves.len() == 1 {
            return self.chance(&apply(moves[0]), depth - 1, alpha, beta);
        }
        if depth == 1 {
            // The children are leaves: evaluate each, stop once the window is settled.
            let mut best = if maximize { -1.0 } else { 2.0 };
            for &mv in moves.iter() {
                self.nodes += 1;
                let value = self.eval.equity_for(&apply(mv), self.me);
                if maximize && value > best {
                    best = value;
                    if best >= beta {
                        break;
                    }
                } else if !maximize && value < best {
                    best = value;
                    if best <= alpha {
                        break;
                    }
                }
            }
            return best;
        }
        // Order the moves by the static value of their positions, best for the mover first.
        let mut order = [(0.0f64, 0u8); MAX_MOVES];
        for (i, &mv) in moves.iter().enumerate() {
            self.nodes += 1;
            let value = self.eval.equity_for(&apply(mv), self.me);
            order[i] = (if maximize { -value } else { value }, i as u8);
        }
        let order = &mut order[..moves.len()];
        order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let (mut alpha, mut beta) = (alpha, beta);
        let mut best = if maximize { -1.0 } else { 2.0 };
        for &(_, i) in order.iter() {
            let child = apply(moves[usize::from(i)]);
            let value = self.chance(&child, depth - 1, alpha, beta);
            if self.aborted {
                return 0.5;
            }
            if maximize {
                if value > best {
                    best = value;
                }
                if best >= beta {
                    break;
                }
                alpha = alpha.max(best);
            } else {
                if value < best {
                    best = value;
                }
                if best <= alpha {
                    break;
                }
                beta = beta.min(best);
            }
        }
        best
    }
}
