//! The `Ruleset` trait: everything that differs between reconstructions, and nothing else.
//!
//! This folder is the ruleset machinery, apart from the catalogue of
//! built-in rulesets (`rulesets/`): the trait and its vocabulary (here),
//! the one list of its hooks that every holder forwards (`hook_list`),
//! what shared code checks of the hooks (`contract`), which built-in
//! ruleset a value is (`identity`), the bound of the entry points that
//! need no check (`checked`), the one checked ruleset type, `Rules`
//! (`rules`), what
//! `Rules` holds for a ruleset of your own, its answers worked out once
//! (`compiled`), and for a rules file read (`described`), and the
//! forwarding of every hook from a run-time choice (`forward`).
//!
//! Shared code (move generation, applying moves, passing the turn, notation,
//! perft) is written once over these hooks. A ruleset answers small
//! questions about geometry ("where does a roll take a piece on house 26?")
//! and about the whole board at once, as [`Bitboard`]s ("which houses may
//! the mover not pass?"), so the shared generator stays a few masks per
//! piece.

use core::fmt::Debug;
use core::hash::Hash;

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
pub use crate::mv::Contact;
use crate::mv::Move;
use crate::throw::{Dice, Roll};

use crate::movegen::steps::Steps;

pub(crate) mod checked;
pub(crate) mod compiled;
pub(crate) mod contract;
#[cfg(feature = "rules-file")]
pub(crate) mod described;
mod forward;
mod hook_list;
pub(crate) mod identity;
pub(crate) mod kept;
pub(crate) mod rules;

/// Which way a move goes along the track.
///
/// ```
/// use senet::{Bitboard, Position, Ruleset};
/// use senet::rulesets::Direction;
/// use senet::rulesets::Kendall;
///
/// // o's three pieces on 4, 5 and 6 block x both ways.
/// let position: Position<Kendall> = "xx.ooo..o..o..x.....x......... x 1 0".parse()?;
/// let blocked = Kendall.impassable(position.board(), senet::Side::X, Direction::Forward);
/// assert_eq!(blocked, Bitboard::from_numbers(&[4, 5, 6]));
/// # Ok::<(), senet::PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
pub enum Direction {
    /// Up the track, towards 30 and off: [`Ruleset::forward`].
    Forward,
    /// Down the track: [`Ruleset::backward`], played only when no piece
    /// can move forward.
    Backward,
}

/// A refusal whose wording belongs to the ruleset (see [`Ruleset::why`]).
///
/// ```
/// use senet::Ruleset;
/// use senet::rulesets::Refusal;
/// use senet::rulesets::{Classic, Kendall};
///
/// assert_eq!(Classic.why(Refusal::Blocked), "no piece may jump over another");
/// assert_eq!(
///     Kendall.why(Refusal::Blocked),
///     "three or more pieces of one side in a row form a blockade"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", rename_all = "snake_case", deny_unknown_fields)
)]
#[non_exhaustive]
pub enum Refusal {
    /// [`forward`](Ruleset::forward) and [`backward`](Ruleset::backward)
    /// give the piece on `from` no move with `roll`.
    NoStep {
        /// The start house.
        from: House,
        /// The roll.
        roll: Roll,
    },
    /// The move would pass a house of [`impassable`](Ruleset::impassable).
    Blocked,
    /// The opponent's piece on the target is [`shielded`](Ruleset::shielded)
    /// but not on a safe house.
    Protected,
    /// [`contact_at`](Ruleset::contact_at) refuses landing on that piece.
    NotDisplaced,
    /// [`movable`](Ruleset::movable) keeps the piece from moving this throw.
    Held,
    /// [`may_bear_off`](Ruleset::may_bear_off) forbids bearing off now.
    NoBearingOff,
}

