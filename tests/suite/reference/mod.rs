//! A deliberately plain, slow move generator, written from the `Ruleset`
//! hooks alone, to check the crate's fast generator against.
//!
//! The crate's generator (`src/movegen/`) finds moves for whole sets of
//! pieces at once with shifts and masks, per-roll step tables and
//! branch-free list writing: fast, and easy to get subtly wrong. This one
//! walks the houses one by one and asks the hooks about one piece at a
//! time, in the order the trait's documentation states the rules, so that
//! the two share nothing but the hooks. Where they disagree, one of them
//! misreads the hooks. The tests of `crates/senet-rules-file` check the
//! rules files against it too (by `#[path]`).
//!
//! Rules, as the trait documents them (and `docs/rules.md` states them):
//!
//! - Only the pieces of `movable` move at all.
//! - A piece's reach is `forward`'s answer, or `backward`'s when no piece
//!   of the side has a legal forward move with the roll. `ToElseWater(h)`
//!   is `To(h)` when h is empty and the water otherwise; `Return` lands
//!   where `return_landing` of the other pieces' houses says (no move when
//!   it says nowhere), and is written with that house.
//! - Every house strictly between the start and the target (31 for off,
//!   the water's house for the water) must not be in `impassable` of the
//!   move's direction, unless the reach is `Reach::Fall` or `Reach::Return`,
//!   which do not travel the track.
//! - Bearing off is legal only when `may_bear_off` says so.
//! - Landing on an own piece is illegal; on an opponent's piece, illegal
//!   when it is in `shielded` (or on a `safe_houses` house), otherwise
//!   `contact_at(start, target)` says: illegal, swap, capture, send back
//!   to the lowest house empty before the move, or drown (legal only when
//!   `water_landing` has a house for the drowned piece).
//! - A move into the water (`Reach::Water` or `Reach::Fall`) is legal only
//!   if `water_landing` of the other pieces' houses has an answer, and the
//!   piece rests there. After every move, a piece found on the water's
//!   house goes where `water_landing` says, if that is another house.
//! - `must_play_first`: when a piece on those houses has a legal move in
//!   the direction being played, only those pieces' moves count.
//! - Marks (`marks`, `mark_house`): the mover is marked where it comes
//!   to rest when `marks` says so of the move and that house is the
//!   `mark_house`; otherwise a move that starts or ends on the marked
//!   piece's house, or takes it out of the water, ends the mark.
//! - Waits: each movable piece on a house of `waits(roll)` may also stay
//!   where it is; waits count among the forward moves (a side with one
//!   never plays backward). A wait changes no piece.
//! - After a move: the game's `outcome`; the mover throws again when
//!   `throws_again(roll, Some(move))` says so and the game goes on; after
//!   a move that ends the game, the opponent is named to throw. A lost
//!   throw: `throws_again(roll, None)`.
//! - Beginning: a side that has not begun (`Position::has_begun`) has no
//!   move with any roll but the one of `begins_with`; any throw of that
//!   roll begins it, moved or lost.
//! - Entries: where some roll `enters` a piece, a side's hand holds its
//!   pieces neither on the board nor borne off. With a roll that enters
//!   on house h, a side with a piece in hand may enter it on h when h is
//!   empty; the entry counts among the forward moves and comes last. The
//!   entered piece stands on h; `marks` may mark it there.
//! - The water to the hand: where `water_to_hand` says so, a piece that
//!   goes into the water (or is drowned) leaves the board for its hand.
//! - Lost turns: a move for which `loses_next_turn` answers true (the
//!   game going on) costs the mover its next turn. When the turn passes,
//!   a side the sticks reach that has lost its turn gives them back to
//!   the other side, once, and so on.
//!
//! Only the public hooks, `House::all`, `Board::piece_at` and
//! `Bitboard::contains` (as a membership test) are used to read a board;
//! the sets handed to the hooks and to `Position::new` are built one house
//! at a time, and new positions go through that checked constructor. No
//! shifts, no masks: speed is not the point, being obviously right is.

// Each test file that includes this module uses only part of it.
#![allow(dead_code)]

use senet::moves::Target;
use senet::rulesets::{Contact, Reach};
use senet::{Bitboard, House, Position, Roll, Ruleset, Side};

