//! Hints: every legal move of the waiting throw, ranked, each with the
//! mover's chance. Exact from an endgame table where the table holds the
//! position, otherwise the level-3 bot's estimate (also while the table
//! is being solved: a hint never waits); the answer says which.

use senet::Game;
use senet::Rules;
use senet::source::ThrowSource;
use senet_bot::{Bot, Decision, Level};
use serde::Serialize;

use crate::error::ApiError;
use crate::odds::{Odds, Ready};

/// The level whose search values the moves outside the tables: two
/// throws deep, quick enough for a request.
pub const HINT_LEVEL: u8 = 3;

/// A hint as the API shows it.
#[derive(Clone, Debug, Serialize)]
pub struct HintView {
    /// `endgame table` (exact) or `senet-bot level 3` (an estimate).
    pub source: String,
    /// Whether the chances are exact.
    pub exact: bool,
    /// The side the chances are for: the side to play.
    pub side: &'static str,
    /// Every legal move, best first.
    pub moves: Vec<RankedMove>,
    /// The game's commitment to its seed, as every answer about a game
    /// carries it.
    pub commitment: String,
    /// Where the ruleset's endgame table is: `ready`, `solving` (this
    /// hint is the estimate; ask again for exact chances once it is
    /// ready) or `none` (no table: the server has none, or its solve
    /// failed).
    pub table: &'static str,
}

/// One move of a hint.
#[derive(Clone, Debug, Serialize)]
pub struct RankedMove {
    /// Its notation.
    #[serde(rename = "move")]
    pub text: String,
    /// The mover's chance of winning after it, plus half its chance of a
    /// draw, 0 to 1.
    pub chance: f64,
}

/// The hint for the throw waiting in `game`, whose commitment is
/// `commitment`.
///
/// # Errors
///
/// 409 when no throw waits (the game is over, or nobody has thrown).
pub fn hint<S: ThrowSource>(
    game: &Game<Rules, S>,
    odds: &Odds,
    commitment: String,
) -> Result<HintView, ApiError> {
    let view = game.view();
    let decision =
        Decision::from_view(&view).map_err(|e| ApiError::conflict(format!("no hint: {e}")))?;
    let level = Level::new(HINT_LEVEL).map_err(|e| ApiError::internal(e.to_string()))?;
    let mut bot = Bot::new(game.ruleset(), level);
    let table = match odds.ready(game.ruleset()) {
        Ready::Table(table) => {
            bot = bot.with_table(table);
            "ready"
        }
        Ready::Solving => "solving",
        Ready::Without => "none",
    };
    let thought = bot.think(&decision);
    let position = game.position();
    Ok(HintView {
        source: if thought.exact {
            format!(
                "endgame table (up to {} pieces a side on the track)",
                odds.bound()
            )
        } else {
            format!("senet-bot level {HINT_LEVEL}")
        },
        exact: thought.exact,
        side: crate::hosted::side_text(position.side_to_throw()),
        moves: thought
            .ranked
            .iter()
            .map(|scored| RankedMove {
                text: position.notation(scored.mv).to_string(),
                chance: scored.equity,
            })
            .collect(),
        commitment,
        table,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet::game::Thrown;
    use senet::{Position, Roll, Seed};

    #[test]
    fn a_table_position_gets_an_exact_hint_and_the_start_an_estimate() {
        let odds = crate::odds::Odds::new(1);
        let kendall = senet::Rules::from(senet::AnyRuleset::Kendall);
        let start = Position::start(kendall);
        let mut game = Game::seeded(start, Seed::from_u64(3));
        while !matches!(game.throw().unwrap(), Thrown::ToPlay(_)) {}
        let start_hint = hint(&game, &odds, String::new()).unwrap();
        assert!(!start_hint.exact);
        assert!(
            ["solving", "ready"].contains(&start_hint.table),
            "{start_hint:?}"
        );
        assert_eq!(start_hint.source, "senet-bot level 3");
        assert_eq!(start_hint.moves.len(), game.legal_moves().len());
        assert!(
            start_hint
                .moves
                .windows(2)
                .all(|w| w[0].chance >= w[1].chance)
        );

        // One piece each: the table of bound 1 holds it.
        let endgame = Position::parse(kendall, "........................x....o x 4 4").unwrap();
        let script = senet::source::ScriptedThrows::from_rolls([Roll::new(2).unwrap()]);
        let mut late = Game::new(endgame, script);
        late.throw().unwrap();
        // The first hint started the table's solve without waiting for it:
        // the estimate until the solve ends, then the exact chances.
        assert!(odds.table(kendall).is_some(), "the solve ends");
        let exact = hint(&late, &odds, String::new()).unwrap();
        assert_eq!(exact.table, "ready");
        assert!(exact.exact, "{exact:?}");
        assert!(exact.source.starts_with("endgame table"));
    }
}
