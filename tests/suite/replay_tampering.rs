//! Tampering with a valid record: every change is caught at the right throw,
//! with the right message.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::game::{Finish, Thrown};
use senet::replay::{Checked, Place, Problem, ReplayError};
use senet::source::{SeededThrows, ThrowSource};
use senet::{
    AnyRuleset, Dice, Game, House, IllegalMoveError, MoveText, Position, Record, Roll, Seed, Side,
};

/// A finished Kendall game by random players, with a move that throws
/// again, a lost throw and a swap, as a record; and the game.
fn base() -> (Record, Game<AnyRuleset>) {
    for n in 0.. {
        let mut game = Game::seeded(AnyRuleset::Kendall, Seed::from_u64(n));
        let mut rng = ChaCha8Rng::seed_from_u64(n);
        while !game.is_over() {
            if let Thrown::ToPlay(_) = game.throw().unwrap() {
                let moves = game.legal_moves();
                game.play(moves[rng.next_u32() as usize % moves.len()])
                    .unwrap();
            }
        }
        let h = game.history();
        let has = |f: &dyn Fn(&senet::game::Turn) -> bool| h.iter().any(f);
        if has(&|t| t.is_lost() && t.throws_again())
            && has(&|t| !t.is_lost() && t.throws_again())
            && has(&|t| t.text().is_swap())
        {
            return (game.record(), game);
        }
    }
    unreachable!()
}

/// The record's text with throw `number` written as `new`.
fn with_throw(record: &Record, number: usize, new: &str) -> String {
    let old = format!("\n{number}. {}\n", record.throws()[number - 1]);
    let text = record.to_string();
    assert!(text.contains(&old));
    text.replacen(&old, &format!("\n{number}. {new}\n"), 1)
}

/// The position before each throw of a valid record.
fn positions(record: &Record) -> Vec<Position<AnyRuleset>> {
    let mut position = Position::start(AnyRuleset::Kendall);
    let mut before = Vec::new();
    for turn in record.verify().unwrap().history() {
        before.push(position);
        position = match turn.played() {
            Some(mv) => position.play(mv).unwrap(),
            None => position.lose_throw(turn.roll()).unwrap(),
        };
    }
    before
}

fn verify(text: &str) -> ReplayError {
    text.parse::<Record>().unwrap().verify().unwrap_err()
}

fn at(number: usize, problem: Problem) -> ReplayError {
    ReplayError {
        place: Place::Throw(number),
        problem,
    }
}

fn text(s: &str) -> MoveText {
    s.parse().unwrap()
}

/// The first throw (number, notation) whose notation satisfies `pick`.
fn first(record: &Record, pick: impl Fn(&MoveText) -> bool) -> (usize, MoveText) {
    let i = record.throws().iter().position(pick).unwrap();
    (i + 1, record.throws()[i])
}

#[test]
fn the_untouched_record_is_valid() {
    let (record, game) = base();
    let verdict = record.verify().unwrap();
    assert_eq!(verdict.checked(), Checked::SeedAndRules);
    assert_eq!(verdict.position(), game.position());
    assert_eq!(verdict.history(), game.history());
}

#[test]
fn a_changed_roll_is_caught_against_the_seed() {
    let (record, _) = base();
    let (n, mv) = first(&record, |t| t.play().is_some() && t.roll().value() == 2);
    let (from, _) = mv.play().unwrap();
    let forged = format!("3: {from}-{}", from.number() + 3);
    let err = verify(&with_throw(&record, n, &forged));
    assert_eq!(
        err,
        at(
            n,
            Problem::Roll {
                seeded: Roll::new(2).unwrap(),
                written: text(&forged)
            }
        )
    );
    assert_eq!(
        err.to_string(),
        format!("throw {n}: the seed throws 2 here, the record says 3 ({forged})")
    );
}

#[test]
fn a_changed_move_is_caught_when_illegal() {
    let (record, game) = base();
    let n = 5;
    let turn = game.history()[n - 1];
    let (mover, roll) = (turn.side(), turn.roll());
    let position = positions(&record)[n - 1];
    let house = (1..=20)
        .map(|h| House::new(h).unwrap())
        .find(|&h| position.piece_at(h) != Some(mover))
        .unwrap();
    let forged = format!("{roll}: {house}-{}", house.number() + roll.value());
    let err = verify(&with_throw(&record, n, &forged));
    let error = IllegalMoveError::NoPiece { side: mover, house };
    assert_eq!(
        err,
        at(
            n,
            Problem::Illegal {
                written: text(&forged),
                error
            }
        )
    );
    assert_eq!(
        err.to_string(),
        format!(
            "throw {n}: the record says {forged}, which is not legal here: {mover} has no piece on house {house}"
        )
    );
}