/// The house of the water, in the rulesets that have one: the hook's
/// answer, the one place the reference asks it.
pub fn water_house<R: Ruleset>(ruleset: &R) -> Option<House> {
    ruleset.water()
}

/// The track number of bearing off: one past the last house.
const OFF_TRACK: u8 = House::COUNT + 1;

/// One legal move, as the reference finds it: everything the crate's
/// `Move` says, spelled out field by field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RefMove {
    /// The roll played.
    pub roll: Roll,
    /// The house the piece leaves.
    pub from: House,
    /// Where the piece goes: a house, the water's house for the water
    /// (wherever the piece then rests), or off.
    pub to: Target,
    /// The opponent's piece landed on went to the mover's start house.
    pub swap: bool,
    /// The opponent's piece landed on left the game.
    pub capture: bool,
    /// The opponent's piece landed on went elsewhere: sent back or drowned.
    pub sent: bool,
    /// The written target is below the start.
    pub backward: bool,
    /// The piece went into the water.
    pub water: bool,
    /// The piece waited where it stands.
    pub wait: bool,
    /// A piece from the hand entered on `from` (= `to`).
    pub entry: bool,
}

/// Which of the two reach hooks a move comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    Forward,
    Backward,
}

/// Whether the ruleset's implement can make `roll`, from the list of its rolls.
fn on_dice<R: Ruleset>(ruleset: &R, roll: Roll) -> bool {
    ruleset.dice().rolls().any(|r| r == roll)
}

/// The target as a move writes it: a house, off, or the water's house
/// for the water and for a fall (no move at all in a ruleset without
/// water).
fn target<R: Ruleset>(ruleset: &R, view: &View, from: House, reach: Reach) -> Option<Target> {
    match reach {
        Reach::To(house) => Some(Target::House(house)),
        Reach::Off => Some(Target::Off),
        Reach::Water | Reach::Fall => water_house(ruleset).map(Target::House),
        Reach::ToElseWater(house) if view.at(house).is_none() => Some(Target::House(house)),
        Reach::ToElseWater(_) => water_house(ruleset).map(Target::House),
        Reach::Return => {
            let mut others = view.cells;
            others[usize::from(from.number())] = None;
            ruleset.return_landing(occupied(&others)).map(Target::House)
        }
        other => unknown(other),
    }
}

/// A kind of reach or contact added to the crate after this reference:
/// the test fails, naming it, until the reference learns it.
fn unknown<T: core::fmt::Debug, U>(kind: T) -> U {
    panic!("the reference does not know {kind:?}")
}

/// A target's number along the track: a house's number, 31 for off.
fn track_number(target: Target) -> u8 {
    match target {
        Target::House(house) => house.number(),
        Target::Off => OFF_TRACK,
    }
}

/// The houses strictly between two track numbers, whichever is lower.
fn houses_between(a: u8, b: u8) -> impl Iterator<Item = House> {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    (low + 1..high).filter_map(House::new)
}

/// A board as one cell per house (index 0 unused): who stands where.
type Cells = [Option<Side>; OFF_TRACK as usize];

/// The cells of a position's board, read house by house.
fn cells_of<R: Ruleset>(position: &Position<R>) -> Cells {
    let mut cells = [None; OFF_TRACK as usize];
    for house in House::all() {
        cells[usize::from(house.number())] = position.board().piece_at(house);
    }
    cells
}

/// The set of houses where `keep` holds, built one house at a time.
fn houses_where(cells: &Cells, keep: impl Fn(Option<Side>) -> bool) -> Bitboard {
    let mut set = Bitboard::EMPTY;
    for house in House::all() {
        if keep(cells[usize::from(house.number())]) {
            set = set.with(house);
        }
    }
    set
}

/// Every occupied house of `cells`.
fn occupied(cells: &Cells) -> Bitboard {
    houses_where(cells, |c| c.is_some())
}

/// What the rules ask of the board for every piece of one throw, worked
/// out once per throw: the hooks are pure, so asking them per piece would
/// only repeat the same answers.
struct View {
    /// Who stands on each house.
    cells: Cells,
    /// The side to throw.
    side: Side,
    /// The side's pieces allowed to move.
    movable: Bitboard,
    /// The houses the side's pieces may not pass going forward.
    impassable: Bitboard,
    /// The houses the side's pieces may not pass going backward.
    impassable_back: Bitboard,
    /// The opponent's pieces the side may not land on.
    shielded: Bitboard,
    /// Whether the side may bear off.
    bear_off: bool,
}

