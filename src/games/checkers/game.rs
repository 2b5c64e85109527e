//! Checkers as a [`Game`]: identity, parameters, notation and engines — the part of the game
//! plain mode, saves and the analysis commands share with the arcade (the board is `ui.rs`).

use super::notation::{format_move, parse_move, rows};
pub use super::params::Params;
use super::rules::{Checkers, DRAW_PLIES, Move, color_name};
use crate::core::{
    EngineAsk, Game, MoveValue, MoveValues, Notation, Outcome, Rules, Seat, game_basics,
};

/// Checkers: the rules, notation and engines behind one type, for the generic code.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CheckersGame;

use crate::core::outcome::{draw_line, win_line};

impl Game for CheckersGame {
    game_basics! { Checkers, Params, "checkers", "Checkers", ["Player 1", "Player 2"] }

    fn start(params: &Params) -> Result<Checkers, crate::core::StartError> {
        params.position()
    }

    const NOTATION: Notation<Checkers> = Notation {
        format_move,
        parse_move,
        rows,
    };

    /// `11-15` (standard) or the seed's `2,5-3,4`: the history, plain mode and `parlor move`
    /// all write moves through this.
    fn name_move(_before: &Checkers, mv: &Move, names: crate::core::Coordinates) -> String {
        super::notation::format_named(mv, names)
    }

    const RECORD_FORMATS: &'static [crate::core::record::format::RecordFormat<Params, Move>] =
        super::record::FORMATS;

