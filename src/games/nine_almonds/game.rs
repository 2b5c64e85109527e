//! Nine Almonds as a [`Game`]: identity, parameters, notation and engines — the part of the game
//! plain mode, saves and the analysis commands share with the arcade (the board is `ui.rs`).

use super::notation::{chain_line, format_move, parse_move, rows};
use super::rules::{Move, NineAlmonds, Square};
use super::solver;
use crate::core::puzzle_id::expect_fields;
use crate::core::{Game, HintAnswer, IdError, Notation, Outcome, PuzzleId, game_basics};
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// A new game's parameters: none, the puzzle always starts from the same position. A struct
/// rather than `()` so a save's `[state.params]` is an (empty) table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {}

/// Nine Almonds: the rules, notation and engines behind one type, for the generic code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NineAlmondsGame;

impl Game for NineAlmondsGame {
    game_basics! { NineAlmonds, Params, "nine_almonds", "Nine Almonds" }

    fn start(_params: &Params) -> Result<NineAlmonds, crate::core::StartError> {
        Ok(NineAlmonds::new())
    }

    const NOTATION: Notation<NineAlmonds> = Notation {
        format_move,
        parse_move,
        rows,
    };

    fn puzzle_score(state: &NineAlmonds, _moves: usize) -> u32 {
        state.turns()
    }

    fn par(_params: &Params) -> Option<u32> {
        Some(4)
    }

    const ID_CODE: &'static str = "almonds";

    /// `almonds-1-CHECK`: there is one Nine Almonds puzzle, so its ID has no fields.
    fn puzzle_id(_params: &Params) -> Option<PuzzleId> {
        Some(PuzzleId::descriptive(Self::ID_CODE, 1, Vec::new()))
    }

    fn from_puzzle_id(id: &PuzzleId) -> Result<Params, IdError> {
        let (_, fields) = id.fields(1)?;
        expect_fields::<0>(fields, "Nine Almonds")?;
        Ok(Params::default())
    }

    fn describe(_params: &Params) -> String {
        "5×5, nine almonds".into()
    }

    fn turn_text(state: &NineAlmonds, _applied: usize) -> Option<String> {
        // Mid-chain the turn in progress is the one already counted; between turns, the next.
        Some(match state.chain() {
            Some(_) => format!("Turn {} (chain in progress)", state.turns()),
            None => format!("Turn {}", state.turns() + 1),
        })
    }

    fn status_lines(state: &NineAlmonds, _params: &Params) -> Vec<String> {
        let mut lines = vec![
            format!("Turns: {}", state.turns()),
            format!("Almonds left: {}", state.almond_count()),
        ];
        let trail = state.trail();
        if !trail.is_empty() {
            let label = if state.chain().is_some() {
                "Chain"
            } else {
                "Last turn"
            };
            lines.extend(wrap_chain(label, &trail));
        }
        lines
    }

    fn hint(
        state: &NineAlmonds,
        _params: &Params,
        _cancel: &AtomicBool,
    ) -> Option<HintAnswer<Move>> {
        // The search takes milliseconds (see `solver`), so the cancel flag is not needed.
        Some(match solver::hint(state) {
            None => HintAnswer {
                mv: None,
                message: "No win is reachable from here any more: undo some moves.".into(),
            },
            Some((mv, more)) => {
                let total = state.turns() + more;
                let step = match mv {
                    Move::Jump { from, to } => format!("Jump {from} to {to}"),
                    Move::EndTurn => "End this turn now".into(),
                };
                let turns = |n: u32| {
                    if n == 1 {
                        "1 turn".to_string()
                    } else {
                        format!("{n} turns")
                    }
                };
                let length = match (state.chain().is_some(), more) {
                    (true, 0) => format!("only this turn ({} in all)", turns(total)),
                    (true, _) => format!("this turn and {} more ({total} in all)", turns(more)),
                    (false, _) => format!("{} ({total} in all)", turns(more)),
                };
                HintAnswer {
                    mv: Some(mv),
                    message: format!("{step}: a shortest win takes {length}."),
                }
            }
        })
    }

    fn solve(state: &NineAlmonds, _params: &Params, _cancel: &AtomicBool) -> Option<Vec<Move>> {
        solver::solve(state).map(|(moves, _)| moves)
    }

    fn outcome_text(outcome: Outcome, _names: &[String], state: &NineAlmonds) -> String {
        match outcome {
            Outcome::Solved => format!("Solved in {} turns!", state.turns()),
            _ => format!(
                "No valid move left after {} turns: the puzzle is lost.",
                state.turns()
            ),
        }
    }
}

/// Width of a side-panel line the chain is wrapped to (the panel is 26 columns inside).
pub(super) const PANEL_WIDTH: usize = 24;

/// The chain line `Label: 2,2 to 2,4 to 4,2` wrapped for the side panel: whole ` to x,y`
/// steps per line, continuation lines indented, so a long chain stays readable.
pub(super) fn wrap_chain(label: &str, squares: &[Square]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = format!("{label}: {}", chain_line(&squares[..1.min(squares.len())]));
    for square in squares.iter().skip(1) {
        let step = format!(" to {square}");
        if line.chars().count() + step.len() > PANEL_WIDTH {
            lines.push(line);
            line = format!(" {step}");
        } else {
            line.push_str(&step);
        }
    }
    lines.push(line);
    lines
}
