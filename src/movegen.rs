//! Legal moves, playing them and losing throws: shared code over the `Ruleset` hooks.

use thiserror::Error;

use crate::bitboard::{Bitboard, count_bits};
use crate::house::{House, Side, Target};
use crate::moves::{Move, MoveList, MovesByRoll};
use crate::position::{Position, water_would_move};
use crate::ruleset::{Contact, Reach, Ruleset};
use crate::throw::Roll;

/// Why a move (or a lost throw) is not legal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum IllegalMove {
    /// The game is over: nobody throws again.
    #[error("the game is over")]
    GameOver,
    /// The ruleset's implement cannot make this roll.
    #[error("this ruleset's throw cannot make a {roll}")]
    RollNotOnDice {
        /// The roll asked for.
        roll: Roll,
    },
    /// The side to throw has no piece on the start house.
    #[error("{side} has no piece on house {house}")]
    NoPiece {
        /// The side to throw.
        side: Side,
        /// The start house given.
        house: House,
    },
    /// The ruleset gives that piece no move with that roll.
    #[error("a piece on {from} cannot move with a {roll}: {why}")]
    NoStep {
        /// The start house.
        from: House,
        /// The roll.
        roll: Roll,
        /// The ruleset's explanation.
        why: &'static str,
    },
    /// The roll takes the piece somewhere else.
    #[error("a {roll} takes the piece on {from} to {reaches}, not {to}")]
    WrongTarget {
        /// The roll.
        roll: Roll,
        /// The start house.
        from: House,
        /// Where the roll actually takes the piece.
        reaches: Target,
        /// The target asked for.
        to: Target,
    },
    /// The mover's own piece stands on the target.
    #[error("house {house} holds one of the mover's own pieces")]
    OwnPiece {
        /// The target house.
        house: House,
    },
    /// The opponent's piece stands on a safe house.
    #[error("the opponent's piece on {house} stands on a safe house")]
    SafeHouse {
        /// The target house.
        house: House,
    },
    /// The opponent's piece is protected by a neighbour.
    #[error("the opponent's piece on {house} is protected by a piece of its side next to it")]
    Protected {
        /// The target house.
        house: House,
    },
    /// The move would pass a house that may not be passed.
    #[error("the move would pass house {house}, which blocks the way (a blockade, or no jumping)")]
    Blocked {
        /// The first such house along the way.
        house: House,
    },
    /// The swap would carry the opponent's piece where the rules forbid.
    #[error(
        "the swap would send the opponent's piece from {from} to {to}, which the rules forbid (mandatory stop on 26)"
    )]
    Displacement {
        /// Where the opponent's piece stands.
        from: House,
        /// Where the swap would send it.
        to: House,
    },
    /// No house can take a piece entering the water.
    #[error("the water can take no piece now: no house is free for it")]
    WaterFull,
    /// A backward move while a forward move exists.
    #[error("a piece may move backward only when no piece can move forward with this roll")]
    ForwardExists,
    /// A piece that must be played first has a legal move.
    #[error(
        "a piece on a house that must be played first ({houses:?}) can move, so one of them must"
    )]
    MustPlayFirst {
        /// The houses whose pieces must be played first.
        houses: Bitboard,
    },
    /// A lost throw was claimed, but the roll has legal moves.
    #[error("the throw is not lost: {count} legal move(s) exist")]
    MovesExist {
        /// How many legal moves the roll has.
        count: usize,
    },
    /// The move has the right houses but not what this position makes of them
    /// (a move made for another position).
    #[error("this move was made for another position: here it is {actual:?}")]
    Mismatch {
        /// The legal move with the same roll, start and target here.
        actual: Move,
    },
}

/// How many list slots `write_found` fills without a branch on the
/// number of moves: enough for 94% of the Kendall and Temple (position,
/// roll) pairs of the bench corpus.
const FIXED_SLOTS: usize = 4;

/// Bit 31 of a set of target houses: a step to track number 31 bears off.
const OFF_BIT: u32 = 1 << 31;

/// What the generator needs about the board, computed once per roll.
#[derive(Clone, Copy)]
struct Context {
    own: Bitboard,
    opp: Bitboard,
    impassable: Bitboard,
    shielded: Bitboard,
}

