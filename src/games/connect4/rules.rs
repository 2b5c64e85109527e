//! Connect Four's rules: 7 columns, 6 rows, four in a line wins, a full board is a draw.

use crate::core::{IllegalMove, IllegalReason, Outcome, Rules, Seat};

/// Number of columns.
pub const COLS: usize = 7;
/// Number of rows.
pub const ROWS: usize = 6;

/// A position: the tokens, row 0 at the bottom, and the side to move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [[Option<Seat>; COLS]; ROWS],
    to_move: Seat,
    outcome: Option<Outcome>,
}

/// A position as plain data, before it is checked: what a position text or a save holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Tokens, row 0 at the bottom.
    pub cells: [[Option<Seat>; COLS]; ROWS],
    /// The side to move.
    pub to_move: Seat,
}

/// Why a setup is not a position that can arise in a game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A token with an empty cell below it.
    #[error("a token floats in column {column}: the cell below it is empty")]
    Floating {
        /// 1-based column.
        column: usize,
    },
    /// The counts do not fit the side to move (x moves first, so x has as many tokens as o,
    /// or one more when o is to move).
    #[error("{x} x tokens and {o} o tokens cannot have {side} to move")]
    Counts {
        /// Tokens of x.
        x: usize,
        /// Tokens of o.
        o: usize,
        /// The side to move.
        side: char,
    },
    /// Both sides have four in a line, or the side that just moved did not make the line.
    #[error("the position has a four in a line that could not have been made last")]
    ImpossibleWin,
}

/// The four directions a line can run in: right, up, up-right, down-right.
const DIRECTIONS: [(isize, isize); 4] = [(0, 1), (1, 0), (1, 1), (-1, 1)];

impl Board {
    /// The empty board, x to move.
    #[must_use]
    pub fn new() -> Self {
        Self {
            cells: [[None; COLS]; ROWS],
            to_move: Seat::First,
            outcome: None,
        }
    }

    /// The token at a column and row (row 0 at the bottom), if any.
    #[must_use]
    pub fn at(&self, col: usize, row: usize) -> Option<Seat> {
        self.cells
            .get(row)
            .and_then(|r| r.get(col))
            .copied()
            .flatten()
    }

    /// How many tokens a column holds.
    #[must_use]
    pub fn height(&self, col: usize) -> usize {
        (0..ROWS)
            .take_while(|&row| self.at(col, row).is_some())
            .count()
    }

    /// The side to move (also after the game ended: the side that would move).
    #[must_use]
    pub fn side(&self) -> Seat {
        self.to_move
    }

    /// Number of tokens on the board.
    #[must_use]
    pub fn tokens(&self) -> usize {
        self.cells.iter().flatten().filter(|c| c.is_some()).count()
    }

    /// The cells of a four in a line, as (column, row), if there is one.
    #[must_use]
    pub fn winning_line(&self) -> Option<[(usize, usize); 4]> {
        for row in 0..ROWS {
            for col in 0..COLS {
                let Some(seat) = self.at(col, row) else {
                    continue;
                };
                for (dr, dc) in DIRECTIONS {
                    let cells: Vec<(usize, usize)> = (0..4)
                        .map_while(|k| {
                            let r = row.checked_add_signed(dr * k)?;
                            let c = col.checked_add_signed(dc * k)?;
                            (self.at(c, r) == Some(seat)).then_some((c, r))
                        })
                        .collect();
                    if let Ok(line) = <[(usize, usize); 4]>::try_from(cells) {
                        return Some(line);
                    }
                }
            }
        }
        None
    }

    fn has_four(&self, seat: Seat) -> bool {
        (0..ROWS).any(|row| {
            (0..COLS).any(|col| {
                DIRECTIONS.iter().any(|&(dr, dc)| {
                    (0..4).all(|k| {
                        let cell = row
                            .checked_add_signed(dr * k)
                            .zip(col.checked_add_signed(dc * k));
                        cell.is_some_and(|(r, c)| self.at(c, r) == Some(seat))
                    })
                })
            })
        })
    }

