//! Playing a move or a lost throw: the position after it, with the side
//! that throws next.

use crate::bank::Bank;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::movegen::IllegalMoveError;
use crate::movegen::sets::Found;
use crate::mv::Move;
use crate::owed::Debt;
use crate::position::{Position, water_would_move};
use crate::ruleset::{Contact, Ruleset};
use crate::throw::Roll;

/// A move taken apart, as [`Position::place`] plays it.
#[derive(Clone, Copy)]
struct Step {
    roll: Roll,
    /// The start's house number (for an entry from the hand, the house
    /// entered: it is empty, so taking the mover off it changes nothing).
    from: u32,
    /// The target's track number (31 for off; the water house for the water).
    to: u32,
    /// Whether it lands on an opponent's piece (a swap or a capture).
    hit: bool,
    /// Whether it enters the water.
    water: bool,
    /// Whether it is an entry from the hand (its target is its start, as
    /// a wait's is: the flag tells the two apart).
    entry: bool,
}

/// Where a move puts every piece: the one statement of what a move does.
/// The position after the move ([`Position::finish`]) and its
/// [`Effect`](crate::effect::Effect) are both read from it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placed {
    /// The move.
    pub(crate) played: Move,
    /// Its roll, kept apart so that passing the turn need not unpack it.
    roll: Roll,
    /// The board after it, the turn not yet passed.
    pub(crate) board: Board,
    /// Where the mover came to rest, as a set (empty when it bore off),
    /// before the water let any piece out.
    pub(crate) rest: Bitboard,
    /// Where the opponent's piece it landed on went, as a set (empty when
    /// captured, or when it landed on none).
    pub(crate) sent: Bitboard,
    /// What the landing on that piece did (read only when `sent` or a
    /// capture says there was one).
    pub(crate) contact: Contact,
    /// A piece the water no longer kept: from the water house to this house.
    pub(crate) released: Option<(House, House)>,
}

impl<R: Ruleset> Position<R> {
    /// Plays a legal move: the position after it, with the side that
    /// throws next. A move that is not one of the legal moves of its roll
    /// here is refused with the reason.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when `mv` is not one of the legal moves of its roll
    /// here: the variant says which rule refuses it (no piece on its start,
    /// a protected piece, a blockade, the game already over, ...), or
    /// [`IllegalMoveError::Mismatch`] when its roll and houses are legal here
    /// but the move was made for another position (it says, say, a swap
    /// where there is none).
    ///
    /// ```
    /// use senet::{Position, Roll};
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// let two = Roll::new(2).unwrap();
    /// let mv = start.moves(two).get(0).unwrap();
    /// let after = start.play(mv)?;
    /// assert_eq!(after.to_string(), "oxoxoxoxo..x.................. o 0 0");
    /// # Ok::<(), senet::IllegalMoveError>(())
    /// ```
    #[inline]
    pub fn play(&self, mv: Move) -> Result<Position<R>, IllegalMoveError> {
        self.moves(mv.roll()).play(mv)
    }

    /// The position after `roll` is lost (no legal move): the same board,
    /// with the side that throws next.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError::MovesExist`] when the roll has a legal move (a throw
    /// is lost only when nothing can be played), [`IllegalMoveError::GameOver`]
    /// when the game has ended, [`IllegalMoveError::RollNotOnDice`] for a roll
    /// the ruleset's implement cannot throw.
    ///
    /// ```
    /// use senet::{IllegalMoveError, Position, Roll, rulesets::Kendall};
    ///
    /// // At the start a 2 moves 10-12, so a 2 cannot be lost.
    /// let start = Position::start(Kendall);
    /// let two = Roll::new(2).unwrap();
    /// assert_eq!(start.lose_throw(two), Err(IllegalMoveError::MovesExist { count: 1 }));
    /// ```
    pub fn lose_throw(&self, roll: Roll) -> Result<Position<R>, IllegalMoveError> {
        self.moves(roll).lose_throw()
    }

    /// Plays `mv`, trusting that it is one of the legal moves of its roll here.
    #[inline]
    pub(crate) fn apply(&self, mv: Move) -> Position<R> {
        self.finish(&self.placed(mv))
    }

    /// Where `mv` puts every piece, trusting that it is one of the legal
    /// moves of its roll here.
    #[inline]
    pub(crate) fn placed(&self, mv: Move) -> Placed {
        self.place(Step {
            roll: mv.roll(),
            from: u32::from(mv.from().number()),
            to: u32::from(mv.track_number()),
            hit: mv.is_hit(),
            water: mv.is_water(),
            entry: mv.is_entry(),
        })
    }

