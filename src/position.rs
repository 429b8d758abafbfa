//! `Position`: a validated board, the side to throw, and the ruleset it belongs to.

use thiserror::Error;

use crate::bank::Bank;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::notation::quote::{excerpt, value_problem};
use crate::owed::{Debt, Owed};
use crate::ruleset::contract::{
    Hook, HookError, checked_landing, enters_pieces, no_water, probes, removes_pieces, takes_turns,
};
use crate::ruleset::{Direction, Outcome, Reach, Ruleset};
use crate::rulesets::CheckedRuleset;

/// A position of a game under ruleset `R`: where every piece is, how many
/// each side has borne off, and which side throws next.
///
/// It can only be built valid (through [`Position::start`],
/// [`Setup::position`](crate::Setup::position), parsing, or playing legal moves), so every method
/// can rely on it. For the built-in rulesets `R` is zero-sized and a
/// position is 16 bytes, cheap to copy.
///
/// ```
/// use senet::{Position, Side, rulesets::Kendall};
///
/// let text = "oxoxoxoxo..x.................. o 0 0";
/// let position: Position<Kendall> = text.parse()?;
/// assert_eq!(position.to_string(), text);
/// assert_eq!(position.side_to_throw(), Side::O);
/// assert!(!position.is_over());
/// assert_eq!(std::mem::size_of::<Position<Kendall>>(), 20);
/// # Ok::<(), senet::PositionError>(())
/// ```
#[derive(Clone, Copy)]
pub struct Position<R: Ruleset> {
    pub(crate) ruleset: R,
    /// The board, stored with the side to throw first: that is where the
    /// side to throw is kept, so that the move generator reads the
    /// mover's pieces with no choice on the side.
    pub(crate) board: Board,
    /// Whether the ruleset's outcome of `board` is decided, worked out
    /// once when the position is made: every throw asks it.
    pub(crate) over: bool,
    /// What each side is owed or awaits: a turn it will lose
    /// ([`Ruleset::loses_next_turn`]), a roll it has yet to throw to
    /// begin ([`Ruleset::begins_with`]). Always nothing in a ruleset
    /// with neither.
    pub(crate) owed: Owed,
    /// The rolls the side to throw has thrown this turn and not yet
    /// played ([`Ruleset::banks_throws`]). Always empty in a ruleset
    /// that plays each throw when it is thrown.
    pub(crate) bank: Bank,
}

impl<R: Ruleset> PartialEq for Position<R> {
    fn eq(&self, other: &Position<R>) -> bool {
        (
            self.ruleset,
            self.board,
            self.side_to_throw(),
            self.over,
            self.owed,
            self.bank,
        ) == (
            other.ruleset,
            other.board,
            other.side_to_throw(),
            other.over,
            other.owed,
            other.bank,
        )
    }
}

impl<R: Ruleset> Eq for Position<R> {}

impl<R: Ruleset> core::hash::Hash for Position<R> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (
            self.ruleset,
            self.board,
            self.side_to_throw(),
            self.over,
            self.owed,
            self.bank,
        )
            .hash(state);
    }
}

impl<R: Ruleset> core::fmt::Debug for Position<R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Position")
            .field("ruleset", &self.ruleset)
            .field("board", &self.board)
            .field("side", &self.side_to_throw())
            .field("over", &self.over)
            .field("owed", &self.owed)
            .field("bank", &self.bank)
            .finish()
    }
}

