//! The one error type of the API: an HTTP status and a short message,
//! answered as `{"error": "..."}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use senet::notation::quote::excerpt_to;

use crate::store::StoreError;

/// A refused or failed request: its status and a message for a person.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What is wrong, in one short line.
    pub message: String,
}

impl ApiError {
    /// An error of `status` saying `message`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// 400: the request itself is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 403: the seat's token is missing or wrong.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: no such game or route.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: the request does not fit the game's state (out of turn, over).
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 422: well-formed, but the rules refuse it (an illegal move).
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 500: the server failed; nothing was changed.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.status, self.message)
    }
}

impl std::error::Error for ApiError {}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        ApiError::internal(format!("{error}; nothing was changed"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": &self.message });
        let mut response = (self.status, Json(body)).into_response();
        response
            .extensions_mut()
            .insert(crate::log::Reason(self.message));
        response
    }
}

/// `text` as an error may quote it: control and invisible characters
/// escaped, cut to at most `max` bytes (a cut marked `…`), no quotes.
pub fn quoted(text: &str, max: usize) -> String {
    excerpt_to(text, max).escape_debug().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoting_escapes_control_characters_and_cuts_long_text() {
        assert_eq!(quoted("a\nb\u{1b}[31m", 60), "a\\nb\\u{1b}[31m");
        let long = quoted(&"x".repeat(500), 60);
        assert!(long.len() <= 60 + '…'.len_utf8(), "{long}");
        assert!(long.ends_with('…'));
    }
}
