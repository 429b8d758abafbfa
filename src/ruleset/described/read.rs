//! From a rules file's keys to checked [`Rules`]: every value checked
//! against the others, and each refusal placed at its key, on the line
//! the file's format finds it at.

use super::RulesFileError;
use super::format::RulesFormat;
use super::rules::{
    Again, Alone, Blockade, Exception, Landing, Mark, Movable, Neighbours, Place, Protection,
    Rules, Why, Winner,
};
use super::schema::{self, File, Houses, PastEnd, PastStop, PlaceText, ReachText};
use super::values::{AtKey, Checked, at, house, houses, roll, target};
use crate::bitboard::Bitboard;
use crate::house::{House, Side};
use crate::movegen::steps::Steps;
use crate::ruleset::{Contact, Direction, Reach};
use crate::throw::{Dice, DiceError, Roll, RollSet};

/// Reads `text` into rules through `format`, or says what is wrong, at
/// which key and line.
pub(super) fn read<F: RulesFormat + ?Sized>(
    text: &str,
    format: &F,
    digest: [u8; 32],
) -> Result<Rules, RulesFileError> {
    let file = format.parse(text).map_err(point_to_unsaid)?.into_file();
    rules(&file, digest).map_err(|AtKey { key, message }| invalid(text, format, key, message))
}

/// A refusal of an unknown key that names what the format lacks, with
/// where the docs say what a rules file cannot say; any other, as it is.
fn point_to_unsaid(error: RulesFileError) -> RulesFileError {
    match error {
        RulesFileError::Invalid { line, key, message } => {
            let message = match super::vocabulary::unsaid(&message) {
                Some(what) => format!(
                    "{message}. A rules file cannot state {what} yet: see \"What a rules file cannot say\" in docs/rulesets.md"
                ),
                None if super::vocabulary::looks_for_bank(&message) => format!(
                    "{message}. Throws banked before moving are `before_moving = true` in [throw_again]"
                ),
                None => message,
            };
            RulesFileError::Invalid { line, key, message }
        }
        other => other,
    }
}

/// A refusal of `text` at `key`, on the line where `format` finds the key.
pub(super) fn invalid<F: RulesFormat + ?Sized>(
    text: &str,
    format: &F,
    key: String,
    message: String,
) -> RulesFileError {
    RulesFileError::Invalid {
        line: format.line_of(text, &key),
        key,
        message,
    }
}

/// A text the rules keep (and hand out for as long as they live).
fn keep(text: &str) -> Box<str> {
    text.into()
}

/// A text a display shows (a title, the words of a refusal), kept: it
/// may be long, but it holds nothing a terminal or a page would act on
/// rather than show (a control character, an escape sequence, a
/// bidirectional override).
fn shown(text: &str, key: &str) -> Checked<Box<str>> {
    let hidden = text
        .chars()
        .enumerate()
        .find(|&(_, c)| c.is_control() || crate::notation::quote::is_format_or_separator(c));
    match hidden {
        Some((at_char, c)) => Err(at(
            key,
            format!(
                "character {} is {}, which does not print: write text only",
                at_char + 1,
                c.escape_unicode()
            ),
        )),
        None => Ok(keep(text)),
    }
}

/// A name or a mark that a display shows beside a side or on a house,
/// kept: printable, as [`shown`] checks, and at most a record value long.
fn label(text: &str, key: &str) -> Checked<Box<str>> {
    match crate::notation::quote::value_problem(text) {
        Some((_, problem)) if text.is_empty() || text.len() > crate::Record::MAX_VALUE => Err(at(
            key,
            format!("a name or a mark is 1 to 100 bytes: {problem}"),
        )),
        _ => shown(text, key),
    }
}

