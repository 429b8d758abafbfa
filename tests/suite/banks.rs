//! Banked throws: `Ruleset::banks_throws` (every throw of a turn made
//! before any move; the bank then played roll by roll, in the order the
//! side chooses). Each clause of docs/rules.md's "Moving", "Position
//! strings" and "Move notation" about banks, and of the hook's contract,
//! has a test here named after it.

use crate::common::{house, play, pos, ps, roll};

use senet::game::Thrown;
use senet::playout::playout;
use senet::rulesets::{HookError, Kendall, Reach, first_home_wins};
use senet::source::ScriptedThrows;
use senet::{
    Bank, Bitboard, Board, Game, House, IllegalMoveError, Move, MoveText, MoveTextError, Outcome,
    Position, PositionError, Record, Roll, Rules, Ruleset, Seed, Side, perft,
};

/// Three pieces a side (x on 2, 4, 6; o on 1, 3, 5), four sticks. Pieces
/// step the roll and bear off on the exact count; landing on an
/// opponent's piece swaps the two. 1, 4 and 5 give another throw, and
/// every throw of a turn is banked before any move. A move onto 25 costs
/// the side its next turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Banking;

impl Ruleset for Banking {
    crate::common::three_a_side!("banking");
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        match from.number() + roll.value() {
            31 => Some(Reach::Off),
            to => House::new(to).map(Reach::To),
        }
    }
    fn throws_again(&self, roll: Roll, _: Option<Move>) -> bool {
        matches!(roll.value(), 1 | 4 | 5)
    }
    fn banks_throws(&self) -> bool {
        true
    }
    fn loses_next_turn(&self, played: Move) -> bool {
        played.to() == senet::moves::Target::House(house(25))
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

fn banking() -> Rules {
    Rules::new(Banking).expect("a sound ruleset")
}

/// `text`, with the fifth field `state`.
fn with_state(text: &str, state: &str) -> String {
    format!("{text} {state}")
}

#[test]
fn a_throw_that_gives_another_is_banked_and_the_side_throws_again() {
    let start = Position::start(banking());
    let after = play(&start, "4: bank+");
    assert_eq!(after.side_to_throw(), Side::X);
    assert!(after.is_to_throw());
    assert_eq!(after.bank(), Bank::of([roll(4)], false).unwrap());
    assert_eq!(after.to_string(), with_state(&start.to_string(), "bank=4+"));
    // The board is untouched, and no roll can be played yet.
    assert_eq!(after.board(), start.board());
    assert_eq!(
        after.find_move(roll(4), house(2), crate::common::to(6)),
        Err(IllegalMoveError::StillThrowing { side: Side::X })
    );
    assert!(after.moves(roll(4)).is_empty());
    assert_eq!(
        after.lose_throw(roll(4)),
        Err(IllegalMoveError::StillThrowing { side: Side::X })
    );
}

#[test]
fn the_first_throw_that_gives_no_other_ends_the_throwing() {
    let start = Position::start(banking());
    let after = play(&play(&play(&start, "1: bank+"), "5: bank+"), "2: bank");
    assert!(after.bank().is_to_play() && !after.is_to_throw());
    assert_eq!(after.bank().to_string(), "125");
    assert_eq!(after.side_to_throw(), Side::X);
    // The throwing is over: nothing more is banked.
    assert_eq!(
        after.bank_throw(roll(4)),
        Err(IllegalMoveError::BankToPlay { side: Side::X })
    );
}

#[test]
fn whether_a_throw_gives_another_is_decided_by_its_roll_alone() {
    // A 4 with no piece able to move it is banked and throws again all the
    // same: no move is asked.
    let stuck = pos(banking(), &ps(&[27, 28, 29], &[1, 2, 3], 'x', 0, 0));
    assert_eq!(stuck.bank_notation(roll(4)).to_string(), "4: bank+");
    assert_eq!(stuck.bank_notation(roll(3)).to_string(), "3: bank");
}

#[test]
fn the_bank_is_played_one_roll_at_a_time_in_the_order_the_side_chooses() {
    let text = with_state(&ps(&[2, 4, 6], &[1, 3, 5], 'x', 0, 0), "bank=12");
    let bank = pos(banking(), &text);
    // Both banked rolls have moves; a roll not banked has none.
    assert_eq!(bank.moves(roll(1)).len(), 3);
    assert_eq!(bank.moves(roll(2)).len(), 1);
    assert!(bank.moves(roll(3)).is_empty());
    assert_eq!(
        bank.find_move(roll(3), house(6), crate::common::to(9)),
        Err(IllegalMoveError::NotBanked { roll: roll(3) })
    );
    // The 2 first, then the 1; or the 1 first, then the 2: no `+` on
    // either, since the side plays on without a throw, then the sticks pass.
    let two_first = play(&play(&bank, "2: 6-8"), "1: 8-9");
    let one_first = play(&play(&bank, "1: 6-7"), "2: 7-9");
    assert_eq!(two_first, one_first);
    assert_eq!(two_first.side_to_throw(), Side::O);
    assert_eq!(two_first.bank(), Bank::EMPTY);
    let middle = play(&bank, "2: 6-8");
    assert_eq!(
        (middle.side_to_throw(), middle.bank().to_string()),
        (Side::X, "1".to_owned())
    );
    assert!(matches!(
        "2: 6-8+".parse::<MoveText>().unwrap().resolve(&bank),
        Err(MoveTextError::Suffix { .. })
    ));
}

#[test]
fn a_roll_with_no_move_now_may_have_one_once_another_is_played() {
    // x's last piece on 24, a 3 and a 4 banked: either first.
    let text = with_state(&ps(&[24], &[1, 2, 3], 'x', 2, 0), "bank=34");
    let bank = pos(banking(), &text);
    // 24 + 4 = 28, 24 + 3 = 27; either first. From 27 the 4 bears off
    // exactly; from 28 the 3 does.
    assert_eq!(bank.moves(roll(3)).len(), 1);
    let after = play(&bank, "4: 24-28");
    assert_eq!(after.moves(roll(3)).len(), 1);
    let done = play(&after, "3: 28-off");
    assert_eq!(done.outcome(), Some(Outcome::Win(Side::X)));
    // x on 28 and 30: a 2 has no move now (28-30 is its own piece, 30
    // overshoots), but once the 1 bears the piece on 30 off, 28-30 is free.
    let wait_text = with_state(&ps(&[28, 30], &[1, 2, 3], 'x', 1, 0), "bank=12");
    let waiting = pos(banking(), &wait_text);
    assert!(waiting.moves(roll(2)).is_empty());
    assert_eq!(
        waiting.lose_throw(roll(2)),
        Err(IllegalMoveError::BankPlayable { roll: roll(1) })
    );
    let after_one = play(&waiting, "1: 30-off");
    assert_eq!(crate::common::moves(&after_one, 2), ["2: 28-30"]);
}

#[test]
fn while_a_banked_roll_has_a_move_none_is_lost() {
    let bank = pos(
        banking(),
        &with_state(&ps(&[29], &[1, 2, 3], 'x', 2, 0), "bank=15"),
    );
    // The 5 has no move (29 + 5 overshoots), the 1 has: nothing is lost.
    assert_eq!(
        bank.lose_throw(roll(5)),
        Err(IllegalMoveError::BankPlayable { roll: roll(1) })
    );
    assert!(!bank.moves(roll(5)).is_lost_throw());
}

#[test]
fn the_rolls_left_are_lost_lowest_first() {
    // x's last piece on 30 bears off only with a 1.
    let bank = pos(
        banking(),
        &with_state(&ps(&[30], &[1, 2, 3], 'x', 2, 0), "bank=2355"),
    );
    assert_eq!(
        bank.lose_throw(roll(5)),
        Err(IllegalMoveError::LostLowestFirst { lowest: roll(2) })
    );
    let one = play(&bank, "2: -");
    assert_eq!(
        (one.side_to_throw(), one.bank().to_string()),
        (Side::X, "355".to_owned())
    );
    let two = play(&one, "3: -");
    let three = play(&two, "5: -");
    let gone = play(&three, "5: -");
    // The bank spent, the sticks pass.
    assert_eq!((gone.side_to_throw(), gone.bank()), (Side::O, Bank::EMPTY));
    // A lost banked roll is written with no `+`.
    assert_eq!(bank.lost_notation(roll(2)).to_string(), "2: -");
}

#[test]
fn when_the_bank_is_spent_the_sticks_pass_and_a_lost_turn_is_taken() {
    // x moves onto 25 with its 1: it loses its next turn, but plays its 3
    // first; then o throws, and when the sticks would come back to x they
    // stay with o.
    let bank = pos(
        banking(),
        &with_state(&ps(&[24, 10], &[1, 2, 3], 'x', 1, 0), "bank=13"),
    );
    let after_one = play(&bank, "1: 24-25");
    assert!(after_one.loses_next_turn(Side::X));
    assert_eq!(after_one.side_to_throw(), Side::X);
    let spent = play(&after_one, "3: 10-13");
    assert_eq!(spent.side_to_throw(), Side::O);
    let o_banked = play(&spent, "2: bank");
    // The last roll of the bank is written with `+`: x's turn is lost,
    // so o throws next.
    let o_spent = play(&o_banked, "2: 3-5+");
    assert_eq!(o_spent.side_to_throw(), Side::O, "x's turn is lost");
    assert!(!o_spent.loses_next_turn(Side::X));
}

#[test]
fn a_move_that_ends_the_game_ends_it_and_the_rolls_left_are_not_played() {
    let bank = pos(
        banking(),
        &with_state(&ps(&[29], &[1, 2, 3], 'x', 2, 0), "bank=122"),
    );
    let end = play(&bank, "2: 29-off");
    assert_eq!(end.outcome(), Some(Outcome::Win(Side::X)));
    assert_eq!(end.bank(), Bank::EMPTY);
    assert_eq!(end.side_to_throw(), Side::O);
    assert_eq!(perft(&end, 3), 1);
}

#[test]
fn a_bank_holds_at_most_31_rolls_of_one_value() {
    let mut position = Position::start(banking());
    for _ in 0..30 {
        position = play(&position, "1: bank+");
    }
    assert_eq!(position.bank().count(roll(1)), 30);
    // Thirty still throwing is a position the string reads back.
    assert_eq!(pos(banking(), &position.to_string()), position);
    // The 31st 1 ends the throwing, though a 1 gives another throw.
    assert_eq!(position.bank_notation(roll(1)).to_string(), "1: bank");
    let full = play(&position, "1: bank");
    assert!(full.bank().is_to_play());
    assert_eq!(full.bank().count(roll(1)), Bank::MAX_OF_A_ROLL);
    assert_eq!(Bank::of(std::iter::repeat_n(roll(1), 32), true), None);
    // A bank still throwing cannot be full.
    let text = with_state(
        &ps(&[2, 4, 6], &[1, 3, 5], 'x', 0, 0),
        &format!("bank={}+", "1".repeat(31)),
    );
    assert!(matches!(
        Position::parse(banking(), &text),
        Err(PositionError::Bank { .. })
    ));
}

#[test]
fn position_strings_write_the_bank_last_lowest_first_with_a_plus_while_throwing() {
    let base = ps(&[2, 4, 6], &[1, 3, 5], 'x', 0, 0);
    for state in [
        "bank=14+",
        "bank=1145+",
        "bank=124",
        "bank=5",
        "loses=o,bank=124",
        "loses=xo,bank=4+",
    ] {
        let text = with_state(&base, state);
        assert_eq!(pos(banking(), &text).to_string(), text);
    }
    // Not written so: refused, with the field named.
    for state in [
        "bank=41",
        "bank=",
        "bank=+",
        "bank=7",
        "bank=0",
        "bank=1 2",
        "bank=12,loses=o",
        "bank=1,bank=2",
        "bank=12++",
        "bank=x",
    ] {
        let text = with_state(&base, state);
        let err = Position::parse(banking(), &text).unwrap_err();
        assert!(
            matches!(
                err,
                PositionError::StateField { .. } | PositionError::FieldCount { .. }
            ),
            "{state}: {err}"
        );
    }
}

#[test]
fn a_bank_the_position_cannot_hold_is_refused() {
    let base = ps(&[2, 4, 6], &[1, 3, 5], 'x', 0, 0);
    // A ruleset that banks nothing.
    let err = Position::<Kendall>::parse(
        Kendall,
        &with_state(
            &ps(&[2, 4, 6, 8, 10], &[1, 3, 5, 7, 9], 'x', 0, 0),
            "bank=12",
        ),
    )
    .unwrap_err();
    assert!(matches!(err, PositionError::Bank { .. }), "{err}");
    // A bank still throwing that holds a roll which gives no other throw.
    let err = Position::parse(banking(), &with_state(&base, "bank=23+")).unwrap_err();
    assert!(
        err.to_string()
            .contains("only rolls that give another throw"),
        "{err}"
    );
    // A roll the sticks cannot make.
    let err = Position::parse(banking(), &with_state(&base, "bank=6")).unwrap_err();
    assert!(err.to_string().contains("cannot make"), "{err}");
    // A finished game.
    let over = with_state(&ps(&[], &[1, 3, 5], 'o', 3, 0), "bank=2");
    let err = Position::parse(banking(), &over).unwrap_err();
    assert!(err.to_string().contains("game is over"), "{err}");
}

#[test]
fn a_banked_throw_is_written_bank_with_a_plus_when_the_side_throws_again() {
    for text in ["4: bank+", "2: bank", "1: bank+"] {
        let parsed: MoveText = text.parse().unwrap();
        assert!(parsed.is_banked() && parsed.play().is_none());
        assert_eq!(parsed.to_string(), text);
    }
    for text in [
        "4: bank-",
        "4: bank +",
        "4: banks",
        "4: bankx",
        "4: bank<",
        "4: bank++",
    ] {
        assert!(text.parse::<MoveText>().is_err(), "{text}");
    }
    let start = Position::start(banking());
    // The `+` must say what the throw does.
    assert!(matches!(
        "4: bank".parse::<MoveText>().unwrap().resolve(&start),
        Err(MoveTextError::Suffix { .. })
    ));
    assert!(matches!(
        "2: bank+".parse::<MoveText>().unwrap().resolve(&start),
        Err(MoveTextError::Suffix { .. })
    ));
    // Kendall banks nothing.
    assert_eq!(
        "2: bank"
            .parse::<MoveText>()
            .unwrap()
            .resolve(&Position::start(Kendall)),
        Err(MoveTextError::Illegal(IllegalMoveError::NoBanking {
            ruleset: "kendall"
        }))
    );
}

#[test]
fn perft_counts_a_banked_throw_as_one_level() {
    let start = Position::start(banking());
    // Five rolls, each banked.
    assert_eq!(perft(&start, 1), 5);
    // A bank to play: each legal move of each banked roll, once.
    let bank = pos(
        banking(),
        &with_state(&ps(&[2, 4, 6], &[1, 3, 5], 'x', 0, 0), "bank=12"),
    );
    assert_eq!(perft(&bank, 1), 4);
    // Nothing to play: the lowest banked roll lost, one line.
    let stuck = pos(
        banking(),
        &with_state(&ps(&[30], &[1, 2, 3], 'x', 2, 0), "bank=2355"),
    );
    assert_eq!(perft(&stuck, 1), 1);
    assert_eq!(perft(&stuck, 4), 1, "the four rolls lost, one at a time");
    assert_eq!(perft(&stuck, 5), 5, "then o's five rolls");
    let lines = senet::moves::divide(&stuck, 2);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0].0.to_string(), "2: -");
    let divided = senet::moves::divide(&start, 2);
    let texts: Vec<String> = divided.iter().map(|(text, _)| text.to_string()).collect();
    assert_eq!(
        texts,
        ["1: bank+", "2: bank", "3: bank", "4: bank+", "5: bank+"]
    );
    assert_eq!(
        divided.iter().map(|(_, n)| n).sum::<u64>(),
        perft(&start, 2)
    );
}