/// The legal moves of one roll, as sets of start houses: all of one
/// direction and one tier (a roll gives each piece at most one move, so a
/// start names its move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Found {
    /// Starts of the moves that carry a piece the roll along the track.
    pub(crate) along: u32,
    /// Those of `along` that land on an opponent's piece.
    pub(crate) contacts: u32,
    /// Those of `along` that enter the water.
    pub(crate) water: u32,
    /// Starts on the ruleset's `ask` houses with a legal move; their moves
    /// come after the others in a list.
    pub(crate) asked: u32,
    /// Whether the moves go backward.
    pub(crate) backward: bool,
}

impl Found {
    /// No move.
    pub(crate) const NONE: Found = Found {
        along: 0,
        contacts: 0,
        water: 0,
        asked: 0,
        backward: false,
    };

    /// Whether there is no move.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.along | self.asked == 0
    }

    /// How many moves there are.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        // Counting bits takes about ten instructions without `popcnt`
        // (see `count_bits`): the asked moves, rarely any, are counted
        // only when there are some.
        let asked = if self.asked == 0 {
            0
        } else {
            count_bits(self.asked)
        };
        (count_bits(self.along) + asked) as usize
    }
}

/// A move taken apart, as [`Position::apply_step`] plays it.
#[derive(Clone, Copy)]
struct Step {
    roll: Roll,
    /// The start's house number.
    from: u32,
    /// The target's track number (27 for the water, 31 for off).
    to: u32,
    /// Whether it lands on an opponent's piece (a swap or a capture).
    hit: bool,
    /// Whether it enters the water.
    water: bool,
}

/// The number of the `index`-th set bit of `bits` (counting from 0), which
/// must have more than `index` set bits.
///
/// `rounds` passes clear the lowest bit or leave the set alone, with no
/// branch on `index` (random in a playout, so unpredictable); the loop
/// after them only runs for an `index` beyond `rounds`, which a caller
/// passing the pieces per side never asks for.
#[inline(always)]
fn select_bit(mut bits: u32, index: u32, rounds: u8) -> u32 {
    for round in 0..u32::from(rounds) {
        bits &= bits.wrapping_sub(u32::from(round < index));
    }
    for _ in u32::from(rounds)..index {
        bits &= bits.wrapping_sub(1);
    }
    bits.trailing_zeros()
}

#[inline]
fn reach_target(reach: Reach) -> Target {
    match reach {
        Reach::To(house) => Target::House(house),
        Reach::Off => Target::Off,
        Reach::Water | Reach::Fall => Target::House(House::WATER),
    }
}

impl<R: Ruleset> Position<R> {
    #[inline]
    fn context(&self) -> Context {
        let side = self.side;
        Context {
            own: self.board.pieces(side),
            opp: self.board.pieces(side.opponent()),
            impassable: self.ruleset.impassable(&self.board, side),
            shielded: self.ruleset.shielded(&self.board, side.opponent()),
        }
    }

    /// The move of the piece on `from` to where `reach` takes it, or why it is illegal.
    #[inline]
    fn try_step(
        &self,
        ctx: &Context,
        roll: Roll,
        from: House,
        reach: Reach,
        backward: bool,
    ) -> Result<Move, IllegalMove> {
        let mut flags = if backward { Move::FLAG_BACKWARD } else { 0 };
        let target = reach_target(reach);
        if reach != Reach::Fall {
            let passed = Bitboard::between(from.number(), target.track_number()) & ctx.impassable;
            if let Some(house) = if backward {
                passed.last()
            } else {
                passed.first()
            } {
                return Err(IllegalMove::Blocked { house });
            }
        }
        match reach {
            Reach::Off => {}
            Reach::Water | Reach::Fall => {
                let others = (ctx.own | ctx.opp).without(from);
                if self.ruleset.water_landing(others).is_none() {
                    return Err(IllegalMove::WaterFull);
                }
                flags |= Move::FLAG_WATER;
            }
            Reach::To(house) => {
                if ctx.own.contains(house) {
                    return Err(IllegalMove::OwnPiece { house });
                }
                if ctx.opp.contains(house) {
                    if ctx.shielded.contains(house) {
                        return Err(if self.ruleset.safe_houses().contains(house) {
                            IllegalMove::SafeHouse { house }
                        } else {
                            IllegalMove::Protected { house }
                        });
                    }
                    match self.ruleset.contact() {
                        Contact::Capture => flags |= Move::FLAG_CAPTURE,
                        Contact::Swap => {
                            if !self.ruleset.may_displace(house, from) {
                                return Err(IllegalMove::Displacement {
                                    from: house,
                                    to: from,
                                });
                            }
                            flags |= Move::FLAG_SWAP;
                        }
                    }
                }
            }
        }
        Ok(Move::new(roll, from, target, flags))
    }

