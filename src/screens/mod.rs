//! The arcade's own screens: the main menu, the load screen, the statistics and the settings.

pub mod load;
pub mod menu;
pub mod settings;
pub mod stats;
