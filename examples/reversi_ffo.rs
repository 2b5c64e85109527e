//! Solves an FFO endgame file exactly and reports, per position, the score (checked against
//! the file), the nodes and the CPU time: the figures of `docs/BENCHMARKS.md`.
//!
//! `cargo run --release --features tools --example reversi_ffo -- [FILE]` (default: FFO 20–39 from
//! `tests/data/reference/othello/`). The solver's thresholds can be overridden for comparing
//! settings with `PARLOR_SHALLOW`, `PARLOR_DEEP_FROM`, `PARLOR_DEEP_DEPTH`, `PARLOR_ROOT_DEPTH`,
//! `PARLOR_ETC`, `PARLOR_PARITY_BELOW`, `PARLOR_PARITY_BONUS`, `PARLOR_DEEP_DIVISOR`,
//! `PARLOR_ESTIMATE_FROM`, `PARLOR_ESTIMATE_DEPTH`, `PARLOR_ASPIRATION`, `PARLOR_SQUARE`,
//! `PARLOR_CORNER`, `PARLOR_BEAM_GATE`, `PARLOR_BEAM_WIDTH` (0: no selective pass),
//! `PARLOR_BEAM_FROM`, `PARLOR_WIPEOUT`, `PARLOR_TABLE_FIRST` (1: the table's move before
//! ordering), the selective passes with `ProbCut` instead of the beam `PARLOR_PROBCUT_GATE`,
//! `PARLOR_PROBCUT_FROM`, `PARLOR_PROBCUT_DEPTH` (percent of the empties),
//! `PARLOR_PROBCUT_PASSES` (e.g. `110,150,200,260`), `PARLOR_PROBCUT_SIGMA` (`a,b,c` in
//! thousandths of a disc), and the table size with `PARLOR_TABLE_BITS` (21 as in
//! `parlor solve reversi`); `PARLOR_THREADS=2` solves with two threads (from
//! `PARLOR_SPLIT_FROM` empties on); `PARLOR_ONLY=7,19` solves only those positions (1-based). The
//! solver orders with the trained pattern evaluation like `parlor solve reversi`;
//! `PARLOR_WEIGHTS=FILE` tries another weights file than the shipped one, and `PARLOR_HAND=1`
//! orders with the hand-written evaluation instead.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use parlor::games::reversi::engine::Position;
use parlor::games::reversi::engine::board::parse_square;
use parlor::games::reversi::engine::search::Searcher;
use parlor::games::reversi::engine::{eval, pattern};

#[path = "support/cpu_time.rs"]
mod cpu_time;
use cpu_time::cpu_seconds;

/// Overrides of the solver's thresholds from the environment.
fn tune(searcher: &mut Searcher<'_>) {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u32>().ok());
    let t = &mut searcher.tuning;
    if let Some(v) = var("PARLOR_SPLIT_FROM") {
        t.split_from = v;
    }
    if let Some(v) = var("PARLOR_SHALLOW") {
        t.shallow_to = v;
    }
    if let Some(v) = var("PARLOR_SQUARE") {
        t.square_weight = i32::try_from(v).unwrap_or(i32::MAX);
    }
    if let Some(v) = var("PARLOR_CORNER") {
        t.corner_weight = i32::try_from(v).unwrap_or(i32::MAX);
    }
    if let Some(v) = var("PARLOR_SORTED_FROM") {
        t.sorted_from = v;
    }
    if let Some(v) = var("PARLOR_DEEP_FROM") {
        t.deep_order_from = v;
    }
    if let Some(v) = var("PARLOR_DEEP_DEPTH") {
        t.deep_order_depth = v;
    }
    if let Some(v) = var("PARLOR_ROOT_DEPTH") {
        t.root_order_depth = v;
    }
    if let Some(v) = var("PARLOR_ETC") {
        t.etc_from = v;
    }
    if let Some(v) = var("PARLOR_PARITY_BELOW") {
        t.parity_below = v;
    }
    if let Some(v) = var("PARLOR_PARITY_BONUS") {
        t.parity_bonus = v as i32;
    }
    if let Some(v) = var("PARLOR_ESTIMATE_FROM") {
        t.estimate_from = v;
    }
    if let Some(v) = var("PARLOR_ESTIMATE_DEPTH") {
        t.estimate_depth = v;
    }
    if let Some(v) = var("PARLOR_ASPIRATION") {
        t.aspiration = v;
    }
    if let Some(v) = var("PARLOR_DEEP_DIVISOR") {
        t.deep_order_divisor = v as i32;
    }
    if let Some(v) = var("PARLOR_BEAM_GATE") {
        t.beam_gate = v;
    }
    if let Some(v) = var("PARLOR_BEAM_WIDTH") {
        t.beam_width = v as usize;
    }
    if let Some(v) = var("PARLOR_BEAM_FROM") {
        t.beam_from = v;
    }
    if let Some(v) = var("PARLOR_WIPEOUT") {
        t.wipeout_weight = i32::try_from(v).unwrap_or(i32::MAX);
    }
    if let Some(v) = var("PARLOR_TABLE_FIRST") {
        t.table_first = v != 0;
    }
    if let Some(v) = var("PARLOR_PROBCUT_GATE") {
        t.probcut_gate = v;
    }
    if let Some(v) = var("PARLOR_PROBCUT_FROM") {
        t.probcut_from = v;
    }
    if let Some(v) = var("PARLOR_PROBCUT_DEPTH") {
        t.probcut_depth_percent = v;
    }
    let list = |name: &str| -> Option<Vec<i32>> {
        let text = std::env::var(name).ok()?;
        text.split(',').map(|n| n.trim().parse().ok()).collect()
    };
    if let Some(passes) = list("PARLOR_PROBCUT_PASSES") {
        t.probcut_passes = [0; 4];
        for (slot, &v) in t.probcut_passes.iter_mut().zip(&passes) {
            *slot = u16::try_from(v).unwrap_or(0);
        }
    }
    if let Some(sigma) = list("PARLOR_PROBCUT_SIGMA")
        && let [a, b, c] = sigma[..]
    {
        t.probcut_sigma = [a, b, c];
    }
}