#[test]
fn a_game_banks_its_throws_plays_its_bank_and_replays_from_its_record() {
    for seed in 0..40 {
        let mut game = Game::seeded(banking(), Seed::from_u64(seed));
        let mut decisions = 0usize;
        while !game.is_over() && game.history().len() < 3_000 {
            if game.legal_moves().is_empty() {
                let thrown = game.throw().expect("a seeded throw");
                assert!(matches!(thrown, Thrown::Banked(_)), "{thrown:?}");
            } else {
                // Every waiting move is of a banked roll.
                let bank = game.position().bank();
                assert!(game.legal_moves().iter().all(|mv| bank.holds(mv.roll())));
                let pick =
                    game.legal_moves()[(decisions * 7 + seed as usize) % game.legal_moves().len()];
                decisions += 1;
                game.play(pick).expect("a legal move");
            }
        }
        assert!(game.is_over(), "seed {seed}");
        let record = game.record();
        let text = record.to_string();
        assert!(
            text.contains(": bank+") && text.contains(": bank"),
            "{text}"
        );
        let read: Record = text.parse().expect("a record");
        let verdict = read.verify_with(banking()).expect("it replays");
        assert!(verdict.is_valid(), "seed {seed}: {:?}", verdict.problem());
        assert_eq!(verdict.position(), game.position());
        assert_eq!(verdict.history(), game.history(), "seed {seed}");
    }
}

