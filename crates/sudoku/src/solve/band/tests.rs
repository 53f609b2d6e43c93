//! The band search against the bitmask search and the engine.