/// Where a roll carries a piece, before anything on the board is considered.
///
/// ```
/// use senet::{House, Roll, Ruleset};
/// use senet::rulesets::Reach;
/// use senet::rulesets::Kendall;
///
/// let (house, roll) = (|n| House::new(n).unwrap(), |n| Roll::new(n).unwrap());
/// assert_eq!(Kendall.forward(house(10), roll(3)), Some(Reach::To(house(13))));
/// assert_eq!(Kendall.forward(house(26), roll(1)), Some(Reach::Water));
/// assert_eq!(Kendall.forward(house(26), roll(5)), Some(Reach::Off));
/// assert_eq!(Kendall.forward(house(25), roll(2)), None); // every piece stops on 26
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reach {
    /// Along the track to this house.
    To(House),
    /// Along the track and off the board.
    Off,
    /// Along the track into the water (written with the house of
    /// [`Ruleset::water`] as its target); the piece then comes to rest
    /// where [`Ruleset::water_landing`] says.
    Water,
    /// Straight into the water from any house, not along the track: no
    /// house in between is passed, so nothing can block it (Classic's
    /// falls from 28 and 29); written like [`Reach::Water`] and resting
    /// where [`Ruleset::water_landing`] says.
    Fall,
    /// Along the track to this house if it is empty; when any piece
    /// stands there, along the track into the water instead (Skyruk's
    /// moves from 26 to 28, 29 and 30).
    ToElseWater(House),
    /// Out of the water, straight to where
    /// [`Ruleset::return_landing`] says given every other piece, and written
    /// with that house; no house in between is passed. Illegal when it
    /// says nowhere (Kendall 1979's and Skyruk's ways out of the water).
    Return,
}

/// The default words of [`Ruleset::why`], which name no rule.
pub(crate) fn plain_why(refusal: Refusal) -> &'static str {
    match refusal {
        Refusal::NoStep { .. } => "the rules give that piece no move with this roll",
        Refusal::Blocked => "the rules forbid passing it",
        Refusal::Protected => "the rules protect it",
        Refusal::NotDisplaced => "the rules forbid that",
        Refusal::Held => "the rules hold that piece this throw",
        Refusal::NoBearingOff => "the rules forbid bearing off now",
    }
}

/// How a finished game ended.
///
/// ```
/// use senet::{Outcome, Position, Side};
/// use senet::rulesets::Kendall;
///
/// // x has borne off all five pieces.
/// let won: Position<Kendall> = "ooooo......................... o 5 0".parse()?;
/// assert_eq!(won.outcome(), Some(Outcome::Win(Side::X)));
/// assert_eq!(Position::start(Kendall).outcome(), None);
/// # Ok::<(), senet::PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Outcome {
    /// This side won.
    Win(Side),
    /// Nobody won (Bell: equal scores with the board empty).
    Draw,
}

impl Outcome {
    /// x's share of a finished game: 1 when x won, 0 when o won, a half
    /// for a draw (the value the endgame tables of `senet-odds` give every position).
    ///
    /// ```
    /// use senet::{Outcome, Side};
    /// assert_eq!(Outcome::Win(Side::O).x_share(), 0.0);
    /// assert_eq!(Outcome::Draw.x_share(), 0.5);
    /// ```
    pub const fn x_share(self) -> f64 {
        match self {
            Outcome::Win(Side::X) => 1.0,
            Outcome::Win(Side::O) => 0.0,
            Outcome::Draw => 0.5,
        }
    }
}

impl core::fmt::Display for Outcome {
    /// `x won`, `o won` or `a draw`, as a person reads it.
    ///
    /// ```
    /// use senet::{Outcome, Side};
    /// assert_eq!(Outcome::Win(Side::O).to_string(), "o won");
    /// assert_eq!(Outcome::Draw.to_string(), "a draw");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Outcome::Win(side) => write!(f, "{side} won"),
            Outcome::Draw => f.write_str("a draw"),
        }
    }
}

