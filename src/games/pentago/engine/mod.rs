//! The Pentago engine: bitboards, merged move generation, an alpha-beta search with a
//! transposition table, the computer's levels and the exact solver of `parlor solve pentago`.
//!
//! It has its own representation (two 36-bit sets, the side to place first) because the
//! solver visits millions of positions; [`Position::from_game`] reads a rules game and
//! [`EngineMove::to_rules`] turns an answer back into a rules move, always a legal one.
//!
//! Entry points for the rest of Parlor: [`choose`] (levels 1..=4, [`Strength`]) and [`hint`] for
//! the computer opponent, run off the event-loop thread with an `AtomicBool` to cancel;
//! [`solve::solve_with`] and [`exact::Solver`] for `parlor solve pentago`.

pub mod board;
pub mod exact;
pub mod levels;
pub mod scan;
pub mod search;
pub mod solve;
pub mod symmetry;
pub mod table;
pub mod threats;

pub use board::{EngineMove, Position};
pub use levels::{Strength, choose, hint};