    /// The legal moves of `pieces` in one direction, as sets.
    ///
    /// The pieces the ruleset's `Steps` table moves along the track are
    /// found all at once, with masks; only those on its `ask` houses are
    /// asked about one by one. `sparse` says that `pieces` often has none
    /// to move along (the pieces that must be played first).
    // Always inlined: see `find_roll`.
    #[inline(always)]
    fn find_tier<const BACKWARD: bool>(
        &self,
        ctx: &Context,
        pieces: Bitboard,
        roll: Roll,
        sparse: bool,
    ) -> Found {
        let steps = if BACKWARD {
            self.ruleset.backward_steps(roll)
        } else {
            self.ruleset.forward_steps(roll)
        };
        let mut found = Found {
            backward: BACKWARD,
            ..Found::NONE
        };
        // A ruleset without steps in this direction skips the fixed-size
        // work altogether (known at compile time for most), and so does a
        // `sparse` tier with no piece to step.
        let along = pieces & steps.along;
        let skip = steps.along.is_empty() || (sparse && along.is_empty());
        if !skip {
            self.find_along::<BACKWARD>(&mut found, ctx, along, steps.water, roll);
        }
        let asked = pieces & steps.ask;
        // Usually empty: a ruleset's table leaves few houses to ask about.
        if !asked.is_empty() {
            for from in asked {
                if self.asked_step(ctx, from, roll, BACKWARD).is_some() {
                    found.asked |= Bitboard::from_house(from).bits();
                }
            }
        }
        found
    }

    /// The legal move of the piece on `from`, one of the ruleset's `ask`
    /// houses, in one direction, if it has one.
    #[inline]
    fn asked_step(&self, ctx: &Context, from: House, roll: Roll, backward: bool) -> Option<Move> {
        let reach = if backward {
            self.ruleset.backward(from, roll)
        } else {
            self.ruleset.forward(from, roll)
        };
        reach.and_then(|reach| self.try_step(ctx, roll, from, reach, backward).ok())
    }

    /// Finds which of `pieces` have a legal move carrying them `roll`
    /// houses along the track (down when `BACKWARD`): the rules of
    /// [`try_step`](Self::try_step), applied to all the pieces at once
    /// with masks (except the rare swaps a ruleset may refuse and the
    /// entries into the water, asked per piece). `water` says which of
    /// them enter the water.
    // Always inlined: see `find_roll`.
    #[inline(always)]
    fn find_along<const BACKWARD: bool>(
        &self,
        found: &mut Found,
        ctx: &Context,
        pieces: Bitboard,
        water: Bitboard,
        roll: Roll,
    ) {
        let r = roll.value();
        // The start houses from which a step reaches each house of `targets`.
        let starts = |targets: u32| {
            if BACKWARD { targets << r } else { targets >> r }
        };
        // A start is blocked when one of the `r - 1` houses it passes is
        // impassable: a fixed number of shifts, masked by the roll. Most
        // boards of most rulesets have no impassable house at all.
        let impassable = ctx.impassable.bits();
        let mut blocked = 0u32;
        if impassable != 0 {
            for k in 1..Roll::MAX {
                let passes = if BACKWARD {
                    impassable << k
                } else {
                    impassable >> k
                };
                blocked |= passes & 0u32.wrapping_sub(u32::from(k < r));
            }
        }
        // A step may end on an empty house, an unshielded opponent's piece,
        // or off the board (bit 31, reached only by a step to exactly 31).
        let landable = (!ctx.own & !(ctx.opp & ctx.shielded)).bits() | OFF_BIT;
        let free = pieces.bits() & !blocked;
        let mut movers = free & !water.bits() & starts(landable);
        let contacts = movers & starts(ctx.opp.bits());
        if self.ruleset.contact() == Contact::Swap {
            // Bounded, so that the compiler drops the loop altogether when
            // `may_displace` always answers yes.
            for start in Bitboard::from_bits(contacts).take(House::COUNT.into()) {
                let to = if BACKWARD {
                    start.number() - r
                } else {
                    start.number() + r
                };
                if !self.ruleset.may_displace(House::from_index(to), start) {
                    movers &= !Bitboard::from_house(start).bits();
                }
            }
        }
        // Entering the water depends on where the piece can rest, which
        // depends on the other pieces: asked per piece, and rarely needed.
        let mut entering = free & water.bits();
        if entering != 0 {
            let occupied = ctx.own | ctx.opp;
            for start in Bitboard::from_bits(entering) {
                if self
                    .ruleset
                    .water_landing(occupied.without(start))
                    .is_none()
                {
                    entering &= !Bitboard::from_house(start).bits();
                }
            }
        }
        found.along = movers | entering;
        found.contacts = contacts & movers;
        found.water = entering;
    }

