//! The shipped position puzzles (`assets/puzzles/pack.txt`): every line reads, a game takes
//! part in the daily puzzle once its pack fills the fixed pool, and each puzzle's answer is
//! proven again by the game's solver — a sample of each game here, the whole pack with
//! `--ignored` (see docs/BENCHMARKS.md).

use std::sync::atomic::AtomicBool;

use parlor::core::{Game, PuzzleId};
use parlor::games::position::game::PuzzleGame;
use parlor::games::position::id::read_id;
use parlor::games::position::{Adapter, pack};
use parlor::games::{checkers, connect4, pentago, reversi};

/// Solves the entry's position again and checks that it is still the puzzle the pack says.
fn reproven<A: Adapter>(entry: &pack::Entry) {
    let id: PuzzleId = entry.id.parse().expect("a pack ID reads");
    let (goal, board) = read_id::<A>(&id).expect("a pack ID is a position");
    assert_eq!(goal, entry.goal);
    let never = AtomicBool::new(false);
    let values = A::values(&board, *A::DEPTHS.end(), &never).expect("the solver answers");
    assert_eq!(
        A::classify(&board, &values),
        Some((entry.goal, entry.depth)),
        "{} is no longer the puzzle it was shipped as",
        entry.id
    );
}

/// The pack of `A`: it reads, has puzzles of the game's depths, none twice, and the game has
/// daily puzzles exactly when its pack fills the daily pool.
fn entries<A: Adapter>() -> Vec<pack::Entry> {
    let entries = pack::parse::<A>(pack::PACK).expect("the pack reads");
    assert!(!entries.is_empty(), "{} has no shipped puzzles", A::TITLE);
    assert_eq!(
        PuzzleGame::<A>::daily_puzzle(0x5eed).is_some(),
        entries.len() >= pack::DAILY_POOL,
        "{}: {} puzzles, the daily pool is {}",
        A::TITLE,
        entries.len(),
        pack::DAILY_POOL
    );
    for entry in &entries {
        assert!(
            A::DEPTHS.contains(&entry.depth),
            "{}: depth {}",
            entry.id,
            entry.depth
        );
    }
    let mut ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(
        ids.len(),
        entries.len(),
        "{}: a puzzle is listed twice",
        A::TITLE
    );
    entries
}

/// The first and the last puzzle of each game (the easiest and the deepest): cheap enough for
/// every run.
fn sample<A: Adapter>() {
    let entries = entries::<A>();
    for entry in [entries.first(), entries.last()].into_iter().flatten() {
        reproven::<A>(entry);
    }
}

fn whole<A: Adapter>() {
    for entry in &entries::<A>() {
        reproven::<A>(entry);
    }
}

#[test]
fn connect_four_puzzles_are_proven_again() {
    sample::<connect4::puzzle::Puzzles>();
}

#[test]
fn reversi_endgames_are_proven_again() {
    sample::<reversi::puzzle::Puzzles>();
}

#[test]
fn checkers_problems_are_proven_again() {
    sample::<checkers::puzzle::Puzzles>();
}

#[test]
fn pentago_puzzles_are_proven_again() {
    sample::<pentago::puzzle::Puzzles>();
}

#[test]
#[ignore = "the whole pack: minutes in a debug build (cargo test --release --test all position_pack:: -- --ignored)"]
fn every_shipped_puzzle_is_proven_again() {
    whole::<connect4::puzzle::Puzzles>();
    whole::<reversi::puzzle::Puzzles>();
    whole::<checkers::puzzle::Puzzles>();
    whole::<pentago::puzzle::Puzzles>();
}