impl View {
    fn of<R: Ruleset>(position: &Position<R>) -> View {
        let ruleset = position.ruleset();
        let side = position.side_to_throw();
        let board = position.board();
        View {
            cells: cells_of(position),
            side,
            movable: ruleset.movable(board, side),
            impassable: ruleset.impassable(board, side, senet::rulesets::Direction::Forward),
            impassable_back: ruleset.impassable(board, side, senet::rulesets::Direction::Backward),
            shielded: ruleset.shielded(board, side.opponent()),
            bear_off: ruleset.may_bear_off(board, side),
        }
    }

    fn at(&self, house: House) -> Option<Side> {
        self.cells[usize::from(house.number())]
    }
}

/// The move of the one piece on `from`, of the side to throw, in one
/// direction, or `None` when the rules give it none.
fn piece_move<R: Ruleset>(
    ruleset: &R,
    view: &View,
    from: House,
    roll: Roll,
    direction: Direction,
) -> Option<RefMove> {
    if !view.movable.contains(from) {
        return None;
    }
    let reach = match direction {
        Direction::Forward => ruleset.forward(from, roll),
        Direction::Backward => ruleset.backward(from, roll),
    }?;
    let to = target(ruleset, view, from, reach)?;
    let reach = match reach {
        Reach::ToElseWater(house) if to == Target::House(house) => Reach::To(house),
        Reach::ToElseWater(_) => Reach::Water,
        reach => reach,
    };
    // The way: every house passed along the track must be passable. A
    // fall or a return goes straight to its house and passes nothing.
    if reach != Reach::Fall && reach != Reach::Return {
        let impassable = match direction {
            Direction::Forward => view.impassable,
            Direction::Backward => view.impassable_back,
        };
        for house in houses_between(from.number(), track_number(to)) {
            if impassable.contains(house) {
                return None;
            }
        }
    }
    let mut mv = RefMove {
        roll,
        from,
        to,
        swap: false,
        capture: false,
        sent: false,
        backward: track_number(to) < from.number(),
        water: false,
        wait: false,
        entry: false,
    };
    match reach {
        Reach::Off if !view.bear_off => return None,
        Reach::Off | Reach::Return | Reach::ToElseWater(_) => {}
        Reach::Water | Reach::Fall => {
            // The water must have a house for the piece, counting every
            // other piece (the mover has left its start).
            // (A water that sends it to the hand always has room.)
            let mut others = view.cells;
            others[usize::from(from.number())] = None;
            if !ruleset.water_to_hand() {
                ruleset.water_landing(occupied(&others))?;
            }
            mv.water = true;
        }
        Reach::To(to) => match view.at(to) {
            None => {}
            Some(owner) if owner == view.side => return None,
            Some(_) => {
                // `safe_houses` is documented as "never landed on,
                // whatever stands around it", whatever `shielded` adds.
                if ruleset.safe_houses().contains(to) || view.shielded.contains(to) {
                    return None;
                }
                match ruleset.contact_at(from, to)? {
                    Contact::Swap => mv.swap = true,
                    Contact::Capture => mv.capture = true,
                    Contact::SendBack => {
                        // The piece landed on needs somewhere to go.
                        ruleset.send_back(occupied(&view.cells))?;
                        mv.sent = true;
                    }
                    Contact::Drown => {
                        // The drowned piece needs a place in the water,
                        // the mover standing on its target.
                        let mut after = view.cells;
                        after[usize::from(from.number())] = None;
                        after[usize::from(to.number())] = Some(view.side);
                        if !ruleset.water_to_hand() {
                            ruleset.water_landing(occupied(&after))?;
                        }
                        mv.sent = true;
                    }
                    other => unknown(other),
                }
            }
        },
        other => unknown(other),
    }
    Some(mv)
}

/// The legal moves of the side to throw in one direction, pieces that must
/// be played first taking precedence.
fn direction_moves<R: Ruleset>(
    ruleset: &R,
    view: &View,
    roll: Roll,
    direction: Direction,
) -> Vec<RefMove> {
    let mut all = Vec::new();
    for from in House::all() {
        if view.at(from) != Some(view.side) {
            continue;
        }
        if let Some(mv) = piece_move(ruleset, view, from, roll, direction) {
            all.push(mv);
        }
    }
    let first = ruleset.must_play_first();
    let firsts: Vec<RefMove> = all
        .iter()
        .copied()
        .filter(|mv| first.contains(mv.from))
        .collect();
    if firsts.is_empty() { all } else { firsts }
}