    /// Plays the `index`-th move of `found` (a set found here for `roll`;
    /// see [`nth_found`](Self::nth_found)), or `None` past the end,
    /// taking the move apart from the sets rather than packing and
    /// unpacking a move word.
    #[inline]
    pub(crate) fn play_nth_found(
        &self,
        found: &Found,
        roll: Roll,
        index: usize,
    ) -> Option<Position<R>> {
        // The `index`-th start along the track, if there are that many:
        // no count needed first.
        let rest = self.drop_starts(found.along, index);
        if rest == 0 {
            return self.nth_found(found, roll, index).map(|mv| self.apply(mv));
        }
        let from = rest.trailing_zeros();
        let bit = |set: u32| (set >> from) & 1 != 0;
        Some(self.finish(&self.place(Step {
            roll,
            from,
            // The step sign-extended: the start plus or minus the roll.
            to: from.wrapping_add(found.step as u32),
            hit: bit(found.contacts),
            water: bit(found.water),
            entry: false,
        })))
    }

    /// Where the move `step` describes puts every piece, trusting that it
    /// is legal here.
    ///
    /// Swaps, captures and bearing off are applied with masks rather than
    /// branches: which of them a random move does is unpredictable.
    #[inline(always)]
    fn place(&self, step: Step) -> Placed {
        let ruleset = self.ruleset;
        let side = self.side_to_throw();
        let (own, opp) = self.board.both(side);
        let from = 1u32 << (step.from & 31);
        // The target as a set: empty when bearing off (track number 31).
        let to = Bitboard::from_bits(1 << (step.to & 31)).bits();
        let occupied_before = own.bits() | opp.bits();
        let mut own = own.bits() & !from;
        // Where the mover comes to rest, as a set (empty when it bears off).
        let mut rest = to;
        if step.water {
            // Where the piece rests; a legal move into the water always
            // has a place, and the water house stands for it otherwise.
            // Nowhere on the board when the water sends it to the hand.
            rest = if ruleset.water_to_hand() {
                0
            } else {
                ruleset
                    .water_landing(Bitboard::from_bits(own | opp.bits()))
                    .or(ruleset.water())
                    .map_or(0, |house| Bitboard::from_house(house).bits())
            };
        }
        own |= rest;
        // A swap sends the opponent's piece to the start house; a capture
        // only removes it; the rarer kinds send it elsewhere.
        let start = House::from_index(step.from as u8);
        // House 30 stands for off (track number 31): nothing is hit then.
        // Clamped rather than matched, so that bearing off is no branch.
        let target = House::from_index((step.to as u8).min(House::COUNT));
        let contact = ruleset
            .contact_at(start, target)
            .unwrap_or(ruleset.contact());
        let hit = 0u32.wrapping_sub(u32::from(step.hit));
        let swap = hit & 0u32.wrapping_sub(u32::from(contact == Contact::Swap));
        let mut opp = (opp.bits() & !(to & hit)) | (from & swap);
        // Where the piece landed on went: its start for a swap.
        let mut sent = from & swap;
        if step.hit {
            let elsewhere = match contact {
                Contact::Swap | Contact::Capture => 0,
                // Where the ruleset says, the houses before the move taken.
                Contact::SendBack => ruleset
                    .send_back(Bitboard::from_house_bits(occupied_before))
                    .map_or(0, |house| Bitboard::from_house(house).bits()),
                Contact::Drown if ruleset.water_to_hand() => 0,
                Contact::Drown => ruleset
                    .water_landing(Bitboard::from_bits(own | opp))
                    .map_or(0, |house| Bitboard::from_house(house).bits()),
            };
            opp |= elsewhere;
            sent |= elsewhere;
        }
        // A wait and an entry are the moves whose target is their start:
        // a wait changes no piece above, an entry puts one on its empty
        // house, and only their flags tell them apart.
        let flags = if step.hit { Move::flag_of(contact) } else { 0 }
            | if step.water { Move::FLAG_WATER } else { 0 }
            | if step.to == step.from {
                // The entry's flag is the wait's, shifted once: no branch.
                Move::FLAG_WAIT << u8::from(step.entry)
            } else {
                0
            }
            | if step.to < step.from {
                Move::FLAG_BACKWARD
            } else {
                0
            };
        let played = Move::from_word(Move::pack(step.roll, step.from as u8, step.to as u8, flags));
        // Known at compile time for a ruleset that marks nothing.
        let marked = match ruleset.mark_house() {
            None => None,
            Some(house) => self.mark_after(played, &step, rest, house),
        };
        // Both built from sets of houses by and, or and xor, so neither
        // has bit 0 or 31 set: no mask needed.
        let mut board = self.board.after(
            side,
            Bitboard::from_house_bits(own),
            Bitboard::from_house_bits(opp),
            u8::from(step.to == u32::from(House::COUNT) + 1),
            marked,
        );
        let released = water_would_move(&ruleset, &board);
        if let Some((water, rest)) = released {
            board = board.with_piece_moved(water, rest);
            // The mark ends when its piece moves.
            if ruleset.mark_house() == Some(water) {
                board = board.with_mark(None);
            }
        }
        Placed {
            played,
            roll: step.roll,
            board,
            rest: Bitboard::from_house_bits(rest),
            sent: Bitboard::from_house_bits(sent),
            contact,
            released,
        }
    }

