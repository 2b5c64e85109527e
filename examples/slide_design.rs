//! A level-design aid for Slide: climbs from a level file towards a higher proven par.
//!
//! `cargo run --release --features tools --example slide_design -- LEVEL.toml [SEED] [BUDGET] [ROUNDS]`
//! mutates the board (moves one or two pieces, to a random square or one step, and now and
//! then the goals), solves each candidate with the project's solver within BUDGET positions
//! (default 400 000), and keeps it when its proven par is at least the current one, or, once
//! in a while, one less (so the climb can leave a dead end). Every new best board is printed
//! with its par and the positions its proof expanded, ready to paste into a level file;
//! candidates the solver cannot decide within the budget are dropped, so every printed par is
//! proven optimal.
//!
//! With `WEIGHT=w` in the environment it hunts instead of proving: each candidate is scored by
//! the length of the solution a weighted search finds (an upper bound on par, cheap to get)
//! and kept only when that bound is within `MAX_GAP` (default 9) of the heuristic's start
//! estimate, since a larger gap could never be proven within a test's budget. That is how
//! one looks for boards worth a full proof.
//!
//! Not part of the game: the shipped levels' pars are checked by the tests, never taken from
//! this tool.

use std::process::ExitCode;

use parlor::games::slide::level::{Level, board_from_rows};
use parlor::games::slide::rules::{Cell, SIZE};
use parlor::games::slide::solver::{Search, search_counted, search_weighted, start_estimate};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::AtomicBool;

/// The board as a grid of level-file characters, to mutate.
type Grid = Vec<Vec<char>>;

/// The proven par of a grid and the positions its proof expanded, or `None` when it is
/// invalid, unsolvable or over budget.
fn proven_par(grid: &Grid, budget: usize) -> Option<(usize, usize)> {
    let rows: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
    let board = board_from_rows(&rows).ok()?;
    match search_counted(&board, budget, &AtomicBool::new(false)) {
        (Search::Solved(moves), expanded) => Some((moves.len(), expanded)),
        (Search::Unsolvable | Search::GaveUp, _) => None,
    }
}

/// A cheap stand-in for [`proven_par`] when hunting for long levels: the length of the
/// solution a weighted search finds (an upper bound on par), and its gap over the start
/// estimate; `None` when the gap exceeds `max_gap`, as such a board's par could never be
/// proven within a test's budget even if the bound were tight.
fn estimated_par(
    grid: &Grid,
    budget: usize,
    weight: usize,
    max_gap: usize,
) -> Option<(usize, usize)> {
    let rows: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
    let board = board_from_rows(&rows).ok()?;
    let estimate = start_estimate(&board) as usize;
    match search_weighted(&board, budget, weight) {
        (Search::Solved(moves), _) if moves.len() <= estimate + max_gap => {
            Some((moves.len(), moves.len() - estimate))
        }
        _ => None,
    }
}

/// Moves one or two pieces: each to a random empty square or one step in a random direction.
fn mutate(grid: &Grid, rng: &mut SmallRng) -> Grid {
    let mut next = grid.clone();
    if rng.random_bool(0.1) {
        move_goals(&mut next, rng);
        return next;
    }
    for _ in 0..rng.random_range(1..=2) {
        let pieces: Vec<(usize, usize)> = (0..SIZE)
            .flat_map(|r| (0..SIZE).map(move |c| (r, c)))
            .filter(|&(r, c)| matches!(next[r][c], 'O' | 'X'))
            .collect();
        if pieces.is_empty() {
            break;
        }
        let (r, c) = pieces[rng.random_range(0..pieces.len())];
        let (tr, tc) = if rng.random_bool(0.5) {
            (rng.random_range(0..SIZE), rng.random_range(0..SIZE))
        } else {
            let (dr, dc) = [(0i32, 1i32), (0, -1), (1, 0), (-1, 0)][rng.random_range(0..4)];
            (
                (r as i32 + dr).clamp(0, SIZE as i32 - 1) as usize,
                (c as i32 + dc).clamp(0, SIZE as i32 - 1) as usize,
            )
        };
        if next[tr][tc] == Cell::Empty.symbol() {
            next[tr][tc] = next[r][c];
            next[r][c] = Cell::Empty.symbol();
        }
    }
    next
}

