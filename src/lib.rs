//! Parlor: a full-screen terminal arcade of board games and puzzles.
//!
//! Layers, each depending only on those before it: [`core`] and the games' `rules` (pure),
//! then notation, views and engines, then screens ([`screen`], [`game`], [`screens`]), then the
//! [`app`] and the command line ([`cli`]). See `docs/ARCHITECTURE.md`.

pub mod analysis;
pub mod app;
pub mod cli;
pub mod config;
pub mod config_edit;
pub mod core;
pub mod game;
pub mod games;
pub mod logging;
pub mod modal;
pub mod paths;
pub mod plain;
pub mod record;
pub mod save;
pub mod screen;
pub mod screens;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod tui;
pub mod ui;
