//! Generates labelled Checkers positions for Master's trained pattern tables
//! (`engine::pattern`, fitted by `examples/checkers_train.rs`; `docs/BENCHMARKS.md`, "Fourth
//! pass" and "Fifth pass"): at equal nodes Master's hand-made evaluation was worth little
//! against Strong's, while a doubling of its search was worth six points, so the tables are
//! trained to be worth that doubling, the way Reversi's were (`examples/reversi_datagen.rs`,
//! `reversi_train.rs`).
//!
//! `cargo run --release --features tools --example checkers_datagen -- OUTPUT GAMES [LABEL_NODES] [PLAY_NODES]`
//! plays GAMES games of Master against itself (`PLAY_NODES` a move, default 40 000) from seeded
//! eight-ply random openings ([`random_openings`], seed 2028: none of the tournaments'), with
//! the tournaments' rules (a side without a move loses; the 80-ply draw rule; after 200 plies
//! a pawn's worth of material decides), and appends every quiet position met (no capture for
//! the side to move, at least two moves) to OUTPUT, one line each:
//!
//! ```text
//! BLACK_HEX WHITE_HEX KINGS_HEX SIDE QUIET SCORE RESULT
//! ```
//!
//! the three bitboards, `b` or `w` to move, the draw counter, the score of a `LABEL_NODES`
//! (default 200 000) Master search for the side to move (hundredths of a pawn; beyond ±19 000 a
//! forced win or loss), and the game's result for the side to move (1, 0 or -1): the two
//! usual labels, a deeper search's judgement and the outcome.
//!
//! Resumable: a `# game N` line follows each game's positions, and a run starts after the last
//! one found in OUTPUT, so it can be stopped at any time and run again with the same arguments.
//! Progress goes to stderr.

use std::fmt::Write as _;
use std::fs::OpenOptions;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use parlor::games::checkers::engine::levels::{MAX_DEPTH, master_searcher, random_openings};
use parlor::games::checkers::engine::{Position, Strength};

#[path = "support/checkers_master.rs"]
mod checkers_master;
use checkers_master::play_game;
#[path = "support/resume.rs"]
mod resume;

/// The openings' seed, different from the tournaments' (2026, and 77 for `--plies`).
const OPENINGS_SEED: u64 = 2028;
/// Random plies before Master takes over: more varied positions than the tournaments' four.
const OPENING_PLIES: u32 = 8;

/// Whether `pos` is worth a label: quiet (a capture's value is the search's business, not the
/// evaluation's) with a real choice.
fn wanted(pos: &Position) -> bool {
    let mut moves = Vec::new();
    pos.generate(true, &mut moves);
    moves.len() >= 2 && !pos.has_capture()
}

/// One game's labelled lines, the `# game` line last.
fn game(number: usize, start: Position, label_nodes: u64, play_nodes: u64) -> String {
    let mut positions = Vec::new();
    let master = (Strength::Master, play_nodes);
    let end = play_game(start, master, master, number as u64, |_, pos| {
        if wanted(pos) {
            positions.push(*pos);
        }
    });
    let never = AtomicBool::new(false);
    let mut out = String::new();
    for pos in positions {
        let Some(found) =
            master_searcher(label_nodes, true, &never).iterate(&pos, MAX_DEPTH, &mut || 0)
        else {
            continue;
        };
        let result = if pos.black_to_move {
            end.black_result
        } else {
            -end.black_result
        };
        let _ = writeln!(
            out,
            "{:08x} {:08x} {:08x} {} {} {} {}",
            pos.black,
            pos.white,
            pos.kings,
            if pos.black_to_move { 'b' } else { 'w' },
            pos.quiet_plies,
            found.score,
            result
        );
    }
    let _ = writeln!(out, "# game {number}");
    out
}

/// The argument at `i` parsed, `default` when absent.
fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> Result<T, String> {
    match args.get(i) {
        None => Ok(default),
        Some(text) => text
            .parse()
            .map_err(|_| format!("`{text}` is not a number")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = (|| {
        let path = args.first().ok_or("an OUTPUT file is needed")?.clone();
        let games: usize = arg(&args, 1, 0)?;
        if games == 0 {
            return Err("GAMES, the number of games (more than 0), is needed".into());
        }
        Ok::<_, String>((path, games, arg(&args, 2, 200_000)?, arg(&args, 3, 40_000)?))
    })();
    let (path, games, label_nodes, play_nodes) = match parsed {
        Ok(run) => run,
        Err(e) => {
            eprintln!("checkers_datagen: {e}");
            eprintln!("usage: checkers_datagen OUTPUT GAMES [LABEL_NODES] [PLAY_NODES]");
            return ExitCode::from(2);
        }
    };
    let mut file = match OpenOptions::new().create(true).append(true).open(&path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("checkers_datagen: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let first = usize::try_from(resume::next_game(&path)).unwrap_or(usize::MAX);
    let openings = random_openings(games, OPENING_PLIES, OPENINGS_SEED, true);
    for (number, &start) in openings.iter().enumerate().skip(first) {
        let lines = game(number, start, label_nodes, play_nodes);
        if let Err(e) = file.write_all(lines.as_bytes()).and_then(|()| file.flush()) {
            eprintln!("checkers_datagen: {path}: {e}");
            return ExitCode::FAILURE;
        }
        eprintln!("game {number}: {} positions", lines.lines().count() - 1);
    }
    ExitCode::SUCCESS
}
