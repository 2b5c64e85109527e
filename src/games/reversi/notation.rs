//! Reversi moves and positions as text.
//!
//! Moves are written `x,y` (the seed's prompt: "enter the coordinate (x,y)"), or `pass`; the
//! same text is typed in plain mode and shown in the screen's history, so a player can read
//! one and type the other. Positions are eight rows of `.`, `X` and `O` for saves, top row
//! (`y = 7`) first so the rows read like the board on screen.

use crate::core::coordinates::{SquareNames, parse_xy};
use crate::core::{NotationError, NotationReason};

use super::rules::{Board, Disc, Move, SIZE, Setup, SetupError};

/// Reads a move: a standard name `a1`–`h8`, or `x,y` with `x` and `y` from 0 to 7 (spaces and
/// one pair of parentheses are tolerated, as people type `(4, 2)` too), or `pass` in any case.
/// Both names are accepted wherever a move is typed (plain mode, `parlor solve`/`move`).
///
/// # Errors
/// A [`NotationError`] sentence saying what was expected.
pub fn parse_move(text: &str) -> Result<Move, NotationError> {
    let trimmed = text.trim();
    if trimmed.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    if let Some((x, y)) = parse_standard_square(trimmed) {
        return Ok(Move::Place(x, y));
    }
    let (x, y) = parse_xy(trimmed).ok_or_else(|| {
        NotationError::new(
            NotationReason::Malformed,
            format!(
                "\"{trimmed}\" is not a move: type a square like d3 or x,y with x and y from 0 to 7 (like 4,2), or pass"
            ),
        )
    })?;
    if x >= SIZE || y >= SIZE {
        return Err(NotationError::new(
            NotationReason::OffBoard,
            format!("{x},{y} is off the board: x and y go from 0 to 7"),
        ));
    }
    Ok(Move::Place(x, y))
}

/// The standard Othello name of a square: files `a`–`h` from the left, ranks `1`–`8` from the
/// top (so the seed's `(0,7)` is `a1` and `(7,0)` is `h8`). The arcade shows these by default
/// because every Othello book and program uses them; plain mode and saves keep `x,y`.
#[must_use]
pub fn standard_square(x: u8, y: u8) -> String {
    format!("{}{}", char::from(b'a' + x), SIZE - y)
}

/// Reads a standard square name, `a1`–`h8` in either case (`None` for anything else).
#[must_use]
pub fn parse_standard_square(text: &str) -> Option<(u8, u8)> {
    let text = text.trim().to_ascii_lowercase();
    let mut chars = text.chars();
    let file = chars.next()?;
    let rank: u8 = chars.as_str().parse().ok()?;
    let x = u8::try_from(u32::from(file).checked_sub(u32::from('a'))?).ok()?;
    (x < SIZE && (1..=SIZE).contains(&rank)).then(|| (x, SIZE - rank))
}

/// Reversi's two names of a square: standard `a1`–`h8` (rank 1 at the top), original the
/// seed's `x,y` from the lower left.
#[derive(Debug, Clone, Copy)]
pub struct ReversiSquares;

impl SquareNames for ReversiSquares {
    type Square = (u8, u8);

    fn standard((x, y): (u8, u8)) -> String {
        standard_square(x, y)
    }

    fn original((x, y): (u8, u8)) -> String {
        format!("{x},{y}")
    }

    fn parse_standard(text: &str) -> Option<(u8, u8)> {
        parse_standard_square(text)
    }

    fn parse_original(text: &str) -> Option<(u8, u8)> {
        parse_xy(text).filter(|&(x, y)| x < SIZE && y < SIZE)
    }
}

/// A move in standard names: `d3` or `pass`.
#[must_use]
pub fn format_standard(mv: &Move) -> String {
    match mv {
        Move::Place(x, y) => standard_square(*x, *y),
        Move::Pass => "pass".to_string(),
    }
}

/// Writes a move the way [`parse_move`] reads it: `4,2` or `pass`.
#[must_use]
pub fn format_move(mv: &Move) -> String {
    match mv {
        Move::Place(x, y) => format!("{x},{y}"),
        Move::Pass => "pass".to_string(),
    }
}

/// Why save rows do not describe a Reversi position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RowsError {
    /// Not exactly eight rows.
    #[error("a Reversi board has 8 rows, but {0} were given")]
    RowCount(usize),
    /// A row that is not eight squares long.
    #[error("row {row} of the board has {len} squares instead of 8")]
    RowLength {
        /// The board row (`y`, 7 for the first row given).
        row: u8,
        /// How many characters it has.
        len: usize,
    },
    /// A square that is not `.`, `X` or `O`.
    #[error("row {row} of the board has '{found}' where only '.', 'X' or 'O' may stand")]
    BadSquare {
        /// The board row (`y`).
        row: u8,
        /// The unexpected character.
        found: char,
    },
    /// The squares are readable but no game can reach them.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// The board as eight rows of `.`, `X`, `O`, top row first: the readable form saves store.
