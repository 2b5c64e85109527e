//! The analysis command `parlor solve connect4`: positions in, exact scores out.

use std::io::{self, BufRead, Write};

use super::book::Book;
use super::position::Position;
use super::solver::Solver;

/// Reads one position per line (1-based column digits from the empty board, `4453`; an empty
/// line is the empty board) and writes `<position> <score>` for each, the score as in
/// [`Solver::solve`]. A line that is not a legal game gets `<line> error: <reason>` and the
/// next line is still read, so one typo does not end a long batch.
///
/// # Errors
/// Only reading or writing failures.
pub fn solve_lines(input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<()> {
    let mut solver = Solver::new().with_book(Book::embedded());
    loop {
        // Bounded, cleaned lines: each is echoed back, so no escape sequence survives.
        let Some(text) = crate::core::plain::read_line(input)? else {
            return Ok(());
        };
        let line = text.trim();
        match Position::from_moves(line) {
            Ok(position) => writeln!(out, "{line} {}", solver.solve(&position))?,
            Err(e) => writeln!(out, "{line} error: {e}")?,
        }
        out.flush()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_lines_do_not_stop_the_batch() {
        let input = b"4455\n44x5\n1111111\n 2252576253462244111563365343671351441\r\n";
        let mut out = Vec::new();
        solve_lines(&mut &input[..], &mut out).expect("in-memory I/O");
        let text = String::from_utf8(out).expect("utf-8");
        assert_eq!(
            text,
            "4455 18\n\
             44x5 error: move 3: 'x' is not a column from 1 to 7\n\
             1111111 error: move 7: column 1 is full\n\
             2252576253462244111563365343671351441 -1\n"
        );
    }
}