#[test]
fn a_game_resumed_mid_bank_waits_for_the_same_moves() {
    let mut game = Game::seeded(banking(), Seed::from_u64(11));
    // Throw until a bank waits to be played, and play one of its rolls if
    // it has two.
    while game.legal_moves().is_empty() {
        game.throw().unwrap();
    }
    let resumed = Game::resume(&game.record(), banking()).expect("it resumes");
    assert_eq!(resumed.position(), game.position());
    assert_eq!(resumed.legal_moves(), game.legal_moves());
    assert_eq!(resumed.current_throw(), game.current_throw());
    assert_eq!(resumed.history(), game.history());
}

#[test]
fn a_game_loses_the_rolls_of_a_bank_that_has_no_move_at_once() {
    // x on 29 only: a 2 and a 3 banked have no move; both are lost at once,
    // lowest first, and o throws.
    let start = pos(banking(), &ps(&[29], &[1, 2, 3], 'x', 2, 0));
    let script = ScriptedThrows::from_rolls([roll(4), roll(3)]);
    let mut game = Game::new(start, script);
    assert!(matches!(game.throw().unwrap(), Thrown::Banked(turn) if turn.throws_again()));
    game.throw().unwrap();
    let texts: Vec<String> = game
        .history()
        .iter()
        .map(|t| t.text().to_string())
        .collect();
    assert_eq!(texts, ["4: bank+", "3: bank", "3: -", "4: -"]);
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.position().side_to_throw(), Side::O);
    // The rolls lost keep the throws that banked them.
    assert_eq!(game.history()[3].throw(), game.history()[0].throw());
}

