//! Solves the positions of `tests/data/reference/pentago/values.tsv` with a stone to place and
//! a stone count in `LOW..=HIGH`, each with a fresh table, and prints one line per position:
//! stones, published value, the solver's value and move, nodes, CPU and wall seconds, and
//! about how many of the nodes went to the first question ("can the side to place win?");
//! then the totals and the slowest. For `docs/BENCHMARKS.md` (issue #22 part 2):
//!
//! `cargo run --release --features tools --example pentago_reference -- LOW HIGH [TABLE_MB] [VALUE]`
//!
//! With `VALUE` (−1, 0 or 1) only the positions of that published value are solved: `0` picks
//! the ties, the costly proofs (issue #41 part 4).

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use parlor::games::pentago::engine::exact::Solver;
use parlor::games::pentago::engine::solve::{Answer, DEFAULT_TABLE_MB, parse_line, solve_with};

#[path = "support/cpu_time.rs"]
mod cpu_time;
use cpu_time::cpu_seconds;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: usize| {
        args.get(i)
            .and_then(|a| a.parse::<usize>().ok())
            .unwrap_or(default)
    };
    let (low, high, table_mb) = (number(0, 20), number(1, 22), number(2, DEFAULT_TABLE_MB));
    let only_value = args.get(3).and_then(|a| a.parse::<i32>().ok());
    let file =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/reference/pentago/values.tsv");
    let Ok(text) = std::fs::read_to_string(&file) else {
        eprintln!("cannot read {}", file.display());
        std::process::exit(2);
    };
    let never = AtomicBool::new(false);
    let (mut count, mut wrong, mut total, mut nodes) = (0, 0, 0.0, 0u64);
    let mut slowest = (0.0f64, String::new());
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let Some(stones) = f.first().and_then(|s| s.parse::<usize>().ok()) else {
            continue;
        };
        if f.len() < 5 || f[2] != "-" || stones < low || stones > high {
            continue;
        }
        if only_value.is_some_and(|v| f[4].parse::<i32>() != Ok(v)) {
            continue;
        }
        let Ok(parsed) = parse_line(&format!("{} {}", f[1], f[3])) else {
            continue;
        };
        // The nodes of the first question ("can the side to place win?"), from the progress
        // reports (every 65 536 nodes): what a tie's two proofs each cost.
        let win_question = std::cell::Cell::new(0u64);
        let mut solver = Solver::new(table_mb, u64::MAX, &never).with_progress(
            std::time::Duration::ZERO,
            |report| {
                if report.goal == 1 {
                    win_question.set(report.nodes);
                }
            },
        );
        let (start, cpu) = (Instant::now(), cpu_seconds());
        let answer = solve_with(&mut solver, parsed.pos);
        let seconds = cpu_seconds() - cpu;
        let wall = start.elapsed().as_secs_f64();
        let (value, mv) = match answer {
            Answer::Solved(v, mv) => (v, mv.unwrap_or_else(|| "end".into())),
            Answer::TooDeep => (9, "too deep".into()),
        };
        let ok = f[4].parse::<i32>() == Ok(value);
        let total_nodes = solver.nodes();
        drop(solver);
        println!(
            "{stones}\t{}\t{value} {mv}\t{}\t{total_nodes}\tcpu {seconds:.3}\twall {wall:.3}\twin question about {} nodes",
            f[4],
            if ok { "ok" } else { "WRONG" },
            win_question.get()
        );
        count += 1;
        wrong += usize::from(!ok);
        total += seconds;
        nodes += total_nodes;
        if seconds > slowest.0 {
            slowest = (seconds, format!("{} {} ({stones} stones)", f[1], f[3]));
        }
    }
    println!(
        "{count} positions, {wrong} wrong, {nodes} nodes, {total:.2} s CPU in all, slowest {:.2} s CPU: {}",
        slowest.0, slowest.1
    );
}
