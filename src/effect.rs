//! What a move did, house by house: where the piece came to rest, what
//! became of an opponent's piece it landed on, the water, a fall, a
//! return, a mark, a waiting piece let out of the water.
//!
//! A move's notation says what was asked (`1: 26-27+`); its [`Effect`]
//! says what happened (the piece went into the water and came out on
//! 15). It is read from where playing the move puts every piece (the
//! crate works that out once, for the position after the move and for
//! its effect alike), for any [`Ruleset`], a ruleset of your own
//! included: nothing here knows a ruleset by name or a house by its
//! number. The crate `senet-view` says an effect in a sentence.
//!
//! ```
//! use senet::effect::{Effect, Rest, Way};
//! use senet::{House, Position, Roll, rulesets::Kendall};
//! use senet::rulesets::Direction;
//!
//! // In Kendall, a 1 from 26 goes into the water, and the piece comes back on 15.
//! let position: Position<Kendall> = "ooooo....................x.... x 4 0".parse()?;
//! let mv = position.moves(Roll::new(1).unwrap()).get(0).unwrap();
//! let (after, effect) = position.play_with_effect(mv)?;
//! assert_eq!(effect.way, Way::IntoWater(Direction::Forward));
//! assert_eq!(effect.rest, Rest::House(House::new(15).unwrap()));
//! assert_eq!(after.to_string(), "ooooo.........x............... x 4 0");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::house::{House, Side, Target};
use crate::movegen::IllegalMoveError;
use crate::mv::Move;
use crate::play::Placed;
use crate::position::Position;
use crate::ruleset::{Contact, Direction, Reach, Ruleset};

/// What one move did, read from the rules: see the [module](self).
///
/// Made by [`Position::effect`] or [`Position::play_with_effect`] for a
/// legal move. It is data only: `senet-view` says it in a plain English
/// sentence.
///
/// ```
/// use senet::effect::{Effect, Hit, Rest, Way};
/// use senet::{House, Position, Roll, Side, rulesets::Kendall};
/// use senet::rulesets::Direction;
///
/// let house = |n| House::new(n).unwrap();
/// // At Kendall's start a 3 takes x's piece on 2 onto o's piece on 5.
/// let start = Position::start(Kendall);
/// let mv = start.moves(Roll::new(3).unwrap()).get(0).unwrap();
/// let effect = start.effect(mv)?;
/// assert_eq!((effect.side, effect.played), (Side::X, mv));
/// assert_eq!(effect.way, Way::Along(Direction::Forward));
/// assert_eq!(effect.rest, Rest::House(house(5)));
/// assert_eq!(effect.hit, Some(Hit::Swapped { on: house(5), to: house(2) }));
/// assert!(!effect.marked && effect.released.is_none() && !effect.is_plain());
/// # Ok::<(), senet::IllegalMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
#[non_exhaustive]
pub struct Effect {
    /// The side that moved.
    pub side: Side,
    /// The move, as played: its roll, its start and its written target.
    pub played: Move,
    /// How the piece went.
    pub way: Way,
    /// Where the piece came to rest.
    pub rest: Rest,
    /// Whether the piece started in the water (a return, or a piece borne
    /// off straight from the water).
    pub from_water: bool,
    /// What became of the opponent's piece it landed on, if it landed on one.
    pub hit: Option<Hit>,
    /// Whether the piece came to rest marked: while it is, its side moves
    /// only it (see [`Ruleset::marks`]).
    pub marked: bool,
    /// A piece that was waiting in the water before the move and that the
    /// move let out (its leaving freed the house the water gives).
    pub released: Option<Release>,
    /// Whether the move cost its side its next turn
    /// ([`Ruleset::loses_next_turn`]).
    #[cfg_attr(feature = "serde", serde(default))]
    pub loses_next_turn: bool,
}

