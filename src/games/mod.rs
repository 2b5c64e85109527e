//! One folder per game. Each holds its pure `rules`, `notation`, engine or solver, plain-mode
//! driver and `game` (its [`crate::core::Game`]) and in `mod.rs` its [`entry::Registration`];
//! then, with the `tui` feature, its `view` and `ui` (its board on the game screen and its
//! `screen_entry::ScreenRegistration`). [`registry`] lists them for the command line, plain
//! mode, the menu and the load screen.

pub mod checkers;
pub mod connect4;
pub mod daily;
pub mod entry;
pub mod error;
pub mod game_entry;
pub mod magic_square;
pub mod nine_almonds;
#[cfg(feature = "tui")]
pub mod open_file;
pub mod open_id;
pub mod pentago;
pub mod position;
pub mod registry;
pub mod reversi;
#[cfg(feature = "tui")]
pub mod screen_entry;
pub mod slide;
