//! Checkers endgame databases: the exact result of every position with few pieces, computed
//! by our own retrograde generator, for the standard rules (captures compulsory).

pub mod codec;
pub mod database;
pub mod distances;
pub mod generate;
pub mod index;
pub mod play;
pub mod solve;
