//! The server's turn driver over the core's `Game`: throws, plays the
//! bots' moves and lost throws, and stops where a person must decide or
//! the game is over.
//!
//! This stands in for the core's `Game::advance` and the bot crate's
//! `Seats` until those land; it is the only place that steps a game.

use senet::game::{Thrown, Turn};
use senet::{AnyRuleset, Game, GameError};
use senet_bot::{Agent, Bot, Decision, DecisionError, Level};

/// Why the driver stopped short.
#[derive(Debug)]
pub enum DriveError {
    /// The game refused a call.
    Game(GameError),
    /// A bot could not be given the decision.
    Decision(DecisionError),
}

impl std::fmt::Display for DriveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DriveError::Game(error) => write!(f, "{error}"),
            DriveError::Decision(error) => write!(f, "a bot could not decide: {error}"),
        }
    }
}

/// Plays on from where `game` is: throws for whoever must throw, plays
/// lost throws and the bots' moves (`levels[side]` is `Some` for a bot's
/// seat), until a throw with legal moves waits for a person, or the game
/// is over. Returns the turns played, in order. Nothing is played when a
/// throw already waits for a person.
///
/// # Errors
///
/// [`DriveError`] when the game or a bot refuses; the turns played before
/// that are in `game` then, so the caller must not store it.
pub fn advance(
    game: &mut Game<AnyRuleset>,
    levels: [Option<Level>; 2],
) -> Result<Vec<Turn>, DriveError> {
    let mut turns = Vec::new();
    let mut bots: [Option<Bot<AnyRuleset>>; 2] = [None, None];
    while !game.is_over() {
        let side = game.position().side_to_throw();
        if game.current_throw().is_none() {
            if let Thrown::Lost(turn) = game.throw().map_err(DriveError::Game)? {
                turns.push(turn);
            }
            continue;
        }
        let Some(level) = levels[side.index()] else {
            break; // a person decides
        };
        let bot = bots[side.index()].get_or_insert_with(|| Bot::new(game.ruleset(), level));
        let view = game.view();
        let decision = Decision::from_view(&view).map_err(DriveError::Decision)?;
        let mv = bot.choose(&decision);
        turns.push(game.play(mv).map_err(DriveError::Game)?);
    }
    Ok(turns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet::{Seed, Side};

    #[test]
    fn two_bots_play_a_game_to_its_end_in_one_advance() {
        let level = Level::new(1).unwrap();
        let mut game = Game::seeded(AnyRuleset::Kendall, Seed::from_u64(5));
        let turns = advance(&mut game, [Some(level), Some(level)]).unwrap();
        assert!(game.is_over());
        assert_eq!(turns.len(), game.history().len());
    }

    #[test]
    fn a_person_seat_stops_the_driver_at_a_throw_with_moves() {
        let level = Level::new(1).unwrap();
        for seed in 0..20 {
            let mut game = Game::seeded(AnyRuleset::Bell, Seed::from_u64(seed));
            advance(&mut game, [None, Some(level)]).unwrap();
            assert_eq!(game.to_play(), Some(Side::X));
            assert!(!game.legal_moves().is_empty());
            // A second call plays nothing: the person has not decided.
            assert!(advance(&mut game, [None, Some(level)]).unwrap().is_empty());
        }
    }
}