fn rules(file: &File, digest: [u8; 32]) -> Checked<Rules> {
    let name = file.name.as_str();
    if name.is_empty()
        || name.len() > 32
        || !name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
    {
        return Err(at(
            "name",
            "a name is 1 to 32 lower-case letters, digits, '-' or '_', as typed on the command line",
        ));
    }
    let water = file
        .water
        .as_ref()
        .map(|water| house(water.house.into(), "water.house"))
        .transpose()?;
    let mark = match &file.mark {
        Some(mark) => Some(Mark {
            house: house(mark.house.into(), "mark.house")?,
            after_moving_from: houses(&mark.after_moving_from, "mark.after_moving_from")?,
            after_entering: mark.after_entering,
        }),
        None => None,
    };
    let returns = match &file.water {
        Some(water) => landing(&water.returns_to, "water.returns_to")?,
        None => Landing::NOWHERE,
    };
    let dice: Dice = file
        .implement
        .parse()
        .map_err(|error: DiceError| at("implement", error.to_string()))?;
    let forward = reaches(&file.forward, Direction::Forward, water, &returns, dice)?;
    let backward = reaches(&file.backward, Direction::Backward, water, &returns, dice)?;
    let (contact, exceptions, send_back) = contact(&file.contact, water)?;
    let rules = Rules {
        name: keep(name),
        revision: file.revision,
        title: shown(&file.title, "title")?,
        source: shown(&file.source, "source")?,
        digest,
        // Set by the caller, which has the text.
        text: Box::default(),
        side_names: [
            label(file.sides.x.as_deref().unwrap_or("x"), "sides.x")?,
            label(file.sides.o.as_deref().unwrap_or("o"), "sides.o")?,
        ],
        colours: match (&file.sides.x_colour, &file.sides.o_colour) {
            (Some(x), Some(o)) => Some([label(x, "sides.x_colour")?, label(o, "sides.o_colour")?]),
            (None, None) => None,
            _ => return Err(at("sides", "give both sides a colour, or neither")),
        },
        house_side: file.sides.house.map(|side| match side {
            schema::SideName::X => Side::X,
            schema::SideName::O => Side::O,
        }),
        pieces: file.pieces,
        start: start(file)?,
        dice,
        reach: [forward, backward],
        steps: [[Steps::NONE; Roll::MAX as usize]; 2],
        must_play_first: houses(&file.movable.first, "movable.first")?,
        movable: movable(&file.movable, mark)?,
        bear_off_from: match &file.bearing_off.when_all_on {
            Some(set) => houses(set, "bearing_off.when_all_on")?,
            None => Bitboard::ALL,
        },
        blockade: blockade(file.blockade.as_ref())?,
        safe: houses(&file.protection.safe, "protection.safe")?,
        protection: Protection {
            neighbours: match file.protection.neighbours {
                schema::Neighbours::None => Neighbours::None,
                schema::Neighbours::Any => Neighbours::Any,
                schema::Neighbours::ExactlyOne => Neighbours::ExactlyOne,
                schema::Neighbours::Every => Neighbours::Every,
            },
            lost_to_a_marked_piece: match (file.protection.lost_to_a_marked_piece, mark) {
                (true, None) => {
                    return Err(at(
                        "protection.lost_to_a_marked_piece",
                        "no piece is ever marked: the file has no [mark]",
                    ));
                }
                (lost, _) => lost,
            },
        },
        contact,
        exceptions,
        water,
        water_landing: match &file.water {
            Some(water) if water.lands.is_empty() => {
                return Err(at(
                    "water.lands",
                    "say where a piece entering the water rests",
                ));
            }
            // To the hand: the water lands the piece nowhere on the board.
            Some(water) if water.lands == [PlaceText::Hand] => Landing::NOWHERE,
            Some(water) => landing(&water.lands, "water.lands")?,
            None => Landing::NOWHERE,
        },
        water_to_hand: match &file.water {
            Some(water) if water.lands == [PlaceText::Hand] && file.enter.is_empty() => {
                return Err(at(
                    "water.lands",
                    "a piece sent to the hand must enter again: say with which roll in [enter]",
                ));
            }
            Some(water) => water.lands == [PlaceText::Hand],
            None => false,
        },
        return_landing: returns,
        send_back,
        mark,
        house_marks: drawing(file)?,
        why: why(file)?,
        again: Again {
            before_moving: super::turns::before_moving(file, dice)?,
            rolls: rolls(&file.throw_again.rolls, dice)?,
            after_no_move: file.throw_again.after_no_move,
            after_entering: file.throw_again.after_entering,
            after_moving_to: houses(
                &file.throw_again.after_moving_to,
                "throw_again.after_moving_to",
            )?,
            never_after_moving_from: houses(
                &file.throw_again.never_after_moving_from,
                "throw_again.never_after_moving_from",
            )?,
        },
        waits: super::turns::waits(file, dice)?,
        begins: super::turns::begins(file, dice)?,
        enters: super::turns::enters(file, dice)?,
        lose_turn: super::turns::lose_turn(file)?,
        winner: match file.winner {
            schema::Winner::FirstHome => Winner::FirstHome,
            schema::Winner::MostBorneOff => Winner::MostBorneOff,
        },
    };
    super::ending::check(&rules).map_err(|endless| at(endless.key, endless.message))?;
    Ok(rules)
}

