//! Text forms: position strings and move notation, each strict and canonical.

pub mod move_text;
pub mod position_string;
pub mod quote;
pub mod typed;

pub use move_text::ParseMoveError;
pub use typed::TypedMoveError;
