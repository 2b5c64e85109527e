//! Reversi engine benchmarks: perft speed and exact endgame solve times, with positions per
//! second. Plain `main` (no harness): `cargo bench --bench reversi_engine [-- sets…]`.
//!
//! Sets: `perft`, `ffo1` (FFO 1–19), `ffo2` (FFO 20–39), `ffo3` (40–59), `rand20` (20 positions
//! with 20 empties from seeded Casual self-play), `levels` (time per move of each level).
//! Default: `perft ffo1 rand20 ffo2`. The FFO
//! files are looked up in `$PARLOR_REFERENCE/othello`, then `../shared/reference/othello` and
//! `/work/shared/reference/othello`.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use parlor::games::reversi::engine::board::{START_BLACK, START_WHITE, parse_square};
use parlor::games::reversi::engine::search::Searcher;
use parlor::games::reversi::engine::{Level, Position, choose, perft};

/// The published exact score and the moves that reach it.
type Expected = (i32, Vec<u8>);

fn reference_dir() -> Option<PathBuf> {
    let mut candidates = Vec::new();
    if let Ok(dir) = std::env::var("PARLOR_REFERENCE") {
        candidates.push(PathBuf::from(dir).join("othello"));
    }
    candidates.push(PathBuf::from("../shared/reference/othello"));
    candidates.push(PathBuf::from("/work/shared/reference/othello"));
    candidates.into_iter().find(|d| d.is_dir())
}

/// CPU time of this thread in seconds (from `/proc/thread-self/schedstat`, nanoseconds on
/// the CPU): the machine is shared, so wall-clock time overstates the engine's own cost.
/// Falls back to 0 where that file does not exist.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

/// Millions per CPU second, or 0 when the time is below the clock's resolution.
fn mega_per_second(count: u64, cpu: f64) -> f64 {
    if cpu > 0.0 {
        count as f64 / cpu / 1e6
    } else {
        0.0
    }
}

fn bench_perft() {
    println!("## perft from the start (bulk-counted at the last ply)");
    for depth in [8, 9, 10, 11] {
        let t = Instant::now();
        let cpu0 = cpu_seconds();
        let n = perft(START_BLACK, START_WHITE, depth);
        let s = t.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu0;
        println!(
            "perft {depth:2}: {n:>12}  wall {s:7.3} s  cpu {cpu:7.3} s = {:7.1} M leaves/s (cpu)",
            mega_per_second(n, cpu)
        );
    }
}

/// Solves each position exactly; checks the score when `expected` is given.
fn bench_solves(name: &str, positions: &[(Position, Option<Expected>)]) {
    println!("## {name}: {} positions", positions.len());
    let never = AtomicBool::new(false);
    let (mut total_nodes, mut total_time, mut total_cpu, mut worst) = (0u64, 0f64, 0f64, 0f64);
    let mut wrong = 0;
    for (i, (pos, expected)) in positions.iter().enumerate() {
        let mut searcher = Searcher::new(21, u64::MAX, &never);
        tune(&mut searcher);
        let t = Instant::now();
        let cpu0 = cpu_seconds();
        let found = searcher
            .solve(pos.player, pos.opponent)
            .expect("unlimited search finishes");
        let s = t.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu0;
        let mark = match expected {
            Some((score, moves)) => {
                let good = found.score == *score
                    && found
                        .best
                        .is_none_or(|sq| moves.is_empty() || moves.contains(&sq));
                if !good {
                    wrong += 1;
                }
                if good { "ok" } else { "WRONG" }
            }
            None => "",
        };
        println!(
            "  #{:<3} empties {:2}  score {:+3}  {:>11} nodes  wall {:7.3} s  cpu {:7.3} s  {:6.2} Mn/s (cpu) {mark}",
            i + 1,
            pos.empties().count_ones(),
            found.score,
            searcher.nodes,
            s,
            cpu,
            mega_per_second(searcher.nodes, cpu)
        );
        total_nodes += searcher.nodes;
        total_time += s;
        total_cpu += cpu;
        worst = worst.max(cpu);
    }
    println!(
        "  wall {total_time:.3} s; cpu {total_cpu:.3} s, mean {:.3} s, worst {worst:.3} s; {total_nodes} nodes, {:.2} M nodes/s (cpu); {wrong} wrong",
        total_cpu / positions.len() as f64,
        mega_per_second(total_nodes, total_cpu)
    );
}

