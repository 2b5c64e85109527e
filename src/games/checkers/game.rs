//! Checkers as a [`Game`]: identity, parameters, notation and engines — the part of the game
//! plain mode, saves and the analysis commands share with the arcade (the board is `ui.rs`).

use super::notation;
use super::rules::{Checkers, DRAW_PLIES, Move, color_name};
use crate::core::{Game, NotationError, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// A game's parameters, saved with it: which capture rule is in force.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// Captures are compulsory (standard) or free (the seed's variant).
    #[serde(default = "compulsory")]
    pub forced_capture: bool,
}

const fn compulsory() -> bool {
    true
}

impl Default for Params {
    /// Standard English draughts.
    fn default() -> Self {
        Self {
            forced_capture: true,
        }
    }
}

/// Checkers: the rules, notation and engines behind one type, for the generic code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CheckersGame;

impl Game for CheckersGame {
    type Rules = Checkers;
    type Params = Params;
    const ID: &'static str = "checkers";
    const TITLE: &'static str = "Checkers";
    const HELP: &'static str = include_str!("help.md");
    const SEAT_NAMES: [&'static str; 2] = ["Player 1", "Player 2"];

    fn start(params: &Params) -> Result<Checkers, String> {
        Ok(Checkers::new(params.forced_capture))
    }

    fn format_move(_before: &Checkers, mv: &Move) -> String {
        notation::format_move(mv)
    }

    fn parse_move(_before: &Checkers, text: &str) -> Result<Move, NotationError> {
        notation::parse_move(text)
    }

    fn rows(state: &Checkers) -> Vec<String> {
        notation::rows(state)
    }

    fn seat_label(seat: Seat) -> &'static str {
        color_name(seat)
    }

    fn status_lines(state: &Checkers, params: &Params) -> Vec<String> {
        let mut lines = vec![if params.forced_capture {
            "Captures: compulsory".to_string()
        } else {
            "Captures: optional".to_string()
        }];
        for side in [Seat::First, Seat::Second] {
            let kings = state
                .board()
                .pieces()
                .filter(|(_, p)| p.side == side && p.king)
                .count();
            lines.push(format!(
                "{}: {} pieces, {kings} king{}",
                capitalized(color_name(side)),
                state.board().count(side),
                if kings == 1 { "" } else { "s" }
            ));
        }
        // Moves are counted as the history numbers them (one per player's turn): the draw
        // comes after 80, 40 by each side, with no capture and no pawn move.
        let quiet = state.quiet_plies();
        if quiet >= DRAW_PLIES / 4 {
            lines.push(format!("Quiet moves: {quiet} of {DRAW_PLIES}"));
        }
        lines
    }

    const HAS_ENGINE: bool = true;

    fn engine_move(
        state: &Checkers,
        _params: &Params,
        level: u8,
        seed: u64,
        cancel: &std::sync::atomic::AtomicBool,
    ) -> Option<Move> {
        super::engine::engine_move(state, level, seed, cancel, None)
    }

    fn outcome_text(outcome: Outcome, names: &[String], state: &Checkers) -> String {
        let name = |seat: Seat| {
            names
                .get(seat.index())
                .map_or_else(|| capitalized(color_name(seat)), Clone::clone)
        };
        match outcome {
            Outcome::Won(winner) => {
                let loser = winner.other();
                let why = if state.board().count(loser) == 0 {
                    "has no pieces left"
                } else {
                    "cannot move"
                };
                format!("{} wins: {} {why}.", name(winner), name(loser))
            }
            Outcome::Draw => format!(
                "A draw: {} moves each without a capture or a pawn move.",
                DRAW_PLIES / 2
            ),
            Outcome::Solved | Outcome::Lost => String::new(),
        }
    }
}

/// `black` → `Black`.
pub(super) fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
