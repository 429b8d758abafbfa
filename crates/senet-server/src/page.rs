//! The web page: its files, embedded in the binary, no build step.

use axum::http::header;
use axum::response::{Html, IntoResponse, Response};

use crate::error::ApiError;
use crate::extract::PathText;

const INDEX: &str = include_str!("../static/index.html");

/// The files under `/static/`: name, type, bytes. The page's script is
/// `app.js` and the ES modules it imports, one concept each: a new module
/// is added here too. The rules in WebAssembly (`senet_wasm*`) are the
/// build of `crates/senet-wasm` that `tools/build-wasm.sh` writes and CI
/// checks against the sources.
const FILES: [(&str, &str, &[u8]); 15] = [
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/app.js"),
    ),
    (
        "state.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/state.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/api.js"),
    ),
    (
        "games.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/games.js"),
    ),
    (
        "setup.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/setup.js"),
    ),
    (
        "view.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/view.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/board.js"),
    ),
    (
        "moves.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/moves.js"),
    ),
    (
        "play.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/play.js"),
    ),
    (
        "rules.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/rules.js"),
    ),
    (
        "verify.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/verify.js"),
    ),
    (
        "review.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/review.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_bytes!("../static/style.css"),
    ),
    (
        "senet_wasm.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../static/wasm/senet_wasm.js"),
    ),
    (
        "senet_wasm_bg.wasm",
        "application/wasm",
        include_bytes!("../static/wasm/senet_wasm_bg.wasm"),
    ),
];

/// What every file of the page is sent with: its scripts and styles come
/// only from this server (WebAssembly compiled from them too), nothing
/// may frame it, nothing is sniffed.
const HEADERS: [(header::HeaderName, &str); 3] = [
    (
        header::CONTENT_SECURITY_POLICY,
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data: blob:; frame-ancestors 'none'",
    ),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "no-referrer"),
];

/// `GET /`: the page.
pub async fn index() -> Response {
    (HEADERS, Html(INDEX)).into_response()
}

/// `GET /static/{file}`: the page's scripts, style sheet and WebAssembly.
pub(crate) async fn file(PathText(name): PathText) -> Result<Response, ApiError> {
    FILES
        .iter()
        .find(|(file, _, _)| *file == name)
        .map(|(_, kind, body)| (HEADERS, [(header::CONTENT_TYPE, *kind)], *body).into_response())
        .ok_or_else(|| ApiError::not_found("no such file"))
}