/// How a moved piece went.
///
/// ```
/// use senet::effect::Way;
/// use senet::{Position, Roll, rulesets::Kendall};
/// use senet::rulesets::Direction;
///
/// // x's piece on 25 cannot pass 26 with a 2, so it goes back.
/// let position: Position<Kendall> = "ooooo...................x..... x 4 0".parse()?;
/// let mv = position.moves(Roll::new(2).unwrap()).get(0).unwrap();
/// assert_eq!(position.effect(mv)?.way, Way::Along(Direction::Backward));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Way {
    /// Along the track in this direction, to its written target (a house,
    /// or off).
    Along(Direction),
    /// Along the track in this direction into the water (the move is
    /// written with the water house as its target).
    IntoWater(Direction),
    /// Straight into the water, passing no house ([`Reach::Fall`]).
    Fall,
    /// Straight out of the water to a house, passing no house
    /// ([`Reach::Return`]).
    Return,
    /// Nowhere: the piece waited where it stands, a choice the rules
    /// gave it ([`Ruleset::waits`]).
    Wait,
    /// From its side's hand onto the board ([`Ruleset::enters`]).
    Enter,
}

/// Where a piece came to rest.
///
/// ```
/// use senet::effect::Rest;
/// use senet::{House, Position, Roll, rulesets::Kendall};
///
/// let position: Position<Kendall> = "ooooo....................x.... x 4 0".parse()?;
/// let mv = position.moves(Roll::new(5).unwrap()).get(0).unwrap();
/// assert_eq!(position.effect(mv)?.rest, Rest::Off);
/// assert_eq!(Rest::House(House::new(12).unwrap()).house(), House::new(12));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Rest {
    /// On this house, out of the water.
    House(House),
    /// In the water, standing on this house (the ruleset's
    /// [`water`](Ruleset::water) house), where it waits.
    Water(House),
    /// Borne off.
    Off,
    /// Off the board, back in its side's hand to enter again
    /// ([`Ruleset::water_to_hand`]).
    Hand,
}

impl Rest {
    /// The house the piece stands on, in the water or not; `None` when it
    /// was borne off.
    ///
    /// ```
    /// use senet::effect::Rest;
    /// use senet::House;
    ///
    /// let water = House::new(27).unwrap();
    /// assert_eq!(Rest::Water(water).house(), Some(water));
    /// assert_eq!(Rest::Off.house(), None);
    /// ```
    pub const fn house(self) -> Option<House> {
        match self {
            Rest::House(house) | Rest::Water(house) => Some(house),
            Rest::Off | Rest::Hand => None,
        }
    }
}

/// What became of an opponent's piece that a move landed on.
///
/// ```
/// use senet::effect::Hit;
/// use senet::{House, Position, Roll, rulesets::Bell};
///
/// // In Bell, x's piece on 1 lands on o's piece on 2 and takes it out of the game.
/// let start = Position::start(Bell);
/// let mv = start.moves(Roll::new(1).unwrap()).get(0).unwrap();
/// let hit = start.effect(mv)?.hit;
/// assert_eq!(hit, Some(Hit::Captured { on: House::new(2).unwrap() }));
/// assert_eq!(hit.map(Hit::on), House::new(2));
/// # Ok::<(), senet::IllegalMoveError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", rename_all = "snake_case", deny_unknown_fields)
)]
pub enum Hit {
    /// The two pieces changed places: the opponent's went to `to`, the
    /// mover's start.
    Swapped {
        /// The house landed on.
        on: House,
        /// Where the opponent's piece went.
        to: House,
    },
    /// The opponent's piece left the game for good.
    Captured {
        /// The house landed on.
        on: House,
    },
    /// The opponent's piece was sent back to `to`, where
    /// [`Ruleset::send_back`] said.
    SentBack {
        /// The house landed on.
        on: House,
        /// Where the opponent's piece went.
        to: House,
    },
    /// The opponent's piece was sent into the water, and came to rest in
    /// it ([`Rest::Water`]) or on the house the water gives
    /// ([`Rest::House`]); never [`Rest::Off`].
    Drowned {
        /// The house landed on.
        on: House,
        /// Where the opponent's piece came to rest.
        to: Rest,
    },
}

