//! The routes that play a game: throw, move, hint, resign; each checks
//! the seat's token and the game's state before anything changes, and
//! stores what changed before it answers.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use senet::Side;
use senet_bot::{Bot, Seats};

use crate::error::ApiError;
use crate::extract::{JsonBody, OptionalJsonBody, PathText, seat};
use crate::hints::{self, HintView};
use crate::hosted::{GameView, Hosted, TurnView, side_text, stored_turn};
use crate::secret;
use crate::state::{AppState, locked};
use crate::store::{Change, StoredAnswer};

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
    hosted.check_joined(to_play)?;
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

/// What a request asks of a seat's game, as its answer is kept: the seat,
/// the action, the turn it names (or the game's, for a request that names
/// none), and the move.
struct Asked {
    side: Side,
    action: &'static str,
    turn: Option<usize>,
    text: String,
}

/// A request's game as it opened: fresh work to do, or the answer this
/// very request was given already.
enum Opened {
    Fresh(Box<Hosted>, Asked),
    Answered(String),
}

impl Asked {
    /// Reads game `id`, checks the seat's token in `headers`, and finds
    /// whether this request (its action, turn and move `text`) was
    /// answered already: the prologue of every request that changes a game.
    fn open(
        state: &AppState,
        id: &str,
        headers: &HeaderMap,
        action: &'static str,
        turn: Option<usize>,
        text: String,
    ) -> Result<Opened, ApiError> {
        let hosted = state.hosted(id)?;
        let asked = Asked {
            side: seat(&hosted, headers)?,
            action,
            turn,
            text,
        };
        Ok(match asked.answered(state, &hosted)? {
            Some(json) => Opened::Answered(json),
            None => Opened::Fresh(Box::new(hosted), asked),
        })
    }

    fn sha256(&self, turn: usize) -> String {
        secret::token_sha256(&format!("{}\n{turn}\n{}", self.action, self.text))
    }

    /// The answer kept for this very request, if it was answered already;
    /// otherwise a 409 if it names another turn than the game's. A request
    /// that names no turn acts on the game as it is.
    fn answered(&self, state: &AppState, hosted: &Hosted) -> Result<Option<String>, ApiError> {
        let Some(turn) = self.turn else {
            return Ok(None);
        };
        let id = &hosted.stored.id;
        if let Some(kept) = state.store.answer(id, side_text(self.side), self.action)?
            && usize::try_from(kept.turn).ok() == Some(turn)
            && secret::same(&kept.request_sha256, &self.sha256(turn))
        {
            return Ok(Some(kept.json));
        }
        let now = hosted.turn();
        if turn < now {
            return Err(ApiError::conflict(format!(
                "turn {turn} was played already: the game is at turn {now} (GET /api/games/{id})"
            )));
        }
        if turn > now {
            return Err(ApiError::conflict(format!(
                "turn {turn} is not yet: the game is at turn {now} (GET /api/games/{id})"
            )));
        }
        Ok(None)
    }
}

/// The JSON of an answer, as kept and sent.
fn json_answer(json: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], json).into_response()
}

/// Plays on with the bots and stores the request's turns and its answer,
/// in one transaction; the answer's JSON.
fn advance_and_store(
    state: &AppState,
    mut hosted: Hosted,
    mut turns: Vec<senet::game::Turn>,
    resigned: Option<Side>,
    asked: &Asked,
    turn: usize,
) -> Result<String, ApiError> {
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
    let played = Played {
        turns: hosted.turn_views(&turns),
        game: hosted.view(),
    };
    let json = serde_json::to_string(&played)
        .map_err(|e| ApiError::internal(format!("{e}; nothing was changed")))?;
    let change = Change {
        answer: Some(StoredAnswer {
            side: side_text(asked.side).to_owned(),
            action: asked.action.to_owned(),
            turn: u32::try_from(turn).unwrap_or(u32::MAX),
            request_sha256: asked.sha256(turn),
            json: json.clone(),
        }),
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
    Ok(json)
}

/// The body of a throw or a resignation: the turn it answers, which may
/// be left out (as the body itself) by clients that name none yet.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TurnRequest {
    #[serde(default)]
    turn: Option<usize>,
}

pub(crate) async fn throw(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
    headers: HeaderMap,
    OptionalJsonBody(request): OptionalJsonBody<TurnRequest>,
) -> Result<Response, ApiError> {
    let named = request.unwrap_or_default().turn;
    locked(&state, id, move |state, id| {
        let (hosted, asked) = match Asked::open(state, id, &headers, "throw", named, String::new())?
        {
            Opened::Fresh(hosted, asked) => (*hosted, asked),
            Opened::Answered(json) => return Ok(json),
        };
        let side = asked.side;
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
        hosted.check_joined(to_play)?;
        if to_play != side && hosted.levels()[to_play.index()].is_none() {
            return Err(ApiError::conflict(format!(
                "it is {}'s turn to throw, not {}'s",
                side_text(to_play),
                side_text(side)
            )));
        }
        let turn = hosted.turn();
        advance_and_store(state, hosted, Vec::new(), None, &asked, turn)
    })
    .await
    .map(json_answer)
}

/// The body of a move: its notation, and the turn it answers (which may
/// be left out by clients that name none yet).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MoveRequest {
    #[serde(rename = "move")]
    text: String,
    #[serde(default)]
    turn: Option<usize>,
}

pub(crate) async fn play(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
    headers: HeaderMap,
    JsonBody(request): JsonBody<MoveRequest>,
) -> Result<Response, ApiError> {
    locked(&state, id, move |state, id| {
        let opened = Asked::open(state, id, &headers, "move", request.turn, request.text)?;
        let (mut hosted, asked) = match opened {
            Opened::Fresh(hosted, asked) => (*hosted, asked),
            Opened::Answered(json) => return Ok(json),
        };
        check_decides(&hosted, asked.side)?;
        check_turns(state, &hosted)?;
        let number = hosted.turn();
        let turn = hosted
            .game
            .play_typed(&asked.text)
            .map_err(|e| ApiError::unprocessable(format!("{e}")))?;
        advance_and_store(state, hosted, vec![turn], None, &asked, number)
    })
    .await
    .map(json_answer)
}

/// `GET /api/games/{id}/hint`: the seat and the game checked, the hint
/// made under the game's lock, never waiting for a table being solved
/// (the estimate meanwhile; the answer's `table` says so).
pub(crate) async fn hint(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
    headers: HeaderMap,
) -> Result<Json<HintView>, ApiError> {
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
    OptionalJsonBody(request): OptionalJsonBody<TurnRequest>,
) -> Result<Response, ApiError> {
    let named = request.unwrap_or_default().turn;
    locked(&state, id, move |state, id| {
        let opened = Asked::open(state, id, &headers, "resign", named, String::new())?;
        let (mut hosted, asked) = match opened {
            Opened::Fresh(hosted, asked) => (*hosted, asked),
            Opened::Answered(json) => return Ok(json),
        };
        let side = asked.side;
        check_not_over(&hosted)?;
        let turn = hosted.turn();
        hosted
            .game
            .resign(side)
            .map_err(|e| ApiError::conflict(format!("{e}")))?;
        advance_and_store(state, hosted, Vec::new(), Some(side), &asked, turn)
    })
    .await
    .map(json_answer)
}
