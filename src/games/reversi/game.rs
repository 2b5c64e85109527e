//! Reversi as a [`Game`]: identity, parameters, notation and engines — the part of the game
//! plain mode, saves and the analysis commands share with the arcade (the board is `ui.rs`).

use super::notation::{self, format_move, parse_move, rows};
pub use super::params::{Params, StartPosition};
use super::rules::{Board, Disc, Move, SIZE};
use crate::core::{
    EngineAsk, Game, MoveValue, MoveValues, Notation, Outcome, Rules, Seat, game_basics,
};

/// Reversi: the rules, notation and engines behind one type, for the generic code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReversiGame;

use crate::core::outcome::{draw_line, score, win_line};

impl Game for ReversiGame {
    game_basics! { Board, Params, "reversi", "Reversi", ["Black", "White"] }

    fn start(params: &Params) -> Result<Board, crate::core::StartError> {
        params.position()
    }

    const NOTATION: Notation<Board> = Notation {
        format_move,
        parse_move,
        rows,
    };

    const RECORD_FORMATS: &'static [crate::core::record::format::RecordFormat<Params, Move>] =
        super::record::FORMATS;

    /// `d3` (standard) or the seed's `4,5`, and `pass`: the history, plain mode and the
    /// analysis strip all write moves through this.
    fn name_move(_before: &Board, mv: &Move, names: crate::core::Coordinates) -> String {
        match *mv {
            Move::Place(x, y) => names.name::<notation::ReversiSquares>((x, y)),
            Move::Pass => "pass".to_string(),
        }
    }

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
                win_line(name, disc.name(), Some(&score(won, lost)))
            }
            Outcome::Draw | Outcome::Solved | Outcome::Lost => {
                draw_line(Some(&score(black, white)))
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
pub(super) fn bitboards(state: &Board) -> (u64, u64) {
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
