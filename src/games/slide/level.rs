//! Level files: a TOML `name` and 10 `rows` of 10 characters (`.` empty, `O`, `X`, `G`).
//!
//! A file is read into plain data ([`LevelFile`]) with serde, then validated once into a
//! [`Level`] whose board is a legal position; each fault has its own [`LevelError`] variant with
//! a sentence a player can act on. Saves reuse [`board_from_rows`], which also accepts boards
//! with no `O` left (a finished puzzle).

use serde::{Deserialize, Serialize};

use super::rules::{Board, Cell, SIZE, Square};

/// Most `O` pieces a board may hold (the seed's count).
pub const MAX_O: usize = 4;
/// Most `X` pieces a board may hold (the seed's count).
pub const MAX_X: usize = 8;

/// A level file as written on disk, before any checking.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelFile {
    /// The name shown in the level list.
    pub name: String,
    /// Ten rows, top to bottom, of ten characters each.
    pub rows: Vec<String>,
    /// The optimal number of moves, stored with shipped levels so the list can show it without
    /// solving; a test recomputes it. Optional in files a player writes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub par: Option<u32>,
}

/// Why a level file (or a saved board) was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    /// The text is not valid TOML or lacks `name`/`rows`.
    #[error("the level file is not valid: {0}")]
    Toml(String),
    /// Wrong number of rows.
    #[error("a level needs exactly {SIZE} rows, this one has {0}")]
    RowCount(usize),
    /// A row of the wrong length (row index, length in characters).
    #[error("row {0} has {1} characters; every row needs exactly {SIZE}")]
    RowLength(usize, usize),
    /// A character other than `.OXG`.
    #[error("row {row}, column {col} holds {found:?}; only '.', 'O', 'X' and 'G' are allowed")]
    BadCharacter {
        /// Row of the character.
        row: usize,
        /// Column of the character.
        col: usize,
        /// The character found.
        found: char,
    },
    /// Not exactly two goals.
    #[error("a level needs exactly 2 goals (G), this one has {0}")]
    GoalCount(usize),
    /// Two goals that do not touch.
    #[error("the two goals at ({},{}) and ({},{}) must be next to each other", .0.0, .0.1, .1.0, .1.1)]
    GoalsApart(Square, Square),
    /// Too few or too many `O`.
    #[error("a level needs 1 to {MAX_O} O pieces, this one has {0}")]
    OCount(usize),
    /// Too many `X`.
    #[error("a level may have at most {MAX_X} X pieces, this one has {0}")]
    XCount(usize),
}

/// A checked level: a name, a legal starting board, and the stored par if the file had one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Level {
    /// The level's name.
    pub name: String,
    /// The starting position.
    pub board: Board,
    /// The par written in the file (shipped levels), unchecked until a solver confirms it.
    pub par: Option<u32>,
}

impl Level {
    /// Reads and validates a level from TOML text.
    ///
    /// # Errors
    /// [`LevelError`] naming the first fault found.
    pub fn from_toml(text: &str) -> Result<Self, LevelError> {
        let file: LevelFile = toml::from_str(text)
            .map_err(|err| LevelError::Toml(crate::save::format::toml_error_line(&err, text)))?;
        Self::try_from(file)
    }

    #[cfg(test)]
    /// The level as TOML text, in the same format it is read from.
    #[must_use]
    pub fn to_toml(&self) -> String {
        let file = LevelFile {
            name: self.name.clone(),
            rows: self.board.rows(),
            par: self.par,
        };
        toml::to_string(&file).unwrap_or_default()
    }
}

impl TryFrom<LevelFile> for Level {
    type Error = LevelError;

    fn try_from(file: LevelFile) -> Result<Self, LevelError> {
        let board = board_from_rows(&file.rows)?;
        let o = board.o_count();
        if o == 0 {
            return Err(LevelError::OCount(0));
        }
        Ok(Self {
            // Printed in plain mode and shown in lists: never raw text from a file.
            name: crate::core::text::clip(&crate::core::text::sanitize(&file.name), 60),
            board,
            par: file.par,
        })
    }
}

