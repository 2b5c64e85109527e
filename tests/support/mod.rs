//! Helpers shared by integration tests (`mod support;` in a test file). Each test binary uses
//! only some of them, hence `dead_code` is allowed here.
#![allow(dead_code)]

pub mod cli;
#[cfg(feature = "tui")]
pub mod monkey;
pub mod slide;
pub mod tmux;
