//! One folder per game. Each holds its pure `rules`, its `notation`, its plain-mode driver, its
//! `view` and its part of the game screen; [`registry`] lists them for the menu, the command
//! line and the load screen.

pub mod checkers;
pub mod connect4;
pub mod magic_square;
pub mod nine_almonds;
pub mod open_file;
pub mod pentago;
pub mod registry;
pub mod reversi;
pub mod slide;