    /// The legal moves of one direction, pieces that must be played first
    /// taking precedence.
    // Always inlined: see `find_roll`.
    #[inline(always)]
    fn find_direction<const BACKWARD: bool>(&self, ctx: &Context, roll: Roll) -> Found {
        let first = self.ruleset.must_play_first() & ctx.own;
        if !first.is_empty() {
            let found = self.find_tier::<BACKWARD>(ctx, first, roll, true);
            if !found.is_empty() {
                return found;
            }
        }
        self.find_tier::<BACKWARD>(ctx, ctx.own & !first, roll, false)
    }

    /// The legal moves of `roll` as sets: forward ones, or when there are
    /// none, backward ones. Nothing when the game is over or the implement
    /// cannot make `roll`.
    ///
    /// Always inlined into the few callers (one per roll in
    /// [`legal_moves_by_roll_into`](Self::legal_moves_by_roll_into)), so
    /// that a roll known at compile time makes the step tables, the shifts
    /// and the blockade masks constants.
    #[inline(always)]
    pub(crate) fn find_roll(&self, roll: Roll) -> Found {
        if self.is_over() || !self.ruleset.dice().can_roll(roll) {
            return Found::NONE;
        }
        self.find_roll_in(&self.context(), roll)
    }

    /// [`find_roll`](Self::find_roll) with the board's context given and
    /// the game known to go on.
    #[inline(always)]
    fn find_roll_in(&self, ctx: &Context, roll: Roll) -> Found {
        if !self.ruleset.dice().can_roll(roll) {
            return Found::NONE;
        }
        let forward = self.find_direction::<false>(ctx, roll);
        if !forward.is_empty() {
            return forward;
        }
        self.find_direction::<true>(ctx, roll)
    }

    /// The `index`-th move of `found` (a set found here for `roll`), in
    /// list order: the moves along the track by start house, then the
    /// asked ones by start house.
    #[inline]
    pub(crate) fn nth_found(&self, found: &Found, roll: Roll, index: usize) -> Option<Move> {
        let along = count_bits(found.along) as usize;
        if index < along {
            let from = self.select_start(found.along, index);
            return Some(self.along_move(found, roll, from));
        }
        let from = Bitboard::from_bits(found.asked)
            .into_iter()
            .nth(index - along)?;
        self.asked_step(&self.context(), from, roll, found.backward)
    }

    /// The house number of the `index`-th start of `starts`, which has more
    /// than `index`: one round per piece but the last suffices for a side
    /// that has at most `pieces_per_side` pieces.
    #[inline(always)]
    fn select_start(&self, starts: u32, index: usize) -> u32 {
        let rounds = self
            .ruleset
            .pieces_per_side()
            .saturating_sub(1)
            .min(House::COUNT);
        select_bit(starts, index as u32, rounds) & 31
    }

