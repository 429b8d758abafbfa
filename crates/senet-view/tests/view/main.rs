//! The view crate's integration tests, gathered in one binary so that the
//! crate links once. Each module is one subject; helpers shared between
//! them are in `common`.

mod common;

mod commentary;
mod diagram;
mod svg;
mod words;
