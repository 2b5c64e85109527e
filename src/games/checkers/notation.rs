//! Checkers moves and positions as text.
//!
//! Moves are written with the seed's `x,y` squares, `(0,0)` at the lower left: `2,2-3,3` for a
//! step, `3,3x1,5` for a jump and `3,3x1,5x3,7` for a multi-jump, so the history panel shows
//! exactly what a player could type. Positions are saved as eight rows of eight characters,
//! top row (y = 7) first, with the seed's piece letters and `.` for an empty square.

use crate::core::coordinates::{SquareNames, parse_xy};
use crate::core::{Coordinates, NotationError, NotationReason};

use super::rules::{Checkers, Move, Piece, SIZE, Square};

/// The character of an empty square in saved rows.
pub const EMPTY: char = '.';

/// At most 20 characters of what a player typed, for quoting it back in a message.
fn shortened(text: &str) -> String {
    const KEEP: usize = 20;
    if text.chars().count() > KEEP {
        text.chars()
            .take(KEEP)
            .chain(std::iter::once('…'))
            .collect()
    } else {
        text.to_string()
    }
}

/// Parses a square: the seed's `x,y` (either colour) or a dark square's standard number
/// 1–32, so plain mode and `parlor solve`/`move` take both names.
///
/// # Errors
/// [`NotationError`] when the text is neither two numbers from 0 to 7 separated by a comma
/// nor a number from 1 to 32.
pub fn parse_square(text: &str) -> Result<Square, NotationError> {
    let text = text.trim();
    let bad = || {
        NotationError::new(
            NotationReason::Malformed,
            format!(
                "\"{}\" is not a square: write 1 to 32, or x,y with x and y 0 to 7",
                shortened(text)
            ),
        )
    };
    if !text.contains(',') {
        return text
            .parse::<u8>()
            .ok()
            .and_then(square_of_number)
            .ok_or_else(bad);
    }
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    let x: u8 = x.trim().parse().map_err(|_| bad())?;
    let y: u8 = y.trim().parse().map_err(|_| bad())?;
    if x >= SIZE || y >= SIZE {
        return Err(bad());
    }
    Ok(Square::new(x, y))
}

/// Parses a move: `x,y-x,y` for a step, `x,y x x,y [x x,y ...]` (no spaces) for a jump.
///
/// # Errors
/// [`NotationError`] when the text is not in that form; whether the move is legal is for the
/// rules to say.
pub fn parse_move(text: &str) -> Result<Move, NotationError> {
    let text = text.trim();
    let expected = || {
        NotationError::new(
            NotationReason::Malformed,
            format!(
                "\"{}\" is not a move: write a step like 11-15 or 2,2-3,3, a jump like 22x15 or 3,3x1,5",
                shortened(text)
            ),
        )
    };
    let lowered = text.to_ascii_lowercase();
    let parts: Vec<&str> = if lowered.contains('-') {
        if lowered.contains('x') {
            return Err(expected());
        }
        lowered.split('-').collect()
    } else {
        lowered.split('x').collect()
    };
    if parts.len() < 2 || (lowered.contains('-') && parts.len() != 2) {
        return Err(expected());
    }
    let path = parts
        .into_iter()
        .map(parse_square)
        .collect::<Result<Vec<_>, _>>()?;
    let step = lowered.contains('-');
    for w in path.windows(2) {
        let (dx, dy) = (w[0].x.abs_diff(w[1].x), w[0].y.abs_diff(w[1].y));
        let distance = if step { 1 } else { 2 };
        if dx != distance || dy != distance {
            return Err(NotationError::new(
                NotationReason::Impossible,
                format!(
                    "\"{}\": a {} goes {distance} square{} diagonally, not from {} to {}",
                    shortened(text),
                    if step { "step" } else { "jump" },
                    if step { "" } else { "s" },
                    w[0],
                    w[1]
                ),
            ));
        }
    }
    Ok(Move::new(path))
}

/// The number of a dark square in standard draughts notation: 1 to 32, row by row from the
/// top (Black's side) and left to right in each row, so Black starts on 1–12 and White on
/// 21–32. `None` for a light square. The arcade shows these by default because every
/// draughts book does; plain mode and saves keep the seed's `x,y`.
#[must_use]
pub fn square_number(square: Square) -> Option<u8> {
    (square.is_dark() && square.x < SIZE && square.y < SIZE)
        .then(|| (SIZE - 1 - square.y) * 4 + square.x / 2 + 1)
}

/// The dark square with standard number `number` (1–32), `None` for any other number.
#[must_use]
pub fn square_of_number(number: u8) -> Option<Square> {
    let index = number.checked_sub(1).filter(|&i| i < 32)?;
    let y = SIZE - 1 - index / 4;
    Some(Square::new((index % 4) * 2 + y % 2, y))
}

/// Checkers' two names of a square: standard the dark square's number 1–32 (a light square,
/// which no move touches, keeps its `x,y`), original the seed's `x,y`.
#[derive(Debug, Clone, Copy)]
pub struct CheckersSquares;

impl SquareNames for CheckersSquares {
    type Square = Square;

