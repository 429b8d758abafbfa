//! Arbitrary bytes as JSON for every type with a serde form (feature
//! `serde`): deserialising never panics, and whatever deserialises
//! serialises, deserialises back to the same value, and still keeps its
//! type's promises (a position prints and parses back; a record prints and
//! parses back and verifies without panicking; a move or a move list from
//! JSON is refused or played only when it is one of the position's legal
//! moves). The JSON forms are as strict as the text ones: a struct read
//! from JSON was an object, a board's counts fit their types (a side's
//! pieces, on the board and off, fit a byte, so every ruleset's outcome
//! answers on it; how many a ruleset allows is checked by a position), a
//! set of houses was listed ascending, a finish is one a record's tags can
//! write, and a record read from JSON is one its text form accepts.
#![no_main]

mod common;

use std::fmt::Debug;
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use senet::rulesets::{Bell, Classic, Kendall, Temple};
use senet::{AnyRuleset, Bitboard, Board, Dice, House, Move, MoveList, MoveText, Outcome, Position, Record, Roll, Ruleset, Seed, Side, Throw};
use senet::game::{Finish, Turn};
use senet::moves::Target;
use serde::Serialize;
use serde::de::DeserializeOwned;

fn positions() -> &'static [Position<senet::Rules>] {
    static POSITIONS: OnceLock<Vec<Position<senet::Rules>>> = OnceLock::new();
    POSITIONS.get_or_init(common::sample_positions)
}

/// The value `data` deserialises to, once checked to survive a round trip.
fn round_trip<T>(data: &[u8]) -> Option<T>
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let value: T = serde_json::from_slice(data).ok()?;
    let json = serde_json::to_string(&value)
        .unwrap_or_else(|e| panic!("{value:?} deserialised but does not serialise: {e}"));
    let again: T = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("{json} was serialised but does not deserialise: {e}"));
    assert_eq!(again, value, "{json} deserialises to another value");
    Some(value)
}

fn check_position<R>(data: &[u8])
where
    R: senet::rulesets::ByName + Serialize + DeserializeOwned,
{
    if let Some(position) = round_trip::<Position<R>>(data) {
        common::check_round_trip(&position);
    }
}

/// A move read from JSON is played only where it is a legal move.
fn check_move(mv: Move) {
    for position in positions() {
        let legal = position.moves(mv.roll()).to_list();
        match position.play(mv) {
            Ok(after) => {
                assert!(
                    legal.contains(&mv),
                    "{position}: played {mv:?}, not legal here"
                );
                common::check_round_trip(&after);
            }
            Err(_) => assert!(!legal.contains(&mv), "{position}: refused legal {mv:?}"),
        }
    }
}

/// Whether the JSON text is an object (its first non-space byte is `{`).
fn starts_as_object(data: &[u8]) -> bool {
    data.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
}

fuzz_target!(|data: &[u8]| {
    check_position::<AnyRuleset>(data);
    check_position::<Kendall>(data);
    check_position::<Temple>(data);
    check_position::<Bell>(data);
    check_position::<Classic>(data);
    if let Some(record) = round_trip::<Record>(data) {
        assert!(starts_as_object(data), "a record from a non-object");
        let text = record.to_string();
        assert_eq!(text.parse::<Record>().as_ref(), Ok(&record), "{text}");
        assert_eq!(Record::read_from(text.as_bytes()).ok().as_ref(), Some(&record));
        if let Ok(verdict) = record.verify() {
            common::check_round_trip(verdict.position());
        }
    }
    if let Some(mv) = round_trip::<Move>(data) {
        assert!(starts_as_object(data), "a move from a non-object");
        check_move(mv);
    }
    if let Some(list) = round_trip::<MoveList>(data) {
        assert!(list.len() <= senet::moves::MAX_MOVES);
        list.iter().copied().for_each(check_move);
    }
    if let Some(text) = round_trip::<MoveText>(data) {
        assert_eq!(text.to_string().parse::<MoveText>(), Ok(text));
    }
    if let Some(seed) = round_trip::<Seed>(data) {
        assert_eq!(seed.to_string().parse::<Seed>(), Ok(seed));
    }
    if let Some(turn) = round_trip::<Turn>(data) {
        assert_eq!(turn.roll(), turn.throw().roll());
        assert_eq!(turn.text().roll(), turn.roll());
    }
    if let Some(throw) = round_trip::<Throw>(data) {
        assert!(throw.dice().can_roll(throw.roll()));
    }
    if let Some(board) = round_trip::<Board>(data) {
        assert!((board.pieces(Side::X) & board.pieces(Side::O)).is_empty());
        for side in Side::BOTH {
            let pieces = board.on_board(side).checked_add(board.off(side));
            assert!(pieces.is_some(), "{board:?}");
        }
        for ruleset in AnyRuleset::ALL {
            let _ = ruleset.outcome(&board);
        }
        assert!(starts_as_object(data), "a board from a non-object");
    }
    if let Some(finish) = round_trip::<Finish>(data) {
        assert_eq!(Finish::new(finish.outcome(), finish.ending()), Some(finish));
        assert!(starts_as_object(data), "a finish from a non-object");
    }
    if let Some(set) = round_trip::<Bitboard>(data) {
        let listed: Vec<u8> = serde_json::from_slice(data).unwrap_or_default();
        assert!(listed.windows(2).all(|w| w[0] < w[1]), "{listed:?} read as {set:?}");
    }
    round_trip::<House>(data);
    round_trip::<Target>(data);
    round_trip::<Roll>(data);
    round_trip::<Side>(data);
    round_trip::<Dice>(data);
    round_trip::<Outcome>(data);
    round_trip::<AnyRuleset>(data);
    round_trip::<Kendall>(data);
    round_trip::<Bell>(data);
});
