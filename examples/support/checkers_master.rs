//! What the Checkers tuning examples (`checkers_tournament`, `checkers_tune`, `checkers_datagen`)
//! share: Master playing with this run's evaluation weights (`--weights`) or pattern tables
//! (`--patterns`), so a fit can be tried without a rebuild, and the other levels as in the
//! arcade.
//!
//! Included by both with `#[path]`; it is not an example of its own. Each reads only part of
//! a game's outcome, hence the allowance below.
#![allow(dead_code)]

use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

use parlor::games::checkers::engine::eval::material;
use parlor::games::checkers::engine::levels::{MAX_DEPTH, master_searcher};
use parlor::games::checkers::engine::master_eval::{MASTER, Weights, parse_weights, score};
use parlor::games::checkers::engine::pattern;
use parlor::games::checkers::engine::{EngineMove, Position, Strength, choose};

/// Master's weights for this run, when `--weights` gave some. The searcher takes a plain
/// function as its evaluation, so the weights live here rather than in a closure.
static WEIGHTS: OnceLock<Weights> = OnceLock::new();

/// Master's evaluation with this run's hand-made weights and its pattern tables.
fn master_eval(pos: &Position) -> i32 {
    score(pos, WEIGHTS.get().unwrap_or(&MASTER)) + pattern::correction(pos)
}

/// Reads `--weights w1,w2,…` from `args` (the list is [`parse_weights`]'s) and, if given,
/// makes Master play with them for the rest of the run. Returns them, to be printed.
pub fn weights_from_args(args: &[String]) -> Result<Option<Weights>, String> {
    let Some(at) = args.iter().position(|a| a == "--weights") else {
        return Ok(None);
    };
    let text = args
        .get(at + 1)
        .ok_or("--weights needs a comma-separated list of numbers")?;
    let weights = parse_weights(text).map_err(|e| format!("--weights: {e}"))?;
    let _ = WEIGHTS.set(weights);
    Ok(Some(weights))
}

/// Reads `--patterns FILE` from `args` and, if given, makes Master's evaluation use those
/// pattern tables (`examples/checkers_train.rs` writes them) for the rest of the run.
pub fn patterns_from_args(args: &[String]) -> Result<Option<String>, String> {
    let Some(at) = args.iter().position(|a| a == "--patterns") else {
        return Ok(None);
    };
    let path = args.get(at + 1).ok_or("--patterns needs a file")?;
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    let weights = pattern::Weights::parse(&bytes).map_err(|e| format!("{path}: {e}"))?;
    if !pattern::install(weights) {
        return Err("--patterns: tables were already in use".into());
    }
    Ok(Some(path.clone()))
}

/// A move of `level` with `nodes`: Master's with this run's weights, the others as in play.
pub fn pick(pos: &Position, level: Strength, nodes: u64, seed: u64) -> Option<EngineMove> {
    let never = AtomicBool::new(false);
    if level != Strength::Master || WEIGHTS.get().is_none() {
        return choose(pos, true, level, seed, &never, Some(nodes));
    }
    master_searcher(nodes, true, &never)
        .with_evaluation(master_eval)
        .iterate(pos, MAX_DEPTH, &mut || 0)
        .map(|found| found.best)
}

/// The longest game; then a side a pawn's worth ahead in material wins.
pub const MAX_PLIES: u32 = 200;

/// How a game of [`play_game`] ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    /// The side to move had no move and lost.
    NoMove,
    /// 80 plies without a capture or a pawn move: a draw.
    DrawRule,
    /// [`MAX_PLIES`] played: decided on material.
    PlyLimit,
}

/// The outcome of [`play_game`].
pub struct GameEnd {
    /// Black's result: 1 won, 0 drawn, -1 lost.
    pub black_result: i32,
    /// Plies played.
    pub plies: u32,
    /// Black's material lead at the end in hundredths of a pawn (0 when a side ran out of
    /// moves: the result says it all).
    pub black_lead: i32,
    /// How it ended.
    pub end: End,
    /// The last position.
    pub last: Position,
}

/// Black's material lead in hundredths of a pawn.
pub fn black_lead(pos: &Position) -> i32 {
    material(pos) * if pos.black_to_move { 1 } else { -1 }
}

/// Plays `black` against `white` (level and node budget each) from `start`, with the
/// tournament rules of the test suite: forced captures, the 80-ply draw rule, and after
/// [`MAX_PLIES`] a pawn's worth of material decides. `each` sees every position where a move
/// is about to be chosen, with its ply.
pub fn play_game(
    start: Position,
    black: (Strength, u64),
    white: (Strength, u64),
    seed: u64,
    mut each: impl FnMut(u32, &Position),
) -> GameEnd {
    let mut pos = start;
    let mut moves = Vec::new();
    for ply in 0..MAX_PLIES {
        pos.generate(true, &mut moves);
        let (level, nodes) = if pos.black_to_move { black } else { white };
        if pos.quiet_plies >= 80 && !moves.is_empty() {
            return GameEnd {
                black_result: 0,
                plies: ply,
                black_lead: black_lead(&pos),
                end: End::DrawRule,
                last: pos,
            };
        }
        let chosen = if moves.is_empty() {
            None
        } else {
            each(ply, &pos);
            pick(&pos, level, nodes, seed + u64::from(ply))
        };
        let Some(mv) = chosen else {
            return GameEnd {
                black_result: if pos.black_to_move { -1 } else { 1 },
                plies: ply,
                black_lead: 0,
                end: End::NoMove,
                last: pos,
            };
        };
        pos = pos.play(&mv);
    }
    let lead = black_lead(&pos);
    GameEnd {
        black_result: i32::from(lead >= 100) - i32::from(lead <= -100),
        plies: MAX_PLIES,
        black_lead: lead,
        end: End::PlyLimit,
        last: pos,
    }
}
