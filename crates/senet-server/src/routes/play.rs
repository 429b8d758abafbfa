//! The routes that play a game: throw, move, hint, resign; each checks
//! the seat's token and the game's state before anything changes, and
//! stores what changed before it answers.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};

use senet::Side;
use senet_bot::{Bot, Seats};

use crate::error::ApiError;
use crate::extract::{JsonBody, PathText, seat};
use crate::hints::{self, HintView};
use crate::hosted::{GameView, Hosted, TurnView, side_text, stored_turn};
use crate::state::{AppState, locked, ready_table};
use crate::store::Change;

fn check_not_over(hosted: &Hosted) -> Result<(), ApiError> {
    match hosted.game.finish() {
        Some(finish) => Err(ApiError::conflict(format!("the game is over: {finish}"))),
        None => Ok(()),
    }
}

/// Checks that the game has not reached the server's limit of turns,
/// before a throw or a move (the bots' replies to one request may pass it
/// by a few).
fn check_turns(state: &AppState, hosted: &Hosted) -> Result<(), ApiError> {
    let limit = state.max_turns();
    if hosted.game.history().len() >= limit {
        return Err(ApiError::conflict(format!(
            "the game reached this server's limit of {limit} turns: a seat may resign"
        )));
    }
    Ok(())
}

/// Checks that a throw waits for `side`'s move.
fn check_decides(hosted: &Hosted, side: Side) -> Result<(), ApiError> {
    check_not_over(hosted)?;
    let to_play = hosted.side_to_throw();
    if hosted.game.current_throw().is_none() {
        return Err(ApiError::conflict(format!(
            "no throw waits: {} must throw first (POST /api/games/{}/throw)",
            side_text(to_play),
            hosted.stored.id
        )));
    }
    if to_play != side {
        return Err(ApiError::conflict(format!(
            "it is {}'s move, not {}'s",
            side_text(to_play),
            side_text(side)
        )));
    }
    Ok(())
}

/// A game after a request that changed it: the game and the turns the
/// request played (the caller's move, lost throws, the bots' moves).
#[derive(Debug, Serialize)]
pub(crate) struct Played {
    game: GameView,
    turns: Vec<TurnView>,
}

/// Plays on with the bots and stores the request's turns, in one
/// transaction.
fn advance_and_store(
    state: &AppState,
    mut hosted: Hosted,
    mut turns: Vec<senet::game::Turn>,
    resigned: Option<Side>,
) -> Result<Played, ApiError> {
    if !hosted.game.is_over() {
        let mut seats = Seats::new();
        for side in [Side::X, Side::O] {
            if let Some(level) = hosted.levels()[side.index()] {
                seats.seat(side, Bot::new(hosted.ruleset, level));
            }
        }
        let events = seats
            .advance(&mut hosted.game)
            .map_err(|e| ApiError::internal(format!("{e}; nothing was changed")))?;
        turns.extend(events.iter().filter_map(|event| event.turn().copied()));
    }
    let change = Change {
        turns: turns.iter().map(stored_turn).collect(),
        waiting: hosted.game.current_throw().map(|t| t.to_string()),
        resigned: resigned.map(|side| side_text(side).to_owned()),
        record: hosted.game.record().to_string(),
        over: hosted.game.is_over(),
    };
    // Zero but in tests that leave in the middle of a change.
    std::thread::sleep(state.work_delay);
    state.store.apply(&hosted.stored.id, &change)?;
    state.committed(&hosted);
    Ok(Played {
        turns: hosted.turn_views(&turns),
        game: hosted.view(),
    })
}

pub(crate) async fn throw(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
    headers: HeaderMap,
) -> Result<Json<Played>, ApiError> {
    locked(&state, id, move |state, id| {
        let hosted = state.hosted(id)?;
        let side = seat(&hosted, &headers)?;
        check_not_over(&hosted)?;
        check_turns(state, &hosted)?;
        let to_play = hosted.side_to_throw();
        if let Some(waiting) = hosted.game.current_throw() {
            return Err(ApiError::conflict(format!(
                "a throw of {} already waits for {}'s move",
                waiting.roll(),
                side_text(to_play)
            )));
        }
        if to_play != side && hosted.levels()[to_play.index()].is_none() {
            return Err(ApiError::conflict(format!(
                "it is {}'s turn to throw, not {}'s",
                side_text(to_play),
                side_text(side)
            )));
        }
        advance_and_store(state, hosted, Vec::new(), None)
    })
    .await
    .map(Json)
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveRequest {
    #[serde(rename = "move")]
    text: String,
}

pub(crate) async fn play(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
    headers: HeaderMap,
    JsonBody(request): JsonBody<MoveRequest>,
) -> Result<Json<Played>, ApiError> {
    locked(&state, id, move |state, id| {
        let mut hosted = state.hosted(id)?;
        let side = seat(&hosted, &headers)?;
        check_decides(&hosted, side)?;
        check_turns(state, &hosted)?;
        let turn = hosted
            .game
            .play_typed(&request.text)
            .map_err(|e| ApiError::unprocessable(format!("{e}")))?;
        advance_and_store(state, hosted, vec![turn], None)
    })
    .await
    .map(Json)
}

/// `GET /api/games/{id}/hint`: the seat and the game are checked, the
/// ruleset's table made ready with no lock held, then the hint made
/// under the game's lock (checked again: the game may have moved on).
pub(crate) async fn hint(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
    headers: HeaderMap,
) -> Result<Json<HintView>, ApiError> {
    let first = headers.clone();
    let ruleset = locked(&state, id.clone(), move |state, id| {
        let hosted = state.hosted(id)?;
        check_decides(&hosted, seat(&hosted, &first)?)?;
        Ok(hosted.ruleset)
    })
    .await?;
    ready_table(&state, ruleset).await?;
    locked(&state, id, move |state, id| {
        let hosted = state.hosted(id)?;
        let side = seat(&hosted, &headers)?;
        check_decides(&hosted, side)?;
        hints::hint(&hosted.game, &state.odds, hosted.stored.commitment.clone())
    })
    .await
    .map(Json)
}

pub(crate) async fn resign(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
    headers: HeaderMap,
) -> Result<Json<Played>, ApiError> {
    locked(&state, id, move |state, id| {
        let mut hosted = state.hosted(id)?;
        let side = seat(&hosted, &headers)?;
        check_not_over(&hosted)?;
        hosted
            .game
            .resign(side)
            .map_err(|e| ApiError::conflict(format!("{e}")))?;
        advance_and_store(state, hosted, Vec::new(), Some(side))
    })
    .await
    .map(Json)
}
