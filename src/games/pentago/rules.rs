//! Pentago's rules as a pure state machine (GAMES.md §5): a 6×6 board of four 3×3 quadrants,
//! a turn is a placement followed by a quarter turn of one quadrant, five in a line wins.
//!
//! Squares are `(row, col)` with row 0 = `A` at the top and col 0 = column `1` at the left,
//! the way the seed prints and reads them. The rotation is a pure function on boards
//! ([`rotate`]) so the screen can preview a turn without touching the game.

use crate::core::{IllegalMove, IllegalReason, Outcome, Rules, Seat};

/// Side length of the board.
pub const SIZE: usize = 6;

/// The board as cells: `None` is empty, `Some(Seat::First)` is X, `Some(Seat::Second)` is O.
/// A plain array so previews and engines can copy it freely.
pub type Board = [[Option<Seat>; SIZE]; SIZE];

/// A square as `(row, col)`, both `0..6`, row 0 at the top.
pub type Square = (usize, usize);

/// One of the four 3×3 quadrants, numbered 1–4 as the seed does (reading order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Quadrant {
    /// Quadrant 1: rows A–C, columns 1–3.
    UpperLeft,
    /// Quadrant 2: rows A–C, columns 4–6.
    UpperRight,
    /// Quadrant 3: rows D–F, columns 1–3.
    LowerLeft,
    /// Quadrant 4: rows D–F, columns 4–6.
    LowerRight,
}

impl Quadrant {
    /// All quadrants in their number order, for move generation and drawing.
    pub const ALL: [Self; 4] = [
        Self::UpperLeft,
        Self::UpperRight,
        Self::LowerLeft,
        Self::LowerRight,
    ];

    /// The number players type and see (1–4).
    #[must_use]
    pub const fn number(self) -> u8 {
        match self {
            Self::UpperLeft => 1,
            Self::UpperRight => 2,
            Self::LowerLeft => 3,
            Self::LowerRight => 4,
        }
    }

    /// The quadrant with this number, if it is 1–4.
    #[must_use]
    pub const fn from_number(number: u8) -> Option<Self> {
        match number {
            1 => Some(Self::UpperLeft),
            2 => Some(Self::UpperRight),
            3 => Some(Self::LowerLeft),
            4 => Some(Self::LowerRight),
            _ => None,
        }
    }

    /// The quadrant's top-left square, the origin of its local 3×3 coordinates.
    #[must_use]
    pub const fn origin(self) -> Square {
        match self {
            Self::UpperLeft => (0, 0),
            Self::UpperRight => (0, 3),
            Self::LowerLeft => (3, 0),
            Self::LowerRight => (3, 3),
        }
    }

    /// The quadrant a square lies in (squares outside the board count as the nearest one).
    #[must_use]
    pub const fn of(square: Square) -> Self {
        match (square.0 >= 3, square.1 >= 3) {
            (false, false) => Self::UpperLeft,
            (false, true) => Self::UpperRight,
            (true, false) => Self::LowerLeft,
            (true, true) => Self::LowerRight,
        }
    }

    /// Whether a square lies in this quadrant.
    #[must_use]
    pub fn contains(self, square: Square) -> bool {
        let (r0, c0) = self.origin();
        (r0..r0 + 3).contains(&square.0) && (c0..c0 + 3).contains(&square.1)
    }
}

/// The direction of a quarter turn, as the seed names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dir {
    /// `L`: anticlockwise.
    Left,
    /// `R`: clockwise.
    Right,
}

impl Dir {
    /// Both directions, left first, for move generation.
    pub const ALL: [Self; 2] = [Self::Left, Self::Right];

    #[cfg(test)]
    /// The turn that undoes this one.
    #[must_use]
    pub const fn opposite(self) -> Self {
        match self {
            Self::Left => Self::Right,
            Self::Right => Self::Left,
        }
    }

    /// The letter of the notation (`l` or `r`).
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Self::Left => 'l',
            Self::Right => 'r',
        }
    }
}

/// One whole turn: where the piece goes, then which quadrant turns which way.
///
/// `rotation` is `None` exactly when the placement alone makes five in a line: the player has
/// then won and no rotation is made. Keeping one canonical form per turn means the history,
/// the notation and move generation agree on what a move is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The empty square the mover's piece goes on.
    pub place: Square,
    /// The quadrant turned after the placement, and which way.
    pub rotation: Option<(Quadrant, Dir)>,
}

/// Where the piece on `square` ends up when its quadrant turns `dir`; squares of other
/// quadrants stay put. Lets the screen follow the placed piece through a preview.
#[must_use]
pub fn rotated_square(quadrant: Quadrant, dir: Dir, square: Square) -> Square {
    if !quadrant.contains(square) {
        return square;
    }
    let (r0, c0) = quadrant.origin();
    let (r, c) = (square.0 - r0, square.1 - c0);
    let (nr, nc) = match dir {
        Dir::Right => (c, 2 - r),
        Dir::Left => (2 - c, r),
    };
    (r0 + nr, c0 + nc)
}