    fn standard(square: Square) -> String {
        square_number(square).map_or_else(|| square.to_string(), |n| n.to_string())
    }

    fn original(square: Square) -> String {
        square.to_string()
    }

    fn parse_standard(text: &str) -> Option<Square> {
        text.trim().parse::<u8>().ok().and_then(square_of_number)
    }

    fn parse_original(text: &str) -> Option<Square> {
        parse_xy(text)
            .filter(|&(x, y)| x < SIZE && y < SIZE)
            .map(|(x, y)| Square::new(x, y))
    }
}

/// Squares under `names`, joined with `sep` ("11 or 12").
#[must_use]
pub fn join_named(squares: &[Square], names: Coordinates, sep: &str) -> String {
    squares
        .iter()
        .map(|&square| names.name::<CheckersSquares>(square))
        .collect::<Vec<_>>()
        .join(sep)
}

/// A move under `names`: [`format_standard`] or [`format_move`].
#[must_use]
pub fn format_named(mv: &Move, names: Coordinates) -> String {
    match names {
        Coordinates::Standard => format_standard(mv),
        Coordinates::Original => format_move(mv),
    }
}

/// A move in standard notation: `11-15` for a step, `15x22x29` for a multi-jump.
#[must_use]
pub fn format_standard(mv: &Move) -> String {
    let sep = if mv.is_jump() { "x" } else { "-" };
    mv.path
        .iter()
        .map(|&square| CheckersSquares::standard(square))
        .collect::<Vec<_>>()
        .join(sep)
}

/// Writes a move as [`parse_move`] reads it.
pub fn format_move(mv: &Move) -> String {
    let sep = if mv.is_jump() { "x" } else { "-" };
    mv.path
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

/// The board as eight readable rows for a save, top row first.
pub fn rows(game: &Checkers) -> Vec<String> {
    (0..SIZE)
        .rev()
        .map(|y| {
            (0..SIZE)
                .map(|x| {
                    game.piece_at(Square::new(x, y))
                        .map_or(EMPTY, Piece::symbol)
                })
                .collect()
        })
        .collect()
}

/// Why saved rows cannot be read as a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RowsError {
    /// Not eight rows.
    #[error("a checkers board has 8 rows, this one has {0}")]
    RowCount(usize),
    /// A row that is not eight characters long.
    #[error("row {row} (y = {row}) has {len} squares instead of 8")]
    RowLength {
        /// The row's y coordinate.
        row: u8,
        /// How many characters it has.
        len: usize,
    },
    /// A character that is neither a piece letter nor `.`.
    #[error("`{ch}` on square {square} is not a piece (X, O, B, W) or `.`")]
    Unknown {
        /// Where it stands.
        square: Square,
        /// The character found.
        ch: char,
    },
}

