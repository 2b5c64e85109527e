//! The Connect Four engine: a bitboard position, a perfect solver after Pascal Pons's, an
//! opening book of exact scores, the four computer levels (Master perfect from any
//! position), and the analysis commands (`solve`, `perft`).
//!
//! Columns are 0-based (0 is the leftmost) everywhere in this API except the move-sequence
//! notation of [`Position::from_moves`] and [`cli::SOLVE`], which uses the digits 1–7 of the
//! published test sets.

pub mod book;
pub mod cli;
mod layout;
pub mod levels;
pub mod move_values;
pub mod position;
pub mod solver;
mod table;

pub use book::{Book, BookError};
pub use levels::{INTERACTIVE_BUDGET, Strength, StrengthError, choose_move, hint, master_move};
pub use move_values::{MoveValue, column_values};
pub use position::{HEIGHT, Position, PositionError, WIDTH, perft, perft_from};
pub use solver::{Aborted, Solver};
