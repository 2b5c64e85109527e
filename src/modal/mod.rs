//! Modal screens pushed over the screen that asks: a question with buttons ([`dialog`]), a
//! form of fields ([`form`]), a line of text ([`prompt`]) and scrollable help ([`help`], its
//! text drawn by [`help_text`]). They are screens, so they live above the screen contract; the
//! widgets they draw with are in [`crate::ui`].

pub mod dialog;
pub mod form;
pub mod help;
pub mod help_text;
pub mod prompt;
