//! The terminal's words: who is who, what a move did, the help, the
//! list of moves and the hint.

use std::io::{self, Write};

use senet::effect::Effect;
use senet::game::GameView;
use senet::notation::quote::excerpt_to;
use senet::{Dice, Move, Ruleset, Side};
use senet_bot::{Bot, Decision, Level};

/// The longest quotation of an answer in a message, in bytes once escaped.
const QUOTE: usize = 40;

/// What the sides are called.
pub(super) struct Names {
    you_side: Side,
    /// The bot, as a sentence names it (`the bot (level 2)`).
    pub(super) bot: String,
    /// The first line's second half: who plays what, who throws first.
    pub(super) intro: String,
}

impl Names {
    pub(super) fn new<R: Ruleset>(ruleset: R, human: Side, level: Level) -> Names {
        let bot_side = human.opponent();
        // A reconstruction that gives a side to the house (Temple's
        // guardian) names the bot after it, whichever pieces it moves.
        let bot = match ruleset.house_side() {
            Some(house) => format!("the {}", ruleset.side_name(house)),
            None => format!("the bot (level {level})"),
        };
        // Beside a side: its pieces' colour, or its name when it has one.
        let colour = |side: Side| {
            let name = ruleset.side_name(side);
            match ruleset.colour(side) {
                Some(colour) => format!(" ({colour})"),
                None if name == "x" || name == "o" => String::new(),
                None => format!(" ({name})"),
            }
        };
        let intro = format!(
            "You play {human}{}, {bot} plays {bot_side}{}. {} first.",
            colour(human),
            colour(bot_side),
            if human == Side::X {
                "You throw".to_owned()
            } else {
                format!("{} throws", capital(&bot))
            }
        );
        Names {
            you_side: human,
            bot,
            intro,
        }
    }

    /// `you` or the bot's name.
    pub(super) fn of(&self, side: Side) -> &str {
        if side == self.you_side {
            "you"
        } else {
            &self.bot
        }
    }
}

/// `You throw again.` or `The bot (level 2) throws again.`
pub(super) fn throws_again(who: &str) -> String {
    if who == "you" {
        "You throw again.".to_owned()
    } else {
        format!("{} throws again.", capital(who))
    }
}

