//! Playing agents: random, rule of thumb and search (to be built).
