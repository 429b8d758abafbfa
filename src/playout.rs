//! Playouts: a game played on from a position until it ends or a throw
//! limit stops it, written once for every caller (the `playouts` example,
//! the benches, the study, the allocation tests).
//!
//! [`playout`] is the random one, the hot path whose speed is measured:
//! throws and uniformly random moves from one generator, no allocation.
//! [`playout_with`] runs the same loop with a [`PlayoutDriver`] that
//! throws and chooses as it likes (a seeded source, agents) and counts
//! what it wants on the way.

use core::convert::Infallible;

use rand_core::Rng;

use crate::legal::Moves;
use crate::movegen::IllegalMoveError;
use crate::position::Position;
use crate::ruleset::{Outcome, Ruleset};
use crate::throw::Throw;

/// How a playout ended: its last position and what the loop counted.
///
/// ```
/// use senet::{Position, rulesets::Kendall};
/// use senet::playout::playout;
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let done = playout(&Position::start(Kendall), &mut ChaCha8Rng::seed_from_u64(1), 100_000);
/// assert!(done.outcome().is_some()); // no random Kendall game lasts 100,000 throws
/// assert!(done.lost_throws < done.throws);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        remote = "Self",
        deny_unknown_fields,
        bound(serialize = "R: Ruleset", deserialize = "R: crate::rulesets::ByName")
    )
)]
#[non_exhaustive]
pub struct Playout<R: Ruleset> {
    /// The last position: the game's end, or where the throw limit stopped it.
    pub end: Position<R>,
    /// The throws made, lost ones included.
    pub throws: u32,
    /// The throws that had no legal move.
    pub lost_throws: u32,
}

impl<R: Ruleset> Playout<R> {
    /// The result, or `None` when the throw limit stopped the game first.
    ///
    /// ```
    /// use senet::{Position, rulesets::Bell};
    /// use senet::playout::playout;
    /// use rand_chacha::ChaCha8Rng;
    /// use rand_core::SeedableRng;
    ///
    /// let stopped = playout(&Position::start(Bell), &mut ChaCha8Rng::seed_from_u64(1), 3);
    /// assert_eq!((stopped.outcome(), stopped.throws), (None, 3));
    /// ```
    #[inline]
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.end.outcome()
    }
}

/// What [`playout_with`] asks at each throw: the throw, and the move to
/// play when there is one. Lost throws are the loop's own business.
///
/// ```
/// use senet::{IllegalMoveError, Moves, Position, Throw};
/// use senet::playout::{PlayoutDriver, playout_with};
/// use senet::{Dice, Roll, rulesets::Kendall};
///
/// /// Always throws a 4 and plays the last move: deterministic, for a test.
/// struct Fours;
/// impl PlayoutDriver<Kendall> for Fours {
///     type Error = IllegalMoveError;
///     fn throw(&mut self, _: &Position<Kendall>) -> Result<Throw, IllegalMoveError> {
///         Ok(Throw::canonical(Dice::FOUR_STICKS, Roll::new(4).unwrap()).unwrap())
///     }
///     fn play(&mut self, moves: &Moves<Kendall>, _: Throw) -> Result<Position<Kendall>, IllegalMoveError> {
///         Ok(moves.play_nth(moves.len() - 1).unwrap())
///     }
/// }
/// let done = playout_with(&Position::start(Kendall), &mut Fours, 1_000).unwrap();
/// assert!(done.throws > 0 && done.throws <= 1_000);
/// ```
pub trait PlayoutDriver<R: Ruleset> {
    /// Why a throw or a move could not be made; a lost throw the
    /// position refuses (a throw of another implement) is one too.
    type Error: From<IllegalMoveError>;

    /// The throw of the side to throw in `position`, which is not over.
    fn throw(&mut self, position: &Position<R>) -> Result<Throw, Self::Error>;

    /// The position after one of `moves` (never empty), thrown as `throw`.
    fn play(&mut self, moves: &Moves<R>, throw: Throw) -> Result<Position<R>, Self::Error>;

