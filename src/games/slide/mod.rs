//! Slide: move every `O` into the goals, where `O` pieces slide until stopped and `X` pieces
//! step one square; fewer moves is better, and every level has a par found by the solver.

pub mod args;
pub mod generate;
pub mod level;
pub mod levels;
pub mod notation;
pub mod plain;
pub mod rules;
pub mod solver;
pub mod text;
