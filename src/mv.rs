//! [`Move`], one legal play of one piece in four bytes, and [`MoveList`],
//! the fixed-capacity list of them (public through the `moves` module).

use core::fmt;
use core::ops::Deref;

use crate::house::{House, Target};
use crate::throw::Roll;

const SWAP: u8 = 1;
const CAPTURE: u8 = 2;
const BACKWARD: u8 = 4;
const WATER: u8 = 8;
const SENT: u8 = 16;
const WAIT: u8 = 32;
/// The wait's flag shifted once (placing a move relies on it).
const ENTER: u8 = WAIT << 1;
const OFF: u8 = House::COUNT + 1;

/// One piece moved by one roll, with what the move does. Four bytes, `Copy`.
///
/// Moves come from [`Position::moves`](crate::Position::moves)
/// or from parsing move text against a position; a move is only ever
/// played in the position it was made for (playing checks this).
///
/// ```
/// use senet::{Position, Roll, rulesets::Kendall};
///
/// let start = Position::start(Kendall);
/// let moves = start.moves(Roll::new(2).unwrap());
/// let mv = moves.get(0).unwrap();
/// assert_eq!(start.notation(mv).to_string(), "2: 10-12");
/// assert_eq!(moves.play(mv)?.to_string(), "oxoxoxoxo..x.................. o 0 0");
/// # Ok::<(), senet::IllegalMoveError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// Packed in one word so that the generator writes a move with one
    /// store: the roll in bits 0..8, the start house's number in 8..16,
    /// the target's track number (1..=30, or 31 for off) in 16..24, the
    /// flags in 24..32.
    word: u32,
}

/// [`Roll`]s by value, to unpack a move's roll without a check (the
/// unused slots are never read: a move's roll is always 1..=6).
const ROLLS: [Roll; 8] = {
    let mut rolls = [match Roll::new(1) {
        Some(roll) => roll,
        None => unreachable!(),
    }; 8];
    let mut value = 1;
    while value <= Roll::MAX {
        rolls[value as usize] = match Roll::new(value) {
            Some(roll) => roll,
            None => unreachable!(),
        };
        value += 1;
    }
    rolls
};

impl Move {
    #[inline]
    pub(crate) fn new(roll: Roll, from: House, to: Target, flags: u8) -> Move {
        Move::raw(roll, from.number(), to.track_number(), flags)
    }

    /// A move from raw house numbers (see [`Move::pack`]).
    #[inline]
    pub(crate) const fn raw(roll: Roll, from: u8, to: u8, flags: u8) -> Move {
        Move {
            word: Move::pack(roll, from, to, flags),
        }
    }

    /// The word of a move, for the generator's branch-free loops, which
    /// build words directly: `roll | from << 8 | to << 16 | flags << 24`.
    #[inline]
    pub(crate) const fn pack(roll: Roll, from: u8, to: u8, flags: u8) -> u32 {
        roll.value() as u32 | (from as u32) << 8 | (to as u32) << 16 | (flags as u32) << 24
    }

    /// The move of a word built as [`Move::pack`] says. A move only
    /// becomes visible through a [`MoveList`] when its start is a house
    /// and its target a track number; slots past the end of a list may
    /// hold anything.
    #[inline]
    pub(crate) const fn from_word(word: u32) -> Move {
        Move { word }
    }

    /// The same move with `flag` set too.
    #[inline]
    pub(crate) const fn with_flag(self, flag: u8) -> Move {
        Move {
            word: self.word | (flag as u32) << 24,
        }
    }

    #[inline]
    const fn byte(self, index: u32) -> u8 {
        (self.word >> (8 * index)) as u8
    }

    pub(crate) const FLAG_BACKWARD: u8 = BACKWARD;
    pub(crate) const FLAG_WATER: u8 = WATER;
    pub(crate) const FLAG_WAIT: u8 = WAIT;

    /// The entry of a piece from the hand onto `to` with `roll` (see
    /// [`Ruleset::enters`](crate::Ruleset::enters)): written with `to`
    /// as its start too, as a wait is, told apart by its flag.
    #[inline]
    pub(crate) fn entry(roll: Roll, to: House) -> Move {
        Move::raw(roll, to.number(), to.number(), ENTER)
    }

