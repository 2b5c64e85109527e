//! Checkers engine benchmarks (criterion): perft from the start, a fixed-budget search over
//! middle-game positions from seeded random play, and one move of each level at its own
//! budget on five of them. `cargo bench --features tools --bench checkers_engine [-- FILTER]`, where FILTER picks groups or
//! cases by name: `perft`, `search`, `levels`, `levels/Master`, …

use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use parlor::games::checkers::engine::search::Searcher;
use parlor::games::checkers::engine::{Position, Strength, choose, perft};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// The published counts the perft benchmark checks as it goes (English draughts, compulsory
/// capture, every jump path a move).
const PERFT: [(u32, u64); 3] = [(8, 845_931), (9, 3_963_680), (10, 18_391_564)];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (depth, count) in PERFT {
        assert_eq!(
            perft(&Position::start(), depth, true),
            count,
            "perft {depth}"
        );
        group.throughput(Throughput::Elements(count));
        group.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &depth| {
            b.iter(|| perft(black_box(&Position::start()), depth, true));
        });
    }
    group.finish();
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

/// Nodes per position in the search benchmark.
const SEARCH_NODES: u64 = 200_000;

fn bench_search(c: &mut Criterion) {
    let never = AtomicBool::new(false);
    let positions = positions();
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    // The nodes actually visited (a search may stop short of its budget on a forced line).
    let nodes: u64 = positions
        .iter()
        .map(|pos| {
            let mut searcher = Searcher::new(18, SEARCH_NODES, true, &never);
            searcher.iterate(pos, 64, &mut || 0);
            searcher.nodes
        })
        .sum();
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("20 positions x 200k nodes", |b| {
        b.iter(|| {
            for pos in &positions {
                let mut searcher = Searcher::new(18, SEARCH_NODES, true, &never);
                black_box(searcher.iterate(pos, 64, &mut || 0));
            }
        });
    });
    group.finish();
}

fn bench_levels(c: &mut Criterion) {
    let never = AtomicBool::new(false);
    // Five positions: Master's default budget is 2 M nodes a move.
    let positions: Vec<Position> = positions().into_iter().take(5).collect();
    let mut group = c.benchmark_group("levels");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for level in Strength::ALL {
        // One move per position at the level's own budget; the figure is per 5 moves.
        group.bench_function(BenchmarkId::from_parameter(format!("{level:?}")), |b| {
            b.iter(|| {
                for (seed, pos) in (0..).zip(&positions) {
                    black_box(choose(pos, true, level, seed, &never, None));
                }
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_search, bench_levels);
criterion_main!(benches);
