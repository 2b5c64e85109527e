//! The game-independent vocabulary every game is written in: seats, outcomes, the `Rules`
//! trait, and the undo/redo history built on it.
//!
//! Everything here is pure (no terminal, no files), so rules, notation, solvers and engines can
//! depend on it without pulling in the user interface.

pub mod history;
pub mod level;
pub mod outcome;
pub mod rules;
pub mod text;

pub use history::History;
pub use outcome::{Ending, Outcome, Seat};
pub use rules::{IllegalMove, NotationError, Rules};