    /// The wait of the piece on `from` with `roll`: it stays where it is
    /// (see [`Ruleset::waits`](crate::Ruleset::waits)).
    #[inline]
    pub(crate) fn wait(roll: Roll, from: House) -> Move {
        Move::raw(roll, from.number(), from.number(), WAIT)
    }

    /// The flag of a landing on an opponent's piece that does `contact`.
    #[inline]
    pub(crate) const fn flag_of(contact: Contact) -> u8 {
        match contact {
            Contact::Swap => SWAP,
            Contact::Capture => CAPTURE,
            Contact::SendBack | Contact::Drown => SENT,
        }
    }

    /// The roll the move plays.
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let four = Roll::new(4).unwrap();
    /// let mv = Position::start(Kendall).moves(four).get(0).unwrap();
    /// assert_eq!(mv.roll(), four);
    /// ```
    #[inline]
    pub fn roll(self) -> Roll {
        ROLLS[self.byte(0) as usize & 7]
    }

    /// The house the piece leaves.
    ///
    /// ```
    /// use senet::{House, Position, Roll, rulesets::Kendall};
    ///
    /// let mv = Position::start(Kendall).moves(Roll::new(2).unwrap()).get(0).unwrap();
    /// assert_eq!(mv.from(), House::new(10).unwrap());
    /// ```
    ///
    /// An entry starts from no house ([`is_entry`](Self::is_entry)): its
    /// `from` is the house it enters, as a wait's is the house it stays on.
    #[inline]
    pub fn from(self) -> House {
        House::from_index(self.byte(1))
    }

    /// Whether the move entered a piece from its side's hand (see
    /// [`Ruleset::enters`](crate::Ruleset::enters)): written `R: in-T`.
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// // Kendall starts with every piece on the board: nothing enters.
    /// let start = Position::start(Kendall);
    /// assert!(start.moves(Roll::new(1).unwrap()).iter().all(|mv| !mv.is_entry()));
    /// ```
    #[inline]
    pub fn is_entry(self) -> bool {
        self.byte(3) & ENTER != 0
    }

    /// Where the piece goes: a house (27 for the water, wherever the piece
    /// then comes to rest) or off.
    ///
    /// ```
    /// use senet::{House, Position, Roll, rulesets::Kendall};
    /// use senet::moves::Target;
    ///
    /// let mv = Position::start(Kendall).moves(Roll::new(2).unwrap()).get(0).unwrap();
    /// assert_eq!(mv.to(), Target::House(House::new(12).unwrap()));
    /// assert_eq!(mv.to().track_number() - mv.from().number(), 2);
    /// ```
    #[inline]
    pub fn to(self) -> Target {
        let to = self.track_number();
        if to == OFF {
            Target::Off
        } else {
            Target::House(House::from_index(to))
        }
    }

    /// The target's track number: 1..=30, or 31 for off.
    #[inline]
    pub(crate) const fn track_number(self) -> u8 {
        self.byte(2)
    }

    /// Whether the piece changed places with an opponent's piece.
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// // In Kendall, x on 2 lands on o's piece on 5 and the two change places.
    /// let start = Position::start(Kendall);
    /// let mv = start.moves(Roll::new(3).unwrap()).get(0).unwrap();
    /// assert_eq!(start.notation(mv).to_string(), "3: 2-5x");
    /// assert!(mv.is_swap() && mv.is_hit() && !mv.is_capture());
    /// ```
    #[inline]
    pub fn is_swap(self) -> bool {
        self.byte(3) & SWAP != 0
    }

