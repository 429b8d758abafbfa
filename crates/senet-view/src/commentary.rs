//! A game in words, for people: the legend of a commented game and one
//! line per throw, as `senet game` prints them. A front end that shows a
//! game as text uses the same words.

use std::io::{self, Write};

use senet::effect::{Effect, Rest};
use senet::game::{Game, Turn};
use senet::rulesets::Contact;
use senet::source::ThrowSource;
use senet::{House, Position, Ruleset, Side};

use crate::{diagram, words};

/// Writes a played game, commented: its ruleset and sides, the
/// [`legend`], the start board, one [`turn_line`] per throw (with the
/// board after every move that hit, bore off or freed a piece, or after
/// every move when `every_board`), then the final board, the final
/// position string and the outcome. `steps` holds, turn by turn, the
/// position after the turn and what its move did (as the caller played
/// it); `legend_note` ends the legend (what a caller's options change).
///
/// This is the text of `senet game`.
///
/// # Errors
///
/// Any error of `out`.
///
/// ```
/// use senet_view::commentary::write_game;
/// use senet::game::Thrown;
/// use senet::{Game, Seed, rulesets::Kendall};
///
/// let mut game = Game::seeded(Kendall, Seed::from_u64(5));
/// let start = *game.position();
/// let mut steps = Vec::new();
/// while !game.is_over() {
///     let mut effect = None;
///     if let Thrown::ToPlay(_) = game.throw()? {
///         let mv = game.legal_moves()[0];
///         effect = Some(game.play_with_effect(mv)?.1);
///     }
///     steps.push((*game.position(), effect));
/// }
/// let mut text = Vec::new();
/// write_game(&mut text, &game, &start, &steps, false, "")?;
/// let text = String::from_utf8(text)?;
/// assert!(text.starts_with("ruleset: kendall (revision 1)"));
/// assert!(text.contains("outcome: "));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_game<R: Ruleset, S: ThrowSource>(
    out: &mut dyn Write,
    game: &Game<R, S>,
    start: &Position<R>,
    steps: &[(Position<R>, Option<Effect>)],
    every_board: bool,
    legend_note: &str,
) -> io::Result<()> {
    let ruleset = game.ruleset();
    writeln!(
        out,
        "ruleset: {} (revision {}); x is {}, o is {}",
        ruleset.name(),
        ruleset.revision(),
        ruleset.side_name(Side::X),
        ruleset.side_name(Side::O)
    )?;
    writeln!(out, "{}{legend_note}\n", legend(ruleset))?;
    match start.outcome() {
        Some(_) => writeln!(out, "start board (the game is already over):")?,
        None => writeln!(out, "start board ({} throws first):", start.side_to_throw())?,
    }
    writeln!(out, "{}\n", indented(&diagram::position(start)))?;
    let mut before = *start;
    for (turn, (now, effect)) in game.history().iter().zip(steps) {
        let Said {
            text: said,
            notable,
        } = said(turn, effect.as_ref(), now);
        writeln!(out, "{}", line(turn, &said, before.bank().is_to_play()))?;
        before = *now;
        // The board at the end is drawn once, below.
        if turn.played().is_some() && (every_board || notable) && !now.is_over() {
            writeln!(out, "{}", indented(&diagram::position(now)))?;
        }
    }
    if !game.history().is_empty() {
        writeln!(out)?;
    }
    let end = game.position();
    let throws = game.history().len();
    writeln!(out, "final board:\n{}", diagram::game(&game.view()))?;
    match game.finish() {
        Some(finish) => {
            writeln!(
                out,
                "final position string (game over, nobody throws): {end}"
            )?;
            writeln!(out, "outcome: {finish} after {throws} throws")
        }
        None => {
            let side = end.side_to_throw();
            writeln!(
                out,
                "final position string (stopped, {side} to throw): {end}"
            )?;
            writeln!(
                out,
                "outcome: none, stopped unfinished after {throws} throws"
            )
        }
    }
}

/// Every line of `text` indented, to set a board off from the throw lines.
fn indented(text: &str) -> String {
    let lines: Vec<String> = text.lines().map(|l| format!("    {l}")).collect();
    lines.join("\n")
}