/// Validates rows of `.OXG` into a board: 10×10, exactly two adjacent goals, 0 to 4 `O`
/// (0 is a solved position, which saves may hold; levels need at least one), at most 8 `X`.
///
/// # Errors
/// [`LevelError`] naming the first fault found.
pub fn board_from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, LevelError> {
    if rows.len() != SIZE {
        return Err(LevelError::RowCount(rows.len()));
    }
    let mut cells = [[Cell::Empty; SIZE]; SIZE];
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_ref();
        let len = row.chars().count();
        if len != SIZE {
            return Err(LevelError::RowLength(r, len));
        }
        for (c, ch) in row.chars().enumerate() {
            cells[r][c] = Cell::from_symbol(ch).ok_or(LevelError::BadCharacter {
                row: r,
                col: c,
                found: ch,
            })?;
        }
    }
    let board = Board::from_checked_cells(cells);
    let goals = board.squares_of(Cell::Goal);
    let [a, b] = goals[..] else {
        return Err(LevelError::GoalCount(goals.len()));
    };
    if a.0.abs_diff(b.0) + a.1.abs_diff(b.1) != 1 {
        return Err(LevelError::GoalsApart(a, b));
    }
    let o = board.o_count();
    if o > MAX_O {
        return Err(LevelError::OCount(o));
    }
    let x = board.squares_of(Cell::X).len();
    if x > MAX_X {
        return Err(LevelError::XCount(x));
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows_with(edits: &[(usize, usize, char)]) -> Vec<String> {
        let mut grid = vec![vec!['.'; SIZE]; SIZE];
        grid[9][4] = 'G';
        grid[9][5] = 'G';
        grid[0][0] = 'O';
        for &(r, c, ch) in edits {
            grid[r][c] = ch;
        }
        grid.into_iter()
            .map(|row| row.into_iter().collect())
            .collect()
    }

    fn toml_of(rows: &[String]) -> String {
        let quoted: Vec<String> = rows.iter().map(|r| format!("  \"{r}\",")).collect();
        format!("name = \"test\"\nrows = [\n{}\n]\n", quoted.join("\n"))
    }

    #[test]
    fn a_good_file_loads() {
        let level = Level::from_toml(&toml_of(&rows_with(&[(3, 3, 'X')]))).expect("valid");
        assert_eq!(level.name, "test");
        assert_eq!(level.board.o_count(), 1);
        assert_eq!(level.board.cell((3, 3)), Cell::X);
        assert_eq!(level.par, None);
        let again = Level::from_toml(&level.to_toml()).expect("round trip");
        assert_eq!(again, level);
    }

    #[test]
    fn each_fault_has_its_own_error() {
        let mut short = rows_with(&[]);
        short.pop();
        assert_eq!(board_from_rows(&short), Err(LevelError::RowCount(9)));
        let mut long_row = rows_with(&[]);
        long_row[2].push('.');
        assert_eq!(
            board_from_rows(&long_row),
            Err(LevelError::RowLength(2, 11))
        );
        assert_eq!(
            board_from_rows(&rows_with(&[(4, 7, 'Q')])),
            Err(LevelError::BadCharacter {
                row: 4,
                col: 7,
                found: 'Q'
            })
        );
        assert_eq!(
            board_from_rows(&rows_with(&[(0, 9, 'G')])),
            Err(LevelError::GoalCount(3))
        );
        assert_eq!(
            board_from_rows(&rows_with(&[(9, 5, '.'), (0, 9, 'G')])),
            Err(LevelError::GoalsApart((0, 9), (9, 4)))
        );
        let five_o: Vec<_> = (1..5).map(|c| (1, c, 'O')).collect();
        assert_eq!(
            board_from_rows(&rows_with(&five_o)),
            Err(LevelError::OCount(5))
        );
        let nine_x: Vec<_> = (0..9).map(|c| (5, c, 'X')).collect();
        assert_eq!(
            board_from_rows(&rows_with(&nine_x)),
            Err(LevelError::XCount(9))
        );
        let no_o = toml_of(&rows_with(&[(0, 0, '.')]));
        assert_eq!(Level::from_toml(&no_o), Err(LevelError::OCount(0)));
        assert!(matches!(
            Level::from_toml("name = 3"),
            Err(LevelError::Toml(_))
        ));
    }

    #[test]
    fn messages_are_sentences_a_player_can_act_on() {
        assert_eq!(
            LevelError::GoalsApart((0, 9), (9, 4)).to_string(),
            "the two goals at (0,9) and (9,4) must be next to each other"
        );
        assert_eq!(
            LevelError::RowLength(2, 11).to_string(),
            "row 2 has 11 characters; every row needs exactly 10"
        );
    }
}