impl Hit {
    /// The house landed on.
    ///
    /// ```
    /// use senet::effect::Hit;
    /// use senet::House;
    ///
    /// let (on, to) = (House::new(5).unwrap(), House::new(2).unwrap());
    /// assert_eq!(Hit::Swapped { on, to }.on(), on);
    /// ```
    pub const fn on(self) -> House {
        match self {
            Hit::Swapped { on, .. }
            | Hit::Captured { on }
            | Hit::SentBack { on, .. }
            | Hit::Drowned { on, .. } => on,
        }
    }
}

/// A piece that waited in the water and was let out by a move: Classic's
/// piece on 27 going to 15 as soon as 15 is empty.
///
/// ```
/// use senet::effect::Release;
/// use senet::{House, Position, Roll, Side, rulesets::Classic};
///
/// let house = |n| House::new(n).unwrap();
/// // o waits on 27 while x holds 15; x's piece leaves 15 and o's comes out.
/// let position: Position<Classic> = "..............x...........o... x 4 4".parse()?;
/// let mv = position.moves(Roll::new(2).unwrap()).get(0).unwrap();
/// let released = position.effect(mv)?.released;
/// assert_eq!(released, Some(Release { side: Side::O, from: house(27), to: house(15) }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
pub struct Release {
    /// Whose piece it is.
    pub side: Side,
    /// The water house, where it waited.
    pub from: House,
    /// Where it came out.
    pub to: House,
}

impl Effect {
    /// Whether the move did nothing its notation does not already say: it
    /// carried its piece forward along the track to the empty house it
    /// names, and nothing else happened.
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// let mv = start.moves(Roll::new(2).unwrap()).get(0).unwrap(); // 2: 10-12
    /// assert!(start.effect(mv)?.is_plain());
    /// # Ok::<(), senet::IllegalMoveError>(())
    /// ```
    pub fn is_plain(&self) -> bool {
        self.way == Way::Along(Direction::Forward)
            && self.rest.house().map(Target::House) == Some(self.played.to())
            && self.hit.is_none()
            && !self.marked
            && self.released.is_none()
    }
}

impl<R: Ruleset> Position<R> {
    /// What playing `mv` here does (see [`Effect`]), without playing it.
    ///
    /// # Errors
    ///
    /// The [`IllegalMoveError`] that [`play`](Position::play) gives when `mv`
    /// is not one of the legal moves of its roll here.
    ///
    /// ```
    /// use senet::effect::Hit;
    /// use senet::{House, Position, Roll, rulesets::Jequier};
    ///
    /// // In Jéquier, o's piece hit on 12 goes back to 9, the lowest empty house.
    /// let position: Position<Jequier> = "oxoxoxox.x.o.................. x 0 0".parse()?;
    /// let mv = position.moves(Roll::new(2).unwrap()).get(0).unwrap();
    /// let effect = position.effect(mv)?;
    /// let (on, to) = (House::new(12).unwrap(), House::new(9).unwrap());
    /// assert_eq!(effect.hit, Some(Hit::SentBack { on, to }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn effect(&self, mv: Move) -> Result<Effect, IllegalMoveError> {
        self.play_with_effect(mv).map(|(_, effect)| effect)
    }

    /// Plays `mv`, as [`play`](Position::play) does, and says what it did.
    ///
    /// # Errors
    ///
    /// As [`play`](Position::play): [`IllegalMoveError`] when `mv` is not one of
    /// the legal moves of its roll here.
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// let mv = start.moves(Roll::new(2).unwrap()).get(0).unwrap();
    /// let (after, effect) = start.play_with_effect(mv)?;
    /// assert_eq!(after, start.play(mv)?);
    /// assert!(effect.is_plain());
    /// # Ok::<(), senet::IllegalMoveError>(())
    /// ```
    pub fn play_with_effect(&self, mv: Move) -> Result<(Position<R>, Effect), IllegalMoveError> {
        let placed = self.moves(mv.roll()).placed(mv)?;
        let after = self.finish(&placed);
        Ok((after, effect_of(self, &placed, &after)))
    }
}

