//! How much a Slide level's par costs to prove: the par, the positions the solver expanded
//! and the time, for each level file given (or every shipped level).
//!
//! `cargo run --release --features tools --example slide_proof_cost -- [LEVEL.toml …]`, with `BUDGET` in the
//! environment to change the node budget (default: the solver's own). The tests prove every
//! shipped par within the default budget; this shows how close each level comes to it, which
//! is what a level designer needs to know before adding a harder one.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use parlor::games::slide::level::Level;
use parlor::games::slide::levels::shipped;
use parlor::games::slide::solver::{DEFAULT_BUDGET, Search, search_counted};

fn main() -> ExitCode {
    let budget = std::env::var("BUDGET")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(DEFAULT_BUDGET);
    let paths: Vec<String> = std::env::args().skip(1).collect();
    let mut levels = Vec::new();
    if paths.is_empty() {
        levels.extend(
            shipped()
                .into_iter()
                .map(|level| (level.name.clone(), level)),
        );
    }
    for path in paths {
        match std::fs::read_to_string(&path)
            .map_err(|err| err.to_string())
            .and_then(|text| Level::from_toml(&text).map_err(|err| err.to_string()))
        {
            Ok(level) => levels.push((path, level)),
            Err(err) => {
                eprintln!("{path}: {err}");
                return ExitCode::from(1);
            }
        }
    }
    for (name, level) in levels {
        let started = Instant::now();
        let (result, expanded) = search_counted(&level.board, budget, &AtomicBool::new(false));
        let par = match result {
            Search::Solved(moves) => moves.len().to_string(),
            Search::Unsolvable => "none".to_string(),
            Search::GaveUp => "over budget".to_string(),
        };
        println!(
            "{name}: par {par}, {expanded} positions expanded, {:.2} s",
            started.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