/// Reads rows written by [`rows`] back into pieces and squares. Light squares and impossible
/// piece counts are for [`Checkers::try_from`] to refuse.
///
/// # Errors
/// [`RowsError`] for a wrong number or length of rows or an unknown character.
pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Vec<(Square, Piece)>, RowsError> {
    if rows.len() != SIZE as usize {
        return Err(RowsError::RowCount(rows.len()));
    }
    let mut pieces = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let y = SIZE - 1 - i as u8;
        let chars: Vec<char> = row.as_ref().chars().collect();
        if chars.len() != SIZE as usize {
            return Err(RowsError::RowLength {
                row: y,
                len: chars.len(),
            });
        }
        for (x, &ch) in chars.iter().enumerate() {
            let square = Square::new(x as u8, y);
            if ch == EMPTY {
                continue;
            }
            let piece = Piece::from_symbol(ch).ok_or(RowsError::Unknown { square, ch })?;
            pieces.push((square, piece));
        }
    }
    Ok(pieces)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::rules::Setup;
    use super::*;
    use crate::core::{Rules, Seat};

    #[test]
    fn every_dark_square_reads_back_under_both_names_and_standard_moves_parse() {
        for y in 0..SIZE {
            for x in 0..SIZE {
                let square = Square::new(x, y);
                if !square.is_dark() {
                    continue;
                }
                for names in [Coordinates::Standard, Coordinates::Original] {
                    let text = names.name::<CheckersSquares>(square);
                    assert_eq!(
                        names.parse::<CheckersSquares>(&text),
                        Some(square),
                        "{text}"
                    );
                    assert_eq!(parse_square(&text), Ok(square), "{text}");
                }
            }
        }
        assert_eq!(square_of_number(1), Some(Square::new(1, 7)));
        assert_eq!(square_of_number(32), Some(Square::new(6, 0)));
        assert_eq!(square_of_number(0), None);
        assert_eq!(square_of_number(33), None);
        let step = parse_move("22-18").expect("a standard step");
        assert_eq!(format_standard(&step), "22-18");
        assert_eq!(parse_move(&format_move(&step)), Ok(step));
    }

    #[test]
    fn moves_read_and_write_in_the_seed_notation() {
        let step = parse_move("2,2-3,3").expect("step");
        assert_eq!(step.path, vec![Square::new(2, 2), Square::new(3, 3)]);
        assert_eq!(format_move(&step), "2,2-3,3");
        let jump = parse_move(" 3,3x1,5x3,7 ").expect("jump");
        assert_eq!(jump.path.len(), 3);
        assert_eq!(format_move(&jump), "3,3x1,5x3,7");
        assert_eq!(
            parse_move("3,3X1,5"),
            Ok(parse_move("3,3x1,5").expect("jump"))
        );
    }

    #[test]
    fn bad_move_texts_say_what_is_expected() {
        for text in [
            "",
            "2,2",
            "2,2-",
            "2,2-3,3-4,4",
            "2,2-4,4",
            "3,3x2,4",
            "2,2x4,4-5,5",
            "8,8-7,7",
            "a,b-c,d",
            "2;2-3,3",
        ] {
            let err = parse_move(text).expect_err(text);
            assert!(!err.message.is_empty());
        }
        assert!(parse_square("9,1").is_err());
        let long = "7".repeat(500);
        let err = parse_square(&long).expect_err("not a square");
        assert!(err.message.len() < 100, "{err}");
        assert_eq!(parse_square(" 1 , 5 "), Ok(Square::new(1, 5)));
    }

    #[test]
    fn start_rows_look_like_the_seed_board() {
        let rows = rows(&Checkers::default());
        assert_eq!(
            rows,
            vec![
                ".X.X.X.X", "X.X.X.X.", ".X.X.X.X", "........", "........", "O.O.O.O.", ".O.O.O.O",
                "O.O.O.O.",
            ]
        );
    }

    #[test]
    fn bad_rows_are_refused_with_a_reason() {
        let good = rows(&Checkers::default());
        assert_eq!(from_rows(&good[..7]), Err(RowsError::RowCount(7)));
        let mut short = good.clone();
        short[0] = ".X.X".into();
        assert_eq!(
            from_rows(&short),
            Err(RowsError::RowLength { row: 7, len: 4 })
        );
        let mut odd = good;
        odd[7] = "Q.O.O.O.".into();
        assert_eq!(
            from_rows(&odd),
            Err(RowsError::Unknown {
                square: Square::new(0, 0),
                ch: 'Q'
            })
        );
    }

    /// A position reached by `choices` from the start (each number picks among the moves).
    fn reached(choices: &[usize], forced: bool) -> Checkers {
        let mut game = Checkers::new(forced);
        for &c in choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            game.play(&moves[c % moves.len()])
                .expect("generated moves are legal");
        }
        game
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn rows_round_trip(choices in proptest::collection::vec(0usize..64, 0..120), forced: bool) {
            let game = reached(&choices, forced);
            let pieces = from_rows(&rows(&game)).expect("own rows parse");
            let back = Checkers::try_from(Setup {
                pieces,
                to_move: game.side_to_move(),
                quiet_plies: game.quiet_plies(),
                forced_capture: game.forced_capture(),
            }).expect("own rows are valid");
            prop_assert_eq!(back, game);
        }

        #[test]
        fn every_legal_move_round_trips_through_its_text(
            choices in proptest::collection::vec(0usize..64, 0..120), forced: bool
        ) {
            let game = reached(&choices, forced);
            for mv in game.legal_moves() {
                prop_assert_eq!(parse_move(&format_move(&mv)), Ok(mv.clone()));
            }
            let _ = Seat::First;
        }
    }

    #[test]
    fn standard_numbers_follow_draughts_notation() {
        use super::super::rules::Checkers;
        // Black's men stand on 1–12 and White's on 21–32 at the start.
        let start = Checkers::new(true);
        let mut black = Vec::new();
        let mut white = Vec::new();
        for y in 0..SIZE {
            for x in 0..SIZE {
                let square = Square::new(x, y);
                if let Some(piece) = start.board().piece_at(square) {
                    let n = square_number(square).expect("pieces stand on dark squares");
                    if piece.side == crate::core::Seat::First {
                        black.push(n);
                    } else {
                        white.push(n);
                    }
                }
            }
        }
        black.sort_unstable();
        white.sort_unstable();
        assert_eq!(black, (1..=12).collect::<Vec<_>>());
        assert_eq!(white, (21..=32).collect::<Vec<_>>());
        // Every dark square has its own number; light squares have none.
        let mut all: Vec<u8> = (0..8)
            .flat_map(|y| (0..8).map(move |x| Square::new(x, y)))
            .filter_map(square_number)
            .collect();
        all.sort_unstable();
        assert_eq!(all, (1..=32).collect::<Vec<_>>());
        assert_eq!(square_number(Square::new(1, 0)), None);
        // 11-15, the most played opening move, is f6 to e5 in chess names.
        let step = Move::new(vec![Square::new(5, 5), Square::new(4, 4)]);
        assert_eq!(format_standard(&step), "11-15");
        let jump = Move::new(vec![
            Square::new(4, 4),
            Square::new(2, 2),
            Square::new(0, 0),
        ]);
        assert_eq!(format_standard(&jump), "15x22x29");
    }
}
