//! `parlor solve pentago`: exact values of positions read one per line.
//!
//! A line is 36 characters — rows A to F from the top, each left to right, `x` the first
//! player, `o` the second, `.` empty — a space, and the side to place next (`x` or `o`). The
//! answer is the value for that side under perfect play (`1` win, `0` tie, `-1` loss) and a
//! best move in the `c31r` notation, e.g. `1 c31r`.

use std::sync::atomic::AtomicBool;

use super::board::{Position, bit, has_five};
use super::exact::Solver;
use crate::games::pentago::notation::format_move;

/// The table size of `parlor solve pentago` unless `--table-mb` says otherwise.
pub const DEFAULT_TABLE_MB: usize = 256;

/// Why a line is not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// The board part is not 36 characters of `x`, `o` and `.`.
    #[error("the board must be 36 characters of x, o and . (rows A to F), found {0:?}")]
    Board(String),
    /// The side to place is missing or not `x`/`o`.
    #[error("the side to place must be x or o, found {0:?}")]
    Side(String),
    /// More than two fields.
    #[error("unexpected text after the side to place: {0:?}")]
    Extra(String),
}

/// A parsed line: the position from the side to place, and that side's letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// The position, the side to place first.
    pub pos: Position,
    /// Whether `x` places next.
    pub x_to_place: bool,
}

/// Reads one line (surrounding spaces are ignored).
///
/// # Errors
/// The first thing wrong with it.
pub fn parse_line(line: &str) -> Result<Line, LineError> {
    let mut fields = line.split_whitespace();
    let board = fields.next().unwrap_or_default();
    let side = fields.next().unwrap_or_default();
    if let Some(extra) = fields.next() {
        return Err(LineError::Extra(extra.to_string()));
    }
    if board.chars().count() != 36 || !board.chars().all(|c| matches!(c, 'x' | 'o' | '.')) {
        return Err(LineError::Board(board.to_string()));
    }
    let (mut x, mut o) = (0u64, 0u64);
    for (i, c) in board.bytes().enumerate() {
        match c {
            b'x' => x |= bit(i / 6, i % 6),
            b'o' => o |= bit(i / 6, i % 6),
            _ => {}
        }
    }
    let x_to_place = match side {
        "x" => true,
        "o" => false,
        other => return Err(LineError::Side(other.to_string())),
    };
    let pos = if x_to_place {
        Position { me: x, you: o }
    } else {
        Position { me: o, you: x }
    };
    Ok(Line { pos, x_to_place })
}

/// The answer for one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The exact value for the side to place and a best move (`None` when the game is
    /// already over: a five on the board or a full board).
    Solved(i32, Option<String>),
    /// Not finished within the node budget given (the command line has none).
    TooDeep,
}

/// The value of a finished position for the side to place, `None` while the game is on.
fn finished(pos: Position) -> Option<i32> {
    match (has_five(pos.me), has_five(pos.you)) {
        (true, true) => Some(0),
        (true, false) => Some(1),
        (false, true) => Some(-1),
        (false, false) => (pos.empty() == 0).then_some(0),
    }
}

/// A table fitting a position with `empties` empty squares: 1 MB up to 10, doubling per empty
/// square up to [`DEFAULT_TABLE_MB`] (at 18). A fresh table costs its pages as they are first
/// touched, which for a one-second solve in a big table is a good part of the time.
#[must_use]
pub fn table_mb_for(empties: u32) -> usize {
    (1usize << empties.saturating_sub(10).min(20)).min(DEFAULT_TABLE_MB)
}

/// Solves `pos` with `solver` (whose table may hold earlier positions' results: they stay
/// true). A finished game is answered without a search.
#[must_use]
pub fn solve_with(solver: &mut Solver<'_>, pos: Position) -> Answer {
    if let Some(value) = finished(pos) {
        return Answer::Solved(value, None);
    }
    match solver.solve(pos) {
        Some((value, best)) => Answer::Solved(value, best.map(|mv| format_move(&mv.to_rules()))),
        None => Answer::TooDeep,
    }
}

/// Solves `pos` exactly with a fresh table sized by [`table_mb_for`], giving up (`TooDeep`)
/// after `budget` nodes (`u64::MAX`: never).
#[must_use]
pub fn solve_position(pos: Position, budget: u64) -> Answer {
    let never = AtomicBool::new(false);
    let mut solver = Solver::new(table_mb_for(pos.empty().count_ones()), budget, &never);
    solve_with(&mut solver, pos)
}
