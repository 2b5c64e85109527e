//! Pentago's position puzzles (see `games::position`): positions from the computer's games in
//! which one placement and turn wins within one or two moves whatever the defence does, proven
//! by the bounded search over every defence (`position::proof`) on the engine's bitboards,
//! which also plays the defence.
//!
//! IDs write the 36 squares (a1 to f6, row by row: empty, X or O); the side to move follows
//! from the counts, since X moves first.

use std::sync::atomic::AtomicBool;

use super::engine::board::{After, EngineMove, Position};
use super::game::{Params, PentagoGame};
use super::notation::from_rows;
use super::rules::{Move, Pentago, SIZE};
use crate::core::puzzle_id::{IdError, Packer, Unpacker};
use crate::core::{MoveValue, Seat};
use crate::games::position::Adapter;
use crate::games::position::proof::{Next, Node, Prover};

/// Pentago's position puzzles.
pub struct Puzzles;

/// Positions the proof of one answer may visit.
const BUDGET: u64 = 2_000_000;

/// A position for the prover: the engine's, its mover first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Proof(Position);

impl Node for Proof {
    type Move = EngineMove;
    const STUCK_LOSES: bool = false;

    fn moves(&self, out: &mut Vec<(EngineMove, Next<Self>)>) {
        out.clear();
        for child in self.0.children() {
            let next = match child.after {
                After::Win => Next::Won,
                After::Loss => Next::Lost,
                After::Tie => Next::Drawn,
                After::Open(position) => Next::Open(Self(position)),
            };
            out.push((child.mv, next));
        }
    }

    fn wins_now(&self) -> bool {
        self.0.can_win_now()
    }
}

impl Adapter for Puzzles {
    type Game = PentagoGame;

    const ID: &'static str = "pentago_puzzles";
    const TITLE: &'static str = "Pentago puzzles";
    const ALIASES: &'static [&'static str] = &["pentago-puzzles"];
    const BLURB: &'static str = "Place and turn to win in one or two: positions from real games.";
    const EXAMPLE: &'static str = "parlor pentago-puzzles --depth 2";
    const CODE: &'static str = "pg";
    const DEPTHS: std::ops::RangeInclusive<u32> = 1..=2;
    const DEPTH_MEANS: &'static str = "your moves to the win";

    fn game_params() -> Params {
        Params {}
    }

    fn encode(board: &Pentago) -> String {
        let mut packer = Packer::new();
        for row in board.board() {
            for cell in row {
                packer.push(
                    match cell {
                        None => 0,
                        Some(Seat::First) => 1,
                        Some(Seat::Second) => 2,
                    },
                    3,
                );
            }
        }
        packer.finish()
    }

    fn decode(field: &str) -> Result<Pentago, IdError> {
        let mut unpacker = Unpacker::new(field, "board")?;
        let rows: Vec<String> = (0..SIZE)
            .map(|_| {
                (0..SIZE)
                    .map(|_| match unpacker.take(3) {
                        1 => 'X',
                        2 => 'O',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        unpacker.finish("board")?;
        from_rows(&rows).map_err(|err| IdError::Field(err.to_string()))
    }

    /// Wins and losses within `horizon` moves, proven by the bounded search (one move for
    /// each distinct result, as the engine merges them); beyond it, unknown.
    fn values(
        board: &Pentago,
        horizon: u32,
        cancel: &AtomicBool,
    ) -> Option<Vec<(Move, MoveValue)>> {
        let position = Position::from_game(board)?;
        // A defence has at most one move left to answer in these puzzles: losses within one
        // are all the judge needs, and proving losses in two costs a hundredfold.
        let mut prover = Prover::new(BUDGET, cancel).with_loss_horizon(1);
        let values = prover
            .values(Proof(position), horizon.min(*Self::DEPTHS.end()))
            .ok()?;
        Some(
            values
                .into_iter()
                .map(|(m, value)| (m.to_rules(), value))
                .collect(),
        )
    }

    /// Positions with 12 to 28 pieces: threats are on the board, and proofs are quick.
    fn candidate(board: &Pentago) -> bool {
        (12..=28).contains(&board.pieces())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_reachable_board_round_trips(choices in prop::collection::vec(0usize..300, 0..30)) {
            let mut board = Pentago::new();
            for choice in choices {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                board.play(&moves[choice % moves.len()]).expect("legal");
            }
            if board.outcome().is_none() {
                let field = Puzzles::encode(&board);
                prop_assert_eq!(Puzzles::decode(&field).expect("reads"), board);
            }
        }
    }

    #[test]
    fn impossible_counts_are_refused() {
        let mut packer = Packer::new();
        packer.push(2, 3);
        for _ in 1..36 {
            packer.push(0, 3);
        }
        assert!(Puzzles::decode(&packer.finish()).is_err());
    }
}
