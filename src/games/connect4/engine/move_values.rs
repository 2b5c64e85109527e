//! The value of every column of a position, exactly: what an analysis strip under the board
//! and `parlor solve connect4 --moves` show.
//!
//! Each legal column is solved to its exact score with the perfect solver, so the answer can
//! take seconds early in a game (minutes in the opening, beyond the book): run it on a
//! background thread and raise the cancel flag when the position changes or the person
//! leaves. Keep one [`Solver`] for a sequence of analyses: its transposition table carries
//! over from one position to the next, which makes analysing a game move by move much cheaper.
//!
//! ```no_run
//! use std::sync::atomic::AtomicBool;
//! use parlor::games::connect4::engine::{Position, Solver, move_values::{column_values, MoveValue}};
//!
//! let position = Position::from_moves("4453").expect("a legal line");
//! let cancel = AtomicBool::new(false); // shared with the thread that may stop the analysis
//! let mut solver = Solver::new();
//! if let Ok(values) = column_values(&mut solver, &position, &cancel) {
//!     for (column, value) in values.iter().enumerate() {
//!         match value {
//!             Some(MoveValue::Win(n)) => println!("column {}: wins with its {n}th token", column + 1),
//!             Some(other) => println!("column {}: {other}", column + 1),
//!             None => println!("column {}: full", column + 1),
//!         }
//!     }
//! }
//! ```

use std::fmt;
use std::sync::atomic::AtomicBool;

use super::position::{CELLS, Position, WIDTH};
use super::solver::{Aborted, Solver};

/// What a move is worth with perfect play from both sides afterwards, counted in the mover's
/// own tokens (for a win) or the opponent's (for a loss) so that a person can read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveValue {
    /// The mover wins, with its `n`-th token from now (this move is the first): `Win(1)` is
    /// a four-in-a-row made by this very move.
    Win(u32),
    /// Neither side can force a win: the board fills up.
    Draw,
    /// The opponent wins, with its `n`-th token after this move: `Loss(1)` hands it a win at
    /// once.
    Loss(u32),
}

impl MoveValue {
    /// The value of a move from its solver score (see the solver module: 22 minus the
    /// winner's token count at the end, signed for the mover), in a position with
    /// `moves_played` tokens before the move.
    pub fn from_score(score: i32, moves_played: u32) -> Self {
        let end_tokens = 22 - score.unsigned_abs();
        // Before the move the mover has played floor(moves / 2) tokens, the opponent the rest.
        let mover = moves_played / 2;
        let opponent = moves_played - mover;
        match score.signum() {
            1 => Self::Win(end_tokens - mover),
            -1 => Self::Loss(end_tokens - opponent),
            _ => Self::Draw,
        }
    }

    /// The solver score this value stands for (the inverse of [`MoveValue::from_score`]).
    pub fn score(self, moves_played: u32) -> i32 {
        let mover = moves_played / 2;
        let opponent = moves_played - mover;
        match self {
            Self::Win(n) => (22 - (n + mover)) as i32,
            Self::Loss(n) => -((22 - (n + opponent)) as i32),
            Self::Draw => 0,
        }
    }
}

impl fmt::Display for MoveValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Win(n) => write!(f, "win in {n}"),
            Self::Draw => write!(f, "draw"),
            Self::Loss(n) => write!(f, "loss in {n}"),
        }
    }
}

/// The exact value of each column (index 0 is the leftmost) for the side to move; `None` for
/// a full column, and for every column once the game is over.
///
/// `cancel` is read every thousand positions or so; raise it from another thread to stop.
/// The solver may carry an opening book ([`Solver::with_book`]): its exact entries answer
/// at once.
///
/// # Errors
/// [`Aborted`] when `cancel` was raised before every column was solved (the solver stays
/// usable; nothing partial is returned, as a half-filled strip would mislead).
pub fn column_values(
    solver: &mut Solver,
    position: &Position,
    cancel: &AtomicBool,
) -> Result<[Option<MoveValue>; WIDTH], Aborted> {
    let mut values = [None; WIDTH];
    if position.is_over() {
        return Ok(values);
    }
    let moves = position.moves_played();
    for (col, value) in values.iter_mut().enumerate() {
        if !position.can_play(col) {
            continue;
        }
        let score = if position.is_winning_move(col) {
            (CELLS as i32 + 1 - moves as i32) / 2
        } else {
            let mut child = *position;
            child.play(col);
            -solver.solve_with(&child, cancel, None)?
        };
        *value = Some(MoveValue::from_score(score, moves));
    }
    Ok(values)
}

impl From<MoveValue> for crate::core::MoveValue {
    fn from(value: MoveValue) -> Self {
        match value {
            MoveValue::Win(n) => Self::Win(Some(n)),
            MoveValue::Draw => Self::Draw,
            MoveValue::Loss(n) => Self::Loss(Some(n)),
        }
    }
}

