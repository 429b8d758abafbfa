//! The game driver (to be built).