/// Why a position is not valid. The message names the field and the problem.
///
/// ```
/// use senet::{Position, PositionError, rulesets::Kendall};
///
/// let short = "oxox x 0 0".parse::<Position<Kendall>>();
/// assert_eq!(short, Err(PositionError::BoardLength { found: 4 }));
/// let err = "oxoxoxoxox.................... x 0".parse::<Position<Kendall>>().unwrap_err();
/// assert_eq!(err, PositionError::FieldCount { found: 3 });
/// assert!(err.to_string().contains("four fields"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum PositionError {
    /// The string does not have four fields (or five, the fifth saying
    /// who loses a turn: see [`PositionError::StateField`]).
    #[error("a position has four fields (BOARD SIDE XOFF OOFF), found {found}")]
    FieldCount {
        /// How many fields were found.
        found: usize,
    },
    /// Fields are not separated by exactly one space, or there is space around the line.
    #[error("fields must be separated by exactly one space, with no space before or after")]
    Spacing,
    /// The board field is not 30 characters long.
    #[error("BOARD must be exactly 30 characters, found {found}")]
    BoardLength {
        /// How many characters were found.
        found: usize,
    },
    /// A board character other than `.`, `x` or `o`.
    #[error("BOARD: house {house} holds {found:?}; only '.', 'x' and 'o' are allowed")]
    BoardChar {
        /// The house (1..=30) whose character is wrong.
        house: u8,
        /// The character found.
        found: char,
    },
    /// The side field is not `x` or `o`.
    #[error("SIDE must be 'x' or 'o', found {found:?}")]
    SideField {
        /// The field as found, or its start when it is long (at most 60
        /// bytes once escaped; a cut is marked `…`).
        found: String,
    },
    /// A borne-off count is not a plain decimal number.
    #[error("{field} must be a decimal count with no sign or leading zero, found {found:?}")]
    Count {
        /// `XOFF` or `OOFF`.
        field: &'static str,
        /// The field as found, or its start when it is long (at most 60
        /// bytes once escaped; a cut is marked `…`).
        found: String,
    },
    /// Two pieces on one house (only possible when building from bitboards).
    #[error("house {house} holds a piece of both sides")]
    SharedHouse {
        /// The house in question.
        house: u8,
    },
    /// A piece stands in the water where this ruleset never leaves one.
    #[error(
        "a piece stands on house {water}, the water, where {ruleset} never leaves one (it would be in house {belongs})"
    )]
    PieceInWater {
        /// The water house.
        water: u8,
        /// The ruleset's name.
        ruleset: &'static str,
        /// Where the water would put it.
        belongs: u8,
    },
    /// A piece stands in the water of a ruleset whose water sends every
    /// piece back to its hand ([`Ruleset::water_to_hand`]).
    #[error(
        "a piece stands on house {water}, the water, where {ruleset} never leaves one (it goes back to its side's hand)"
    )]
    PieceInWaterToHand {
        /// The water house.
        water: u8,
        /// The ruleset's name.
        ruleset: &'static str,
    },
    /// The bank is not one the ruleset and the position can hold
    /// ([`Position::bank`]).
    #[error("the bank {bank} cannot be held here: {why}")]
    Bank {
        /// The bank as the position string writes it.
        bank: String,
        /// Why not.
        why: &'static str,
    },
    /// A side has more pieces than the ruleset gives it.
    #[error("{side} has {found} pieces on the board and off, more than the {max} of {ruleset}")]
    TooManyPieces {
        /// The side in question.
        side: Side,
        /// Its pieces on the board plus off.
        found: u8,
        /// The ruleset's pieces per side.
        max: u8,
        /// The ruleset's name.
        ruleset: &'static str,
    },
    /// A side has fewer pieces than the ruleset gives it, in a ruleset without capture.
    #[error(
        "{side} has {found} pieces on the board and off, but {ruleset} never removes a piece: it must be {expected}"
    )]
    MissingPieces {
        /// The side in question.
        side: Side,
        /// Its pieces on the board plus off.
        found: u8,
        /// The ruleset's pieces per side.
        expected: u8,
        /// The ruleset's name.
        ruleset: &'static str,
    },
    /// A side is said to lose its next turn in a ruleset that never
    /// takes a turn away ([`Ruleset::loses_next_turn`]).
    #[error("the position says a side loses its next turn, but {ruleset} never takes a turn away")]
    LostTurn {
        /// The ruleset's name.
        ruleset: &'static str,
    },
    /// A side is said not to have begun in a ruleset that makes it throw
    /// no roll to begin ([`Ruleset::begins_with`]).
    #[error(
        "the position says {side} has not begun, but {ruleset} makes {side} throw no roll to begin"
    )]
    NotBegun {
        /// The side in question.
        side: Side,
        /// The ruleset's name.
        ruleset: &'static str,
    },
    /// The position string's fifth field is not one the crate writes.
    #[error(
        "the field after OOFF must be loses=SIDES, unbegun=SIDES, bank=ROLLS or several in that order (loses=x,bank=14+), SIDES being x, o or xo, ROLLS the banked rolls lowest first, with + while the side still throws; found {found:?}"
    )]
    StateField {
        /// The field as found, or its start when it is long (at most 60
        /// bytes once escaped; a cut is marked `…`).
        found: String,
    },
    /// Both sides have borne everything off, which cannot happen in a race.
    #[error("both sides have borne off all their pieces; the game ends when the first one does")]
    BothFinished,
    /// A marked piece (`X` or `O`) where there can be none: off the
    /// ruleset's [`mark_house`](Ruleset::mark_house), in a ruleset that
    /// marks no piece, or a second one.
    #[error(
        "BOARD: house {house} holds a marked piece {found:?}; {ruleset} marks one piece at most, and only on {houses}"
    )]
    MarkedPiece {
        /// The house (1..=30) of the marked piece.
        house: u8,
        /// The character found.
        found: char,
        /// The ruleset's name.
        ruleset: &'static str,
        /// Where the ruleset lets a marked piece stand, in words
        /// (`house 15`, `no house`).
        houses: String,
    },
    /// The ruleset's hooks break their contract (checked by
    /// [`Rules::new`](crate::Rules::new)).
    #[error(transparent)]
    Hook(#[from] HookError),
    /// [`Ruleset::name`] cannot be written in a record and read back
    /// (checked by [`Rules::new`](crate::Rules::new)).
    #[error("the ruleset's name {name:?} cannot be written in a record: {why}")]
    RulesetName {
        /// The name, or its start when it is long (at most 60 bytes once
        /// escaped; a cut is marked `…`).
        name: String,
        /// What is wrong with it.
        why: &'static str,
    },
}

