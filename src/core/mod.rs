//! The game-independent vocabulary every game is written in: seats, outcomes, players, the
//! `Rules` and `Game` traits, and the undo/redo history built on them.
//!
//! Everything here is pure (no terminal, no files), so rules, notation, solvers and engines can
//! depend on it without pulling in the user interface.

pub mod clean_write;
pub mod coordinates;
pub mod game;
pub mod history;
pub mod outcome;
pub mod plain;
pub mod players;
pub mod puzzle_id;
pub mod record;
pub mod rules;
pub mod start;
pub mod strength;
pub mod text;
pub mod values;
pub mod weights_file;

pub use coordinates::Coordinates;
pub(crate) use game::game_basics;
pub use game::{EngineAsk, Game, HintAnswer, MoveOf, Notation};
pub use history::History;
pub use outcome::{Ending, Outcome, Seat};
pub use players::{LEVEL_NAMES, Player, Players, TOP_LEVEL};
pub use puzzle_id::{IdError, PuzzleId};
pub use rules::{IllegalMove, IllegalReason, NotationError, NotationReason, Rules};
pub use start::StartError;
pub use values::{MoveValue, MoveValues};
