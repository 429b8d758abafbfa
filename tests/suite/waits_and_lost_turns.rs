//! Waits and lost turns, the two hooks of the wider game model that a
//! throw of one move can hold: `Ruleset::waits` (a piece may stay where
//! it stands instead of moving, a legal move written `R: F=`) and
//! `Ruleset::loses_next_turn` (a move costs its side the next turn, which
//! the position remembers, written `loses=x` as a fifth field). Each
//! clause of docs/rules.md's "Moving", "Position strings" and "Move
//! notation" about them has a test here named after it; a ruleset of
//! one's own with both is played against the plain reference.

use crate::common::{assert_lost, assert_moves, play, pos, ps, setup};
use crate::reference::{reference_moves, reference_perft};

use senet::effect::Way;
use senet::rulesets::{Kendall, Reach, first_home_wins};
use senet::{
    Bitboard, Board, House, IllegalMoveError, Move, MoveText, Outcome, Position, PositionError,
    Roll, Rules, Ruleset, Side, perft,
};

fn house(n: u8) -> House {
    House::new(n).unwrap()
}

fn roll(n: u8) -> Roll {
    Roll::new(n).unwrap()
}

/// Three pieces a side stepping the roll, bearing off on the exact count,
/// back by the roll from 2 to 20 when no piece can go forward; no piece
/// lands on an opponent's on 13 or 17. A piece on 12 to 20 may wait with
/// a 2 or a 3; a move onto 15 costs the mover its next turn; 1, 4 and 5
/// throw again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Patient;