/// A reconstruction of the rules of Senet.
///
/// Implement it to add your own ruleset: the required methods say what a
/// roll does to one piece and how the game starts, ends and passes the
/// turn; the provided ones default to "no such rule" (no backward play, no
/// blockade, no protection, no water). Every function of the crate then
/// works with it unchanged.
///
/// Each rule is stated once, in a hook; nothing else is written for
/// speed. The move generator derives its per-roll tables from
/// [`forward`](Ruleset::forward), [`backward`](Ruleset::backward) and
/// [`water`](Ruleset::water), tables that are the crate's alone. Checking
/// a move a person names uses the same generated moves, and explains a
/// refusal in the ruleset's own words ([`why`](Ruleset::why)).
///
/// **One way in.** A ruleset of your own is played as a
/// [`Rules`](crate::Rules): [`Rules::new`](crate::Rules::new) checks it
/// once (its name, its use of the water, its landing hooks on a spread of
/// boards, its start against its own rules), and every entry point takes
/// the result.
///
/// **Speed.** For the built-in rulesets the compiler folds that
/// derivation into constants. For a ruleset written in another crate it
/// cannot; [`Rules::new`](crate::Rules::new) derives the tables once,
/// with every answer that reads no board. The
/// hooks that read the board ([`impassable`](Ruleset::impassable),
/// [`shielded`](Ruleset::shielded), [`outcome`](Ruleset::outcome)...)
/// stay one call each per position; the repository's
/// `docs/performance.md` gives the figures.
///
/// **No hidden door.** Every method here is a rule and nothing else: no
/// method lets a ruleset skip a check or pass for a built-in one. Which
/// built-in ruleset a value is ([`AnyRuleset::of`](crate::AnyRuleset::of))
/// is known from its type alone.
///
/// Hooks must be pure functions of their arguments: the crate calls them
/// on hot paths and relies on them answering the same way every time.
/// Each hook's docs state what else it must keep (its contract); what
/// can be checked is: up front by `Rules::new`, which refuses a name a
/// record cannot hold, and with [`HookError`](crate::rulesets::HookError) the water
/// used without a water house and a landing hook that answers a taken
/// house; in play, where no answer that would lose a piece is played.
///
/// ```
/// use senet::rulesets::Kendall;
/// use senet::{House, Position, Roll, Ruleset};
/// use senet::rulesets::Reach;
///
/// // A ruleset answers questions about its rules...
/// let ten = House::new(10).unwrap();
/// let three = Roll::new(3).unwrap();
/// assert_eq!(Kendall.forward(ten, three), Some(Reach::To(House::new(13).unwrap())));
/// // ...and everything else is written once over it.
/// assert_eq!(Position::start(Kendall).moves(three).len(), 5);
/// ```
pub trait Ruleset: Copy + Debug + Eq + Hash + Send + Sync + 'static {
    /// The ruleset's name in lower case, as written in position files,
    /// records and on the command line (`"kendall"`).
    ///
    /// Contract: a record's tag value, so that a record of the game reads
    /// back: not empty, at most [`Record::MAX_VALUE`](crate::Record::MAX_VALUE)
    /// bytes, no control or format characters ([`Rules::new`](crate::Rules::new)
    /// checks it).
    fn name(&self) -> &'static str;

    /// Changes whenever a game replayed from the same seed and moves would
    /// play differently under this ruleset; records carry it.
    fn revision(&self) -> u32;

    /// A display name for a side (the crate writes `x` and `o` everywhere else).
    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::X => "x",
            Side::O => "o",
        }
    }

    /// The colour of a side's pieces, when the reconstruction names one
    /// (Temple's ivory and terracotta); a display shows it beside the side.
    fn colour(&self, _side: Side) -> Option<&'static str> {
        None
    }

    /// The side the reconstruction gives to the house, whom a lone player
    /// faces (Temple's guardian): a bot that plays a person takes that
    /// side's name, whichever pieces it moves.
    fn house_side(&self) -> Option<Side> {
        None
    }

    /// How many pieces each side starts with.
    fn pieces_per_side(&self) -> u8;

    /// The houses of `x`'s and `o`'s pieces at the start; `x` throws first.
    ///
    /// Contract: `pieces_per_side` pieces each, no house shared, and a
    /// valid position of the ruleset ([`Rules::new`](crate::Rules::new)
    /// checks it).
    fn start(&self) -> [Bitboard; 2];

    /// The implement thrown.
    fn dice(&self) -> Dice;

    /// Where `roll` carries a piece on `from` going forward, or `None` when
    /// that piece cannot move forward with it (exact exits, mandatory stops).
    ///
    /// Contract: [`Reach::Water`], [`Reach::ToElseWater`] and
    /// [`Reach::Fall`] only in a ruleset with a [`water`](Ruleset::water)
    /// house ([`Rules::new`](crate::Rules::new) checks it); [`Reach::Return`]
    /// only where
    /// [`return_landing`](Ruleset::return_landing) says where it lands.
    /// The answer depends on the house and the roll alone.
    fn forward(&self, from: House, roll: Roll) -> Option<Reach>;

    /// Where `roll` carries a piece on `from` when the side must play
    /// backward, or `None`. Backward moves are legal only when no forward
    /// move is. The contract of [`forward`](Ruleset::forward) holds.
    /// Default: no backward play.
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        let _ = (from, roll);
        None
    }

    /// Houses whose pieces must be played first: when any of them has a
    /// legal move, only their moves are legal. Default: none.
    fn must_play_first(&self) -> Bitboard {
        Bitboard::EMPTY
    }

    /// The pieces of `side` allowed to move this throw; the others wait,
    /// even when none of these has a move (a piece that must move alone,
    /// a piece held by the one in front of it). Default: every piece.
    fn movable(&self, board: &Board, side: Side) -> Bitboard {
        board.pieces(side)
    }

    /// The houses whose piece may wait where it stands with `roll`,
    /// instead of moving: a choice the rules offer (Kendall's 1979
    /// booklet lets a piece in the water wait there for a 4). A wait is
    /// one of the roll's legal moves, listed after the others and written
    /// `R: F=`; it counts as a forward move, so a side that may wait is
    /// never made to move backward. Only [`movable`](Ruleset::movable)
    /// pieces wait. Default: no piece ever waits.
    fn waits(&self, roll: Roll) -> Bitboard {
        let _ = roll;
        Bitboard::EMPTY
    }

    /// The house a piece in its side's hand enters the board on with
    /// `roll`, or `None` when `roll` enters no piece (Piccione: "players
    /// may enter a piece onto the board with a throw of 1").
    ///
    /// In a ruleset where some roll enters, a side's hand holds every
    /// piece of it neither on the board nor borne off
    /// ([`Position::in_hand`](crate::Position::in_hand)): its
    /// [`start`](Ruleset::start) may hold fewer than
    /// [`pieces_per_side`](Ruleset::pieces_per_side) pieces, or none. An
    /// entry is one of the roll's legal moves when the side has a piece in
    /// hand and the house is empty; it counts as a forward move (a side
    /// that can enter never moves backward), is listed after every other
    /// move of the roll, and is written `R: in-T`. No other hook limits
    /// it: [`movable`](Ruleset::movable) and
    /// [`must_play_first`](Ruleset::must_play_first) speak of pieces on
    /// the board. [`throws_again`](Ruleset::throws_again),
    /// [`marks`](Ruleset::marks) and
    /// [`loses_next_turn`](Ruleset::loses_next_turn) see the entry as a
    /// move ([`Move::is_entry`](crate::Move::is_entry)). Default: no piece
    /// ever enters, and every piece starts on the board.
    fn enters(&self, roll: Roll) -> Option<House> {
        let _ = roll;
        None
    }

    /// Whether a piece that goes into the [`water`](Ruleset::water)
    /// leaves the board for its side's hand, to enter again (Piccione: "a
    /// piece which lands on square 27 is removed from the board and must
    /// enter again"), rather than land where
    /// [`water_landing`](Ruleset::water_landing) says. Contract: only in a
    /// ruleset with a water house and some roll that
    /// [`enters`](Ruleset::enters) ([`Rules::new`](crate::Rules::new)
    /// checks it). Default: no.
    fn water_to_hand(&self) -> bool {
        false
    }

    /// Whether every throw of a turn is made before any move (Kendall's
    /// 1979 booklet: "All throws are made before moving"). A throw after
    /// which [`throws_again`](Ruleset::throws_again) says, asked with no
    /// move, that the same side throws again is *banked*, and the side
    /// throws again; the first throw that gives no other is banked too,
    /// and ends the throwing. The side then plays the bank: one roll at a
    /// time, in the order it chooses, each roll one move of one piece (a
    /// roll that has no legal move now may have one after another is
    /// played). When no banked roll has a legal move, the rolls left are
    /// lost, lowest first. When the bank is spent the sticks pass, and a
    /// lost turn ([`loses_next_turn`](Ruleset::loses_next_turn)) is taken
    /// as always; `throws_again` is not asked of a move. A position
    /// remembers the bank ([`Position::bank`](crate::Position::bank)).
    /// Contract: some roll ends the throwing, and no side needs a roll to
    /// begin ([`begins_with`](Ruleset::begins_with)); [`Rules::new`](crate::Rules::new)
    /// checks both. Default: each throw is played when it is thrown.
    fn banks_throws(&self) -> bool {
        false
    }

    /// The roll `side` must throw before any of its pieces moves, or
    /// `None` when it may move from its first throw (Ludii's Starting
    /// Throw: "each player must throw a 1 to begin play"). Until it has
    /// thrown that roll, each of its throws is lost, and gives another
    /// throw or not as a lost throw does; the throw of that roll begins
    /// it, whether or not it has a move, and is played as any other. A
    /// side that must begin starts the game not yet begun; a position
    /// remembers it ([`Position::has_begun`](crate::Position::has_begun)).
    /// Default: every side may move from the start.
    fn begins_with(&self, side: Side) -> Option<Roll> {
        let _ = side;
        None
    }

    /// Whether `side` may bear a piece off on `board` (some rulesets wait
    /// until every piece is home). Default: always.
    fn may_bear_off(&self, board: &Board, side: Side) -> bool {
        let _ = (board, side);
        true
    }

    /// Houses the mover's piece may not pass along the track going
    /// `direction` (a move is illegal when any house strictly between its
    /// start and its target, 31 for off, is in the set). Default: pieces
    /// jump over anything.
    fn impassable(&self, board: &Board, mover: Side, direction: Direction) -> Bitboard {
        let _ = (board, mover, direction);
        Bitboard::EMPTY
    }

    /// Houses where an opponent's piece can never be landed on, whatever
    /// stands around it. Default: none.
    fn safe_houses(&self) -> Bitboard {
        Bitboard::EMPTY
    }

    /// The pieces of `owner` that the other side may not land on.
    /// Default: those on [`safe_houses`](Ruleset::safe_houses).
    fn shielded(&self, board: &Board, owner: Side) -> Bitboard {
        board.pieces(owner) & self.safe_houses()
    }

    /// What landing on an unshielded opponent's piece usually does: the
    /// generator plays this kind with masks, and asks
    /// [`contact_at`](Ruleset::contact_at) about the others.
    fn contact(&self) -> Contact {
        Contact::Swap
    }

    /// What landing from `start` on an unshielded opponent's piece on
    /// `target` does, or `None` when that landing is illegal. Default:
    /// [`contact`](Ruleset::contact) everywhere.
    ///
    /// The one statement of whether pieces leave the game: a ruleset for
    /// which this answers [`Contact::Capture`] anywhere may have fewer
    /// pieces than it started with, in play, in a position string and in
    /// the endgame tables alike.
    fn contact_at(&self, start: House, target: House) -> Option<Contact> {
        let _ = (start, target);
        Some(self.contact())
    }

    /// Where a piece that enters the water comes to rest, given the houses
    /// taken by every other piece; `None` when it cannot enter (the move is
    /// then illegal). A piece found standing on the [`water`](Ruleset::water)
    /// house is moved at once to where this answers, after every move,
    /// whenever that is another house. Also where a drowned piece goes
    /// ([`Contact::Drown`]).
    ///
    /// Contract: never a house in `occupied` (the water house itself
    /// only when it is free). [`Rules::new`](crate::Rules::new)
    /// tries the hook on a spread of boards; in play, a move whose answer
    /// is a taken house is not generated, and naming it gives
    /// [`IllegalMoveError::Hook`](crate::IllegalMoveError::Hook); a piece waiting in
    /// the water stays there rather than move onto a taken house.
    /// Default: the ruleset has no water.
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        let _ = occupied;
        None
    }

    /// Where a piece lands that leaves the water by a [`Reach::Return`],
    /// given the houses taken by every other piece; `None` when it cannot.
    /// The contract of [`water_landing`](Ruleset::water_landing) holds, and
    /// is checked the same way. Default: nowhere.
    fn return_landing(&self, occupied: Bitboard) -> Option<House> {
        let _ = occupied;
        None
    }

    /// Where an opponent's piece goes when a landing on it sends it back
    /// ([`Contact::SendBack`]), given the houses taken before the move
    /// (the mover's start among them); `None` when it has nowhere to go,
    /// and the landing is then illegal. The contract of
    /// [`water_landing`](Ruleset::water_landing) holds, and is checked the
    /// same way. Default: nowhere, so a ruleset that sends pieces back
    /// says where (Jéquier: [`lowest_empty`](crate::rulesets::lowest_empty)).
    fn send_back(&self, occupied: Bitboard) -> Option<House> {
        let _ = occupied;
        None
    }

    /// Whether the piece that played `played` is marked where it comes
    /// to rest (Kendall 1979's piece back from the water). While a side
    /// has a marked piece, [`movable`](Ruleset::movable) usually lets it
    /// move only that one, and [`Board::marked`] says whose it is.
    ///
    /// Shared code keeps the mark: a piece is marked only where it comes
    /// to rest on the [`mark_house`](Ruleset::mark_house) (a `true` for a
    /// move that bears off or rests elsewhere marks nothing), and the mark
    /// stays until that piece moves or is landed on. Never asked when the
    /// ruleset has no mark house. Default: no marks.
    fn marks(&self, played: Move) -> bool {
        let _ = played;
        false
    }

    /// The house where a marked piece stands (see
    /// [`marks`](Ruleset::marks)): a position string writes `X` or `O`
    /// there, and only there. One house at most, so that the side of the
    /// marked piece says which piece it is. Default: none, the ruleset
    /// marks nothing.
    fn mark_house(&self) -> Option<House> {
        None
    }

    /// The water house: the target a move into the water is written with,
    /// and the house where a piece that [`water_landing`](Ruleset::water_landing)
    /// leaves in the water stands. `None` when the ruleset has no water
    /// (then no hook may answer a move into the water).
    /// Default: none.
    fn water(&self) -> Option<House> {
        None
    }

    /// The mark a drawing of the board shows on `house` (the ankh on 15,
    /// the numerals of 28 to 30...), or `None` for a plain house. Houses
    /// with a mark are drawn tinted. Default: no marks.
    fn house_mark(&self, house: House) -> Option<&'static str> {
        let _ = house;
        None
    }

    /// Why a move is refused, in the ruleset's own words: what error
    /// messages say after the shared part ("the move would pass house
    /// 12, which blocks the way: ..."). Default: plain statements that
    /// name no rule.
    fn why(&self, refusal: Refusal) -> &'static str {
        plain_why(refusal)
    }

    /// Whether the side that threw `roll` throws again after `played`, the
    /// move it made, or `None` when the throw was lost. Never asked after a
    /// move that ended the game.
    fn throws_again(&self, roll: Roll, played: Option<Move>) -> bool;

    /// Whether the side that made `played` loses its next turn (Kendall's
    /// 1979 booklet: a piece that goes back from the water to 15 "loses
    /// one turn"). The next time the sticks would pass to that side, they
    /// stay with its opponent, who plays a second turn in a row; a
    /// position remembers the lost turn until then
    /// ([`Position::loses_next_turn`](crate::Position::loses_next_turn)). Never asked after a move that ended
    /// the game. Default: no turn is ever lost.
    fn loses_next_turn(&self, played: Move) -> bool {
        let _ = played;
        false
    }

    /// The result, when the game on `board` is over; checked after every move.
    fn outcome(&self, board: &Board) -> Option<Outcome>;
}