    fn seat_label(seat: Seat) -> &'static str {
        color_name(seat)
    }

    fn status_lines(state: &Checkers, params: &Params) -> Vec<String> {
        let mut lines = vec![if params.forced_capture {
            "Captures: compulsory".to_string()
        } else {
            "Captures: optional".to_string()
        }];
        for side in [Seat::First, Seat::Second] {
            let kings = state
                .board()
                .pieces()
                .filter(|(_, p)| p.side == side && p.king)
                .count();
            lines.push(format!(
                "{}: {} pieces, {kings} king{}",
                capitalized(color_name(side)),
                state.board().count(side),
                if kings == 1 { "" } else { "s" }
            ));
        }
        // Moves are counted as the history numbers them (one per player's turn): the draw
        // comes after 80, 40 by each side, with no capture and no pawn move.
        let quiet = state.quiet_plies();
        if quiet >= DRAW_PLIES / 4 {
            lines.push(format!("Quiet moves: {quiet} of {DRAW_PLIES}"));
        }
        lines
    }

    const HAS_ENGINE: bool = true;

    fn engine_move(state: &Checkers, _params: &Params, ask: EngineAsk<'_>) -> Option<Move> {
        super::engine::engine_move(state, ask.level.number(), ask.seed, ask.cancel, None)
    }

    const HAS_ANALYSIS: bool = true;

    /// From the endgame database where it covers the position (five pieces or fewer,
    /// compulsory capture): every move's exact result under the draw rule, the best first
    /// (the winner's way nearest to conversion, the loser's farthest), in one report.
    /// Elsewhere Master's search, one ply deeper at a time, scoring every move with a full
    /// window: an estimate in hundredths of a man, or a proven win or loss when the search
    /// sees the end or reaches a database position.
    fn move_values(
        state: &Checkers,
        _params: &Params,
        cancel: &std::sync::atomic::AtomicBool,
        report: &mut dyn FnMut(MoveValues<Move>),
    ) {
        use super::engine::{levels, search::database_result, win_in};
        if state.outcome().is_some() {
            return;
        }
        if let Some(values) = database_values(state) {
            report(values);
            return;
        }
        let pos = state.position();
        let mut searcher = levels::master_searcher(ANALYSIS_NODES, state.forced_capture(), cancel);
        for depth in 1..=ANALYSIS_DEPTH {
            let Some(scores) = searcher.move_scores(&pos, depth) else {
                return;
            };
            let decided = scores
                .iter()
                .all(|&(_, s)| win_in(s).is_some() || database_result(s).is_some());
            report(MoveValues {
                moves: scores
                    .iter()
                    .map(|(m, score)| {
                        let value = match (win_in(*score), database_result(*score)) {
                            // Plies to the end: the mover's n-th move wins, or the
                            // opponent's n-th reply does.
                            (Some(plies), _) if plies > 0 => {
                                MoveValue::Win(Some(plies.unsigned_abs().div_ceil(2)))
                            }
                            (Some(plies), _) => MoveValue::Loss(Some(plies.unsigned_abs() / 2)),
                            (None, Some(true)) => MoveValue::Win(None),
                            (None, Some(false)) => MoveValue::Loss(None),
                            (None, None) => MoveValue::Estimate(*score),
                        };
                        (Move::from_engine(m), Some(value))
                    })
                    .collect(),
                depth: Some(depth),
            });
            if decided {
                return;
            }
        }
    }

    /// "won (database)" (drawn, lost) where the database gave the values, "perfect with ≤ 5
    /// pieces" elsewhere under compulsory capture (the free-capture variant has no database).
    fn analysis_note(
        state: &Checkers,
        _params: &Params,
        values: &MoveValues<Move>,
    ) -> Option<String> {
        if !state.forced_capture() || super::endgame::play::shipped().is_none() {
            return None;
        }
        let pieces = state.board().count(Seat::First) + state.board().count(Seat::Second);
        if pieces > u32::from(DATABASE_PIECES) {
            return Some(format!("perfect with ≤ {DATABASE_PIECES} pieces"));
        }
        let (_, best) = values.best()?;
        let word = match best {
            MoveValue::Win(_) => "won",
            MoveValue::Loss(_) => "lost",
            _ => "drawn",
        };
        Some(format!("{word} (database)"))
    }

    fn outcome_text(outcome: Outcome, names: &[String], state: &Checkers) -> String {
        let name = |seat: Seat| {
            names
                .get(seat.index())
                .map_or_else(|| capitalized(color_name(seat)), Clone::clone)
        };
        match outcome {
            Outcome::Won(winner) => {
                let loser = winner.other();
                let why = if state.board().count(loser) == 0 {
                    "has no pieces left"
                } else {
                    "cannot move"
                };
                win_line(
                    &name(winner),
                    color_name(winner),
                    Some(&format!("{} {why}", name(loser))),
                )
            }
            Outcome::Draw => draw_line(Some(&format!(
                "{} moves each without a capture or a pawn move",
                DRAW_PLIES / 2
            ))),
            Outcome::Solved | Outcome::Lost => String::new(),
        }
    }
}

/// `black` → `Black`.
pub(super) fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The pieces the shipped endgame database covers (a test checks the file says the same).
pub const DATABASE_PIECES: u8 = 5;

/// The database's values of every move in `state`, best first, when it covers the position.
fn database_values(state: &Checkers) -> Option<MoveValues<Move>> {
    use super::endgame::{play, solve::Wdl};
    if !state.forced_capture() {
        return None;
    }
    let mut verdicts = play::move_verdicts(play::shipped()?, &state.position())?;
    // Best first, so that among equal values the strip's first (the hint's) is the database's
    // choice, the one that makes progress.
    verdicts.sort_by_key(|&(_, v)| std::cmp::Reverse(play::rank(v)));
    Some(MoveValues {
        moves: verdicts
            .into_iter()
            .map(|(m, v)| {
                let value = match v.wdl {
                    Wdl::Win => MoveValue::Win(None),
                    Wdl::Draw => MoveValue::Draw,
                    Wdl::Loss => MoveValue::Loss(None),
                };
                (Move::from_engine(&m), Some(value))
            })
            .collect(),
        depth: None,
    })
}

/// Nodes the analysis strip's search may spend in all (a few seconds on one core).
const ANALYSIS_NODES: u64 = 6_000_000;

/// The deepest iteration of the analysis strip's search, in plies.
const ANALYSIS_DEPTH: u32 = 24;
