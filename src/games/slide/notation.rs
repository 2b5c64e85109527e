//! Slide moves as text: `r,c d` — the square of the piece (row, column, as plain mode asks for
//! it) and the seed's direction key (`w` up, `a` left, `s` down, `d` right).
//!
//! The same text is what plain mode reads (in two prompts), what `parlor solve slide` prints and
//! what the history panel shows, so a printed solution can be typed back in.

use crate::core::coordinates::{SquareNames, parse_xy};
use crate::core::{Coordinates, NotationError, NotationReason};

use super::level::{LevelError, board_from_rows};
use super::rules::{Board, Dir, Move, SIZE, Square};

/// Reads a square written `r,c` (spaces allowed, `r c` too), both 0–9.
///
/// # Errors
/// [`NotationError`] saying what was expected.
pub fn parse_square(text: &str) -> Result<Square, NotationError> {
    let parts: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|part| !part.is_empty())
        .collect();
    let expected = || {
        NotationError::new(
            NotationReason::Malformed,
            format!(
                "expected a row and a column from 0 to {} like 3,4; got {:?}",
                SIZE - 1,
                text.trim()
            ),
        )
    };
    let [row, col] = parts[..] else {
        return Err(expected());
    };
    let row: u8 = row.parse().map_err(|_| expected())?;
    let col: u8 = col.parse().map_err(|_| expected())?;
    if usize::from(row) >= SIZE || usize::from(col) >= SIZE {
        return Err(expected());
    }
    Ok((row, col))
}

/// Reads a direction key: `w`, `a`, `s` or `d` (either case).
///
/// # Errors
/// [`NotationError`] when the text is not one of those keys.
pub fn parse_dir(text: &str) -> Result<Dir, NotationError> {
    let trimmed = text.trim();
    let mut chars = trimmed.chars();
    match (chars.next().and_then(Dir::from_key), chars.next()) {
        (Some(dir), None) => Ok(dir),
        _ => Err(NotationError::new(
            NotationReason::Malformed,
            format!(
                "expected a direction: w (up), a (left), s (down) or d (right); got {trimmed:?}"
            ),
        )),
    }
}

/// Reads a whole move, `r,c d` (the direction may follow the column directly: `3,4d`).
///
/// # Errors
/// [`NotationError`] saying what was expected.
pub fn parse_move(text: &str) -> Result<Move, NotationError> {
    let trimmed = text.trim();
    let split = trimmed
        .char_indices()
        .rev()
        .find(|(_, c)| c.is_ascii_alphabetic())
        .map(|(i, _)| i)
        .ok_or_else(|| {
            NotationError::new(
                NotationReason::Malformed,
                format!("expected a move like 3,4 d (row,column then w/a/s/d); got {trimmed:?}"),
            )
        })?;
    let from = parse_square(&trimmed[..split])?;
    let dir = parse_dir(&trimmed[split..])?;
    Ok(Move { from, dir })
}

/// Slide's two names of a square: standard `x,y` from the lower left like every other game's
/// board (the O in the top row's fifth column is `4,9`), original the seed's `r,c` from the
/// top (`0,4`), which plain mode asks for.
#[derive(Debug, Clone, Copy)]
pub struct SlideSquares;

impl SquareNames for SlideSquares {
    type Square = Square;

    fn standard((row, col): Square) -> String {
        format!("{col},{}", SIZE as u8 - 1 - row)
    }

    fn original((row, col): Square) -> String {
        format!("{row},{col}")
    }

    fn parse_standard(text: &str) -> Option<Square> {
        let (x, y) = parse_xy(text)?;
        (usize::from(x) < SIZE && usize::from(y) < SIZE).then(|| (SIZE as u8 - 1 - y, x))
    }

    fn parse_original(text: &str) -> Option<Square> {
        let (row, col) = parse_xy(text)?;
        (usize::from(row) < SIZE && usize::from(col) < SIZE).then_some((row, col))
    }
}

/// A move as the arcade's history, hint and analysis show it: the piece, its square under
/// `names` and the direction in words (`O 4,9 left`), so the piece is never ambiguous and
/// nobody has to know the seed's w/a/s/d keys.
#[must_use]
pub fn format_named(before: &Board, mv: &Move, names: Coordinates) -> String {
    format!(
        "{} {} {}",
        before.cell(mv.from).symbol(),
        names.name::<SlideSquares>(mv.from),
        mv.dir.name()
    )
}

/// Writes a move as `r,c d`.
#[must_use]
pub fn format_move(mv: &Move) -> String {
    format!("{},{} {}", mv.from.0, mv.from.1, mv.dir.key())
}

/// The board as rows of `.OXG` for saves.
#[must_use]
pub fn rows(board: &Board) -> Vec<String> {
    board.rows()
}

/// A board from saved rows, validated like a level (but it may hold no `O`: a finished game).
///
/// # Errors
/// [`LevelError`] naming the fault.
pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, LevelError> {
    board_from_rows(rows)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn the_standard_names_count_from_the_lower_left_the_original_from_the_top() {
        let standard = |sq| Coordinates::Standard.name::<SlideSquares>(sq);
        assert_eq!(standard((0, 0)), "0,9");
        assert_eq!(standard((9, 0)), "0,0");
        assert_eq!(standard((0, 4)), "4,9");
        assert_eq!(Coordinates::Original.name::<SlideSquares>((0, 4)), "0,4");
        let board = board_from_rows(&[
            "O.........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "GG.......X",
        ])
        .expect("a board");
        let mv = Move {
            from: (0, 0),
            dir: Dir::Right,
        };
        assert_eq!(
            format_named(&board, &mv, Coordinates::Standard),
            "O 0,9 right"
        );
        assert_eq!(
            format_named(&board, &mv, Coordinates::Original),
            "O 0,0 right"
        );
    }

    proptest! {
        #[test]
        fn both_names_read_back(row in 0u8..10, col in 0u8..10) {
            for names in [Coordinates::Standard, Coordinates::Original] {
                let text = names.name::<SlideSquares>((row, col));
                prop_assert_eq!(names.parse::<SlideSquares>(&text), Some((row, col)));
            }
        }
    }

    #[test]
    fn moves_read_in_several_spellings() {
        let expected = Move {
            from: (3, 4),
            dir: Dir::Right,
        };
        for text in ["3,4 d", " 3, 4 D ", "3,4d", "3 4 d"] {
            assert_eq!(parse_move(text), Ok(expected), "{text}");
        }
        assert!(parse_move("3,4").is_err());
        assert!(parse_move("3,10 w").is_err());
        assert!(parse_move("3,4 x").is_err());
        assert!(parse_square("a,b").is_err());
        assert!(parse_dir("wa").is_err());
        assert_eq!(parse_dir("W"), Ok(Dir::Up));
    }

    proptest! {
        #[test]
        fn format_then_parse_is_the_identity(row in 0u8..10, col in 0u8..10, d in 0usize..4) {
            let mv = Move { from: (row, col), dir: Dir::ALL[d] };
            prop_assert_eq!(parse_move(&format_move(&mv)), Ok(mv));
        }
    }
}
