//! One piece's move checked against the board: the moves the step tables
//! leave to the hooks, and the reason a move a user names is refused.
//!
//! Whether a move is legal is always decided by the sets of
//! [`sets`](super::sets); this module decides only the pieces those sets
//! ask about, from the same [`Context`], and otherwise explains.

use crate::bitboard::Bitboard;
use crate::house::{House, Target};
use crate::movegen::Context;
use crate::movegen::error::IllegalMoveError;
use crate::movegen::sets::{Found, OFF_BIT};
use crate::mv::Move;
use crate::position::Position;
use crate::ruleset::Direction;
use crate::ruleset::{Contact, Reach, Refusal, Ruleset};
use crate::throw::Roll;

impl<R: Ruleset> Position<R> {
    /// Whether a move of `roll` may be asked for here at all: the game
    /// goes on, the implement makes the roll, and a banking side has
    /// finished throwing and banked that roll. The refusal otherwise.
    pub(crate) fn check_roll(&self, roll: Roll) -> Result<(), IllegalMoveError> {
        if self.is_over() {
            return Err(IllegalMoveError::GameOver);
        }
        if !self.ruleset.dice().can_roll(roll) {
            return Err(IllegalMoveError::RollNotOnDice { roll });
        }
        if self.ruleset.banks_throws() {
            if !self.bank.is_to_play() {
                let side = self.side_to_throw();
                return Err(IllegalMoveError::StillThrowing { side });
            }
            if !self.bank.holds(roll) {
                return Err(IllegalMoveError::NotBanked { roll });
            }
        }
        Ok(())
    }

    /// Where a reach ends, as a move writes it: `None` for a move into the
    /// water in a ruleset that has none, or a return with nowhere to land
    /// (no such move exists).
    #[inline]
    pub(crate) fn target_of(&self, from: House, reach: Reach) -> Option<Target> {
        let water = || self.ruleset.water().map(Target::House);
        match reach {
            Reach::To(house) => Some(Target::House(house)),
            Reach::Off => Some(Target::Off),
            Reach::Water | Reach::Fall => water(),
            Reach::ToElseWater(house) if !self.board.occupied().contains(house) => {
                Some(Target::House(house))
            }
            Reach::ToElseWater(_) => water(),
            Reach::Return => self.return_rest(from).ok().flatten().map(Target::House),
        }
    }

    /// Where the piece on `from` lands when it comes back from the water,
    /// given every other piece; `Ok(None)` when it cannot now.
    ///
    /// # Errors
    ///
    /// [`HookError::Occupied`](crate::rulesets::HookError::Occupied) when the
    /// ruleset's `return_landing` answers a taken house.
    fn return_rest(&self, from: House) -> Result<Option<House>, crate::rulesets::HookError> {
        let others = self.board.occupied().without(from);
        let answer = self.ruleset.return_landing(others);
        let trusted = crate::ruleset::identity::built_in(&self.ruleset);
        crate::ruleset::contract::checked_landing(
            crate::ruleset::contract::Hook::ReturnLanding,
            answer,
            others,
            trusted,
        )
    }

    /// Where the hook of `direction` takes the piece on `from` with `roll`.
    #[inline]
    fn reach(&self, from: House, roll: Roll, direction: Direction) -> Option<Reach> {
        match direction {
            Direction::Forward => self.ruleset.forward(from, roll),
            Direction::Backward => self.ruleset.backward(from, roll),
        }
    }

    /// The legal move of the piece on `from`, one the step tables leave to
    /// the hooks, in one direction, if it has one (precedence aside).
    #[inline]
    pub(crate) fn asked_move(
        &self,
        ctx: &Context,
        from: House,
        roll: Roll,
        direction: Direction,
    ) -> Option<Move> {
        let reach = self.reach(from, roll, direction)?;
        self.try_step(ctx, roll, from, reach, direction).ok()
    }

