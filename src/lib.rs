//! Parlor: a full-screen terminal arcade of board games and puzzles.
//!
//! Layers, each depending only on those before it: [`core`] and the games' `rules` (pure),
//! then notation, views and engines, then screens ([`screen`], [`game_screen`], the lobby's
//! menu, load, statistics and settings screens), then the [`app`] and the command line
//! ([`cli`]). See `docs/ARCHITECTURE.md`.
//!
//! Modules are private to the crate unless the binary, the tests, the benchmarks, the
//! examples or the fuzz targets use them.

pub(crate) mod analysis_commands;
pub mod app;
pub mod cli;
pub mod clock;
pub mod config;
pub mod config_edit;
pub mod core;
pub mod game_screen;
pub mod games;
pub(crate) mod lobby;
pub(crate) mod logging;
pub(crate) mod modal;
pub(crate) mod paths;
pub(crate) mod plain;
pub mod save;
pub mod screen;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub(crate) mod tui;
pub mod ui;
pub mod work_pool;
