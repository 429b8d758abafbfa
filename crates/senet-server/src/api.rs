//! The JSON API under `/api` and the page at `/`: the router, which hands
//! each route to its handler (`routes`), and a JSON answer for anything
//! else.

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::middleware;
use axum::routing::{get, post};

use crate::error::ApiError;
use crate::page;
use crate::routes::{events, games, list, play, seats};
use crate::shape;

pub use crate::state::{
    AppState, BODY_LIMIT, DEFAULT_ABANDON_AFTER_DAYS, DEFAULT_MAX_OPEN_GAMES,
    DEFAULT_MAX_OPEN_GAMES_PER_ADDRESS, DEFAULT_MAX_TURNS,
};

/// The router: the API, the page and its files, a JSON 404 for anything
/// else, the body limit, the limits on a request's target and headers,
/// and the hosts answered for.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/static/{file}", get(page::file))
        .route("/api/rulesets", get(games::rulesets))
        .route("/api/rulesets/{name}/rules", get(games::rules))
        .route("/api/status", get(games::status))
        .route("/api/games", get(list::list).post(games::create))
        .route("/api/games/{id}", get(games::read))
        .route("/api/games/{id}/join", post(seats::join))
        .route("/api/games/{id}/invitation", get(seats::invitation))
        .route("/api/games/{id}/throw", post(play::throw))
        .route("/api/games/{id}/move", post(play::play))
        .route("/api/games/{id}/hint", get(play::hint))
        .route("/api/games/{id}/resign", post(play::resign))
        .route("/api/games/{id}/record", get(games::record))
        .route("/api/games/{id}/review", get(games::review))
        .route("/api/games/{id}/positions", get(games::positions))
        .route("/api/games/{id}/events", get(events::events))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(state.max_body_bytes()))
        .layer(middleware::from_fn(shape::check))
        .layer(middleware::from_fn_with_state(
            Arc::clone(&state),
            shape::host,
        ))
        // Outermost: every answer is logged, the refusals above included.
        .layer(middleware::from_fn(crate::log::request))
        .with_state(state)
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such route: see / for the page and /api/... for the API")
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this route does not take that method",
    )
}