/// Every legal move of `roll` for the side to throw: the forward moves, or
/// when there is none, the backward ones. None when the game is over or
/// the ruleset's implement cannot make `roll`.
pub fn reference_moves<R: Ruleset>(position: &Position<R>, roll: Roll) -> Vec<RefMove> {
    let ruleset = position.ruleset();
    if ruleset.outcome(position.board()).is_some() || !on_dice(&ruleset, roll) {
        return Vec::new();
    }
    let side = position.side_to_throw();
    if !position.has_begun(side) && ruleset.begins_with(side) != Some(roll) {
        return Vec::new();
    }
    let view = View::of(position);
    let mut forward = direction_moves(&ruleset, &view, roll, Direction::Forward);
    for from in House::all() {
        let waits = ruleset.waits(roll).contains(from);
        if waits && view.at(from) == Some(view.side) && view.movable.contains(from) {
            forward.push(RefMove {
                roll,
                from,
                to: Target::House(from),
                swap: false,
                capture: false,
                sent: false,
                backward: false,
                water: false,
                wait: true,
                entry: false,
            });
        }
    }
    if let Some(house) = ruleset.enters(roll)
        && view.at(house).is_none()
        && in_hand(position, side) > 0
    {
        forward.push(RefMove {
            roll,
            from: house,
            to: Target::House(house),
            swap: false,
            capture: false,
            sent: false,
            backward: false,
            water: false,
            wait: false,
            entry: true,
        });
    }
    if !forward.is_empty() {
        return forward;
    }
    direction_moves(&ruleset, &view, roll, Direction::Backward)
}

/// How many pieces of `side` are in its hand: in a ruleset where some
/// roll enters a piece, those neither on the board nor borne off,
/// counted house by house.
fn in_hand<R: Ruleset>(position: &Position<R>, side: Side) -> u8 {
    let ruleset = position.ruleset();
    if !ruleset
        .dice()
        .rolls()
        .any(|roll| ruleset.enters(roll).is_some())
    {
        return 0;
    }
    let cells = cells_of(position);
    let on_board = House::all()
        .filter(|house| cells[usize::from(house.number())] == Some(side))
        .count() as u8;
    ruleset.pieces_per_side() - on_board - position.board().off(side)
}

/// The side that throws after `mover` when the sticks pass (`passing`)
/// or stay, with the lost turns left: each side the passing sticks
/// reach that lost its turn gives them up, once.
fn next_to_throw(mover: Side, passing: bool, mut lost: [bool; 2]) -> (Side, [bool; 2]) {
    if !passing {
        return (mover, lost);
    }
    let mut next = mover.opponent();
    while lost[next.index()] {
        lost[next.index()] = false;
        next = next.opponent();
    }
    (next, lost)
}

/// The sides of `position` not begun, side by side.
fn unbegun<R: Ruleset>(position: &Position<R>) -> [bool; 2] {
    [!position.has_begun(Side::X), !position.has_begun(Side::O)]
}

/// The lost turns of `position`, side by side.
fn lost_turns<R: Ruleset>(position: &Position<R>) -> [bool; 2] {
    [
        position.loses_next_turn(Side::X),
        position.loses_next_turn(Side::O),
    ]
}

/// A position of `cells` and borne-off counts, through the checked constructor.
fn build<R: Ruleset>(
    ruleset: R,
    cells: &Cells,
    off: [u8; 2],
    side: Side,
    marked: Option<House>,
    lost: [bool; 2],
    unbegun: [bool; 2],
) -> Position<R> {
    let x = houses_where(cells, |c| c == Some(Side::X));
    let o = houses_where(cells, |c| c == Some(Side::O));
    senet::Setup {
        x,
        o,
        off_x: off[0],
        off_o: off[1],
        marked: None,
        loses_turn_x: lost[0],
        loses_turn_o: lost[1],
        unbegun_x: unbegun[0],
        unbegun_o: unbegun[1],
        ..senet::Setup::new(side)
    }
    .position(ruleset)
    .and_then(|p| p.with_marked_house(marked))
    .unwrap_or_else(|e| panic!("the reference built an invalid position: {e}"))
}

