//! Widgets and geometry shared by every screen: the board grid, dialogs, the new-game form,
//! the help overlay, the footer of key hints, themes and the keymap.

pub mod cursor;
pub mod dialog;
pub mod footer;
pub mod form;
pub mod grid;
pub mod help;
pub mod input;
pub mod keymap;
pub mod layout;
pub mod list;
pub mod prompt;
pub mod text;
pub mod theme;
