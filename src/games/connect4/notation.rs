//! Connect Four as text: moves are 1-based column digits; positions use the seed's position
//! text ("FEN"): rows bottom to top separated by `/`, `x`/`o` tokens and digits for runs of
//! empty cells, a space, and the side to move. The empty board is `7/7/7/7/7/7 x`.

use super::rules::{Board, COLS, ROWS, Setup, SetupError};
use crate::core::{NotationError, NotationReason, Seat};

/// Why a position text cannot be used: it does not parse, or it is not a reachable position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The text is not in the position-text format.
    #[error("{0}")]
    Syntax(String),
    /// The text parses but the position is impossible.
    #[error(transparent)]
    Impossible(#[from] SetupError),
}

/// A move as the history shows it and plain mode reads it: the 1-based column.
#[must_use]
pub fn format_move(column: u8) -> String {
    (column + 1).to_string()
}

/// Reads a 1-based column number.
///
/// # Errors
/// [`NotationError`] for anything but a number from 1 to 7.
pub fn parse_move(text: &str) -> Result<u8, NotationError> {
    match text.trim().parse::<u8>() {
        Ok(n @ 1..=7) => Ok(n - 1),
        _ => Err(NotationError::new(
            NotationReason::Malformed,
            format!(
                "{:?} is not a column from 1 to 7",
                crate::core::text::clip(text, 12)
            ),
        )),
    }
}

fn token_char(seat: Seat) -> char {
    match seat {
        Seat::First => 'x',
        Seat::Second => 'o',
    }
}

/// The position text of a board.
#[must_use]
pub fn to_position_text(board: &Board) -> String {
    let rows: Vec<String> = (0..ROWS)
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for col in 0..COLS {
                match board.at(col, row) {
                    None => empty += 1,
                    Some(seat) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(token_char(seat));
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    format!("{} {}", rows.join("/"), token_char(board.side()))
}

/// Reads a position text into a checked board.
///
/// # Errors
/// [`PositionError::Syntax`] naming what is wrong, or [`PositionError::Impossible`].
pub fn parse_position(text: &str) -> Result<Board, PositionError> {
    let syntax = |message: String| PositionError::Syntax(message);
    let mut parts = text.split_whitespace();
    let (Some(placement), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(syntax(
            "a position text is the rows, a space, and the side to move (x or o)".into(),
        ));
    };
    let to_move = match side {
        "x" | "X" => Seat::First,
        "o" | "O" => Seat::Second,
        other => {
            return Err(syntax(format!(
                "the side to move must be x or o, not {:?}",
                crate::core::text::clip(other, 8)
            )));
        }
    };
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != ROWS {
        return Err(syntax(format!(
            "a position has {ROWS} rows, this one has {}",
            rows.len()
        )));
    }
    let mut cells = [[None; COLS]; ROWS];
    for (r, row_text) in rows.iter().enumerate() {
        let mut col = 0usize;
        for c in row_text.chars() {
            let add = match c {
                'x' | 'X' | 'o' | 'O' => {
                    if col < COLS {
                        cells[r][col] = Some(if c.eq_ignore_ascii_case(&'x') {
                            Seat::First
                        } else {
                            Seat::Second
                        });
                    }
                    1
                }
                '1'..='7' => c as usize - '0' as usize,
                other => {
                    return Err(syntax(format!(
                        "row {} has an unexpected character {other:?}",
                        r + 1
                    )));
                }
            };
            col += add;
            if col > COLS {
                break;
            }
        }
        if col != COLS {
            return Err(syntax(format!(
                "row {} (from the bottom) has {col} cells instead of {COLS}",
                r + 1
            )));
        }
    }
    Ok(Board::try_from(Setup { cells, to_move })?)
}

/// The board as rows of text for saves and previews, top row first: `.` empty, `x`, `o`.
#[must_use]
pub fn rows(board: &Board) -> Vec<String> {
    (0..ROWS)
        .rev()
        .map(|row| {
            (0..COLS)
                .map(|col| board.at(col, row).map_or('.', token_char))
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules;
    use proptest::prelude::*;

    #[test]
    fn the_seeds_examples_read_and_write() {
        assert_eq!(to_position_text(&Board::new()), "7/7/7/7/7/7 x");
        let mut board = Board::new();
        board.play(&2).expect("legal");
        assert_eq!(to_position_text(&board), "2x4/7/7/7/7/7 o");
        let board = parse_position("2x1oo1/2x4/7/7/7/7 x").expect("the seed's example is valid");
        assert_eq!(board.at(2, 0), Some(Seat::First));
        assert_eq!(board.at(4, 0), Some(Seat::Second));
        assert_eq!(board.at(2, 1), Some(Seat::First));
        assert_eq!(to_position_text(&board), "2x1oo1/2x4/7/7/7/7 x");
    }

    #[test]
    fn bad_texts_are_refused_with_reasons() {
        for bad in [
            "",
            "7/7/7/7/7 x",
            "7/7/7/7/7/7/7 x",
            "8/7/7/7/7/7 x",
            "6/7/7/7/7/7 x",
            "xxxxxxxx/7/7/7/7/7 x",
            "7/7/7/7/7/7 z",
            "7/7/7/7/7/7",
            "7/7/7/7/7/7 x extra",
            "3q3/7/7/7/7/7 x",
        ] {
            assert!(
                matches!(parse_position(bad), Err(PositionError::Syntax(_))),
                "{bad:?}"
            );
        }
        assert!(matches!(
            parse_position("7/x6/7/7/7/7 o"),
            Err(PositionError::Impossible(SetupError::Floating {
                column: 1
            }))
        ));
        assert!(matches!(
            parse_position("x6/7/7/7/7/7 x"),
            Err(PositionError::Impossible(SetupError::Counts { .. }))
        ));
        assert!(matches!(
            parse_position("xxxxooo/7/7/7/7/7 x"),
            Err(PositionError::Impossible(_))
        ));
    }

    #[test]
    fn moves_are_one_based_columns() {
        assert_eq!(parse_move("1"), Ok(0));
        assert_eq!(parse_move(" 7 "), Ok(6));
        assert!(parse_move("0").is_err());
        assert!(parse_move("8").is_err());
        assert!(parse_move("a").is_err());
        assert_eq!(format_move(3), "4");
    }

    proptest! {
        #[test]
        fn position_texts_round_trip(choices in proptest::collection::vec(0usize..7, 0..42)) {
            let mut board = Board::new();
            for choice in choices {
                let moves = board.legal_moves();
                if moves.is_empty() { break; }
                board.play(&moves[choice % moves.len()]).expect("legal");
            }
            let text = to_position_text(&board);
            prop_assert_eq!(parse_position(&text), Ok(board.clone()));
            prop_assert_eq!(rows(&board).len(), ROWS);
        }
    }
}
