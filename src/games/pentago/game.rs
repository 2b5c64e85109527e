//! Pentago as a [`Game`]: identity, parameters, notation and engines — the part of the game
//! plain mode, saves and the analysis commands share with the arcade (the board is `ui.rs`).

use super::engine;
use super::notation::{self, format_move, rows};
use super::rules::{Move, Pentago, SIZE};
use crate::core::{EngineAsk, Game, Notation, NotationError, Outcome, Rules, Seat, game_basics};
use serde::{Deserialize, Serialize};

/// A new game's parameters: Pentago has none besides the players (always the empty board).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {}

/// Pentago: the rules, notation and engines behind one type, for the generic code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PentagoGame;

use crate::core::outcome::{draw_line, win_line};

impl Game for PentagoGame {
    game_basics! { Pentago, Params, "pentago", "Pentago", ["Player 1", "Player 2"] }

    fn start(_params: &Params) -> Result<Pentago, crate::core::StartError> {
        Ok(Pentago::new())
    }

    const NOTATION: Notation<Pentago> = Notation {
        format_move,
        parse_move: |text| notation::parse_move(text).map_err(NotationError::from),
        rows,
    };

    fn seat_label(seat: Seat) -> &'static str {
        match seat {
            Seat::First => "X",
            Seat::Second => "O",
        }
    }

    fn status_lines(state: &Pentago, _params: &Params) -> Vec<String> {
        let count = |seat| {
            state
                .board()
                .iter()
                .flatten()
                .filter(|&&c| c == Some(seat))
                .count()
        };
        vec![format!(
            "Pieces: X {}, O {}, free {}",
            count(Seat::First),
            count(Seat::Second),
            SIZE * SIZE - state.pieces()
        )]
    }

    const HAS_ENGINE: bool = true;

    fn engine_move(state: &Pentago, _params: &Params, ask: EngineAsk<'_>) -> Option<Move> {
        let pos = engine::Position::from_game(state)?;
        engine::choose(pos, ask.level, ask.seed, ask.cancel, None).map(engine::EngineMove::to_rules)
    }

    const HAS_ANALYSIS: bool = true;

    /// Exact (win, tie, loss) once few squares are left, the search's value before that; one
    /// move for each distinct result (see [`super::values`]).
    fn move_values(
        state: &Pentago,
        _params: &Params,
        cancel: &std::sync::atomic::AtomicBool,
        report: &mut dyn FnMut(crate::core::MoveValues<Move>),
    ) {
        super::values::move_values(state, cancel, report);
    }

    fn outcome_text(outcome: Outcome, names: &[String], state: &Pentago) -> String {
        let name = |seat: Seat| {
            names
                .get(seat.index())
                .map_or_else(|| Self::seat_label(seat).to_string(), Clone::clone)
        };
        match outcome {
            Outcome::Won(seat) => win_line(&name(seat), Self::seat_label(seat), None),
            // Both made five in one turn, or the board filled with no five.
            _ if state.winning_lines().is_empty() => draw_line(Some("the board is full")),
            _ => draw_line(Some("both made five")),
        }
    }
}

/// The ending line for a finished position: a draw is announced as a double five when both
/// players have one, and as a full board otherwise.
#[must_use]
pub fn ending_line(game: &Pentago) -> Option<&'static str> {
    let outcome = game.outcome()?;
    Some(match outcome {
        Outcome::Draw if game.winning_lines().is_empty() => "*** No one has won. Game is a tie.",
        other => ending_message(other),
    })
}

/// The line announcing how a finished game ended.
#[must_use]
pub fn ending_message(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Won(Seat::First) => "*** X has won the game!",
        Outcome::Won(Seat::Second) => "*** O has won the game!",
        Outcome::Draw => "*** Both X and O have won. Game is a tie.",
        // A full board without five: the only other way a Pentago game ends.
        Outcome::Solved | Outcome::Lost => "*** No one has won. Game is a tie.",
    }
}
