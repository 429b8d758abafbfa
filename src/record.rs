//! Game records (to be built).