/// The board after turning one quadrant a quarter turn. Pure, so it serves both `play` and
/// the screen's preview of the rotation before it is confirmed.
#[must_use]
pub fn rotate(board: &Board, quadrant: Quadrant, dir: Dir) -> Board {
    let mut out = *board;
    let (r0, c0) = quadrant.origin();
    for dr in 0..3 {
        for dc in 0..3 {
            let (r, c) = (r0 + dr, c0 + dc);
            let (nr, nc) = rotated_square(quadrant, dir, (r, c));
            out[nr][nc] = board[r][c];
        }
    }
    out
}

/// Number of five-square segments on the board: 6 rows × 2 + 6 columns × 2 + 4 diagonals
/// down-right + 4 diagonals down-left (the long diagonals twice, the off-diagonals once).
pub const LINE_COUNT: usize = 32;

/// A run of five squares in a straight line.
pub type Line = [Square; 5];

/// Every five-square segment in which a five in a line can be made, computed once at compile
/// time.
pub const LINES: [Line; LINE_COUNT] = all_lines();

const fn all_lines() -> [Line; LINE_COUNT] {
    let mut lines = [[(0, 0); 5]; LINE_COUNT];
    let mut count = 0;
    // (number of start rows, number of start columns, first start column, step) for rows,
    // columns, and both diagonals; down-left diagonals start in the two rightmost columns.
    let kinds: [(usize, usize, usize, isize, isize); 4] = [
        (6, 2, 0, 0, 1),
        (2, 6, 0, 1, 0),
        (2, 2, 0, 1, 1),
        (2, 2, 4, 1, -1),
    ];
    let mut kind = 0;
    while kind < kinds.len() {
        let (rows, cols, first_col, d_row, d_col) = kinds[kind];
        let mut row = 0;
        while row < rows {
            let mut col = first_col;
            while col < first_col + cols {
                let mut step = 0;
                while step < 5 {
                    lines[count][step] = (
                        (row as isize + d_row * step as isize) as usize,
                        (col as isize + d_col * step as isize) as usize,
                    );
                    step += 1;
                }
                count += 1;
                col += 1;
            }
            row += 1;
        }
        kind += 1;
    }
    lines
}

/// The segments `seat` fills entirely: its fives in a line, for deciding wins and for marking
/// them on screen.
#[must_use]
pub fn fives(board: &Board, seat: Seat) -> Vec<Line> {
    LINES
        .iter()
        .filter(|line| line.iter().all(|&(r, c)| board[r][c] == Some(seat)))
        .copied()
        .collect()
}

/// Whether `seat` has at least one five in a line.
#[must_use]
pub fn has_five(board: &Board, seat: Seat) -> bool {
    LINES
        .iter()
        .any(|line| line.iter().all(|&(r, c)| board[r][c] == Some(seat)))
}

/// How a board stands once a turn is complete: one five wins, fives for both is a tie, a full
/// board without fives is a tie.
#[must_use]
pub fn outcome_of(board: &Board) -> Option<Outcome> {
    match (has_five(board, Seat::First), has_five(board, Seat::Second)) {
        (true, true) => Some(Outcome::Draw),
        (true, false) => Some(Outcome::Won(Seat::First)),
        (false, true) => Some(Outcome::Won(Seat::Second)),
        (false, false) => board
            .iter()
            .flatten()
            .all(Option::is_some)
            .then_some(Outcome::Draw),
    }
}

/// Why a board cannot be a Pentago position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// X moves first and every turn adds one piece, so X has as many pieces as O or one more.
    #[error("the board has {x} X and {o} O pieces; X must have as many as O or one more")]
    PieceCounts {
        /// Number of X pieces.
        x: usize,
        /// Number of O pieces.
        o: usize,
    },
}

/// A Pentago position: the board, whose turn it is, and the outcome once the game is over.
///
/// Everything but the board is derived from it (piece counts give the mover, fives and
/// fullness give the outcome), so any board that passes [`Pentago::try_from`] is consistent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pentago {
    board: Board,
    next: Seat,
    outcome: Option<Outcome>,
}

impl Default for Pentago {
    fn default() -> Self {
        Self::new()
    }
}

impl Pentago {
    /// The empty board with X to move.
    #[must_use]
    pub fn new() -> Self {
        Self {
            board: [[None; SIZE]; SIZE],
            next: Seat::First,
            outcome: None,
        }
    }

    /// The cells, for drawing and for the text board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// What stands on a square (`None` when empty or off the board).
    #[must_use]
    pub fn at(&self, square: Square) -> Option<Seat> {
        self.board.get(square.0)?.get(square.1).copied().flatten()
    }

