//! Plays the match that decides whether trained weights replace the hand-written evaluation:
//! Master with the trained pattern evaluation against Master with the hand-written one, from
//! seeded 8-ply openings with both colours (the games of `trained_master_tournament` in
//! `tests/reversi_engine.rs`), one line per game as it ends.
//!
//! `cargo run --release --features tools --example reversi_match -- [--from FIRST] [OPENINGS] [NODES] [WEIGHTS]`:
//! 20 openings (40 games) from opening 0 at 30 000 nodes a move by default, with the shipped
//! weights unless a weights file is given (a freshly trained one, without rebuilding). Choose
//! between training runs on openings from 100 on (`--from 100`), so that the suite's match
//! (openings 0–19) stays a held-out check. The figures go in `docs/BENCHMARKS.md`.

use std::process::ExitCode;

use parlor::games::reversi::engine::pattern;
use parlor::games::reversi::engine::tournament::trained_against_hand_written;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut from = 0;
    if args.first().is_some_and(|a| a == "--from") {
        match args.get(1).map(|a| a.parse::<u64>()) {
            Some(Ok(first)) => from = first,
            _ => {
                eprintln!(
                    "usage: reversi_match [--from FIRST] [OPENINGS] [NODES] [WEIGHTS]: --from wants an opening number"
                );
                return ExitCode::from(2);
            }
        }
        args.drain(..2);
    }
    let number = |i: usize, default: u64| {
        args.get(i).map_or(Ok(default), |a| {
            a.parse::<u64>().map_err(|e| format!("{a}: {e}"))
        })
    };
    let (openings, nodes) = match (number(0, 20), number(1, 30_000)) {
        (Ok(o), Ok(n)) => (o, n),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("usage: reversi_match [--from FIRST] [OPENINGS] [NODES] [WEIGHTS]: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(file) = args.get(2) {
        let loaded = std::fs::read(file)
            .map_err(|e| e.to_string())
            .and_then(|bytes| pattern::Weights::parse(&bytes).map_err(|e| e.to_string()));
        match loaded {
            Ok(weights) => {
                pattern::install(weights);
            }
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let (points, out_of) = trained_against_hand_written(from..from + openings, nodes, |game| {
        match game.points() {
            2 => wins += 1,
            1 => draws += 1,
            _ => losses += 1,
        }
        println!(
            "opening {:2} trained {}: {:+3}   ({wins}-{draws}-{losses})",
            game.opening,
            if game.trained_is_black {
                "black"
            } else {
                "white"
            },
            game.score
        );
    });
    println!(
        "trained Master: {points} points of {out_of} ({:.1} %), {wins} wins, {draws} draws, {losses} losses",
        f64::from(points) * 100.0 / f64::from(out_of.max(1))
    );
    ExitCode::SUCCESS
}
