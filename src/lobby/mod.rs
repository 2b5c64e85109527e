//! The arcade's own screens: the main menu, the load screen, the list of a record file's
//! games, the statistics, the settings, the key bindings page, the list of a group of games,
//! the daily puzzle's watch over the puzzle it shows, the question when quitting cannot
//! autosave, and a served player's first-visit name question.

pub mod daily;
pub mod game_list;
pub mod group;
pub mod keys;
pub mod load;
pub mod menu;
pub mod rescue;
pub mod settings;
pub mod stats;
pub mod welcome;