    fn compute_outcome(&self) -> Option<Outcome> {
        let mover = self.to_move.other();
        if self.has_four(mover) {
            Some(Outcome::Won(mover))
        } else if self.tokens() == ROWS * COLS {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// The plain data of this position.
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            cells: self.cells,
            to_move: self.to_move,
        }
    }
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl TryFrom<Setup> for Board {
    type Error = SetupError;

    /// Checks that the setup could arise in a game: no floating tokens, counts that fit the
    /// side to move, and at most one four in a line, made by the side that moved last.
    fn try_from(setup: Setup) -> Result<Self, SetupError> {
        for col in 0..COLS {
            let mut seen_empty = false;
            for row in 0..ROWS {
                match setup.cells[row][col] {
                    None => seen_empty = true,
                    Some(_) if seen_empty => return Err(SetupError::Floating { column: col + 1 }),
                    Some(_) => {}
                }
            }
        }
        let count = |seat| {
            setup
                .cells
                .iter()
                .flatten()
                .filter(|&&c| c == Some(seat))
                .count()
        };
        let (x, o) = (count(Seat::First), count(Seat::Second));
        let fits = match setup.to_move {
            Seat::First => x == o,
            Seat::Second => x == o + 1,
        };
        if !fits {
            return Err(SetupError::Counts {
                x,
                o,
                side: if setup.to_move == Seat::First {
                    'x'
                } else {
                    'o'
                },
            });
        }
        let board = Self {
            cells: setup.cells,
            to_move: setup.to_move,
            outcome: None,
        };
        if board.has_four(setup.to_move) {
            return Err(SetupError::ImpossibleWin);
        }
        let outcome = board.compute_outcome();
        Ok(Self { outcome, ..board })
    }
}

impl Rules for Board {
    /// A column, 0-based.
    type Move = u8;

    fn legal_moves(&self) -> Vec<u8> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        (0..COLS as u8)
            .filter(|&c| self.height(usize::from(c)) < ROWS)
            .collect()
    }

