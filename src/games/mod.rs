//! One folder per game. Each holds its pure `rules`, its `notation`, its plain-mode driver, and
//! (once the framework is in place) its `view` and `screen`; `registry` lists them for the menu
//! and the command line.

pub mod reversi;
