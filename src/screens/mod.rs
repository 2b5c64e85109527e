//! The arcade's own screens: the main menu, the load screen and the statistics.

pub mod load;
pub mod menu;
pub mod stats;