    /// Where throws are banked ([`Ruleset::banks_throws`]), the position
    /// after one move of the bank `position` holds, some banked roll having
    /// one. By default the lowest banked roll with a move is played,
    /// through [`play`](Self::play) with that roll's canonical throw;
    /// a driver that chooses the order of its rolls says so here.
    fn play_bank(&mut self, position: &Position<R>) -> Result<Position<R>, Self::Error> {
        let roll = position
            .bank()
            .distinct()
            .find(|&roll| !position.moves(roll).is_empty())
            .ok_or(IllegalMoveError::GameOver)?;
        let dice = position.ruleset().dice();
        let throw = Throw::canonical(dice, roll).ok_or(IllegalMoveError::RollNotOnDice { roll })?;
        self.play(&position.moves(roll), throw)
    }
}

/// Plays on from `start` with a uniformly random legal move each throw
/// until the game ends or `max_throws` throws are made. Each throw takes
/// one `u32` from `rng`: its low bits are the throw
/// ([`Dice::throw_from`](crate::Dice::throw_from), as
/// [`Dice::throw`](crate::Dice::throw) reads them), and its high 28 bits,
/// which the throw never reads, choose the move when there is one, scaled
/// to the move count by a multiply-shift (an index in the order of
/// [`Moves`]). One word per throw rather than two halves the generator's
/// share of the work. Where throws are banked ([`Ruleset::banks_throws`]),
/// each throw's word is only its throw, and each move of a bank takes one
/// word more, scaled to the count of every banked roll's moves (lowest
/// roll first). The same generator state gives the same game.
/// Allocation-free.
///
/// ```
/// use senet::{Outcome, Position, Side, rulesets::Temple};
/// use senet::playout::playout;
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let start = Position::start(Temple);
/// let mut rng = ChaCha8Rng::seed_from_u64(7);
/// let x_wins = (0..100)
///     .map(|_| playout(&start, &mut rng, 100_000))
///     .filter(|game| game.outcome() == Some(Outcome::Win(Side::X)))
///     .count();
/// assert!((25..=75).contains(&x_wins));
/// ```
#[inline]
#[must_use]
pub fn playout<R: Ruleset, G: Rng + ?Sized>(
    start: &Position<R>,
    rng: &mut G,
    max_throws: u32,
) -> Playout<R> {
    match run(start, &mut Uniform(rng), max_throws) {
        Ok(done) => done,
        Err(never) => match never {},
    }
}

/// Plays on from `start` as `driver` throws and chooses until the game
/// ends or `max_throws` throws are made; a throw with no legal move is
/// lost by the loop itself. The loop allocates nothing; the driver may.
///
/// # Errors
///
/// The driver's first error, and [`IllegalMoveError`] (converted) when a
/// throw with no move cannot be lost: a throw the ruleset's implement
/// cannot make.
///
/// ```
/// use senet::{Position, Seed};
/// use senet::playout::PlayoutDriver;
/// use senet::source::{SeededThrows, ThrowSource, ThrowError};
/// use senet::{IllegalMoveError, Moves, Throw, rulesets::Bell};
/// use senet::playout::playout_with;
///
/// /// Seeded throws, the first move always, and a count of landings on a piece.
/// struct FirstMove { throws: SeededThrows, hits: u32 }
///
/// #[derive(Debug)]
/// enum Stop { Throw(ThrowError), Move(IllegalMoveError) }
/// impl From<IllegalMoveError> for Stop {
///     fn from(e: IllegalMoveError) -> Stop { Stop::Move(e) }
/// }
///
/// impl PlayoutDriver<Bell> for FirstMove {
///     type Error = Stop;
///     fn throw(&mut self, _: &Position<Bell>) -> Result<Throw, Stop> {
///         self.throws.next_throw(senet::Dice::LONG_DIE).map_err(Stop::Throw)
///     }
///     fn play(&mut self, moves: &Moves<Bell>, _: Throw) -> Result<Position<Bell>, Stop> {
///         let first = moves.iter().next().expect("never empty");
///         self.hits += u32::from(first.is_hit());
///         Ok(moves.play(first)?)
///     }
/// }
/// let mut driver = FirstMove { throws: SeededThrows::new(Seed::from_u64(1)), hits: 0 };
/// let done = playout_with(&Position::start(Bell), &mut driver, 10_000).unwrap();
/// assert!(done.outcome().is_some());
/// assert!(driver.hits < done.throws);
/// ```
#[inline]
pub fn playout_with<R: Ruleset, D: PlayoutDriver<R> + ?Sized>(
    start: &Position<R>,
    driver: &mut D,
    max_throws: u32,
) -> Result<Playout<R>, D::Error> {
    run(start, &mut Checked(driver), max_throws)
}