    fn play(&mut self, column: &u8) -> Result<(), IllegalMove> {
        let col = usize::from(*column);
        if self.outcome.is_some() {
            return Err(IllegalMove::new(
                IllegalReason::GameOver,
                "the game is over",
            ));
        }
        if col >= COLS {
            return Err(IllegalMove::new(
                IllegalReason::OffBoard,
                format!("there is no column {}", col + 1),
            ));
        }
        let row = self.height(col);
        if row >= ROWS {
            return Err(IllegalMove::new(
                IllegalReason::Occupied,
                format!("column {} is full", col + 1),
            ));
        }
        self.cells[row][col] = Some(self.to_move);
        self.to_move = self.to_move.other();
        self.outcome = self.compute_outcome();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::History;
    use proptest::prelude::*;

    fn play_all(columns: &[u8]) -> Board {
        let mut board = Board::new();
        for c in columns {
            board.play(c).expect("legal in the test line");
        }
        board
    }

    #[test]
    fn tokens_fall_to_the_lowest_empty_cell() {
        let board = play_all(&[3, 3, 3]);
        assert_eq!(board.at(3, 0), Some(Seat::First));
        assert_eq!(board.at(3, 1), Some(Seat::Second));
        assert_eq!(board.at(3, 2), Some(Seat::First));
        assert_eq!(board.height(3), 3);
        assert_eq!(board.to_move(), Some(Seat::Second));
    }

    #[test]
    fn wins_in_all_four_directions_and_at_the_edges() {
        // Horizontal along the bottom edge, left corner.
        assert_eq!(
            play_all(&[0, 0, 1, 1, 2, 2, 3]).outcome(),
            Some(Outcome::Won(Seat::First))
        );
        // Vertical in the right edge column.
        assert_eq!(
            play_all(&[6, 0, 6, 0, 6, 0, 6]).outcome(),
            Some(Outcome::Won(Seat::First))
        );
        // Diagonal up-right from the corner.
        let board = play_all(&[0, 1, 1, 2, 2, 3, 2, 3, 3, 6, 3]);
        assert_eq!(board.outcome(), Some(Outcome::Won(Seat::First)));
        assert_eq!(board.winning_line(), Some([(0, 0), (1, 1), (2, 2), (3, 3)]));
        // Diagonal down-right, won by o, touching the left edge.
        let board = play_all(&[6, 3, 2, 2, 1, 1, 0, 1, 0, 0, 6, 0]);
        assert_eq!(board.outcome(), Some(Outcome::Won(Seat::Second)));
        assert_eq!(board.winning_line(), Some([(0, 3), (1, 2), (2, 1), (3, 0)]));
        // Vertical in the right edge column, won by o.
        assert_eq!(
            play_all(&[0, 6, 0, 6, 0, 6, 1, 6]).outcome(),
            Some(Outcome::Won(Seat::Second))
        );
        // Three in a line is not a win.
        assert_eq!(play_all(&[0, 0, 1, 1, 2, 2]).outcome(), None);
    }

    #[test]
    fn a_full_column_is_refused() {
        let mut board = play_all(&[2, 2, 2, 2, 2, 2]);
        assert_eq!(
            board.play(&2),
            Err(IllegalMove::new(
                IllegalReason::Occupied,
                "column 3 is full"
            ))
        );
        assert!(!board.legal_moves().contains(&2));
        assert!(board.play(&7).is_err());
    }

    #[test]
    fn a_full_board_without_four_is_a_draw() {
        // Columns filled in pairs so no four ever lines up: this order is a known draw pattern.
        let order: Vec<u8> = [
            0u8, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 2, 3, 2, 3, 2, 3, 3, 2, 3, 2, 3, 2, 4, 5, 4, 5,
            4, 5, 5, 4, 5, 4, 5, 4, 6, 6, 6, 6, 6, 6,
        ]
        .to_vec();
        let board = play_all(&order);
        assert_eq!(board.tokens(), 42);
        assert_eq!(board.outcome(), Some(Outcome::Draw));
        assert!(board.legal_moves().is_empty());
    }

    #[test]
    fn impossible_setups_are_refused() {
        let mut setup = Board::new().setup();
        setup.cells[1][0] = Some(Seat::First);
        assert_eq!(
            Board::try_from(setup.clone()),
            Err(SetupError::Floating { column: 1 })
        );
        setup.cells[1][0] = None;
        setup.cells[0][0] = Some(Seat::Second);
        assert!(matches!(
            Board::try_from(setup),
            Err(SetupError::Counts { .. })
        ));
    }

    #[test]
    fn perft_matches_the_published_counts() {
        let expected = [7u64, 49, 343, 2401, 16807, 117_649, 823_536, 5_673_234];
        for (depth, want) in (1..).zip(expected) {
            assert_eq!(
                crate::core::rules::perft(&Board::new(), depth),
                want,
                "ply {depth}"
            );
        }
    }

    proptest! {
        #[test]
        fn generated_moves_are_legal_and_undo_redo_is_the_identity(choices in proptest::collection::vec(0usize..7, 0..42)) {
            let mut history = History::new(Board::new());
            let mut positions = vec![Board::new()];
            for choice in choices {
                let moves = history.current().legal_moves();
                if moves.is_empty() { break; }
                let mv = moves[choice % moves.len()];
                prop_assert!(history.play(&mv).is_ok());
                positions.push(history.current().clone());
            }
            for expected in positions.iter().rev().skip(1) {
                prop_assert!(history.undo());
                prop_assert_eq!(history.current(), expected);
            }
            for expected in positions.iter().skip(1) {
                prop_assert!(history.redo());
                prop_assert_eq!(history.current(), expected);
            }
        }
    }
}
