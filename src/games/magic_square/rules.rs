//! The Magic Square state machine: an n×n board, the pieces `min ..= min+n²-1`, one placement
//! per turn, won when the full board is magic (GAMES.md §2).
//!
//! Coordinates are `(x, y)` with `(0, 0)` at the lower left, `x` to the right and `y` upward, as
//! the seed prints the board. All sums are plain `i64`: a board is only constructed when the sum
//! of all its pieces (the largest sum any line or total can reach, in either direction) fits, so
//! no later addition can overflow.

use serde::{Deserialize, Serialize};

use crate::core::{IllegalMove, IllegalReason, Outcome, Rules, Seat};

/// The largest board side: a 9×9 board with wide values still fits a terminal, and the solver's
/// bit sets hold its 81 pieces.
pub const MAX_SIZE: u8 = 9;

/// The board side when none is given (the classic Lo Shu square).
pub const DEFAULT_SIZE: u8 = 3;

/// The lowest piece when none is given.
pub const DEFAULT_MIN: i64 = 1;

/// Lowest pieces every board size accepts: with `min` in this range the sums of even a 9×9
/// board fit in `i64`. The command line checks MIN against it (before it knows the size), so an
/// out-of-range MIN is a usage error; the rules themselves accept any MIN that fits the size.
pub const SAFE_MIN: std::ops::RangeInclusive<i64> = (i64::MIN / 81)..=(i64::MAX / 81 - 80);

/// The two numbers that define a game: board side and lowest piece. Kept apart from the board
/// so the command line, the new-game dialog and saves can carry them before they are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Params {
    /// Squares on a side (1 ..= [`MAX_SIZE`]).
    pub size: u8,
    /// The lowest piece; the others follow it consecutively.
    pub min: i64,
}

impl Default for Params {
    fn default() -> Self {
        Self {
            size: DEFAULT_SIZE,
            min: DEFAULT_MIN,
        }
    }
}

/// Why parameters or a stored board cannot become a game. Each message is one sentence a player
/// can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A board needs at least one square.
    #[error("the board needs at least 1 square on a side")]
    SizeZero,
    /// Larger boards cannot be drawn (nor searched with 128-bit sets).
    #[error("a {0}×{0} board is too large; the largest is {MAX_SIZE}×{MAX_SIZE}")]
    SizeTooLarge(u8),
    /// The pieces or their sums would not fit in 64-bit integers.
    #[error(
        "with {min} as the lowest piece the sums of a {size}×{size} board do not fit in 64-bit integers"
    )]
    Overflow {
        /// The board side asked for.
        size: u8,
        /// The lowest piece asked for.
        min: i64,
    },
    /// A stored board with the wrong number of squares.
    #[error("a {size}×{size} board has {expected} squares, not {found}")]
    WrongCellCount {
        /// The board side.
        size: u8,
        /// `size²`.
        expected: usize,
        /// How many squares the setup listed.
        found: usize,
    },
    /// A stored board holding a value that is not one of the pieces.
    #[error("{value} is not one of the pieces ({min} to {max})")]
    NotAPiece {
        /// The offending value.
        value: i64,
        /// The lowest piece.
        min: i64,
        /// The highest piece.
        max: i64,
    },
    /// A stored board holding the same piece twice.
    #[error("the piece {0} is on the board twice")]
    Duplicate(i64),
}

/// One move: put the piece `value` on the empty square `(x, y)`. Written `5@1,2` (see
/// [`super::notation`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// The piece placed.
    pub value: i64,
    /// Column, 0 at the left.
    pub x: u8,
    /// Row, 0 at the bottom.
    pub y: u8,
}

/// A line whose sum counts: every row, every column and the two diagonals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Line {
    /// The row at height `y`.
    Row(u8),
    /// The column at `x`.
    Column(u8),
    /// The diagonal from the lower left `(0,0)` to the upper right.
    Rising,
    /// The diagonal from the upper left `(0,n-1)` to the lower right.
    Falling,
}

/// The running total of one line, for the sums shown at the board's edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineSum {
    /// The sum of the pieces on the line so far.
    pub sum: i64,
    /// How many of its squares hold a piece.
    pub filled: u8,
    /// How many squares the line has (the board side).
    pub len: u8,
}

impl LineSum {
    /// Whether every square of the line holds a piece.
    pub fn is_complete(self) -> bool {
        self.filled == self.len
    }
}

