//! Connect Four speed (criterion): the exact solver on Pascal Pons's reference sets, and
//! Master's reply time by ply with the interactive budget.
//!
//! ```sh
//! cargo bench --features tools --bench connect4_solver                  # everything
//! cargo bench --features tools --bench connect4_solver -- solve         # the reference sets only
//! cargo bench --features tools --bench connect4_solver -- master        # Master's replies only
//! ```
//!
//! The solver runs without opening book, one transposition table across a set (as Pons's
//! benchmark does); every score is checked against the set before timing. Master's replies
//! use the shipped book and `INTERACTIVE_BUDGET`, on positions Master meets from the empty
//! board against seeded random replies (plies 0-12). A per-ply table of means and worst cases
//! comes from `cargo run --release --features tools --example connect4_master_times`.

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor::games::connect4::engine::{
    INTERACTIVE_BUDGET, Position, Solver, Strength, choose_move,
};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

/// The sets timed, with how many of their positions (the slow sets in part).
const SETS: [(&str, &str, usize); 5] = [
    ("Test_L3_R1", "end-easy", 1000),
    ("Test_L2_R1", "middle-easy", 1000),
    ("Test_L1_R1", "begin-easy", 1000),
    ("Test_L2_R2", "middle-medium", 100),
    ("Test_L1_R2", "begin-medium", 5),
];

fn reference_positions(name: &str, limit: usize) -> Vec<(Position, i32)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/reference/connect4")
        .join(name);
    let text = std::fs::read_to_string(&path).expect("the reference sets are in the repository");
    text.lines()
        .take(limit)
        .map(|line| {
            let mut fields = line.split_whitespace();
            let moves = fields.next().expect("moves");
            let score = fields.next().expect("score").parse().expect("a score");
            (Position::from_moves(moves).expect("a legal line"), score)
        })
        .collect()
}

fn solve_sets(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for (file, name, limit) in SETS {
        let positions = reference_positions(file, limit);
        let mut solver = Solver::new();
        for (p, expected) in &positions {
            assert_eq!(solver.solve(p), *expected, "{file}");
        }
        group.bench_function(format!("{name} ({} positions)", positions.len()), |b| {
            b.iter(|| {
                let mut solver = Solver::new();
                for (p, _) in &positions {
                    black_box(solver.solve(p));
                }
            });
        });
    }
    group.finish();
}

/// Positions with Master to move at each ply up to 12: Master in both seats against seeded
/// random replies, a few games each.
fn master_positions_by_ply() -> Vec<Vec<Position>> {
    let never = AtomicBool::new(false);
    let mut by_ply = vec![Vec::new(); 13];
    for seed in 0..3u64 {
        for master_first in [true, false] {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut p = Position::empty();
            while !p.is_over() && p.moves_played() <= 12 {
                let master_turn = p.moves_played().is_multiple_of(2) == master_first;
                let col = if master_turn {
                    by_ply[p.moves_played() as usize].push(p);
                    choose_move(&p, Strength::Master, 0, &never, Some(INTERACTIVE_BUDGET))
                        .expect("a move")
                } else {
                    let legal = p.legal_columns();
                    legal[rng.random_range(0..legal.len())]
                };
                p.play(col);
            }
        }
    }
    by_ply
}

fn master_replies(c: &mut Criterion) {
    let never = AtomicBool::new(false);
    let mut group = c.benchmark_group("master");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for (ply, positions) in master_positions_by_ply().iter().enumerate() {
        if positions.is_empty() {
            continue;
        }
        group.bench_function(
            format!("ply {ply:02} ({} positions)", positions.len()),
            |b| {
                b.iter(|| {
                    for p in positions {
                        black_box(choose_move(
                            p,
                            Strength::Master,
                            0,
                            &never,
                            Some(INTERACTIVE_BUDGET),
                        ));
                    }
                });
            },
        );
    }
    group.finish();
}

criterion_group!(benches, solve_sets, master_replies);
criterion_main!(benches);
