//! Pentago moves and positions as text, in the seed's notation: `c31r` is "place on C3, then
//! turn quadrant 1 right". Plain mode reads it, the history panel and saves write it.
//!
//! Input is forgiving the way the seed requires: any spacing and any case (`C3 1R`,
//! `c 3 1 r`). The five input errors are checked in the seed's order (row, column, taken,
//! quadrant, direction), because with several mistakes at once the order decides which
//! message a player sees.

use crate::core::{NotationError, NotationReason, Seat};

use super::rules::{Board, Dir, Move, Pentago, Quadrant, SIZE, SetupError, Square};

/// What is wrong with a typed move, one variant per message of the seed, declared in the order
/// they are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum InputError {
    /// The first character is not a row letter `A`–`F`.
    #[error("Invalid move row.")]
    Row,
    /// The second character is not a column digit `1`–`6`.
    #[error("Invalid move column.")]
    Column,
    /// The square already holds a piece.
    #[error("That board location is already taken.")]
    Taken,
    /// The third character is not a quadrant digit `1`–`4`.
    #[error("Selected quadrant is invalid.")]
    Quadrant,
    /// The fourth character is not `L` or `R`, or more characters follow.
    #[error("Quadrant rotation direction is invalid.")]
    Direction,
}

impl InputError {
    /// The line plain mode prints for this error, exactly as GAMES.md §5 words it.
    #[must_use]
    pub fn plain_message(self) -> String {
        format!("*** {self} Please retry.")
    }
}

impl From<InputError> for NotationError {
    fn from(err: InputError) -> Self {
        let reason = match err {
            InputError::Taken => NotationReason::Impossible,
            InputError::Row | InputError::Column | InputError::Quadrant | InputError::Direction => {
                NotationReason::Malformed
            }
        };
        Self::new(reason, err.to_string())
    }
}

/// The row letter of a row index (`0` → `'A'`).
#[must_use]
pub fn row_letter(row: usize) -> char {
    char::from(b'A' + row as u8)
}

/// A square as players write it, `A1` … `F6`.
#[must_use]
pub fn square_name((row, col): Square) -> String {
    format!("{}{}", row_letter(row), col + 1)
}

/// The four fields of a typed move after spacing is removed: characters that are missing
/// read as `None`, and anything past the fourth is kept so it can be refused.
struct Fields {
    chars: Vec<char>,
}

impl Fields {
    fn new(text: &str) -> Self {
        Self {
            chars: text
                .chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| c.to_ascii_uppercase())
                .collect(),
        }
    }

    fn square(&self) -> Result<Square, InputError> {
        let row = match self.chars.first() {
            Some(&c @ 'A'..='F') => c as usize - 'A' as usize,
            _ => return Err(InputError::Row),
        };
        let col = match self.chars.get(1) {
            Some(&c @ '1'..='6') => c as usize - '1' as usize,
            _ => return Err(InputError::Column),
        };
        Ok((row, col))
    }

    fn rotation(&self) -> Result<(Quadrant, Dir), InputError> {
        let quadrant = self
            .chars
            .get(2)
            .and_then(|c| c.to_digit(10))
            .and_then(|d| Quadrant::from_number(d as u8))
            .ok_or(InputError::Quadrant)?;
        let dir = match (self.chars.get(3), self.chars.len()) {
            (Some('L'), 4) => Dir::Left,
            (Some('R'), 4) => Dir::Right,
            _ => return Err(InputError::Direction),
        };
        Ok((quadrant, dir))
    }
}

/// Reads a move typed in plain mode against the current position, with every check of the
/// seed in its order: row, column, taken, quadrant, direction. All four fields are required
/// even when the placement wins at once; the rotation is then dropped, as the rules want.
///
/// # Errors
/// The first [`InputError`] in the seed's order.
pub fn parse_move_on(game: &Pentago, text: &str) -> Result<Move, InputError> {
    let fields = Fields::new(text);
    let place = fields.square()?;
    if game.at(place).is_some() {
        return Err(InputError::Taken);
    }
    let rotation = fields.rotation()?;
    Ok(Move {
        place,
        rotation: (!game.wins_on_placement(place)).then_some(rotation),
    })
}