impl Ruleset for Patient {
    crate::common::three_a_side!("patient");
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        match from.number() + roll.value() {
            31 => Some(Reach::Off),
            to => House::new(to).map(Reach::To),
        }
    }
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        crate::common::back_from_20(from, roll)
    }
    fn safe_houses(&self) -> Bitboard {
        Bitboard::from_numbers(&[13, 17])
    }
    fn waits(&self, roll: Roll) -> Bitboard {
        if matches!(roll.value(), 2 | 3) {
            Bitboard::range(12, 20)
        } else {
            Bitboard::EMPTY
        }
    }
    fn loses_next_turn(&self, played: Move) -> bool {
        played.to() == senet::moves::Target::House(house(15))
    }
    fn throws_again(&self, roll: Roll, _played: Option<Move>) -> bool {
        matches!(roll.value(), 1 | 4 | 5)
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

fn patient() -> Rules {
    Rules::new(Patient).expect("a sound ruleset")
}

/// x on 2 and 14, o on 1 and 3, one piece of each borne off, x to throw.
fn two_each() -> Position<Rules> {
    setup(patient(), &[2, 14], &[1, 3], 'x')
}

/// "A ruleset may let a piece wait": listed after the other moves,
/// written `R: F=`, and read back from that text.
#[test]
fn moving_a_wait_is_one_of_the_legal_moves_written_r_f_equals() {
    let p = two_each();
    assert_moves(&p, 2, &["2: 2-4", "2: 14-16", "2: 14="]);
    let text: MoveText = "2: 14=".parse().unwrap();
    let mv = text.resolve(&p).unwrap().unwrap();
    assert!(mv.is_wait() && !mv.is_backward() && !mv.is_hit());
    assert_eq!(mv.from(), house(14));
    assert_eq!(mv.to(), senet::moves::Target::House(house(14)));
    assert_eq!(p.moves(roll(2)).get(2), Some(mv));
    assert!(p.moves(roll(2)).contains(mv));
    assert!(!p.moves(roll(3)).contains(mv), "another roll");
    // A 1 gives the piece on 14 no wait.
    assert_moves(&p, 1, &["1: 2-3x+", "1: 14-15+"]);
    assert_eq!(
        p.find_wait(roll(1), house(14)),
        Err(IllegalMoveError::NoWait {
            house: house(14),
            roll: roll(1)
        })
    );
    assert!(matches!(
        p.find_wait(roll(2), house(16)),
        Err(IllegalMoveError::NoPiece { .. })
    ));
    assert!(p.play(p.find_wait(roll(2), house(14)).unwrap()).is_ok());
}

/// A wait changes no piece; the throw passes as after any move.
#[test]
fn moving_a_wait_leaves_every_piece_where_it_is() {
    let p = two_each();
    let after = play(&p, "2: 14=");
    assert_eq!(after.to_string(), ps(&[2, 14], &[1, 3], 'o', 1, 1));
    let effect = p.effect(p.find_wait(roll(2), house(14)).unwrap()).unwrap();
    assert_eq!(effect.way, Way::Wait);
    assert!(effect.hit.is_none() && !effect.loses_next_turn);
}

/// "A throw with a wait is not lost", and "it counts as a forward move,
/// so a side that may wait is never made to move backward".
#[test]
fn moving_a_wait_counts_as_a_forward_move() {
    // o's piece on 13 cannot be landed on, and x's pieces on 29 and 30
    // cannot move a 3: the piece on 10 must go back.
    let back = setup(patient(), &[10, 29, 30], &[1, 2, 13], 'x');
    assert_moves(&back, 3, &["3: 10-7<"]);
    // On 14, with o's piece on 17, the piece may wait instead: that is
    // its only move, and it does not go back.
    let wait = setup(patient(), &[14, 29, 30], &[1, 2, 17], 'x');
    assert_moves(&wait, 3, &["3: 14="]);
    assert!(!wait.moves(roll(3)).is_lost_throw());
}

/// "A ruleset may say that a move costs its side the next turn": the
/// sticks pass, the opponent plays, and when they would come back they
/// stay with the opponent for a second turn.
#[test]
fn moving_a_lost_turn_is_skipped_once() {
    // 14-15 with a 1: x throws again at once (a 1), and has lost its
    // next turn.
    let after = play(&two_each(), "1: 14-15+");
    assert_eq!(
        after.to_string(),
        format!("{} loses=x", ps(&[2, 15], &[1, 3], 'x', 1, 1))
    );
    assert!(after.loses_next_turn(Side::X) && !after.loses_next_turn(Side::O));
    // x's 2 passes the sticks to o; x's lost turn is still to come.
    let after = play(&after, "2: 2-4");
    assert_eq!(
        after.to_string(),
        format!("{} loses=x", ps(&[4, 15], &[1, 3], 'o', 1, 1))
    );
    // o's 2 would pass them back to x, whose turn is lost: o throws
    // again (so the move is written with +), and the lost turn is spent.
    let after = play(&after, "2: 3-5+");
    assert_eq!(after.to_string(), ps(&[4, 15], &[1, 5], 'o', 1, 1));
    // A lost throw passes over a lost turn the same way.
    let stuck = pos(
        patient(),
        &format!("{} loses=x", ps(&[15], &[29, 30], 'o', 2, 1)),
    );
    let after = assert_lost(&stuck, 3, "3: -+");
    assert_eq!(after.to_string(), ps(&[15], &[29, 30], 'o', 2, 1));
}

/// "When both sides have lost a turn, each gives up its own as the
/// sticks reach it."
#[test]
fn moving_both_lost_turns_are_spent_in_turn() {
    // x's 2 passes: o has lost its turn, so x would throw, but x has lost
    // its own too: o throws, and neither loses a turn any longer.
    let both = pos(
        patient(),
        &format!("{} loses=xo", ps(&[2], &[1, 3, 16], 'x', 2, 0)),
    );
    let after = play(&both, "2: 2-4");
    assert_eq!(after.to_string(), ps(&[4], &[1, 3, 16], 'o', 2, 0));
    // x's move onto 15 costs x its turn while o's is pending: the sticks
    // reach o (lost), come back to x (lost, just now), and go to o.
    let o_lost = pos(
        patient(),
        &format!("{} loses=o", ps(&[12], &[1, 3, 16], 'x', 2, 0)),
    );
    let after = play(&o_lost, "3: 12-15");
    assert_eq!(after.to_string(), ps(&[15], &[1, 3, 16], 'o', 2, 0));
}

/// "The fifth field, written only while a side will lose its next turn,
/// is loses=x, loses=o or loses=xo": read and written back, and refused
/// where it cannot be.
#[test]
fn position_strings_the_fifth_field_says_who_loses_a_turn() {
    let plain = ps(&[2, 14], &[1, 3], 'x', 1, 1);
    for state in ["", " loses=x", " loses=o", " loses=xo"] {
        let text = format!("{plain}{state}");
        assert_eq!(pos(patient(), &text).to_string(), text);
    }
    for found in ["loses=", "loses=ox", "lost=x", "0", "loses=X"] {
        assert_eq!(
            Position::parse(patient(), &format!("{plain} {found}")),
            Err(PositionError::StateField {
                found: found.to_owned()
            }),
            "{found}"
        );
    }
    assert_eq!(
        Position::parse(patient(), &format!("{plain} loses=x x")),
        Err(PositionError::FieldCount { found: 6 })
    );
    // A side not begun, in a ruleset where no side must begin.
    assert_eq!(
        Position::parse(patient(), &format!("{plain} unbegun=o")),
        Err(PositionError::NotBegun {
            side: Side::O,
            ruleset: "patient"
        })
    );
    assert!(matches!(
        Position::parse(patient(), &format!("{plain} unbegun=")),
        Err(PositionError::StateField { .. })
    ));
    // "A ruleset that never takes a turn away never writes it."
    let refused = "oxoxoxoxox.................... x 0 0 loses=o".parse::<Position<Kendall>>();
    assert_eq!(refused, Err(PositionError::LostTurn { ruleset: "kendall" }));
    assert!(
        refused
            .unwrap_err()
            .to_string()
            .contains("never takes a turn")
    );
}

/// "A wait is the roll, the house and an equals sign, R: F=, with + when
/// the same side throws again; it takes no other suffix."
#[test]
fn move_notation_a_wait_is_r_f_equals() {
    for text in ["2: 27=", "1: 27=+", "5: 3="] {
        let parsed: MoveText = text.parse().unwrap();
        assert!(parsed.is_wait());
        assert_eq!(parsed.to_string(), text);
    }
    for text in [
        "2: 27=x", "2: 27=<", "2: 27=++", "2: 27-=", "2: =", "2: 27=27", "2: 27 =",
    ] {
        assert!(text.parse::<MoveText>().is_err(), "{text}");
    }
    // A wait with a suffix it does not have, and a wait the roll does
    // not give, are refused.
    let p = two_each();
    assert!("2: 14=+".parse::<MoveText>().unwrap().resolve(&p).is_err());
    assert!("1: 14=+".parse::<MoveText>().unwrap().resolve(&p).is_err());
}

/// The fast generator and the plain reference agree on every move, the
/// position after it and perft, from the start and along seeded games,
/// waits and lost turns included.
#[test]
fn the_generator_and_the_reference_agree_with_waits_and_lost_turns() {
    let ruleset = patient();
    let (mut seen_wait, mut seen_lost) = (false, false);
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for game in 0..40 {
        let mut p = Position::start(ruleset);
        for _ in 0..400 {
            if p.is_over() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let r = roll((state % 5) as u8 + 1);
            let moves = p.moves(r);
            let fast: Vec<(String, String)> = moves
                .iter()
                .map(|m| (p.notation(m).to_string(), p.play(m).unwrap().to_string()))
                .collect();
            let mut slow: Vec<(String, String)> = reference_moves(&p, r)
                .iter()
                .map(|m| {
                    let after = crate::reference::reference_play(&p, m);
                    let mv = if m.wait {
                        p.find_wait(m.roll, m.from).unwrap()
                    } else {
                        p.find_move(m.roll, m.from, m.to).unwrap()
                    };
                    (p.notation(mv).to_string(), after.to_string())
                })
                .collect();
            let mut sorted = fast.clone();
            sorted.sort();
            slow.sort();
            assert_eq!(sorted, slow, "{p} {r:?}");
            seen_wait |= moves.iter().any(Move::is_wait);
            p = if moves.is_empty() {
                moves.lose_throw().unwrap()
            } else {
                moves
                    .play_nth((state >> 20) as usize % moves.len())
                    .unwrap()
            };
            seen_lost |= p.loses_next_turn(Side::X) || p.loses_next_turn(Side::O);
            if game % 8 == 0 {
                assert_eq!(perft(&p, 2), reference_perft(&p, 2), "{p}");
            }
        }
    }
    assert!(
        seen_wait && seen_lost,
        "the games never waited or lost a turn"
    );
    let start = Position::start(ruleset);
    assert_eq!(perft(&start, 4), reference_perft(&start, 4));
}
