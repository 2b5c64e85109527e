//! Reversi (GAMES.md §3): two players at one terminal place black and white discs and turn
//! over every line they bracket; the one with more discs when neither can move wins.
//!
//! The pure layer: [`rules`] (the state machine), [`notation`] (`x,y` moves, save rows),
//! [`text`] (the seed's text board), [`plain`] (line mode) and [`args`] (command line).

pub mod args;
pub mod notation;
pub mod plain;
pub mod rules;
pub mod text;

#[cfg(test)]
mod tests;
