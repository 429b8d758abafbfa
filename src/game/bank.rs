//! A game whose throws are banked ([`Ruleset::banks_throws`]): each throw
//! recorded as banked, then the bank played roll by roll, and the rolls
//! no move can use lost at once, lowest first.

use crate::game::turn::Thrown;
use crate::game::{Game, GameError};
use crate::mv::Move;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::source::ThrowSource;
use crate::throw::{Roll, Throw};

impl<R: Ruleset, S: ThrowSource> Game<R, S> {
    /// Banks `throw`, just thrown by the side to throw, and records it;
    /// once the throwing is over, the bank waits to be played (or its
    /// rolls are lost, when none has a move).
    pub(super) fn bank(&mut self, throw: Throw) -> Result<Thrown, GameError> {
        let position = self.state.position;
        let roll = throw.roll();
        let text = position.bank_notation(roll);
        let after = position
            .bank_throw(roll)
            .map_err(|error| GameError::Notation {
                side: position.side_to_throw(),
                written: text,
                error: error.into(),
            })?;
        let turn = self.commit(throw, None, text, after);
        self.settle_bank();
        Ok(Thrown::Banked(turn))
    }

    /// Once a bank is to be played: its moves wait for the side, or,
    /// when no banked roll has one, the rolls are lost, lowest first,
    /// and recorded.
    pub(super) fn settle_bank(&mut self) {
        loop {
            let position = self.state.position;
            if position.is_over() || !position.bank().is_to_play() {
                return;
            }
            let moves = bank_moves(&position);
            if let Some(&last) = self.state.banked.last()
                && !moves.is_empty()
            {
                self.state.pending = Some((last, moves));
                return;
            }
            let Some(lowest) = position.bank().lowest() else {
                return;
            };
            // The lowest banked roll, with no banked roll to play, is lost.
            let Ok(after) = position.lose_throw(lowest) else {
                return;
            };
            let throw = self.take_banked(lowest);
            self.commit(throw, None, position.lost_notation(lowest), after);
        }
    }

    /// The first banked throw of `roll`, taken from the bank (the
    /// canonical throw of the roll when the game began with a bank it
    /// did not see thrown).
    pub(super) fn take_banked(&mut self, roll: Roll) -> Throw {
        let banked = &mut self.state.banked;
        match banked.iter().position(|throw| throw.roll() == roll) {
            Some(index) => banked.remove(index),
            None => canonical(&self.state.position, roll),
        }
    }
}

/// Every legal move of every roll banked in `position`, lowest roll first.
pub(super) fn bank_moves<R: Ruleset>(position: &Position<R>) -> Vec<Move> {
    position
        .bank()
        .distinct()
        .flat_map(|roll| position.moves(roll).to_list().to_vec())
        .collect()
}

/// The throws a game that begins at `start` holds banked: the canonical
/// throw of each banked roll (a position keeps rolls, not faces).
pub(super) fn banked_at_start<R: Ruleset>(start: &Position<R>) -> Vec<Throw> {
    start
        .bank()
        .rolls()
        .map(|roll| canonical(start, roll))
        .collect()
}

/// The canonical throw of `roll` on the ruleset's implement (a banked
/// roll is one the implement makes, so it always has one).
fn canonical<R: Ruleset>(position: &Position<R>, roll: Roll) -> Throw {
    let dice = position.ruleset().dice();
    Throw::canonical(dice, roll).unwrap_or_else(|| dice.throw_from(0))
}

impl<R: Ruleset> Position<R> {
    /// The move a person typed, among every banked roll's moves: the
    /// roll may be typed (`2: 10-12`) or left out (`10-12`) when only one
    /// banked roll's move fits.
    pub(crate) fn read_typed_banked_move(
        &self,
        text: &str,
    ) -> Result<Move, crate::notation::typed::TypedMoveError> {
        let mut fitting = Vec::new();
        let mut first_error = None;
        for roll in self.bank().distinct() {
            match self.read_typed_move(roll, text) {
                Ok(mv) => fitting.push(mv),
                Err(error) => {
                    first_error.get_or_insert(error);
                }
            }
        }
        match fitting[..] {
            [mv] => Ok(mv),
            [] => Err(first_error.unwrap_or(crate::notation::typed::TypedMoveError::Empty)),
            _ => Err(crate::notation::typed::TypedMoveError::Ambiguous {
                typed: text.trim().to_owned(),
                candidates: fitting.iter().map(|&mv| self.notation(mv)).collect(),
            }),
        }
    }
}
