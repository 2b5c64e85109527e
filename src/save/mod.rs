//! Saves: the TOML envelope every game shares, atomic writes, the validated list the load
//! screen shows, per-game statistics, and the timestamps they carry.

pub mod catalog;
pub mod daily;
pub mod format;
pub mod game;
pub mod journal;
pub mod lock;
pub mod player;
pub mod reader;
pub mod records;
pub mod stats;
pub mod store;
pub mod time;