/// Reads a move as [`format_move`] writes it, without a position: `c31r`, or `c3` for a
/// placement that won at once. Used for move lists in saves, where the rules check the rest.
///
/// # Errors
/// The first [`InputError`] in the seed's order ([`InputError::Taken`] never: that needs the
/// board).
pub fn parse_move(text: &str) -> Result<Move, InputError> {
    let fields = Fields::new(text);
    let place = fields.square()?;
    let rotation = if fields.chars.len() == 2 {
        None
    } else {
        Some(fields.rotation()?)
    };
    Ok(Move { place, rotation })
}

/// A move in the seed's notation, lower case as the seed writes it (`c31r`); a winning
/// placement without rotation is just the square (`c3`).
#[must_use]
pub fn format_move(mv: &Move) -> String {
    let square = square_name(mv.place).to_ascii_lowercase();
    match mv.rotation {
        Some((quadrant, dir)) => format!("{square}{}{}", quadrant.number(), dir.letter()),
        None => square,
    }
}

/// The character of a cell in rows and on the text board.
#[must_use]
pub fn cell_char(cell: Option<Seat>) -> char {
    match cell {
        None => '.',
        Some(Seat::First) => 'X',
        Some(Seat::Second) => 'O',
    }
}

/// The board as six strings of six characters, top row first (`X..O..`): how a save stores
/// the position so it can be read by a person.
#[must_use]
pub fn rows(game: &Pentago) -> Vec<String> {
    game.board()
        .iter()
        .map(|row| row.iter().map(|&cell| cell_char(cell)).collect())
        .collect()
}

/// Why saved rows cannot be read back as a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RowsError {
    /// The board needs exactly six rows.
    #[error("a Pentago board has 6 rows, not {0}")]
    RowCount(usize),
    /// Every row needs exactly six cells.
    #[error("row {row} has {len} cells; a Pentago row has 6")]
    RowLength {
        /// The row letter.
        row: char,
        /// How many cells it has.
        len: usize,
    },
    /// Cells are `X`, `O` or `.`.
    #[error("row {row} holds '{ch}'; cells are X, O or .")]
    Cell {
        /// The row letter.
        row: char,
        /// The offending character.
        ch: char,
    },
    /// The cells parse but no game reaches them.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Reads rows written by [`rows`] (case and spacing inside a row are forgiven) and checks
