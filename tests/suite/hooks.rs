//! Rules a built-in-only design would get wrong: user rulesets that
//! capture only through `contact_at`, mark a piece on another house than
//! Kendall 1979's, or keep their water on another house; and hooks that
//! break their contract, each refused with its error.
//!
//! Each user ruleset is played against the plain reference of
//! `tests/suite/reference`, which reads the same hooks one piece at a time.

use crate::common::{walk, walked_positions_read_back};
use crate::reference;

use senet::Rules;
use senet::moves::Target;
use senet::rulesets::first_home_wins;
use senet::rulesets::{Hook, HookError, Reach};
use senet::{
    Bitboard, Board, Dice, House, IllegalMoveError, Move, Outcome, Position, PositionError, Roll,
    Ruleset, Side, perft,
};

use reference::reference_perft;

fn house(n: u8) -> House {
    House::new(n).unwrap()
}

fn roll(n: u8) -> Roll {
    Roll::new(n).unwrap()
}

/// A plain step, bearing off past 30.
fn step(from: House, roll: Roll) -> Reach {
    House::new(from.number() + roll.value()).map_or(Reach::Off, Reach::To)
}

/// Three pieces each; landing on an opponent's piece swaps it below house
/// 20 and captures it from 20 on, though `contact()` says swap: only
/// `contact_at` says that pieces can leave the game. The side that keeps
/// pieces and bears them off wins; a side with none left on the board
/// ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Brawl;

impl Ruleset for Brawl {
    crate::common::three_a_side!("brawl");
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        Some(step(from, roll))
    }
    fn contact_at(&self, _start: House, target: House) -> Option<senet::rulesets::Contact> {
        Some(if target.number() >= 20 {
            senet::rulesets::Contact::Capture
        } else {
            senet::rulesets::Contact::Swap
        })
    }
    fn throws_again(&self, _roll: Roll, _played: Option<Move>) -> bool {
        false
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        let gone = |side| board.on_board(side) == 0;
        if !gone(Side::X) && !gone(Side::O) {
            return None;
        }
        let (x, o) = (board.off(Side::X), board.off(Side::O));
        Some(match x.cmp(&o) {
            core::cmp::Ordering::Greater => Outcome::Win(Side::X),
            core::cmp::Ordering::Less => Outcome::Win(Side::O),
            core::cmp::Ordering::Equal => Outcome::Draw,
        })
    }
}

#[test]
fn a_capture_only_through_contact_at_is_a_capture_everywhere() {
    // x's piece on 18 takes o's on 20 with a 2: o has one piece fewer.
    let before = Position::parse(Brawl, "...........o.....x.o..x.....xo x 0 0").unwrap();
    let mv = before
        .find_move(roll(2), house(18), Target::House(house(20)))
        .unwrap();
    assert!(mv.is_capture());
    let after = before.play(mv).unwrap();
    assert_eq!(after.board().on_board(Side::O), 2);
    // The position prints and parses back: validation knows that Brawl
    // removes pieces, from the same hook that play used.
    let text = after.to_string();
    assert_eq!(Position::parse(Brawl, &text), Ok(after));
}

#[test]
fn a_capture_only_through_contact_at_plays_as_the_reference_reads_it() {
    let start = Position::start(Rules::new(Brawl).unwrap());
    for depth in 0..=3 {
        assert_eq!(perft(&start, depth), reference_perft(&start, depth));
    }
    let mut captured = 0;
    walked_positions_read_back(start, 0..40, 120, |position, _| {
        let on = position.board().on_board(Side::X) + position.board().on_board(Side::O);
        let off = position.board().off(Side::X) + position.board().off(Side::O);
        captured += usize::from(on + off < 6);
    });
    assert!(
        captured > 0,
        "no walk captured a piece: the test saw nothing"
    );
    let late = walk(start, 7, 60).pop().unwrap();
    assert_eq!(perft(&late, 3), reference_perft(&late, 3));
}

/// Kendall-like water on 27 that keeps a piece, and a piece coming back
/// from it to house 10, marked there: the marked piece moves alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Beacon;

const BEACON_WATER: u8 = 27;
const BEACON_HOME: u8 = 10;

