//! Pentago (GAMES.md §5): place a piece, then turn a quadrant; five in a line wins.

pub mod args;
pub mod notation;
pub mod plain;
pub mod rules;
pub mod text;
pub mod turn;