/// The effect of the move `placed` says, played in `before` and leading
/// to `after`: where the move put every piece is `placed`'s (the one
/// statement of what a move does, which playing reads too); this only
/// names it.
fn effect_of<R: Ruleset>(before: &Position<R>, placed: &Placed, after: &Position<R>) -> Effect {
    let ruleset = before.ruleset();
    let side = before.side_to_throw();
    let mv = placed.played;
    let (from, roll) = (mv.from(), mv.roll());
    let water = ruleset.water();
    // A roll's moves all go one way: forward, or backward when none can.
    let direction = before.find_roll(roll).direction();
    let reach = match direction {
        Direction::Forward => ruleset.forward(from, roll),
        Direction::Backward => ruleset.backward(from, roll),
    };
    let way = match reach {
        _ if mv.is_wait() => Way::Wait,
        _ if mv.is_entry() => Way::Enter,
        Some(Reach::Fall) if mv.is_water() => Way::Fall,
        _ if mv.is_water() => Way::IntoWater(direction),
        Some(Reach::Return) => Way::Return,
        _ => Way::Along(direction),
    };
    let in_water = |house: House| {
        if Some(house) == water {
            Rest::Water(house)
        } else {
            Rest::House(house)
        }
    };
    let to_hand = ruleset.water_to_hand();
    let mut rest = match placed.rest.first() {
        None if mv.is_water() && to_hand => Rest::Hand,
        None => Rest::Off,
        Some(house) if mv.is_water() || mv.is_wait() => in_water(house),
        Some(house) => Rest::House(house),
    };
    let mut hit = match mv.to() {
        Target::House(on) if mv.is_hit() => Some(match placed.sent.first() {
            _ if mv.is_capture() => Hit::Captured { on },
            Some(to) if mv.is_swap() => Hit::Swapped { on, to },
            Some(to) if placed.contact == Contact::Drown => Hit::Drowned {
                on,
                to: in_water(to),
            },
            Some(to) => Hit::SentBack { on, to },
            None if placed.contact == Contact::Drown && to_hand => {
                Hit::Drowned { on, to: Rest::Hand }
            }
            // A legal landing always has somewhere to send the piece;
            // were there nowhere, it would be gone from the board.
            None => Hit::Captured { on },
        }),
        _ => None,
    };
    // A piece the water no longer kept: the mover's or the drowned
    // piece's rest when it was that one, otherwise a release of its own.
    let mut released = None;
    if let Some((water, out)) = placed.released {
        match hit {
            _ if rest == Rest::Water(water) => rest = Rest::House(out),
            Some(Hit::Drowned { on, to }) if to == Rest::Water(water) => {
                hit = Some(Hit::Drowned {
                    on,
                    to: Rest::House(out),
                });
            }
            _ => {
                let owner = if placed.board.pieces(side).contains(out) {
                    side
                } else {
                    side.opponent()
                };
                released = Some(Release {
                    side: owner,
                    from: water,
                    to: out,
                });
            }
        }
    }
    // The mark is kept in the board, on the house of the marked piece:
    // the mover got it when that is where it came to rest.
    let marked_house = placed.board.marked().and(ruleset.mark_house());
    let marked = rest.house().is_some() && marked_house == rest.house();
    Effect {
        side,
        played: mv,
        way,
        rest,
        from_water: water == Some(from) && !mv.is_entry(),
        hit,
        marked,
        released,
        // Never asked after a move that ended the game.
        loses_next_turn: ruleset.loses_next_turn(mv) && !after.is_over(),
    }
}
