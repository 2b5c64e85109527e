//! Reversi as a [`Game`]: identity, parameters, notation and engines — the part of the game
//! plain mode, saves and the analysis commands share with the arcade (the board is `ui.rs`).

use super::notation::{self, format_move, parse_move, rows};
use super::rules::{Board, Disc, Move, SIZE};
use crate::core::{
    EngineAsk, Game, MoveValue, MoveValues, Notation, Outcome, Rules, Seat, game_basics,
};
use serde::{Deserialize, Serialize};

/// A position to start from instead of the usual one (tests, puzzles, imported games).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartPosition {
    /// The board as [`notation::rows`] writes it, top row first.
    pub rows: Vec<String>,
    /// The colour to move first.
    pub to_move: Disc,
}

/// A new game's parameters: the start position, absent for the standard one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// Where the game starts; `None` for the four centre discs with black to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<StartPosition>,
}

/// Reversi: the rules, notation and engines behind one type, for the generic code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReversiGame;

impl Game for ReversiGame {
    game_basics! { Board, Params, "reversi", "Reversi", ["Black", "White"] }

    fn start(params: &Params) -> Result<Board, crate::core::StartError> {
        match &params.start {
            None => Ok(Board::new()),
            Some(start) => notation::from_rows(&start.rows, start.to_move)
                .map_err(crate::core::StartError::position),
        }
    }

    const NOTATION: Notation<Board> = Notation {
        format_move,
        parse_move,
        rows,
    };

    fn seat_label(seat: Seat) -> &'static str {
        Disc::of_seat(seat).name()
    }

    fn status_lines(state: &Board, _params: &Params) -> Vec<String> {
        let mut lines = vec![
            format!("Black discs: {}", state.count(Disc::Black)),
            format!("White discs: {}", state.count(Disc::White)),
        ];
        if state.must_pass() {
            lines.push(format!("{} must pass", colour_title(state.turn())));
        }
        lines
    }

    const HAS_ENGINE: bool = true;

    fn engine_move(state: &Board, _params: &Params, ask: EngineAsk<'_>) -> Option<Move> {
        use super::engine::{board, levels};
        if state.must_pass() {
            return Some(Move::Pass);
        }
        let (black, white) = bitboards(state);
        let pos = board::Position::from_colours(black, white, state.to_move() == Some(Seat::First));
        let square = levels::choose(&pos, ask.level, ask.seed, ask.cancel, None)?;
        let (x, y) = board::square_to_xy(square);
        Some(Move::Place(x, y))
    }

    const HAS_ANALYSIS: bool = true;

    /// The exact final disc difference of each move from 20 empty squares on (19 after the
    /// move), the midgame search's evaluation, deepened ply by ply, before that.
    fn move_values(
        state: &Board,
        _params: &Params,
        cancel: &std::sync::atomic::AtomicBool,
        report: &mut dyn FnMut(MoveValues<Move>),
    ) {
        use super::engine::board;
        use super::engine::move_values::{Value, move_values};
        if state.outcome().is_some() || state.must_pass() {
            return;
        }
        let (black, white) = bitboards(state);
        let pos = board::Position::from_colours(black, white, state.to_move() == Some(Seat::First));
        move_values(pos.player, pos.opponent, cancel, &mut |values, depth| {
            report(MoveValues {
                moves: values
                    .iter()
                    .map(|&(sq, value)| {
                        let (x, y) = board::square_to_xy(sq);
                        let value = value.map(|v| match v {
                            Value::Exact(margin) => MoveValue::Margin(margin),
                            Value::Estimate(score) => MoveValue::Estimate(score),
                        });
                        (Move::Place(x, y), value)
                    })
                    .collect(),
                depth,
            });
        });
    }

    fn outcome_text(outcome: Outcome, names: &[String], state: &Board) -> String {
        let black = state.count(Disc::Black);
        let white = state.count(Disc::White);
        match outcome {
            Outcome::Won(seat) => {
                let disc = Disc::of_seat(seat);
                let (won, lost) = match disc {
                    Disc::Black => (black, white),
                    Disc::White => (white, black),
                };
                let name = names
                    .get(seat.index())
                    .map_or(colour_title(disc), String::as_str);
                format!("{name} ({}) wins, {won} discs to {lost}!", disc.name())
            }
            Outcome::Draw | Outcome::Solved | Outcome::Lost => {
                format!("A draw: {black} discs each.")
            }
        }
    }

    fn forced_move(state: &Board) -> Option<Move> {
        state.must_pass().then_some(Move::Pass)
    }
}

/// A colour's name with a capital, for sentences that start with it.
pub(super) fn colour_title(disc: Disc) -> &'static str {
    match disc {
        Disc::Black => "Black",
        Disc::White => "White",
    }
}

/// The engine's colour bitboards of a rules board.
fn bitboards(state: &Board) -> (u64, u64) {
    use super::engine::board;
    let (mut black, mut white) = (0u64, 0u64);
    for x in 0..SIZE {
        for y in 0..SIZE {
            match state.disc_at(x, y) {
                Some(Disc::Black) => black |= board::xy_bit(x, y),
                Some(Disc::White) => white |= board::xy_bit(x, y),
                None => {}
            }
        }
    }
    (black, white)
}
