//! Slide's rules: a 10×10 board of sliding `O` pieces, one-step `X` pieces and two fixed goals.
//!
//! A [`Board`] is always a valid position (at most four `O`, at most eight `X`, exactly two
//! adjacent goals); it is built from checked data by [`crate::games::slide::level`], so the move
//! logic never has to guard against impossible boards.
//!
//! Outcome: [`Outcome::Solved`] once every `O` has left. The rules never report
//! [`Outcome::Lost`]: deciding that no `O` can ever reach a goal needs a full search (the
//! solver answers that question), and a player can always keep moving `X` pieces.

use std::fmt;

use crate::core::{IllegalMove, IllegalReason, Outcome, Rules, Seat};

/// Rows and columns of the board.
pub const SIZE: usize = 10;

/// What occupies one square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Nothing: pieces may stop or pass here.
    Empty,
    /// A sliding piece that must reach a goal.
    O,
    /// A blocker that steps one square at a time.
    X,
    /// A goal square: an `O` that reaches it leaves the board; an `X` may never enter it.
    Goal,
}

impl Cell {
    /// The character used in level files, saves and plain mode.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Self::Empty => '.',
            Self::O => 'O',
            Self::X => 'X',
            Self::Goal => 'G',
        }
    }

    /// The cell a level-file character stands for, if any.
    #[must_use]
    pub const fn from_symbol(symbol: char) -> Option<Self> {
        match symbol {
            '.' => Some(Self::Empty),
            'O' => Some(Self::O),
            'X' => Some(Self::X),
            'G' => Some(Self::Goal),
            _ => None,
        }
    }
}

/// One of the four directions a piece may move in (no diagonals).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dir {
    /// Towards row 0 (`w`).
    Up,
    /// Towards row 9 (`s`).
    Down,
    /// Towards column 0 (`a`).
    Left,
    /// Towards column 9 (`d`).
    Right,
}

impl Dir {
    /// All directions in the order moves are listed (w, a, s, d order of the seed's keys is
    /// not needed; a fixed order keeps move lists and solver results deterministic).
    pub const ALL: [Self; 4] = [Self::Up, Self::Down, Self::Left, Self::Right];

    /// The row and column step of one square in this direction.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Self::Up => (-1, 0),
            Self::Down => (1, 0),
            Self::Left => (0, -1),
            Self::Right => (0, 1),
        }
    }

    /// The seed's key for the direction (`w`, `s`, `a`, `d`).
    #[must_use]
    pub const fn key(self) -> char {
        match self {
            Self::Up => 'w',
            Self::Down => 's',
            Self::Left => 'a',
            Self::Right => 'd',
        }
    }

    /// The direction of a seed key, ignoring case.
    #[must_use]
    pub const fn from_key(key: char) -> Option<Self> {
        match key.to_ascii_lowercase() {
            'w' => Some(Self::Up),
            's' => Some(Self::Down),
            'a' => Some(Self::Left),
            'd' => Some(Self::Right),
            _ => None,
        }
    }

    /// A readable name for messages ("up", "left").
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Up => "up",
            Self::Down => "down",
            Self::Left => "left",
            Self::Right => "right",
        }
    }
}

/// A square as (row, column), both 0–9 from the top left, as the seed numbers them.
pub type Square = (u8, u8);

/// The square one step from `square` in `dir`, if it is on the board.
#[must_use]
pub fn step(square: Square, dir: Dir) -> Option<Square> {
    let (dr, dc) = dir.delta();
    let row = square.0 as i8 + dr;
    let col = square.1 as i8 + dc;
    let range = 0..SIZE as i8;
    (range.contains(&row) && range.contains(&col)).then_some((row as u8, col as u8))
}

/// A move: the piece on `from` goes in `dir` (an `O` slides, an `X` steps once).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square of the piece to move.
    pub from: Square,
    /// Where it goes.
    pub dir: Dir,
}

/// Where a move would take its piece: used to apply it and to preview it on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Landing {
    /// The piece ends on this square.
    Stop(Square),
    /// The `O` enters this goal and leaves the board.
    Goal(Square),
}

/// A Slide position: the squares of every piece and the two goals.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [[Cell; SIZE]; SIZE],
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board(")?;
        for row in self.rows() {
            writeln!(f, "  {row}")?;
        }
        write!(f, ")")
    }
}

impl Board {
    /// Builds a board from cells already checked by the level or save loader.
    ///
    /// Crate-private on purpose: outside code goes through the validating constructors in
    /// [`crate::games::slide::level`], so a `Board` is always a legal position.
    pub(crate) fn from_checked_cells(cells: [[Cell; SIZE]; SIZE]) -> Self {
        Self { cells }
    }

    /// What is on a square.
    #[must_use]
    pub fn cell(&self, square: Square) -> Cell {
        self.cells[square.0 as usize][square.1 as usize]
    }

