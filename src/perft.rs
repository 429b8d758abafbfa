//! Perft: counting the leaves of the tree of throws and moves, every roll once and unweighted.

use crate::legal::MovesByRoll;
use crate::notation::move_text::MoveText;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::throw::Roll;

/// The number of leaves `depth` throws below `position`.
///
/// `perft(P, 0) = 1` and `perft(P, d) = 1` when the game at `P` is over;
/// otherwise the sum, over every roll the ruleset's implement can make
/// (each once, unweighted), of `perft(P after m, d - 1)` for each legal
/// move `m`, or of `perft(P after the lost throw, d - 1)` when there is none.
///
/// Where throws are banked ([`Ruleset::banks_throws`]), a throw banked
/// is one level as a move is: while the side throws, each roll gives
/// `perft(P after banking it, d - 1)`; once it plays its bank, no roll
/// is thrown, and the sum is over each legal move of each banked roll
/// (each roll value once), or, when none has one, `perft(P after the
/// lowest banked roll is lost, d - 1)`.
///
/// Every depth is accepted, and none can overflow the call stack: the
/// walk keeps the positions from `position` down to the one it is at in
/// a list of its own, the first eight on the call stack (so that depths
/// up to 8 allocate nothing) and any deeper ones on the heap. Only time
/// limits the depth: from a start position each level multiplies the
/// count by 10 to 25, so depth 8 takes hours and depth 12 would take
/// centuries (the `perft` example allows 0 to 8), while a tree that
/// stays narrow, such as a long line of lost throws, can be walked
/// hundreds of thousands of throws deep. A count past `u64::MAX`, which
/// no finishing run can reach, stays at `u64::MAX` rather than wrapping.
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet::{Position, perft};
///
/// let start = Position::start(Kendall);
/// assert_eq!(perft(&start, 0), 1);
/// assert_eq!(perft(&start, 1), 18); // every roll of the sticks, each once
/// ```
pub fn perft<R: Ruleset>(position: &Position<R>, depth: u32) -> u64 {
    if depth == 0 || position.is_over() {
        return 1;
    }
    // Every position of the tree has the root's ruleset, so its rolls.
    let rolls = position.ruleset().dice().weights();
    let mut leaves: u64 = 0;
    let mut frames = Frames::new();
    // The position to walk next, and the throws to make from it: the
    // root first, then each position below with throws left to make
    // and a game not over.
    let mut next = *position;
    let mut next_depth = depth;
    loop {
        frames.push(Frame::new(&next, next_depth));
        loop {
            let Some(top) = frames.top() else {
                return leaves;
            };
            if let Some(child) = top.walk(rolls, &mut leaves) {
                next = child;
                next_depth = top.depth - 1;
                break;
            }
            frames.pop();
        }
    }
}

/// A position being walked: its moves by roll, the throws left below it,
/// and where the walk is among its rolls and their moves.
#[derive(Clone, Copy)]
struct Frame<R: Ruleset> {
    by_roll: MovesByRoll<R>,
    /// The throws still to make from this position, at least 1.
    depth: u32,
    /// The index, among the implement's rolls, of the roll being walked.
    roll: u8,
    /// The index of the next move of that roll to play.
    next: u8,
}

impl<R: Ruleset> Frame<R> {
    #[inline]
    fn new(position: &Position<R>, depth: u32) -> Frame<R> {
        Frame {
            by_roll: position.moves_by_roll(),
            depth,
            roll: 0,
            next: 0,
        }
    }

    /// Walks on through the throws of this position, in order (each legal
    /// move of each roll, or the lost throw of a roll with none), counting
    /// into `leaves` the positions after them that are leaves (no throw
    /// left, or a game over), and stops at the first that is not: returns
    /// it, to be walked before going on. `None` after the last throw.
    #[inline]
    fn walk(&mut self, rolls: &[(Roll, u32)], leaves: &mut u64) -> Option<Position<R>> {
        let last = self.depth == 1;
        while let Some(&(roll, _)) = rolls.get(usize::from(self.roll)) {
            let moves = self.by_roll.get(roll);
            if moves.is_empty() {
                self.roll += 1;
                let Some(after) = without_move(&self.by_roll, roll) else {
                    continue;
                };
                if last || after.is_over() {
                    *leaves = leaves.saturating_add(1);
                    continue;
                }
                return Some(after);
            }
            let len = moves.len();
            while usize::from(self.next) < len {
                let index = usize::from(self.next);
                self.next += 1;
                if let Some(after) = moves.play_nth(index) {
                    if last || after.is_over() {
                        *leaves = leaves.saturating_add(1);
                    } else {
                        return Some(after);
                    }
                }
            }
            self.roll += 1;
            self.next = 0;
        }
        None
    }
}

