//! Checkers' position puzzles (see `games::position`): positions from the computer's games in
//! which one move forces a win (the other side left without pieces or moves) within a few
//! moves, proven by a bounded search over every defence (`position::proof`), which also plays
//! the defence. Standard rules: captures are compulsory.
//!
//! IDs write the 32 dark squares (empty, black man, black king, white man, white king) and the
//! side to move. The draw counter starts at zero: no puzzle comes near the 80-move rule.
//!
//! An endgame database (being built separately) can take the place of the search for the
//! positions it holds: [`Adapter::values`] is the one place that asks.

use std::sync::atomic::AtomicBool;

use super::engine::board::{EngineMove, MoveList, Position};
use super::engine::{levels, win_in};
use super::game::{CheckersGame, Params};
use super::rules::{Checkers, Move, Piece, Setup, Square};
use crate::core::puzzle_id::{IdError, Packer, Unpacker};
use crate::core::{MoveValue, Seat};
use crate::games::position::Adapter;
use crate::games::position::proof::{Next, Node, Prover};

/// Checkers' position puzzles.
pub struct Puzzles;

/// Positions the proof of one answer may visit.
const BUDGET: u64 = 4_000_000;

/// Nodes the quick look before a proof may search.
const PEEK_NODES: u64 = 300_000;

/// A position for the prover: the engine's, with the draw counter left out (it cannot matter
/// within a puzzle's few moves, and would keep equal positions apart in the table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Proof(Position);

impl Node for Proof {
    type Move = EngineMove;
    const STUCK_LOSES: bool = true;

    fn moves(&self, out: &mut Vec<(EngineMove, Next<Self>)>) {
        out.clear();
        let mut list = MoveList::new();
        self.0.generate(true, &mut list);
        for m in list {
            let mut next = self.0.play(&m);
            next.quiet_plies = 0;
            out.push((m, Next::Open(Self(next))));
        }
    }
}

impl Adapter for Puzzles {
    type Game = CheckersGame;