    /// The board as 10 strings of `.OXG`, the format of level files and saves.
    #[must_use]
    pub fn rows(&self) -> Vec<String> {
        self.cells
            .iter()
            .map(|row| row.iter().map(|cell| cell.symbol()).collect())
            .collect()
    }

    /// Every square holding `cell`, in reading order.
    #[must_use]
    pub fn squares_of(&self, cell: Cell) -> Vec<Square> {
        let mut found = Vec::new();
        for (r, row) in self.cells.iter().enumerate() {
            for (c, &here) in row.iter().enumerate() {
                if here == cell {
                    found.push((r as u8, c as u8));
                }
            }
        }
        found
    }

    /// How many `O` pieces are still on the board.
    #[must_use]
    pub fn o_count(&self) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|&&c| c == Cell::O)
            .count()
    }

    /// Where the piece on `from` would go in `dir`, or why it cannot move (squares named the
    /// seed's way, `(row,col)`, as plain mode asks for them).
    ///
    /// # Errors
    /// [`IllegalMove`] when the square holds no piece or the piece would not move.
    pub fn landing(&self, mv: &Move) -> Result<Landing, IllegalMove> {
        self.landing_named(mv, &|(row, col)| format!("({row},{col})"))
    }

    /// [`Board::landing`] with the refusal's squares named by `name` (the screen passes the
    /// `[ui] coordinates` setting's names, so "the O at 4,9 cannot move up" reads like the
    /// board's labels).
    ///
    /// # Errors
    /// [`IllegalMove`] when the square holds no piece or the piece would not move.
    pub fn landing_named(
        &self,
        mv: &Move,
        name: &dyn Fn(Square) -> String,
    ) -> Result<Landing, IllegalMove> {
        let (row, col) = mv.from;
        if row as usize >= SIZE || col as usize >= SIZE {
            return Err(IllegalMove::new(
                IllegalReason::OffBoard,
                format!("({row},{col}) is off the board; rows and columns go from 0 to 9"),
            ));
        }
        let at = name(mv.from);
        let dir = mv.dir.name();
        match self.cell(mv.from) {
            Cell::O => self.slide(mv.from, mv.dir).ok_or_else(|| {
                IllegalMove::new(
                    IllegalReason::Unreachable,
                    format!("the O at {at} cannot move {dir}"),
                )
            }),
            Cell::X => match step(mv.from, mv.dir) {
                Some(next) if self.cell(next) == Cell::Empty => Ok(Landing::Stop(next)),
                Some(next) if self.cell(next) == Cell::Goal => Err(IllegalMove::new(
                    IllegalReason::Forbidden,
                    format!("an X may not move onto the goal at {}", name(next)),
                )),
                Some(next) => Err(IllegalMove::new(
                    IllegalReason::Occupied,
                    format!("the X at {at} cannot move {dir}: {} is taken", name(next)),
                )),
                None => Err(IllegalMove::new(
                    IllegalReason::OffBoard,
                    format!("the X at {at} cannot move {dir} off the board"),
                )),
            },
            Cell::Empty | Cell::Goal => Err(IllegalMove::new(
                IllegalReason::NoPiece,
                format!("there is no O or X piece at {at}"),
            )),
        }
    }

    /// Where an `O` on `from` slides in `dir`; `None` when it cannot move at all.
    fn slide(&self, from: Square, dir: Dir) -> Option<Landing> {
        let mut at = from;
        while let Some(next) = step(at, dir) {
            match self.cell(next) {
                Cell::Empty => at = next,
                Cell::Goal => return Some(Landing::Goal(next)),
                Cell::O | Cell::X => break,
            }
        }
        (at != from).then_some(Landing::Stop(at))
    }

    /// Whether the piece on `square` can move in at least one direction.
    #[must_use]
    pub fn can_move(&self, square: Square) -> bool {
        Dir::ALL
            .iter()
            .any(|&dir| self.landing(&Move { from: square, dir }).is_ok())
    }
}

impl Rules for Board {
    type Move = Move;

    fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for cell in [Cell::O, Cell::X] {
            for from in self.squares_of(cell) {
                for dir in Dir::ALL {
                    let mv = Move { from, dir };
                    if self.landing(&mv).is_ok() {
                        moves.push(mv);
                    }
                }
            }
        }
        moves
    }

    fn play(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::new(
                IllegalReason::GameOver,
                "the puzzle is already solved".to_string(),
            ));
        }
        let landing = self.landing(mv)?;
        let piece = self.cell(mv.from);
        self.cells[mv.from.0 as usize][mv.from.1 as usize] = Cell::Empty;
        if let Landing::Stop(to) = landing {
            self.cells[to.0 as usize][to.1 as usize] = piece;
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.o_count() == 0).then_some(Outcome::Solved)
    }

    fn to_move(&self) -> Option<Seat> {
        None
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::core::History;
    use crate::games::slide::level::board_from_rows;

    fn board() -> Board {
        board_from_rows(&[
            "O...X.....",
            "..........",
            "O.........",
            "..........",
            "....GG....",
            "..........",
            "..........",
            ".X........",
            "....X.....",
            "O.......O.",
        ])
        .expect("valid")
    }

    fn play(b: &mut Board, from: Square, dir: Dir) -> Result<(), IllegalMove> {
        b.play(&Move { from, dir })
    }

    #[test]
    fn an_o_stops_before_an_x_an_o_and_the_edge() {
        let mut b = board();
        play(&mut b, (0, 0), Dir::Right).expect("slides");
        assert_eq!(b.cell((0, 3)), Cell::O, "stops before the X at (0,4)");
        play(&mut b, (2, 0), Dir::Down).expect("slides");
        assert_eq!(b.cell((8, 0)), Cell::O, "stops before the O at (9,0)");
        play(&mut b, (9, 8), Dir::Right).expect("slides");
        assert_eq!(b.cell((9, 9)), Cell::O, "stops at the edge");
        assert_eq!(b.o_count(), 4);
    }

    #[test]
    fn entering_a_goal_removes_the_o_and_the_last_one_wins() {
        let mut b = board_from_rows(&[
            "....O.....",
            "..........",
            "..........",
            "..........",
            "....GG....",
            "..........",
            "..........",
            "..........",
            "..........",
            ".....O....",
        ])
        .expect("valid");
        play(&mut b, (0, 4), Dir::Down).expect("enters the goal");
        assert_eq!(b.o_count(), 1);
        assert_eq!(b.cell((4, 4)), Cell::Goal, "goals never change");
        assert_eq!(b.outcome(), None);
        play(&mut b, (9, 5), Dir::Up).expect("enters the other goal");
        assert_eq!(b.outcome(), Some(Outcome::Solved));
        assert!(b.legal_moves().is_empty());
        assert!(play(&mut b, (0, 0), Dir::Up).is_err());
    }

    #[test]
    fn an_x_steps_once_onto_empty_squares_only() {
        let mut b = board();
        play(&mut b, (7, 1), Dir::Right).expect("steps");
        assert_eq!(b.cell((7, 2)), Cell::X);
        assert_eq!(b.cell((7, 1)), Cell::Empty);
        let mut near_goal = board_from_rows(&[
            "..........",
            "..........",
            "..........",
            "..........",
            "...XGG....",
            "..........",
            "..........",
            "..........",
            "..........",
            "O.........",
        ])
        .expect("valid");
        let err = play(&mut near_goal, (4, 3), Dir::Right).expect_err("goal refused");
        assert_eq!(err.to_string(), "an X may not move onto the goal at (4,4)");
        assert!(play(&mut near_goal, (4, 3), Dir::Up).is_ok());
    }

    #[test]
    fn refused_moves_change_nothing() {
        let mut b = board();
        play(&mut b, (0, 0), Dir::Right).expect("slides next to the X");
        let before = b.clone();
        assert!(play(&mut b, (0, 3), Dir::Up).is_err(), "O against the edge");
        assert!(play(&mut b, (0, 3), Dir::Right).is_err(), "O against an X");
        assert!(play(&mut b, (0, 4), Dir::Left).is_err(), "X onto an O");
        assert!(play(&mut b, (0, 4), Dir::Up).is_err(), "X off the board");
        assert!(play(&mut b, (5, 5), Dir::Down).is_err(), "empty square");
        assert!(
            play(&mut b, (4, 4), Dir::Down).is_err(),
            "a goal is not a piece"
        );
        assert_eq!(b, before);
        let moves = b.legal_moves();
        assert!(!moves.contains(&Move {
            from: (0, 3),
            dir: Dir::Up
        }));
        assert!(moves.contains(&Move {
            from: (0, 3),
            dir: Dir::Left
        }));
    }

    fn random_walk() -> impl Strategy<Value = Vec<usize>> {
        proptest::collection::vec(0usize..1000, 0..30)
    }

    proptest! {
        #[test]
        fn listed_moves_are_legal_and_undo_redo_is_the_identity(picks in random_walk()) {
            let mut history = History::new(board());
            for pick in picks {
                let moves = history.current().legal_moves();
                if moves.is_empty() { break; }
                let mv = moves[pick % moves.len()];
                let mut copy = history.current().clone();
                prop_assert!(copy.play(&mv).is_ok());
                prop_assert!(copy.o_count() <= history.current().o_count());
                history.play(&mv).expect("listed");
            }
            let end = history.current().clone();
            while history.undo() {}
            prop_assert_eq!(history.current(), &board());
            while history.redo() {}
            prop_assert_eq!(history.current(), &end);
            let rows = end.rows();
            prop_assert_eq!(board_from_rows(&rows), Ok(end));
        }
    }
}
