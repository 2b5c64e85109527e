//! `parlor solve pentago`: exact values of positions read one per line.
//!
//! A line is 36 characters — rows A to F from the top, each left to right, `x` the first
//! player, `o` the second, `.` empty — a space, and the side to place next (`x` or `o`). The
//! answer is the value for that side under perfect play (`1` win, `0` tie, `-1` loss) and a
//! best move in the `c31r` notation, e.g. `1 c31r`.

use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;

use super::board::{Position, bit, has_five};
use super::search::Searcher;
use crate::games::pentago::notation::format_move;

/// Positions with at most this many empty squares are always solved to the end.
pub const EXACT_EMPTIES: u32 = 10;

/// The node budget for deeper positions: past it the answer is "too deep", never a guess.
pub const DEEP_BUDGET: u64 = 3_000_000;

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
    /// Beyond what the solver finishes within [`DEEP_BUDGET`] nodes.
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

/// Solves `pos` exactly: always for up to [`EXACT_EMPTIES`] empty squares, within
/// `deep_budget` nodes beyond.
#[must_use]
pub fn solve_position(pos: Position, deep_budget: u64) -> Answer {
    if let Some(value) = finished(pos) {
        return Answer::Solved(value, None);
    }
    let never = AtomicBool::new(false);
    let empties = pos.empty().count_ones();
    let budget = if empties <= EXACT_EMPTIES {
        u64::MAX
    } else {
        deep_budget
    };
    // A million entries hold a 10-empty solve; deeper tries get four times as many.
    let bits = if empties <= EXACT_EMPTIES { 20 } else { 22 };
    let mut searcher = Searcher::new(bits, budget, &never);
    match searcher.solve(pos) {
        Some((value, best)) => Answer::Solved(value, best.map(|mv| format_move(&mv.to_rules()))),
        None => Answer::TooDeep,
    }
}

/// Reads positions and prints one answer a line: `1 c31r`, `0 a1` (a placement that wins at
/// once needs no rotation), `-1 end` for a finished game, `too deep`, or `error: …` for a
/// line that cannot be read (the next line is still read). Blank lines are skipped.
///
/// # Errors
/// Only failures to read `input` or write `out`.
pub fn solve_lines(input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        match parse_line(&line) {
            Err(e) => writeln!(out, "error: {e}")?,
            Ok(parsed) => match solve_position(parsed.pos, DEEP_BUDGET) {
                Answer::Solved(value, Some(mv)) => writeln!(out, "{value} {mv}")?,
                Answer::Solved(value, None) => writeln!(out, "{value} end")?,
                Answer::TooDeep => writeln!(out, "too deep")?,
            },
        }
        out.flush()?;
    }
    Ok(())
}
