//! The shipped levels, compiled into the binary from `assets/slide/levels/NN-name.toml` so the
//! game needs no files at run time. Each file stores its par; a test recomputes every par with
//! the solver and replays the solution.

use std::path::PathBuf;

use super::level::{Level, LevelError};
use crate::save::format::SaveError;

/// Why the level a command line asks for (a shipped level's number or a level file) cannot be
/// played. The command line prints it; `parlor solve slide` exits 1 on it.
#[derive(Debug, thiserror::Error)]
pub enum ChoiceError {
    /// A level number outside the shipped levels (clap refuses it already while reading
    /// `--level`, with this sentence).
    #[error("there is no level {0}; levels go from 1 to {COUNT}")]
    NoSuchLevel(usize),
    /// A shipped level that does not load (the tests rule it out).
    #[error("level {number}: {source}")]
    Shipped {
        /// The level's number, from 1.
        number: usize,
        /// What is wrong with it.
        source: LevelError,
    },
    /// A level file that could not be read (missing, too large, not text).
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: SaveError,
    },
    /// A level file that is not a valid level.
    #[error("{}: {source}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong in it.
        source: LevelError,
    },
}

impl ChoiceError {
    /// Reads and validates the level file at `path`.
    ///
    /// # Errors
    /// [`ChoiceError::Read`] or [`ChoiceError::File`], naming the file.
    pub fn read_level(path: &std::path::Path) -> Result<Level, Self> {
        let text = crate::save::store::read_limited(path, crate::save::format::MAX_SAVE_BYTES)
            .map_err(|source| Self::Read {
                path: path.to_path_buf(),
                source,
            })?;
        Level::from_toml(&text).map_err(|source| Self::File {
            path: path.to_path_buf(),
            source,
        })
    }
}

/// The level files' text, easiest first.
const FILES: [&str; COUNT] = [
    include_str!("../../../assets/slide/levels/01-first-steps.toml"),
    include_str!("../../../assets/slide/levels/02-side-door.toml"),
    include_str!("../../../assets/slide/levels/03-corner-pocket.toml"),
    include_str!("../../../assets/slide/levels/04-scattered.toml"),
    include_str!("../../../assets/slide/levels/05-crosswind.toml"),
    include_str!("../../../assets/slide/levels/06-crossroads.toml"),
    include_str!("../../../assets/slide/levels/07-stepping-stones.toml"),
    include_str!("../../../assets/slide/levels/08-ricochet.toml"),
    include_str!("../../../assets/slide/levels/09-detour.toml"),
    include_str!("../../../assets/slide/levels/10-pinball.toml"),
    include_str!("../../../assets/slide/levels/11-pebbles.toml"),
    include_str!("../../../assets/slide/levels/12-zigzag.toml"),
    include_str!("../../../assets/slide/levels/13-lanes.toml"),
    include_str!("../../../assets/slide/levels/14-low-goal.toml"),
    include_str!("../../../assets/slide/levels/15-long-way-round.toml"),
    include_str!("../../../assets/slide/levels/16-traffic.toml"),
    include_str!("../../../assets/slide/levels/17-queue.toml"),
    include_str!("../../../assets/slide/levels/18-drift.toml"),
    include_str!("../../../assets/slide/levels/19-east-wind.toml"),
    include_str!("../../../assets/slide/levels/20-rebound.toml"),
    include_str!("../../../assets/slide/levels/21-narrow-gate.toml"),
    include_str!("../../../assets/slide/levels/22-top-shelf.toml"),
    include_str!("../../../assets/slide/levels/23-low-road.toml"),
    include_str!("../../../assets/slide/levels/24-backstop.toml"),
    include_str!("../../../assets/slide/levels/25-shuffle.toml"),
    include_str!("../../../assets/slide/levels/26-alcove.toml"),
    include_str!("../../../assets/slide/levels/27-rubble.toml"),
    include_str!("../../../assets/slide/levels/28-keyhole.toml"),
    include_str!("../../../assets/slide/levels/29-quarry.toml"),
    include_str!("../../../assets/slide/levels/30-fortress.toml"),
];

/// How many levels are shipped.
pub const COUNT: usize = 30;

/// Every shipped level, in order. A file that fails to load is a build defect caught by the
/// tests, so it is skipped here rather than taking the game down.
#[must_use]
pub fn shipped() -> Vec<Level> {
    FILES
        .iter()
        .filter_map(|text| Level::from_toml(text).ok())
        .collect()
}

/// The key best results of shipped level `number` (from 1) are kept under: the level's name
/// (`level-fortress`), not its number, so a best result stays with its level when levels are
/// added or reordered.
#[must_use]
pub fn level_key(number: usize) -> String {
    match shipped_level(number) {
        Ok(level) => format!("level-{}", slug(&level.name)),
        Err(_) => format!("level-{number:02}"),
    }
}

/// The shipped level a best-result key names; `None` for other keys (a file or a seed).
#[must_use]
pub fn level_number(key: &str) -> Option<usize> {
    (1..=COUNT).find(|&number| level_key(number) == key)
}