/// What a throw did, in words, and whether the board is worth drawing
/// after it (see [`said`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    /// The words: empty for a plain move whose notation says it all.
    pub text: String,
    /// Whether the move hit a piece, bore one off or freed one from the
    /// water.
    pub notable: bool,
}

/// What the lines of a commented game mean: the ruleset's throw
/// ([`words::dice`]), each mark of the move
/// notation, with the ruleset's own kinds of contact, the water if it has
/// one, and when the board is drawn.
///
/// ```
/// use senet_view::commentary::legend;
/// use senet::rulesets::{Bell, Kendall};
///
/// assert!(legend(Kendall).contains("swapped places with it"));
/// assert!(legend(Bell).contains("captured it"));
/// ```
pub fn legend<R: Ruleset>(ruleset: R) -> String {
    let mut lines = vec![
        "legend:".to_owned(),
        format!("  throws: {}", words::dice(ruleset.dice())),
        "  moves:  ROLL: FROM-TO, houses 1 to 30 along the track (TO is off for a piece borne"
            .to_owned(),
        "          off); then these suffixes, in this order:".to_owned(),
        format!("    x     landed on an opponent's piece and {}", contacts(ruleset)),
        "    <     the written TO is below FROM: a backward move, a fall, or a return from the water"
            .to_owned(),
        "    +     the same side throws again".to_owned(),
        "  lost:   ROLL: - (and + when the same side throws again): no piece could move".to_owned(),
    ];
    if ruleset
        .dice()
        .rolls()
        .any(|roll| !ruleset.waits(roll).is_empty())
    {
        lines.push(
            "  wait:   ROLL: FROM= (and + when the same side throws again): the piece on FROM stayed where it stands"
                .to_owned(),
        );
    }
    if ruleset.banks_throws() {
        lines.push(
            "  bank:   ROLL: bank (and + when the same side throws again): the throw is kept; once a throw gives no other, the side plays every roll kept, one move each, in the order it chooses (the roll's sticks shown again)"
                .to_owned(),
        );
    }
    if senet::rulesets::enters_pieces(&ruleset) {
        lines.push(
            "  enter:  ROLL: in-TO (and + when the same side throws again): a piece from the side's hand entered the board on TO"
                .to_owned(),
        );
    }
    if Side::BOTH
        .iter()
        .any(|&side| ruleset.begins_with(side).is_some())
    {
        lines.push(
            "  begin:  a side that has not begun moves no piece until it throws the roll that begins it"
                .to_owned(),
        );
    }
    if senet::rulesets::takes_turns(&ruleset) {
        lines.push(
            "  turns:  a move may cost its side the next turn: the sticks then stay with the other side"
                .to_owned(),
        );
    }
    if let Some(water) = ruleset.water() {
        lines.push(format!(
            "  water:  a move into the water is written with TO {water}, wherever the piece then goes"
        ));
    }
    lines.push(
        "  board:  the track's three rows, x or o a piece, . an empty house; drawn after"
            .to_owned(),
    );
    lines.push(
        "          every move that hits a piece, bears one off or frees one from the water"
            .to_owned(),
    );
    lines.join("\n")
}

/// What landing on an opponent's piece does in `ruleset`, every kind it
/// has (Kendall 1979 swaps, except from 26 onto 28 to 30, which drowns).
fn contacts<R: Ruleset>(ruleset: R) -> String {
    let mut kinds = vec![ruleset.contact()];
    for start in House::all() {
        for target in House::all() {
            if let Some(kind) = ruleset.contact_at(start, target)
                && !kinds.contains(&kind)
            {
                kinds.push(kind);
            }
        }
    }
    let words: Vec<&str> = kinds
        .into_iter()
        .map(|kind| match kind {
            Contact::Swap => "swapped places with it (it goes to the mover's start house)",
            Contact::Capture => "captured it (it leaves the game)",
            Contact::SendBack => "sent it back",
            Contact::Drown => "sent it into the water",
            // A kind of contact this crate does not know yet.
            _ => "did to it what the rules say",
        })
        .collect();
    words.join(", or ")
}