/// [`column_values`] for the analysis strip, told as it is found: `report` gets every
/// column's value so far (`None` for full columns and columns not yet solved) at the start,
/// after each column's win/draw/loss verdict (several times cheaper than its exact score, so
/// early positions show something sooner), then each time a column's exact value replaces
/// its verdict.
/// Columns are solved centre first.
///
/// # Errors
/// [`Aborted`] when `cancel` was raised (the solver stays usable).
pub fn column_values_as_found(
    solver: &mut Solver,
    position: &Position,
    cancel: &AtomicBool,
    report: &mut dyn FnMut(&[Option<crate::core::MoveValue>; WIDTH]),
) -> Result<(), Aborted> {
    use crate::core::MoveValue as Value;
    const CENTRE_FIRST: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];
    let mut values: [Option<Value>; WIDTH] = [None; WIDTH];
    if position.is_over() {
        return Ok(());
    }
    let moves = position.moves_played();
    let mut open = Vec::new();
    for col in CENTRE_FIRST {
        if !position.can_play(col) {
            continue;
        }
        if position.is_winning_move(col) {
            values[col] = Some(Value::Win(Some(1)));
        } else {
            open.push(col);
        }
    }
    report(&values);
    let child = |col: usize| {
        let mut child = *position;
        child.play(col);
        child
    };
    for &col in &open {
        values[col] = Some(match -solver.weak_solve(&child(col), cancel, None)? {
            1 => Value::Win(None),
            0 => Value::Draw,
            _ => Value::Loss(None),
        });
        report(&values);
    }
    for &col in &open {
        let score = -solver.solve_with(&child(col), cancel, None)?;
        values[col] = Some(MoveValue::from_score(score, moves).into());
        report(&values);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(moves: &str) -> [Option<MoveValue>; WIDTH] {
        let p = Position::from_moves(moves).expect("legal");
        column_values(
            &mut Solver::with_table_bits(18),
            &p,
            &AtomicBool::new(false),
        )
        .expect("no cancel")
    }

    /// Late positions (Pascal Pons's End-Easy set), quick to solve column by column.
    fn late_lines() -> Vec<String> {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/reference/connect4/Test_L3_R1");
        let text = std::fs::read_to_string(path).expect("the reference set");
        text.lines()
            .take(20)
            .filter_map(|l| l.split_whitespace().next().map(str::to_string))
            .collect()
    }

    #[test]
    fn values_agree_with_the_solver_and_with_immediate_results() {
        let mut solver = Solver::with_table_bits(18);
        for line in late_lines() {
            let p = Position::from_moves(&line).expect("legal");
            let v = values(&line);
            let best = v.iter().flatten().map(|m| m.score(p.moves_played())).max();
            assert_eq!(best, Some(solver.solve(&p)), "{line}");
            for (col, value) in v.iter().enumerate() {
                assert_eq!(value.is_some(), p.can_play(col));
                let Some(value) = *value else { continue };
                assert_eq!(
                    MoveValue::from_score(value.score(p.moves_played()), p.moves_played()),
                    value
                );
                if p.is_winning_move(col) {
                    assert_eq!(value, MoveValue::Win(1));
                } else {
                    let mut child = p;
                    child.play(col);
                    if child.can_win_next() {
                        assert_eq!(value, MoveValue::Loss(1), "{line} column {col}");
                    }
                }
            }
        }
        assert!(values("1212121").iter().all(Option::is_none));
    }

    #[test]
    fn values_as_found_end_with_the_exact_values() {
        for line in late_lines().iter().take(8) {
            let p = Position::from_moves(line).expect("legal");
            let mut reports = Vec::new();
            column_values_as_found(
                &mut Solver::with_table_bits(18),
                &p,
                &AtomicBool::new(false),
                &mut |v| reports.push(*v),
            )
            .expect("no cancel");
            let exact = values(line).map(|v| v.map(crate::core::MoveValue::from));
            assert_eq!(reports.last(), Some(&exact), "{line}");
            // The win/draw/loss pass agrees with the exact values on who wins.
            let open = p
                .legal_columns()
                .iter()
                .filter(|&&c| !p.is_winning_move(c))
                .count();
            let verdicts = reports[open];
            for (verdict, exact) in verdicts.iter().zip(exact) {
                let sign = |v: Option<crate::core::MoveValue>| match v {
                    Some(crate::core::MoveValue::Win(_)) => 1,
                    Some(crate::core::MoveValue::Loss(_)) => -1,
                    _ => 0,
                };
                assert_eq!(sign(*verdict), sign(exact), "{line}");
            }
        }
    }

    #[test]
    fn a_raised_flag_stops_the_analysis() {
        let p = Position::from_moves("44").expect("legal");
        let raised = AtomicBool::new(true);
        assert_eq!(
            column_values(&mut Solver::with_table_bits(16), &p, &raised),
            Err(Aborted)
        );
    }

    #[test]
    fn the_value_words() {
        assert_eq!(MoveValue::Win(3).to_string(), "win in 3");
        assert_eq!(MoveValue::Draw.to_string(), "draw");
        assert_eq!(MoveValue::Loss(2).to_string(), "loss in 2");
    }
}
