//! Parlor: a full-screen terminal arcade of board games and puzzles.
//!
//! Layers, each depending only on those before it: [`core`] and the games' `rules` (pure), then
//! notation, views and engines, then screens, then the app and the command line.

pub mod core;
pub mod games;