    /// The move of the piece on `from` to where `reach` takes it, checked
    /// against the board's rules (precedence aside), or why it is illegal.
    pub(crate) fn try_step(
        &self,
        ctx: &Context,
        roll: Roll,
        from: House,
        reach: Reach,
        direction: Direction,
    ) -> Result<Move, IllegalMoveError> {
        let ruleset = &self.ruleset;
        if !ctx.movable.contains(from) {
            let why = ruleset.why(Refusal::Held);
            return Err(IllegalMoveError::Held { house: from, why });
        }
        let Some(target) = self.target_of(from, reach) else {
            return Err(match reach {
                Reach::Return => match self.return_rest(from) {
                    Err(broken) => IllegalMoveError::Hook(broken),
                    Ok(_) => IllegalMoveError::NoReturnHouse { from },
                },
                _ => self.no_step(from, roll),
            });
        };
        // A written target below the start is a move down the track,
        // whichever rule made it.
        let mut flags = if target.track_number() < from.number() {
            Move::FLAG_BACKWARD
        } else {
            0
        };
        // A piece that cannot land where the reach says goes into the water.
        let reach = match reach {
            Reach::ToElseWater(house) if target != Target::House(house) => Reach::Water,
            Reach::ToElseWater(house) => Reach::To(house),
            reach => reach,
        };
        // Passing and landing are decided by the context's sets, as for
        // the masks; only the reason for a refusal is worked out here.
        if !matches!(reach, Reach::Fall | Reach::Return)
            && let Some(house) = ctx.first_passed(from, target.track_number(), direction)
        {
            let why = ruleset.why(Refusal::Blocked);
            return Err(IllegalMoveError::Blocked { house, why });
        }
        let landable = |bit: u32| ctx.landable() & bit != 0;
        match reach {
            Reach::Off if !landable(OFF_BIT) => {
                let why = ruleset.why(Refusal::NoBearingOff);
                return Err(IllegalMoveError::NoBearingOff { why });
            }
            Reach::Off | Reach::Return | Reach::ToElseWater(_) => {}
            Reach::Water | Reach::Fall => {
                ctx.water_rest(ruleset, from)?
                    .ok_or(IllegalMoveError::WaterFull)?;
                flags |= Move::FLAG_WATER;
            }
            Reach::To(house) => {
                if !landable(Bitboard::from_house(house).bits()) {
                    return Err(self.unlandable(ctx, house));
                }
                if ctx.opp.contains(house) {
                    let Some(contact) = ruleset.contact_at(from, house) else {
                        let why = ruleset.why(Refusal::NotDisplaced);
                        return Err(IllegalMoveError::Displacement {
                            from: house,
                            to: from,
                            why,
                        });
                    };
                    // A drowned piece needs a place in the water, the mover
                    // standing on its target: the same houses are taken as
                    // when the mover itself enters it.
                    if contact == Contact::Drown {
                        ctx.water_rest(ruleset, from)?
                            .ok_or(IllegalMoveError::WaterFull)?;
                    }
                    if contact == Contact::SendBack {
                        ctx.send_back_rest(ruleset)?
                            .ok_or(IllegalMoveError::NowhereToSendBack { house })?;
                    }
                    flags |= Move::flag_of(contact);
                }
            }
        }
        Ok(Move::new(roll, from, target, flags))
    }

    /// Why no piece may land on `house`, which the context's landing set
    /// leaves out: the mover's own piece there, or a shielded opponent's.
    fn unlandable(&self, ctx: &Context, house: House) -> IllegalMoveError {
        if ctx.own.contains(house) {
            IllegalMoveError::OwnPiece { house }
        } else if self.ruleset.safe_houses().contains(house) {
            IllegalMoveError::SafeHouse { house }
        } else {
            let why = self.ruleset.why(Refusal::Protected);
            IllegalMoveError::Protected { house, why }
        }
    }

    /// The refusal for a piece the hooks give no move.
    fn no_step(&self, from: House, roll: Roll) -> IllegalMoveError {
        IllegalMoveError::NoStep {
            from,
            roll,
            why: self.ruleset.why(Refusal::NoStep { from, roll }),
        }
    }

    /// The legal move of `roll` from `from` to `to`, or exactly why there
    /// is none.
    ///
    /// The move is looked up among the roll's legal moves; only when it is
    /// not there is the reason worked out.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] when the roll has no such legal move here; the
    /// variant says which rule refuses it.
    ///
    /// ```
    /// use senet::{House, IllegalMoveError, Position, Roll};
    /// use senet::moves::Target;
    /// use senet::rulesets::Kendall;
    ///
    /// let start = Position::start(Kendall);
    /// let (two, ten) = (Roll::new(2).unwrap(), House::new(10).unwrap());
    /// let mv = start.find_move(two, ten, Target::House(House::new(12).unwrap()))?;
    /// assert_eq!(start.notation(mv).to_string(), "2: 10-12");
    /// let wrong = start.find_move(two, ten, Target::House(House::new(13).unwrap()));
    /// assert!(matches!(wrong, Err(IllegalMoveError::WrongTarget { .. })));
    /// # Ok::<(), senet::IllegalMoveError>(())
    /// ```
    pub fn find_move(&self, roll: Roll, from: House, to: Target) -> Result<Move, IllegalMoveError> {
        self.check_roll(roll)?;
        let found = self.find_roll(roll);
        match self.move_from(&found, roll, from) {
            Some(mv) if mv.to() == to => Ok(mv),
            _ => Err(self.refusal(&found, roll, from, to)),
        }
    }