fn ffo_set(file: &str) -> Option<Vec<(Position, Option<Expected>)>> {
    let dir = reference_dir()?;
    let text = std::fs::read_to_string(dir.join(file)).ok()?;
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let pos = Position::parse(line).ok()?;
        let pairs: Vec<(&str, i32)> = line
            .split(';')
            .skip(1)
            .filter_map(|p| {
                let (m, s) = p.trim().split_once(':')?;
                Some((m, s.trim_start_matches('+').parse().ok()?))
            })
            .collect();
        let best = pairs.first().map(|&(_, s)| s)?;
        let moves = pairs
            .iter()
            .filter(|&&(_, s)| s == best)
            .filter_map(|&(m, _)| parse_square(m))
            .collect();
        out.push((pos, Some((best, moves))));
    }
    Some(out)
}

/// Positions with exactly 20 empties from Casual self-play after seeded random openings.
fn random20() -> Vec<(Position, Option<Expected>)> {
    let count = std::env::var("PARLOR_COUNT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    self_play_positions(20, count)
        .into_iter()
        .map(|p| (p, None))
        .collect()
}

/// `count` positions with exactly `empties` empty squares (and a move to play) from seeded
/// Casual self-play.
fn self_play_positions(empties: u32, count: usize) -> Vec<Position> {
    let never = AtomicBool::new(false);
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < count {
        seed += 1;
        let mut pos = Position::start();
        let mut ply = 0;
        while pos.empties().count_ones() > empties && !pos.is_over() {
            pos = match choose(&pos, Level::Casual, seed * 1000 + ply, &never, Some(3_000)) {
                Some(sq) => pos.play(sq).expect("legal"),
                None => pos.pass(),
            };
            ply += 1;
        }
        if pos.empties().count_ones() == empties && pos.moves() != 0 {
            out.push(pos);
        }
    }
    out
}

/// Optional overrides of the solver's thresholds, for comparing settings:
/// `PARLOR_SHALLOW`, `PARLOR_DEEP_FROM`, `PARLOR_DEEP_DEPTH`, `PARLOR_ROOT_DEPTH`, `PARLOR_ETC`,
/// `PARLOR_PARITY_BELOW`, `PARLOR_PARITY_BONUS`.
fn tune(searcher: &mut Searcher<'_>) {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse().ok());
    if let Some(v) = var("PARLOR_SHALLOW") {
        searcher.tuning.shallow_to = v;
    }
    if let Some(v) = var("PARLOR_DEEP_FROM") {
        searcher.tuning.deep_order_from = v;
    }
    if let Some(v) = var("PARLOR_DEEP_DEPTH") {
        searcher.tuning.deep_order_depth = v;
    }
    if let Some(v) = var("PARLOR_ROOT_DEPTH") {
        searcher.tuning.root_order_depth = v;
    }
    if let Some(v) = var("PARLOR_ETC") {
        searcher.tuning.etc_from = v;
    }
    if let Some(v) = var("PARLOR_PARITY_BELOW") {
        searcher.tuning.parity_below = v;
    }
    if let Some(v) = var("PARLOR_PARITY_BONUS") {
        searcher.tuning.parity_bonus = v as i32;
    }
}

/// The time each level takes per move at its default budget (what a player waits for).
fn bench_levels() {
    println!("## levels: CPU time per move at the default budgets (5 positions each)");
    let never = AtomicBool::new(false);
    for empties in [50, 36, 24, 20] {
        let positions = self_play_positions(empties, 5);
        for level in Level::ALL {
            let cpu0 = cpu_seconds();
            for (i, pos) in positions.iter().enumerate() {
                let _ = choose(pos, level, i as u64, &never, None);
            }
            let cpu = (cpu_seconds() - cpu0) / positions.len() as f64;
            println!("  {empties} empties  {:<8}  {cpu:7.3} s/move", level.name());
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let sets: Vec<&str> = if args.is_empty() {
        vec!["perft", "ffo1", "rand20", "ffo2"]
    } else {
        args.iter().map(String::as_str).collect()
    };
    for set in sets {
        match set {
            "perft" => bench_perft(),
            "levels" => bench_levels(),
            "rand20" => bench_solves("20 empties from Casual self-play", &random20()),
            "ffo1" | "ffo2" | "ffo3" => {
                let file = match set {
                    "ffo1" => "fforum-1-19.obf",
                    "ffo2" => "fforum-20-39.obf",
                    _ => "fforum-40-59.obf",
                };
                match ffo_set(file) {
                    Some(positions) => bench_solves(file, &positions),
                    None => println!("## {file}: not found (set PARLOR_REFERENCE)"),
                }
            }
            other => println!("unknown set {other}"),
        }
    }
}
