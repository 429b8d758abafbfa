//! Pieces in hand and entries: `Ruleset::enters` (a roll enters a piece
//! from its side's hand onto a house, a legal move written `R: in-T`) and
//! `Ruleset::water_to_hand` (the water sends a piece back to the hand).
//! Each clause of docs/rules.md's "Moving" and "Move notation" and of
//! the hooks' contracts about them has a test here named after it; a
//! ruleset of one's own with both is played against the plain reference.

use crate::common::{assert_moves, house, play, pos, ps, roll, walk, walked_positions_read_back};
use crate::reference::reference_perft;

use senet::effect::{Rest, Way};
use senet::rulesets::{HookError, Kendall, Reach, first_home_wins};
use senet::{
    Bitboard, Board, House, IllegalMoveError, Move, MoveText, Outcome, Position, PositionError,
    Roll, Rules, Ruleset, Side, perft,
};

/// Three pieces a side, one on the board at the start (x on 4, o on 3)
/// and two in hand. A 1 enters a piece on house 1, a 2 on house 2; the
/// piece entered on 1 is marked and alone moves. Pieces step the roll,
/// bear off on the exact count, go back by the roll from 2 to 20 when
/// no piece can go forward; 22 is safe. A step onto 27 is the water,
/// which sends the piece back to its hand. 4, 5 and every entry throw
/// again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Entering;

impl Ruleset for Entering {
    crate::common::three_a_side!("entering", start: [&[4], &[3]]);
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        match from.number() + roll.value() {
            27 => Some(Reach::Water),
            31 => Some(Reach::Off),
            to => House::new(to).map(Reach::To),
        }
    }
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        crate::common::back_from_20(from, roll)
    }
    fn safe_houses(&self) -> Bitboard {
        Bitboard::from_numbers(&[22])
    }
    fn enters(&self, roll: Roll) -> Option<House> {
        match roll.value() {
            1 => Some(house(1)),
            2 => Some(house(2)),
            _ => None,
        }
    }
    fn water(&self) -> Option<House> {
        Some(house(27))
    }
    fn water_to_hand(&self) -> bool {
        true
    }
    fn mark_house(&self) -> Option<House> {
        Some(house(1))
    }
    fn marks(&self, played: Move) -> bool {
        played.is_entry()
    }
    fn movable(&self, board: &Board, side: Side) -> Bitboard {
        if board.marked() == Some(side) {
            Bitboard::from_numbers(&[1])
        } else {
            board.pieces(side)
        }
    }
    fn throws_again(&self, roll: Roll, played: Option<Move>) -> bool {
        matches!(roll.value(), 4 | 5) || played.is_some_and(Move::is_entry)
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

fn entering() -> Rules {
    Rules::new(Entering).expect("a sound ruleset")
}

#[test]
fn the_hand_holds_the_pieces_neither_on_the_board_nor_borne_off() {
    let start = Position::start(entering());
    assert_eq!(start.to_string(), "..ox.......................... x 0 0");
    assert_eq!((start.in_hand(Side::X), start.in_hand(Side::O)), (2, 2));
    let later = pos(entering(), &ps(&[20], &[3, 5], 'x', 1, 0));
    assert_eq!((later.in_hand(Side::X), later.in_hand(Side::O)), (1, 1));
    // Where no piece enters, a missing piece is still refused.
    assert!(matches!(
        Position::parse(Kendall, "ox............................ x 0 0"),
        Err(PositionError::MissingPieces { .. })
    ));
    assert_eq!(Position::start(Kendall).in_hand(Side::X), 0);
}

#[test]
fn an_entry_comes_last_is_written_in_and_may_throw_again() {
    let start = Position::start(entering());
    assert_moves(&start, 1, &["1: 4-5", "1: in-1+"]);
    let moves = start.moves(roll(1));
    let entry = moves.iter().last().unwrap();
    assert!(entry.is_entry() && !moves.get(0).unwrap().is_entry());
    assert_eq!(
        entry.from(),
        house(1),
        "an entry's from is the house entered"
    );
    assert_eq!(start.notation(entry).to_string(), "1: in-1+");
    assert_eq!(start.find_entry(roll(1)), Ok(entry));
    assert_moves(&start, 3, &["3: 4-7"]);
}

#[test]
fn an_entry_needs_a_piece_in_hand_and_an_empty_house() {
    // o stands on 1: no entry with a 1, but one with a 2.
    let taken = pos(entering(), &ps(&[4], &[1], 'x', 0, 0));
    assert_moves(&taken, 1, &["1: 4-5"]);
    assert_moves(&taken, 2, &["2: 4-6", "2: in-2+"]);
    let why = |p: &Position<Rules>, r| match p.find_entry(roll(r)) {
        Err(IllegalMoveError::NoEntry { why, .. }) => why,
        other => panic!("{other:?}"),
    };
    assert_eq!(why(&taken, 1), "the house it enters is taken");
    assert_eq!(why(&taken, 3), "the rules enter no piece with that roll");
    // Every piece of x on the board or borne off: nothing to enter.
    let none = pos(entering(), &ps(&[4, 8], &[3], 'x', 1, 0));
    assert_moves(&none, 1, &["1: 4-5", "1: 8-9"]);
    assert_eq!(why(&none, 1), "the side has no piece in hand");
    let refused = "1: in-1+".parse::<MoveText>().unwrap().resolve(&none);
    assert!(refused.is_err());
}

#[test]
fn an_entry_counts_as_a_forward_move() {
    // x's one piece on 20 cannot go to the safe house 22 with a 2: with
    // a piece in hand it enters rather than go back.
    let in_hand = pos(entering(), &ps(&[20], &[22], 'x', 1, 0));
    assert_moves(&in_hand, 2, &["2: in-2+"]);
    let none_in_hand = pos(entering(), &ps(&[20], &[22], 'x', 2, 0));
    assert_moves(&none_in_hand, 2, &["2: 20-18<"]);
}

#[test]
fn the_entered_piece_is_marked_and_the_other_pieces_wait() {
    let start = Position::start(entering());
    let entered = play(&start, "1: in-1+");
    assert_eq!(entered.to_string(), "X.ox.......................... x 0 0");
    assert_eq!(entered.in_hand(Side::X), 1);
    // The piece on 4 may not move; an entry is no piece on the board,
    // and `movable` does not limit it.
    assert_moves(&entered, 2, &["2: 1-3x", "2: in-2+"]);
    let moved = play(&entered, "2: 1-3x");
    assert_eq!(moved.to_string(), "o.xx.......................... o 0 0");
    let (_, effect) = entered
        .play_with_effect(entered.moves(roll(2)).get(0).unwrap())
        .unwrap();
    assert_eq!(effect.way, Way::Along(senet::rulesets::Direction::Forward));
    let entry = entered.find_entry(roll(2)).unwrap();
    let (_, effect) = entered.play_with_effect(entry).unwrap();
    assert_eq!(
        (effect.way, effect.rest),
        (Way::Enter, Rest::House(house(2)))
    );
}

#[test]
fn the_water_sends_a_piece_back_to_the_hand() {
    let before = pos(entering(), &ps(&[26], &[3], 'x', 2, 0));
    assert_eq!(before.in_hand(Side::X), 0);
    let mv = before
        .find_move(roll(1), house(26), senet::moves::Target::House(house(27)))
        .unwrap();
    assert!(mv.is_water());
    assert_eq!(before.notation(mv).to_string(), "1: 26-27");
    let (after, effect) = before.play_with_effect(mv).unwrap();
    assert_eq!(after.to_string(), "..o........................... o 2 0");
    assert_eq!(after.in_hand(Side::X), 1);
    assert_eq!(effect.rest, Rest::Hand);
}

#[test]
fn water_to_hand_needs_water_and_an_entry() {
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct Nowhere;
    impl Ruleset for Nowhere {
        crate::common::three_a_side!("nowhere");
        fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
            House::new(from.number() + roll.value()).map(Reach::To)
        }
        fn water(&self) -> Option<House> {
            Some(house(27))
        }
        fn water_to_hand(&self) -> bool {
            true
        }
        fn throws_again(&self, _: Roll, _: Option<Move>) -> bool {
            false
        }
        fn outcome(&self, board: &Board) -> Option<Outcome> {
            first_home_wins(self, board)
        }
    }
    assert_eq!(
        Rules::new(Nowhere).unwrap_err(),
        PositionError::Hook(HookError::HandWithoutEntry)
    );
}

