//! One game, turn by turn: the bot's turns told, the player's asked for.

use std::io::{BufRead, Write};
use std::sync::Arc;

use super::answer::{Answer, Line, read_line};
use super::words::{Names, board, capital, describe, help, hint, list_moves, throws_again};
use super::{Ended, Options, Stop};
use senet::game::{Finish, GameView, Stop as SeatStop};
use senet::rulesets::CheckedRuleset;
use senet::{Game, Move, Outcome, Ruleset};
use senet_bot::{Bot, Decision, Event, Seats};
use senet_odds::Table;

/// One game between a player, who answers on an input, and a bot: the
/// whole conversation, from the first board to the record and the seed.
///
/// It holds the game's choices, not the game: each [`play`](Session::play)
/// plays a new game from the same seed.
///
/// ```
/// use std::io::Cursor;
/// use senet_bot::Level;
/// use senet::rulesets::Kendall;
/// use senet_cli::terminal::{Options, Session};
/// use senet::Seed;
/// use senet::game::Finish;
///
/// let options = Options::new(Level::new(1).unwrap(), Seed::from_u64(7));
/// // Every house in turn: each answer that is no move is explained and
/// // the next is read, so a whole game is played to its end.
/// let answers = (1..=30).map(|house| format!("{house}\n")).collect::<String>().repeat(500);
/// let mut output = Vec::new();
/// let ended = Session::new(Kendall, options).play(&mut Cursor::new(answers), &mut output)?;
/// assert!(matches!(ended.finish, Some(Finish::BorneOff { .. })));
/// let text = String::from_utf8(output).unwrap();
/// assert!(text.ends_with(&format!("seed: {}\n", Seed::from_u64(7))));
/// # Ok::<(), senet_cli::terminal::Stop>(())
/// ```
#[derive(Clone, Debug)]
pub struct Session<R: Ruleset> {
    ruleset: R,
    options: Options,
    table: Option<Arc<Table<R>>>,
}

impl<R: CheckedRuleset> Session<R> {
    /// A game under `ruleset` with `options`.
    ///
    /// ```
    /// use std::io::Cursor;
    /// use senet_bot::Level;
    /// use senet::rulesets::Temple;
    /// use senet_cli::terminal::{Options, Session};
    ///
    /// let options = Options::new(Level::new(1).unwrap(), senet::Seed::from_u64(3));
    /// let session = Session::new(Temple, options);
    /// let mut output = Vec::new();
    /// session.play(&mut Cursor::new("board\nresign\n"), &mut output)?;
    /// assert!(String::from_utf8(output).unwrap().starts_with("Senet, temple rules."));
    /// # Ok::<(), senet_cli::terminal::Stop>(())
    /// ```
    pub fn new(ruleset: R, options: Options) -> Session<R> {
        Session {
            ruleset,
            options,
            table: None,
        }
    }