    const ID: &'static str = "checkers_puzzles";
    const TITLE: &'static str = "Checkers problems";
    const ALIASES: &'static [&'static str] = &["checkers-puzzles", "draughts-puzzles"];
    const BLURB: &'static str = "Force the win in N moves: positions from real games.";
    const EXAMPLE: &'static str = "parlor checkers-puzzles --depth 3";
    const CODE: &'static str = "ck";
    const DEPTHS: std::ops::RangeInclusive<u32> = 2..=6;
    const DEPTH_MEANS: &'static str = "your moves to the win";

    fn game_params() -> Params {
        Params::default()
    }

    fn encode(board: &Checkers) -> String {
        let mut packer = Packer::new();
        for index in 0..32u8 {
            let cell = match board.piece_at(Square::from_index(index)) {
                None => 0,
                Some(Piece {
                    side: Seat::First,
                    king: false,
                }) => 1,
                Some(Piece {
                    side: Seat::First,
                    king: true,
                }) => 2,
                Some(Piece {
                    side: Seat::Second,
                    king: false,
                }) => 3,
                Some(Piece {
                    side: Seat::Second,
                    king: true,
                }) => 4,
            };
            packer.push(cell, 5);
        }
        packer.push(u32::from(board.side_to_move() == Seat::Second), 2);
        packer.finish()
    }

    fn decode(field: &str) -> Result<Checkers, IdError> {
        let mut unpacker = Unpacker::new(field, "board")?;
        let mut pieces = Vec::new();
        for index in 0..32u8 {
            let (side, king) = match unpacker.take(5) {
                0 => continue,
                1 => (Seat::First, false),
                2 => (Seat::First, true),
                3 => (Seat::Second, false),
                _ => (Seat::Second, true),
            };
            pieces.push((Square::from_index(index), Piece { side, king }));
        }
        let to_move = if unpacker.take(2) == 1 {
            Seat::Second
        } else {
            Seat::First
        };
        unpacker.finish("board")?;
        Checkers::try_from(Setup {
            pieces,
            to_move,
            quiet_plies: 0,
            forced_capture: true,
        })
        .map_err(|err| IdError::Field(err.to_string()))
    }

    /// Wins and losses within `horizon` moves, proven by the bounded search; beyond it,
    /// unknown.
    fn values(
        board: &Checkers,
        horizon: u32,
        cancel: &AtomicBool,
    ) -> Option<Vec<(Move, MoveValue)>> {
        let mut position = board.position();
        position.quiet_plies = 0;
        let mut prover = Prover::new(BUDGET, cancel);
        let values = prover.values(Proof(position), horizon).ok()?;
        Some(
            values
                .into_iter()
                .map(|(m, value)| (Move::from_engine(&m), value))
                .collect(),
        )
    }

    /// Whether Master's search sees a forced win for the side to move within the deepest
    /// puzzle: a quick look (a few hundred thousand nodes) before the proof.
    fn promising(board: &Checkers, cancel: &AtomicBool) -> bool {
        let mut position = board.position();
        position.quiet_plies = 0;
        let plies = 2 * Self::DEPTHS.end() - 1;
        let mut searcher = levels::master_searcher(PEEK_NODES, true, cancel);
        searcher
            .iterate(&position, plies, &mut || 0)
            .and_then(|found| win_in(found.score))
            .is_some_and(|to_end| to_end > 0 && to_end <= plies as i32)
    }

    /// Positions with at most 12 pieces left and captures compulsory: endings, where forced
    /// wins are and proofs are quick.
    fn candidate(board: &Checkers) -> bool {
        board.forced_capture()
            && board.board().count(Seat::First) + board.board().count(Seat::Second) <= 12
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_reachable_board_round_trips(choices in prop::collection::vec(0usize..20, 0..80)) {
            let mut board = Checkers::new(true);
            for choice in choices {
                let moves = board.legal_moves();
                if moves.is_empty() {
                    break;
                }
                board.play(&moves[choice % moves.len()]).expect("legal");
            }
            let field = Puzzles::encode(&board);
            let back = Puzzles::decode(&field).expect("reads");
            prop_assert_eq!(Puzzles::encode(&back), field);
            prop_assert_eq!(back.board(), board.board());
            prop_assert_eq!(back.side_to_move(), board.side_to_move());
        }
    }

    #[test]
    fn a_man_on_its_crowning_row_is_refused() {
        let mut packer = Packer::new();
        for index in 0..32 {
            // A black man on white's back row (index 0 is row 0, where black men crown).
            packer.push(u32::from(index == 0), 5);
        }
        packer.push(0, 2);
        assert!(Puzzles::decode(&packer.finish()).is_err());
    }

    #[test]
    fn two_kings_against_one_in_a_corner_is_a_proven_win() {
        // White king cornered on 0,0's neighbourhood by two black kings: black wins quickly.
        let board = Puzzles::decode(&Puzzles::encode(
            &Checkers::try_from(Setup {
                pieces: vec![
                    (
                        Square::from_index(0),
                        Piece {
                            side: Seat::Second,
                            king: true,
                        },
                    ),
                    (
                        Square::from_index(9),
                        Piece {
                            side: Seat::First,
                            king: true,
                        },
                    ),
                    (
                        Square::from_index(10),
                        Piece {
                            side: Seat::First,
                            king: true,
                        },
                    ),
                ],
                to_move: Seat::First,
                quiet_plies: 0,
                forced_capture: true,
            })
            .expect("a position"),
        ))
        .expect("reads");
        let never = AtomicBool::new(false);
        let values = Puzzles::values(&board, 6, &never).expect("proven");
        assert!(
            values
                .iter()
                .any(|(_, v)| matches!(v, MoveValue::Win(Some(_)))),
            "{values:?}"
        );
    }
}
