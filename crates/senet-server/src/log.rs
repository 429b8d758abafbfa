//! The request log: one event per request, with its method, path,
//! status, time taken, the game it concerns, the client's address and,
//! for a refusal or a failure, the reason the answer gave; written by
//! `tracing` (the binary writes the events to stderr as key=value
//! lines). A token is never logged: it travels in a header, and paths
//! hold only game ids, which are not secrets.

use std::net::SocketAddr;
use std::time::Instant;

use axum::extract::{ConnectInfo, Request};
use axum::middleware::Next;
use axum::response::Response;

/// The reason an error answer gave, kept on the response for the log.
#[derive(Clone, Debug)]
pub(crate) struct Reason(pub(crate) String);

/// Answers `request` with `next`, then logs it: at `INFO` when it was
/// answered, `WARN` for a refusal (4xx), `ERROR` for a failure (5xx).
pub(crate) async fn request(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let client = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(peer)| peer.ip().to_string())
        .unwrap_or_default();
    let response = next.run(request).await;
    let status = response.status().as_u16();
    let ms = started.elapsed().as_millis() as u64;
    let game = game_of(&path).unwrap_or_default();
    let reason = response
        .extensions()
        .get::<Reason>()
        .map(|Reason(reason)| reason.as_str())
        .unwrap_or_default();
    match status {
        500.. => {
            tracing::error!(%method, path, status, ms, game, client, reason, "request failed");
        }
        400..=499 => {
            tracing::warn!(%method, path, status, ms, game, client, reason, "request refused");
        }
        _ => tracing::info!(%method, path, status, ms, game, client, "request"),
    }
    response
}

/// The game id of an API path (`/api/games/{id}` and below).
fn game_of(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/api/games/")?;
    let id = rest.split('/').next()?;
    (!id.is_empty()).then_some(id)
}

#[cfg(test)]
mod tests {
    use super::game_of;

    #[test]
    fn the_game_is_read_from_api_paths_only() {
        assert_eq!(game_of("/api/games/abc/move"), Some("abc"));
        assert_eq!(game_of("/api/games/abc"), Some("abc"));
        assert_eq!(game_of("/api/games"), None);
        assert_eq!(game_of("/api/games/"), None);
        assert_eq!(game_of("/static/app.js"), None);
    }
}