/// A Magic Square position: the parameters and which piece (if any) is on each square.
///
/// Always valid: the parameters were checked and every piece appears at most once. The turn
/// count is the number of pieces on the board, since every turn places exactly one.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MagicSquare {
    params: Params,
    /// Row-major from the bottom row: index `y * n + x`.
    cells: Vec<Option<i64>>,
}

/// Untrusted board contents (from a save or a position text), checked once by
/// `MagicSquare::try_from`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The board side and lowest piece.
    pub params: Params,
    /// Row-major from the bottom row (`y * n + x`), `None` for an empty square.
    pub cells: Vec<Option<i64>>,
}

/// Checks that a board of this size and lowest piece can be played with 64-bit sums.
fn check_params(params: Params) -> Result<(), SetupError> {
    if params.size == 0 {
        return Err(SetupError::SizeZero);
    }
    if params.size > MAX_SIZE {
        return Err(SetupError::SizeTooLarge(params.size));
    }
    let count = i64::from(params.size) * i64::from(params.size);
    let overflow = SetupError::Overflow {
        size: params.size,
        min: params.min,
    };
    let max = params.min.checked_add(count - 1).ok_or(overflow.clone())?;
    // Every sum of distinct pieces lies between `count * min` and `count * max` (or 0), so if
    // both ends fit, every line sum, partial sum and the board total fit.
    params.min.checked_mul(count).ok_or(overflow.clone())?;
    max.checked_mul(count).ok_or(overflow)?;
    Ok(())
}

impl MagicSquare {
    /// An empty board.
    ///
    /// # Errors
    /// [`SetupError`] when the size is 0 or above [`MAX_SIZE`], or when the sums would
    /// overflow `i64`.
    pub fn new(params: Params) -> Result<Self, SetupError> {
        check_params(params)?;
        let n = usize::from(params.size);
        Ok(Self {
            params,
            cells: vec![None; n * n],
        })
    }

    /// The parameters this game was started with.
    pub fn params(&self) -> Params {
        self.params
    }

    /// Squares on a side.
    pub fn size(&self) -> u8 {
        self.params.size
    }

    /// The lowest piece.
    pub fn min(&self) -> i64 {
        self.params.min
    }

    /// The highest piece, `min + n² - 1`.
    pub fn max(&self) -> i64 {
        self.params.min + (self.piece_count() as i64 - 1)
    }

    /// How many pieces (and squares) the game has: n².
    pub fn piece_count(&self) -> usize {
        self.cells.len()
    }

    /// The sum every row, column and diagonal must reach: `n·min + n(n²−1)/2`.
    pub fn magic_sum(&self) -> i64 {
        let n = i64::from(self.params.size);
        // Both terms are bounded by the board total checked at construction.
        n * self.params.min + n * (n * n - 1) / 2
    }

    /// The piece on `(x, y)`, or `None` for an empty square or a square off the board.
    pub fn get(&self, x: u8, y: u8) -> Option<i64> {
        self.index(x, y).and_then(|i| self.cells[i])
    }

    /// Whether `(x, y)` is on the board.
    pub fn contains(&self, x: u8, y: u8) -> bool {
        x < self.params.size && y < self.params.size
    }

    fn index(&self, x: u8, y: u8) -> Option<usize> {
        self.contains(x, y)
            .then(|| usize::from(y) * usize::from(self.params.size) + usize::from(x))
    }

    /// Whether `value` is one of this game's pieces.
    pub fn is_piece(&self, value: i64) -> bool {
        (self.min()..=self.max()).contains(&value)
    }

    /// Whether the piece `value` is on the board already.
    pub fn is_used(&self, value: i64) -> bool {
        self.cells.contains(&Some(value))
    }

    /// The pieces not yet placed (the tray), lowest first.
    pub fn available(&self) -> Vec<i64> {
        let mut used: Vec<i64> = self.cells.iter().flatten().copied().collect();
        used.sort_unstable();
        (self.min()..=self.max())
            .filter(|v| used.binary_search(v).is_err())
            .collect()
    }

    /// The empty squares as `(x, y)`, bottom row first.
    pub fn empty_squares(&self) -> Vec<(u8, u8)> {
        let n = self.params.size;
        (0..n)
            .flat_map(|y| (0..n).map(move |x| (x, y)))
            .filter(|&(x, y)| self.get(x, y).is_none())
            .collect()
    }

    /// Turns played so far: one per piece on the board.
    pub fn turns(&self) -> usize {
        self.cells.iter().filter(|c| c.is_some()).count()
    }