    /// The position after the move `placed` says, with the side that
    /// throws next.
    #[inline(always)]
    pub(crate) fn finish(&self, placed: &Placed) -> Position<R> {
        let ruleset = self.ruleset;
        let side = self.side_to_throw();
        let over = ruleset.outcome(&placed.board).is_some();
        // A banking side plays on while its bank holds a roll; otherwise
        // the ruleset says. `banks_throws` is a constant for a built-in
        // ruleset, so only one of the two is compiled.
        let (again, bank) = if ruleset.banks_throws() {
            self.bank_after(placed.roll, over)
        } else {
            let again = ruleset.throws_again(placed.roll, Some(placed.played)) & !over;
            (again, Bank::EMPTY)
        };
        // A constant `false` for a ruleset that never takes a turn away.
        let costs_a_turn = ruleset.loses_next_turn(placed.played) & !over;
        let mut owed = self.owed.adding(Debt::LosesTurn, side, costs_a_turn);
        let mut next = if again { side } else { side.opponent() };
        // After the move that ends the game, the opponent is named to
        // throw, and nobody's turn is taken.
        if !owed.is_nothing() && !again && !over {
            (next, owed) = owed.skipping(next);
        }
        // A side that moves has begun (a constant for a ruleset where
        // every side may move from the start).
        if ruleset.begins_with(side).is_some() {
            owed = owed.paying(Debt::Unbegun, side);
        }
        Position {
            ruleset,
            board: placed.board.facing(next),
            over,
            owed,
            bank,
        }
    }

    /// Whether the side plays on from its bank after playing `roll`, and
    /// the bank it then holds (empty when the sticks pass or the game is
    /// over). Kept out of [`finish`](Self::finish)'s body: a ruleset that
    /// banks nothing never calls it.
    #[inline(never)]
    fn bank_after(&self, roll: Roll, over: bool) -> (bool, Bank) {
        let bank = self.bank.without(roll);
        let again = !bank.is_empty() & !over;
        (again, if again { bank } else { Bank::EMPTY })
    }

    /// The side whose piece on the ruleset's `mark_house` is marked after
    /// `played`: the mover's, when the ruleset marks it and it comes to
    /// rest there (`rest`, as a set); otherwise the old mark, unless the
    /// move took the marked piece away or landed on it.
    #[inline]
    fn mark_after(&self, played: Move, step: &Step, rest: u32, house: House) -> Option<Side> {
        let number = u32::from(house.number());
        if self.ruleset.marks(played) {
            let on_it = Bitboard::from_bits(rest).contains(house);
            return on_it.then_some(self.side_to_throw());
        }
        // A wait does not move its piece: the mark stays.
        let touched = (number == step.from || number == step.to) && step.from != step.to;
        if touched { None } else { self.board.marked() }
    }

    /// The position after a lost throw, trusting that `roll` has no legal move.
    #[inline]
    pub(crate) fn apply_lost_throw(&self, roll: Roll) -> Position<R> {
        let side = self.side_to_throw();
        // A banking side loses its rolls one at a time, and plays on
        // while its bank holds one.
        let (again, bank) = if self.ruleset.banks_throws() {
            self.bank_after(roll, false)
        } else {
            (self.ruleset.throws_again(roll, None), Bank::EMPTY)
        };
        let (mut next, mut owed) = (if again { side } else { side.opponent() }, self.owed);
        if !owed.is_nothing() && !again {
            (next, owed) = owed.skipping(next);
        }
        // The roll that begins a side begins it even when it is lost.
        if self.ruleset.begins_with(side) == Some(roll) {
            owed = owed.paying(Debt::Unbegun, side);
        }
        Position {
            board: self.board.facing(next),
            owed,
            bank,
            ..*self
        }
    }
}