fn main() -> ExitCode {
    let path = std::env::args().nth(1).unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/reference/othello/fforum-20-39.obf"
        )
        .to_string()
    });
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Ok(file) = std::env::var("PARLOR_WEIGHTS") {
        let loaded = std::fs::read(&file)
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
    let never = AtomicBool::new(false);
    let hand = std::env::var("PARLOR_HAND").is_ok();
    // `PARLOR_ONLY=7,19`: only those positions (1-based, in file order).
    let only: Option<Vec<usize>> = std::env::var("PARLOR_ONLY")
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect());
    let table_bits = std::env::var("PARLOR_TABLE_BITS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(21);
    // `PARLOR_THREADS=2`: the parallel solve (CPU time is then the main thread's alone).
    let threads = std::env::var("PARLOR_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let (mut total_cpu, mut total_wall, mut total_nodes, mut wrong) = (0.0, 0.0, 0u64, 0);
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let Ok(pos) = Position::parse(line) else {
            eprintln!("line {}: not a position", i + 1);
            return ExitCode::FAILURE;
        };
        // `; MOVE:SCORE;` pairs, best first.
        let pairs: Vec<(Option<u8>, i32)> = line
            .split(';')
            .skip(1)
            .filter_map(|p| {
                let (m, s) = p.trim().split_once(':')?;
                Some((parse_square(m), s.trim_start_matches('+').parse().ok()?))
            })
            .collect();
        if only.as_ref().is_some_and(|o| !o.contains(&(i + 1))) {
            continue;
        }
        let mut searcher = Searcher::new(table_bits, u64::MAX, &never);
        searcher = searcher.with_evaluator(if hand {
            eval::evaluate
        } else {
            pattern::evaluate
        });
        tune(&mut searcher);
        searcher = searcher.with_threads(threads);
        let wall = Instant::now();
        let cpu0 = cpu_seconds();
        let found = searcher
            .solve(pos.player, pos.opponent)
            .expect("an unlimited solve finishes");
        let cpu = cpu_seconds() - cpu0;
        let wall = wall.elapsed().as_secs_f64();
        let good = pairs.first().is_none_or(|&(_, best)| {
            found.score == best
                && pairs
                    .iter()
                    .any(|&(m, s)| s == best && m.is_some() && m == found.best)
        });
        if !good {
            wrong += 1;
        }
        println!(
            "#{:<3} empties {:2}  score {:+3}  {:>11} nodes  cpu {cpu:7.3} s  wall {:7.3} s  {}",
            i + 1,
            pos.empties().count_ones(),
            found.score,
            searcher.nodes,
            wall,
            if good { "ok" } else { "WRONG" }
        );
        total_cpu += cpu;
        total_wall += wall;
        total_nodes += searcher.nodes;
    }
    println!(
        "total cpu {total_cpu:.3} s, wall {total_wall:.3} s, {total_nodes} nodes, {wrong} wrong"
    );
    if wrong == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
