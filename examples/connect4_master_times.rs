//! Master's reply time by ply, with the interactive budget, as the game uses it.
//!
//! `cargo run --release --features tools --example connect4_master_times -- [GAMES]` plays Master against
//! itself from the empty board, then GAMES games (default 2) of Master against a seeded
//! random opponent in each seat, and prints every reply time by ply up to ply 12 with the
//! mean and the worst. These are the figures in docs/BENCHMARKS.md ("Master's reply time").
//!
//! `-- --reference N` instead takes the first N positions of plies 2-9 from Pascal Pons's
//! Begin sets (scored by his solver), times Master's reply on each and checks with the
//! win/draw/loss solver that the reply keeps the published value (slow: the check, not the
//! reply, takes seconds to minutes per position).

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use parlor::core::Seat;
use parlor::games::connect4::engine::{INTERACTIVE_BUDGET, Position, Strength, choose_move};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// Plies whose reply times are reported.
const LAST_PLY: u32 = 12;

fn master(position: &Position) -> (usize, f64) {
    let never = AtomicBool::new(false);
    let start = Instant::now();
    let col = choose_move(
        position,
        Strength::Master,
        0,
        &never,
        Some(INTERACTIVE_BUDGET),
    );
    (col.unwrap_or(0), start.elapsed().as_secs_f64())
}

/// Master on reference positions of plies 2-9: reply time and whether the value is kept.
fn reference(limit: usize) -> ExitCode {
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/reference/connect4");
    let mut lines = Vec::new();
    for set in ["Test_L1_R1", "Test_L1_R2", "Test_L1_R3"] {
        let Ok(text) = std::fs::read_to_string(dir.join(set)) else {
            eprintln!("cannot read {set}");
            return ExitCode::FAILURE;
        };
        lines.extend(text.lines().filter_map(|line| {
            let mut fields = line.split_whitespace();
            let moves = fields.next()?.to_string();
            let score: i32 = fields.next()?.parse().ok()?;
            (2..=9).contains(&moves.len()).then_some((moves, score))
        }));
    }
    let never = AtomicBool::new(false);
    let mut checker = parlor::games::connect4::engine::Solver::with_table_bits(24);
    let (mut total, mut kept, mut count, mut worst) = (0.0, 0, 0, 0.0f64);
    for (moves, score) in lines.iter().take(limit) {
        let Ok(position) = Position::from_moves(moves) else {
            continue;
        };
        let (col, seconds) = master(&position);
        let mut child = position;
        child.play(col);
        let after = -checker.weak_solve(&child, &never, None).unwrap_or(i32::MIN);
        let ok = after == score.signum();
        println!(
            "{moves} (value {}): column {}, {seconds:.3} s, {}",
            score.signum(),
            col + 1,
            if ok { "kept" } else { "LOST VALUE" }
        );
        total += seconds;
        worst = worst.max(seconds);
        count += 1;
        kept += usize::from(ok);
    }
    println!(
        "{count} positions, value kept in {kept}, mean reply {:.3} s, worst {worst:.3} s",
        total / count.max(1) as f64
    );
    if kept == count {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--reference") {
        return reference(args.get(1).and_then(|s| s.parse().ok()).unwrap_or(50));
    }
    let games: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(2);
    let mut by_ply: Vec<Vec<f64>> = vec![Vec::new(); LAST_PLY as usize + 1];

    let start = Instant::now();
    let mut position = Position::empty();
    let mut line = String::new();
    while !position.is_over() {
        let (col, seconds) = master(&position);
        if position.moves_played() <= LAST_PLY {
            by_ply[position.moves_played() as usize].push(seconds);
        }
        line.push(char::from(b'1' + col as u8));
        position.play(col);
    }
    let winner = if position.last_player_won() {
        format!("{:?}", position.to_move().other())
    } else {
        "nobody".to_string()
    };
    println!(
        "Master against itself: {line} ({} moves), won by {winner}, {:.2} s in all",
        position.moves_played(),
        start.elapsed().as_secs_f64()
    );

    for game in 0..games {
        for master_seat in [Seat::First, Seat::Second] {
            let mut rng =
                SmallRng::seed_from_u64(game * 2 + u64::from(master_seat == Seat::Second));
            let mut position = Position::empty();
            while !position.is_over() && position.moves_played() <= LAST_PLY {
                let col = if position.to_move() == master_seat {
                    let (col, seconds) = master(&position);
                    by_ply[position.moves_played() as usize].push(seconds);
                    col
                } else {
                    let legal = position.legal_columns();
                    legal[rng.random_range(0..legal.len())]
                };
                position.play(col);
            }
        }
    }

    println!("| ply | replies | mean | worst |");
    println!("|---|---|---|---|");
    let mut all = Vec::new();
    for (ply, times) in by_ply.iter().enumerate() {
        if times.is_empty() {
            continue;
        }
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        let worst = times.iter().copied().fold(0.0, f64::max);
        println!("| {ply} | {} | {mean:.3} s | {worst:.3} s |", times.len());
        all.extend_from_slice(times);
    }
    let mean = all.iter().sum::<f64>() / all.len().max(1) as f64;
    let worst = all.iter().copied().fold(0.0, f64::max);
    println!("| all | {} | {mean:.3} s | {worst:.3} s |", all.len());
    ExitCode::SUCCESS
}
