//! Whether a rules file's games can end, checked when it is read: a file
//! that reads cleanly but plays for ever (a house no piece can leave, a
//! bearing-off condition never met, a turn that never passes) is refused
//! with the rule that makes it so, rather than found out a hundred
//! thousand throws into a game.
//!
//! The checks are about the geometry alone, never a board: a house
//! "leads off" when some sequence of rolls the implement makes carries a
//! piece from it off the board, whatever stands in the way. So they
//! refuse only what no board can rescue; a blockade that stands for ever
//! is a matter of play, not of the file.

use super::rules::{Landing, Place, Rules};
use crate::bitboard::Bitboard;
use crate::house::House;
use crate::ruleset::{Contact, Reach};

/// Why a game could never end: the key of the rule that makes it so, and
/// what happens.
pub(super) struct Endless {
    pub(super) key: &'static str,
    pub(super) message: String,
}

type Checked<T> = Result<T, Endless>;

fn at(key: &'static str, message: impl Into<String>) -> Endless {
    Endless {
        key,
        message: message.into(),
    }
}

/// Refuses `rules` when one of its games could never end.
pub(super) fn check(rules: &Rules) -> Checked<()> {
    bearing_off_can_happen(rules)?;
    every_house_leads_off(rules)?;
    the_turn_can_pass(rules)
}

/// The houses `landing` may put a piece on, on some board where every
/// other piece of both sides stands.
fn places(rules: &Rules, landing: &Landing) -> Bitboard {
    // The lowest empty house is at most one above all the other pieces.
    let lowest_empty = Bitboard::range(1, rules.pieces.saturating_mul(2).clamp(1, House::COUNT));
    landing
        .0
        .iter()
        .map_while(|place| *place)
        .fold(Bitboard::EMPTY, |all, place| {
            all | match place {
                Place::House(house) => Bitboard::from_house(house),
                Place::OrBelow(house) => Bitboard::range(1, house.number()),
                Place::LowestEmpty => lowest_empty,
            }
        })
}

/// Where a piece on `from` may come to rest after one move of its own,
/// and whether one of its moves bears it off.
fn next(rules: &Rules, from: House) -> (Bitboard, bool) {
    let water = places(rules, &rules.water_landing);
    // A piece waiting on the water house moves to where the water lands
    // it as soon as that house is free, with no roll.
    let mut to = match rules.water {
        Some(house) if house == from => water & !Bitboard::from_house(house),
        _ => Bitboard::EMPTY,
    };
    let mut off = false;
    for table in &rules.reach {
        for roll in rules.dice.rolls() {
            match table[usize::from(from.number())][usize::from(roll.value() - 1)] {
                None => {}
                Some(Reach::To(house)) => to |= Bitboard::from_house(house),
                Some(Reach::Off) => off |= rules.bear_off_from.contains(from),
                Some(Reach::Water | Reach::Fall) => to |= water,
                Some(Reach::ToElseWater(house)) => to |= Bitboard::from_house(house) | water,
                Some(Reach::Return) => to |= places(rules, &rules.return_landing),
            }
        }
    }
    (to, off)
}

/// Whether a landing on a piece may remove it from the game.
fn captures(rules: &Rules) -> bool {
    rules.contact == Contact::Capture
        || rules
            .exceptions
            .iter()
            .any(|exception| exception.then == Some(Contact::Capture))
}

/// Whether a landing on a piece may move it to where `contact` puts it.
fn displaces(rules: &Rules, contact: Contact) -> bool {
    rules.contact == contact
        || rules
            .exceptions
            .iter()
            .any(|exception| exception.then == Some(contact))
}

/// A side bears off only with every piece on `bearing_off.when_all_on`:
/// there must be room there for them all (unless captures thin them
/// out), and a way off from one of its houses.
fn bearing_off_can_happen(rules: &Rules) -> Checked<()> {
    let from = rules.bear_off_from;
    let room = from.count();
    if room < u32::from(rules.pieces) && !captures(rules) {
        return Err(at(
            "bearing_off.when_all_on",
            format!(
                "{} pieces can never all stand on its {room} houses, so no piece could ever bear off",
                rules.pieces
            ),
        ));
    }
    let mut exits = Bitboard::EMPTY;
    for house in Bitboard::ALL {
        if next(rules, house).1 {
            exits |= Bitboard::from_house(house);
        }
    }
    if exits.is_empty() {
        let key = if from == Bitboard::ALL {
            "forward"
        } else {
            "bearing_off.when_all_on"
        };
        return Err(at(
            key,
            "no move bears a piece off from any house where the rules let it bear off, so no game could end",
        ));
    }
    Ok(())
}

/// Every house a piece can reach must lead off: otherwise a piece that
/// gets there stays for ever, and its side never finishes.
fn every_house_leads_off(rules: &Rules) -> Checked<()> {
    let mut seeds = rules.start[0] | rules.start[1];
    if displaces(rules, Contact::SendBack) {
        seeds |= places(rules, &rules.send_back);
    }
    if displaces(rules, Contact::Drown) {
        seeds |= places(rules, &rules.water_landing);
    }
    // Houses reached from the start, one move at a time.
    let mut reached = seeds;
    let mut new = seeds;
    while !new.is_empty() {
        let mut more = Bitboard::EMPTY;
        for house in new {
            more |= next(rules, house).0;
        }
        new = more & !reached;
        reached |= more;
    }
    // Houses that lead off, found backward from the moves that bear off.
    let mut leads_off = Bitboard::EMPTY;
    loop {
        let mut more = leads_off;
        for house in Bitboard::ALL & !leads_off {
            let (to, off) = next(rules, house);
            if off || !(to & leads_off).is_empty() {
                more |= Bitboard::from_house(house);
            }
        }
        if more == leads_off {
            break;
        }
        leads_off = more;
    }
    // A dead end (a house no roll leaves) is named first: it is the
    // cause; else the highest house of a ring, where it turns back.
    let stuck = reached & !leads_off;
    let dead_end = stuck
        .into_iter()
        .find(|&house| next(rules, house) == (Bitboard::EMPTY, false));
    match dead_end.or_else(|| stuck.last()) {
        None => Ok(()),
        Some(stuck) => {
            let (to, _) = next(rules, stuck);
            let why = if to.is_empty() {
                "no roll moves it on"
            } else {
                "every way from it comes back without leaving"
            };
            Err(at(
                "forward",
                format!(
                    "a piece can reach house {stuck} but never leave the board from it ({why}), so a game could never end"
                ),
            ))
        }
    }
}

/// When every roll throws again after every move, the turn passes only
/// when a side has no move at all: one side throws for ever.
fn the_turn_can_pass(rules: &Rules) -> Checked<()> {
    let again = &rules.again;
    let every_roll = rules.dice.rolls().all(|roll| again.rolls.contains(roll));
    if every_roll && again.never_after_moving_from.is_empty() {
        return Err(at(
            "throw_again.rolls",
            "every roll of the implement throws again after any move, so the turn would never pass while a side can move",
        ));
    }
    Ok(())
}
