//! The server's integration tests, each over the real `senet-server`
//! binary listening on 127.0.0.1 with a database of its own.
//!
//! - `api`: every route, and a game of every ruleset played to its end
//!   whose published record verifies against its commitment;
//! - `refusals`: bad input of every kind, each refused with a JSON message
//!   and nothing changed;
//! - `refusals_raw`: requests written byte for byte in shapes no client
//!   sends (control bytes, `%ff`, long targets and headers), each refused
//!   with a JSON message;
//! - `crash`: the server killed with SIGKILL and started again loses nothing;
//! - `review`: a finished game's review, made once; refused before the end;
//! - `shutdown`: Ctrl-C and SIGTERM stop the server within its grace
//!   period, whatever a connection is doing;
//! - `timeouts`: connections that misbehave and a server short of file
//!   descriptors, each closed or refused in its time, the server going on;
//! - `hardening`: a request's work runs to its end under its game's lock,
//!   whether or not its client stays;
//! - `limits`: the operator's limits, each refusal JSON;
//! - `list`: several games' public state in one request (`GET /api/games?ids=`);
//! - `browser`: a whole game played by clicking in headless Chromium, a
//!   game resigned in the page whose review is shown, and two people
//!   playing each other from two browsers, the second joining by
//!   invitation.

mod api;
mod browser;
mod crash;
mod events;
mod hardening;
mod harness;
mod limits;
mod list;
mod log;
mod refusals;
mod refusals_raw;
mod resume;
mod review;
mod rules_files;
mod seats;
mod shutdown;
mod timeouts;
mod turns;
