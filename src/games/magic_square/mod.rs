//! Magic Square (GAMES.md §2): place the pieces `min ..= min+n²-1` on an n×n board so that every
//! row, column and both diagonals add up to the same (magic) sum.
//!
//! The pure layer: [`rules`] (the state machine), [`notation`] (`5@1,2` placements and save
//! rows), [`text`] (the seed's printed board), [`plain`] (the line-mode driver), [`args`] (the
//! command line) and [`solver`] (completion search behind the hint and Solve).

pub mod args;
pub mod notation;
pub mod plain;
pub mod rules;
pub mod solver;
pub mod text;

pub use rules::{MagicSquare, Params, Placement, SetupError};
