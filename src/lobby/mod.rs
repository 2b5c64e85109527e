//! The arcade's own screens: the main menu, the load screen, the statistics, the settings,
//! the key bindings page, and the question when quitting cannot autosave.

pub mod game_list;
pub mod keys;
pub mod load;
pub mod menu;
pub mod rescue;
pub mod settings;
pub mod stats;
