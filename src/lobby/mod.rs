//! The arcade's own screens: the main menu, the load screen, the statistics, the settings and
//! the key bindings page.

pub mod keys;
pub mod load;
pub mod menu;
pub mod settings;
pub mod stats;