#[test]
fn another_legal_move_makes_the_record_fail_later() {
    // Another legal move is another game: nothing is wrong at that throw,
    // but the moves, rolls or end that follow no longer fit.
    let (record, game) = base();
    let positions = positions(&record);
    let (turn, other) = game
        .history()
        .iter()
        .zip(&positions)
        .find_map(|(turn, position)| {
            let played = turn.played()?;
            let moves = position.moves(turn.roll()).to_list();
            let other = moves.iter().find(|&&m| m != played)?;
            Some((turn, position.notation(*other).to_string()))
        })
        .unwrap();
    let err = verify(&with_throw(&record, turn.number(), &other));
    match err.place {
        Place::Throw(k) => assert!(k > turn.number(), "{err}"),
        Place::End { .. } => {}
        Place::Header => panic!("{err}"),
    }
}

/// Checks that the record with throw `n` written `written` fails on its
/// suffix, `actual` being the text the move really has; returns the error.
fn suffix_error(record: &Record, n: usize, written: &str, actual: MoveText) -> ReplayError {
    let err = verify(&with_throw(record, n, written));
    assert_eq!(
        err,
        at(
            n,
            Problem::Suffix {
                written: text(written),
                actual
            }
        )
    );
    err
}

#[test]
fn suffixes_must_say_what_happened() {
    let (record, _) = base();
    let strip = |t: &MoveText| t.to_string().trim_end_matches('+').to_owned();
    // Drop a `+` from a move.
    let (n, t) = first(&record, |t| t.play().is_some() && t.throws_again());
    let err = suffix_error(&record, n, &strip(&t), t);
    assert_eq!(
        err.to_string(),
        format!(
            "throw {n}: the record says {}, but the move is written {t}",
            strip(&t)
        )
    );
    // Drop a `+` from a lost throw.
    let (n, t) = first(&record, |t| t.play().is_none() && t.throws_again());
    suffix_error(&record, n, &strip(&t), t);
    // Add a `+`.
    let (n, t) = first(&record, |t| t.play().is_some() && !t.throws_again());
    suffix_error(&record, n, &format!("{t}+"), t);
    // Add an `x` to a move that swaps nothing.
    let (n, t) = first(&record, |t| {
        t.play().is_some() && !t.is_swap() && !t.is_backward()
    });
    let (from, to) = t.play().unwrap();
    let added = format!(
        "{}: {from}-{to}x{}",
        t.roll(),
        if t.throws_again() { "+" } else { "" }
    );
    suffix_error(&record, n, &added, t);
    // Drop the `x` of a swap.
    let (n, t) = first(&record, |t| t.is_swap());
    suffix_error(&record, n, &t.to_string().replacen('x', "", 1), t);
}

#[test]
fn lost_throws_must_be_lost_and_moves_must_be_moves() {
    let (record, _) = base();
    let (n, t) = first(&record, |t| t.play().is_some());
    let lost = format!("{}: -{}", t.roll(), if t.throws_again() { "+" } else { "" });
    let err = verify(&with_throw(&record, n, &lost));
    let count = positions(&record)[n - 1].moves(t.roll()).to_list().len();
    assert_eq!(
        err,
        at(
            n,
            Problem::NotLost {
                written: text(&lost),
                count
            }
        )
    );
    assert!(
        matches!(err, ReplayError { place: Place::Throw(k), problem: Problem::NotLost { .. } } if k == n),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains(&format!("the record says {lost}, a lost throw, but"))
    );
    let (n, t) = first(&record, |t| t.play().is_none());
    let forged = format!("{}: 1-{}", t.roll(), 1 + t.roll().value());
    let err = verify(&with_throw(&record, n, &forged));
    assert!(
        matches!(err, ReplayError { place: Place::Throw(k), problem: Problem::Illegal { .. } } if k == n),
        "{err}"
    );
}

#[test]
fn the_game_must_end_where_and_as_the_record_says() {
    let (record, game) = base();
    let n = record.throws().len();
    let finish = record.finish().unwrap();
    let winner = finish.winner().unwrap();
    // Truncated: the game is not over where the record stops.
    let text = record.to_string();
    let last = format!("{n}. {}\n", record.throws()[n - 1]);
    let truncated = text.strip_suffix(&last).unwrap();
    let side = game.history()[n - 1].side();
    let err = verify(truncated);
    let expected = Problem::Unfinished {
        claimed: finish,
        side,
    };
    assert_eq!(
        err,
        ReplayError {
            place: Place::End { after: n - 1 },
            problem: expected
        }
    );
    assert_eq!(
        err.to_string(),
        format!(
            "after throw {}: the record ends claiming {winner} won by bearing off, but the game is not over: {side} is to throw",
            n - 1
        )
    );
    // Throws after the end.
    let extra = format!("{text}{}. 2: 10-12\n", n + 1);
    let err = verify(&extra);
    assert_eq!(
        err,
        at(
            n + 1,
            Problem::AfterEnd {
                ended: n,
                finish,
                written: self::text("2: 10-12")
            }
        )
    );
    // The wrong winner, an unfinished claim, a resignation claim.
    let loser = winner.opponent();
    for claimed in [
        Some(Finish::BorneOff { winner: loser }),
        None,
        Some(Finish::Resignation { winner }),
    ] {
        let mut forged = record.clone();
        forged.set_finish(claimed);
        let err = forged
            .to_string()
            .parse::<Record>()
            .unwrap()
            .verify()
            .unwrap_err();
        assert_eq!(
            err,
            at(
                n,
                Problem::WrongFinish {
                    actual: finish,
                    claimed
                }
            )
        );
    }
    let mut forged = record.clone();
    forged.set_finish(Some(Finish::BorneOff { winner: loser }));
    assert_eq!(
        forged.verify().unwrap_err().to_string(),
        format!(
            "throw {n}: the game ends here ({winner} won by bearing off), but the record says {loser} won by bearing off"
        )
    );
}