#[must_use]
pub fn rows(board: &Board) -> Vec<String> {
    (0..SIZE)
        .rev()
        .map(|y| {
            (0..SIZE)
                .map(|x| board.disc_at(x, y).map_or('.', Disc::symbol))
                .collect()
        })
        .collect()
}

/// Rebuilds a position from [`rows`] and the colour to move, which rows alone cannot tell
/// (passes break the parity between disc count and turn), so a save stores it beside them.
///
/// # Errors
/// A [`RowsError`] naming the first problem: wrong number or length of rows, a character
/// that is not a square, or an impossible position (an empty centre square).
pub fn from_rows<S: AsRef<str>>(rows: &[S], to_move: Disc) -> Result<Board, RowsError> {
    if rows.len() != usize::from(SIZE) {
        return Err(RowsError::RowCount(rows.len()));
    }
    let mut cells = [[None; 8]; 8];
    for (index, text) in rows.iter().enumerate() {
        let row = SIZE - 1 - index as u8;
        let text = text.as_ref();
        let len = text.chars().count();
        if len != usize::from(SIZE) {
            return Err(RowsError::RowLength { row, len });
        }
        for (x, found) in text.chars().enumerate() {
            cells[usize::from(row)][x] = match found {
                '.' => None,
                'X' => Some(Disc::Black),
                'O' => Some(Disc::White),
                _ => return Err(RowsError::BadSquare { row, found }),
            };
        }
    }
    Ok(Board::try_from(Setup { cells, to_move })?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_parse_in_the_forms_people_type() {
        assert_eq!(parse_move("4,2"), Ok(Move::Place(4, 2)));
        assert_eq!(parse_move(" 4 , 2 \n"), Ok(Move::Place(4, 2)));
        assert_eq!(parse_move("(0,7)"), Ok(Move::Place(0, 7)));
        assert_eq!(parse_move("PASS"), Ok(Move::Pass));
        assert_eq!(parse_move("pass"), Ok(Move::Pass));
    }

    #[test]
    fn bad_move_texts_say_what_was_expected() {
        for bad in ["", "4", "4;2", "a,b", "4,2,1", "-1,2", "(4,2", "4 2"] {
            let err = parse_move(bad).expect_err(bad);
            assert!(err.message.contains("x,y"), "{bad}: {err}");
        }
        let err = parse_move("8,0").expect_err("off the board");
        assert!(err.message.contains("off the board"), "{err}");
        assert_eq!(err.reason, NotationReason::OffBoard);
        assert!(parse_move("3,8").is_err());
    }

    #[test]
    fn format_and_parse_agree_on_every_move() {
        for x in 0..SIZE {
            for y in 0..SIZE {
                let mv = Move::Place(x, y);
                assert_eq!(parse_move(&format_move(&mv)), Ok(mv));
            }
        }
        assert_eq!(format_move(&Move::Place(4, 2)), "4,2");
        assert_eq!(parse_move(&format_move(&Move::Pass)), Ok(Move::Pass));
    }

    #[test]
    fn start_rows_read_like_the_board() {
        let start = rows(&Board::new());
        assert_eq!(
            start,
            [
                "........", "........", "........", "...OX...", "...XO...", "........", "........",
                "........"
            ]
        );
        assert_eq!(from_rows(&start, Disc::Black), Ok(Board::new()));
    }

    #[test]
    fn bad_rows_are_refused_with_the_reason() {
        let start = rows(&Board::new());
        assert_eq!(
            from_rows(&start[..7], Disc::Black),
            Err(RowsError::RowCount(7))
        );
        let mut short = start.clone();
        short[0] = ".......".into();
        assert_eq!(
            from_rows(&short, Disc::Black),
            Err(RowsError::RowLength { row: 7, len: 7 })
        );
        let mut odd = start.clone();
        odd[7] = "..x.....".into();
        assert_eq!(
            from_rows(&odd, Disc::White),
            Err(RowsError::BadSquare { row: 0, found: 'x' })
        );
        let mut hole = start;
        hole[3] = "....X...".into();
        assert_eq!(
            from_rows(&hole, Disc::Black),
            Err(RowsError::Setup(SetupError::EmptyCentre { x: 3, y: 4 }))
        );
        let message = from_rows(&hole, Disc::Black).expect_err("hole").to_string();
        assert!(message.contains("(3,4)"), "{message}");
    }

    #[test]
    fn standard_names_run_from_the_top_left() {
        assert_eq!(standard_square(0, 7), "a1");
        assert_eq!(standard_square(7, 0), "h8");
        // The four opening moves for Black from the standard start are d3, c4, f5 and e6.
        let start = Board::new();
        let mut names: Vec<String> = start
            .placements(start.turn())
            .into_iter()
            .map(|(x, y)| standard_square(x, y))
            .collect();
        names.sort();
        assert_eq!(names, ["c4", "d3", "e6", "f5"]);
        assert_eq!(format_standard(&Move::Pass), "pass");
    }
}
