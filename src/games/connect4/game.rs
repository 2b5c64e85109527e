//! Connect Four as a [`Game`]: identity, parameters, notation and engines — the part of the game
//! plain mode, saves and the analysis commands share with the arcade (the board is `ui.rs`).

use std::sync::atomic::AtomicBool;

use super::notation::{self, parse_move, rows};
pub use super::params::Params;
use super::rules::{Board, COLS};
use crate::core::{EngineAsk, Game, MoveValues, Notation, Seat, game_basics};

/// Connect Four: the rules, notation and engines behind one type, for the generic code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ConnectFourGame;

impl Game for ConnectFourGame {
    game_basics! { Board, Params, "connect4", "Connect Four", ["Player 1", "Player 2"] }

    fn start(params: &Params) -> Result<Board, crate::core::StartError> {
        match &params.start {
            None => Ok(Board::new()),
            Some(text) => notation::parse_position(text).map_err(crate::core::StartError::position),
        }
    }

    const NOTATION: Notation<Board> = Notation {
        format_move: |column| notation::format_move(*column),
        parse_move,
        rows,
    };

    const RECORD_FORMATS: &'static [crate::core::record::format::RecordFormat<Params, u8>] =
        super::record::FORMATS;

    fn seat_label(seat: Seat) -> &'static str {
        match seat {
            Seat::First => "x",
            Seat::Second => "o",
        }
    }

    const HAS_ENGINE: bool = true;
    const HAS_ANALYSIS: bool = true;

    /// Exact per column: a win/draw/loss verdict for every column first, then each column's
    /// exact value as the solver (with the opening book, and a table kept between positions)
    /// finds it.
    fn move_values(
        state: &Board,
        _params: &Params,
        cancel: &AtomicBool,
        report: &mut dyn FnMut(MoveValues<u8>),
    ) {
        use super::engine;
        let Some(position) = engine_position(state) else {
            return;
        };
        let mut solver = analysis_solver();
        let _ = engine::move_values::column_values_as_found(
            &mut solver,
            &position,
            cancel,
            &mut |values| {
                report(MoveValues {
                    moves: (0..COLS)
                        .filter(|&col| position.can_play(col))
                        .map(|col| (col as u8, values[col]))
                        .collect(),
                    depth: None,
                });
            },
        );
        ANALYSIS_SOLVER
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .replace(solver);
    }

    fn engine_move(state: &Board, _params: &Params, ask: EngineAsk<'_>) -> Option<u8> {
        use super::engine;
        let position = engine_position(state)?;
        // The interactive budget keeps Master's early moves to seconds, not minutes.
        let budget = Some(engine::INTERACTIVE_BUDGET);
        engine::choose_move(&position, ask.level, ask.seed, ask.cancel, budget)
            .map(|column| column as u8)
    }
}

/// The engine's form of a rules board (`None` only if the two disagreed, which the rules
/// prevent).
pub(super) fn engine_position(state: &Board) -> Option<super::engine::Position> {
    let rows: Vec<Vec<Option<Seat>>> = (0..super::rules::ROWS)
        .map(|row| (0..COLS).map(|col| state.at(col, row)).collect())
        .collect();
    super::engine::Position::from_grid(&rows, state.side()).ok()
}

/// The analysis strip's solver, kept between positions: its table, filled by the last
/// position's search, makes the next position (one move on) much cheaper.
static ANALYSIS_SOLVER: std::sync::Mutex<Option<super::engine::Solver>> =
    std::sync::Mutex::new(None);

/// Table size of the analysis solver (2 MB): along a line of play from nine tokens a 32 MB
/// table took 2.4 times as long as this one, a 8 MB one 1.35 times (cache misses cost more
/// than the positions a bigger table saves; docs/BENCHMARKS.md, 2026-11-28).
const ANALYSIS_TABLE_BITS: u32 = 18;

/// The kept analysis solver, or a new one (with the opening book) when another analysis
/// still holds it.
fn analysis_solver() -> super::engine::Solver {
    ANALYSIS_SOLVER
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .take()
        .unwrap_or_else(|| {
            super::engine::Solver::with_table_bits(ANALYSIS_TABLE_BITS)
                .with_book(super::engine::Book::embedded())
        })
}
