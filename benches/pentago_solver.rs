//! Pentago solver benchmarks (criterion): exact solves of the late positions of Irving's games
//! (`late.tsv`, grouped by empty squares, each checked against the published value before it is
//! timed), the positions of `values.tsv` with 20, 21 and 22 stones and a stone to place (15
//! each, checked the same way; issue #22 part 2), exact solves of seeded random positions, and
//! one move of each level at its default budget. `cargo bench --features tools --bench pentago_solver [-- FILTER]`
//! with FILTER `late`, `stones`, `random`, `levels`, `late/9`, `stones/20`, …; figures in
//! `docs/BENCHMARKS.md`. The files are the repository's copies in
//! `tests/data/reference/pentago/` (sources in that folder's README).

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use parlor::games::pentago::engine::board::{After, Position};
use parlor::games::pentago::engine::solve::{Answer, parse_line, solve_position};
use parlor::games::pentago::engine::{Strength, choose};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// The empty-square counts of the late positions timed by default.
const LATE_EMPTIES: [u32; 3] = [8, 9, 10];

/// The reference positions with `empties` empty squares and their published values.
fn late_positions(empties: u32) -> Vec<(Position, i32)> {
    let file =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/reference/pentago/late.tsv");
    let Ok(text) = std::fs::read_to_string(file) else {
        return Vec::new();
    };
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let stones: u32 = f.first()?.parse().ok()?;
            let line = format!("{} {}", f.get(1)?, f.get(2)?);
            let value = f.get(3)?.parse().ok()?;
            (36 - stones == empties).then(|| Some((parse_line(&line).ok()?.pos, value)))?
        })
        .collect()
}

/// The `values.tsv` positions with `stones` stones and a stone to place, with their published
/// values.
fn reference_positions(stones: u32) -> Vec<(Position, i32)> {
    let file =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/reference/pentago/values.tsv");
    let Ok(text) = std::fs::read_to_string(file) else {
        return Vec::new();
    };
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let count: u32 = f.first()?.parse().ok()?;
            if count != stones || *f.get(2)? != "-" {
                return None;
            }
            let line = format!("{} {}", f.get(1)?, f.get(3)?);
            Some((parse_line(&line).ok()?.pos, f.get(4)?.parse().ok()?))
        })
        .collect()
}

/// Each set of 20–22-stone positions solved one after the other, each with a fresh table.
fn bench_stones(c: &mut Criterion) {
    let mut group = c.benchmark_group("stones");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    for stones in [20u32, 21, 22] {
        let set = reference_positions(stones);
        if set.is_empty() {
            continue;
        }
        for &(pos, value) in &set {
            assert!(
                matches!(solve_position(pos, u64::MAX), Answer::Solved(v, _) if v == value),
                "a {stones}-stone position disagrees with its published value"
            );
        }
        group.bench_with_input(BenchmarkId::from_parameter(stones), &set, |b, set| {
            b.iter(|| {
                for &(pos, _) in set {
                    black_box(solve_position(pos, u64::MAX));
                }
            });
        });
    }
    group.finish();
}

fn bench_late(c: &mut Criterion) {
    let mut group = c.benchmark_group("late");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for empties in LATE_EMPTIES {
        let set = late_positions(empties);
        if set.is_empty() {
            continue;
        }
        for &(pos, value) in &set {
            assert!(
                matches!(solve_position(pos, u64::MAX), Answer::Solved(v, _) if v == value),
                "a late position with {empties} empties disagrees with its published value"
            );
        }
        group.bench_with_input(BenchmarkId::from_parameter(empties), &set, |b, set| {
            b.iter(|| {
                for &(pos, _) in set {
                    black_box(solve_position(pos, u64::MAX));
                }
            });
        });
    }
    group.finish();
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

fn bench_random(c: &mut Criterion) {
    let mut group = c.benchmark_group("random");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for empties in [8u32, 9, 10] {
        let positions: Vec<Position> = (0..200u64)
            .filter_map(|seed| random_position(seed * 7919 + u64::from(empties), empties))
            .take(10)
            .collect();
        group.bench_with_input(
            BenchmarkId::from_parameter(empties),
            &positions,
            |b, positions| {
                b.iter(|| {
                    for &pos in positions {
                        black_box(solve_position(pos, u64::MAX));
                    }
                });
            },
        );
    }
    group.finish();
}

/// A position with `empties` empty squares from seeded self-play at `level`.
fn self_play_position(level: Strength, seed: u64, empties: u32) -> Option<Position> {
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

fn bench_levels(c: &mut Criterion) {
    let positions: Vec<Position> = [30u32, 24, 18]
        .iter()
        .flat_map(|&e| {
            (0..20u64)
                .filter_map(move |s| self_play_position(Strength::Casual, s, e))
                .take(2)
        })
        .collect();
    let mut group = c.benchmark_group("levels");
    group.sample_size(10);
    for level in Strength::ALL {
        group.bench_with_input(
            BenchmarkId::from_parameter(level.name()),
            &positions,
            |b, positions| {
                b.iter(|| {
                    let never = AtomicBool::new(false);
                    for &pos in positions {
                        black_box(choose(pos, level, 1, &never, None));
                    }
                });
            },
        );
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_late,
    bench_stones,
    bench_random,
    bench_levels
);
criterion_main!(benches);