    /// The move along the track from the start `from` of `found`.
    #[inline(always)]
    fn along_move(&self, found: &Found, roll: Roll, from: u32) -> Move {
        let water = (found.water >> (from & 31)) & 1;
        let word = self.along_word(found, roll)(from);
        Move::from_word(word | (u32::from(Move::FLAG_WATER) * water) << 24)
    }

    /// How the word of a move along the track of `found` is made from its
    /// start, all but the water flag: `roll | from << 8 | to << 16 |
    /// flags << 24`, the target being the start plus or minus the roll.
    #[inline(always)]
    fn along_word(&self, found: &Found, roll: Roll) -> impl Fn(u32) -> u32 {
        let r = u32::from(roll.value());
        let base = if found.backward {
            Move::pack(roll, 0, 0, Move::FLAG_BACKWARD).wrapping_sub(r << 16)
        } else {
            Move::pack(roll, 0, roll.value(), 0)
        };
        let contact = u32::from(match self.ruleset.contact() {
            Contact::Swap => Move::FLAG_SWAP,
            Contact::Capture => Move::FLAG_CAPTURE,
        }) << 24;
        // The contact starts moved up to the flag's bit, so that shifting
        // them down by a start puts its flag in place (no branch).
        let contacts = u64::from(found.contacts) << contact.trailing_zeros();
        move |from| {
            base.wrapping_add(from * 0x0001_0100) | ((contacts >> (from & 63)) as u32 & contact)
        }
    }

    /// Writes the moves of `found` (a set found here for `roll`) into
    /// `list`, in list order, replacing what it held.
    ///
    /// When there is a move, the first [`FIXED_SLOTS`] slots are written
    /// whether or not that many moves exist (a spare slot, past the
    /// length, holds junk the list never shows), and only the moves
    /// beyond them loop. A loop that ends after the last move ends at a
    /// count random play makes unpredictable: its exit was mispredicted
    /// on most calls, which cost more than the spare writes.
    #[inline(always)]
    fn write_found(&self, found: &Found, roll: Roll, list: &mut MoveList) {
        let word = self.along_word(found, roll);
        let mut rest = found.along;
        if rest == 0 {
            list.set_len(0);
        } else {
            for slot in 0..FIXED_SLOTS {
                // An exhausted `rest` gives start 32: junk, past the length.
                list.write(slot, Move::from_word(word(rest.trailing_zeros())));
                rest &= rest.wrapping_sub(1);
            }
            let mut slot = FIXED_SLOTS;
            while rest != 0 {
                list.write(slot, Move::from_word(word(rest.trailing_zeros())));
                slot += 1;
                rest &= rest - 1;
            }
            list.set_len(count_bits(found.along) as usize);
        }
        // Entering the water is rare: its flag is set afterwards, out of
        // the loop.
        if found.water != 0 {
            Self::flag_water(found.water, list);
        }
        if found.asked != 0 {
            let ctx = self.context();
            for from in Bitboard::from_bits(found.asked) {
                if let Some(mv) = self.asked_step(&ctx, from, roll, found.backward) {
                    list.push(mv);
                }
            }
        }
    }

    /// Sets the water flag on the moves of `list`, just written, whose
    /// starts are in `water` (the starts that enter the water).
    #[cold]
    #[inline(never)]
    fn flag_water(water: u32, list: &mut MoveList) {
        for index in 0..list.len() {
            let mv = list[index];
            if (water >> mv.from().number()) & 1 != 0 {
                list.write(index, mv.with_flag(Move::FLAG_WATER));
            }
        }
    }

    /// Every legal move with `roll`, into `list` (cleared first). Allocation-free.
    ///
    /// Empty when the throw is lost, when the game is over, or when the
    /// ruleset's implement cannot make `roll`.
    #[inline]
    pub fn legal_moves_into(&self, roll: Roll, list: &mut MoveList) {
        // `write_found` sets the length, so the list needs no clearing.
        let found = self.find_roll(roll);
        self.write_found(&found, roll, list);
    }

