//! Generates the training positions for the Reversi pattern evaluation
//! (`assets/reversi/weights.bin`, trained by `examples/reversi_train.rs`).
//!
//! `cargo run --release --features tools --example reversi_datagen -- OUTPUT GAMES [EXACT_EMPTIES] [SEED]` plays GAMES
//! self-play games and appends their positions to OUTPUT, one line each:
//! `PLAYER_HEX OPPONENT_HEX SCORE`, the two bitboards of the side to move and the other side,
//! and the final disc difference for the side to move.
//!
//! Each game (seeded by its number and `SEED`, default 0, so a run is reproducible) opens with 4 to 13 random moves,
//! continues with a depth-4 midgame search with the hand-written evaluation, and from `EXACT_EMPTIES` (default 16) empty squares
//! on is solved exactly by the project's own endgame solver. Positions from there on carry
//! their exact value (a quarter of those moves are played at random, so the endgame positions
//! are not all on a perfect-play line; each position is solved on its own); earlier positions
//! carry the exact value of the first solved position — the outcome of the game from there
//! with perfect play, the usual label for midgame pattern training.
//!
//! Resumable: the game number is written as a `# game N` line after each game, and a run
//! starts after the last one found in OUTPUT. Progress goes to stderr.

use std::fmt::Write as _;
use std::fs::OpenOptions;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use parlor::games::reversi::engine::Position;
use parlor::games::reversi::engine::board::Bits;
use parlor::games::reversi::engine::eval;
use parlor::games::reversi::engine::search::Searcher;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

#[path = "support/resume.rs"]
mod resume;

/// A random legal move, or a pass.
fn random_step(pos: &Position, rng: &mut SmallRng) -> Position {
    let moves: Vec<u8> = Bits(pos.moves()).collect();
    if moves.is_empty() {
        return pos.pass();
    }
    pos.play(moves[rng.random_range(0..moves.len())])
        .expect("generated moves are legal")
}

/// Plays one game; returns its labelled positions.
fn game(number: u64, exact_empties: u32, seed: u64) -> Vec<(u64, u64, i32)> {
    let never = AtomicBool::new(false);
    let mut rng = SmallRng::seed_from_u64(number.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ seed);
    let mut pos = Position::start();
    let opening = rng.random_range(4..14);
    for _ in 0..opening {
        pos = random_step(&pos, &mut rng);
    }
    // The hand-written evaluation plays the midgame: the data must not depend on the weights
    // being trained from it.
    let mut searcher = Searcher::new(18, u64::MAX, &never).with_evaluator(eval::evaluate);
    // Midgame positions, waiting for a label: (player, opponent, black to move).
    let mut pending = Vec::new();
    let mut out = Vec::new();
    while !pos.is_over() {
        let empties = pos.empties().count_ones();
        if empties <= exact_empties {
            searcher.set_budget(u64::MAX);
            let found = searcher
                .solve(pos.player, pos.opponent)
                .expect("unlimited solve finishes");
            if !pending.is_empty() {
                for (p, o, black) in pending.drain(..) {
                    let score = if black == pos.black_to_move {
                        found.score
                    } else {
                        -found.score
                    };
                    out.push((p, o, score));
                }
            }
            out.push((pos.player, pos.opponent, found.score));
            pos = match found.best {
                None => pos.pass(),
                Some(_) if rng.random_bool(0.25) => random_step(&pos, &mut rng),
                Some(sq) => pos.play(sq).expect("the solver's move is legal"),
            };
            continue;
        }
        pending.push((pos.player, pos.opponent, pos.black_to_move));
        searcher.set_budget(200_000);
        let mut noise = || 0;
        pos = match searcher.iterate(pos.player, pos.opponent, 4, &mut noise) {
            Some(found) => match found.best {
                Some(sq) => pos.play(sq).expect("the search's move is legal"),
                None => pos.pass(),
            },
            None => random_step(&pos, &mut rng),
        };
    }
    out
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(Ok(games))) = (args.first(), args.get(1).map(|s| s.parse::<u64>()))
    else {
        eprintln!("usage: reversi_datagen OUTPUT GAMES [EXACT_EMPTIES] [SEED]");
        return ExitCode::from(2);
    };
    let exact_empties = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(16);
    let seed = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(0);
    let first = resume::next_game(path);
    let mut file = match OpenOptions::new().create(true).append(true).open(path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("cannot open {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    for number in first..games {
        let mut text = String::new();
        for (p, o, score) in game(number, exact_empties, seed) {
            let _ = writeln!(text, "{p:016x} {o:016x} {score}");
        }
        let _ = writeln!(text, "# game {number}");
        if let Err(e) = file.write_all(text.as_bytes()).and_then(|()| file.flush()) {
            eprintln!("cannot write {path}: {e}");
            return ExitCode::FAILURE;
        }
        if number % 50 == 0 {
            eprintln!("game {number}");
        }
    }
    ExitCode::SUCCESS
}
