//! The arcade's own screens: the main menu, the load screen, the statistics, the settings and
//! the key bindings page, the list of a group of games, and the
//! daily puzzle's watch over the puzzle it shows.

pub mod daily;
pub mod group;
pub mod keys;
pub mod load;
pub mod menu;
pub mod settings;
pub mod stats;
