//! The shape of a request, checked before any route: a request target or
//! headers past this server's limits, or a host the server does not
//! answer for, are refused as every refusal is, `{"error": ...}`.
//! (hyper's own bare answers start only further out, past its 64 KiB head
//! buffer or 128 header lines.)

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::{ApiError, quoted};
use crate::state::AppState;

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

/// When the operator named the hosts this server answers for
/// (`--allowed-host`), refuses a request for another with a JSON 421: a
/// page of another site whose name was pointed at this server (DNS
/// rebinding) cannot talk to it.
pub(crate) async fn host(
    State(state): State<Arc<AppState>>,
    request: Request,
    next: Next,
) -> Response {
    let allowed = state.allowed_hosts();
    if allowed.is_empty() {
        return next.run(request).await;
    }
    let asked = request
        .headers()
        .get(header::HOST)
        .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned())
        .or_else(|| request.uri().authority().map(|a| a.as_str().to_owned()))
        .unwrap_or_default();
    if allows(allowed, &asked) {
        return next.run(request).await;
    }
    ApiError::new(
        StatusCode::MISDIRECTED_REQUEST,
        format!(
            "this server answers for {}, not for \"{}\"",
            allowed.join(", "),
            quoted(&asked, 60)
        ),
    )
    .into_response()
}

/// Whether `asked`, a `Host` (`name`, `name:port`, `[v6]:port`), is one
/// of `allowed` (names, or `name:port`), whatever the case; a name listed
/// without a port stands for every port.
pub fn allows(allowed: &[String], asked: &str) -> bool {
    let asked = asked.trim().to_ascii_lowercase();
    let name = without_port(&asked);
    allowed.iter().any(|entry| {
        let entry = entry.to_ascii_lowercase();
        entry == asked || entry == name
    })
}

fn without_port(host: &str) -> &str {
    match host.rsplit_once(':') {
        Some((name, port))
            if !port.is_empty()
                && port.bytes().all(|b| b.is_ascii_digit())
                && (!name.contains(':') || name.ends_with(']')) =>
        {
            name
        }
        _ => host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listed_name_stands_for_every_port_and_a_name_with_a_port_for_its_own() {
        let allowed = [
            "Example.org".to_owned(),
            "localhost:8080".to_owned(),
            "[::1]".to_owned(),
        ];
        for asked in [
            "example.org",
            "EXAMPLE.ORG:443",
            "localhost:8080",
            "[::1]:8080",
            "[::1]",
        ] {
            assert!(allows(&allowed, asked), "{asked}");
        }
        for asked in [
            "evil.test",
            "localhost",
            "localhost:9090",
            "example.org.evil.test",
            "",
            "[::2]:80",
        ] {
            assert!(!allows(&allowed, asked), "{asked}");
        }
    }
}
