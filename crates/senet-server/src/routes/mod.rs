//! The API's handlers, by what they do to a game.

pub(crate) mod events;
pub(crate) mod games;
pub(crate) mod list;
pub(crate) mod play;
pub(crate) mod seats;
