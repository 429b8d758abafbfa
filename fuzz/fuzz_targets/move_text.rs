//! Arbitrary text as move notation: parsing never panics; text that parses
//! prints back exactly as written and parses to the same value; resolving
//! it against a few positions of every ruleset never panics, and a move it
//! resolves to is one of the legal moves of its roll and is written exactly
//! as the text (a lost throw only when the roll has no legal move).
#![no_main]

mod common;

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use senet::{MoveText, Position, Rules};

fn positions() -> &'static [Position<Rules>] {
    static POSITIONS: OnceLock<Vec<Position<Rules>>> = OnceLock::new();
    POSITIONS.get_or_init(common::sample_positions)
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(parsed) = text.parse::<MoveText>() else {
        return;
    };
    assert_eq!(
        parsed.to_string(),
        text,
        "a parsed move text prints otherwise"
    );
    assert_eq!(parsed.to_string().parse::<MoveText>(), Ok(parsed));
    for position in positions() {
        let roll = parsed.roll();
        let legal = position.moves(roll).to_list();
        match parsed.resolve(position) {
            Ok(Some(mv)) => {
                assert!(
                    legal.contains(&mv),
                    "{position}: {text} resolved to {mv:?}, not legal"
                );
                assert_eq!(position.notation(mv), parsed);
            }
            Ok(None) if parsed.is_banked() => {
                assert!(position.is_to_throw(), "{position}: {text} banked with no throw");
                assert_eq!(position.bank_notation(roll), parsed);
            }
            Ok(None) => {
                assert!(
                    legal.is_empty(),
                    "{position}: {text} resolved as lost, moves exist"
                );
                assert_eq!(position.lost_notation(roll), parsed);
            }
            Err(_) => {
                // Refused: then no legal move (or lost throw) is written so.
                assert!(
                    legal.iter().all(|&mv| position.notation(mv) != parsed),
                    "{position}: {text} is the notation of a legal move but was refused"
                );
                assert!(
                    !(legal.is_empty()
                        && position.lose_throw(roll).is_ok()
                        && position.lost_notation(roll) == parsed),
                    "{position}: {text} is the notation of the lost throw but was refused"
                );
            }
        }
    }
});
