//! The seats of a game between two people: the creator is given an
//! invitation for the other seat, which its holder exchanges once for the
//! seat's own token, so that the creator need never hold it.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use senet::Record;

use crate::error::ApiError;
use crate::extract::{JsonBody, PathText, bearer, seat};
use crate::hosted::{GameView, Hosted, side_text};
use crate::secret;
use crate::state::{AppState, locked};

/// `POST /api/games/{id}/join`: no token, the invitation instead.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct JoinRequest {
    invitation: String,
    #[serde(default)]
    name: Option<String>,
}

#[derive(Debug, Serialize)]
pub(crate) struct Joined {
    seat: &'static str,
    token: String,
    game: GameView,
}

fn no_invitation(id: &str) -> ApiError {
    ApiError::not_found(format!(
        "game {id} has no seat offered by invitation: its other seat is a bot's"
    ))
}

pub(crate) async fn join(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
    JsonBody(request): JsonBody<JoinRequest>,
) -> Result<Response, ApiError> {
    let token =
        secret::new_token().map_err(|e| ApiError::internal(format!("{e}; nobody joined")))?;
    let joined = locked(&state, id, move |state, id| {
        let hosted = state.hosted(id)?;
        let (side, kept) = hosted.invited().ok_or_else(|| no_invitation(id))?;
        let asked = secret::token_sha256(&request.invitation);
        if hosted.game.is_over() {
            return Err(ApiError::conflict(format!(
                "game {id} is over: its seats are no longer offered"
            )));
        }
        if let Some(used) = kept.strip_prefix("used:") {
            // The same invitation or another: the seat is taken either way,
            // but only its holder is told it was this one.
            return Err(if secret::same(used, &asked) {
                ApiError::conflict("this invitation was used already: the seat is taken")
            } else {
                ApiError::forbidden("that is not this game's invitation")
            });
        }
        let waiting = kept.strip_prefix("sha256:").unwrap_or_default();
        if !secret::same(waiting, &asked) {
            return Err(ApiError::forbidden("that is not this game's invitation"));
        }
        if let Some(name) = &request.name {
            Record::new(hosted.ruleset)
                .set_name(side, Some(name))
                .map_err(|e| ApiError::bad_request(format!("the name: {e}")))?;
        }
        let hash = secret::token_sha256(&token);
        let text = side_text(side);
        if !state
            .store
            .join(id, text, &asked, &hash, request.name.as_deref())?
        {
            return Err(ApiError::conflict(
                "this invitation was used already: the seat is taken",
            ));
        }
        let stored = state
            .store
            .game(id)?
            .ok_or_else(|| ApiError::internal(format!("game {id} is gone")))?;
        let hosted = Hosted::resume(stored, &state.offered)?;
        state.committed(&hosted);
        Ok(Joined {
            seat: text,
            token,
            game: hosted.view(),
        })
    })
    .await?;
    Ok((StatusCode::CREATED, Json(joined)).into_response())
}

/// What `GET /api/games/{id}/invitation` shows the inviting seat.
#[derive(Debug, Serialize)]
pub(crate) struct InvitationView {
    seat: &'static str,
    invitation: Option<String>,
    joined: bool,
}

/// `GET /api/games/{id}/invitation`, with the inviting seat's token: the
/// invitation again, as often as asked, until it is used. It is made
/// again from the token ([`secret::invitation_of`]): the store keeps
/// only its SHA-256.
pub(crate) async fn invitation(
    State(state): State<Arc<AppState>>,
    PathText(id): PathText,
    headers: HeaderMap,
) -> Result<Json<InvitationView>, ApiError> {
    locked(&state, id, move |state, id| {
        let hosted = state.hosted(id)?;
        let asker = seat(&hosted, &headers)?;
        let (side, kept) = hosted.invited().ok_or_else(|| no_invitation(id))?;
        if asker == side {
            return Err(ApiError::forbidden(
                "the invitation is the other seat's to give",
            ));
        }
        let joined = kept.starts_with("used:");
        // Made from the asker's token; an invitation stored before
        // invitations were made so (its SHA-256 kept since) cannot be
        // made again, and is not shown.
        let invitation = bearer(&headers)
            .map(secret::invitation_of)
            .filter(|invitation| secret::same(&secret::pending_invitation(invitation), kept));
        Ok(InvitationView {
            seat: side_text(side),
            invitation,
            joined,
        })
    })
    .await
    .map(Json)
}
