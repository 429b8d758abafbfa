//! A Senet game server: a JSON API and a web page, over the `senet` rules
//! and the `senet-bot` players, with every game kept in SQLite.
//!
//! Each game throws from a secret seed drawn from the operating system;
//! its SHA-256, the commitment, is published when the game is made, and the
//! seed when it ends, so that anyone can check every throw. Each seat of a
//! person gets a secret token; the store keeps only the token's SHA-256.
//! Every accepted throw and move is committed to the database before the
//! answer goes out, and a game is rebuilt for each request by replaying
//! its seed and stored turns, so killing the server loses nothing.
//!
//! The routes, with an example each, are in the repository's
//! `docs/server.md`.
//!
//! ```no_run
//! use std::sync::Arc;
//! use senet_server::{AppState, Durability, Limits, Store, router};
//!
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let store = Store::open(std::path::Path::new("games.sqlite"), Durability::Full)?;
//! let app = router(Arc::new(AppState::new(store, 1)));
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! senet_server::serve::run(listener, app, &Limits::default(), std::future::pending()).await;
//! # Ok(())
//! # }
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod api;
pub mod client;
mod date;
pub mod error;
mod extract;
pub mod hints;
pub mod hosted;
pub mod limits;
mod live;
mod log;
pub mod odds;
pub mod offered;
mod page;
pub mod review;
mod routes;
pub mod secret;
pub mod serve;
pub mod shape;
mod state;
pub mod store;

pub use api::{
    AppState, BODY_LIMIT, DEFAULT_ABANDON_AFTER_DAYS, DEFAULT_MAX_OPEN_GAMES,
    DEFAULT_MAX_OPEN_GAMES_PER_ADDRESS, DEFAULT_MAX_TURNS, router,
};
pub use error::ApiError;
pub use live::DEFAULT_CACHE_GAMES;
pub use offered::Offered;
pub use serve::Limits;
pub use store::{Durability, Full, OpenLimits, Store, StoreError};