fn start(file: &File) -> Checked<[Bitboard; 2]> {
    let x = houses(&file.start.x, "start.x")?;
    let o = houses(&file.start.o, "start.o")?;
    for (key, set, listed) in [("start.x", x, &file.start.x), ("start.o", o, &file.start.o)] {
        let written: i64 = listed.0.iter().map(|(low, high)| high - low + 1).sum();
        if written != i64::from(set.count()) {
            return Err(at(key, "a house is listed twice"));
        }
        // With [enter], the pieces not on the board start in the hand.
        let short = set.count() < u32::from(file.pieces) && !file.enter.is_empty();
        if set.count() != u32::from(file.pieces) && !short {
            return Err(at(
                key,
                format!("{} pieces, but `pieces` says {}", set.count(), file.pieces),
            ));
        }
    }
    if let Some(shared) = (x & o).into_iter().next() {
        return Err(at(
            "start",
            format!("x and o share house {shared}: a house holds one piece"),
        ));
    }
    Ok([x, o])
}

fn rolls(values: &[u8], dice: Dice) -> Checked<RollSet> {
    for &value in values {
        roll(value, dice, "throw_again.rolls")?;
    }
    Ok(RollSet::of(values))
}

/// Where each roll carries a piece going `direction`.
fn reaches(
    moves: &schema::Moves,
    direction: Direction,
    water: Option<House>,
    returns: &Landing,
    dice: Dice,
) -> Checked<[[Option<Reach>; Roll::MAX as usize]; 31]> {
    let (way, sign) = match direction {
        Direction::Forward => ("forward", 1),
        Direction::Backward => ("backward", -1),
    };
    if direction == Direction::Backward && moves.past_the_end == PastEnd::Off {
        return Err(at(
            "backward.past_the_end",
            "no piece bears off going backward",
        ));
    }
    let mut table = [[None; Roll::MAX as usize]; 31];
    let stop = moves
        .stop
        .map(|stop| house(stop.into(), &format!("{way}.stop")))
        .transpose()?
        .map(|stop| i16::from(stop.number()));
    for from in houses(&moves.step, &format!("{way}.step"))? {
        let h = i16::from(from.number());
        for (r, slot) in (1..).zip(table[usize::from(from.number())].iter_mut()) {
            let mut t = h + sign * r;
            if let Some(stop) = stop
                && (h - stop).signum() == -sign
                && (t - stop).signum() == sign
            {
                match moves.past_stop {
                    PastStop::Refused => continue,
                    PastStop::StopsThere => t = stop,
                }
            }
            *slot = match t {
                31 => Some(Reach::Off),
                32.. if moves.past_the_end == PastEnd::Off => Some(Reach::Off),
                1..=30 => {
                    let to = House::from_index(t as u8);
                    Some(if Some(to) == water {
                        Reach::Water
                    } else {
                        Reach::To(to)
                    })
                }
                _ => None,
            };
        }
    }
    for (house_key, rolls) in &moves.from {
        let key = format!("{way}.from.{house_key}");
        let from = house_key
            .parse()
            .map_err(|_| at(&key, format!("`{house_key}` is not a house number")))
            .and_then(|number| house(number, &key))?;
        let mut row = [None; Roll::MAX as usize];
        let mut fill = |roll_key: &str, text: &ReachText| -> Checked<()> {
            let key = format!("{key}.{roll_key}");
            let reach = reach(text, &key, water, returns)?;
            if reach == Some(Reach::To(from)) {
                return Err(at(
                    &key,
                    format!("a move from {from} to {from} would leave the board as it is"),
                ));
            }
            if roll_key == "any" {
                row = [reach; Roll::MAX as usize];
                return Ok(());
            }
            let value = roll_key
                .parse()
                .ok()
                .filter(|&value| (1..=Roll::MAX).contains(&value));
            let value = value.ok_or_else(|| {
                at(
                    &key,
                    format!("`{roll_key}` is not a roll (1 to 6) or \"any\""),
                )
            })?;
            let roll = roll(value, dice, &key)?;
            row[usize::from(roll.value() - 1)] = reach;
            Ok(())
        };
        if let Some(any) = rolls.get("any") {
            fill("any", any)?;
        }
        for (roll_key, text) in rolls.iter().filter(|(k, _)| k.as_str() != "any") {
            fill(roll_key, text)?;
        }
        table[usize::from(from.number())] = row;
    }
    Ok(table)
}