/// Banked throws ([`Ruleset::banks_throws`]): the bank a position keeps,
/// and a throw banked.
impl<R: Ruleset> Position<R> {
    /// The rolls the side to throw has banked this turn and not yet
    /// played ([`Ruleset::banks_throws`]); always empty in a ruleset that
    /// plays each throw when it is thrown. The position string writes a
    /// bank in its fifth field: `bank=14+` while the side still throws,
    /// `bank=124` once it plays them.
    ///
    /// ```
    /// use senet::{Bitboard, Board, Dice, House, Move, Outcome, Position, Roll, Ruleset};
    /// use senet::rulesets::{Reach, first_home_wins};
    ///
    /// /// Five pieces a side, every throw made before moving: 1, 4 and 5 throw again.
    /// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    /// struct Banked;
    /// impl Ruleset for Banked {
    ///     fn name(&self) -> &'static str { "banked" }
    ///     fn revision(&self) -> u32 { 1 }
    ///     fn pieces_per_side(&self) -> u8 { 5 }
    ///     fn start(&self) -> [Bitboard; 2] {
    ///         [Bitboard::from_numbers(&[2, 4, 6, 8, 10]), Bitboard::from_numbers(&[1, 3, 5, 7, 9])]
    ///     }
    ///     fn dice(&self) -> Dice { Dice::FOUR_STICKS }
    ///     fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
    ///         match from.number() + roll.value() {
    ///             31 => Some(Reach::Off),
    ///             to => House::new(to).map(Reach::To),
    ///         }
    ///     }
    ///     fn throws_again(&self, roll: Roll, _: Option<Move>) -> bool { matches!(roll.value(), 1 | 4 | 5) }
    ///     fn banks_throws(&self) -> bool { true }
    ///     fn outcome(&self, board: &Board) -> Option<Outcome> { first_home_wins(self, board) }
    /// }
    ///
    /// let start = Position::start(senet::Rules::new(Banked)?);
    /// let four = start.bank_throw(Roll::new(4).unwrap())?; // a 4 throws again
    /// assert_eq!(four.bank().to_string(), "4+");
    /// let two = four.bank_throw(Roll::new(2).unwrap())?; // a 2 ends the throwing
    /// assert!(two.bank().is_to_play());
    /// assert_eq!(two.to_string(), "oxoxoxoxox.................... x 0 0 bank=24");
    /// // x now plays its 2 and its 4, in the order it chooses.
    /// assert!(two.moves(Roll::new(3).unwrap()).is_empty());
    /// assert_eq!(two.moves(Roll::new(4).unwrap()).len(), 2); // 8-12 and 10-14
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn bank(&self) -> Bank {
        self.bank
    }

    /// The position after the side to throw throws `roll` and banks it:
    /// it throws again when the ruleset gives another throw for the roll
    /// ([`Ruleset::throws_again`], asked with no move), and otherwise
    /// plays its bank next.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError::NoBanking`] in a ruleset that plays each throw
    /// when it is thrown, [`IllegalMoveError::BankToPlay`] once the
    /// throwing is over, [`IllegalMoveError::GameOver`] and
    /// [`IllegalMoveError::RollNotOnDice`] as for any throw.
    ///
    /// ```
    /// use senet::{IllegalMoveError, Position, Roll, rulesets::Kendall};
    ///
    /// let err = Position::start(Kendall).bank_throw(Roll::new(2).unwrap());
    /// assert_eq!(err, Err(IllegalMoveError::NoBanking { ruleset: "kendall" }));
    /// ```
    pub fn bank_throw(&self, roll: Roll) -> Result<Position<R>, IllegalMoveError> {
        if !self.ruleset.banks_throws() {
            let ruleset = self.ruleset.name();
            return Err(IllegalMoveError::NoBanking { ruleset });
        }
        if self.is_over() {
            return Err(IllegalMoveError::GameOver);
        }
        if !self.ruleset.dice().can_roll(roll) {
            return Err(IllegalMoveError::RollNotOnDice { roll });
        }
        if self.bank.is_to_play() {
            let side = self.side_to_throw();
            return Err(IllegalMoveError::BankToPlay { side });
        }
        Ok(self.apply_bank_throw(roll))
    }

    /// [`bank_throw`](Self::bank_throw), trusting that the side throws
    /// and the implement makes `roll`.
    #[inline]
    pub(crate) fn apply_bank_throw(&self, roll: Roll) -> Position<R> {
        let again = self.ruleset.throws_again(roll, None) && !self.bank.is_full_for(roll);
        // Never full here: the throw that fills a roll's count ends the throwing.
        let bank = self.bank.with(roll).unwrap_or(self.bank);
        Position {
            bank: if again { bank } else { bank.to_play() },
            ..*self
        }
    }

    /// Whether the side throws next: always, but while it plays its bank.
    #[inline]
    pub fn is_to_throw(&self) -> bool {
        !self.bank.is_to_play() && !self.is_over()
    }

    /// The lowest banked roll with a legal move here, if any.
    pub(crate) fn playable_banked_roll(&self) -> Option<Roll> {
        self.bank
            .distinct()
            .find(|&roll| !self.moves(roll).is_empty())
    }
}