/// that a game can stand that way.
///
/// # Errors
/// [`RowsError`] naming the first bad row or the impossible piece counts.
pub fn from_rows<S: AsRef<str>>(lines: &[S]) -> Result<Pentago, RowsError> {
    if lines.len() != SIZE {
        return Err(RowsError::RowCount(lines.len()));
    }
    let mut board: Board = [[None; SIZE]; SIZE];
    for (r, line) in lines.iter().enumerate() {
        let row = row_letter(r);
        let cells: Vec<char> = line
            .as_ref()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        if cells.len() != SIZE {
            return Err(RowsError::RowLength {
                row,
                len: cells.len(),
            });
        }
        for (c, &ch) in cells.iter().enumerate() {
            board[r][c] = match ch {
                '.' => None,
                'X' | 'x' => Some(Seat::First),
                'O' | 'o' => Some(Seat::Second),
                _ => return Err(RowsError::Cell { row, ch }),
            };
        }
    }
    Ok(Pentago::try_from(board)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Rules;
    use proptest::prelude::*;

    fn after(moves: &[&str]) -> Pentago {
        let mut game = Pentago::new();
        for text in moves {
            let mv = parse_move_on(&game, text).expect("valid move text");
            game.play(&mv).expect("legal");
        }
        game
    }

    #[test]
    fn spacing_and_case_are_free() {
        let expected = Move {
            place: (2, 2),
            rotation: Some((Quadrant::UpperLeft, Dir::Right)),
        };
        for text in ["c31r", "C31R", "C3 1R", "c 3 1 r", "  c3\t1r  ", "C31r"] {
            assert_eq!(
                parse_move_on(&Pentago::new(), text),
                Ok(expected),
                "{text:?}"
            );
            assert_eq!(parse_move(text), Ok(expected), "{text:?}");
        }
        assert_eq!(
            parse_move("b 6 4 l"),
            Ok(Move {
                place: (1, 5),
                rotation: Some((Quadrant::LowerRight, Dir::Left)),
            })
        );
    }

    #[test]
    fn errors_come_in_the_seeds_order() {
        // After c31r and A5 3R: C1 holds X, A5 holds O (the seed's error session).
        let game = after(&["c31r", "A5 3R"]);
        let cases = [
            ("G05h", InputError::Row),
            ("c05h", InputError::Column),
            ("c75h", InputError::Column),
            ("c15h", InputError::Taken),
            ("c25h", InputError::Quadrant),
            ("c20r", InputError::Quadrant),
            ("c21h", InputError::Direction),
            ("c11r", InputError::Taken),
            ("a5 9 z", InputError::Taken),
            ("", InputError::Row),
            ("c", InputError::Column),
            ("c2", InputError::Quadrant),
            ("c21", InputError::Direction),
            ("c21rr", InputError::Direction),
            ("1c1r", InputError::Row),
        ];
        for (text, err) in cases {
            assert_eq!(parse_move_on(&game, text), Err(err), "{text:?}");
        }
        assert!(parse_move_on(&game, "c2 1r").is_ok());
    }

    #[test]
    fn messages_are_the_seeds() {
        assert_eq!(
            InputError::Row.plain_message(),
            "*** Invalid move row. Please retry."
        );
        assert_eq!(
            InputError::Column.plain_message(),
            "*** Invalid move column. Please retry."
        );
        assert_eq!(
            InputError::Taken.plain_message(),
            "*** That board location is already taken. Please retry."
        );
        assert_eq!(
            InputError::Quadrant.plain_message(),
            "*** Selected quadrant is invalid. Please retry."
        );
        assert_eq!(
            InputError::Direction.plain_message(),
            "*** Quadrant rotation direction is invalid. Please retry."
        );
        assert_eq!(
            NotationError::from(InputError::Taken).to_string(),
            "That board location is already taken."
        );
    }

    #[test]
    fn a_winning_placement_drops_the_typed_rotation() {
        let game = from_rows(&["XXXX..", "OOOO..", "......", "......", "......", "......"])
            .expect("valid");
        let mv = parse_move_on(&game, "a5 2q").expect_err("direction is still checked");
        assert_eq!(mv, InputError::Direction);
        let mv = parse_move_on(&game, "a5 2r").expect("valid");
        assert_eq!(mv.rotation, None);
        assert_eq!(format_move(&mv), "a5");
        assert_eq!(parse_move("a5"), Ok(mv));
    }

    #[test]
    fn rows_reject_bad_boards_with_a_reason() {
        assert_eq!(from_rows(&["......"]), Err(RowsError::RowCount(1)));
        let short = ["......", "....", "......", "......", "......", "......"];
        assert_eq!(
            from_rows(&short),
            Err(RowsError::RowLength { row: 'B', len: 4 })
        );
        let bad = ["......", "......", "..Z...", "......", "......", "......"];
        assert_eq!(from_rows(&bad), Err(RowsError::Cell { row: 'C', ch: 'Z' }));
        let counts = ["OO....", "......", "......", "......", "......", "......"];
        assert_eq!(
            from_rows(&counts),
            Err(RowsError::Setup(SetupError::PieceCounts { x: 0, o: 2 }))
        );
        let spaced = [
            "x . o . . .",
            "......",
            "......",
            "......",
            "......",
            "......",
        ];
        assert_eq!(
            rows(&from_rows(&spaced).expect("valid")),
            vec!["X.O...", "......", "......", "......", "......", "......"]
        );
    }

    proptest! {
        #[test]
        fn rows_and_moves_round_trip(choices in proptest::collection::vec(0usize..1000, 0..36)) {
            let mut game = Pentago::new();
            for choice in choices {
                let legal = game.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[choice % legal.len()];
                let text = format_move(&mv);
                prop_assert_eq!(parse_move(&text), Ok(mv));
                if mv.rotation.is_some() {
                    prop_assert_eq!(parse_move_on(&game, &text.to_uppercase()), Ok(mv));
                }
                game.play(&mv).expect("legal");
                let back = from_rows(&rows(&game)).expect("rows of a real game load");
                prop_assert_eq!(&back, &game);
            }
        }
    }
}
