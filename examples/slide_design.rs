//! A level-design aid for Slide: hill-climbs from a level file towards a higher proven par.
//!
//! `cargo run --release --example slide_design -- LEVEL.toml [SEED] [BUDGET] [ROUNDS]`
//! mutates the board (moves one or two pieces, to a random square or one step), solves each
//! candidate with the project's solver within BUDGET positions (default 400 000), and keeps
//! it when its proven par is at least the current one. Every new best board is printed with
//! its par, ready to paste into a level file; candidates the solver cannot decide within the
//! budget are dropped, so every printed par is proven optimal. Not part of the game: the
//! shipped levels' pars are checked by the tests, never taken from this tool.

use std::process::ExitCode;

use parlor::games::slide::level::{Level, board_from_rows};
use parlor::games::slide::rules::{Cell, SIZE};
use parlor::games::slide::solver::{Search, search};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The board as a grid of level-file characters, to mutate.
type Grid = Vec<Vec<char>>;

/// The proven par of a grid, or `None` when it is invalid, unsolvable or over budget.
fn proven_par(grid: &Grid, budget: usize) -> Option<usize> {
    let rows: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
    let board = board_from_rows(&rows).ok()?;
    match search(&board, budget) {
        Search::Solved(moves) => Some(moves.len()),
        Search::Unsolvable | Search::GaveUp => None,
    }
}

/// Moves one or two pieces: each to a random empty square or one step in a random direction.
fn mutate(grid: &Grid, rng: &mut SmallRng) -> Grid {
    let mut next = grid.clone();
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
    let mut best = proven_par(&grid, budget).unwrap_or(0);
    println!("start: par {best}");
    for round in 0..rounds {
        let candidate = mutate(&grid, &mut rng);
        if let Some(par) = proven_par(&candidate, budget)
            && par >= best
        {
            if par > best {
                println!("round {round}: par {par}");
                for row in &candidate {
                    println!("  \"{}\",", row.iter().collect::<String>());
                }
            }
            best = par;
            grid = candidate;
        }
    }
    println!("best: par {best}");
    ExitCode::SUCCESS
}
