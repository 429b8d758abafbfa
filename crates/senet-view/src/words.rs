//! The rules' data in plain English: what a move did ([`effect`]) and
//! what a throw is ([`implement`], [`reading`], [`chances`], and all three
//! in one line, [`dice`]). Every explanation a front end gives of a move
//! or a throw (a terminal's help, a commented game, a web page) uses these
//! words, written once.

use core::fmt::{self, Write};

use senet::Dice;
use senet::effect::{Effect, Hit, Release, Rest, Way};
use senet::rulesets::Direction;

/// What a move did, in one sentence, such as `x moves from 2 to 5 and
/// swaps with o's piece there, which goes to 2.` or `x falls from 28 into
/// the water (27), where it waits.`; a piece let out of the water is a
/// second sentence.
///
/// ```
/// use senet::{Position, Roll, rulesets::Kendall};
/// use senet_view::words;
///
/// // At Kendall's start a 3 takes x's piece on 2 onto o's piece on 5.
/// let start = Position::start(Kendall);
/// let mv = start.moves(Roll::new(3).unwrap()).get(0).unwrap();
/// assert_eq!(
///     words::effect(&start.effect(mv)?),
///     "x moves from 2 to 5 and swaps with o's piece there, which goes to 2."
/// );
///
/// // In Kendall, a 1 from 26 goes into the water, and the piece comes back on 15.
/// let position: Position<Kendall> = "ooooo....................x.... x 4 0".parse()?;
/// let mv = position.moves(Roll::new(1).unwrap()).get(0).unwrap();
/// assert_eq!(
///     words::effect(&position.effect(mv)?),
///     "x goes from 26 into the water (27) and comes out on 15."
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn effect(effect: &Effect) -> String {
    let mut text = String::new();
    // Writing to a String does not fail.
    let _ = write_effect(&mut text, effect);
    text
}

/// Writes the sentence of [`effect`] to `f`.
fn write_effect(f: &mut String, effect: &Effect) -> fmt::Result {
    let side = effect.side;
    let from = effect.played.from();
    let written = effect.played.to();
    let back = |direction| match direction {
        Direction::Forward => "",
        Direction::Backward => " back",
    };
    match (effect.way, effect.rest) {
        (_, Rest::Off) if effect.from_water => {
            write!(f, "{side} bears off from the water ({from})")?;
        }
        (_, Rest::Off) => write!(f, "{side} bears off from {from}")?,
        (Way::Wait, _) if effect.from_water => {
            write!(f, "{side} waits in the water ({from})")?;
        }
        (Way::Wait, _) => write!(f, "{side} waits on {from}")?,
        (Way::Enter, _) => write!(f, "{side} enters a piece from its hand on {written}")?,
        (Way::Along(direction), Rest::House(to) | Rest::Water(to)) => {
            write!(f, "{side} moves{} from {from} to {to}", back(direction))?;
        }
        (Way::Return, Rest::House(to) | Rest::Water(to)) => {
            write!(f, "{side} comes back from the water ({from}) to {to}")?;
        }
        (Way::IntoWater(direction), rest) => {
            write!(
                f,
                "{side} goes{} from {from} into the water ({written})",
                back(direction)
            )?;
            water_rest(f, rest)?;
        }
        (Way::Fall, rest) => {
            write!(f, "{side} falls from {from} into the water ({written})")?;
            water_rest(f, rest)?;
        }
        // Only the water sends a piece to the hand.
        (Way::Along(_) | Way::Return, Rest::Hand) => {
            write!(f, "{side} moves from {from} back to its hand")?;
        }
    }
    let opponent = side.opponent();
    match effect.hit {
        None => {}
        Some(Hit::Swapped { to, .. }) => {
            write!(
                f,
                " and swaps with {opponent}'s piece there, which goes to {to}"
            )?;
        }
        Some(Hit::Captured { .. }) => write!(f, " and captures {opponent}'s piece there")?,
        Some(Hit::SentBack { to, .. }) => {
            write!(f, " and sends {opponent}'s piece there back to {to}")?;
        }
        Some(Hit::Drowned { to, .. }) => {
            write!(f, " and sends {opponent}'s piece there into the water")?;
            match to {
                Rest::House(house) => write!(f, ", from which it comes out on {house}")?,
                Rest::Water(_) | Rest::Off => f.push_str(", where it waits"),
                Rest::Hand => f.push_str(", which leaves the board for its hand"),
            }
        }
    }
    if effect.marked {
        f.push_str(", and is marked: it alone moves until it leaves");
    }
    if effect.loses_next_turn {
        write!(f, ", and {side} loses its next turn")?;
    }
    f.push('.');
    if let Some(Release { side, from, to }) = effect.released {
        write!(
            f,
            " {side}'s piece waiting in the water ({from}) comes out on {to}."
        )?;
    }
    Ok(())
}