/// An index below `len` (at least 1) from `bits`, uniformly random below
/// `2^width`: multiply-shift, each index's chance within `2^-width` of one
/// in `len`, and cheaper than a division.
#[inline]
fn scaled_index(bits: u32, width: u32, len: usize) -> usize {
    ((u64::from(bits) * len as u64) >> width) as usize
}

/// The loop's view of a driver, with the lost throw: checked for a
/// driver's throws, trusted for the dice's own.
trait Turns<R: Ruleset> {
    type Error;
    /// What the throw leaves for choosing the move (the word's unread bits).
    type Choice: Copy;
    fn throw(&mut self, position: &Position<R>) -> Result<(Throw, Self::Choice), Self::Error>;
    fn play(
        &mut self,
        moves: &Moves<R>,
        throw: Throw,
        choice: Self::Choice,
    ) -> Result<Position<R>, Self::Error>;
    fn lose(&mut self, moves: &Moves<R>) -> Result<Position<R>, Self::Error>;
    /// The position after `throw` is banked.
    fn bank(&mut self, position: &Position<R>, throw: Throw) -> Result<Position<R>, Self::Error>;
    /// The position after one move of the bank, some banked roll having one.
    fn play_bank(&mut self, position: &Position<R>) -> Result<Position<R>, Self::Error>;
}

/// The one playout loop.
#[inline(always)]
fn run<R: Ruleset, T: Turns<R>>(
    start: &Position<R>,
    turns: &mut T,
    max_throws: u32,
) -> Result<Playout<R>, T::Error> {
    let mut position = *start;
    let (mut throws, mut lost_throws) = (0, 0);
    // A constant for a built-in ruleset: none banks its throws.
    let banking = position.ruleset().banks_throws();
    while !position.is_over() && throws < max_throws {
        if banking && position.bank().is_to_play() {
            // A bank is played with no throw: a move of a banked roll,
            // or, when none has one, the lowest roll lost.
            position = match (position.playable_banked_roll(), position.bank().lowest()) {
                (Some(_), _) => turns.play_bank(&position)?,
                (None, Some(lowest)) => {
                    lost_throws += 1;
                    position.apply_lost_throw(lowest)
                }
                (None, None) => break,
            };
            continue;
        }
        let (throw, choice) = turns.throw(&position)?;
        throws += 1;
        if banking {
            position = turns.bank(&position, throw)?;
            continue;
        }
        // The moves as sets: counting them and playing the chosen one
        // writes no list.
        let moves = position.moves(throw.roll());
        position = if moves.is_empty() {
            lost_throws += 1;
            turns.lose(&moves)?
        } else {
            turns.play(&moves, throw, choice)?
        };
    }
    Ok(Playout {
        end: position,
        throws,
        lost_throws,
    })
}

/// [`playout`]'s turns: one generator for throws and choices.
struct Uniform<'a, G: ?Sized>(&'a mut G);

