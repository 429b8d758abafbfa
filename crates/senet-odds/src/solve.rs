//! Retrograde value iteration: every position's exact value under best
//! play, layer by layer, fewest pieces first.
//!
//! A position's value is x's share of the game: 1 when x wins, 0 when o
//! wins, a half for a draw. The side to throw expects the weighted mean,
//! over the rolls of its implement, of the best it can do with each roll:
//! the highest value among its moves for x, the lowest for o, and the
//! value of the same board with the next side to throw when the roll has
//! no move.
//!
//! A layer's moves lead into the layer itself (plain moves, swaps,
//! backward moves, the water) or into layers solved before it (a piece
//! borne off or captured), so a layer is swept until no value changes by
//! more than [`TOLERANCE`]. Sweeps run from the most advanced boards to
//! the least, so that forward moves meet values already swept; and a
//! board's two positions (x or o to throw) are solved together, exactly,
//! through the throws they lose to each other, which would otherwise
//! take most of the sweeps.

use std::ops::ControlFlow;
use std::time::Instant;

use super::index::{Layer, Layout};
use super::{LayerReport, Progress, SolveError};
use senet::Board;
use senet::Side;

use senet::Ruleset;

/// A layer is done when no value changed by more than this in a sweep.
///
/// ```
/// use senet_odds::{Table, TOLERANCE};
/// use senet::{Position, rulesets::Kendall};
///
/// // x on 29, o on 30, x to throw: x wins 21 times in 25, to within the tolerance.
/// let table = Table::solve(Kendall, 1)?;
/// let position: Position<Kendall> = "............................xo x 4 4".parse().unwrap();
/// assert!((table.probe(&position).unwrap() - 0.84).abs() < 1e3 * TOLERANCE);
/// # Ok::<(), senet_odds::SolveError>(())
/// ```
pub const TOLERANCE: f64 = 1e-12;