    /// Whether the opponent's piece landed on was removed from the game.
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Bell};
    ///
    /// // In Bell, landing on an opponent's piece takes it out of the game.
    /// let start = Position::start(Bell);
    /// let mv = start.moves(Roll::new(1).unwrap()).get(0).unwrap();
    /// assert_eq!(start.notation(mv).to_string(), "1: 1-2x");
    /// assert!(mv.is_capture() && mv.is_hit() && !mv.is_swap());
    /// ```
    #[inline]
    pub fn is_capture(self) -> bool {
        self.byte(3) & CAPTURE != 0
    }

    /// Whether the opponent's piece landed on was sent to a house other
    /// than the mover's start: back to the lowest empty house, or into the
    /// water (see [`Contact`]).
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Jequier};
    ///
    /// // In Jéquier, o's piece hit on 12 goes back to 9, the lowest empty house.
    /// let position: Position<Jequier> = "oxoxoxox.x.o.................. x 0 0".parse()?;
    /// let moves = position.moves(Roll::new(2).unwrap());
    /// let mv = moves.get(0).unwrap();
    /// assert!(mv.is_sent_away() && mv.is_hit());
    /// assert_eq!(moves.play(mv)?.to_string(), "oxoxoxoxo..x.................. o 0 0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_sent_away(self) -> bool {
        self.byte(3) & SENT != 0
    }

    /// Whether the landing hit an opponent's piece: a swap, a capture, or
    /// a piece sent away (what the notation writes `x`).
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// let hits: Vec<bool> = start.moves(Roll::new(3).unwrap()).iter().map(|mv| mv.is_hit()).collect();
    /// // 2-5x, 4-7x, 6-9x, 8-11, 10-13
    /// assert_eq!(hits, [true, true, true, false, false]);
    /// ```
    #[inline]
    pub fn is_hit(self) -> bool {
        self.byte(3) & (SWAP | CAPTURE | SENT) != 0
    }

    /// Whether the written target is below the start: a backward move, a
    /// fall, or a return from the water.
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// // x's piece on 25 cannot pass 26 with a 2, so it must go back.
    /// let position: Position<Kendall> = "ooooo...................x..... x 4 0".parse()?;
    /// let mv = position.moves(Roll::new(2).unwrap()).get(0).unwrap();
    /// assert!(mv.is_backward());
    /// assert_eq!(position.notation(mv).to_string(), "2: 25-23<");
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    #[inline]
    pub fn is_backward(self) -> bool {
        self.byte(3) & BACKWARD != 0
    }

    /// Whether the piece went into the water.
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// // In Kendall, a 1 from 26 falls into the water and the piece comes back to 15.
    /// let position: Position<Kendall> = "ooooo....................x.... x 4 0".parse()?;
    /// let moves = position.moves(Roll::new(1).unwrap());
    /// let mv = moves.get(0).unwrap();
    /// assert!(mv.is_water());
    /// assert_eq!(moves.play(mv)?.to_string(), "ooooo.........x............... x 4 0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_water(self) -> bool {
        self.byte(3) & WATER != 0
    }

    /// Whether the piece waited where it stands instead of moving, a
    /// choice some rulesets give ([`Ruleset::waits`](crate::Ruleset::waits)):
    /// its target is its start, and the notation writes `R: F=`.
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// // Kendall gives no piece a wait: every move goes somewhere.
    /// let mv = Position::start(Kendall).moves(Roll::new(2).unwrap()).get(0).unwrap();
    /// assert!(!mv.is_wait());
    /// ```
    #[inline]
    pub fn is_wait(self) -> bool {
        self.byte(3) & WAIT != 0
    }

    /// Whether the piece was borne off.
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Kendall};
    /// use senet::moves::Target;
    ///
    /// let position: Position<Kendall> = "ooooo....................x.... x 4 0".parse()?;
    /// let mv = position.moves(Roll::new(5).unwrap()).get(0).unwrap();
    /// assert!(mv.is_off());
    /// assert_eq!(mv.to(), Target::Off);
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    #[inline]
    pub fn is_off(self) -> bool {
        self.track_number() == OFF
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_entry() {
            write!(f, "{}: in-{}", self.roll(), self.to())?;
        } else {
            write!(f, "{}: {}-{}", self.roll(), self.from(), self.to())?;
        }
        if self.is_hit() {
            f.write_str("x")?;
        }
        if self.is_backward() {
            f.write_str("<")?;
        }
        if self.is_water() {
            f.write_str(" (water)")?;
        }
        if self.is_wait() {
            f.write_str(" (wait)")?;
        }
        Ok(())
    }
}

/// The most moves one roll can offer: one per house. A roll takes a piece
/// to at most one target, and may let it wait besides
/// ([`Ruleset::waits`](crate::Ruleset::waits)); a side has at most 15
/// pieces, since both start on the board's 30 houses.
///
/// ```
/// use senet::{Position, Roll, rulesets::Bell};
/// use senet::moves::MAX_MOVES;
///
/// // Bell's start: one move for each of x's ten pieces with a 1.
/// let list = Position::start(Bell).moves(Roll::new(1).unwrap()).to_list();
/// assert_eq!(list.len(), 10);
/// assert!(list.len() <= MAX_MOVES);
/// assert_eq!(MAX_MOVES, 30);
/// ```
pub const MAX_MOVES: usize = House::COUNT as usize;

