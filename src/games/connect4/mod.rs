//! Connect Four: six rows of seven columns, four in a line wins.
//!
//! The engine (bitboard position, perfect solver, computer levels, opening book) lives in its
//! own submodule so the rules, notation and screens can use it without depending on its
//! internals.

pub mod engine;