/// One answer of `[forward.from]` or `[backward.from]`.
fn reach(
    text: &ReachText,
    key: &str,
    water: Option<House>,
    returns: &Landing,
) -> Checked<Option<Reach>> {
    let needs_water = |reach: Reach| match water {
        Some(_) => Ok(Some(reach)),
        None => Err(at(key, "the file has no [water] to go into")),
    };
    match *text {
        ReachText::To(number) => Ok(Some(Reach::To(target(number, key)?))),
        ReachText::Nowhere => Ok(None),
        ReachText::Off => Ok(Some(Reach::Off)),
        ReachText::Water => needs_water(Reach::Water),
        ReachText::Fall => needs_water(Reach::Fall),
        ReachText::Return if returns.is_nowhere() => Err(at(
            key,
            "\"return\" needs water.returns_to to say where it lands",
        )),
        ReachText::Return => Ok(Some(Reach::Return)),
        ReachText::ToElseWater(number) => needs_water(Reach::ToElseWater(target(number, key)?)),
    }
}

fn landing(places: &[PlaceText], key: &str) -> Checked<Landing> {
    let mut landing = Landing::NOWHERE;
    if places.len() > landing.0.len() {
        return Err(at(key, "at most four choices"));
    }
    for (slot, place) in landing.0.iter_mut().zip(places) {
        *slot = Some(match *place {
            PlaceText::House(number) => Place::House(house(number, key)?),
            PlaceText::OrBelow(number) => Place::OrBelow(house(number, key)?),
            PlaceText::LowestEmpty => Place::LowestEmpty,
            PlaceText::Hand => {
                return Err(at(
                    key,
                    "\"hand\" is said of water.lands alone: lands = [\"hand\"]",
                ));
            }
        });
    }
    Ok(landing)
}

fn contact(
    file: &schema::Contact,
    water: Option<House>,
) -> Checked<(Contact, Box<[Exception]>, Landing)> {
    let send_back = landing(&file.send_back_to, "contact.send_back_to")?;
    let kind = |kind: schema::ContactKind, key: &str| -> Checked<Option<Contact>> {
        match kind {
            schema::ContactKind::Swap => Ok(Some(Contact::Swap)),
            schema::ContactKind::Capture => Ok(Some(Contact::Capture)),
            schema::ContactKind::SendBack if send_back.is_nowhere() => Err(at(
                key,
                "a piece sent back needs contact.send_back_to to say where it goes",
            )),
            schema::ContactKind::SendBack => Ok(Some(Contact::SendBack)),
            schema::ContactKind::Drown if water.is_none() => {
                Err(at(key, "the file has no [water] to drown a piece in"))
            }
            schema::ContactKind::Drown => Ok(Some(Contact::Drown)),
            schema::ContactKind::Refused => Ok(None),
        }
    };
    let usual = kind(file.usual, "contact.usual")?.ok_or_else(|| {
        at(
            "contact.usual",
            "to forbid every landing on a piece, write protection.neighbours = \"every\"",
        )
    })?;
    let mut exceptions = Vec::new();
    for (i, exception) in file.except.iter().enumerate() {
        let key = format!("contact.except.{i}");
        let set = |set: &Option<Houses>, part: &str| match set {
            Some(set) => houses(set, &format!("{key}.{part}")),
            None => Ok(Bitboard::ALL),
        };
        exceptions.push(Exception {
            from: set(&exception.from, "from")?,
            to: set(&exception.to, "to")?,
            moving: exception.moving.map(|way| match way {
                schema::Way::Forward => Direction::Forward,
                schema::Way::Backward => Direction::Backward,
            }),
            then: kind(exception.then, &format!("{key}.then"))?,
        });
    }
    Ok((usual, exceptions.into(), send_back))
}

