//! One folder per game. Each holds its pure `rules`, `notation`, engine or solver, plain-mode
//! driver and `game` (its [`crate::core::Game`]), then its `view` and `ui` (its board on the
//! game screen), and in `mod.rs` its [`entry::Registration`]; [`registry`] lists them for the
//! menu, the command line and the load screen.

pub mod checkers;
pub mod daily;
pub mod connect4;
pub mod entry;
pub mod error;
pub mod magic_square;
pub mod nine_almonds;
pub mod open_file;
pub mod open_id;
pub mod pentago;
pub mod position;
pub mod registry;
pub mod reversi;
pub mod slide;
