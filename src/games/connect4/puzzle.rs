//! Connect Four's position puzzles (see `games::position`): positions from the computer's games
//! with one clearly best column, proven by the perfect solver, which also plays the defence.
//!
//! IDs write the board column by column: each column's height (0 to 6), then its tokens from
//! the bottom (x or o); the side to move follows from the counts, since x moves first.

use std::sync::atomic::AtomicBool;

use super::engine::{Book, Solver, column_values};
use super::game::{ConnectFourGame, Params, engine_position};
use super::rules::{Board, COLS, ROWS, Setup};
use crate::core::puzzle_id::{IdError, Packer, Unpacker};
use crate::core::{MoveValue, Seat};
use crate::games::position::Adapter;

/// Connect Four's position puzzles.
pub struct Puzzles;

/// The solver's table for one answer (2¹⁸ entries, 2 MB): bigger tables lose more to cache
/// misses than they save (docs/BENCHMARKS.md, 2026-11-28).
const TABLE_BITS: u32 = 18;

impl Adapter for Puzzles {
    type Game = ConnectFourGame;

    const ID: &'static str = "connect4_puzzles";
    const TITLE: &'static str = "Connect Four puzzles";
    const ALIASES: &'static [&'static str] = &["connect4-puzzles", "c4-puzzles"];
    const BLURB: &'static str =
        "Win in N, or find the one column that holds: positions from real games.";
    const EXAMPLE: &'static str = "parlor connect4-puzzles --depth 3";
    const CODE: &'static str = "c4";
    const DEPTHS: std::ops::RangeInclusive<u32> = 2..=8;
    const DEPTH_MEANS: &'static str = "your moves to the win, or how soon the other columns lose";

    fn game_params() -> Params {
        Params::default()
    }

    fn encode(board: &Board) -> String {
        let mut packer = Packer::new();
        for col in 0..COLS {
            let height = board.height(col);
            packer.push(height as u32, ROWS as u32 + 1);
            for row in 0..height {
                packer.push(u32::from(board.at(col, row) == Some(Seat::Second)), 2);
            }
        }
        packer.finish()
    }

    fn decode(field: &str) -> Result<Board, IdError> {
        let mut unpacker = Unpacker::new(field, "board")?;
        let mut cells = [[None; COLS]; ROWS];
        for col in 0..COLS {
            let height = unpacker.take(ROWS as u32 + 1) as usize;
            for cell in cells.iter_mut().take(height) {
                cell[col] = Some(if unpacker.take(2) == 1 {
                    Seat::Second
                } else {
                    Seat::First
                });
            }
        }
        unpacker.finish("board")?;
        let count = |seat| cells.iter().flatten().filter(|&&c| c == Some(seat)).count();
        let to_move = if count(Seat::First) == count(Seat::Second) {
            Seat::First
        } else {
            Seat::Second
        };
        Board::try_from(Setup { cells, to_move }).map_err(|err| IdError::Field(err.to_string()))
    }

    /// Exact for every column, whatever the horizon: the perfect solver, with the opening
    /// book.
    fn values(board: &Board, _horizon: u32, cancel: &AtomicBool) -> Option<Vec<(u8, MoveValue)>> {
        let position = engine_position(board)?;
        let mut solver = Solver::with_table_bits(TABLE_BITS).with_book(Book::embedded());
        let values = column_values(&mut solver, &position, cancel).ok()?;
        Some(
            values
                .iter()
                .enumerate()
                .filter_map(|(col, value)| Some((col as u8, MoveValue::from((*value)?))))
                .collect(),
        )
    }

    /// Positions with 14 to 34 tokens: the middle game, where tactics decide and the solver
    /// is quick.
    fn candidate(board: &Board) -> bool {
        (14..=34).contains(&board.tokens())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_reachable_board_round_trips(columns in prop::collection::vec(0u8..7, 0..42)) {
            let mut board = Board::new();
            for col in columns {
                if board.outcome().is_some() {
                    break;
                }
                let _ = board.play(&col);
            }
            let field = Puzzles::encode(&board);
            prop_assert_eq!(Puzzles::decode(&field).expect("reads"), board);
        }
    }

    #[test]
    fn impossible_boards_are_refused() {
        // Two x tokens and no o: the counts cannot be.
        let mut packer = Packer::new();
        packer.push(2, 7);
        packer.push(0, 2);
        packer.push(0, 2);
        for _ in 1..COLS {
            packer.push(0, 7);
        }
        let err = Puzzles::decode(&packer.finish()).expect_err("impossible");
        assert!(err.to_string().contains("cannot have"), "{err}");
        assert!(Puzzles::decode("zzzzzzzzzzzzzzzzzzzzzzzzzzzz").is_err());
    }
}
