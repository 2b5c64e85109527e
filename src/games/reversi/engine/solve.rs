//! `parlor solve reversi`: exact endgame values of positions read one per line.

#[cfg(test)]
use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;

use super::board::Position;
#[cfg(test)]
use super::board::square_name;
use super::search::Searcher;

/// The exact result of a position: the best move (`None` when the side to move must pass or
/// the game is over) and the final disc difference for the side to move with perfect play,
/// empty squares going to the winner.
///
/// The solve is exponential in the number of empty squares: instant up to about 16, under a
/// second at 20, tens of seconds at 26, minutes beyond (docs/BENCHMARKS.md, Reversi engine).
pub fn solve_position(pos: &Position) -> (Option<u8>, i32) {
    Solver::new().solve(pos)
}

/// Never raised: a solve from the command line runs to the end (Ctrl-C ends the process).
static NEVER: AtomicBool = AtomicBool::new(false);

/// An exact solver kept from one position to the next, for files of positions: a fresh
/// 48 MB table per line cost more in page faults (0.4 s of system time on FFO 20–39) than
/// several of the solves. Entries hold their whole position, so what an earlier line left is
/// never mistaken for this one's.
pub struct Solver {
    searcher: Searcher<'static>,
}

impl Solver {
    /// A solver with a table of 2 Mi entries (64 MB) that searches on every core the
    /// machine offers (`parallel.rs`: about 1.6 times faster on two cores, docs/BENCHMARKS.md).
    #[must_use]
    pub fn new() -> Self {
        let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Self::with_threads(threads)
    }

    /// A solver searching on `threads` threads (1: this one alone).
    #[must_use]
    pub fn with_threads(threads: usize) -> Self {
        Self {
            searcher: Searcher::new(21, u64::MAX, &NEVER).with_threads(threads),
        }
    }

    /// [`solve_position`], reusing this solver's table.
    pub fn solve(&mut self, pos: &Position) -> (Option<u8>, i32) {
        let found = self
            .searcher
            .solve(pos.player, pos.opponent)
            .expect("a search without budget or cancel always finishes");
        (found.best, found.score)
    }
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
/// Reads positions (64 squares `X`/`O`/`-` from a1 to h8 row by row, a space, the side to
/// move `X`/`O`; text after that, such as the FFO files' move list, is ignored) and prints for
/// each its best move and exact score, e.g. `G8 +18`. A side that must pass gets `pass`, a
/// finished game `end`. A line that cannot be read gets `error: …` and the next line is read;
/// blank lines are skipped.
///
/// # Errors
///
/// Only failures to read `input` or write `out`.
pub fn solve_lines(input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<()> {
    let mut solver = Solver::new();
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        match Position::parse(&line) {
            Err(e) => writeln!(out, "error: {e}")?,
            Ok(pos) => {
                let (best, score) = solver.solve(&pos);
                let name = match best {
                    Some(sq) => square_name(sq),
                    None if pos.is_over() => "end".to_string(),
                    None => "pass".to_string(),
                };
                writeln!(out, "{name} {score:+}")?;
            }
        }
        out.flush()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str) -> String {
        let mut out = Vec::new();
        solve_lines(&mut text.as_bytes(), &mut out).expect("in-memory io");
        String::from_utf8(out).expect("utf-8 output")
    }

    #[test]
    fn solves_lines_and_reports_bad_ones_without_stopping() {
        let text = "\
--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;
not a position

-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- Z
-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X
";
        let out = run(text);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4, "{out}");
        assert_eq!(lines[0], "G8 +18");
        assert!(lines[1].starts_with("error: the board has 3 squares"));
        assert!(lines[2].starts_with("error: the side to move"));
        assert_eq!(lines[3], "A4 +10");
    }

    #[test]
    fn passes_and_finished_games_are_named() {
        // White has no move (a lone white disc surrounded by nothing it can flank), black does.
        let mut board = vec!['X'; 64];
        board[63] = '-';
        board[62] = 'O';
        board[0] = '-';
        let line: String = board.iter().collect();
        // White to move: O at g8 cannot flank; a1 is not reachable for white either.
        let out = run(&format!("{line} O\n"));
        assert!(out.starts_with("pass "), "{out}");
        // Full board: the game is over.
        let full = "X".repeat(32) + &"O".repeat(32);
        assert_eq!(run(&format!("{full} X\n")), "end +0\n");
    }
}
