//! Parlor: a full-screen terminal arcade of board games and puzzles.
//!
//! Layers, each depending only on those before it: [`core`] and the games' `rules` (pure),
//! then notation, views and engines, then screens ([`screen`], [`game_screen`], the lobby's
//! menu, load, statistics and settings screens), then the [`app`] and the command line
//! ([`cli`]). See `docs/ARCHITECTURE.md`.
//!
//! Modules are private to the crate unless the binary, the tests, the benchmarks, the
//! examples or the fuzz targets use them. Everything that draws is behind the default `tui`
//! feature; without it the crate is the pure core (rules, notation, engines, solvers, saves,
//! records, plain mode, the analysis commands), and the binary plays in plain mode.

pub(crate) mod analysis_commands;
#[cfg(feature = "tui")]
pub mod app;
pub(crate) mod appearance;
pub mod cli;
pub mod clock;
pub mod config;
pub mod config_edit;
pub mod core;
#[cfg(feature = "tui")]
pub mod game_screen;
pub mod games;
#[cfg(feature = "tui")]
pub(crate) mod lobby;
pub(crate) mod logging;
#[cfg(feature = "tui")]
pub(crate) mod modal;
pub(crate) mod paths;
pub(crate) mod plain;
pub(crate) mod record;
pub mod save;
#[cfg(feature = "tui")]
pub mod screen;
#[cfg(feature = "serve")]
pub mod serve;
pub(crate) mod signals;
pub(crate) mod stats_report;
pub mod table;
#[cfg(all(feature = "tui", any(test, feature = "testing")))]
pub mod testing;
#[cfg(feature = "tui")]
pub(crate) mod tui;
#[cfg(feature = "tui")]
pub mod ui;
pub mod work_pool;
