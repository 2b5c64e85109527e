//! Checkers engine benchmarks: perft speed from the start and search speed (positions per
//! second) at each level on positions from seeded self-play. Plain `main` (no harness):
//! `cargo bench --bench checkers_engine [-- sets…]`; sets: `perft`, `search`, `levels`
//! (default: all three).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use parlor::games::checkers::engine::levels::default_nodes;
use parlor::games::checkers::engine::search::Searcher;
use parlor::games::checkers::engine::{Level, Position, choose, perft};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// CPU time of this thread in seconds (from `/proc/thread-self/schedstat`): the machine is
/// shared, so wall-clock time overstates the engine's own cost. 0 where the file is missing.
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
    println!("## perft from the start (forced captures, bulk-counted at the last ply)");
    for depth in [8, 9, 10, 11, 12] {
        let t = Instant::now();
        let cpu0 = cpu_seconds();
        let n = perft(&Position::start(), depth, true);
        let s = t.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu0;
        println!(
            "perft {depth:2}: {n:>12}  wall {s:7.3} s  cpu {cpu:7.3} s = {:7.1} M leaves/s (cpu)",
            mega_per_second(n, cpu)
        );
    }
}

/// Twenty middle-game positions: 6 to 25 plies of seeded random play from the start.
fn positions() -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    while out.len() < 20 {
        let mut pos = Position::start();
        let plies = rng.random_range(6..26);
        for _ in 0..plies {
            pos.generate(true, &mut moves);
            if moves.is_empty() {
                break;
            }
            pos = pos.play(&moves[rng.random_range(0..moves.len())]);
        }
        pos.generate(true, &mut moves);
        if moves.len() > 1 {
            out.push(pos);
        }
    }
    out
}

fn bench_search() {
    println!("## fixed-budget search: 20 positions from seeded random play, 1 M nodes each");
    let never = AtomicBool::new(false);
    let (mut nodes, mut cpu, mut depths) = (0u64, 0f64, Vec::new());
    for pos in positions() {
        let mut searcher = Searcher::new(20, 1_000_000, true, &never);
        let cpu0 = cpu_seconds();
        let found = searcher.iterate(&pos, 64, &mut || 0).expect("moves");
        cpu += cpu_seconds() - cpu0;
        nodes += searcher.nodes;
        depths.push(found.depth);
    }
    depths.sort_unstable();
    println!(
        "{nodes} nodes in {cpu:.3} s cpu = {:.2} M nodes/s; completed depth min {} median {} max {}",
        mega_per_second(nodes, cpu),
        depths[0],
        depths[depths.len() / 2],
        depths[depths.len() - 1]
    );
}

fn bench_levels() {
    println!("## time per move of each level (its own node budget), mean over 20 positions");
    let never = AtomicBool::new(false);
    let positions = positions();
    for level in Level::ALL {
        let cpu0 = cpu_seconds();
        for (seed, pos) in (0..).zip(&positions) {
            choose(pos, true, level, seed, &never, None).expect("moves");
        }
        let cpu = cpu_seconds() - cpu0;
        println!(
            "{level:?}: {:.3} s cpu per move (budget {} nodes)",
            cpu / positions.len() as f64,
            default_nodes(level)
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let all = args.is_empty();
    let wants = |set: &str| all || args.iter().any(|a| a == set);
    if wants("perft") {
        bench_perft();
    }
    if wants("search") {
        bench_search();
    }
    if wants("levels") {
        bench_levels();
    }
}