/// How a sentence ends for a piece that went into the water: where it
/// came to rest.
fn water_rest(f: &mut String, rest: Rest) -> fmt::Result {
    match rest {
        Rest::Water(_) => {
            f.push_str(", where it waits");
            Ok(())
        }
        Rest::House(house) => write!(f, " and comes out on {house}"),
        Rest::Hand => {
            f.push_str(" and leaves the board for its hand, to enter again");
            Ok(())
        }
        Rest::Off => Ok(()),
    }
}

/// The implement, for a reader who has never seen it.
///
/// ```
/// use senet::Dice;
/// use senet_view::words;
///
/// assert_eq!(
///     words::implement(Dice::FOUR_STICKS),
///     "four sticks, each | (light face up) or - (dark face up)"
/// );
/// assert_eq!(words::implement(Dice::LONG_DIE), "a long die with four faces, 1 to 4");
/// ```
pub fn implement(dice: Dice) -> String {
    match dice.stick_count() {
        Some(1) => "one stick, | (light face up) or - (dark face up)".to_owned(),
        Some(_) => format!(
            "{}, each | (light face up) or - (dark face up)",
            // The implement's own words start with the sticks: "four sticks".
            dice.to_string().split(',').next().unwrap_or_default()
        ),
        None => "a long die with four faces, 1 to 4".to_owned(),
    }
}

/// How a throw's roll is read from what the implement shows.
///
/// ```
/// use senet::Dice;
/// use senet_view::words;
///
/// assert_eq!(
///     words::reading(Dice::FOUR_STICKS),
///     "the number of light faces, or 5 when none is"
/// );
/// assert_eq!(
///     words::reading(Dice::FOUR_STICKS_SIX),
///     "the number of light faces, or 6 when none is"
/// );
/// assert_eq!(words::reading(Dice::LONG_DIE), "the face it shows");
/// ```
pub fn reading(dice: Dice) -> String {
    if shows_sticks(dice) {
        format!(
            "the number of light faces, or {} when none is",
            // The word 0 throws every stick dark face up.
            dice.throw_from(0).roll()
        )
    } else {
        "the face it shows".to_owned()
    }
}

/// Whether the implement's throws show sticks (rather than a face).
fn shows_sticks(dice: Dice) -> bool {
    dice.stick_count().is_some()
}

/// The chance of each roll, as `ROLL: WEIGHT/TOTAL`.
///
/// ```
/// use senet::Dice;
/// use senet_view::words;
///
/// assert_eq!(
///     words::chances(Dice::FOUR_STICKS),
///     "1: 4/16, 2: 6/16, 3: 4/16, 4: 1/16, 5: 1/16"
/// );
/// assert_eq!(words::chances(Dice::LONG_DIE), "1: 1/4, 2: 1/4, 3: 1/4, 4: 1/4");
/// ```
pub fn chances(dice: Dice) -> String {
    let total = dice.total_weight();
    let chances: Vec<String> = dice
        .weights()
        .iter()
        .map(|(roll, weight)| format!("{roll}: {weight}/{total}"))
        .collect();
    chances.join(", ")
}

/// The whole explanation of a throw in one line: the [`implement`], the
/// [`reading`] of the roll and the [`chances`].
///
/// ```
/// use senet::Dice;
/// use senet_view::words;
///
/// assert_eq!(
///     words::dice(Dice::LONG_DIE),
///     "a long die with four faces, 1 to 4; the roll is the face it shows; \
///      chances 1: 1/4, 2: 1/4, 3: 1/4, 4: 1/4"
/// );
/// assert!(words::dice(Dice::FOUR_STICKS_SIX).contains("or 6 when none is"));
/// ```
pub fn dice(dice: Dice) -> String {
    format!(
        "{}; the roll is {}; chances {}",
        implement(dice),
        reading(dice),
        chances(dice)
    )
}