impl<R: Ruleset> Position<R> {
    /// The ruleset's start position, `x` to throw, checked against the
    /// ruleset's invariants and its hooks against their contracts: what
    /// [`Rules::new`](crate::Rules::new) checks of a ruleset of your own.
    pub(crate) fn start_checked(ruleset: R) -> Result<Position<R>, PositionError> {
        check_hooks(&ruleset)?;
        let [x, o] = ruleset.start();
        let unbegun = owed_at_start(&ruleset);
        crate::Setup {
            x,
            o,
            unbegun_x: unbegun.has(Debt::Unbegun, Side::X),
            unbegun_o: unbegun.has(Debt::Unbegun, Side::O),
            ..crate::Setup::new(Side::X)
        }
        .position(ruleset)
    }

    /// A position from a board, checked against the ruleset's invariants:
    /// what [`Setup::position`](crate::Setup::position) and the position
    /// string build on.
    pub(crate) fn checked(
        ruleset: R,
        board: Board,
        side: Side,
        owed: Owed,
        bank: Bank,
    ) -> Result<Position<R>, PositionError> {
        validate(&ruleset, &board)?;
        if owed.any_lost_turn() && !takes_turns(&ruleset) {
            return Err(PositionError::LostTurn {
                ruleset: ruleset.name(),
            });
        }
        for side in Side::BOTH {
            if owed.has(Debt::Unbegun, side) && ruleset.begins_with(side).is_none() {
                return Err(PositionError::NotBegun {
                    side,
                    ruleset: ruleset.name(),
                });
            }
        }
        let over = ruleset.outcome(&board).is_some();
        check_bank(&ruleset, bank, over)?;
        Ok(Position {
            ruleset,
            board: board.facing(side),
            over,
            owed,
            bank,
        })
    }

    /// Whether `side` has begun: thrown the roll its ruleset makes it
    /// throw before any of its pieces moves ([`Ruleset::begins_with`]),
    /// or has no such roll to throw. The position string writes a side
    /// that has not as `unbegun=x`, `unbegun=o` or `unbegun=xo` in its
    /// fifth field.
    ///
    /// ```
    /// use senet::{Position, Side, rulesets::Kendall};
    ///
    /// // In Kendall every side moves from its first throw.
    /// assert!(Position::start(Kendall).has_begun(Side::O));
    /// ```
    #[inline]
    pub fn has_begun(&self, side: Side) -> bool {
        !self.owed.has(Debt::Unbegun, side)
    }