#[test]
fn a_record_that_plays_a_roll_not_banked_is_refused() {
    let mut game = Game::seeded(banking(), Seed::from_u64(3));
    while game.legal_moves().is_empty() {
        game.throw().unwrap();
    }
    let bank = game.position().bank();
    let mv = game.legal_moves()[0];
    game.play(mv).unwrap();
    let text = game.record().to_string();
    // Rewrite the move's roll as one the bank does not hold.
    let other = (1..=5)
        .map(roll)
        .find(|&r| !bank.holds(r))
        .expect("a roll not banked");
    let written = game.history().last().unwrap().text().to_string();
    let forged_move = written.replacen(&format!("{}:", mv.roll()), &format!("{other}:"), 1);
    let forged = text.replace(&written, &forged_move);
    assert_ne!(forged, text);
    let read: Record = forged.parse().expect("still a record");
    let err = read.verify_with(banking()).unwrap_err();
    assert!(
        err.to_string().contains(&format!("no {other} is banked")),
        "{err}"
    );
}

#[test]
fn typed_moves_are_read_among_every_banked_roll() {
    let start = pos(
        banking(),
        &with_state(&ps(&[2, 4, 6], &[1, 3, 5], 'x', 0, 0), "bank=12"),
    );
    let mut game = Game::new(start, ScriptedThrows::default());
    // 6-8 is only the 2's move; 6 alone fits the 1 (6-7) and the 2 (6-8).
    let turn = game.play_typed("6-8").expect("one move fits");
    assert_eq!(turn.text().to_string(), "2: 6-8");
    let mut game = Game::new(start, ScriptedThrows::default());
    assert!(game.play_typed("6").is_err(), "6-7 and 6-8 both fit");
    assert_eq!(
        game.play_text("1: 6-7").unwrap().text().to_string(),
        "1: 6-7"
    );
}

