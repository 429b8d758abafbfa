//! The review of a finished game: every decision judged by
//! `senet_bot::review` (the strongest level's search, exact where the endgame table
//! holds the position), as the JSON of `senet review --json`.

use senet::Ruleset;
use senet_bot::review::review;

use crate::error::ApiError;
use crate::hosted::Hosted;
use crate::odds::{Odds, Ready};

/// The review of `hosted`, a finished game, as JSON: exact where the
/// table of `odds` (if the server has tables) holds the position after
/// every legal move.
///
/// # Errors
///
/// 409 when the game is not over; 503 while the ruleset's table is being
/// solved (a review is made once and kept, so it waits for the exact
/// chances, but no request does); 500 when its record does not review
/// (which a stored game's record always does).
pub fn review_json(hosted: &Hosted, odds: &Odds) -> Result<String, ApiError> {
    check_over(hosted)?;
    let table = match odds.ready(hosted.ruleset) {
        Ready::Table(table) => Some(table),
        Ready::Without => None,
        Ready::Solving => {
            return Err(ApiError::new(
                axum::http::StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the endgame table of {} is being solved: ask for the review again in a few seconds",
                    hosted.ruleset.name()
                ),
            ));
        }
    };
    let review = review(&hosted.record(), hosted.ruleset, table.as_deref()).map_err(|e| {
        ApiError::internal(format!(
            "game {} could not be reviewed: {e}",
            hosted.stored.id
        ))
    })?;
    serde_json::to_string(&review)
        .map_err(|e| ApiError::internal(format!("the review could not be written: {e}")))
}

/// Checks that `hosted` is over, as a review needs.
///
/// # Errors
///
/// 409 when the game is not over.
pub fn check_over(hosted: &Hosted) -> Result<(), ApiError> {
    if hosted.game.is_over() {
        Ok(())
    } else {
        Err(ApiError::conflict(
            "the game is not over: only a finished game is reviewed (play it to the end or resign)",
        ))
    }
}