fn movable(file: &schema::Movable, mark: Option<Mark>) -> Checked<Movable> {
    let mut alone = [None; 4];
    if file.alone.len() > alone.len() {
        return Err(at("movable.alone", "at most four entries"));
    }
    for (slot, entry) in alone.iter_mut().zip(&file.alone) {
        *slot = Some(match (*entry, mark) {
            (schema::AloneText::House(number), _) => Alone::On(house(number, "movable.alone")?),
            (schema::AloneText::Marked, Some(mark)) => Alone::Marked(mark.house),
            (schema::AloneText::Marked, None) => {
                return Err(at(
                    "movable.alone",
                    "no piece is ever marked: the file has no [mark]",
                ));
            }
        });
    }
    Ok(Movable {
        alone,
        wait_below_a_piece: houses(&file.wait_below_a_piece, "movable.wait_below_a_piece")?,
    })
}

fn blockade(file: Option<&schema::Blockade>) -> Checked<Blockade> {
    let Some(file) = file else {
        return Ok(Blockade::None);
    };
    let length = || match file.length {
        Some(length @ 1..=30) => Ok(length),
        Some(length) => Err(at(
            "blockade.length",
            format!("{length} pieces cannot stand in a row"),
        )),
        None => Err(at("blockade.length", "say how many pieces in a row block")),
    };
    let houses = match &file.houses {
        Some(set) => houses(set, "blockade.houses")?,
        None => Bitboard::ALL,
    };
    Ok(match file.kind {
        schema::BlockadeKind::Run => Blockade::Run {
            length: length()?,
            houses,
        },
        schema::BlockadeKind::Group => Blockade::Group {
            length: length()?,
            houses,
        },
        schema::BlockadeKind::EveryPiece if file.length.is_some() => {
            return Err(at(
                "blockade.length",
                "every piece blocks, whatever its neighbours",
            ));
        }
        schema::BlockadeKind::EveryPiece => Blockade::EveryPiece,
    })
}

fn drawing(file: &File) -> Checked<[Option<Box<str>>; 31]> {
    let mut marks = [const { None }; 31];
    for (number, mark) in &file.drawing {
        let key = format!("drawing.{number}");
        let from = number
            .parse()
            .map_err(|_| at(&key, format!("`{number}` is not a house number")))
            .and_then(|number| house(number, &key))?;
        marks[usize::from(from.number())] = Some(label(mark, &key)?);
    }
    Ok(marks)
}

fn why(file: &File) -> Checked<Why> {
    let refusals = &file.refusals;
    let mut no_step = Vec::new();
    for (range, words) in &refusals.no_step {
        let key = format!("refusals.no_step.{range}");
        let set = super::vocabulary::ranges(range).ok_or_else(|| {
            at(
                &key,
                format!("`{range}` is not a house or a range such as 1-25"),
            )
        })?;
        no_step.push((houses(&Houses(set), &key)?, shown(words, &key)?));
    }
    let text = |text: &Option<String>, key: &str| {
        text.as_deref()
            .map(|text| shown(text, &format!("refusals.{key}")))
            .transpose()
    };
    Ok(Why {
        no_step: no_step.into(),
        blocked: text(&refusals.blocked, "blocked")?,
        protected: text(&refusals.protected, "protected")?,
        not_displaced: text(&refusals.not_displaced, "not_displaced")?,
        held: text(&refusals.held, "held")?,
        no_bearing_off: text(&refusals.no_bearing_off, "no_bearing_off")?,
    })
}
