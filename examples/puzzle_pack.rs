//! Makes the shipped pack of position puzzles, `assets/puzzles/pack.txt`: for each game, the
//! computer plays itself from consecutive seeds and every puzzle found is kept, up to a number
//! per depth, in the order found. The same seed and counts give the same pack (the engines'
//! noise comes from the seed and the solvers have no clock).
//!
//! ```text
//! nice -n 19 cargo run --release --features tools --example puzzle_pack -- --seed 1 --per-depth 6 > assets/puzzles/pack.txt
//! ```
//!
//! Progress goes to stderr. Options: `--seed S` (first game's seed, default 1), `--per-depth N`
//! (puzzles kept per depth, default 6), `--games N` (games tried per game kind at most,
//! default 3000), `--only CODE` (one game: c4, rv, ck, pg).

use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::AtomicBool;

use parlor::games::position::Adapter;
use parlor::games::position::generate::{Found, puzzles_in_game};
use parlor::games::{checkers, connect4, pentago, reversi};

/// The command line's settings.
struct Options {
    seed: u64,
    per_depth: usize,
    games: u64,
    only: Option<String>,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        seed: 1,
        per_depth: 6,
        games: 3000,
        only: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--seed" => options.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--per-depth" => {
                options.per_depth = value()?.parse().map_err(|e| format!("--per-depth: {e}"))?;
            }
            "--games" => options.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--only" => options.only = Some(value()?),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(options)
}

/// The puzzles of one game: consecutive seeds' games, until every depth has its count.
fn pack_of<A: Adapter>(options: &Options) -> Vec<Found> {
    let never = AtomicBool::new(false);
    let mut by_depth: BTreeMap<u32, Vec<Found>> = BTreeMap::new();
    let mut seen = HashSet::new();
    let full = |by_depth: &BTreeMap<u32, Vec<Found>>| {
        A::DEPTHS.into_iter().all(|d| {
            by_depth
                .get(&d)
                .is_some_and(|v| v.len() >= options.per_depth)
        })
    };
    for game in 0..options.games {
        if full(&by_depth) {
            break;
        }
        let seed = options.seed.wrapping_add(game);
        let wanted = |depth: u32| {
            A::DEPTHS.contains(&depth)
                && by_depth
                    .get(&depth)
                    .is_none_or(|v| v.len() < options.per_depth)
        };
        for found in puzzles_in_game::<A>(seed, &wanted, &never) {
            let list = by_depth.entry(found.depth).or_default();
            if list.len() < options.per_depth && seen.insert(found.id.to_string()) {
                eprintln!(
                    "{} game {seed}: depth {} {}",
                    A::CODE,
                    found.depth,
                    found.id
                );
                list.push(found);
            }
        }
    }
    // Easiest first, each depth in the order found.
    by_depth.into_values().flatten().collect()
}

fn write<A: Adapter>(options: &Options) {
    if options.only.as_deref().is_some_and(|only| only != A::CODE) {
        return;
    }
    println!(
        "# {} ({} per depth, seeds from {})",
        A::TITLE,
        options.per_depth,
        options.seed
    );
    for found in pack_of::<A>(options) {
        println!("{} {}", found.id, found.depth);
    }
}

fn main() {
    let options = match options() {
        Ok(options) => options,
        Err(err) => {
            eprintln!("puzzle_pack: {err}");
            std::process::exit(2);
        }
    };
    println!(
        "# Position puzzles: one per line, its ID and its depth (see src/games/position/pack.rs)."
    );
    println!("# Made by examples/puzzle_pack.rs; new puzzles go at the end of the file.");
    write::<connect4::puzzle::Puzzles>(&options);
    write::<reversi::puzzle::Puzzles>(&options);
    write::<checkers::puzzle::Puzzles>(&options);
    write::<pentago::puzzle::Puzzles>(&options);
}