/// The position after `mv`, a move of `reference_moves(position, mv.roll)`.
pub fn reference_play<R: Ruleset>(position: &Position<R>, mv: &RefMove) -> Position<R> {
    let ruleset = position.ruleset();
    let mover = position.side_to_throw();
    if mv.wait {
        let played = position
            .find_wait(mv.roll, mv.from)
            .unwrap_or_else(|e| panic!("{mv:?}: the crate refuses it: {e}"));
        return after_move(
            position,
            played,
            &cells_of(position),
            [position.board().off(Side::X), position.board().off(Side::O)],
            position.marked_house(),
        );
    }
    if mv.entry {
        let played = position
            .find_entry(mv.roll)
            .unwrap_or_else(|e| panic!("{mv:?}: the crate refuses it: {e}"));
        let mut cells = cells_of(position);
        assert_eq!(cells[usize::from(mv.from.number())], None, "{mv:?}: taken");
        cells[usize::from(mv.from.number())] = Some(mover);
        // As after any move: marked where it rests when `marks` says so
        // (and not marked at all when that is not the mark house).
        let mut marked = position.marked_house();
        if ruleset.mark_house().is_some() && ruleset.marks(played) {
            marked = (ruleset.mark_house() == Some(mv.from)).then_some(mv.from);
        }
        let off = [position.board().off(Side::X), position.board().off(Side::O)];
        return after_move(position, played, &cells, off, marked);
    }
    let before = cells_of(position);
    let mut cells = before;
    let mut off = [position.board().off(Side::X), position.board().off(Side::O)];
    let from = usize::from(mv.from.number());
    assert_eq!(cells[from], Some(mover), "{mv:?}: no piece of the mover");
    cells[from] = None;
    // Where the mover comes to rest, if on the board.
    let mut rest_of_mover = match mv.to {
        Target::House(to) => Some(to),
        Target::Off => None,
    };
    if mv.water && ruleset.water_to_hand() {
        // Off the board, into the hand: nowhere to rest.
        rest_of_mover = None;
    } else if mv.water {
        let rest = ruleset
            .water_landing(occupied(&cells))
            .unwrap_or_else(|| panic!("{mv:?}: the water has no house for the piece"));
        assert_eq!(
            cells[usize::from(rest.number())],
            None,
            "{mv:?}: rests on a piece"
        );
        cells[usize::from(rest.number())] = Some(mover);
        rest_of_mover = Some(rest);
    } else {
        match mv.to {
            Target::Off => off[mover.index()] += 1,
            Target::House(to) => {
                let to = usize::from(to.number());
                let hit = cells[to];
                cells[to] = Some(mover);
                if let Some(owner) = hit {
                    assert_ne!(owner, mover, "{mv:?}: lands on its own side");
                    let contact = ruleset
                        .contact_at(mv.from, House::new(to as u8).expect("a house"))
                        .unwrap_or_else(|| panic!("{mv:?}: a refused landing played"));
                    match contact {
                        Contact::Swap => {
                            assert!(mv.swap, "{mv:?}: a swap not flagged");
                            cells[from] = Some(owner);
                        }
                        // The mover takes the house: the captured piece is gone.
                        Contact::Capture => assert!(mv.capture, "{mv:?}: a capture not flagged"),
                        Contact::SendBack => {
                            assert!(mv.sent, "{mv:?}: a piece sent back not flagged");
                            // Where the ruleset says, every house taken
                            // before the move counted.
                            let back = ruleset
                                .send_back(occupied(&before))
                                .unwrap_or_else(|| panic!("{mv:?}: nowhere to send back"));
                            cells[usize::from(back.number())] = Some(owner);
                        }
                        Contact::Drown if ruleset.water_to_hand() => {
                            assert!(mv.sent, "{mv:?}: a drowned piece not flagged");
                        }
                        Contact::Drown => {
                            assert!(mv.sent, "{mv:?}: a drowned piece not flagged");
                            let rest = ruleset
                                .water_landing(occupied(&cells))
                                .unwrap_or_else(|| panic!("{mv:?}: no water for the piece"));
                            cells[usize::from(rest.number())] = Some(owner);
                        }
                        other => unknown(other),
                    }
                }
            }
        }
    }
    // Whatever stands on the water's house goes where the water says,
    // when that is another house (a swap may have put it there too).
    let mut released = false;
    if let Some(water) = water_house(&ruleset) {
        let at = usize::from(water.number());
        if let Some(owner) = cells[at] {
            cells[at] = None;
            let rest = ruleset.water_landing(occupied(&cells)).unwrap_or(water);
            cells[usize::from(rest.number())] = Some(owner);
            released = rest != water;
        }
    }
    // Marks: the mover is marked where it rests when the ruleset says so
    // and that is a mark house; any other move from or onto the marked
    // piece's house, or a release from it, ends the mark.
    let played = position
        .find_move(mv.roll, mv.from, mv.to)
        .unwrap_or_else(|e| panic!("{mv:?}: the crate refuses it: {e}"));
    let mut marked = position.marked_house();
    if let Some(mark_house) = ruleset.mark_house() {
        if ruleset.marks(played) {
            marked = rest_of_mover.filter(|&house| house == mark_house);
        } else if marked == Some(mv.from)
            || marked.map(Target::House) == Some(mv.to)
            || (released && marked == water_house(&ruleset))
        {
            marked = None;
        }
    }
    after_move(position, played, &cells, off, marked)
}

