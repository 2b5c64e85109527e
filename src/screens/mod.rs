//! The arcade's own screens: the main menu and the load screen.

pub mod load;
pub mod menu;