    /// Whether `side` will lose its next turn: the next time the sticks
    /// would pass to it, its opponent throws instead
    /// ([`Ruleset::loses_next_turn`]). The position string writes it as a
    /// fifth field, `loses=x`, `loses=o` or `loses=xo`.
    ///
    /// ```
    /// use senet::{Position, Side, rulesets::Kendall};
    ///
    /// // Kendall never takes a turn away.
    /// assert!(!Position::start(Kendall).loses_next_turn(Side::X));
    /// ```
    #[inline]
    pub fn loses_next_turn(&self, side: Side) -> bool {
        self.owed.has(Debt::LosesTurn, side)
    }

    /// How many pieces of `side` wait in its hand to enter the board
    /// ([`Ruleset::enters`]): those neither on the board nor borne off.
    /// Always 0 in a ruleset where no piece enters. The position string
    /// does not write the hand: it follows from the board and the
    /// borne-off counts.
    ///
    /// ```
    /// use senet::{Position, Side, rulesets::Kendall};
    ///
    /// // Kendall starts with every piece on the board.
    /// assert_eq!(Position::start(Kendall).in_hand(Side::X), 0);
    /// ```
    #[inline]
    pub fn in_hand(&self, side: Side) -> u8 {
        if !enters_pieces(&self.ruleset) {
            return 0;
        }
        self.ruleset
            .pieces_per_side()
            .saturating_sub(self.board.on_board(side))
            .saturating_sub(self.board.off(side))
    }

    /// The same position with the piece of `marked` on the ruleset's
    /// [`mark_house`](Ruleset::mark_house) marked, or with no mark (see
    /// [`Ruleset::marks`]).
    ///
    /// # Errors
    ///
    /// [`PositionError::MarkedPiece`] when the ruleset marks no piece or
    /// that side has no piece on its mark house.
    ///
    /// ```
    /// use senet::{Position, PositionError, Side, rulesets::{Kendall, Kendall1979}};
    ///
    /// let marked = Position::start(Kendall1979).with_mark(Some(Side::X))?;
    /// assert_eq!(marked.to_string(), "oxoxoxoxoxoxo.X............... x 0 0");
    /// let refused = Position::start(Kendall).with_mark(Some(Side::X));
    /// assert!(matches!(refused, Err(PositionError::MarkedPiece { .. })));
    /// # Ok::<(), PositionError>(())
    /// ```
    pub fn with_mark(self, marked: Option<Side>) -> Result<Position<R>, PositionError> {
        let board = self.board.with_mark(marked);
        validate(&self.ruleset, &board)?;
        Ok(Position { board, ..self })
    }

    /// The same position with the piece on `house` marked, or with no
    /// mark: [`with_mark`](Position::with_mark) by the house rather than
    /// the side.
    ///
    /// # Errors
    ///
    /// [`PositionError::MarkedPiece`] when `house` is empty or is not the
    /// ruleset's [`mark_house`](Ruleset::mark_house).
    ///
    /// ```
    /// use senet::{House, Position, PositionError, rulesets::Kendall1979};
    ///
    /// let start = Position::start(Kendall1979);
    /// let marked = start.with_marked_house(House::new(15))?;
    /// assert_eq!(marked.to_string(), "oxoxoxoxoxoxo.X............... x 0 0");
    /// assert!(start.with_marked_house(House::new(12)).is_err());
    /// # Ok::<(), PositionError>(())
    /// ```
    pub fn with_marked_house(self, house: Option<House>) -> Result<Position<R>, PositionError> {
        let side = match house {
            None => None,
            Some(house) => match self.piece_at(house) {
                Some(side) if self.ruleset.mark_house() == Some(house) => Some(side),
                owner => {
                    let side = owner.unwrap_or(Side::X);
                    return Err(marked_piece(&self.ruleset, Some(house), side));
                }
            },
        };
        self.with_mark(side)
    }

    /// The house of the marked piece, if there is one: the ruleset's
    /// [`mark_house`](Ruleset::mark_house), when a piece there is marked.
    ///
    /// ```
    /// use senet::{House, Position, rulesets::Kendall1979};
    ///
    /// let position: Position<Kendall1979> = "oxoxoxoxoxoxo.X............... x 0 0".parse()?;
    /// assert_eq!(position.marked_house(), House::new(15));
    /// assert_eq!(Position::start(Kendall1979).marked_house(), None);
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    #[inline]
    pub fn marked_house(&self) -> Option<House> {
        self.board.marked().and(self.ruleset.mark_house())
    }

