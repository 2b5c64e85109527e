//! The Reversi engine: bitboards, move generation and perft, a midgame alpha-beta search
//! ([`search`]) with a trained pattern evaluation ([`pattern`]; the hand-weighted [`eval`] is
//! the fallback if the weights cannot be read), an exact endgame solver ([`endgame`]), the
//! computer's levels and the `parlor solve reversi` driver.
//!
//! It has its own representation (two `u64`s, squares in the FFO order `a1 … h8` with `a1` top
//! left) because the search visits millions of positions a second; [`board::xy_to_square`] and
//! [`board::square_to_xy`] convert to and from the rules' `(x, y)` squares.
//!
//! Entry points for the rest of Parlor:
//! - [`choose_move`] (levels 1..=4, [`Strength`]) and [`hint`] for the computer opponent; build the
//!   bitboards with [`xy_bit`] from the rules' board and turn the answer back with
//!   [`square_to_xy`]. Run them off the event-loop thread; raise the `AtomicBool` to cancel.
//! - [`Solver`] for `parlor solve reversi` ([`solve_lines`] is the same loop on plain text), [`perft`] for `parlor perft reversi N`
//!   (`perft(board::START_BLACK, board::START_WHITE, n)`).

pub mod board;
pub mod endgame;
pub mod eval;
mod last;
mod last_flip;
pub mod levels;
mod line_flips;
mod move_list;
pub mod move_values;
mod parallel;
mod pass;
pub mod pattern;
mod pattern_index;
mod pattern_shapes;
pub mod search;
mod shallow;
pub mod solve;
pub mod table;
pub mod tournament;
mod workers;

pub use board::{Position, Square, perft, square_to_xy, xy_bit, xy_to_square};
pub use levels::{Strength, choose, choose_move, choose_with_evaluator, hint};
pub use solve::{Solver, solve_position};
