//! The parts of a position, named, and checked into one.

use crate::bank::Bank;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::owed::{Debt, Owed};
use crate::position::{Position, PositionError};
use crate::ruleset::Ruleset;

/// A position described by its parts, not yet checked: where each side's
/// pieces stand, how many each has borne off, which side's piece is
/// marked and who throws. [`Setup::position`] checks it against a ruleset.
///
/// Every field is named, so a setup reads as what it is; start from
/// [`Setup::new`] (an empty board) and change what differs.
///
/// ```
/// use senet::{Bitboard, Position, PositionError, Setup, Side, rulesets::Kendall};
///
/// let setup = Setup {
///     x: Bitboard::from_numbers(&[2, 4, 6, 8, 10]),
///     o: Bitboard::from_numbers(&[1, 3, 5, 7, 9]),
///     ..Setup::new(Side::X)
/// };
/// assert_eq!(setup.position(Kendall)?, Position::start(Kendall));
///
/// // Two pieces on house 2: refused, and the error says where.
/// let shared = Setup { o: setup.o.shift_up(1), ..setup };
/// assert_eq!(shared.position(Kendall), Err(PositionError::SharedHouse { house: 2 }));
/// # Ok::<(), PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", deny_unknown_fields)
)]
pub struct Setup {
    /// The houses of x's pieces on the track.
    pub x: Bitboard,
    /// The houses of o's pieces on the track.
    pub o: Bitboard,
    /// How many pieces x has borne off.
    pub off_x: u8,
    /// How many pieces o has borne off.
    pub off_o: u8,
    /// The side whose piece on the ruleset's
    /// [`mark_house`](Ruleset::mark_house) is marked, if any.
    pub marked: Option<Side>,
    /// The side to throw.
    pub to_throw: Side,
    /// Whether x will lose its next turn
    /// ([`Position::loses_next_turn`]).
    #[cfg_attr(feature = "serde", serde(default))]
    pub loses_turn_x: bool,
    /// Whether o will lose its next turn.
    #[cfg_attr(feature = "serde", serde(default))]
    pub loses_turn_o: bool,
    /// Whether x has yet to throw the roll that begins it
    /// ([`Position::has_begun`]).
    #[cfg_attr(feature = "serde", serde(default))]
    pub unbegun_x: bool,
    /// Whether o has yet to throw the roll that begins it.
    #[cfg_attr(feature = "serde", serde(default))]
    pub unbegun_o: bool,
    /// The rolls the side to throw has banked this turn
    /// ([`Position::bank`]); empty but where the ruleset banks throws.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "no_bank"))]
    pub bank: Bank,
}

impl Setup {
    /// An empty board, nothing borne off, no mark, `to_throw` to throw.
    pub const fn new(to_throw: Side) -> Setup {
        Setup {
            x: Bitboard::EMPTY,
            o: Bitboard::EMPTY,
            off_x: 0,
            off_o: 0,
            marked: None,
            to_throw,
            loses_turn_x: false,
            loses_turn_o: false,
            unbegun_x: false,
            unbegun_o: false,
            bank: Bank::EMPTY,
        }
    }

    /// The position this setup describes, checked against `ruleset`'s
    /// invariants.
    ///
    /// # Errors
    ///
    /// The [`PositionError`] that the setup breaks, as for a position
    /// string: two pieces on a house, a wrong number of pieces, a piece
    /// where the ruleset allows none, a mark without its piece, or a
    /// finished game's impossible state, a lost turn in a ruleset that
    /// never takes one, a side not begun in a ruleset where it needs no
    /// roll to begin.
    pub fn position<R: Ruleset>(self, ruleset: R) -> Result<Position<R>, PositionError> {
        let board = Board::new(self.x, self.o, self.off_x, self.off_o).ok_or_else(|| {
            PositionError::SharedHouse {
                house: (self.x & self.o).first().map_or(0, House::number),
            }
        })?;
        Position::checked(
            ruleset,
            board.with_mark(self.marked),
            self.to_throw,
            Owed::NOTHING
                .adding(Debt::LosesTurn, Side::X, self.loses_turn_x)
                .adding(Debt::LosesTurn, Side::O, self.loses_turn_o)
                .adding(Debt::Unbegun, Side::X, self.unbegun_x)
                .adding(Debt::Unbegun, Side::O, self.unbegun_o),
            self.bank,
        )
    }
}

impl<R: Ruleset> From<&Position<R>> for Setup {
    /// The parts of a position: `Setup::from(&p).position(p.ruleset())`
    /// gives `p` back.
    fn from(position: &Position<R>) -> Setup {
        let board = position.board();
        Setup {
            x: board.pieces(Side::X),
            o: board.pieces(Side::O),
            off_x: board.off(Side::X),
            off_o: board.off(Side::O),
            marked: board.marked(),
            to_throw: position.side_to_throw(),
            loses_turn_x: position.loses_next_turn(Side::X),
            loses_turn_o: position.loses_next_turn(Side::O),
            unbegun_x: !position.has_begun(Side::X),
            unbegun_o: !position.has_begun(Side::O),
            bank: position.bank(),
        }
    }
}

/// Whether a setup's bank is empty, so that JSON leaves it out.
#[cfg(feature = "serde")]
fn no_bank(bank: &Bank) -> bool {
    bank.is_empty()
}