    /// The ruleset the position belongs to.
    ///
    /// ```
    /// use senet::{Position, Ruleset, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// assert_eq!(start.ruleset().name(), "kendall");
    /// assert_eq!(start.ruleset().pieces_per_side(), 5);
    /// ```
    #[inline]
    pub fn ruleset(&self) -> R {
        self.ruleset
    }

    /// Where every piece is.
    ///
    /// ```
    /// use senet::{Position, Side, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// assert_eq!(start.board().on_board(Side::X), 5);
    /// assert_eq!(start.board().off(Side::O), 0);
    /// ```
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side about to throw (after a game-ending move: the opponent of
    /// the side that moved).
    ///
    /// ```
    /// use senet::{Position, Roll, Side, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// assert_eq!(start.side_to_throw(), Side::X);
    /// // A 2 passes the turn.
    /// let after = start.moves(Roll::new(2).unwrap()).play_nth(0).unwrap();
    /// assert_eq!(after.side_to_throw(), Side::O);
    /// ```
    #[inline]
    pub fn side_to_throw(&self) -> Side {
        self.board.first()
    }

    /// Whose piece stands on this house, if any.
    ///
    /// ```
    /// use senet::{House, Position, Side, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// assert_eq!(start.piece_at(House::new(10).unwrap()), Some(Side::X));
    /// assert_eq!(start.piece_at(House::new(30).unwrap()), None);
    /// ```
    #[inline]
    pub fn piece_at(&self, house: House) -> Option<Side> {
        self.board.piece_at(house)
    }

    /// The result, once the game is over.
    ///
    /// ```
    /// use senet::{Outcome, Position, Side, rulesets::Kendall};
    ///
    /// assert_eq!(Position::start(Kendall).outcome(), None);
    /// let won: Position<Kendall> = "ooooo......................... o 5 0".parse()?;
    /// assert_eq!(won.outcome(), Some(Outcome::Win(Side::X)));
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.ruleset.outcome(&self.board)
    }

    /// Whether the game is over.
    ///
    /// ```
    /// use senet::{Position, Roll, rulesets::Kendall};
    ///
    /// // x's last piece bears off from 26 with a 5.
    /// let last: Position<Kendall> = "ooooo....................x.... x 4 0".parse()?;
    /// assert!(!last.is_over());
    /// let after = last.moves(Roll::new(5).unwrap()).play_nth(0).unwrap();
    /// assert!(after.is_over());
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    #[inline]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Whether the piece on `house` cannot be landed on by its opponent
    /// right now (a safe house, or protected by a neighbour, as the ruleset
    /// says). False for an empty house.
    ///
    /// ```
    /// use senet::{House, Position, rulesets::Kendall};
    ///
    /// let position: Position<Kendall> = "xx.ooo..o..o..x.....x......... x 1 0".parse()?;
    /// let house = |n| House::new(n).unwrap();
    /// assert!(position.is_shielded(house(1))); // next to its neighbour on 2
    /// assert!(position.is_shielded(house(15))); // a safe house
    /// assert!(!position.is_shielded(house(21)));
    /// assert!(!position.is_shielded(house(3))); // empty
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    pub fn is_shielded(&self, house: House) -> bool {
        self.piece_at(house)
            .is_some_and(|owner| self.ruleset.shielded(&self.board, owner).contains(house))
    }

    /// Whether the piece on `house` blocks the opponent's pieces from
    /// passing it (Kendall's blockades, Classic's no jumping). False for an
    /// empty house.
    ///
    /// ```
    /// use senet::{House, Position, rulesets::Kendall};
    ///
    /// // o's three pieces on 4, 5 and 6 form a blockade; the one on 9 does not.
    /// let position: Position<Kendall> = "xx.ooo..o..o..x.....x......... x 1 0".parse()?;
    /// let house = |n| House::new(n).unwrap();
    /// assert!(position.blocks_passage(house(5)));
    /// assert!(!position.blocks_passage(house(9)));
    /// assert!(!position.blocks_passage(house(3))); // empty
    /// # Ok::<(), senet::PositionError>(())
    /// ```
    pub fn blocks_passage(&self, house: House) -> bool {
        self.piece_at(house).is_some_and(|owner| {
            self.ruleset
                .impassable(&self.board, owner.opponent(), Direction::Forward)
                .contains(house)
        })
    }
}

