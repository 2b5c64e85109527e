//! Placements and positions as text.
//!
//! A placement is written `VALUE@X,Y`, e.g. `5@1,2` puts the piece 5 on column 1, row 2, with
//! `(0,0)` at the lower left as the seed prints the board; negative pieces read `-3@0,0`. The
//! history panel shows this form and plain mode accepts it as a shortcut at the number prompt.
//!
//! A position for a save is one string per board row, TOP row first so the rows read like the
//! board on screen: the pieces separated by spaces, `.` for an empty square, padded to a common
//! width (`"4 . 2"`, `" 16  .  2 13"`).

use crate::core::{NotationError, NotationReason};

use super::rules::{MagicSquare, Params, Placement, Setup, SetupError};

/// The text of an empty square in save rows.
pub const EMPTY: &str = ".";

/// A placement in the game's notation, e.g. `5@1,2`.
pub fn format_move(placement: &Placement) -> String {
    format!("{}@{},{}", placement.value, placement.x, placement.y)
}

/// Reads `VALUE@X,Y` (spaces around the parts allowed). Whether the placement is legal is the
/// rules' business; this only reads it.
///
/// # Errors
/// [`NotationError`] saying what the text should look like.
pub fn parse_move(text: &str) -> Result<Placement, NotationError> {
    let expected = || {
        NotationError::new(
            NotationReason::Malformed,
            format!(
                "\"{}\" is not a placement; write the piece, @ and the square x,y, e.g. 5@1,2",
                text.trim()
            ),
        )
    };
    let (value, square) = text.split_once('@').ok_or_else(expected)?;
    let (x, y) = square.split_once(',').ok_or_else(expected)?;
    let value = value.trim().parse::<i64>().map_err(|_| expected())?;
    let x = parse_coordinate(x).ok_or_else(expected)?;
    let y = parse_coordinate(y).ok_or_else(expected)?;
    Ok(Placement { value, x, y })
}

/// A coordinate as typed: a small non-negative integer.
pub fn parse_coordinate(text: &str) -> Option<u8> {
    let text = text.trim();
    if text.starts_with('+') {
        return None;
    }
    text.parse::<u8>().ok()
}