impl<R: Ruleset, G: Rng + ?Sized> Turns<R> for Uniform<'_, G> {
    type Error = Infallible;
    type Choice = u32;

    #[inline(always)]
    fn throw(&mut self, position: &Position<R>) -> Result<(Throw, u32), Infallible> {
        // The throw reads the low four bits at most; the other 28 choose.
        let word = self.0.next_u32();
        Ok((position.ruleset().dice().throw_from(word), word >> 4))
    }

    #[inline(always)]
    fn play(&mut self, moves: &Moves<R>, _: Throw, choice: u32) -> Result<Position<R>, Infallible> {
        let pick = scaled_index(choice, 28, moves.len());
        // The multiply-shift keeps `pick` below the count, so this never
        // fails; any way of going on instead (keeping the position,
        // stopping the game) costs the hot loop 2 to 8% of its
        // instructions, measured.
        Ok(moves
            .play_nth(pick)
            .unwrap_or_else(|| unreachable!("an index below the count always plays")))
    }

    #[inline(always)]
    fn lose(&mut self, moves: &Moves<R>) -> Result<Position<R>, Infallible> {
        // The dice's own throw: a roll they can make, in a game not over.
        Ok(moves.position().apply_lost_throw(moves.roll()))
    }

    #[inline]
    fn bank(&mut self, position: &Position<R>, throw: Throw) -> Result<Position<R>, Infallible> {
        // The dice's own throw, by a side still throwing.
        Ok(position.apply_bank_throw(throw.roll()))
    }

    /// One word: a move among every banked roll's, lowest roll first.
    #[inline]
    fn play_bank(&mut self, position: &Position<R>) -> Result<Position<R>, Infallible> {
        let word = self.0.next_u32();
        let bank = position.bank();
        let total: usize = bank.distinct().map(|roll| position.moves(roll).len()).sum();
        let mut pick = scaled_index(word, 32, total.max(1));
        for roll in bank.distinct() {
            let moves = position.moves(roll);
            if pick < moves.len()
                && let Some(after) = moves.play_nth(pick)
            {
                return Ok(after);
            }
            pick -= moves.len().min(pick);
        }
        // Never reached: some banked roll has a move.
        Ok(*position)
    }
}

/// [`playout_with`]'s turns: the driver's, with its lost throws checked.
struct Checked<'a, D: ?Sized>(&'a mut D);

impl<R: Ruleset, D: PlayoutDriver<R> + ?Sized> Turns<R> for Checked<'_, D> {
    type Error = D::Error;
    type Choice = ();

    #[inline(always)]
    fn throw(&mut self, position: &Position<R>) -> Result<(Throw, ()), D::Error> {
        Ok((self.0.throw(position)?, ()))
    }

    #[inline(always)]
    fn play(&mut self, moves: &Moves<R>, throw: Throw, _: ()) -> Result<Position<R>, D::Error> {
        self.0.play(moves, throw)
    }

    #[inline(always)]
    fn lose(&mut self, moves: &Moves<R>) -> Result<Position<R>, D::Error> {
        Ok(moves.lose_throw()?)
    }

    #[inline]
    fn bank(&mut self, position: &Position<R>, throw: Throw) -> Result<Position<R>, D::Error> {
        Ok(position.bank_throw(throw.roll())?)
    }

    #[inline]
    fn play_bank(&mut self, position: &Position<R>) -> Result<Position<R>, D::Error> {
        self.0.play_bank(position)
    }
}

#[cfg(test)]
mod tests {
    use rand_chacha::ChaCha8Rng;
    use rand_core::{Rng, SeedableRng};

    use super::*;
    use crate::AnyRuleset;

    /// The random playout's contract, replayed through the public API: one
    /// word per throw, its low bits the throw, its high 28 bits the index
    /// of the move among the roll's `Moves`.
    #[test]
    fn a_random_playout_takes_one_word_per_throw() {
        for ruleset in AnyRuleset::ALL {
            for seed in 0..20 {
                let start = Position::start(ruleset);
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let done = playout(&start, &mut rng, 500);

                let mut words = ChaCha8Rng::seed_from_u64(seed);
                let (mut position, mut lost) = (start, 0);
                for _ in 0..done.throws {
                    let word = words.next_u32();
                    let moves = position.moves(ruleset.dice().throw_from(word).roll());
                    position = if moves.is_empty() {
                        lost += 1;
                        moves.lose_throw().unwrap()
                    } else {
                        let pick = (u64::from(word >> 4) * moves.len() as u64) >> 28;
                        moves.play_nth(pick as usize).unwrap()
                    };
                }
                assert_eq!(
                    (position, lost),
                    (done.end, done.lost_throws),
                    "{ruleset} {seed}"
                );
                // Both generators are at the same word.
                assert_eq!(rng.next_u64(), words.next_u64(), "{ruleset} {seed}");
            }
        }
    }
}
