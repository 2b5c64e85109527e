//! The generic game screen and what a game plugs into it.
//!
//! A game writes its rules, its notation and a [`GameUi`] (its board: drawing, cursor and
//! mouse handling, plus a few static hooks); everything every game needs — undo/redo, the
//! move-history panel, whose turn, saves, the leave prompt, the game-over dialog, help, hints,
//! solve playback and computer players off the event-loop thread — is written once here.

pub mod journal;
pub mod players;
pub mod saved;
pub mod screen;
pub mod setup;
pub mod task;
pub mod ui;

pub use players::{LEVEL_NAMES, Player, Players};
pub use screen::GameScreen;
pub use ui::{BoardReply, BoardView, GameUi, HintAnswer};