/// The generator's tables, derived here beside the geometry hooks they
/// read (see [`Steps`] for why the derivation is written out as it is).
impl Steps {
    /// The table of `roll` in `direction`, from the ruleset's hooks.
    #[inline(always)]
    pub(crate) fn derive<R: Ruleset>(ruleset: &R, roll: Roll, direction: Direction) -> Steps {
        // One table per set (see above). In this order the compiler keeps
        // more of Kendall's and Classic's playout loop in registers.
        let along = Steps::by_roll(ruleset, roll, direction, |steps| steps.along);
        let water = Steps::by_roll(ruleset, roll, direction, |steps| steps.water);
        Steps {
            along,
            water,
            ask: Steps::asked_by_any_roll(ruleset, direction),
        }
    }

    /// One set of the table of `roll`, picked by `set`: one arm per roll,
    /// each with its roll a constant, so that each folds and the `match`
    /// becomes a look-up in a table of constants.
    #[inline(always)]
    fn by_roll<R: Ruleset>(
        ruleset: &R,
        roll: Roll,
        direction: Direction,
        set: impl Fn(Steps) -> Bitboard,
    ) -> Bitboard {
        match roll.value() & 7 {
            1 => set(Steps::of_roll(ruleset, Roll::of::<1>(), direction)),
            2 => set(Steps::of_roll(ruleset, Roll::of::<2>(), direction)),
            3 => set(Steps::of_roll(ruleset, Roll::of::<3>(), direction)),
            4 => set(Steps::of_roll(ruleset, Roll::of::<4>(), direction)),
            5 => set(Steps::of_roll(ruleset, Roll::of::<5>(), direction)),
            6 => set(Steps::of_roll(ruleset, Roll::of::<6>(), direction)),
            _ => Bitboard::EMPTY,
        }
    }

