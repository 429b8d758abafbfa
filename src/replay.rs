//! Replaying and verifying records (to be built).
