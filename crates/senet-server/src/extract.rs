//! What the routes take from a request, each failure answered as
//! `{"error": ...}`: a JSON body, a path segment, and the seat a bearer
//! token proves.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Path, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use serde::de::DeserializeOwned;

use senet::Side;

use crate::error::{ApiError, quoted};
use crate::hosted::Hosted;
use crate::state::AppState;

/// A JSON body whose every failure is answered as `{"error": ...}`.
pub(crate) struct JsonBody<T>(pub(crate) T);

impl<T: DeserializeOwned> FromRequest<Arc<AppState>> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(
        request: Request,
        state: &Arc<AppState>,
    ) -> Result<JsonBody<T>, ApiError> {
        // A page of another site can post a form or text/plain without
        // asking; a JSON body it cannot send without a preflight, which
        // this server never answers.
        if !is_json(request.headers()) {
            return Err(not_json());
        }
        parse(&read_body(request, state).await?).map(JsonBody)
    }
}

/// A JSON body that may be left out (an empty body): `None` then. A body
/// that is sent must be JSON, sent as such, as for [`JsonBody`].
pub(crate) struct OptionalJsonBody<T>(pub(crate) Option<T>);

impl<T: DeserializeOwned> FromRequest<Arc<AppState>> for OptionalJsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(
        request: Request,
        state: &Arc<AppState>,
    ) -> Result<OptionalJsonBody<T>, ApiError> {
        let json = is_json(request.headers());
        let bytes = read_body(request, state).await?;
        if bytes.is_empty() {
            return Ok(OptionalJsonBody(None));
        }
        if !json {
            return Err(not_json());
        }
        parse(&bytes).map(|value| OptionalJsonBody(Some(value)))
    }
}

fn not_json() -> ApiError {
    ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "the body must be JSON, sent with Content-Type: application/json",
    )
}

/// The request's body, whole: within the body timeout (a body that
/// dribbles in holds a connection and a task) and the body limit.
async fn read_body(request: Request, state: &Arc<AppState>) -> Result<Bytes, ApiError> {
    let timeout = state.body_timeout();
    tokio::time::timeout(timeout, Bytes::from_request(request, state))
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!("the body did not arrive within {} s", timeout.as_secs()),
            )
        })?
        .map_err(|rejection| {
            let status = rejection.status();
            if status == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    status,
                    format!("the body is longer than {} bytes", state.max_body_bytes()),
                )
            } else {
                ApiError::new(
                    status,
                    format!(
                        "the body could not be read: {}",
                        quoted(&rejection.body_text(), 80)
                    ),
                )
            }
        })
}

fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|error| {
        ApiError::bad_request(format!(
            "the body is not this route's JSON: {}",
            quoted(&error.to_string(), 120)
        ))
    })
}

/// Whether the request says its body is JSON (`application/json`, any
/// case, parameters such as `charset=utf-8` allowed).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/json"))
}

/// A path segment (a game's id, a file's name), its every failure
/// answered as `{"error": ...}`: axum's own answer to a segment that is
/// not UTF-8 once percent-decoded (`%ff`) is plain text.
pub(crate) struct PathText(pub(crate) String);

impl<S: Send + Sync> FromRequestParts<S> for PathText {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<PathText, ApiError> {
        Path::<String>::from_request_parts(parts, state)
            .await
            .map(|Path(text)| PathText(text))
            .map_err(|rejection| {
                ApiError::new(
                    rejection.status(),
                    format!(
                        "the path could not be read: {}",
                        quoted(&rejection.body_text(), 120)
                    ),
                )
            })
    }
}

/// The bearer token of the request, if it has one.
pub(crate) fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ")?.trim();
    (!token.is_empty()).then_some(token)
}

/// The side whose seat the request's token proves.
pub(crate) fn seat(hosted: &Hosted, headers: &HeaderMap) -> Result<Side, ApiError> {
    let token = bearer(headers).ok_or_else(|| {
        ApiError::forbidden(
            "this needs a seat's token: send the header Authorization: Bearer <token> (a header with a control character is not read)",
        )
    })?;
    hosted
        .seat_of(token)
        .ok_or_else(|| ApiError::forbidden("the token is not that of a seat of this game"))
}
