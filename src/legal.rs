//! The legal moves of a roll, [`Moves`], and of every roll at once,
//! [`MovesByRoll`]: the one way to list moves.

use core::fmt;

use crate::bitboard::Bitboard;
use crate::house::House;
use crate::movegen::IllegalMoveError;
use crate::movegen::sets::Found;
use crate::mv::{Move, MoveList};
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::throw::{Dice, Roll};

/// The legal moves of one roll in one position, together with the position.
///
/// Finding them writes no list: a roll gives each piece at most one move,
/// so the moves are held as sets of the houses they start from, and a
/// move is made from its start when asked for. That makes counting them
/// ([`len`](Self::len)) and playing one at random
/// ([`play_nth`](Self::play_nth)) the cheapest things to do, while
/// [`iter`](Self::iter), [`get`](Self::get) and [`to_list`](Self::to_list)
/// give the moves themselves.
///
/// The order is fixed: the moves that step exactly the roll along the
/// track, by start house, then the others (exits with more than the roll
/// needs, falls...), by start house, then the waits
/// ([`Ruleset::waits`]), by house.
///
/// Because it holds its position, playing one of its moves needs no check
/// beyond finding it among them.
///
/// ```
/// use senet::{Position, Roll};
/// use senet::rulesets::Kendall;
///
/// let start = Position::start(Kendall);
/// let three = Roll::new(3).unwrap();
/// let moves = start.moves(three);
/// assert_eq!(moves.len(), 5); // every piece, three of them by swapping
/// let texts: Vec<String> = moves.iter().map(|mv| start.notation(mv).to_string()).collect();
/// assert_eq!(texts, ["3: 2-5x", "3: 4-7x", "3: 6-9x", "3: 8-11", "3: 10-13"]);
/// let after = moves.play_nth(4).unwrap();
/// assert_eq!(after.to_string(), "oxoxoxoxo...x................. o 0 0");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Moves<R: Ruleset> {
    position: Position<R>,
    roll: Roll,
    found: Found,
}

impl<R: Ruleset> Position<R> {
    /// The legal moves of `roll` here. Allocation-free.
    ///
    /// None when the throw is lost, when the game is over, or when the
    /// ruleset's implement cannot make `roll`
    /// ([`lose_throw`](Moves::lose_throw) tells these apart).
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// assert_eq!(start.moves(Roll::new(4).unwrap()).len(), 2); // 8-12 and 10-14
    /// assert!(start.moves(Roll::new(6).unwrap()).is_empty()); // the sticks make no 6
    /// ```
    #[inline]
    pub fn moves(&self, roll: Roll) -> Moves<R> {
        Moves {
            position: *self,
            roll,
            found: self.find_roll(roll),
        }
    }

    /// The legal moves of every roll of the ruleset's implement at once:
    /// what [`moves`](Self::moves) gives for each roll, for less, because
    /// what the rolls share (the pieces, the blockades, the protected
    /// pieces) is worked out once, and each roll's generator is compiled
    /// for that roll. Allocation-free.
    ///
    /// ```
    /// use senet::Position;
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// let all = start.moves_by_roll();
    /// for (roll, moves) in all.iter() {
    ///     assert_eq!(moves, start.moves(roll));
    /// }
    /// assert_eq!(all.iter().map(|(_, moves)| moves.len()).sum::<usize>(), 18);
    /// ```
    #[inline]
    pub fn moves_by_roll(&self) -> MovesByRoll<R> {
        let mut found = [Found::NONE; Roll::MAX as usize];
        if !self.is_over() {
            let ctx = self.context();
            let [one, two, three, four, five, six] = &mut found;
            *one = self.find_roll_in(&ctx, Roll::of::<1>());
            *two = self.find_roll_in(&ctx, Roll::of::<2>());
            *three = self.find_roll_in(&ctx, Roll::of::<3>());
            *four = self.find_roll_in(&ctx, Roll::of::<4>());
            *five = self.find_roll_in(&ctx, Roll::of::<5>());
            *six = self.find_roll_in(&ctx, Roll::of::<6>());
        }
        MovesByRoll {
            position: *self,
            found,
        }
    }
}