#[test]
fn perft_of_entries_agrees_with_the_reference() {
    let start = Position::start(entering());
    for depth in 0..=4 {
        assert_eq!(
            perft(&start, depth),
            reference_perft(&start, depth),
            "depth {depth}"
        );
    }
    let mut entries = 0;
    walked_positions_read_back(start, 0..20, 120, |position, _| {
        for r in position.ruleset().dice().rolls() {
            for mv in position.moves(r).iter() {
                let written = position.notation(mv);
                let read: MoveText = written.to_string().parse().unwrap();
                assert_eq!(read.resolve(position), Ok(Some(mv)), "{written}");
                entries += usize::from(mv.is_entry());
            }
        }
    });
    for seed in 0..20 {
        let late = walk(start, seed, 60).pop().unwrap();
        assert_eq!(perft(&late, 2), reference_perft(&late, 2), "{late}");
    }
    assert!(entries > 100, "the walks saw {entries} entries");
}

#[cfg(feature = "serde")]
#[test]
fn an_entry_reads_back_from_json_and_a_forged_one_is_refused() {
    let start = Position::start(entering());
    assert!(crate::hooks::every_legal_move_reads_back(start) > 1000);
    let entry = start.find_entry(roll(1)).unwrap();
    let json = serde_json::to_string(&entry).unwrap();
    assert_eq!(json, r#"{"roll":1,"from":1,"to":1,"entry":true}"#);
    // An entry that says it lands on a piece, or whose start is not
    // the house entered, is no entry.
    for forged in [
        r#"{"roll":1,"from":1,"to":1,"entry":true,"swap":true}"#,
        r#"{"roll":1,"from":2,"to":1,"entry":true}"#,
        r#"{"roll":1,"from":1,"to":1,"entry":true,"wait":true}"#,
    ] {
        let error = serde_json::from_str::<Move>(forged)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("an entry is written with"),
            "{forged}: {error}"
        );
    }
}