    /// The same, the bot (level 2 and up) playing the endgames `table`
    /// holds perfectly, and `hint` there giving the exact odds. The table
    /// is passed in, not read here: where it comes from is the caller's
    /// business (a file, a cache, [`Table::solve`]).
    ///
    /// ```
    /// use std::io::Cursor;
    /// use std::sync::Arc;
    /// use senet_bot::Level;
    /// use senet_odds::Table;
    /// use senet::rulesets::Kendall;
    /// use senet_cli::terminal::{Options, Session};
    ///
    /// let table = Arc::new(Table::solve(Kendall, 1)?);
    /// let options = Options::new(Level::new(2).unwrap(), senet::Seed::from_u64(7));
    /// let session = Session::new(Kendall, options).with_table(table);
    /// let ended = session.play(&mut Cursor::new("resign\n"), &mut Vec::new())?;
    /// assert!(ended.finish.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_table(self, table: Arc<Table<R>>) -> Session<R> {
        Session {
            table: Some(table),
            ..self
        }
    }

    /// Plays the game: writes the board, the throws and the moves to
    /// `out`, reads the player's answers from `input` until the game
    /// ends, then writes the final board, the result, the record and the
    /// seed. The end of input resigns.
    ///
    /// # Errors
    ///
    /// [`Stop::Output`] when writing to `out` fails, [`Stop::Input`] when
    /// reading `input` does; the game is abandoned.
    ///
    /// ```
    /// use std::io::Cursor;
    /// use senet_bot::Level;
    /// use senet::rulesets::Kendall;
    /// use senet_cli::terminal::{Options, Session};
    ///
    /// let options = Options::new(Level::new(1).unwrap(), senet::Seed::from_u64(5));
    /// let session = Session::new(Kendall, options);
    /// let (mut first, mut second) = (Vec::new(), Vec::new());
    /// let ended = session.play(&mut Cursor::new("10\nhint\nresign\n"), &mut first)?;
    /// session.play(&mut Cursor::new("10\nhint\nresign\n"), &mut second)?;
    /// assert_eq!(first, second); // each play is a new game from the same seed
    /// assert!(ended.record.parse::<senet::Record>().unwrap().verify().is_ok());
    /// # Ok::<(), senet_cli::terminal::Stop>(())
    /// ```
    pub fn play<I: BufRead, O: Write>(&self, input: &mut I, out: &mut O) -> Result<Ended, Stop> {
        let Session {
            ruleset, options, ..
        } = self;
        let ruleset = *ruleset;
        let human = options.human;
        let mut game = Game::seeded(ruleset, options.seed);
        let mut bot = Bot::new(ruleset, options.level);
        if let Some(table) = &self.table {
            bot = bot.with_table(Arc::clone(table));
        }
        let names = Names::new(ruleset, human, options.level);
        sayln!(out, "Senet, {} rules. {}", ruleset.name(), names.intro);
        sayln!(
            out,
            "Type the start house of a move (or the move, like 10-12), or help."
        );
        sayln!(out);
        // The opponent plays from its seat; `bot` stays here for hints.
        let mut seats = Seats::new();
        seats.seat(human.opponent(), bot.clone());
        'game: loop {
            let events = match seats.advance(&mut game) {
                Ok(events) => events,
                Err(e) => {
                    sayln!(out, "the game cannot go on: {e}");
                    break;
                }
            };
            for (i, event) in events.iter().enumerate() {
                // A throw that ends the game gives no throw again.
                let ends = matches!(events.get(i + 1), Some(Event::Stop(SeatStop::Over(_))));
                match event {
                    Event::Lost(turn) => {
                        let who = names.of(turn.side());
                        say!(
                            out,
                            "{} threw {}: no legal move, the throw is lost.",
                            capital(who),
                            turn.throw()
                        );
                        if turn.throws_again() && !ends {
                            say!(out, " {}", throws_again(who));
                        }
                        sayln!(out);
                    }
                    Event::Played { turn, effect, .. } => {
                        let who = names.of(turn.side());
                        say!(
                            out,
                            "{} threw {} and plays {}.",
                            capital(who),
                            turn.throw(),
                            turn.text()
                        );
                        describe(out, effect).map_err(Stop::Output)?;
                        if turn.throws_again() && !ends {
                            say!(out, " {}", throws_again(who));
                        }
                        sayln!(out);
                    }
                    Event::Stop(SeatStop::Over(_)) => break 'game,
                    Event::Stop(SeatStop::Decide { throw, .. }) => {
                        let view = game.view();
                        sayln!(out, "{}", senet_view::diagram::game(&view));
                        let decision = match Decision::from_view(&view) {
                            Ok(decision) => decision,
                            Err(e) => {
                                sayln!(out, "the game cannot go on: {e}");
                                break 'game;
                            }
                        };
                        sayln!(out, "You threw {throw}.");
                        let Some(mv) = ask(&view, &decision, &mut bot, input, out)? else {
                            // Resigned, or input closed. The game is over either way.
                            let _ = game.resign(human);
                            sayln!(out, "You resign.");
                            break 'game;
                        };
                        let (turn, effect) = match game.play_with_effect(mv) {
                            Ok(played) => played,
                            Err(e) => {
                                sayln!(out, "the game cannot go on: {e}");
                                break 'game;
                            }
                        };
                        say!(out, "You play {}.", turn.text());
                        describe(out, &effect).map_err(Stop::Output)?;
                        if turn.throws_again() && !game.is_over() {
                            say!(out, " {}", throws_again(names.of(human)));
                        }
                        sayln!(out);
                    }
                    _ => {}
                }
            }
        }
        sayln!(out);
        // The game's diagram: who won and how, never whose throw it is.
        sayln!(out, "{}", senet_view::diagram::game(&game.view()));
        let finish = game.finish();
        let result = match finish {
            Some(Finish::Resignation { winner }) => {
                format!("{} wins by resignation.", capital(names.of(winner)))
            }
            Some(f) => match f.outcome() {
                Outcome::Win(winner) if winner == human => "You win!".to_owned(),
                Outcome::Win(winner) => format!("{} wins.", capital(names.of(winner))),
                Outcome::Draw => "A draw.".to_owned(),
            },
            None => "The game was stopped.".to_owned(),
        };
        sayln!(out, "{result}");
        let mut record = game.record();
        for (side, name) in [(human, "you"), (human.opponent(), names.bot.as_str())] {
            record.set_name(side, Some(name)).ok();
        }
        // Who or what played each side, for tools that read records.
        let level = format!("level {}", options.level.number());
        for (side, agent) in [(human, "person"), (human.opponent(), level.as_str())] {
            record.set_agent(side, Some(agent)).ok();
        }
        let record = record.to_string();
        sayln!(out);
        sayln!(out, "The record (check it with `senet replay FILE`):");
        say!(out, "{record}");
        match &options.seed_label {
            Some(label) => sayln!(out, "seed: {label}"),
            None => sayln!(out, "seed: {}", options.seed),
        }
        Ok(Ended { finish, record })
    }
}

/// Asks the player for a move until the answer is one; `None` to resign
/// (or at the end of input).
fn ask<R: Ruleset, I: BufRead, O: Write>(
    view: &GameView<'_, R>,
    decision: &Decision<'_, R>,
    bot: &mut Bot<R>,
    input: &mut I,
    out: &mut O,
) -> Result<Option<Move>, Stop> {
    list_moves(decision, out).map_err(Stop::Output)?;
    loop {
        say!(out, "your move> ");
        out.flush().map_err(Stop::Output)?;
        let answer = match read_line(input).map_err(Stop::Input)? {
            Line::End => {
                sayln!(out);
                sayln!(out, "(end of input)");
                return Ok(None);
            }
            Line::Bad(why) => {
                sayln!(out, "{why}");
                continue;
            }
            Line::Text(line) => match Answer::parse(decision, &line) {
                Ok(answer) => answer,
                Err(why) => {
                    sayln!(out, "{why}");
                    continue;
                }
            },
        };
        match answer {
            Answer::Play(mv) => return Ok(Some(mv)),
            Answer::Resign => return Ok(None),
            Answer::Help => sayln!(out, "{}", help(decision.ruleset().dice())),
            // The game's diagram: the board, the throw and its moves.
            Answer::Board => sayln!(out, "{}", board(view, decision)),
            Answer::Hint => hint(decision, bot, out).map_err(Stop::Output)?,
        }
    }
}
