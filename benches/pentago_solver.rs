//! Pentago solver benchmark: exact solve times of the late positions of Irving's games
//! (`late.tsv`, 26–35 stones), grouped by empty squares, each checked against the published
//! value. Plain `main` (no harness): `cargo bench --bench pentago_solver [-- EMPTIES…]`
//! (default: 8 9 10; any of 1–10). Other sets: `-- rand [EMPTIES…]` (seeded random play), `-- levels`
//! (cpu time per move of each level). The file is the repository's copy,
//! `tests/data/reference/pentago/late.tsv` (sources in that folder's README).

use std::path::PathBuf;
use std::time::Instant;

use std::sync::atomic::AtomicBool;

use parlor::games::pentago::engine::board::{After, Position};
use parlor::games::pentago::engine::search::Searcher;
use parlor::games::pentago::engine::solve::{Answer, parse_line, solve_position};
use parlor::games::pentago::engine::{Level, choose};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn reference_file() -> Option<PathBuf> {
    Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/reference/pentago/late.tsv"))
        .filter(|f| f.is_file())
}

/// CPU time of this thread in seconds (the machine is shared, so wall-clock time overstates
/// the solver's own cost); 0 where `/proc/thread-self/schedstat` does not exist.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

/// A position with `empties` empty squares reached by seeded random play with the game still
/// open, or `None` when the random game ended first.
fn random_position(seed: u64, empties: u32) -> Option<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Position { me: 0, you: 0 };
    while pos.empty().count_ones() > empties {
        let kids = pos.children();
        match kids[rng.random_range(0..kids.len())].after {
            After::Open(next) => pos = next,
            _ => return None,
        }
    }
    Some(pos)
}

/// Exact solves of 10 random open positions per number of empties, with nodes per second.
fn bench_random(sizes: &[u32]) {
    println!("## Pentago exact solves of random positions (seeded random play)");
    for &empties in sizes {
        let positions: Vec<Position> = (0..200u64)
            .filter_map(|seed| random_position(seed * 7919 + u64::from(empties), empties))
            .take(10)
            .collect();
        let (mut nodes, mut total, mut worst) = (0u64, 0.0f64, 0.0f64);
        let mut values = [0usize; 3];
        for &pos in &positions {
            let never = AtomicBool::new(false);
            let mut searcher = Searcher::new(22, u64::MAX, &never);
            let cpu0 = cpu_seconds();
            let (value, _) = searcher.solve(pos).expect("no budget");
            let cpu = cpu_seconds() - cpu0;
            values[(value + 1) as usize] += 1;
            nodes += searcher.nodes;
            total += cpu;
            worst = worst.max(cpu);
        }
        let n = positions.len().max(1) as f64;
        println!(
            "{empties:2} empties: {} positions (loss/tie/win {values:?}); cpu mean {:.3} s, worst {:.3} s; {:.1} M nodes/s",
            positions.len(),
            total / n,
            worst,
            if total > 0.0 {
                nodes as f64 / total / 1e6
            } else {
                0.0
            }
        );
    }
}

/// A position with `empties` empty squares from a game of `level` against itself (seeded),
/// or `None` when that game ended first.
fn self_play_position(level: Level, seed: u64, empties: u32) -> Option<Position> {
    let never = AtomicBool::new(false);
    let mut pos = Position { me: 0, you: 0 };
    let mut turn = 0;
    while pos.empty().count_ones() > empties {
        let mv = choose(pos, level, seed.wrapping_mul(1000) + turn, &never, None)?;
        turn += 1;
        match pos.after(mv) {
            After::Open(next) => pos = next,
            _ => return None,
        }
    }
    Some(pos)
}

/// CPU time per move of each level at its default budget, over positions of Casual
/// self-play with 30, 24 and 18 empty squares.
fn bench_levels() {
    println!("## Pentago levels: cpu time per move at the default budgets");
    let positions: Vec<Position> = [30u32, 24, 18]
        .iter()
        .flat_map(|&e| {
            (0..20u64)
                .filter_map(move |s| self_play_position(Level::Casual, s, e))
                .take(2)
        })
        .collect();
    for level in Level::ALL {
        let never = AtomicBool::new(false);
        let mut worst = 0.0f64;
        let mut total = 0.0;
        for &pos in &positions {
            let cpu0 = cpu_seconds();
            let _ = choose(pos, level, 1, &never, None);
            let cpu = cpu_seconds() - cpu0;
            total += cpu;
            worst = worst.max(cpu);
        }
        println!(
            "{:8}: {} positions, cpu mean {:.3} s, worst {:.3} s",
            level.name(),
            positions.len(),
            total / positions.len().max(1) as f64,
            worst
        );
    }
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("levels") {
        bench_levels();
        return;
    }
    if std::env::args().nth(1).as_deref() == Some("rand") {
        let sizes: Vec<u32> = std::env::args()
            .skip(2)
            .filter_map(|a| a.parse().ok())
            .collect();
        bench_random(if sizes.is_empty() {
            &[8, 9, 10]
        } else {
            &sizes
        });
        return;
    }
    let Some(file) = reference_file() else {
        println!("late.tsv not found in tests/data/reference/pentago/");
        return;
    };
    let text = std::fs::read_to_string(&file).expect("readable reference file");
    let wanted: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let wanted = if wanted.is_empty() {
        vec![8, 9, 10]
    } else {
        wanted
    };
    let rows: Vec<(u32, String, i32)> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let stones: u32 = f.first()?.parse().ok()?;
            Some((
                36 - stones,
                format!("{} {}", f.get(1)?, f.get(2)?),
                f.get(3)?.parse().ok()?,
            ))
        })
        .collect();
    println!("## Pentago exact solves of late.tsv ({})", file.display());
    for empties in wanted {
        let set: Vec<_> = rows.iter().filter(|r| r.0 == empties).collect();
        if set.is_empty() {
            continue;
        }
        let (mut worst, mut total_cpu, mut wall) = (0.0f64, 0.0, 0.0);
        let mut wrong = 0;
        for (_, line, value) in &set {
            let pos = parse_line(line).expect("reference lines parse").pos;
            let t = Instant::now();
            let cpu0 = cpu_seconds();
            let answer = solve_position(pos, u64::MAX);
            let cpu = cpu_seconds() - cpu0;
            wall += t.elapsed().as_secs_f64();
            total_cpu += cpu;
            worst = worst.max(cpu);
            if !matches!(answer, Answer::Solved(v, _) if v == *value) {
                wrong += 1;
                println!("  DISAGREES: {line} published {value}, solver {answer:?}");
            }
        }
        let n = set.len();
        println!(
            "{empties:2} empties: {n:2} positions, all {}; cpu mean {:.3} s, worst {:.3} s (wall total {:.2} s)",
            if wrong == 0 {
                "agree".to_string()
            } else {
                format!("{wrong} DISAGREE")
            },
            total_cpu / n as f64,
            worst,
            wall
        );
    }
}
