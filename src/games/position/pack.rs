//! The shipped puzzles: `assets/puzzles/pack.txt`, one puzzle per line as its ID and depth,
//! made by `examples/puzzle_pack.rs` from a seed and re-proven by the test suite. New puzzles
//! are added at the end, never in between, so a puzzle's number and the daily puzzle of past
//! dates stay what they were.

use super::adapter::Adapter;
use super::goal::Goal;
use super::id::read_id;
use crate::core::PuzzleId;

/// The pack's text, compiled into the binary.
pub const PACK: &str = include_str!("../../../assets/puzzles/pack.txt");

/// How many of each game's first puzzles the daily puzzle chooses from: fixed, so that adding
/// puzzles to the pack does not change the daily puzzle of any date.
pub const DAILY_POOL: usize = 24;

/// One shipped puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its ID.
    pub id: String,
    /// What it asks.
    pub goal: Goal,
    /// Its depth (see [`Adapter::DEPTHS`]).
    pub depth: u32,
}

/// Why a line of a pack is not a puzzle (the tests rule it out for the shipped pack).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("pack line {line}: {reason}")]
pub struct PackError {
    /// The line's number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// The puzzles of a pack's text for `A`, in order, or the first bad line.
///
/// # Errors
/// [`PackError`] for a line that is not `ID DEPTH` with a readable ID of a known game.
pub fn parse<A: Adapter>(text: &str) -> Result<Vec<Entry>, PackError> {
    let mut entries = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |reason: String| PackError {
            line: index + 1,
            reason,
        };
        let (id, depth) = line
            .split_once(' ')
            .ok_or_else(|| bad("expected an ID and a depth".into()))?;
        let id: PuzzleId = id
            .parse()
            .map_err(|err: crate::core::IdError| bad(err.to_string()))?;
        if id.code != A::CODE {
            continue;
        }
        let depth: u32 = depth
            .trim()
            .parse()
            .map_err(|_| bad(format!("{depth:?} is not a depth")))?;
        let (goal, _) = read_id::<A>(&id).map_err(|err| bad(err.to_string()))?;
        entries.push(Entry {
            id: id.to_string(),
            goal,
            depth,
        });
    }
    Ok(entries)
}

/// The shipped puzzles of `A`, in order (none if the pack were broken, which a test rules
/// out).
#[must_use]
pub fn ids<A: Adapter>() -> Vec<Entry> {
    parse::<A>(PACK).unwrap_or_default()
}