#[test]
fn random_playouts_bank_and_finish() {
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
    let start = Position::start(banking());
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..200 {
        let done = playout(&start, &mut rng, 100_000);
        assert!(done.outcome().is_some());
        assert_eq!(done.end.bank(), Bank::EMPTY);
    }
}

#[test]
fn the_contract_wants_some_roll_to_end_the_throwing() {
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct Endless;
    impl Ruleset for Endless {
        crate::common::three_a_side!("endless");
        fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
            Banking.forward(from, roll)
        }
        fn throws_again(&self, _: Roll, _: Option<Move>) -> bool {
            true
        }
        fn banks_throws(&self) -> bool {
            true
        }
        fn outcome(&self, board: &Board) -> Option<Outcome> {
            first_home_wins(self, board)
        }
    }
    let err = Rules::new(Endless).unwrap_err();
    assert_eq!(err, PositionError::Hook(HookError::EndlessBank), "{err}");
}

#[test]
fn the_contract_wants_no_roll_to_begin_with_a_bank() {
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    struct Beginning;
    impl Ruleset for Beginning {
        crate::common::three_a_side!("beginning");
        fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
            Banking.forward(from, roll)
        }
        fn throws_again(&self, roll: Roll, played: Option<Move>) -> bool {
            Banking.throws_again(roll, played)
        }
        fn banks_throws(&self) -> bool {
            true
        }
        fn begins_with(&self, _: Side) -> Option<Roll> {
            Some(roll(1))
        }
        fn outcome(&self, board: &Board) -> Option<Outcome> {
            first_home_wins(self, board)
        }
    }
    let err = Rules::new(Beginning).unwrap_err();
    assert_eq!(
        err,
        PositionError::Hook(HookError::BankBeforeBeginning),
        "{err}"
    );
}

