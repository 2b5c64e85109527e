//! Level generation from a seed: random boards with the seed's pieces (4 `O`, 8 `X`, 2 adjacent
//! goals), kept only when the solver proves a par inside the asked range.
//!
//! Deterministic: the same seed and range always give the same level, because the only source
//! of randomness is a `SmallRng` seeded from the seed and the solver is deterministic.

use std::ops::RangeInclusive;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

use super::level::{Level, MAX_O, MAX_X, board_from_rows};
use super::rules::SIZE;
use super::solver::{Search, search};

/// How hard a generated level should be: a range of pars that random boards reach quickly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Difficulty {
    /// Par 6 to 8.
    Easy,
    /// Par 9 to 10.
    Medium,
    /// Par 11 to 12.
    Hard,
}

impl Difficulty {
    /// The par range a generated level of this difficulty has.
    #[must_use]
    pub const fn par_range(self) -> RangeInclusive<u32> {
        match self {
            Self::Easy => 6..=8,
            Self::Medium => 9..=10,
            Self::Hard => 11..=12,
        }
    }
}

/// Positions the solver may expand per candidate board: candidates that need more are skipped,
/// which keeps generation quick; a skipped board is never returned, so every level returned
/// has a proven par.
const CANDIDATE_BUDGET: usize = 60_000;

/// Generates a solvable level whose par lies in `difficulty`.
///
/// Loops over candidates until one fits, so `difficulty` must be a range random boards reach
/// (the command line offers presets that do; see [`crate::games::slide::args`]).
#[must_use]
pub fn generate(seed: u64, difficulty: RangeInclusive<u32>) -> Level {
    let mut rng = SmallRng::seed_from_u64(seed);
    loop {
        if let Some(level) = candidate(&mut rng, seed, &difficulty) {
            return level;
        }
    }
}

/// One random board, returned only if its proven par is in range.
fn candidate(rng: &mut SmallRng, seed: u64, difficulty: &RangeInclusive<u32>) -> Option<Level> {
    let mut grid = [['.'; SIZE]; SIZE];
    let (gr, gc, vertical) = (
        rng.random_range(0..SIZE),
        rng.random_range(0..SIZE - 1),
        rng.random_bool(0.5),
    );
    let (first, second) = if vertical {
        ((gc, gr), (gc + 1, gr))
    } else {
        ((gr, gc), (gr, gc + 1))
    };
    grid[first.0][first.1] = 'G';
    grid[second.0][second.1] = 'G';
    for (piece, count) in [('O', MAX_O), ('X', MAX_X)] {
        let mut placed = 0;
        while placed < count {
            let (r, c) = (rng.random_range(0..SIZE), rng.random_range(0..SIZE));
            if grid[r][c] == '.' {
                grid[r][c] = piece;
                placed += 1;
            }
        }
    }
    let rows: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
    let board = board_from_rows(&rows).ok()?;
    match search(&board, CANDIDATE_BUDGET) {
        Search::Solved(moves) if difficulty.contains(&(moves.len() as u32)) => Some(Level {
            name: format!("seed {seed}"),
            board,
            par: Some(moves.len() as u32),
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules;
    use crate::games::slide::rules::Cell;
    use crate::games::slide::solver::DEFAULT_BUDGET;

    #[test]
    fn generated_levels_are_solvable_in_range_and_repeatable() {
        for seed in 0..12u64 {
            let level = generate(seed, 8..=10);
            assert_eq!(
                level,
                generate(seed, 8..=10),
                "seed {seed} is not repeatable"
            );
            assert_eq!(level.board.o_count(), MAX_O);
            assert_eq!(level.board.squares_of(Cell::X).len(), MAX_X);
            let Search::Solved(moves) = search(&level.board, DEFAULT_BUDGET) else {
                panic!("seed {seed} gave an unsolved level");
            };
            assert!(
                (8..=10).contains(&moves.len()),
                "seed {seed}: par {}",
                moves.len()
            );
            assert_eq!(level.par, Some(moves.len() as u32));
            let mut board = level.board.clone();
            for mv in &moves {
                board.play(mv).expect("solver moves are legal");
            }
            assert!(board.outcome().is_some());
        }
    }
}

#[cfg(test)]
mod design {
    use super::*;

    /// Solves the boards in the file named by `SLIDE_DESIGN` (10 rows each, blank line between).
    #[test]
    #[ignore = "level design aid"]
    fn solve_designs() {
        let Ok(path) = std::env::var("SLIDE_DESIGN") else {
            return;
        };
        let text = std::fs::read_to_string(path).expect("design file");
        let budget: usize = std::env::var("SLIDE_BUDGET")
            .ok()
            .and_then(|b| b.parse().ok())
            .unwrap_or(3_000_000);
        for block in text.split("\n\n") {
            let rows: Vec<&str> = block
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect();
            if rows.is_empty() {
                continue;
            }
            let board = match board_from_rows(&rows) {
                Ok(b) => b,
                Err(e) => {
                    println!("{e}");
                    continue;
                }
            };
            let t = std::time::Instant::now();
            let r = search(&board, budget);
            match r {
                Search::Solved(m) => println!(
                    "{}\npar {} in {:?}: {}\n",
                    rows.join("\n"),
                    m.len(),
                    t.elapsed(),
                    m.iter()
                        .map(crate::games::slide::notation::format_move)
                        .collect::<Vec<_>>()
                        .join(" | ")
                ),
                other => println!("{}\n{other:?} in {:?}\n", rows.join("\n"), t.elapsed()),
            }
        }
    }

    #[test]
    #[ignore = "level design aid"]
    fn make_levels() {
        for (lo, hi) in [
            (6, 7),
            (7, 8),
            (8, 9),
            (9, 10),
            (10, 11),
            (11, 12),
            (12, 12),
        ] {
            for seed in 100..102u64 {
                let t = std::time::Instant::now();
                let level = generate(seed * 31 + u64::from(lo), lo..=hi);
                let t2 = std::time::Instant::now();
                let _ = search(&level.board, 3_000_000);
                println!(
                    "range {lo}-{hi} seed {seed} par {:?} gen {:?} solve {:?}",
                    level.par,
                    t2 - t,
                    t2.elapsed()
                );
                for row in level.board.rows() {
                    println!("{row}");
                }
                println!();
            }
        }
    }
}
