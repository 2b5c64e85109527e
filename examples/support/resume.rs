//! What the resumable data generators (`reversi_datagen`, `checkers_datagen`) share: where a
//! run stopped. Each writes a `# game N` line after a game's positions, so a run can be
//! stopped at any time and started again with the same arguments.
//!
//! Included by both with `#[path]`; it is not an example of its own.

use std::io::{BufRead, BufReader};

/// The number of the game after the last `# game N` line in `path` (0 for a missing or new
/// file): where a resumed run starts.
pub fn next_game(path: &str) -> u64 {
    let Ok(file) = std::fs::File::open(path) else {
        return 0;
    };
    BufReader::new(file)
        .lines()
        .map_while(Result::ok)
        .filter_map(|l| l.strip_prefix("# game ")?.trim().parse::<u64>().ok())
        .max()
        .map_or(0, |n| n + 1)
}