/// A level name as a key: lower case, words joined by `-`.
fn slug(name: &str) -> String {
    name.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

/// Shipped level `number`, counted from 1 as the command line and the level list do.
///
/// # Errors
/// [`ChoiceError::NoSuchLevel`] when the number is out of range, or
/// [`ChoiceError::Shipped`] with the level's own [`LevelError`] (which the tests rule out).
pub fn shipped_level(number: usize) -> Result<Level, ChoiceError> {
    let text = number
        .checked_sub(1)
        .and_then(|index| FILES.get(index))
        .ok_or(ChoiceError::NoSuchLevel(number))?;
    Level::from_toml(text).map_err(|source| ChoiceError::Shipped { number, source })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules;
    use crate::games::slide::notation::parse_move;
    use crate::games::slide::plain::solve_report;
    use crate::games::slide::rules::Cell;
    use crate::games::slide::solver::DEFAULT_BUDGET;

    #[test]
    fn best_result_keys_name_the_level_and_lead_back_to_it() {
        assert_eq!(level_key(COUNT), "level-fortress");
        let keys: std::collections::HashSet<String> = (1..=COUNT).map(level_key).collect();
        assert_eq!(keys.len(), COUNT, "two levels share a key");
        for number in 1..=COUNT {
            assert_eq!(level_number(&level_key(number)), Some(number));
        }
        assert_eq!(level_number("seed-42-medium"), None);
    }

    #[test]
    fn every_file_loads_with_the_seed_pieces() {
        assert_eq!(shipped().len(), COUNT);
        for level in shipped() {
            assert_eq!(level.board.o_count(), 4, "{}", level.name);
            assert_eq!(level.board.squares_of(Cell::X).len(), 8, "{}", level.name);
            assert!(level.par.is_some(), "{} has no par", level.name);
        }
        // Out of range is its own kind (a usage error), not a broken level.
        assert!(matches!(shipped_level(0), Err(ChoiceError::NoSuchLevel(0))));
        let past = shipped_level(COUNT + 1)
            .map(|_| ())
            .expect_err("past the last level");
        assert!(matches!(past, ChoiceError::NoSuchLevel(n) if n == COUNT + 1));
        assert_eq!(
            past.to_string(),
            format!(
                "there is no level {}; levels go from 1 to {COUNT}",
                COUNT + 1
            )
        );
        assert_eq!(
            shipped_level(1).map(|l| l.name).ok(),
            Some("First Steps".to_string())
        );
    }

    #[test]
    fn the_bound_never_exceeds_the_moves_left_along_every_shipped_solution() {
        // The pars are reference data (proven when each level was added): after i moves of an
        // optimal solution, par − i moves are left, and the solver's bound may not say more.
        // The two-move stranded test is the part random boards rarely reach; it must be met.
        use crate::games::slide::position::Puzzle;
        use crate::games::slide::solver::{Search, search};
        let mut twice = 0;
        for level in shipped() {
            let par = level.par.expect("shipped levels have a par");
            let Search::Solved(moves) = search(&level.board, DEFAULT_BUDGET) else {
                panic!("{} is not solved", level.name);
            };
            assert_eq!(moves.len(), par as usize, "{}", level.name);
            let (puzzle, _) = Puzzle::new(&level.board);
            let mut board = level.board.clone();
            for (played, mv) in moves.iter().enumerate() {
                let (_, pos) = Puzzle::new(&board);
                let left = par - played as u32;
                assert!(
                    puzzle.heuristic(pos) <= left,
                    "{} after {played}",
                    level.name
                );
                if puzzle.stranded(pos) && puzzle.stranded_count(pos, true) == 2 {
                    twice += 1;
                }
                board.play(mv).expect("the solution replays");
            }
        }
        assert!(twice >= 5, "the two-move test met only {twice} times");
    }

    #[test]
    fn pars_are_optimal_and_printed_solutions_replay_in_par_moves() {
        // Goes through the text `parlor solve slide` prints, so what a player reads is what
        // is checked: the par line, then one numbered move per line.
        let mut previous = 0;
        for level in shipped() {
            let report = solve_report(
                &level.board,
                DEFAULT_BUDGET,
                crate::core::Coordinates::Original,
            );
            let mut lines = report.lines();
            let par: u32 = lines
                .next()
                .and_then(|l| l.strip_prefix("par: "))
                .and_then(|l| l.strip_suffix(" moves"))
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{}: {report}", level.name));
            assert_eq!(Some(par), level.par, "{}", level.name);
            let mut board = level.board.clone();
            let mut played = 0;
            for line in lines {
                let (_, text) = line.split_once(". ").expect("numbered move");
                board
                    .play(&parse_move(text).expect("notation"))
                    .expect("legal");
                played += 1;
            }
            assert_eq!(played, par, "{}", level.name);
            assert!(
                board.outcome().is_some(),
                "{} solution does not win",
                level.name
            );
            assert!(
                par >= previous,
                "{} is easier than the level before",
                level.name
            );
            previous = par;
        }
    }
}
