//! One folder per game. Each holds its pure `rules`, its `notation`, its plain-mode driver, its
//! `view` and its part of the game screen; [`registry`] lists them for the menu, the command
//! line and the load screen.

pub mod connect4;
pub mod registry;
pub mod slide;