/// The legal moves of one roll in one position, held inline (no heap).
///
/// A roll gives each piece at most one target and one wait, so a list
/// never holds more than two moves per piece, and never more than
/// [`MAX_MOVES`].
///
/// ```
/// use senet::{MoveList, Position, Roll, rulesets::Kendall};
///
/// let start = Position::start(Kendall);
/// let moves = start.moves(Roll::new(3).unwrap());
/// let list: MoveList = moves.to_list();
/// assert_eq!(list.len(), 5); // a list reads as a slice of moves
/// assert!(list.iter().all(|&mv| moves.contains(mv)));
/// assert_eq!(list.first().copied(), moves.get(0));
/// ```
#[derive(Clone, Copy)]
pub struct MoveList {
    /// Slots past [`MAX_MOVES`] up to a power of two, so that
    /// [`write`](Self::write) bounds an index with a mask.
    moves: [Move; CAPACITY],
    len: u8,
}

/// The slots of a [`MoveList`] (132 bytes with the length: small enough
/// for the compiler to copy a list inline).
const CAPACITY: usize = 32;

impl MoveList {
    /// An empty list.
    ///
    /// ```
    /// use senet::{MoveList, Position, Roll, rulesets::Kendall};
    ///
    /// let mut list = MoveList::new();
    /// assert!(list.is_empty());
    /// Position::start(Kendall).moves(Roll::new(2).unwrap()).write_to(&mut list);
    /// assert_eq!(list.len(), 1);
    /// ```
    #[inline]
    pub const fn new() -> MoveList {
        const FILLER: Move = Move::from_word(0);
        MoveList {
            moves: [FILLER; CAPACITY],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, mv: Move) {
        // A ruleset gives each piece at most one target per tier and one
        // wait, and a tier is generated alone, so this never overflows;
        // stay safe regardless.
        if (self.len as usize) < MAX_MOVES {
            self.moves[self.len as usize] = mv;
            self.len += 1;
        }
    }

    /// Writes `mv` into slot `index` modulo the capacity, without changing
    /// the length: lets the generator write moves first and say how many
    /// count afterwards, with no bounds check that could fail.
    #[inline]
    pub(crate) fn write(&mut self, index: usize, mv: Move) {
        self.moves[index % CAPACITY] = mv;
    }

    /// Sets the length after [`write`](Self::write)s: at most
    /// [`MAX_MOVES`], as a count of start houses always is.
    #[inline]
    pub(crate) fn set_len(&mut self, len: usize) {
        debug_assert!(len <= MAX_MOVES);
        // Kept in release builds too: the list never claims a move it
        // cannot hold.
        self.len = len.min(MAX_MOVES) as u8;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_is_four_bytes() {
        assert_eq!(core::mem::size_of::<Move>(), 4);
    }

    #[test]
    fn off_round_trips_through_the_packed_target() {
        let mv = Move::new(
            Roll::new(5).unwrap(),
            crate::rulesets::BEAUTY,
            Target::Off,
            0,
        );
        assert!(mv.is_off());
        assert_eq!(mv.to(), Target::Off);
    }
}

/// What landing on an opponent's piece does to it.
///
/// ```
/// use senet::{House, Ruleset};
/// use senet::rulesets::Contact;
/// use senet::rulesets::{Bell, Jequier, Kendall};
///
/// assert_eq!(Kendall.contact(), Contact::Swap);
/// assert_eq!(Bell.contact(), Contact::Capture);
/// assert_eq!(Jequier.contact(), Contact::SendBack);
/// // In Jéquier a backward move never sends a piece back.
/// let (low, high) = (House::new(5).unwrap(), House::new(12).unwrap());
/// assert_eq!(Jequier.contact_at(high, low), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Contact {
    /// The two pieces exchange houses: the opponent's goes to the mover's start house.
    Swap,
    /// The opponent's piece leaves the game for good.
    Capture,
    /// The opponent's piece goes back to where
    /// [`Ruleset::send_back`](crate::Ruleset::send_back) says, given the
    /// houses taken before the move (the mover's start among them); the
    /// landing is illegal when it says nowhere. Jéquier's says the lowest
    /// empty house.
    SendBack,
    /// The opponent's piece goes into the water, to where
    /// [`Ruleset::water_landing`](crate::Ruleset::water_landing) says; the landing is illegal when it
    /// says nowhere.
    Drown,
}
