//! Times the Connect Four solver on a file of positions with known scores (Pascal Pons's
//! sets, or `random_early_pons.txt`: random early positions scored by his solver), checking
//! every score. Each position gets a fresh solver without opening book, as one
//! `c4solver` process per position gets a fresh table, unless `--shared` keeps one table
//! across the file (as his benchmark does).
//!
//! ```sh
//! cargo build --release --features tools --example connect4_reference
//! nice -n 10 target/release/examples/connect4_reference \
//!     [FILE] [--table-bits B] [--shared] [--first N] [--master]
//! ```
//!
//! `FILE` defaults to `tests/data/reference/connect4/random_early_pons.txt`; lines are
//! `MOVES SCORE`. Prints a line per position (moves, score, positions searched, CPU
//! seconds of this thread), then the totals; exits 1 if any score differs.
//!
//! `--master` times Master's reply instead, as the game asks for it (`choose_move` with
//! `INTERACTIVE_BUDGET` and the shipped opening book), and checks that the reply keeps the
//! published score (a win as fast, a loss as slow: a fresh solver scores the position after
//! it): a line per position (moves, score, column 1–7, wall seconds), then the mean and the
//! worst; exits 1 if any reply loses value.

use std::path::PathBuf;
use std::process::ExitCode;

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use parlor::games::connect4::engine::position::CELLS;
use parlor::games::connect4::engine::{
    INTERACTIVE_BUDGET, Position, Solver, Strength, choose_move,
};

#[path = "support/cpu_time.rs"]
mod cpu_time;

/// Table size when none is given: what `parlor solve connect4` uses.
const DEFAULT_TABLE_BITS: u32 = 0;

struct Options {
    file: PathBuf,
    table_bits: u32,
    shared: bool,
    first: usize,
    master: bool,
}

fn parse_options() -> Result<Options, String> {
    let mut options = Options {
        file: PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/reference/connect4/random_early_pons.txt"),
        table_bits: DEFAULT_TABLE_BITS,
        shared: false,
        first: usize::MAX,
        master: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<usize, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or(format!("{name} takes a number"))
        };
        match arg.as_str() {
            "--table-bits" => options.table_bits = number("--table-bits")? as u32,
            "--first" => options.first = number("--first")?,
            "--shared" => options.shared = true,
            "--master" => options.master = true,
            other if !other.starts_with('-') => options.file = PathBuf::from(other),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(options)
}

fn new_solver(bits: u32) -> Solver {
    if bits == DEFAULT_TABLE_BITS {
        Solver::new()
    } else {
        Solver::with_table_bits(bits)
    }
}

fn main() -> ExitCode {
    let options = match parse_options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("connect4_reference: {e}");
            eprintln!(
                "usage: connect4_reference [FILE] [--table-bits B] [--shared] [--first N] [--master]"
            );
            return ExitCode::from(2);
        }
    };
    let Ok(text) = std::fs::read_to_string(&options.file) else {
        eprintln!("connect4_reference: cannot read {}", options.file.display());
        return ExitCode::from(2);
    };
    if options.master {
        return master_replies(&text, options.first);
    }
    let mut shared = new_solver(options.table_bits);
    let (mut count, mut wrong, mut total_cpu, mut total_nodes) = (0, 0, 0.0, 0u64);
    let mut worst = (0.0f64, String::new());
    for (moves, position, expected) in scored_positions(&text, options.first) {
        let mut fresh;
        let solver = if options.shared {
            &mut shared
        } else {
            fresh = new_solver(options.table_bits);
            &mut fresh
        };
        solver.reset_node_count();
        let start = cpu_time::cpu_seconds();
        let score = solver.solve(&position);
        let cpu = cpu_time::cpu_seconds() - start;
        let nodes = solver.node_count();
        let verdict = if score == expected { "" } else { "  WRONG" };
        println!("{moves} {score} {nodes} {cpu:.3}{verdict}");
        count += 1;
        wrong += usize::from(score != expected);
        total_cpu += cpu;
        total_nodes += nodes;
        if cpu > worst.0 {
            worst = (cpu, moves.to_string());
        }
    }
    println!(
        "{count} positions, {wrong} wrong, CPU {total_cpu:.2} s, {total_nodes} positions \
         searched, worst {:.2} s ({})",
        worst.0, worst.1
    );
    if wrong == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The first `first` lines of a set as (moves, position, published score); unreadable lines
/// are reported and skipped.
fn scored_positions(text: &str, first: usize) -> Vec<(&str, Position, i32)> {
    text.lines()
        .take(first)
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let (moves, expected) = (fields.next()?, fields.next()?);
            match (Position::from_moves(moves), expected.parse::<i32>()) {
                (Ok(position), Ok(expected)) => Some((moves, position, expected)),
                _ => {
                    eprintln!("connect4_reference: skipping an unreadable line: {line}");
                    None
                }
            }
        })
        .collect()
}

/// `--master`: Master's reply to every position, timed, and checked against the score.
fn master_replies(text: &str, first: usize) -> ExitCode {
    let never = AtomicBool::new(false);
    let (mut count, mut wrong, mut total) = (0, 0, 0.0);
    let mut worst = (0.0f64, String::new());
    for (moves, position, expected) in scored_positions(text, first) {
        let clock = Instant::now();
        let reply = choose_move(
            &position,
            Strength::Master,
            0,
            &never,
            Some(INTERACTIVE_BUDGET),
        );
        let wall = clock.elapsed().as_secs_f64();
        let Some(column) = reply else {
            eprintln!("connect4_reference: no reply to {moves}");
            wrong += 1;
            continue;
        };
        let mut child = position;
        child.play(column);
        let kept = if child.last_player_won() {
            (CELLS as i32 + 1 - position.moves_played() as i32) / 2
        } else {
            -Solver::new().solve(&child)
        };
        let verdict = if kept == expected {
            ""
        } else {
            "  LOSES VALUE"
        };
        println!("{moves} {expected} {} {wall:.3}{verdict}", column + 1);
        count += 1;
        wrong += usize::from(kept != expected);
        total += wall;
        if wall > worst.0 {
            worst = (wall, moves.to_string());
        }
    }
    println!(
        "{count} replies, {wrong} losing value, mean {:.3} s, worst {:.3} s ({})",
        total / count.max(1) as f64,
        worst.0,
        worst.1
    );
    if wrong == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