/// One throw: its number, who threw, the sticks and the roll, the throw
/// in standard move notation, then `said`, what it did in words.
///
/// ```
/// use senet_view::commentary::{said, turn_line};
/// use senet::{Game, Seed, rulesets::Kendall};
///
/// let mut game = Game::seeded(Kendall, Seed::from_u64(1));
/// game.throw()?;
/// let mv = game.legal_moves()[0];
/// let turn = game.play(mv)?;
/// let words = said(&turn, None, game.position());
/// let line = turn_line(&turn, &words.text);
/// assert!(line.starts_with("1. x throws "));
/// assert!(line.contains(&turn.text().to_string()));
/// # Ok::<(), senet::GameError>(())
/// ```
pub fn turn_line(turn: &Turn, said: &str) -> String {
    line(turn, said, false)
}

/// [`turn_line`], saying `plays` rather than `throws` for a roll played
/// from a bank (`from_bank`): its sticks fell when it was banked.
fn line(turn: &Turn, said: &str, from_bank: bool) -> String {
    let throw = turn.throw();
    let verb = if from_bank { "plays" } else { "throws" };
    let fell = match throw.sticks() {
        Some(sticks) => {
            let shown: String = sticks.iter().map(|&l| if l { '|' } else { '-' }).collect();
            format!("{verb} {shown} = {}", throw.roll())
        }
        None if from_bank => format!("plays {}", throw.roll()),
        None => format!("rolls {}", throw.roll()),
    };
    let head = format!("{}. {} {fell}", turn.number(), turn.side());
    let line = format!("{head:<22}  {:<11}  {said}", turn.text().to_string());
    line.trim_end().to_owned()
}

/// A throw in words: what the move did when the notation does not say it
/// all (its [`Effect`] in [`words::effect`], when the caller has it), how many are off after
/// bearing one off, an extra throw or the end of the game; and whether
/// it hit, bore off or freed a piece, which makes the board worth
/// drawing. `after` is the position after the turn.
///
/// ```
/// use senet_view::commentary::said;
/// use senet::game::{Game, Thrown};
/// use senet::{Seed, rulesets::Kendall};
///
/// let mut game = Game::seeded(Kendall, Seed::from_u64(3));
/// loop {
///     let Thrown::ToPlay(_) = game.throw()? else { continue };
///     let before = *game.position();
///     let mv = game.legal_moves()[0];
///     let effect = before.effect(mv)?;
///     let turn = game.play(mv)?;
///     let words = said(&turn, Some(&effect), game.position());
///     assert_eq!(words.notable, effect.hit.is_some() || effect.rest == senet::effect::Rest::Off
///         || effect.released.is_some());
///     break;
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn said<R: Ruleset>(turn: &Turn, effect: Option<&Effect>, after: &Position<R>) -> Said {
    let side = turn.side();
    let mut parts = Vec::new();
    let mut notable = false;
    match (turn.played(), effect) {
        (None, _) if turn.text().is_banked() => {
            let bank = after.bank();
            let rolls: Vec<String> = bank.rolls().map(|roll| roll.to_string()).collect();
            parts.push(match turn.throws_again() {
                true => format!("banked ({} so far).", rolls.join(", ")),
                false => format!("banked: {side} now plays {}.", rolls.join(", ")),
            });
        }
        (None, _) => {
            parts.push("no move: the throw is lost.".to_owned());
            if let Some(begin) = after.ruleset().begins_with(side)
                && !after.has_begun(side)
            {
                parts.push(format!(
                    "{side} has not begun: it moves once it throws a {begin}."
                ));
            }
        }
        (Some(_), Some(effect)) => {
            let off = effect.rest == Rest::Off;
            notable = effect.hit.is_some() || off || effect.released.is_some();
            if !effect.is_plain() {
                parts.push(words::effect(effect));
            }
            if off {
                parts.push(format!("{side} has {} off.", after.board().off(side)));
            }
        }
        (Some(_), None) => {}
    }
    match after.outcome() {
        Some(outcome) => parts.push(format!("game over: {outcome}.")),
        // The sticks stay with the side although its throw earned no
        // other: the opponent's turn was lost.
        None if turn.throws_again()
            && !after.ruleset().banks_throws()
            && !after.ruleset().throws_again(turn.roll(), turn.played()) =>
        {
            let opponent = side.opponent();
            parts.push(format!("{opponent} loses this turn: {side} throws again."));
        }
        None if turn.throws_again() => parts.push(format!("{side} throws again.")),
        None => {}
    }
    Said {
        text: parts.join(" "),
        notable,
    }
}