impl<R: Ruleset> Moves<R> {
    /// The position the moves belong to.
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// let moves = start.moves(Roll::new(2).unwrap());
    /// assert_eq!(moves.position(), &start);
    /// ```
    #[inline]
    pub fn position(&self) -> &Position<R> {
        &self.position
    }

    /// The roll the moves play.
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let three = Roll::new(3).unwrap();
    /// let moves = Position::start(Kendall).moves(three);
    /// assert_eq!(moves.roll(), three);
    /// assert!(moves.iter().all(|mv| mv.roll() == three));
    /// ```
    #[inline]
    pub fn roll(&self) -> Roll {
        self.roll
    }

    /// How many legal moves there are.
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// assert_eq!(start.moves(Roll::new(2).unwrap()).len(), 1); // only 10-12
    /// assert_eq!(start.moves(Roll::new(5).unwrap()).len(), 5); // every piece
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.found.len()
    }

    /// Whether there is no legal move: the throw is lost, or the game is
    /// over, or the implement cannot make the roll.
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// // x's last piece, on 28, leaves only with a 3.
    /// let position: Position<Kendall> = "ooooo......................x.. x 4 0".parse()?;
    /// assert!(position.moves(Roll::new(1).unwrap()).is_empty());
    /// assert!(!position.moves(Roll::new(3).unwrap()).is_empty());
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// The move at `index`, or `None` past the end.
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// let moves = start.moves(Roll::new(4).unwrap());
    /// let first = moves.get(0).unwrap();
    /// assert_eq!(start.notation(first).to_string(), "4: 8-12+");
    /// assert_eq!(moves.get(2), None);
    /// ```
    #[inline]
    pub fn get(&self, index: usize) -> Option<Move> {
        self.position.nth_found(&self.found, self.roll, index)
    }

    /// The legal move of the piece on `from`, if it has one.
    ///
    /// ```
    /// use senet::{House, Position, Roll};
    /// use senet::moves::Target;
    /// use senet::rulesets::Kendall;
    ///
    /// let moves = Position::start(Kendall).moves(Roll::new(2).unwrap());
    /// let mv = moves.starting_at(House::new(10).unwrap()).unwrap();
    /// assert_eq!(mv.to(), Target::House(House::new(12).unwrap()));
    /// assert_eq!(moves.starting_at(House::new(8).unwrap()), None); // 10 is its own
    /// ```
    #[inline]
    pub fn starting_at(&self, from: House) -> Option<Move> {
        self.position.move_from(&self.found, self.roll, from)
    }

    /// Whether `mv` is one of these moves.
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// let two = start.moves(Roll::new(2).unwrap());
    /// let mv = two.get(0).unwrap();
    /// assert!(two.contains(mv));
    /// assert!(!start.moves(Roll::new(3).unwrap()).contains(mv)); // another roll
    /// ```
    #[inline]
    pub fn contains(&self, mv: Move) -> bool {
        if mv.is_wait() {
            return mv.roll() == self.roll
                && self.position.wait_from(&self.found, self.roll, mv.from()) == Some(mv);
        }
        if mv.is_entry() {
            return mv.roll() == self.roll
                && Position::<R>::entry_of(&self.found, self.roll) == Some(mv);
        }
        mv.roll() == self.roll && self.starting_at(mv.from()) == Some(mv)
    }

    /// The moves, in order.
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// let moves = start.moves(Roll::new(4).unwrap());
    /// let from: Vec<u8> = moves.iter().map(|mv| mv.from().number()).collect();
    /// assert_eq!(from, [8, 10]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = Move> + '_ {
        let position = &self.position;
        let found = &self.found;
        let roll = self.roll;
        let ctx = (found.asked != 0).then(|| position.context());
        let along = Bitboard::from_bits(found.along)
            .map(move |from| position.along_move(found, roll, u32::from(from.number())));
        let asked = Bitboard::from_bits(found.asked).filter_map(move |from| {
            ctx.and_then(|ctx| position.asked_move(&ctx, from, roll, found.direction()))
        });
        let waits = Bitboard::from_bits(found.waits).map(move |from| Move::wait(roll, from));
        let entry = Position::<R>::entry_of(found, roll);
        along.chain(asked).chain(waits).chain(entry)
    }

    /// The moves written into `list`, which is overwritten: a list kept
    /// and refilled costs nothing to make. Allocation-free.
    ///
    /// ```
    /// use senet::{MoveList, Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// let mut list = MoveList::new();
    /// start.moves(Roll::new(5).unwrap()).write_to(&mut list);
    /// assert_eq!(list.len(), 5);
    /// start.moves(Roll::new(2).unwrap()).write_to(&mut list);
    /// assert_eq!(list.len(), 1); // overwritten, not added to
    /// ```
    #[inline]
    pub fn write_to(&self, list: &mut MoveList) {
        self.position.write_found(&self.found, self.roll, list);
    }

    /// The moves as a plain list.
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let moves = Position::start(Kendall).moves(Roll::new(3).unwrap());
    /// let list = moves.to_list();
    /// assert_eq!(list.len(), moves.len());
    /// assert!(list.iter().copied().eq(moves.iter()));
    /// ```
    #[inline]
    pub fn to_list(&self) -> MoveList {
        let mut list = MoveList::new();
        self.write_to(&mut list);
        list
    }

    /// Plays `mv` if it is one of these moves; otherwise says why it is not legal.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when `mv` is not one of these moves: the variant says
    /// which rule refuses it, or [`IllegalMoveError::Mismatch`] when its roll and
    /// houses are legal here but the move was made for another position.
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// let moves = start.moves(Roll::new(2).unwrap());
    /// let after = moves.play(moves.get(0).unwrap())?;
    /// assert_eq!(after.to_string(), "oxoxoxoxo..x.................. o 0 0");
    /// // The same move again is refused: the piece has left 10, and o throws.
    /// let again = after.moves(Roll::new(2).unwrap()).play(moves.get(0).unwrap());
    /// assert_eq!(again.unwrap_err().to_string(), "o has no piece on house 10");
    /// # Ok::<(), senet::IllegalMoveError>(())
    /// ```
    #[inline]
    pub fn play(&self, mv: Move) -> Result<Position<R>, IllegalMoveError> {
        self.placed(mv).map(|placed| self.position.finish(&placed))
    }

    /// Where `mv` puts every piece, when it is one of these moves; the
    /// refusal of [`play`](Self::play) otherwise.
    #[inline]
    pub(crate) fn placed(&self, mv: Move) -> Result<crate::play::Placed, IllegalMoveError> {
        if self.contains(mv) {
            return Ok(self.position.placed(mv));
        }
        let found = if mv.is_wait() {
            self.position.find_wait(mv.roll(), mv.from())
        } else if mv.is_entry() {
            self.position.find_entry(mv.roll())
        } else {
            self.position.find_move(mv.roll(), mv.from(), mv.to())
        };
        match found {
            // The same roll, start and target, but not the same move.
            Ok(actual) => Err(IllegalMoveError::Mismatch { actual }),
            Err(refused) => Err(refused),
        }
    }

    /// Plays the move at `index` (see [`get`](Self::get)), or `None` past
    /// the end.
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let moves = Position::start(Kendall).moves(Roll::new(2).unwrap());
    /// let after = moves.play_nth(0).unwrap();
    /// assert_eq!(after.to_string(), "oxoxoxoxo..x.................. o 0 0");
    /// assert_eq!(moves.play_nth(1), None);
    /// ```
    #[inline]
    pub fn play_nth(&self, index: usize) -> Option<Position<R>> {
        self.position.play_nth_found(&self.found, self.roll, index)
    }

    /// The position after the throw is lost, when it is: no legal move, the
    /// game not over, and a roll the implement can make.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError::MovesExist`] when there is a legal move,
    /// [`IllegalMoveError::GameOver`] when the game has ended, and
    /// [`IllegalMoveError::RollNotOnDice`] for a roll the implement cannot make.
    ///
    /// ```
    /// use senet::{IllegalMoveError, Position, Roll, Side};
    /// use senet::rulesets::Kendall;
    ///
    /// // x's last piece, on 28, cannot move with a 2: o throws next.
    /// let position: Position<Kendall> = "ooooo......................x.. x 4 0".parse()?;
    /// let after = position.moves(Roll::new(2).unwrap()).lose_throw()?;
    /// assert_eq!(after.side_to_throw(), Side::O);
    /// let three = position.moves(Roll::new(3).unwrap()).lose_throw();
    /// assert_eq!(three, Err(IllegalMoveError::MovesExist { count: 1 })); // 28-off
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn lose_throw(&self) -> Result<Position<R>, IllegalMoveError> {
        if !self.is_empty() {
            return Err(IllegalMoveError::MovesExist { count: self.len() });
        }
        self.position.check_roll(self.roll)?;
        // A banked roll is lost only when no banked roll can be played (a
        // constant for a ruleset that banks nothing).
        if self.position.ruleset().banks_throws() {
            if let Some(roll) = self.position.playable_banked_roll() {
                return Err(IllegalMoveError::BankPlayable { roll });
            }
            let lowest = self.position.bank().lowest();
            if let Some(lowest) = lowest.filter(|&lowest| lowest != self.roll) {
                return Err(IllegalMoveError::LostLowestFirst { lowest });
            }
        }
        // The sets are complete and empty: the throw is lost.
        Ok(self.position.apply_lost_throw(self.roll))
    }

    /// Whether the throw is lost: no legal move, the game not over, and a
    /// roll the implement can make.
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let position: Position<Kendall> = "ooooo......................x.. x 4 0".parse()?;
    /// assert!(position.moves(Roll::new(1).unwrap()).is_lost_throw());
    /// assert!(!position.moves(Roll::new(3).unwrap()).is_lost_throw()); // 28-off
    /// // No 6 on the sticks: nothing to lose.
    /// assert!(!position.moves(Roll::new(6).unwrap()).is_lost_throw());
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    #[inline]
    pub fn is_lost_throw(&self) -> bool {
        self.lose_throw().is_ok()
    }
}