    /// The legal moves of every roll at once, into `moves` (overwritten):
    /// what a call of [`legal_moves_into`](Self::legal_moves_into) per roll
    /// gives, for less, because what the rolls share (the pieces, the
    /// blockades, the protected pieces) is worked out once, and each
    /// roll's generator is compiled for that roll. Allocation-free.
    #[inline]
    pub fn legal_moves_by_roll_into(&self, moves: &mut MovesByRoll) {
        let (lists, dice) = moves.parts();
        *dice = self.ruleset.dice();
        for list in lists.iter_mut() {
            list.clear();
        }
        if self.is_over() {
            return;
        }
        let ctx = self.context();
        let [one, two, three, four, five] = lists;
        self.fill_roll::<1>(&ctx, one);
        self.fill_roll::<2>(&ctx, two);
        self.fill_roll::<3>(&ctx, three);
        self.fill_roll::<4>(&ctx, four);
        self.fill_roll::<5>(&ctx, five);
    }

    /// The legal moves of every roll; see
    /// [`legal_moves_by_roll_into`](Self::legal_moves_by_roll_into).
    ///
    /// ```
    /// use senet::Position;
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// let all = start.legal_moves_by_roll();
    /// for (roll, moves) in all.iter() {
    ///     assert_eq!(moves, &start.legal_moves(roll));
    /// }
    /// assert_eq!(all.iter().map(|(_, moves)| moves.len()).sum::<usize>(), 18);
    /// ```
    #[inline]
    pub fn legal_moves_by_roll(&self) -> MovesByRoll {
        let mut moves = MovesByRoll::new();
        self.legal_moves_by_roll_into(&mut moves);
        moves
    }

    /// The moves of the roll `ROLL` into the empty `list`, given the
    /// board's context.
    ///
    /// One copy per roll, with the finding of the moves inlined into it,
    /// so that each is compiled for its own roll: the step tables, the
    /// shifts and the blockade masks become constants (half the
    /// instructions per roll).
    #[inline(always)]
    fn fill_roll<const ROLL: u8>(&self, ctx: &Context, list: &mut MoveList) {
        let roll = Roll::of::<ROLL>();
        let found = self.find_roll_in(ctx, roll);
        self.write_found(&found, roll, list);
    }

