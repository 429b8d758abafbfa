//! Legal moves, playing them and losing throws: shared code over the `Ruleset` hooks.

use thiserror::Error;

use crate::bitboard::Bitboard;
use crate::house::{House, Side, Target};
use crate::moves::{Move, MoveList};
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

/// What the generator needs about the board, computed once per roll.
#[derive(Clone, Copy)]
struct Context {
    own: Bitboard,
    opp: Bitboard,
    impassable: Bitboard,
    shielded: Bitboard,
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

    /// Adds the legal moves of `pieces` in one direction; returns whether it added any.
    #[inline]
    fn extend_tier<const BACKWARD: bool>(
        &self,
        list: &mut MoveList,
        ctx: &Context,
        pieces: Bitboard,
        roll: Roll,
    ) -> bool {
        let before = list.len();
        let backward = BACKWARD;
        let mut one_by_one = pieces;
        if !backward {
            let plain = pieces & self.ruleset.plain_forward(roll);
            self.extend_plain(list, ctx, plain, roll);
            one_by_one = pieces & !plain;
        }
        for from in one_by_one {
            let reach = if backward {
                self.ruleset.backward(from, roll)
            } else {
                self.ruleset.forward(from, roll)
            };
            if let Some(Ok(mv)) = reach.map(|reach| self.try_step(ctx, roll, from, reach, backward))
            {
                list.push(mv);
            }
        }
        list.len() > before
    }

    /// Adds the legal moves of `pieces`, each stepping `roll` houses forward
    /// along the track: the same rules as [`try_step`](Self::try_step) for
    /// `Reach::To`, applied to all the pieces at once.
    #[inline]
    fn extend_plain(&self, list: &mut MoveList, ctx: &Context, pieces: Bitboard, roll: Roll) {
        let r = roll.value();
        let mut from = pieces;
        if !ctx.impassable.is_empty() {
            for k in 1..r {
                from &= !ctx.impassable.shift_down(k);
            }
        }
        let landable = !ctx.own & !(ctx.opp & ctx.shielded);
        from &= landable.shift_down(r);
        let contact = match self.ruleset.contact() {
            Contact::Swap => Move::FLAG_SWAP,
            Contact::Capture => Move::FLAG_CAPTURE,
        };
        for start in from {
            let target = House::from_index(start.number() + r);
            let mut flags = 0;
            if ctx.opp.contains(target) {
                if contact == Move::FLAG_SWAP && !self.ruleset.may_displace(target, start) {
                    continue;
                }
                flags = contact;
            }
            list.push(Move::new(roll, start, Target::House(target), flags));
        }
    }

    /// Fills `list` with the legal moves of one direction, pieces that must
    /// be played first taking precedence; returns whether any exist.
    #[inline]
    fn fill_tier<const BACKWARD: bool>(
        &self,
        list: &mut MoveList,
        ctx: &Context,
        roll: Roll,
    ) -> bool {
        let first = self.ruleset.must_play_first() & ctx.own;
        if !first.is_empty() && self.extend_tier::<BACKWARD>(list, ctx, first, roll) {
            return true;
        }
        self.extend_tier::<BACKWARD>(list, ctx, ctx.own & !first, roll)
    }

    /// Every legal move with `roll`, into `list` (cleared first). Allocation-free.
    ///
    /// Empty when the throw is lost, when the game is over, or when the
    /// ruleset's implement cannot make `roll`.
    #[inline]
    pub fn legal_moves_into(&self, roll: Roll, list: &mut MoveList) {
        list.clear();
        if self.is_over() || !self.ruleset.dice().can_roll(roll) {
            return;
        }
        let ctx = self.context();
        if !self.fill_tier::<false>(list, &ctx, roll) {
            self.fill_tier::<true>(list, &ctx, roll);
        }
    }

    /// Every legal move with `roll`; see [`legal_moves_into`](Self::legal_moves_into).
    #[inline]
    pub fn legal_moves(&self, roll: Roll) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(roll, &mut list);
        list
    }

    /// The legal moves of `roll`, bound to this position so that playing one
    /// needs no check beyond finding it in the list: the fast way to play.
    /// Allocation-free.
    #[inline]
    pub fn legal(&self, roll: Roll) -> LegalMoves<R> {
        let mut moves = MoveList::new();
        self.legal_moves_into(roll, &mut moves);
        LegalMoves {
            position: *self,
            roll,
            moves,
        }
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
        let ruleset = self.ruleset;
        let side = self.side;
        let opponent = side.opponent();
        let mut board = self.board;
        board.remove(side, mv.from());
        match mv.to() {
            Target::Off => board.bear_off(side),
            Target::House(target) if mv.is_water() => {
                let rest = ruleset.water_landing(board.occupied()).unwrap_or(target);
                board.put(side, rest);
            }
            Target::House(target) => {
                if mv.is_swap() {
                    board.remove(opponent, target);
                    board.put(opponent, mv.from());
                } else if mv.is_capture() {
                    board.remove(opponent, target);
                }
                board.put(side, target);
            }
        }
        if let (Some(rest), Some(owner)) = (
            water_would_move(&ruleset, &board),
            board.piece_at(House::WATER),
        ) {
            board.remove(owner, House::WATER);
            board.put(owner, rest);
        }
        let next = if ruleset.outcome(&board).is_none() && ruleset.throws_again(mv.roll(), true) {
            side
        } else {
            opponent
        };
        Position {
            ruleset,
            board,
            side: next,
        }
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