    /// Whether every square holds a piece.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// Every line that must reach the magic sum: rows bottom to top, columns left to right, then
    /// the rising and falling diagonals.
    pub fn lines(&self) -> Vec<Line> {
        let n = self.params.size;
        (0..n)
            .map(Line::Row)
            .chain((0..n).map(Line::Column))
            .chain([Line::Rising, Line::Falling])
            .collect()
    }

    /// The squares of a line, in order of increasing `x` (columns: increasing `y`).
    pub fn line_squares(&self, line: Line) -> Vec<(u8, u8)> {
        let n = self.params.size;
        match line {
            Line::Row(y) => (0..n).map(|x| (x, y)).collect(),
            Line::Column(x) => (0..n).map(|y| (x, y)).collect(),
            Line::Rising => (0..n).map(|i| (i, i)).collect(),
            Line::Falling => (0..n).map(|i| (i, n - 1 - i)).collect(),
        }
    }

    /// The running sum of a line. Cannot overflow: the construction checked the board total.
    pub fn line_sum(&self, line: Line) -> LineSum {
        let mut sum = 0_i64;
        let mut filled = 0_u8;
        for (x, y) in self.line_squares(line) {
            if let Some(v) = self.get(x, y) {
                sum += v;
                filled += 1;
            }
        }
        LineSum {
            sum,
            filled,
            len: self.params.size,
        }
    }

    /// Whether the board is full and every line reaches the magic sum.
    pub fn is_magic(&self) -> bool {
        let target = self.magic_sum();
        self.is_full()
            && self
                .lines()
                .into_iter()
                .all(|line| self.line_sum(line).sum == target)
    }

    /// Why `placement` is not allowed now, or `None` when it is.
    fn refusal(&self, placement: &Placement) -> Option<IllegalMove> {
        let Placement { value, x, y } = *placement;
        let n = self.params.size;
        if !self.contains(x, y) {
            return Some(IllegalMove::new(
                IllegalReason::OffBoard,
                format!("there is no square {x},{y} on a {n}×{n} board"),
            ));
        }
        if let Some(there) = self.get(x, y) {
            return Some(IllegalMove::new(
                IllegalReason::Occupied,
                format!("square {x},{y} already holds {there}"),
            ));
        }
        if !self.is_piece(value) {
            return Some(IllegalMove::new(
                IllegalReason::NoPiece,
                format!(
                    "{value} is not one of the pieces ({} to {})",
                    self.min(),
                    self.max()
                ),
            ));
        }
        if self.is_used(value) {
            return Some(IllegalMove::new(
                IllegalReason::Forbidden,
                format!("{value} is already on the board"),
            ));
        }
        None
    }
}

impl TryFrom<Setup> for MagicSquare {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<Self, SetupError> {
        let mut state = Self::new(setup.params)?;
        if setup.cells.len() != state.cells.len() {
            return Err(SetupError::WrongCellCount {
                size: setup.params.size,
                expected: state.cells.len(),
                found: setup.cells.len(),
            });
        }
        for (i, cell) in setup.cells.into_iter().enumerate() {
            if let Some(value) = cell {
                if !state.is_piece(value) {
                    return Err(SetupError::NotAPiece {
                        value,
                        min: state.min(),
                        max: state.max(),
                    });
                }
                if state.is_used(value) {
                    return Err(SetupError::Duplicate(value));
                }
                state.cells[i] = Some(value);
            }
        }
        Ok(state)
    }
}

impl Rules for MagicSquare {
    type Move = Placement;

    /// Every unused piece on every empty square: pieces lowest first, squares bottom row first.
    fn legal_moves(&self) -> Vec<Placement> {
        let squares = self.empty_squares();
        self.available()
            .into_iter()
            .flat_map(|value| squares.iter().map(move |&(x, y)| Placement { value, x, y }))
            .collect()
    }

    fn play(&mut self, placement: &Placement) -> Result<(), IllegalMove> {
        if let Some(refusal) = self.refusal(placement) {
            return Err(refusal);
        }
        let index = self
            .index(placement.x, placement.y)
            .expect("refusal checked the square is on the board");
        self.cells[index] = Some(placement.value);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_full() {
            None
        } else if self.is_magic() {
            Some(Outcome::Solved)
        } else {
            Some(Outcome::Lost)
        }
    }

    fn to_move(&self) -> Option<Seat> {
        None
    }
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
