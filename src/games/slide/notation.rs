//! Slide moves as text: `r,c d` — the square of the piece (row, column, as plain mode asks for
//! it) and the seed's direction key (`w` up, `a` left, `s` down, `d` right).
//!
//! The same text is what plain mode reads (in two prompts), what `parlor solve slide` prints and
//! what the history panel shows, so a printed solution can be typed back in.

use crate::core::coordinates::{SquareNames, parse_xy};
use crate::core::{Coordinates, NotationError, NotationReason};

use super::level::{LevelError, board_from_rows};
use super::rules::{Board, Cell, Dir, Move, SIZE, Square};

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
                "\"{}\" is not a square: type a row and a column from 0 to {} like 3,4",
                text.trim(),
                SIZE - 1
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
                "\"{trimmed}\" is not a direction: type w (up), a (left), s (down) or d (right)"
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
                format!(
                    "\"{trimmed}\" is not a move: type one like 3,4 d (row,column then w/a/s/d)"
                ),
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

/// A piece's square as plain mode and `parlor solve slide` read it. The form of the text says
/// which name it is, so the two digit pairs never clash: a bare pair is the seed's
/// row,column from the top (what the seed's prompt asks for: `0,4`), a pair after its piece's
/// letter is the standard `x,y` from the lower left (the history's form: `O 4,9`). When that
/// reading finds no such piece but the other reading does, the other is taken: only one of them
/// names a piece, so the text is not ambiguous (`4,9` typed for the O at `4,9` on an empty row
/// 4). Whether the piece can move is the rules' check.
///
/// # Errors
/// [`NotationError`] saying what was expected.
pub fn read_square(board: &Board, text: &str) -> Result<Square, NotationError> {
    match read_answer(board, text)? {
        (square, None) => Ok(square),
        (_, Some(_)) => Err(square_expected(text)),
    }
}

/// An answer to plain mode's first prompt: a square as [`read_square`] reads it, maybe
/// followed by its direction (a whole move on one line, `O 4,9 down`), which then needs no
/// second prompt.
///
/// # Errors
/// [`NotationError`] saying what was expected: the square's or the direction's.
pub fn read_answer(board: &Board, text: &str) -> Result<(Square, Option<Dir>), NotationError> {
    let (square, rest) = read_square_prefix(board, text)?;
    if rest.trim().is_empty() {
        Ok((square, None))
    } else {
        Ok((square, Some(read_dir(rest)?)))
    }
}

/// A whole move as plain mode and `parlor solve slide` read it: a square as [`read_square`]
/// reads it, then the direction as a word (`up`, `left`) or the seed's key (`w` `a` `s` `d`):
/// `O 4,9 down`, `0,4 s`, `0,4s`.
///
/// # Errors
/// [`NotationError`] saying what was expected.
pub fn read_move(board: &Board, text: &str) -> Result<Move, NotationError> {
    match read_answer(board, text)? {
        (from, Some(dir)) => Ok(Move { from, dir }),
        (_, None) => Err(NotationError::new(
            NotationReason::Malformed,
            format!(
                "\"{}\" is not a move: type one like O 4,9 down or 0,4 s (a square, then the direction)",
                text.trim()
            ),
        )),
    }
}

/// Reads a direction as a word (`up`, `down`, `left`, `right`, any case) or a key (`w` `a` `s`
/// `d`).
///
/// # Errors
/// [`NotationError`] when the text is neither.
pub fn read_dir(text: &str) -> Result<Dir, NotationError> {
    let word = text.trim();
    Dir::ALL
        .into_iter()
        .find(|dir| dir.name().eq_ignore_ascii_case(word))
        .map_or_else(|| parse_dir(word), Ok)
}

/// A move as plain mode and `parlor solve slide` print it: under the standard names the
/// history's form (`O 4,9 down`), under the original ones the seed's (`0,4 s`). Both read back
/// with [`read_move`].
#[must_use]
pub fn format_plain(before: &Board, mv: &Move, names: Coordinates) -> String {
    match names {
        Coordinates::Standard => format_named(before, mv, names),
        Coordinates::Original => format_move(mv),
    }
}

/// The square at the start of `text` (see [`read_square`]) and the text after it.
fn read_square_prefix<'t>(
    board: &Board,
    text: &'t str,
) -> Result<(Square, &'t str), NotationError> {
    let trimmed = text.trim_start();
    let letter = trimmed
        .chars()
        .next()
        .and_then(|c| match c.to_ascii_uppercase() {
            'O' => Some(Cell::O),
            'X' => Some(Cell::X),
            _ => None,
        });
    let after_letter = if letter.is_some() {
        &trimmed[1..]
    } else {
        trimmed
    };
    let end = after_letter
        .find(|c: char| !(c.is_ascii_digit() || matches!(c, ',' | '(' | ')') || c.is_whitespace()))
        .unwrap_or(after_letter.len());
    let (pair, rest) = after_letter.split_at(end);
    let numbers: Vec<u8> = pair
        .split(|c: char| matches!(c, ',' | '(' | ')') || c.is_whitespace())
        .filter(|part| !part.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .map_err(|_| square_expected(text))?;
    let [a, b] = numbers[..] else {
        return Err(square_expected(text));
    };
    let standard = SlideSquares::parse_standard(&format!("{a},{b}"));
    let original = SlideSquares::parse_original(&format!("{a},{b}"));
    let (first, second) = if letter.is_some() {
        (standard, original)
    } else {
        (original, standard)
    };
    let holds = |square: &Square| match letter {
        Some(piece) => board.cell(*square) == piece,
        None => matches!(board.cell(*square), Cell::O | Cell::X),
    };
    let square = first
        .filter(holds)
        .or_else(|| second.filter(holds))
        .or(first)
        .ok_or_else(|| square_expected(text))?;
    Ok((square, rest))
}

/// What a square's text should have been.
fn square_expected(text: &str) -> NotationError {
    NotationError::new(
        NotationReason::Malformed,
        format!(
            "\"{}\" is not a square: type a piece and its square like O 4,9 (x,y from the lower \
             left) or a row and a column from the top like 0,4, each 0 to {}",
            text.trim(),
            SIZE - 1
        ),
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
