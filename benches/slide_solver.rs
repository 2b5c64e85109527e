//! Slide solver benchmark (criterion): the proof of the hardest shipped level (the highest
//! par), checked against its par before it is timed, and the easiest one for scale.
//! `cargo bench --features tools --bench slide_solver [-- FILTER]`; figures in `docs/BENCHMARKS.md`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use parlor::games::slide::level::Level;
use parlor::games::slide::levels;
use parlor::games::slide::solver::{DEFAULT_BUDGET, solve};

fn bench_levels(c: &mut Criterion) {
    let shipped = levels::shipped();
    let by_par = |level: &&Level| level.par.unwrap_or(0);
    let (Some(easiest), Some(hardest)) = (
        shipped.iter().min_by_key(by_par),
        shipped.iter().max_by_key(by_par),
    ) else {
        return;
    };
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for level in [easiest, hardest] {
        let moves = solve(level, DEFAULT_BUDGET).map(|moves| moves.len());
        assert_eq!(
            moves,
            level.par.and_then(|par| usize::try_from(par).ok()),
            "{} is solved in its par",
            level.name
        );
        group.bench_with_input(
            BenchmarkId::from_parameter(&level.name),
            level,
            |b, level| {
                b.iter(|| solve(black_box(level), DEFAULT_BUDGET));
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench_levels);
criterion_main!(benches);
