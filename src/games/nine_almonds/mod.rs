//! Nine Almonds (GAMES.md §1): nine almonds in the centre of a 5×5 board; jump them over each
//! other, one almond per turn (chains allowed), until one almond is left on the centre square.
//!
//! The pure layer: [`rules`] (the state machine), [`notation`] (squares, jumps, chain lines,
//! save rows), [`text`] (the seed's board layout), [`plain`] (line mode), [`args`] (command
//! line) and [`solver`] (the coach's shortest solutions, in turns).

pub mod args;
pub mod notation;
pub mod plain;
pub mod rules;
pub mod solver;
pub mod text;