/// `name` with its first letter in capitals, to open a sentence.
pub(super) fn capital(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The start of an answer as a message may quote it: every character
/// escaped as `{:?}` escapes it (so no control character reaches the
/// terminal), cut (marked `…`) past [`QUOTE`] bytes of escapes.
pub(super) fn excerpt(text: &str) -> String {
    excerpt_to(text, QUOTE + '…'.len_utf8())
        .chars()
        .flat_map(char::escape_debug)
        .collect()
}

/// Says what a move did when its notation does not say it all (see
/// [`Effect::is_plain`]): the piece it hit and where that went, the
/// water and where the piece came out, a fall, a return, a mark, a piece
/// let out of the water.
pub(super) fn describe<O: Write>(out: &mut O, effect: &Effect) -> io::Result<()> {
    if !effect.is_plain() {
        write!(out, " {}", senet_view::words::effect(effect))?;
    }
    Ok(())
}

/// The answer to `help`: the answers, then the throw of `dice` as the
/// implement itself explains it ([`senet_view::words::dice`]), then the houses.
pub(super) fn help(dice: Dice) -> String {
    let throw = wrap(
        &format!("The throw: {}.", senet_view::words::dice(dice)),
        WIDTH,
    );
    format!(
        "\
Answer with the start house of a move (`10` plays the piece on 10), as
the list of moves shows it, or with the move: its houses (`10-12`,
`26-off`) or its notation (`2: 10-12`).
  hint    the bot's view of your moves, best first
  board   draw the board again
  resign  give up the game
  help    this text
{throw}
Houses are numbered 1 to 30 along the S of the board; off means borne
off."
    )
}

/// The width the help's paragraphs are wrapped to.
const WIDTH: usize = 72;

/// `text` with its words wrapped into lines of at most `width`
/// characters (a longer word stands on a line of its own).
fn wrap(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines.join("\n")
}

/// The legal moves, one a line, each with what to type to play it
/// ([`to_type`]): `  type 10 for 4: 10-14+`.
pub(super) fn list_moves<R: Ruleset, O: Write>(
    decision: &Decision<'_, R>,
    out: &mut O,
) -> io::Result<()> {
    for line in move_lines(decision) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The lines of [`list_moves`], in the order of the legal moves.
fn move_lines<R: Ruleset>(decision: &Decision<'_, R>) -> Vec<String> {
    let position = decision.position();
    let typed: Vec<String> = decision
        .moves()
        .iter()
        .map(|&mv| to_type(decision, mv))
        .collect();
    let width = typed.iter().map(String::len).max().unwrap_or(0);
    decision
        .moves()
        .iter()
        .zip(&typed)
        .map(|(&mv, typed)| format!("  type {typed:<width$} for {}", position.notation(mv)))
        .collect()
}

/// The answer to `board`: the game's diagram (the board, the throw and
/// its moves), its moves listed as [`list_moves`] lists them, with what
/// to type beside their notation.
pub(super) fn board<R: Ruleset>(view: &GameView<'_, R>, decision: &Decision<'_, R>) -> String {
    let position = decision.position();
    let listed = move_lines(decision);
    // The diagram lists each move in its notation; each such line
    // becomes the listed line of the same move.
    let ours: Vec<(String, &String)> = view
        .legal_moves()
        .iter()
        .filter_map(|&mv| {
            let at = decision.moves().iter().position(|&m| m == mv)?;
            Some((format!("  {}", position.notation(mv)), &listed[at]))
        })
        .collect();
    let mut lines = Vec::new();
    for line in senet_view::diagram::game(view).lines() {
        match ours.iter().find(|(written, _)| line == written) {
            Some((_, typed)) => lines.push((*typed).clone()),
            None => lines.push(line.to_owned()),
        }
    }
    lines.join("\n")
}

/// The answer to `hint`: the bot's ranking of the player's moves, exact
/// when its endgame table holds the position, each with what to type.
pub(super) fn hint<R: Ruleset, O: Write>(
    decision: &Decision<'_, R>,
    bot: &mut Bot<R>,
    out: &mut O,
) -> io::Result<()> {
    let position = decision.position();
    let thought = bot.think(decision);
    if thought.exact {
        writeln!(out, "Exact, from the endgame table, your moves ranked:")?;
    } else {
        writeln!(
            out,
            "The bot looks {} throws ahead and ranks your moves:",
            thought.depth
        )?;
    }
    let typed: Vec<String> = thought
        .ranked
        .iter()
        .map(|scored| to_type(decision, scored.mv))
        .collect();
    let width = typed.iter().map(String::len).max().unwrap_or(0);
    for (scored, typed) in thought.ranked.iter().zip(&typed) {
        let notation = position.notation(scored.mv).to_string();
        if thought.exact {
            writeln!(
                out,
                "  type {typed:<width$} for {notation:<12} your share {:.9} (exact)",
                scored.equity
            )?;
        } else {
            writeln!(
                out,
                "  type {typed:<width$} for {notation:<12} your chances {:.1}%",
                scored.equity * 100.0
            )?;
        }
    }
    Ok(())
}

/// The shortest text that plays `mv` among the legal moves of
/// `decision`, as the list of moves shows it: the start house when no
/// other legal move starts there (`10`), else the houses (`25-off`), else
/// the notation. Each is checked against the reader, so what the list
/// says to type plays what it says.
pub(super) fn to_type<R: Ruleset>(decision: &Decision<'_, R>, mv: Move) -> String {
    let position = decision.position();
    let notation = position.notation(mv).to_string();
    let from = mv.from().to_string();
    let houses = format!("{}-{}", mv.from(), mv.to());
    [from, houses]
        .into_iter()
        .find(|typed| position.read_typed_move(decision.roll(), typed) == Ok(mv))
        .unwrap_or(notation)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_escape_and_cut() {
        assert_eq!(excerpt("foo"), "foo");
        assert_eq!(excerpt("a\nb"), "a\\nb");
        assert_eq!(excerpt("\u{202e}"), "\\u{202e}");
        let long = excerpt(&"x".repeat(100));
        assert_eq!(long, format!("{}…", "x".repeat(40)));
    }

    #[test]
    fn the_help_explains_the_rulesets_own_throw() {
        let bell = help(Dice::LONG_DIE);
        assert!(bell.contains("long die"), "{bell}");
        for word in ["stick", "light", "dark"] {
            assert!(!bell.contains(word), "{bell}");
        }
        let jequier = help(Dice::FOUR_STICKS_SIX);
        assert!(jequier.contains("or 6 when none is"), "{jequier}");
        assert!(!jequier.contains("or 5"), "{jequier}");
        let kendall = help(Dice::FOUR_STICKS);
        assert!(kendall.contains("or 5 when none is"), "{kendall}");
        for text in [bell, jequier, kendall] {
            assert!(
                text.lines().all(|line| line.chars().count() <= WIDTH),
                "{text}"
            );
        }
    }

    #[test]
    fn wrapping_keeps_every_word() {
        assert_eq!(wrap("a bb ccc", 4), "a bb\nccc");
        assert_eq!(wrap("", 4), "");
        assert_eq!(wrap("toolongword a", 4), "toolongword\na");
    }

    #[test]
    fn capitals_open_sentences() {
        assert_eq!(capital("the guardian"), "The guardian");
        assert_eq!(capital(""), "");
    }
}