impl<R: CheckedRuleset> Position<R> {
    /// The start position of a checked ruleset, `x` to throw.
    ///
    /// It cannot fail: the crate's tests check every built-in start, and
    /// [`Rules::new`](crate::Rules::new) checks a ruleset of your own once.
    ///
    /// ```
    /// use senet::{Position, rulesets::Kendall};
    ///
    /// let start = Position::start(Kendall);
    /// assert_eq!(start.to_string(), "oxoxoxoxox.................... x 0 0");
    /// ```
    pub fn start(ruleset: R) -> Position<R> {
        let [x, o] = ruleset.start();
        let board = Board::unchecked(x, o);
        Position {
            ruleset,
            board,
            over: ruleset.outcome(&board).is_some(),
            owed: owed_at_start(&ruleset),
            bank: Bank::EMPTY,
        }
    }
}

impl<R: CheckedRuleset> From<R> for Position<R> {
    /// The ruleset's start: what the constructors of a game take a
    /// ruleset for (`Game::seeded(Kendall, seed)`), as well as a position.
    fn from(ruleset: R) -> Position<R> {
        Position::start(ruleset)
    }
}

/// What [`Rules::new`](crate::Rules::new) checks of a
/// ruleset before its start: the name, the geometry's use of the water,
/// and the landing hooks on a spread of boards.
fn check_hooks<R: Ruleset>(ruleset: &R) -> Result<(), PositionError> {
    let name = ruleset.name();
    if let Some((_, why)) = value_problem(name) {
        return Err(PositionError::RulesetName {
            name: excerpt(name),
            why,
        });
    }
    if ruleset.water().is_none() {
        for from in House::all() {
            for roll in ruleset.dice().rolls() {
                let answers = [
                    (Hook::Forward, ruleset.forward(from, roll)),
                    (Hook::Backward, ruleset.backward(from, roll)),
                ];
                for (hook, reach) in answers {
                    if let Some(Reach::Water | Reach::ToElseWater(_) | Reach::Fall) = reach {
                        return Err(no_water(hook, from, roll).into());
                    }
                }
            }
        }
    }
    if ruleset.water_to_hand() && (ruleset.water().is_none() || !enters_pieces(ruleset)) {
        return Err(HookError::HandWithoutEntry.into());
    }
    if ruleset.banks_throws() {
        if ruleset
            .dice()
            .rolls()
            .all(|roll| ruleset.throws_again(roll, None))
        {
            return Err(HookError::EndlessBank.into());
        }
        if Side::BOTH
            .into_iter()
            .any(|side| ruleset.begins_with(side).is_some())
        {
            return Err(HookError::BankBeforeBeginning.into());
        }
    }
    for occupied in probes(ruleset) {
        let occupied = occupied & Bitboard::range(1, House::COUNT);
        let (water, returned) = (
            ruleset.water_landing(occupied),
            ruleset.return_landing(occupied),
        );
        checked_landing(Hook::WaterLanding, water, occupied, false)?;
        checked_landing(Hook::ReturnLanding, returned, occupied, false)?;
        let sent = ruleset.send_back(occupied);
        checked_landing(Hook::SendBack, sent, occupied, false)?;
    }
    Ok(())
}

