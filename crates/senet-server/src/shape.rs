//! The shape of a request, checked before any route: a request target or
//! headers past this server's limits are refused as every refusal is,
//! `{"error": ...}`. (hyper's own bare answers start only further out,
//! past its 64 KiB head buffer or 128 header lines.)

use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// The longest request target taken (path and query), in bytes.
pub const MAX_TARGET: usize = 2048;

/// The most header lines a request may have.
pub const MAX_HEADER_LINES: usize = 64;

/// The most bytes of headers (names, values, separators) a request may
/// have.
pub const MAX_HEADER_BYTES: usize = 16 * 1024;

/// Refuses a request whose target or headers are too long with a JSON 414
/// or 431; passes the others on.
pub(crate) async fn check(request: Request, next: Next) -> Response {
    match refusal(&request) {
        Some(error) => error.into_response(),
        None => next.run(request).await,
    }
}

fn refusal(request: &Request) -> Option<ApiError> {
    let target = request
        .uri()
        .path_and_query()
        .map_or(0, |target| target.as_str().len());
    if target > MAX_TARGET {
        return Some(ApiError::new(
            StatusCode::URI_TOO_LONG,
            format!("the request target is {target} bytes long, this server's limit: {MAX_TARGET}"),
        ));
    }
    let headers = request.headers();
    if headers.len() > MAX_HEADER_LINES {
        return Some(ApiError::new(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!(
                "the request has {} header lines, this server's limit: {MAX_HEADER_LINES}",
                headers.len()
            ),
        ));
    }
    let bytes: usize = headers
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 4)
        .sum();
    if bytes > MAX_HEADER_BYTES {
        return Some(ApiError::new(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!(
                "the request has {bytes} bytes of headers, this server's limit: {MAX_HEADER_BYTES}"
            ),
        ));
    }
    None
}