    /// The `ask` sets of every roll the ruleset's implement makes, in one.
    /// A constant for a ruleset whose hooks fold.
    #[inline(always)]
    fn asked_by_any_roll<R: Ruleset>(ruleset: &R, direction: Direction) -> Bitboard {
        let dice = ruleset.dice();
        let of = |roll: Roll| {
            if dice.can_roll(roll) {
                Steps::of_roll(ruleset, roll, direction).ask
            } else {
                Bitboard::EMPTY
            }
        };
        of(Roll::of::<1>())
            | of(Roll::of::<2>())
            | of(Roll::of::<3>())
            | of(Roll::of::<4>())
            | of(Roll::of::<5>())
            | of(Roll::of::<6>())
    }

    /// The table of `roll`, asking the hook about every house.
    #[inline(always)]
    fn of_roll<R: Ruleset>(ruleset: &R, roll: Roll, direction: Direction) -> Steps {
        let r = roll.value();
        let water = ruleset.water().map_or(0, House::number);
        let mut steps = Steps::NONE;
        let mut sort = |h: u8| {
            let from = House::from_index(h);
            let (reach, stepped) = match direction {
                Direction::Forward => (ruleset.forward(from, roll), h + r),
                Direction::Backward => (ruleset.backward(from, roll), h.wrapping_sub(r)),
            };
            let house = Bitboard::from_house(from);
            match reach {
                None => {}
                Some(Reach::To(to)) if to.number() == stepped => steps.along |= house,
                Some(Reach::Off) if stepped == House::COUNT + 1 => steps.along |= house,
                Some(Reach::Water) if stepped == water => {
                    steps.along |= house;
                    steps.water |= house;
                }
                Some(_) => steps.ask |= house,
            }
        };
        // Written out rather than looped: the compiler folds straight-line
        // calls with constant arguments, but not a loop of thirty.
        macro_rules! every_house {
            ($($h:literal)*) => { $( sort($h); )* };
        }
        every_house!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30);
        steps
    }
}