/// The invariants every position of a ruleset keeps.
fn validate<R: Ruleset>(ruleset: &R, board: &Board) -> Result<(), PositionError> {
    let captures = removes_pieces(ruleset);
    // Pieces taken for good, or in the hand, are missing from the board.
    let may_miss = captures || enters_pieces(ruleset);
    let pieces = ruleset.pieces_per_side();
    for side in Side::BOTH {
        let found = board.on_board(side).saturating_add(board.off(side));
        if found > pieces {
            return Err(PositionError::TooManyPieces {
                side,
                found,
                max: pieces,
                ruleset: ruleset.name(),
            });
        }
        if !may_miss && found < pieces {
            return Err(PositionError::MissingPieces {
                side,
                found,
                expected: pieces,
                ruleset: ruleset.name(),
            });
        }
    }
    if !captures && board.off(Side::X) == pieces && board.off(Side::O) == pieces {
        return Err(PositionError::BothFinished);
    }
    if let Some(side) = board.marked() {
        let house = ruleset.mark_house();
        if !house.is_some_and(|house| board.pieces(side).contains(house)) {
            return Err(marked_piece(ruleset, house, side));
        }
    }
    if let Some(water) = ruleset.water()
        && ruleset.water_to_hand()
        && board.occupied().contains(water)
    {
        return Err(PositionError::PieceInWaterToHand {
            water: water.number(),
            ruleset: ruleset.name(),
        });
    }
    if let Some((water, belongs)) = water_would_move(ruleset, board) {
        return Err(PositionError::PieceInWater {
            water: water.number(),
            ruleset: ruleset.name(),
            belongs: belongs.number(),
        });
    }
    Ok(())
}

/// What the sides owe at the start: each side the ruleset makes throw a
/// roll to begin ([`Ruleset::begins_with`]) has yet to.
#[inline]
/// A bank a position may hold: none but in a ruleset that banks throws
/// and a game going on; while the side still throws, only rolls that
/// give another throw; every roll one the implement makes.
fn check_bank<R: Ruleset>(ruleset: &R, bank: Bank, over: bool) -> Result<(), PositionError> {
    if bank == Bank::EMPTY {
        return Ok(());
    }
    let why = if !ruleset.banks_throws() {
        "this ruleset plays each throw when it is thrown, so it banks none"
    } else if over {
        "the game is over, so nothing is banked"
    } else if bank.is_empty() {
        "a bank played holds at least one roll"
    } else if bank.rolls().any(|roll| !ruleset.dice().can_roll(roll)) {
        "it holds a roll this ruleset's throw cannot make"
    } else if !bank.is_to_play() && bank.rolls().any(|roll| !ruleset.throws_again(roll, None)) {
        "while the side still throws, its bank holds only rolls that give another throw"
    } else if !bank.is_to_play()
        && bank
            .distinct()
            .any(|roll| bank.count(roll) == Bank::MAX_OF_A_ROLL)
    {
        "a bank full for a roll is played: the throw that fills it ends the throwing"
    } else {
        return Ok(());
    };
    Err(PositionError::Bank {
        bank: bank.to_string(),
        why,
    })
}

fn owed_at_start<R: Ruleset>(ruleset: &R) -> Owed {
    Side::BOTH.into_iter().fold(Owed::NOTHING, |owed, side| {
        owed.adding(Debt::Unbegun, side, ruleset.begins_with(side).is_some())
    })
}

/// A marked piece of `side` on `house` where `ruleset` can have none.
pub(crate) fn marked_piece<R: Ruleset>(
    ruleset: &R,
    house: Option<House>,
    side: Side,
) -> PositionError {
    PositionError::MarkedPiece {
        house: house.map_or(0, House::number),
        found: side.to_char().to_ascii_uppercase(),
        ruleset: ruleset.name(),
        houses: ruleset
            .mark_house()
            .map_or("no house".to_owned(), |house| format!("house {house}")),
    }
}

/// The water house and where the piece standing on it would go at once,
/// if there is such a piece and the ruleset's water does not leave it there.
/// An answer on a taken house breaks `water_landing`'s contract (and
/// [`Rules::new`](crate::Rules::new) refuses a ruleset found answering one): the
/// piece then stays where it is rather than be lost.
#[inline]
pub(crate) fn water_would_move<R: Ruleset>(ruleset: &R, board: &Board) -> Option<(House, House)> {
    let water = ruleset.water()?;
    let occupied = board.occupied();
    if !occupied.contains(water) {
        return None;
    }
    ruleset
        .water_landing(occupied.without(water))
        .filter(|&rest| {
            rest != water
                && (crate::ruleset::identity::built_in(ruleset) || !occupied.contains(rest))
        })
        .map(|rest| (water, rest))
}