    /// The seat whose piece goes down next (even once the game is over: the seat that would
    /// have moved).
    #[must_use]
    pub fn next_seat(&self) -> Seat {
        self.next
    }

    /// How many pieces are on the board.
    #[must_use]
    pub fn pieces(&self) -> usize {
        self.board.iter().flatten().filter(|c| c.is_some()).count()
    }

    /// The number of the turn about to be played, as plain mode prompts it (1 on the empty
    /// board): one piece is placed per turn.
    #[must_use]
    pub fn move_number(&self) -> usize {
        self.pieces() + 1
    }

    /// The fives in a line on the board, each with its owner, for marking them on screen.
    #[must_use]
    pub fn winning_lines(&self) -> Vec<(Seat, Line)> {
        [Seat::First, Seat::Second]
            .into_iter()
            .flat_map(|seat| {
                fives(&self.board, seat)
                    .into_iter()
                    .map(move |line| (seat, line))
            })
            .collect()
    }

    /// The board with the mover's piece on `square` and no rotation yet: the first half of a
    /// turn, as the screen shows it while the player chooses the rotation.
    ///
    /// # Errors
    /// [`IllegalMove`] when the game is over or the square is off the board or taken.
    pub fn placed(&self, square: Square) -> Result<Board, IllegalMove> {
        self.check_placement(square)?;
        let mut board = self.board;
        board[square.0][square.1] = Some(self.next);
        Ok(board)
    }

    /// Whether putting the mover's piece on this empty square already makes five in a line,
    /// so the turn ends there without a rotation. False for squares that cannot be played.
    #[must_use]
    pub fn wins_on_placement(&self, square: Square) -> bool {
        self.placed(square)
            .is_ok_and(|board| has_five(&board, self.next))
    }

    /// The board a whole turn would leave, without playing it: the screen's preview.
    ///
    /// # Errors
    /// [`IllegalMove`] as [`Rules::play`] would refuse the move.
    pub fn preview(&self, mv: &Move) -> Result<Board, IllegalMove> {
        let board = self.placed(mv.place)?;
        let wins = has_five(&board, self.next);
        match (mv.rotation, wins) {
            (None, true) => Ok(board),
            (Some((quadrant, dir)), false) => Ok(rotate(&board, quadrant, dir)),
            (None, false) => Err(IllegalMove::new(
                IllegalReason::Incomplete,
                "a quadrant must be rotated after placing the piece",
            )),
            (Some(_), true) => Err(IllegalMove::new(
                IllegalReason::Incomplete,
                "this placement already makes five in a line, so no quadrant is rotated",
            )),
        }
    }

    fn check_placement(&self, (row, col): Square) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::new(
                IllegalReason::GameOver,
                "the game is over",
            ));
        }
        if row >= SIZE || col >= SIZE {
            return Err(IllegalMove::new(
                IllegalReason::OffBoard,
                "that square is not on the board",
            ));
        }
        if self.board[row][col].is_some() {
            return Err(IllegalMove::new(
                IllegalReason::Occupied,
                "that board location is already taken",
            ));
        }
        Ok(())
    }
}

impl TryFrom<Board> for Pentago {
    type Error = SetupError;

    /// Accepts any board whose piece counts a game can reach; the mover and the outcome
    /// follow from it.
    fn try_from(board: Board) -> Result<Self, SetupError> {
        let count = |seat| board.iter().flatten().filter(|&&c| c == Some(seat)).count();
        let (x, o) = (count(Seat::First), count(Seat::Second));
        let next = if x == o {
            Seat::First
        } else if x == o + 1 {
            Seat::Second
        } else {
            return Err(SetupError::PieceCounts { x, o });
        };
        Ok(Self {
            board,
            next,
            outcome: outcome_of(&board),
        })
    }
}

impl Rules for Pentago {
    type Move = Move;

    fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.outcome.is_some() {
            return moves;
        }
        for row in 0..SIZE {
            for col in 0..SIZE {
                let place = (row, col);
                if self.board[row][col].is_some() {
                    continue;
                }
                if self.wins_on_placement(place) {
                    moves.push(Move {
                        place,
                        rotation: None,
                    });
                } else {
                    for quadrant in Quadrant::ALL {
                        for dir in Dir::ALL {
                            moves.push(Move {
                                place,
                                rotation: Some((quadrant, dir)),
                            });
                        }
                    }
                }
            }
        }
        moves
    }

    fn play(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        let board = self.preview(mv)?;
        self.board = board;
        self.outcome = match mv.rotation {
            None => Some(Outcome::Won(self.next)),
            Some(_) => outcome_of(&board),
        };
        self.next = self.next.other();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome.is_none().then_some(self.next)
    }
}

#[cfg(test)]
#[path = "rules_tests.rs"]
mod tests;