    /// Every legal move with `roll`; see [`legal_moves_into`](Self::legal_moves_into).
    #[inline]
    pub fn legal_moves(&self, roll: Roll) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(roll, &mut list);
        list
    }

    /// The legal moves of `roll`, bound to this position so that playing one
    /// needs no check beyond finding it in the list. Allocation-free. (To
    /// pick moves at random without looking at them, the sets of
    /// [`legal_set`](Self::legal_set) cost less.)
    #[inline]
    pub fn legal(&self, roll: Roll) -> LegalMoves<R> {
        LegalMoves {
            position: *self,
            roll,
            moves: self.legal_moves(roll),
        }
    }

    /// Like [`legal`](Self::legal), but into `legal`, which is overwritten:
    /// reusing one `LegalMoves` saves writing a new one on every throw.
    /// The first one comes from `legal`
    /// (a `LegalMoves` is always some position's complete list, so there
    /// is no empty one to start from).
    #[inline]
    pub fn legal_into(&self, roll: Roll, legal: &mut LegalMoves<R>) {
        legal.position = *self;
        legal.roll = roll;
        self.legal_moves_into(roll, &mut legal.moves);
    }

    /// The legal move of the piece on `from` with `roll`, if it has one.
    pub fn move_of(&self, from: House, roll: Roll) -> Option<Move> {
        self.legal_moves(roll)
            .iter()
            .copied()
            .find(|mv| mv.from() == from)
    }

    /// Whether a roll of `roll` here is a lost throw (no legal move, game not over).
    pub fn is_lost_throw(&self, roll: Roll) -> bool {
        !self.is_over() && self.ruleset.dice().can_roll(roll) && self.legal_moves(roll).is_empty()
    }

    /// Whether any of `pieces` has a legal move in one direction (no list needed).
    fn has_move(&self, ctx: &Context, pieces: Bitboard, roll: Roll, backward: bool) -> bool {
        pieces.into_iter().any(|from| {
            let reach = if backward {
                self.ruleset.backward(from, roll)
            } else {
                self.ruleset.forward(from, roll)
            };
            reach.is_some_and(|reach| self.try_step(ctx, roll, from, reach, backward).is_ok())
        })
    }

    /// Checks the precedence rules for a move of the piece on `from`:
    /// backward only when nothing moves forward, and pieces that must be
    /// played first before the others.
    #[inline]
    fn check_precedence(
        &self,
        ctx: &Context,
        from: House,
        roll: Roll,
        backward: bool,
    ) -> Result<(), IllegalMove> {
        if backward && self.has_move(ctx, ctx.own, roll, false) {
            return Err(IllegalMove::ForwardExists);
        }
        let first = self.ruleset.must_play_first();
        if !first.contains(from) && self.has_move(ctx, ctx.own & first, roll, backward) {
            return Err(IllegalMove::MustPlayFirst { houses: first });
        }
        Ok(())
    }

    /// The legal move of `roll` from `from` to `to`, or exactly why there is none.
    pub fn find_move(&self, roll: Roll, from: House, to: Target) -> Result<Move, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if !self.ruleset.dice().can_roll(roll) {
            return Err(IllegalMove::RollNotOnDice { roll });
        }
        let ctx = self.context();
        if !ctx.own.contains(from) {
            return Err(IllegalMove::NoPiece {
                side: self.side,
                house: from,
            });
        }
        let forward = self.ruleset.forward(from, roll);
        if let Some(reach) = forward.filter(|&r| reach_target(r) == to) {
            let mv = self.try_step(&ctx, roll, from, reach, false)?;
            self.check_precedence(&ctx, from, roll, false)?;
            return Ok(mv);
        }
        let backward = self.ruleset.backward(from, roll);
        if let Some(reach) = backward.filter(|&r| reach_target(r) == to) {
            self.check_precedence(&ctx, from, roll, true)?;
            return self.try_step(&ctx, roll, from, reach, true);
        }
        // Explain the direction the text asked for: a target above the start
        // is a forward move, so say where a forward move goes, or why none does.
        let upward = to.track_number() > from.number();
        let explained = if upward {
            forward
        } else {
            backward.or(forward)
        };
        Err(match explained {
            Some(reach) => IllegalMove::WrongTarget {
                roll,
                from,
                reaches: reach_target(reach),
                to,
            },
            None => IllegalMove::NoStep {
                from,
                roll,
                why: self.ruleset.why_no_step(from, roll),
            },
        })
    }

    /// Plays a legal move: the position after it, with the side that throws
    /// next. The move is checked first (cheaply: only its own piece and the
    /// precedence rules), so a move from another position is refused.
    #[inline]
    pub fn play(&self, mv: Move) -> Result<Position<R>, IllegalMove> {
        let legal = self.find_move(mv.roll(), mv.from(), mv.to())?;
        if legal != mv {
            return Err(IllegalMove::Mismatch { actual: legal });
        }
        Ok(self.apply(mv))
    }

    /// The position after `roll` is lost (no legal move): the same board,
    /// with the side that throws next.
    pub fn lose_throw(&self, roll: Roll) -> Result<Position<R>, IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        if !self.ruleset.dice().can_roll(roll) {
            return Err(IllegalMove::RollNotOnDice { roll });
        }
        let count = self.legal_moves(roll).len();
        if count > 0 {
            return Err(IllegalMove::MovesExist { count });
        }
        Ok(self.apply_lost_throw(roll))
    }

    /// Plays `mv`, trusting that it came from `legal_moves(mv.roll())` of this position.
    #[inline]
    pub(crate) fn apply(&self, mv: Move) -> Position<R> {
        self.apply_step(Step {
            roll: mv.roll(),
            from: u32::from(mv.from().number()),
            to: u32::from(mv.track_number()),
            hit: mv.is_swap() | mv.is_capture(),
            water: mv.is_water(),
        })
    }

    /// Plays the move `step` describes, trusting that it is legal here.
    ///
    /// Swaps, captures and bearing off are applied with masks rather than
    /// branches: which of them a random move does is unpredictable.
    #[inline(always)]
    fn apply_step(&self, step: Step) -> Position<R> {
        let ruleset = self.ruleset;
        let side = self.side;
        let (own, opp) = self.board.both(side);
        let from = 1u32 << (step.from & 31);
        // The target as a set: empty when bearing off (track number 31).
        let to = Bitboard::from_bits(1 << (step.to & 31)).bits();
        let mut own = own.bits() & !from;
        if step.water {
            let rest = ruleset
                .water_landing(Bitboard::from_bits(own | opp.bits()))
                .unwrap_or(House::WATER);
            own |= Bitboard::from_house(rest).bits();
        } else {
            own |= to;
        }
        // A swap sends the opponent's piece to the start house; a capture
        // only removes it.
        let hit = 0u32.wrapping_sub(u32::from(step.hit));
        let swap = hit & 0u32.wrapping_sub(u32::from(ruleset.contact() == Contact::Swap));
        let opp = (opp.bits() & !(to & hit)) | (from & swap);
        let mut board = self.board.after(
            side,
            Bitboard::from_bits(own),
            Bitboard::from_bits(opp),
            u8::from(step.to == u32::from(House::COUNT) + 1),
        );
        if let Some(rest) = water_would_move(&ruleset, &board) {
            board = board.with_water_piece_at(rest);
        }
        let again = ruleset.throws_again(step.roll, true) & ruleset.outcome(&board).is_none();
        Position {
            ruleset,
            board,
            side: if again { side } else { side.opponent() },
        }
    }

    /// Plays the `index`-th move of `found` (a set found here for `roll`;
    /// see [`nth_found`](Self::nth_found)), or `None` past the end.
    #[inline]
    pub(crate) fn play_nth_found(
        &self,
        found: &Found,
        roll: Roll,
        index: usize,
    ) -> Option<Position<R>> {
        let along = count_bits(found.along) as usize;
        if index >= along {
            return self.nth_found(found, roll, index).map(|mv| self.apply(mv));
        }
        let from = self.select_start(found.along, index);
        let r = u32::from(roll.value());
        let bit = |set: u32| (set >> from) & 1 != 0;
        Some(self.apply_step(Step {
            roll,
            from,
            to: if found.backward {
                from.wrapping_sub(r)
            } else {
                from + r
            },
            hit: bit(found.contacts),
            water: bit(found.water),
        }))
    }

    /// The position after a lost throw, trusting that `roll` has no legal move.
    #[inline]
    pub(crate) fn apply_lost_throw(&self, roll: Roll) -> Position<R> {
        let side = if self.ruleset.throws_again(roll, false) {
            self.side
        } else {
            self.side.opponent()
        };
        Position { side, ..*self }
    }
}

