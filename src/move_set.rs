//! The legal moves of one roll held as sets of start houses, for counting
//! them and picking one without writing a list: the fast way to play
//! random games.

use crate::movegen::{Found, IllegalMove};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::throw::Roll;

/// The legal moves of one roll in one position, together with the
/// position, held as sets of the houses the moves start from.
///
/// It holds what [`LegalMoves`](crate::LegalMoves) holds, in the same
/// order, but finding them writes no list: a roll gives each piece at most
/// one move, so a start house names its move, and the `n`-th move is
/// picked from the sets when asked for. That makes it the cheapest way to
/// play a random move ([`len`](Self::len), then
/// [`play_nth`](Self::play_nth)), while a full list costs a write per move.
///
/// ```
/// use senet::Position;
/// use senet::rulesets::Kendall;
/// use senet::Roll;
///
/// let start = Position::start(Kendall);
/// let roll = Roll::new(3).unwrap();
/// let set = start.legal_set(roll);
/// assert_eq!(set.len(), 5); // every piece, three of them by swapping
/// assert!(set.iter().eq(start.legal_moves(roll).iter().copied()));
/// let after = set.play_nth(2).unwrap();
/// assert_eq!(Some(after), start.legal(roll).play_nth(2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveSet<R: Ruleset> {
    position: Position<R>,
    roll: Roll,
    found: Found,
}

impl<R: Ruleset> Position<R> {
    /// The legal moves of `roll`, as a [`MoveSet`]: what
    /// [`legal`](Self::legal) gives, without writing the list.
    /// Allocation-free.
    #[inline]
    pub fn legal_set(&self, roll: Roll) -> MoveSet<R> {
        MoveSet {
            position: *self,
            roll,
            found: self.find_roll(roll),
        }
    }
}

impl<R: Ruleset> MoveSet<R> {
    /// The position the moves belong to.
    #[inline]
    pub fn position(&self) -> &Position<R> {
        &self.position
    }

    /// The roll the moves play.
    #[inline]
    pub fn roll(&self) -> Roll {
        self.roll
    }

    /// How many legal moves there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.found.len()
    }

    /// Whether there is no legal move: the throw is lost, or the game is over.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// The move at `index` of the list [`Position::legal_moves`] gives, or
    /// `None` past its end.
    #[inline]
    pub fn nth(&self, index: usize) -> Option<Move> {
        self.position.nth_found(&self.found, self.roll, index)
    }

    /// The moves, in the order of [`Position::legal_moves`].
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        (0..self.len()).filter_map(|index| self.nth(index))
    }

    /// The moves as a plain list, in the order of [`Position::legal_moves`].
    pub fn to_list(&self) -> MoveList {
        self.position.legal_moves(self.roll)
    }

    /// Plays `mv` if it is one of these moves; otherwise says why it is not legal.
    pub fn play(&self, mv: Move) -> Result<Position<R>, IllegalMove> {
        if mv.roll() == self.roll && self.iter().any(|legal| legal == mv) {
            Ok(self.position.apply(mv))
        } else {
            // Not one of the moves, so `play` refuses it and says why.
            self.position.play(mv)
        }
    }

    /// Plays the move at `index` (see [`nth`](Self::nth)), or `None` past
    /// the end.
    #[inline]
    pub fn play_nth(&self, index: usize) -> Option<Position<R>> {
        self.position.play_nth_found(&self.found, self.roll, index)
    }

    /// The position after the throw is lost, when it is: no legal move, the
    /// game not over, and a roll the implement can make.
    #[inline]
    pub fn lose_throw(&self) -> Result<Position<R>, IllegalMove> {
        if !self.is_empty() {
            Err(IllegalMove::MovesExist { count: self.len() })
        } else if self.position.is_over() {
            Err(IllegalMove::GameOver)
        } else if !self.position.ruleset().dice().can_roll(self.roll) {
            Err(IllegalMove::RollNotOnDice { roll: self.roll })
        } else {
            // The sets are complete and empty: the throw is lost.
            Ok(self.position.apply_lost_throw(self.roll))
        }
    }
}