/// The position after `played`, which leaves `cells`, `off` and the mark
/// `marked`: who throws next, and the lost turns.
fn after_move<R: Ruleset>(
    position: &Position<R>,
    played: senet::Move,
    cells: &Cells,
    off: [u8; 2],
    marked: Option<House>,
) -> Position<R> {
    let ruleset = position.ruleset();
    let mover = position.side_to_throw();
    let mut lost = lost_turns(position);
    // The side that moved has begun.
    let mut waiting = unbegun(position);
    waiting[mover.index()] = false;
    let moved = build(ruleset, cells, off, mover, marked, lost, waiting);
    if ruleset.outcome(moved.board()).is_some() {
        // The game ended: the opponent is named, though nobody throws.
        return build(ruleset, cells, off, mover.opponent(), marked, lost, waiting);
    }
    if ruleset.loses_next_turn(played) {
        lost[mover.index()] = true;
    }
    let again = ruleset.throws_again(played.roll(), Some(played));
    let (next, lost) = next_to_throw(mover, !again, lost);
    build(ruleset, cells, off, next, marked, lost, waiting)
}

/// The position after losing a throw of `roll`, or `None` when it is not
/// lost (the game is over, the implement cannot make it, or a move exists).
pub fn reference_lose<R: Ruleset>(position: &Position<R>, roll: Roll) -> Option<Position<R>> {
    let ruleset = position.ruleset();
    if ruleset.outcome(position.board()).is_some()
        || !on_dice(&ruleset, roll)
        || !reference_moves(position, roll).is_empty()
    {
        return None;
    }
    let side = position.side_to_throw();
    let again = ruleset.throws_again(roll, None);
    let (next, lost) = next_to_throw(side, !again, lost_turns(position));
    let off = [position.board().off(Side::X), position.board().off(Side::O)];
    let marked = position.marked_house();
    // The roll that begins a side begins it, lost or not.
    let mut waiting = unbegun(position);
    if ruleset.begins_with(side) == Some(roll) {
        waiting[side.index()] = false;
    }
    Some(build(
        ruleset,
        &cells_of(position),
        off,
        next,
        marked,
        lost,
        waiting,
    ))
}

/// Perft as `senet::perft` defines it, from the reference: 1 at depth 0 or at a
/// finished game; otherwise, over every roll of the implement (each once),
/// the sum over its moves of the perft after each, or the perft after the
/// lost throw when it has none.
pub fn reference_perft<R: Ruleset>(position: &Position<R>, depth: u32) -> u64 {
    let ruleset = position.ruleset();
    if depth == 0 || ruleset.outcome(position.board()).is_some() {
        return 1;
    }
    let mut total = 0;
    for roll in ruleset.dice().rolls() {
        let moves = reference_moves(position, roll);
        if moves.is_empty() {
            let lost = reference_lose(position, roll).expect("a roll with no move is lost");
            total += reference_perft(&lost, depth - 1);
        }
        for mv in &moves {
            total += reference_perft(&reference_play(position, mv), depth - 1);
        }
    }
    total
}