/// The legal moves of one roll in one position, together with the position.
///
/// Because it holds its own position and a complete list, playing one of
/// its moves only checks that the move is in the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalMoves<R: Ruleset> {
    position: Position<R>,
    roll: Roll,
    moves: MoveList,
}

impl<R: Ruleset> LegalMoves<R> {
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

    /// The moves as a plain list.
    #[inline]
    pub fn list(&self) -> &MoveList {
        &self.moves
    }

    /// Plays `mv` if it is one of these moves; otherwise says why it is not legal.
    #[inline]
    pub fn play(&self, mv: Move) -> Result<Position<R>, IllegalMove> {
        if self.moves.contains(&mv) {
            Ok(self.position.apply(mv))
        } else {
            // Not in the complete list, so `play` refuses it and says why.
            self.position.play(mv)
        }
    }

    /// Plays the move at `index` of the list, or `None` past its end.
    #[inline]
    pub fn play_nth(&self, index: usize) -> Option<Position<R>> {
        self.moves.get(index).map(|&mv| self.position.apply(mv))
    }

    /// The position after the throw is lost, when it is: no legal move, the
    /// game not over, and a roll the implement can make.
    #[inline]
    pub fn lose_throw(&self) -> Result<Position<R>, IllegalMove> {
        if !self.moves.is_empty() {
            Err(IllegalMove::MovesExist {
                count: self.moves.len(),
            })
        } else if self.position.is_over() {
            Err(IllegalMove::GameOver)
        } else if !self.position.ruleset.dice().can_roll(self.roll) {
            Err(IllegalMove::RollNotOnDice { roll: self.roll })
        } else {
            // The list is complete and empty: the throw is lost.
            Ok(self.position.apply_lost_throw(self.roll))
        }
    }
}

impl<R: Ruleset> core::ops::Deref for LegalMoves<R> {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves
    }
}