#[test]
fn a_built_in_ruleset_banks_nothing() {
    let start = Position::start(Kendall);
    assert_eq!(start.bank(), Bank::EMPTY);
    assert_eq!(
        start.bank_throw(roll(2)),
        Err(IllegalMoveError::NoBanking { ruleset: "kendall" })
    );
    assert_eq!(std::mem::size_of::<Bank>(), 4);
    let _ = Bitboard::EMPTY;
}

#[test]
fn a_bank_reads_back_from_json() {
    let text = with_state(&ps(&[2, 4, 6], &[1, 3, 5], 'x', 0, 0), "bank=124");
    let position = pos(banking(), &text);
    let setup = senet::Setup::from(&position);
    let json = serde_json::to_string(&setup).unwrap();
    assert!(json.contains(r#""bank":"124""#), "{json}");
    let read: senet::Setup = serde_json::from_str(&json).unwrap();
    assert_eq!(read.position(banking()), Ok(position));
    // No bank, no key; a bank written wrong is refused with its reason.
    let plain = serde_json::to_string(&senet::Setup::from(&Position::start(banking()))).unwrap();
    assert!(!plain.contains("bank"), "{plain}");
    let wrong = json.replace(r#""124""#, r#""421""#);
    let err = serde_json::from_str::<senet::Setup>(&wrong).unwrap_err();
    assert!(err.to_string().contains("is not a bank"), "{err}");
    // A banked throw's turn, and the `Thrown` that reports it.
    let mut game = Game::new(banking(), ScriptedThrows::from_rolls([roll(4)]));
    let thrown = game.throw().unwrap();
    let json = serde_json::to_string(&thrown).unwrap();
    assert_eq!(serde_json::from_str::<Thrown>(&json).unwrap(), thrown);
}
