//! Slide as a [`Game`]: identity, parameters, notation and engines — the part of the game
//! plain mode, saves and the analysis commands share with the arcade (the board is `ui.rs`).

use super::level::board_from_rows;
use super::levels;
use super::notation::{format_move, parse_move, rows};
pub use super::params::Params;
use super::rules::{Board, Move};
use super::solver::{DEFAULT_BUDGET, Search, search_cancellable, search_quick};
use crate::core::{Game, HintAnswer, Notation, Outcome, game_basics};
use std::sync::atomic::AtomicBool;

/// Slide: the rules, notation and engines behind one type, for the generic code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SlideGame;

impl Game for SlideGame {
    game_basics! { Board, Params, "slide", "Slide" }

    fn start(params: &Params) -> Result<Board, crate::core::StartError> {
        let board = board_from_rows(&params.rows).map_err(crate::core::StartError::position)?;
        if board.o_count() == 0 {
            return Err(crate::core::StartError::NothingToDo(
                "the level has no O piece",
            ));
        }
        Ok(board)
    }

    const NOTATION: Notation<Board> = Notation {
        format_move,
        parse_move,
        rows,
    };

    fn record_tags(params: &Params) -> Vec<(&'static str, String)> {
        super::record::record_tags(params)
    }

    fn params_from_tags(
        tags: &[crate::core::record::tags::Tag],
    ) -> Result<Params, crate::core::record::error::RecordError> {
        super::record::params_from_tags(tags)
    }

    fn describe(params: &Params) -> String {
        params.name.clone()
    }

    fn status_lines(state: &Board, params: &Params) -> Vec<String> {
        let mut lines = Vec::new();
        if let Some(par) = params.par {
            lines.push(format!("Par: {par}"));
        }
        lines.push(format!("O pieces left: {}", state.o_count()));
        lines
    }

    fn hint(state: &Board, _params: &Params, cancel: &AtomicBool) -> Option<HintAnswer<Move>> {
        // The first move of a solution, with `lead` saying how good the solution is.
        let first_of = |moves: &[Move], lead: &str| HintAnswer {
            mv: moves.first().copied(),
            message: format!(
                "{lead} {}; next {} (marked).",
                crate::core::text::count_of(moves.len(), "more move", "more moves"),
                HintAnswer::<Move>::MOVE
            ),
        };
        let nothing = |message: &str| HintAnswer {
            mv: None,
            message: message.into(),
        };
        Some(match search_cancellable(state, DEFAULT_BUDGET, cancel) {
            Search::Solved(moves) => first_of(&moves, "Best from here:"),
            Search::Unsolvable => nothing("No solution from here: undo some moves."),
            Search::GaveUp => match search_quick(state, DEFAULT_BUDGET, cancel) {
                Search::Solved(moves) => {
                    first_of(&moves, "Too hard to prove the best; a way out in")
                }
                Search::Unsolvable | Search::GaveUp => {
                    nothing("The solver found no way out of this position in time.")
                }
            },
        })
    }

    fn solve(state: &Board, _params: &Params, cancel: &AtomicBool) -> Option<Vec<Move>> {
        // The shortest solution when it can be proven in time, else any solution found.
        match search_cancellable(state, DEFAULT_BUDGET, cancel) {
            Search::Solved(moves) => Some(moves),
            Search::Unsolvable => None,
            Search::GaveUp => match search_quick(state, DEFAULT_BUDGET, cancel) {
                Search::Solved(moves) => Some(moves),
                Search::Unsolvable | Search::GaveUp => None,
            },
        }
    }

    fn result_text(params: &Params, moves: usize) -> Option<String> {
        let plural = if moves == 1 { "move" } else { "moves" };
        Some(match params.par.map(|par| par as usize) {
            Some(par) if moves == par => format!("{moves} {plural}: par, the fewest possible."),
            Some(par) if moves > par => format!("{moves} {plural}; par is {par}."),
            Some(par) => format!("{moves} {plural}, under par ({par})!"),
            None => format!("{moves} {plural}."),
        })
    }

    fn outcome_text(outcome: Outcome, _names: &[String], _state: &Board) -> String {
        match outcome {
            Outcome::Solved => "Solved! Every O reached a goal.".into(),
            _ => "The puzzle is over.".into(),
        }
    }

    fn par(params: &Params) -> Option<u32> {
        params.par
    }

    fn record_key(params: &Params) -> Option<String> {
        Some(params.key.clone())
    }

    const ID_CODE: &'static str = super::id::CODE;

    fn puzzle_id(params: &Params) -> Option<crate::core::PuzzleId> {
        super::id::puzzle_id(params)
    }

    fn from_puzzle_id(id: &crate::core::PuzzleId) -> Result<Params, crate::core::IdError> {
        super::id::from_puzzle_id(id)
    }

    /// A medium level generated from the date: its seed ID is short and costs nothing until
    /// the level is opened.
    fn daily_puzzle(hash: u64) -> Option<crate::core::PuzzleId> {
        Some(crate::core::PuzzleId::seed(
            super::id::CODE,
            hash % 100_000,
            Vec::new(),
        ))
    }

    fn next_puzzle(params: &Params) -> Option<Params> {
        let next = levels::level_number(&params.key)? + 1;
        let level = levels::shipped_level(next).ok()?;
        Some(Params::for_level(&level, levels::level_key(next)))
    }
}
