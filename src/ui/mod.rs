//! Widgets and geometry shared by every screen: the board grid, the footer of key hints,
//! lists, text fitting, themes, input events and the keymap. Nothing here is a screen (the
//! modal screens are in [`crate::modal`]), so widgets never depend on the screen contract.

pub mod board_colors;
pub mod cursor;
pub mod footer;
pub mod grid;
pub mod input;
pub mod keymap;
pub mod layout;
pub mod list;
pub mod palette;
pub mod picker;
pub mod safe_cells;
pub mod scroll;
pub mod square_board;
pub mod theme;
