//! Reversi (Othello). The engine is a separate, self-contained layer on bitboards so that the
//! computer opponent, the hint and `parlor solve reversi` run at full speed without going
//! through the rules' friendlier representation.

pub mod engine;
