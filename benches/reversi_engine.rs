//! Reversi engine benchmarks (criterion): perft from the start, the exact solver on the FFO
//! endgame positions kept in `tests/data/reference/othello/`, the pattern evaluation, and a
//! Master midgame move.
//!
//! `cargo bench --features tools --bench reversi_engine` runs them all; `cargo bench --features tools --bench reversi_engine --
//! ffo` picks by name. FFO 1–19 is solved whole; from FFO 20–39 the positions below 24 empties,
//! on one thread and on two (the whole set takes seconds per run, too long for criterion's repetitions: its full timing,
//! position by position, comes from `cargo run --release --features tools --example reversi_ffo`, see
//! `docs/BENCHMARKS.md`). Every solved score is checked against the file before timing.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, criterion_group, criterion_main};
use parlor::games::reversi::engine::board::{START_BLACK, START_WHITE};
use parlor::games::reversi::engine::search::Searcher;
use parlor::games::reversi::engine::{Position, Strength, choose, eval, pattern, perft};

/// The positions of an FFO file with their exact scores.
fn ffo(file: &str) -> Vec<(Position, i32)> {
    let path = format!(
        "{}/tests/data/reference/othello/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the FFO files are in the repository");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let pos = Position::parse(line).expect("valid FFO line");
            let score = line
                .split(';')
                .nth(1)
                .and_then(|pair| pair.split_once(':'))
                .and_then(|(_, s)| s.trim().trim_start_matches('+').parse().ok())
                .expect("each FFO line has its best score");
            (pos, score)
        })
        .collect()
}

/// Solves every position with a fresh table on `threads` threads; checks the scores.
fn solve_all(positions: &[(Position, i32)], threads: usize) {
    let never = AtomicBool::new(false);
    for (pos, score) in positions {
        let mut searcher = Searcher::new(20, u64::MAX, &never).with_threads(threads);
        let found = searcher
            .solve(pos.player, pos.opponent)
            .expect("an unlimited solve finishes");
        assert_eq!(found.score, *score, "{pos}");
    }
}

fn benches(c: &mut Criterion) {
    c.bench_function("perft 9 from the start", |b| {
        b.iter(|| perft(black_box(START_BLACK), black_box(START_WHITE), 9));
    });
    let first = ffo("fforum-1-19.obf");
    solve_all(&first, 1);
    c.bench_function("ffo 1-19 exact", |b| {
        b.iter(|| solve_all(black_box(&first), 1));
    });
    let second: Vec<_> = ffo("fforum-20-39.obf")
        .into_iter()
        .filter(|(pos, _)| pos.empties().count_ones() < 24)
        .collect();
    solve_all(&second, 2);
    c.bench_function("ffo 20-39 below 24 empties exact", |b| {
        b.iter(|| solve_all(black_box(&second), 1));
    });
    // What `parlor solve reversi` does on a two-core machine.
    c.bench_function("ffo 20-39 below 24 empties exact, two threads", |b| {
        b.iter(|| solve_all(black_box(&second), 2));
    });
    let middle =
        Position::parse("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
            .expect("valid");
    c.bench_function("pattern evaluation", |b| {
        b.iter(|| pattern::evaluate(black_box(middle.player), black_box(middle.opponent)));
    });
    c.bench_function("hand-written evaluation", |b| {
        b.iter(|| eval::evaluate(black_box(middle.player), black_box(middle.opponent)));
    });
    let never = AtomicBool::new(false);
    let start = Position::start();
    c.bench_function("master move from the start, 100k nodes", |b| {
        b.iter(|| {
            choose(
                black_box(&start),
                Strength::Master,
                0,
                &never,
                Some(100_000),
            )
        });
    });
}

criterion_group! {
    name = reversi;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(reversi);
