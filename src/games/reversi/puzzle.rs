//! Reversi's position puzzles (see `games::position`): endgames from the computer's games in
//! which one move reaches the best final disc margin and every other does worse, proven by the
//! exact endgame solver, which also judges the player's move.
//!
//! IDs write the 64 squares (a1 to h8, row by row: empty, black or white) and the colour to
//! move.

use std::sync::atomic::AtomicBool;

use super::engine::board::{Bits, flips, legal_moves, square_to_xy};
use super::engine::search::Searcher;
use super::game::{Params, ReversiGame, bitboards};
use super::notation::from_rows;
use super::rules::{Board, Disc, Move, SIZE};
use crate::core::puzzle_id::{IdError, Packer, Unpacker};
use crate::core::{MoveValue, Rules, Seat};
use crate::games::position::Adapter;
use crate::games::position::goal::Goal;

/// Reversi's position puzzles.
pub struct Puzzles;

/// The endgame solver's table (2²⁰ entries).
const TABLE_BITS: u32 = 20;

/// The margin of a position for the side to move (`p` against `o`), exactly, or `None` when
/// stopped.
fn margin(searcher: &mut Searcher<'_>, p: u64, o: u64) -> Option<i32> {
    searcher.solve(p, o).map(|found| found.score)
}

impl Adapter for Puzzles {
    type Game = ReversiGame;

    const ID: &'static str = "reversi_puzzles";
    const TITLE: &'static str = "Reversi endgames";
    const ALIASES: &'static [&'static str] = &["reversi-puzzles", "othello-puzzles"];
    const BLURB: &'static str = "Endgames from real games: find the one move that ends best.";
    const EXAMPLE: &'static str = "parlor reversi-puzzles --depth 10";
    const CODE: &'static str = "rv";
    const DEPTHS: std::ops::RangeInclusive<u32> = 6..=14;
    const DEPTH_MEANS: &'static str = "empty squares";

    fn game_params() -> Params {
        Params::default()
    }

    fn encode(board: &Board) -> String {
        let mut packer = Packer::new();
        for y in 0..SIZE {
            for x in 0..SIZE {
                let cell = match board.disc_at(x, y) {
                    None => 0,
                    Some(Disc::Black) => 1,
                    Some(Disc::White) => 2,
                };
                packer.push(cell, 3);
            }
        }
        packer.push(u32::from(board.turn() == Disc::White), 2);
        packer.finish()
    }

    fn decode(field: &str) -> Result<Board, IdError> {
        let mut unpacker = Unpacker::new(field, "board")?;
        let mut grid = [['.'; SIZE as usize]; SIZE as usize];
        for cell in grid.iter_mut().flatten() {
            *cell = match unpacker.take(3) {
                1 => Disc::Black.symbol(),
                2 => Disc::White.symbol(),
                _ => '.',
            };
        }
        let to_move = if unpacker.take(2) == 1 {
            Disc::White
        } else {
            Disc::Black
        };
        unpacker.finish("board")?;
        let rows: Vec<String> = grid.iter().rev().map(|row| row.iter().collect()).collect();
        from_rows(&rows, to_move).map_err(|err| IdError::Field(err.to_string()))
    }

    /// The exact final margin of every move (a pass when there is none), whatever the
    /// horizon.
    fn values(board: &Board, _horizon: u32, cancel: &AtomicBool) -> Option<Vec<(Move, MoveValue)>> {
        let (black, white) = bitboards(board);
        let (mover, other) = if board.to_move() == Some(Seat::First) {
            (black, white)
        } else {
            (white, black)
        };
        let mut searcher = Searcher::new(TABLE_BITS, u64::MAX, cancel);
        let moves = legal_moves(mover, other);
        if moves == 0 {
            let score = -margin(&mut searcher, other, mover)?;
            return Some(vec![(Move::Pass, MoveValue::Margin(score))]);
        }
        let mut values = Vec::new();
        for square in Bits(moves) {
            let flipped = flips(mover, other, square);
            let score = -margin(
                &mut searcher,
                other & !flipped,
                mover | flipped | (1u64 << square),
            )?;
            let (x, y) = square_to_xy(square);
            values.push((Move::Place(x, y), MoveValue::Margin(score)));
        }
        Some(values)
    }

    fn candidate(board: &Board) -> bool {
        let empties = 64 - board.count(Disc::Black) - board.count(Disc::White);
        Self::DEPTHS.contains(&(empties as u32)) && !board.must_pass()
    }

    /// The only move that wins (ends ahead) while every other draws or loses: "find the only
    /// win"; else a best move that does not lose, four discs or more ahead of every other:
    /// "best move: +N". The depth is the number of empty squares.
    fn classify(board: &Board, values: &[(Move, MoveValue)]) -> Option<(Goal, u32)> {
        let mut margins: Vec<i32> = values
            .iter()
            .filter_map(|(_, v)| match v {
                MoveValue::Margin(m) => Some(*m),
                _ => None,
            })
            .collect();
        if margins.len() < 2 || margins.len() != values.len() {
            return None;
        }
        margins.sort_unstable_by(|a, b| b.cmp(a));
        let empties = (64 - board.count(Disc::Black) - board.count(Disc::White)) as u32;
        let (best, second) = (margins[0], margins[1]);
        if best > 0 && second <= 0 {
            Some((Goal::OnlyWin, empties))
        } else if best >= 0 && best >= second + 4 {
            Some((Goal::Margin(best), empties))
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_reachable_board_round_trips(choices in prop::collection::vec(0usize..64, 0..60)) {
            let mut board = Board::new();
            for choice in choices {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                board.play(&moves[choice % moves.len()]).expect("legal");
            }
            let field = Puzzles::encode(&board);
            prop_assert_eq!(Puzzles::decode(&field).expect("reads"), board);
        }
    }

    #[test]
    fn a_board_without_its_centre_is_refused() {
        let mut packer = Packer::new();
        for _ in 0..65 {
            packer.push(0, 3);
        }
        assert!(Puzzles::decode(&packer.finish()).is_err());
    }
}
