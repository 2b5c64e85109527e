//! The generic game screen and the board widget a game plugs into it.
//!
//! A game writes its rules, notation and a [`crate::core::Game`] (the pure part), plus a
//! [`GameUi`]: its board (drawing, cursor and mouse handling). Everything every game needs —
//! undo/redo and restart, the move-history panel, whose turn, saves, the leave prompt, the
//! game-over dialog, help, hints, solve playback, best results of puzzles and computer players
//! off the event-loop thread — is written once here.

mod analysis_strip;
#[cfg(any(test, feature = "testing"))]
mod check;
mod ending;
mod export;
pub mod game_ui;
mod header;
mod keys;
pub mod layout;
mod leaving;
mod life;
pub mod motion;
mod moves;
mod pace;
mod pending;
pub mod review;
mod review_state;
mod save_slot;
mod saving;
pub mod screen;
mod seat_at_table;
pub mod setup;
mod side;
mod table_seat;
mod work;

pub use game_ui::{BoardReply, BoardView, GameUi, ParamsOf, RulesOf, ViewOf};
pub use motion::{Frames, MotionFrame};
pub use screen::GameScreen;
