//! Magic Square as a [`Game`]: identity, parameters, notation and engines — the part of the game
//! plain mode, saves and the analysis commands share with the arcade (the board is `ui.rs`).

use super::notation::{format_move, parse_move, rows};
use super::rules::{MagicSquare, Params, Placement};
use super::solver::{self, Budget, HintAnswer as Verdict, SolveAnswer};
use crate::core::puzzle_id::{expect_fields, parse_signed, signed_field};
use crate::core::{Game, HintAnswer, IdError, Notation, Outcome, PuzzleId, game_basics};
use std::sync::atomic::AtomicBool;

/// Magic Square: the rules, notation and engines behind one type, for the generic code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MagicSquareGame;

impl Game for MagicSquareGame {
    game_basics! { MagicSquare, Params, "magic_square", "Magic Square" }

    fn start(params: &Params) -> Result<MagicSquare, crate::core::StartError> {
        MagicSquare::new(*params).map_err(crate::core::StartError::setup)
    }

    const NOTATION: Notation<MagicSquare> = Notation {
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
        format!("{0}×{0} from {1}", params.size, params.min)
    }

    fn status_lines(state: &MagicSquare, _params: &Params) -> Vec<String> {
        vec![
            format!("Magic sum: {}", state.magic_sum()),
            format!("Pieces left: {}", state.available().len()),
        ]
    }

    fn hint(
        state: &MagicSquare,
        _params: &Params,
        cancel: &AtomicBool,
    ) -> Option<HintAnswer<Placement>> {
        let budget = Budget {
            nodes: solver::INTERACTIVE_NODES,
            cancel: Some(cancel),
        };
        Some(hint_answer(state, solver::hint(state, budget)))
    }

    fn solve(state: &MagicSquare, _params: &Params, cancel: &AtomicBool) -> Option<Vec<Placement>> {
        let budget = Budget {
            nodes: SOLVE_NODES,
            cancel: Some(cancel),
        };
        match solver::solve(state, budget) {
            SolveAnswer::Solution(placements) => Some(placements),
            SolveAnswer::Impossible | SolveAnswer::Undecided => None,
        }
    }

    const ID_CODE: &'static str = "magic";

    /// `magic-1-SIZE-MIN-CHECK`: the board side and the lowest piece (`n9` for −9).
    fn puzzle_id(params: &Params) -> Option<PuzzleId> {
        Some(PuzzleId::descriptive(
            Self::ID_CODE,
            1,
            vec![params.size.to_string(), signed_field(params.min)],
        ))
    }

    fn from_puzzle_id(id: &PuzzleId) -> Result<Params, IdError> {
        let (_, fields) = id.fields(1)?;
        let [size, min] = expect_fields::<2>(fields, "Magic Square")?;
        let size = parse_signed(size, "board side")
            .ok()
            .and_then(|n| u8::try_from(n).ok())
            .filter(|n| (1..=super::rules::MAX_SIZE).contains(n))
            .ok_or_else(|| {
                IdError::Field(format!(
                    "{size:?} is not a board side from 1 to {}",
                    super::rules::MAX_SIZE
                ))
            })?;
        let min = parse_signed(min, "lowest piece")?;
        let params = Params { size, min };
        if !super::rules::SAFE_MIN.contains(&min) {
            return Err(IdError::Field(format!(
                "{min} is too far from 0 for a lowest piece"
            )));
        }
        MagicSquare::new(params).map_err(|err| IdError::Field(err.to_string()))?;
        Ok(params)
    }

    /// A 3×3 or 4×4 board whose lowest piece is from −20 to 20, by the date.
    fn daily_puzzle(hash: u64) -> Option<PuzzleId> {
        let size = if hash & 1 == 0 { 3 } else { 4 };
        let min = ((hash >> 8) % 41) as i64 - 20;
        Self::puzzle_id(&Params { size, min })
    }

    fn outcome_text(outcome: Outcome, _names: &[String], state: &MagicSquare) -> String {
        match outcome {
            Outcome::Solved => format!(
                "Magic! Every line adds up to {} — solved in {} {}.",
                state.magic_sum(),
                state.turns(),
                if state.turns() == 1 { "turn" } else { "turns" }
            ),
            _ if state.size() == 2 => {
                "The square is full but not magic: no 2×2 magic square exists.".into()
            }
            _ => format!(
                "The square is full but not every line adds up to {}.",
                state.magic_sum()
            ),
        }
    }
}

/// The solver's verdict as the sentence and mark the game screen shows.
pub(super) fn hint_answer(state: &MagicSquare, verdict: Verdict) -> HintAnswer<Placement> {
    let (mv, message) = match verdict {
        Verdict::Completable(p) => (
            Some(p),
            format!(
                "Still completable: try {} (marked).",
                HintAnswer::<()>::MOVE
            ),
        ),
        Verdict::Impossible if state.size() == 2 => (
            None,
            "No 2×2 magic square exists: this board cannot be completed.".into(),
        ),
        Verdict::Impossible => (
            None,
            "This board can no longer become a magic square: undo some pieces.".into(),
        ),
        Verdict::Solved => (None, "The square is already magic.".into()),
        Verdict::Undecided => (
            None,
            "Could not decide in time whether this board can still be completed.".into(),
        ),
    };
    HintAnswer { mv, message }
}

/// Search nodes for Solve: it runs on a background thread and can be cancelled, so it may take
/// a few seconds on the largest boards before saying it could not decide.
pub(super) const SOLVE_NODES: u64 = 4 * solver::INTERACTIVE_NODES;