impl Ruleset for Beacon {
    fn name(&self) -> &'static str {
        "beacon"
    }
    fn revision(&self) -> u32 {
        1
    }
    fn pieces_per_side(&self) -> u8 {
        3
    }
    fn start(&self) -> [Bitboard; 2] {
        [
            Bitboard::from_numbers(&[20, 22, 24]),
            Bitboard::from_numbers(&[19, 21, 23]),
        ]
    }
    fn dice(&self) -> Dice {
        Dice::FOUR_STICKS
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        if from.number() == BEACON_WATER {
            return Some(if roll.value() == 4 {
                Reach::Off
            } else {
                Reach::Return
            });
        }
        Some(match step(from, roll) {
            Reach::To(to) if to.number() == BEACON_WATER => Reach::Water,
            reach => reach,
        })
    }
    fn movable(&self, board: &Board, side: Side) -> Bitboard {
        if board.marked() == Some(side) {
            Bitboard::from_numbers(&[BEACON_HOME])
        } else {
            board.pieces(side)
        }
    }
    fn water(&self) -> Option<House> {
        House::new(BEACON_WATER)
    }
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        let water = house(BEACON_WATER);
        (!occupied.contains(water)).then_some(water)
    }
    fn return_landing(&self, occupied: Bitboard) -> Option<House> {
        let home = house(BEACON_HOME);
        (!occupied.contains(home)).then_some(home)
    }
    fn marks(&self, played: Move) -> bool {
        played.from().number() == BEACON_WATER && !played.is_off()
    }
    fn mark_house(&self) -> Option<House> {
        House::new(BEACON_HOME)
    }
    fn throws_again(&self, _roll: Roll, _played: Option<Move>) -> bool {
        false
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

#[test]
fn a_mark_on_another_house_is_kept_printed_and_read_back() {
    // x's piece in the water comes back to 10 with a 1, marked there.
    let position = Position::parse(Beacon, "..................o.o.o.x.x.x. x 0 0").unwrap();
    let mv = position
        .find_move(roll(1), house(27), Target::House(house(10)))
        .unwrap();
    let after = position.play(mv).unwrap();
    assert_eq!(after.marked_house(), Some(house(10)));
    assert_eq!(after.board().marked(), Some(Side::X));
    let text = after.to_string();
    assert_eq!(text, ".........X........o.o.o.x...x. o 0 0");
    assert_eq!(Position::parse(Beacon, &text), Ok(after));
    // An uppercase piece anywhere else is refused, naming the mark house.
    let wrong = Position::parse(Beacon, ".........x........O.o.o.x...x. o 0 0").unwrap_err();
    assert!(matches!(
        wrong,
        PositionError::MarkedPiece { house: 19, .. }
    ));
    assert!(wrong.to_string().contains("house 10"), "{wrong}");
}

#[test]
fn a_mark_on_another_house_plays_as_the_reference_reads_it() {
    let start = Position::start(Rules::new(Beacon).unwrap());
    for depth in 0..=3 {
        assert_eq!(perft(&start, depth), reference_perft(&start, depth));
    }
    let mut marked = 0;
    walked_positions_read_back(start, 0..60, 80, |position, text| {
        if let Some(side) = position.board().marked() {
            marked += 1;
            assert_eq!(position.marked_house(), Some(house(BEACON_HOME)));
            if position.side_to_throw() == side {
                // The marked piece moves alone.
                for r in Beacon.dice().rolls() {
                    for mv in position.moves(r).iter() {
                        assert_eq!(mv.from(), house(BEACON_HOME), "{text}");
                    }
                }
            }
            assert_eq!(perft(position, 2), reference_perft(position, 2), "{text}");
        }
    });
    assert!(marked > 0, "no walk marked a piece: the test saw nothing");
}

/// A water on house 20 that sends a piece to the first empty house at or
/// below 8: nothing about it is on Kendall's houses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Ferry;

impl Ruleset for Ferry {
    fn name(&self) -> &'static str {
        "ferry"
    }
    fn revision(&self) -> u32 {
        1
    }
    fn pieces_per_side(&self) -> u8 {
        4
    }
    fn start(&self) -> [Bitboard; 2] {
        [
            Bitboard::from_numbers(&[2, 4, 6, 8]),
            Bitboard::from_numbers(&[1, 3, 5, 7]),
        ]
    }
    fn dice(&self) -> Dice {
        Dice::LONG_DIE
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        Some(match step(from, roll) {
            Reach::To(to) if to.number() == 20 => Reach::Water,
            reach => reach,
        })
    }
    fn water(&self) -> Option<House> {
        House::new(20)
    }
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        (!occupied & Bitboard::range(1, 8)).last()
    }
    fn throws_again(&self, roll: Roll, _played: Option<Move>) -> bool {
        roll.value() == 4
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

#[test]
fn a_water_on_another_house_plays_as_the_reference_reads_it() {
    let start = Position::start(Rules::new(Ferry).unwrap());
    // x's piece on 18 enters the water with a 2 and comes to rest on 8.
    let position = Position::parse(Ferry, "ooooxxx..........x............ x 0 0").unwrap();
    let mv = position
        .find_move(roll(2), house(18), Target::House(house(20)))
        .unwrap();
    assert!(mv.is_water());
    let after = position.play(mv).unwrap();
    assert_eq!(after.to_string(), "ooooxxxx...................... o 0 0");
    // No piece is ever found standing on house 20.
    let mut entered = 0;
    walked_positions_read_back(start, 0..40, 150, |position, _| {
        assert_eq!(position.piece_at(house(20)), None);
        entered += usize::from(
            Ferry
                .dice()
                .rolls()
                .any(|r| position.moves(r).iter().any(Move::is_water)),
        );
    });
    assert!(
        entered > 0,
        "no walk reached the water: the test saw nothing"
    );
    for depth in 0..=4 {
        assert_eq!(perft(&start, depth), reference_perft(&start, depth));
    }
    let late = walk(start, 3, 40).pop().unwrap();
    assert_eq!(perft(&late, 3), reference_perft(&late, 3));
}

/// Every legal move of the positions the walks reach reads back from its
/// JSON form and plays the same: serde checks structure only, so the
/// geometry of a ruleset of one's own needs nothing of it.
#[cfg(feature = "serde")]
pub(crate) fn every_legal_move_reads_back<R: Ruleset>(start: Position<R>) -> usize {
    let mut moves_seen = 0;
    for seed in 0..30 {
        for position in walk(start, seed, 100) {
            for r in start.ruleset().dice().rolls() {
                for mv in position.moves(r).iter() {
                    let json = serde_json::to_string(&mv).unwrap();
                    let back: Move = serde_json::from_str(&json).unwrap();
                    assert_eq!(back, mv, "{json}");
                    assert_eq!(position.play(back), position.play(mv), "{json}");
                    moves_seen += 1;
                }
            }
        }
    }
    moves_seen
}

#[cfg(feature = "serde")]
#[test]
fn the_moves_of_these_rulesets_read_back_from_json() {
    assert!(every_legal_move_reads_back(Position::start(Rules::new(Brawl).unwrap())) > 1000);
    assert!(every_legal_move_reads_back(Position::start(Rules::new(Beacon).unwrap())) > 1000);
    assert!(every_legal_move_reads_back(Position::start(Rules::new(Ferry).unwrap())) > 1000);
}

mod broken_contracts;