#[test]
fn the_header_must_be_the_games() {
    let (record, _) = base();
    let text = record.to_string();
    let err = verify(&text.replacen("[Revision \"1\"]", "[Revision \"2\"]", 1));
    assert_eq!(
        err,
        ReplayError {
            place: Place::Header,
            problem: Problem::Revision {
                ruleset: "kendall",
                record: 2,
                current: 1
            }
        }
    );
    assert!(err.to_string().starts_with(
        "header: the record is for kendall rules revision 2, this crate plays revision 1"
    ));
    let err = verify(&text.replacen("kendall", "kendal", 1));
    assert_eq!(
        err.to_string(),
        "header: the record's ruleset \"kendal\" is not one this crate plays (kendall, temple, bell, classic, jequier, kendall1979, skyruk)"
    );
    // Both refusals of an unknown name list every ruleset the crate has.
    let unknown = "nope".parse::<AnyRuleset>().unwrap_err().to_string();
    for ruleset in AnyRuleset::ALL {
        assert!(err.to_string().contains(&ruleset.to_string()), "{ruleset}");
        assert!(unknown.contains(&ruleset.to_string()), "{ruleset}");
    }
    // Temple starts x on the odd houses, Kendall on the even ones.
    let (from, _) = record.throws()[0].play().unwrap();
    let err = verify(&text.replacen("kendall", "temple", 1));
    let error = IllegalMoveError::NoPiece {
        side: Side::X,
        house: from,
    };
    assert_eq!(
        err,
        at(
            1,
            Problem::Illegal {
                written: record.throws()[0],
                error
            }
        )
    );
    // Bell throws the long die from the same seed: the rolls differ at once, or moves do.
    let err = verify(&text.replacen("kendall", "bell", 1));
    assert!(matches!(err.place, Place::Throw(_)), "{err}");
    // A record replayed as another ruleset than its own.
    let err = record.verify_with(senet::rulesets::Temple).unwrap_err();
    assert_eq!(
        err.to_string(),
        "header: the record is for \"kendall\", not temple"
    );
}

#[test]
fn another_seed_is_caught_at_its_first_different_roll() {
    let (record, _) = base();
    let seed = Seed::from_u64(999_999);
    let mut source = SeededThrows::new(seed);
    let (n, seeded) = record
        .throws()
        .iter()
        .enumerate()
        .map(|(i, t)| {
            (
                i + 1,
                t,
                source.next_throw(Dice::FOUR_STICKS).unwrap().roll(),
            )
        })
        .find(|(_, t, seeded)| t.roll() != *seeded)
        .map(|(n, _, seeded)| (n, seeded))
        .unwrap();
    let mut forged = record.clone();
    forged.set_seed(Some(seed));
    let err = forged.verify().unwrap_err();
    assert_eq!(
        err,
        at(
            n,
            Problem::Roll {
                seeded,
                written: record.throws()[n - 1]
            }
        )
    );
}

#[test]
fn without_a_seed_only_legality_is_checked_and_the_verdict_says_so() {
    let (mut record, _) = base();
    record.set_seed(None);
    let verdict = record.verify().unwrap();
    assert_eq!(verdict.checked(), Checked::RulesOnly);
    assert!(
        verdict
            .to_string()
            .starts_with("valid moves, but the record has no seed, so its ")
    );
    // A roll the implement cannot make is still caught.
    let bell = "[Ruleset \"bell\"]\n[Revision \"1\"]\n[Result \"*\"]\n\n1. 5: 1-6\n";
    let err = verify(bell);
    let error = IllegalMoveError::RollNotOnDice {
        roll: Roll::new(5).unwrap(),
    };
    assert_eq!(
        err,
        at(
            1,
            Problem::Illegal {
                written: text("5: 1-6"),
                error
            }
        )
    );
}