/// Every slot's value (NaN for holes), and a report per layer.
pub(crate) fn solve<R: Ruleset>(
    layout: &Layout<R>,
    ruleset: R,
    progress: &mut dyn FnMut(&Progress) -> ControlFlow<()>,
) -> Result<(Vec<f64>, Vec<LayerReport>), SolveError> {
    if u32::try_from(layout.len()).is_err() {
        return Err(SolveError::TooLarge {
            slots: layout.len(),
        });
    }
    let mut values = Vec::new();
    values
        .try_reserve_exact(layout.len())
        .map_err(|_| SolveError::OutOfMemory {
            bytes: layout.len().saturating_mul(8),
        })?;
    values.resize(layout.len(), f64::NAN);
    let mut reports = Vec::with_capacity(layout.layers().len());
    for (number, layer) in layout.layers().iter().enumerate() {
        let started = Instant::now();
        let (open, positions) = open_boards(layout, layer, &mut values)?;
        let graph = Graph::build(layout, ruleset, layer, open)?;
        let mut sweeps = 0;
        let mut deltas = vec![[0.0f32; 2]; graph.boards.len()];
        let mut speedup = Extrapolation::default();
        if !graph.boards.is_empty() {
            loop {
                sweeps += 1;
                let change = graph.sweep(ruleset, &mut values, &mut deltas);
                let asked = progress(&Progress {
                    layer: number,
                    layers: layout.layers().len(),
                    on: layer.on,
                    sweep: sweeps,
                    change,
                });
                if asked.is_break() {
                    return Err(SolveError::Stopped);
                }
                if change <= TOLERANCE {
                    break;
                }
                if let Some(factor) = speedup.factor(change) {
                    for (&slot, delta) in graph.boards.iter().zip(&deltas) {
                        let slot = slot as usize;
                        for side in 0..2 {
                            let value = values[slot + side] + factor * f64::from(delta[side]);
                            values[slot + side] = value.clamp(0.0, 1.0);
                        }
                    }
                }
            }
        }
        reports.push(LayerReport {
            on: layer.on,
            off: layer.off,
            positions,
            open: graph.boards.len() * 2,
            sweeps,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    Ok((values, reports))
}

/// Values the layer's finished boards, starts every other valid one at a
/// half, and lists the slots of those (x to throw), in sweep order. Also
/// counts the layer's valid positions.
fn open_boards<R: Ruleset>(
    layout: &Layout<R>,
    layer: &Layer,
    values: &mut [f64],
) -> Result<(Vec<u32>, usize), SolveError> {
    let mut keys = Vec::new();
    let mut positions = 0;
    for number in 0..layer.boards() {
        let Some(position) = layout.board(layer, number, Side::X) else {
            continue;
        };
        positions += 2;
        let slot = layer.offset + number * 2;
        match position.outcome() {
            Some(outcome) => values[slot..slot + 2].fill(outcome.x_share()),
            None => {
                values[slot..slot + 2].fill(0.5);
                if keys.len() == keys.capacity() {
                    let more = keys.len().max(1 << 12);
                    keys.try_reserve(more)
                        .map_err(|_| SolveError::OutOfMemory {
                            bytes: (keys.len() + more) * 16,
                        })?;
                }
                // The layout has fewer slots than `u32::MAX` (checked by `solve`).
                keys.push((order_key(position.board()), slot as u32));
            }
        }
    }
    keys.sort_unstable();
    Ok((keys.into_iter().map(|(_, slot)| slot).collect(), positions))
}

/// When and how far to push every value along its last change.
///
/// Late in a layer the largest change shrinks by a steady ratio `r` per
/// sweep (the chance of going once more around the layer's slowest loop,
/// such as a piece falling into the water and coming back): each value is
/// then off by about `r / (1 - r)` times its last change, and adding that
/// saves the sweeps it would take. It is only a head start: the layer still
/// ends on a plain sweep in which nothing changed by more than
/// [`TOLERANCE`].
#[derive(Default)]
struct Extrapolation {
    /// The largest change of the last sweep, and the ratio before it.
    last_change: Option<f64>,
    last_ratio: Option<f64>,
}

impl Extrapolation {
    /// The factor to apply after a sweep whose largest change was
    /// `change`, when the pushes the last two ratios call for agree.
    fn factor(&mut self, change: f64) -> Option<f64> {
        let ratio = self.last_change.map(|last| change / last);
        self.last_change = Some(change);
        // The push each ratio calls for; steady when two in a row agree
        // within a tenth (a decay slower than 0.999 a sweep is not trusted).
        let push = |ratio: f64| (ratio < 0.999).then(|| ratio / (1.0 - ratio));
        let steady = match (ratio.and_then(push), self.last_ratio.and_then(push)) {
            (Some(now), Some(before)) => ((now - before).abs() < 0.1 * now).then_some(now),
            _ => None,
        };
        // After a push the next ratio says nothing about the loop: start again.
        self.last_ratio = if steady.is_some() { None } else { ratio };
        if steady.is_some() {
            self.last_change = None;
        }
        steady
    }
}

/// Where a board comes in a sweep: the most advanced first, so that
/// forward moves meet values already swept, and grouped by x's houses, so
/// that the boards swept one after another share the boards their moves
/// reach (which keeps them in the processor's caches).
///
/// The key orders by x's advance (the sum of its pieces' house numbers)
/// from the highest, then by x's houses, then by o's advance from the
/// highest.
fn order_key(board: &Board) -> u64 {
    let advance = |set: u32| {
        let mut rest = set;
        let mut total = 0u64;
        while rest != 0 {
            total += u64::from(rest.trailing_zeros());
            rest &= rest - 1;
        }
        total
    };
    let (x, o) = (board.pieces(Side::X).bits(), board.pieces(Side::O).bits());
    // Advances are below 2^9 (at most 30 pieces on houses up to 30).
    ((511 - advance(x)) << 48) | (u64::from(x) << 16) | (511 - advance(o))
}

/// The layer's moves, worked out once and swept many times: for each
/// open board, for each side to throw, for each roll of the implement,
/// the slots its legal moves lead to. Sweeping it reads memory in order
/// and generates no move.
struct Graph {
    /// The slot of each open board with x to throw (o's is the next), in sweep order.
    boards: Vec<u32>,
    /// Per board, per side (x then o), per roll: how many moves.
    counts: Vec<u8>,
    /// The slots the moves lead to, in the same order.
    targets: Vec<u32>,
}

impl Graph {
    /// The moves of every open board, in the order given.
    fn build<R: Ruleset>(
        layout: &Layout<R>,
        ruleset: R,
        layer: &Layer,
        open: Vec<u32>,
    ) -> Result<Graph, SolveError> {
        let rolls = ruleset.dice().weights();
        let out_of_memory = |bytes: usize| SolveError::OutOfMemory { bytes };
        let mut graph = Graph {
            boards: open,
            counts: Vec::new(),
            targets: Vec::new(),
        };
        let counts = graph.boards.len() * 2 * rolls.len();
        graph
            .counts
            .try_reserve_exact(counts)
            .map_err(|_| out_of_memory(counts))?;
        for &slot in &graph.boards {
            // The board was valid when listed, and hooks are pure.
            let number = (slot as usize - layer.offset) / 2;
            for side in Side::BOTH {
                let position = layout
                    .board(layer, number, side)
                    .ok_or(SolveError::Impure { slot: slot.into() })?;
                let all = position.moves_by_roll();
                for &(roll, _) in rolls {
                    let moves = all.get(roll);
                    let mut count = 0u8;
                    while let Some(after) = moves.play_nth(usize::from(count)) {
                        let slot = layout
                            .index(&after)
                            .ok_or_else(|| SolveError::LeavesTable {
                                from: position.to_string(),
                                to: after.to_string(),
                            })?;
                        if graph.targets.len() == graph.targets.capacity() {
                            let more = graph.targets.len().max(1 << 16);
                            graph
                                .targets
                                .try_reserve(more)
                                .map_err(|_| out_of_memory((graph.targets.len() + more) * 4))?;
                        }
                        // A layout has fewer slots than `u32::MAX` (checked by `solve`).
                        graph.targets.push(slot as u32);
                        count += 1;
                    }
                    graph.counts.push(count);
                }
            }
        }
        Ok(graph)
    }

    /// One Gauss-Seidel sweep: each board's two values from the values
    /// its moves lead to, written at once. Returns the largest change,
    /// and leaves each board's changes in `deltas`.
    fn sweep<R: Ruleset>(&self, ruleset: R, values: &mut [f64], deltas: &mut [[f32; 2]]) -> f64 {
        let rolls = ruleset.dice().weights();
        let total = f64::from(ruleset.dice().total_weight());
        let mut change: f64 = 0.0;
        let mut counts = self.counts.iter();
        let mut targets = self.targets.iter();
        for (&slot, delta) in self.boards.iter().zip(deltas.iter_mut()) {
            let slot = slot as usize;
            // For each side: what its rolls with moves are worth, and the
            // weight of its lost throws that keep or pass the turn.
            let mut parts = [(0.0, 0.0, 0.0); 2];
            for (side, part) in parts.iter_mut().enumerate() {
                let maximize = side == 0;
                let (mut sum, mut keep, mut pass) = (0.0, 0.0, 0.0);
                for &(roll, weight) in rolls {
                    let weight = f64::from(weight);
                    let count = counts.next().copied().unwrap_or(0);
                    if count == 0 {
                        if ruleset.throws_again(roll, None) {
                            keep += weight;
                        } else {
                            pass += weight;
                        }
                        continue;
                    }
                    let mut best = if maximize {
                        f64::NEG_INFINITY
                    } else {
                        f64::INFINITY
                    };
                    for &target in targets.by_ref().take(count.into()) {
                        let value = values[target as usize];
                        best = if maximize {
                            best.max(value)
                        } else {
                            best.min(value)
                        };
                    }
                    sum += weight * best;
                }
                *part = (sum / total, keep / total, pass / total);
            }
            let [(c_x, keep_x, pass_x), (c_o, keep_o, pass_o)] = parts;
            // V_x = c_x + keep_x V_x + pass_x V_o, and the same for o.
            let (a, b) = (1.0 - keep_x, 1.0 - keep_o);
            let det = a * b - pass_x * pass_o;
            let (v_x, v_o) = if det > 1e-300 {
                (
                    (c_x * b + pass_x * c_o) / det,
                    (c_o * a + pass_o * c_x) / det,
                )
            } else {
                // Neither side can ever move again: nobody wins.
                (0.5, 0.5)
            };
            let (d_x, d_o) = (v_x - values[slot], v_o - values[slot + 1]);
            change = change.max(d_x.abs()).max(d_o.abs());
            *delta = [d_x as f32, d_o as f32];
            values[slot] = v_x;
            values[slot + 1] = v_o;
        }
        change
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extrapolation_waits_for_a_steady_ratio_and_starts_again_after_a_push() {
        let mut speedup = Extrapolation::default();
        assert_eq!(speedup.factor(0.8), None);
        assert_eq!(speedup.factor(0.4), None); // one ratio: 0.5
        assert_eq!(speedup.factor(0.2), Some(1.0)); // 0.5 again: push by 0.5 / 0.5
        assert_eq!(speedup.factor(0.01), None); // after a push, start again
        assert_eq!(speedup.factor(0.005), None);
        assert_eq!(speedup.factor(0.004), None); // 0.5 then 0.8: not steady
        let factor = speedup.factor(0.0032).unwrap(); // 0.8 twice
        assert!((factor - 4.0).abs() < 1e-9);
    }

    #[test]
    fn slow_or_changing_decay_is_left_alone() {
        let mut speedup = Extrapolation::default();
        let mut change = 1.0;
        for _ in 0..5 {
            assert_eq!(speedup.factor(change), None, "0.9995 is too slow to trust");
            change *= 0.9995;
        }
        // Pushes of 1 then 1.5 (ratios 0.5 then 0.6) do not agree.
        let mut speedup = Extrapolation::default();
        for change in [1.0, 0.5, 0.3] {
            assert_eq!(speedup.factor(change), None);
        }
    }
}