/// The position after a throw of `roll` that moves no piece: a lost
/// throw; where throws are banked, the throw banked while the side
/// throws, and once it plays its bank, the lowest banked roll lost when
/// no banked roll has a move. `None` when the roll is none of these (a
/// roll not banked, or a banked roll while another can be played or lost
/// first).
#[inline]
fn without_move<R: Ruleset>(by_roll: &MovesByRoll<R>, roll: Roll) -> Option<Position<R>> {
    let position = by_roll.position();
    // A constant for a ruleset that banks nothing.
    if !position.ruleset().banks_throws() {
        return Some(position.apply_lost_throw(roll));
    }
    let bank = position.bank();
    if !bank.is_to_play() {
        return Some(position.apply_bank_throw(roll));
    }
    let lost = bank.lowest() == Some(roll) && bank.distinct().all(|r| by_roll.get(r).is_empty());
    lost.then(|| position.apply_lost_throw(roll))
}

/// How many frames are held inline, on the call stack: enough for perft
/// to depth 8 without touching the heap.
const INLINE: usize = 8;

/// The frames of the positions from the root down to the one being
/// walked: the first [`INLINE`] in an array, the rest in a vector that
/// allocates only when the walk goes that deep.
struct Frames<R: Ruleset> {
    inline: [Option<Frame<R>>; INLINE],
    spilled: Vec<Frame<R>>,
    len: usize,
}

impl<R: Ruleset> Frames<R> {
    /// None yet.
    #[inline]
    fn new() -> Frames<R> {
        Frames {
            inline: [None; INLINE],
            spilled: Vec::new(),
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, frame: Frame<R>) {
        if let Some(slot) = self.inline.get_mut(self.len) {
            *slot = Some(frame);
        } else {
            self.spilled.push(frame);
        }
        self.len += 1;
    }

    /// The frame being walked, the innermost.
    #[inline]
    fn top(&mut self) -> Option<&mut Frame<R>> {
        let index = self.len.checked_sub(1)?;
        match self.inline.get_mut(index) {
            Some(slot) => slot.as_mut(),
            None => self.spilled.last_mut(),
        }
    }

    #[inline]
    fn pop(&mut self) {
        if self.len > INLINE {
            self.spilled.pop();
        }
        self.len = self.len.saturating_sub(1);
    }
}

/// Perft split by the first throw: each first move (or lost throw) in
/// notation with the perft of the position after it, `depth - 1` deep.
/// The counts add up to `perft(position, depth)` (for `depth >= 1` and a
/// game not over; otherwise the list is empty).
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet::{Position, perft};
/// use senet::moves::divide;
///
/// let start = Position::start(Kendall);
/// let lines = divide(&start, 2);
/// assert_eq!(lines.len(), 18); // one line per first move
/// assert_eq!(lines[0].0.to_string(), "1: 2-3x+");
/// let total: u64 = lines.iter().map(|(_, count)| count).sum();
/// assert_eq!(total, perft(&start, 2));
/// ```
pub fn divide<R: Ruleset>(position: &Position<R>, depth: u32) -> Vec<(MoveText, u64)> {
    let mut lines = Vec::new();
    if depth == 0 || position.is_over() {
        return lines;
    }
    let by_roll = position.moves_by_roll();
    for roll in position.ruleset().dice().rolls() {
        let moves = position.moves(roll);
        if moves.is_empty()
            && let Some(after) = without_move(&by_roll, roll)
        {
            let banked = position.ruleset().banks_throws() && !position.bank().is_to_play();
            let text = if banked {
                position.bank_notation(roll)
            } else {
                position.lost_notation(roll)
            };
            lines.push((text, perft(&after, depth - 1)));
        }
        for mv in moves.iter() {
            lines.push((position.notation(mv), perft(&position.apply(mv), depth - 1)));
        }
    }
    lines
}
