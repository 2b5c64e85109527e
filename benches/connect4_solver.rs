//! Connect Four solver speed on Pascal Pons's six reference sets: mean time and positions
//! searched per second, and a check of every score.
//!
//! `cargo bench --bench connect4_solver` runs every set (the two slow ones only in part);
//! `cargo bench --bench connect4_solver -- Test_L2_R2 --limit 200` picks sets and a limit.
//! Uses no opening book, and one transposition table across a set (as Pons's benchmark does).
//! Then times Master's first moves with `INTERACTIVE_BUDGET` (argument `master` alone runs
//! just that).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use std::sync::atomic::AtomicBool;

use parlor::games::connect4::engine::{INTERACTIVE_BUDGET, Level, Position, Solver, choose_move};

/// The six sets, fastest first, with how many positions run by default.
const SETS: [(&str, usize); 6] = [
    ("Test_L3_R1", 1000),
    ("Test_L2_R1", 1000),
    ("Test_L2_R2", 1000),
    ("Test_L1_R1", 1000),
    ("Test_L1_R2", 50),
    ("Test_L1_R3", 3),
];

/// Pons's published mean times, for comparison in the output.
const PUBLISHED: [&str; 6] = ["4.6 µs", "37 µs", "3.2 ms", "255 µs", "96.6 ms", "5.49 s"];

fn reference_dir() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("PARLOR_REFERENCE") {
        return Some(PathBuf::from(dir).join("connect4"));
    }
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .map(|a| a.join("shared/reference/connect4"))
        .find(|p| p.is_dir())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut limit = None;
    let mut chosen = Vec::new();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--limit" => {
                limit = args.get(i + 1).and_then(|s| s.parse::<usize>().ok());
                i += 1;
            }
            "--bench" => {}
            name => chosen.push(name.to_string()),
        }
        i += 1;
    }
    let Some(dir) = reference_dir() else {
        eprintln!("reference data not found (set PARLOR_REFERENCE to shared/reference)");
        return ExitCode::FAILURE;
    };
    let mut failures = 0;
    println!(
        "| set | positions | mean time: wall (CPU, positions/s) | published | mean nodes | positions/s (wall) |"
    );
    println!("|---|---|---|---|---|---|");
    for (index, &(name, default_count)) in SETS.iter().enumerate() {
        if !chosen.is_empty() && !chosen.iter().any(|c| c == name) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
            eprintln!("cannot read {name}");
            return ExitCode::FAILURE;
        };
        let count = limit.unwrap_or(default_count);
        // `C4_BITS=N` tries a table of 2^N slots instead of the default.
        let mut solver = std::env::var("C4_BITS")
            .ok()
            .and_then(|s| s.parse().ok())
            .map_or_else(Solver::new, Solver::with_table_bits);
        let mut total_nodes = 0u64;
        let mut total_time = 0f64;
        let mut solved = 0usize;
        let cpu_start = thread_cpu_seconds();
        for line in text.lines().take(count) {
            let mut fields = line.split_whitespace();
            let (Some(moves), Some(expected)) = (fields.next(), fields.next()) else {
                continue;
            };
            let (Ok(position), Ok(expected)) =
                (Position::from_moves(moves), expected.parse::<i32>())
            else {
                eprintln!("bad reference line: {line}");
                failures += 1;
                continue;
            };
            solver.reset_node_count();
            let start = Instant::now();
            let score = solver.solve(&position);
            total_time += start.elapsed().as_secs_f64();
            total_nodes += solver.node_count();
            solved += 1;
            if score != expected {
                eprintln!("{name}: {moves} scored {score}, expected {expected}");
                failures += 1;
            }
        }
        let mean = total_time / solved.max(1) as f64;
        // On a shared machine wall time includes waiting for a core; the thread's own CPU
        // time (Linux) is what the solver costs.
        let cpu = thread_cpu_seconds()
            .zip(cpu_start)
            .map(|(end, start)| end - start);
        let cpu_text = cpu.map_or_else(String::new, |c| {
            format!(
                " (CPU {}, {:.2} M/s)",
                format_duration(c / solved.max(1) as f64),
                total_nodes as f64 / c.max(1e-9) / 1e6
            )
        });
        println!(
            "| {name} | {solved} | {}{cpu_text} | {} | {:.0} | {:.2} M |",
            format_duration(mean),
            PUBLISHED[index],
            total_nodes as f64 / solved.max(1) as f64,
            total_nodes as f64 / total_time.max(1e-9) / 1e6,
        );
    }
    if chosen.is_empty() || chosen.iter().any(|c| c == "master") {
        master_times();
    }
    if failures == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!("{failures} wrong scores");
        ExitCode::FAILURE
    }
}

/// How long Master takes to move early in a game with the interactive budget (the opening
/// book answers first where it holds the position; the rest is live search).
fn master_times() {
    let never = AtomicBool::new(false);
    println!();
    println!("| Master to move after | column | wall time |");
    println!("|---|---|---|");
    for moves in ["", "4", "44", "4444", "444444", "44444432", "4444443232"] {
        let Ok(position) = Position::from_moves(moves) else {
            continue;
        };
        let start = Instant::now();
        let col = choose_move(
            &position,
            Level::Master,
            0,
            &never,
            Some(INTERACTIVE_BUDGET),
        );
        println!(
            "| `{moves}` | {} | {} |",
            col.map_or_else(|| "-".to_string(), |c| (c + 1).to_string()),
            format_duration(start.elapsed().as_secs_f64())
        );
    }
}

/// CPU time of this thread so far, from `/proc/thread-self/schedstat` (nanoseconds on CPU).
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn format_duration(seconds: f64) -> String {
    if seconds >= 1.0 {
        format!("{seconds:.2} s")
    } else if seconds >= 1e-3 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{:.1} µs", seconds * 1e6)
    }
}
