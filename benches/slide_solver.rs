//! Times the Slide solver on the hardest shipped level (the one with the highest par) and
//! prints the par, the solution and how long the search took. Run with `cargo bench --bench
//! slide_solver`.

use std::time::Instant;

use parlor::games::slide::levels;
use parlor::games::slide::notation::format_move;
use parlor::games::slide::solver::{DEFAULT_BUDGET, solve};

fn main() {
    let shipped = levels::shipped();
    let Some(hardest) = shipped.iter().max_by_key(|level| level.par.unwrap_or(0)) else {
        eprintln!("no shipped levels");
        return;
    };
    let runs = 3;
    let mut best = None;
    for _ in 0..runs {
        let start = Instant::now();
        let solution = solve(hardest, DEFAULT_BUDGET);
        let elapsed = start.elapsed();
        best = Some(best.map_or(elapsed, |b: std::time::Duration| b.min(elapsed)));
        if let Some(moves) = solution {
            println!(
                "{}: {} moves in {elapsed:?}: {}",
                hardest.name,
                moves.len(),
                moves.iter().map(format_move).collect::<Vec<_>>().join(", ")
            );
        } else {
            println!(
                "{}: no solution within the budget ({elapsed:?})",
                hardest.name
            );
        }
    }
    if let Some(best) = best {
        println!("best of {runs}: {best:?}");
    }
}