impl<R: Ruleset> fmt::Debug for Moves<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Moves")
            .field("roll", &self.roll)
            .field("moves", &self.to_list())
            .finish()
    }
}

/// The legal moves of every roll in one position (see
/// [`Position::moves_by_roll`]).
///
/// ```
/// use senet::{Position, Roll};
/// use senet::rulesets::Kendall;
///
/// let start = Position::start(Kendall);
/// let all = start.moves_by_roll();
/// let counts: Vec<usize> = all.iter().map(|(_, moves)| moves.len()).collect();
/// assert_eq!(counts, [5, 1, 5, 2, 5]); // rolls 1 to 5
/// assert_eq!(all.get(Roll::new(2).unwrap()), start.moves(Roll::new(2).unwrap()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct MovesByRoll<R: Ruleset> {
    position: Position<R>,
    found: [Found; Roll::MAX as usize],
}

impl<R: Ruleset> MovesByRoll<R> {
    /// The position the moves belong to.
    ///
    /// ```
    /// use senet::Position;
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// assert_eq!(start.moves_by_roll().position(), &start);
    /// ```
    #[inline]
    pub fn position(&self) -> &Position<R> {
        &self.position
    }

    /// The legal moves of `roll` (none for a roll the implement cannot make).
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let all = Position::start(Kendall).moves_by_roll();
    /// assert_eq!(all.get(Roll::new(4).unwrap()).len(), 2);
    /// assert!(all.get(Roll::new(6).unwrap()).is_empty()); // the sticks make no 6
    /// ```
    #[inline]
    pub fn get(&self, roll: Roll) -> Moves<R> {
        Moves {
            position: self.position,
            roll,
            found: self.found[usize::from(roll.value() - 1)],
        }
    }

    /// Each roll of the ruleset's implement with its legal moves, by roll.
    ///
    /// ```
    /// use senet::Position;
    /// use senet::rulesets::Bell;
    ///
    /// // Bell throws a long die: rolls 1 to 4.
    /// let all = Position::start(Bell).moves_by_roll();
    /// let rolls: Vec<u8> = all.iter().map(|(roll, _)| roll.value()).collect();
    /// assert_eq!(rolls, [1, 2, 3, 4]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (Roll, Moves<R>)> + '_ {
        self.dice().rolls().map(|roll| (roll, self.get(roll)))
    }

    fn dice(&self) -> Dice {
        self.position.ruleset().dice()
    }
}

impl<R: Ruleset> fmt::Debug for MovesByRoll<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}
