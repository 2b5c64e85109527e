//! Connect Four as a [`Game`]: identity, parameters, notation and engines — the part of the game
//! plain mode, saves and the analysis commands share with the arcade (the board is `ui.rs`).

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use super::notation;
use super::rules::{Board, COLS};
use crate::core::{Game, NotationError, Seat};

/// A new game's parameters: where it starts (an imported position, or the empty board).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// The start position as a position text; absent for the empty board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

/// Connect Four: the rules, notation and engines behind one type, for the generic code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ConnectFourGame;

impl Game for ConnectFourGame {
    type Rules = Board;
    type Params = Params;
    const ID: &'static str = "connect4";
    const TITLE: &'static str = "Connect Four";
    const HELP: &'static str = include_str!("help.md");
    const SEAT_NAMES: [&'static str; 2] = ["Player 1", "Player 2"];

    fn start(params: &Params) -> Result<Board, String> {
        match &params.start {
            None => Ok(Board::new()),
            Some(text) => notation::parse_position(text).map_err(|e| e.to_string()),
        }
    }

    fn format_move(_before: &Board, column: &u8) -> String {
        notation::format_move(*column)
    }

    fn parse_move(_before: &Board, text: &str) -> Result<u8, NotationError> {
        notation::parse_move(text)
    }

    fn rows(state: &Board) -> Vec<String> {
        notation::rows(state)
    }

    fn seat_label(seat: Seat) -> &'static str {
        match seat {
            Seat::First => "x",
            Seat::Second => "o",
        }
    }

    const HAS_ENGINE: bool = true;

    fn engine_move(
        state: &Board,
        _params: &Params,
        level: u8,
        seed: u64,
        cancel: &AtomicBool,
    ) -> Option<u8> {
        use super::engine;
        let rows: Vec<Vec<Option<Seat>>> = (0..super::rules::ROWS)
            .map(|row| (0..COLS).map(|col| state.at(col, row)).collect())
            .collect();
        let position = engine::Position::from_grid(&rows, state.side()).ok()?;
        let level = engine::Level::try_from(level).ok()?;
        // The interactive budget keeps Master's early moves to seconds, not minutes.
        engine::choose_move(
            &position,
            level,
            seed,
            cancel,
            Some(engine::INTERACTIVE_BUDGET),
        )
        .map(|column| column as u8)
    }
}