    /// The wait of the piece on `from` with `roll`, when it is one of the
    /// roll's legal moves here ([`Ruleset::waits`]); otherwise why not.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError::GameOver`], [`IllegalMoveError::RollNotOnDice`],
    /// [`IllegalMoveError::NoPiece`], [`IllegalMoveError::Held`] as for a
    /// move, and [`IllegalMoveError::NoWait`] when the rules let that
    /// piece no wait with this roll.
    ///
    /// ```
    /// use senet::{House, IllegalMoveError, Position, Roll, rulesets::Kendall};
    ///
    /// // Kendall lets no piece wait.
    /// let start = Position::start(Kendall);
    /// let wait = start.find_wait(Roll::new(2).unwrap(), House::new(10).unwrap());
    /// assert!(matches!(wait, Err(IllegalMoveError::NoWait { .. })));
    /// ```
    pub fn find_wait(&self, roll: Roll, from: House) -> Result<Move, IllegalMoveError> {
        self.check_roll(roll)?;
        let found = self.find_roll(roll);
        if let Some(mv) = self.wait_from(&found, roll, from) {
            return Ok(mv);
        }
        let ctx = self.context();
        if !ctx.own.contains(from) {
            return Err(IllegalMoveError::NoPiece {
                side: self.side_to_throw(),
                house: from,
            });
        }
        if !ctx.movable.contains(from) {
            let why = self.ruleset.why(Refusal::Held);
            return Err(IllegalMoveError::Held { house: from, why });
        }
        Err(IllegalMoveError::NoWait { house: from, roll })
    }

    /// The entry of a piece from the hand with `roll`, when it is one of
    /// the roll's legal moves here ([`Ruleset::enters`]); otherwise why
    /// not.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError::GameOver`] and
    /// [`IllegalMoveError::RollNotOnDice`] as for a move, and
    /// [`IllegalMoveError::NoEntry`] with the reason.
    ///
    /// ```
    /// use senet::{IllegalMoveError, Position, Roll, rulesets::Kendall};
    ///
    /// // In Kendall no piece is ever in hand.
    /// let start = Position::start(Kendall);
    /// let entry = start.find_entry(Roll::new(1).unwrap());
    /// assert!(matches!(entry, Err(IllegalMoveError::NoEntry { .. })));
    /// ```
    pub fn find_entry(&self, roll: Roll) -> Result<Move, IllegalMoveError> {
        self.check_roll(roll)?;
        let found = self.find_roll(roll);
        if let Some(mv) = Self::entry_of(&found, roll) {
            return Ok(mv);
        }
        let side = self.side_to_throw();
        let why = match self.ruleset.enters(roll) {
            None => "the rules enter no piece with that roll",
            Some(_) if self.in_hand(side) == 0 => "the side has no piece in hand",
            Some(house) if self.board.occupied().contains(house) => "the house it enters is taken",
            Some(_) => "the side has not begun",
        };
        Err(IllegalMoveError::NoEntry { roll, why })
    }

    /// Why the move of `roll` from `from` to `to` is not among the moves
    /// `found` (the roll's legal moves here).
    fn refusal(&self, found: &Found, roll: Roll, from: House, to: Target) -> IllegalMoveError {
        let ctx = self.context();
        if !ctx.own.contains(from) {
            return IllegalMoveError::NoPiece {
                side: self.side_to_throw(),
                house: from,
            };
        }
        if !ctx.movable.contains(from) {
            let why = self.ruleset.why(Refusal::Held);
            return IllegalMoveError::Held { house: from, why };
        }
        let forward = self.reach(from, roll, Direction::Forward);
        let backward = self.reach(from, roll, Direction::Backward);
        let names =
            |reach: Option<Reach>| reach.filter(|&reach| self.target_of(from, reach) == Some(to));
        if let Some(reach) = names(forward) {
            // The step itself first, then whether another piece must move.
            return match self.try_step(&ctx, roll, from, reach, Direction::Forward) {
                Err(refused) => refused,
                Ok(_) => self.precedence(found, from),
            };
        }
        if let Some(reach) = names(backward) {
            // Backward moves wait for forward ones: say so first.
            if found.step > 0 {
                return IllegalMoveError::ForwardExists;
            }
            return match self.try_step(&ctx, roll, from, reach, Direction::Backward) {
                Err(refused) => refused,
                Ok(_) => self.precedence(found, from),
            };
        }
        // Explain the direction the text asked for: a target above the start
        // is a forward move, so say where a forward move goes, or why none does.
        let upward = to.track_number() > from.number();
        // A return from the water with nowhere to land names no target.
        if !upward
            && forward == Some(Reach::Return)
            && self.target_of(from, Reach::Return).is_none()
        {
            return IllegalMoveError::NoReturnHouse { from };
        }
        let explained = if upward {
            forward
        } else {
            backward.or(forward)
        };
        match explained.and_then(|reach| self.target_of(from, reach)) {
            Some(reaches) => IllegalMoveError::WrongTarget {
                roll,
                from,
                reaches,
                to,
            },
            None => self.no_step(from, roll),
        }
    }

    /// Why a move that the board allows is not among the legal ones: the
    /// pieces that must be played first have moves, and this is not one
    /// of them (a backward move while forward ones exist is told apart
    /// before the board is looked at).
    fn precedence(&self, found: &Found, from: House) -> IllegalMoveError {
        let first = self.ruleset.must_play_first();
        debug_assert!(
            !found.is_empty() && (found.starts() & !first).is_empty() && !first.contains(from),
            "a move the board allows is missing from the sets"
        );
        IllegalMoveError::MustPlayFirst { houses: first }
    }
}