/// Moves the goal pair to two random adjacent empty squares (or leaves it if it drew taken
/// squares).
fn move_goals(grid: &mut Grid, rng: &mut SmallRng) {
    let (goal, empty) = (Cell::Goal.symbol(), Cell::Empty.symbol());
    let (r, c) = (rng.random_range(0..SIZE), rng.random_range(0..SIZE));
    let (r2, c2) = if rng.random_bool(0.5) {
        (r, c + 1)
    } else {
        (r + 1, c)
    };
    if r2 >= SIZE || c2 >= SIZE || grid[r][c] != empty || grid[r2][c2] != empty {
        return;
    }
    for row in grid.iter_mut() {
        for cell in row.iter_mut() {
            if *cell == goal {
                *cell = empty;
            }
        }
    }
    grid[r][c] = goal;
    grid[r2][c2] = goal;
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: slide_design LEVEL.toml [SEED] [BUDGET] [ROUNDS]");
        return ExitCode::from(2);
    };
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let budget: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(400_000);
    let rounds: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let level = match std::fs::read_to_string(path)
        .map_err(|e| e.to_string())
        .and_then(|text| Level::from_toml(&text).map_err(|e| e.to_string()))
    {
        Ok(level) => level,
        Err(err) => {
            eprintln!("{path}: {err}");
            return ExitCode::from(1);
        }
    };
    let mut grid: Grid = level
        .board
        .rows()
        .iter()
        .map(|row| row.chars().collect())
        .collect();
    let mut rng = SmallRng::seed_from_u64(seed);
    // WEIGHT=w (and MAX_GAP=k) hunts by the weighted search's upper bound instead of a proof,
    // keeping only boards whose bound is within k of the start estimate.
    let weight: Option<usize> = std::env::var("WEIGHT").ok().and_then(|w| w.parse().ok());
    let max_gap: usize = std::env::var("MAX_GAP")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(9);
    let score = |grid: &Grid| match weight {
        Some(weight) => estimated_par(grid, budget, weight, max_gap),
        None => proven_par(grid, budget),
    };
    // Higher par first; at equal par, a proof at most a little dearer, which lets the board
    // drift towards designs whose par the tests can still prove within their budget; and one
    // step down now and then, to leave a dead end. The best board seen is kept apart.
    let mut current = score(&grid).unwrap_or((0, usize::MAX));
    let mut best = current;
    let (mut best_grid, mut last_best) = (grid.clone(), 0);
    println!("start: par {} ({} positions)", best.0, best.1);
    for round in 0..rounds {
        if round - last_best > 1500 {
            // Stuck: start again from the best board.
            (grid, current, last_best) = (best_grid.clone(), best, round);
        }
        let candidate = mutate(&grid, &mut rng);
        let Some((par, cost)) = score(&candidate) else {
            continue;
        };
        let accept = par > current.0
            || (par == current.0 && cost <= current.1.saturating_mul(2))
            || (par + 1 == current.0 && rng.random_bool(0.01));
        if !accept {
            continue;
        }
        current = (par, cost);
        grid = candidate;
        if par > best.0 || (par == best.0 && cost < best.1) {
            (best, best_grid, last_best) = (current, grid.clone(), round);
            println!("round {round}: par {par} ({cost} positions)");
            for row in &grid {
                println!("  \"{}\",", row.iter().collect::<String>());
            }
        }
        if round % 100 == 99 {
            println!(
                "round {}: at par {} ({} positions)",
                round + 1,
                current.0,
                current.1
            );
        }
    }
    println!("best: par {} ({} positions)", best.0, best.1);
    ExitCode::SUCCESS
}