/// The board as save rows: top row first, `.` for empty squares, columns padded to one width.
pub fn rows(state: &MagicSquare) -> Vec<String> {
    let n = state.size();
    let text = |x: u8, y: u8| {
        state
            .get(x, y)
            .map_or_else(|| EMPTY.to_string(), |v| v.to_string())
    };
    let width = (0..n)
        .flat_map(|y| (0..n).map(move |x| (x, y)))
        .map(|(x, y)| text(x, y).len())
        .max()
        .unwrap_or(1);
    (0..n)
        .rev()
        .map(|y| {
            (0..n)
                .map(|x| format!("{:>width$}", text(x, y)))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// Why save rows cannot become a board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RowsError {
    /// Not one row per board row.
    #[error("a {size}×{size} board has {size} rows, not {found}")]
    RowCount {
        /// The board side.
        size: u8,
        /// How many rows were given.
        found: usize,
    },
    /// A row with the wrong number of squares.
    #[error("row {row} from the top has {found} squares instead of {size}")]
    RowLength {
        /// 1-based, counted from the top as the rows are stored.
        row: usize,
        /// The board side.
        size: u8,
        /// How many squares the row listed.
        found: usize,
    },
    /// A square that is neither a number nor `.`.
    #[error("row {row} from the top: \"{text}\" is neither a piece nor . for an empty square")]
    BadSquare {
        /// 1-based, counted from the top.
        row: usize,
        /// The unreadable text.
        text: String,
    },
    /// The squares read fine but do not make a valid board (bad parameters, duplicates,
    /// pieces out of range).
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Rebuilds a board from [`rows`] output and the game's parameters.
///
/// # Errors
/// [`RowsError`] for a wrong shape, an unreadable square, or contents the rules refuse.
pub fn from_rows<S: AsRef<str>>(params: Params, rows: &[S]) -> Result<MagicSquare, RowsError> {
    let n = params.size;
    if rows.len() != usize::from(n) {
        // Check the parameters first so a bad size is reported as such.
        MagicSquare::new(params)?;
        return Err(RowsError::RowCount {
            size: n,
            found: rows.len(),
        });
    }
    let mut by_row: Vec<Vec<Option<i64>>> = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let squares: Vec<&str> = row.as_ref().split_whitespace().collect();
        if squares.len() != usize::from(n) {
            return Err(RowsError::RowLength {
                row: i + 1,
                size: n,
                found: squares.len(),
            });
        }
        let parsed = squares
            .into_iter()
            .map(|text| {
                if text == EMPTY {
                    Ok(None)
                } else {
                    text.parse::<i64>()
                        .map(Some)
                        .map_err(|_| RowsError::BadSquare {
                            row: i + 1,
                            text: text.to_string(),
                        })
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        by_row.push(parsed);
    }
    // Stored top row first; the board is indexed bottom row first.
    let cells = by_row.into_iter().rev().flatten().collect();
    Ok(MagicSquare::try_from(Setup { params, cells })?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules;
    use proptest::prelude::*;

    #[test]
    fn placements_print_and_parse() {
        let p = Placement {
            value: 5,
            x: 1,
            y: 2,
        };
        assert_eq!(format_move(&p), "5@1,2");
        assert_eq!(parse_move("5@1,2"), Ok(p));
        assert_eq!(parse_move(" 5 @ 1 , 2 "), Ok(p));
        assert_eq!(
            parse_move("-13@0,0"),
            Ok(Placement {
                value: -13,
                x: 0,
                y: 0
            })
        );
        for bad in [
            "", "5", "5@1", "5@1,", "a@1,2", "5@-1,2", "5@1,2,3", "5@+1,2", "@1,2",
        ] {
            let err = parse_move(bad).expect_err(bad);
            assert!(err.message.contains("e.g. 5@1,2"), "{err}");
        }
    }

    #[test]
    fn rows_read_like_the_board() {
        let mut g = MagicSquare::new(Params { size: 3, min: 1 }).expect("valid");
        g.play(&Placement {
            value: 4,
            x: 0,
            y: 2,
        })
        .expect("legal");
        g.play(&Placement {
            value: 2,
            x: 2,
            y: 2,
        })
        .expect("legal");
        g.play(&Placement {
            value: 8,
            x: 0,
            y: 0,
        })
        .expect("legal");
        assert_eq!(rows(&g), vec!["4 . 2", ". . .", "8 . ."]);
        assert_eq!(from_rows(g.params(), &rows(&g)), Ok(g.clone()));
        let mut wide = MagicSquare::new(Params { size: 2, min: -10 }).expect("valid");
        wide.play(&Placement {
            value: -10,
            x: 1,
            y: 0,
        })
        .expect("legal");
        assert_eq!(rows(&wide), vec!["  .   .", "  . -10"]);
    }

    #[test]
    fn bad_rows_are_typed_errors() {
        let params = Params { size: 2, min: 1 };
        assert_eq!(
            from_rows(params, &[". ."]),
            Err(RowsError::RowCount { size: 2, found: 1 })
        );
        assert_eq!(
            from_rows(params, &[". .", "1"]),
            Err(RowsError::RowLength {
                row: 2,
                size: 2,
                found: 1
            })
        );
        assert_eq!(
            from_rows(params, &[". x", ". ."]),
            Err(RowsError::BadSquare {
                row: 1,
                text: "x".into()
            })
        );
        assert_eq!(
            from_rows(params, &["1 .", ". 1"]),
            Err(RowsError::Setup(SetupError::Duplicate(1)))
        );
        assert_eq!(
            from_rows(Params { size: 12, min: 1 }, &[". ."]),
            Err(RowsError::Setup(SetupError::SizeTooLarge(12)))
        );
        let err = from_rows(params, &["9 .", ". ."]).expect_err("out of range");
        assert_eq!(err.to_string(), "9 is not one of the pieces (1 to 4)");
    }

    proptest! {
        #[test]
        fn rows_round_trip(size in 1_u8..=6, min in -200_i64..200, picks in prop::collection::vec(any::<usize>(), 0..40)) {
            let mut g = MagicSquare::new(Params { size, min }).expect("valid");
            for pick in picks {
                let moves = g.legal_moves();
                if moves.is_empty() { break; }
                let mv = moves[pick % moves.len()];
                prop_assert_eq!(parse_move(&format_move(&mv)), Ok(mv));
                g.play(&mv).expect("legal");
            }
            prop_assert_eq!(from_rows(g.params(), &rows(&g)), Ok(g));
        }
    }
}
