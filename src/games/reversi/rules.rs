//! The rules of Reversi (GAMES.md §3) as a plain, obviously-correct state machine.
//!
//! This module owns correctness, not speed: the board is an 8×8 array of squares and every
//! question (is this placement legal, what does it flip) is answered by walking the eight
//! directions from a square. A separate bitboard engine serves the computer player; the
//! perft tests here are the reference both are checked against.
//!
//! Coordinates are `(x, y)` with `(0, 0)` at the lower left, `x` to the right and `y` upward,
//! as the seed prints boards.

use serde::{Deserialize, Serialize};

use crate::core::{IllegalMove, IllegalReason, Outcome, Rules, Seat};

/// Squares along one side of the board.
pub const SIZE: u8 = 8;

/// The four centre squares, occupied from the start and therefore in every reachable position.
pub const CENTRE: [(u8, u8); 4] = [(3, 3), (4, 3), (3, 4), (4, 4)];

/// The eight compass directions a line of discs can run in, as `(dx, dy)`.
const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// The colour of a disc, which is also the colour a player plays.
///
/// Black (`X`) sits in the first seat and moves first; white (`O`) is the second seat. The
/// framework only knows seats, the game talks in colours, so the two convert both ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Disc {
    /// The first player's colour, printed `X`.
    Black,
    /// The second player's colour, printed `O`.
    White,
}

impl Disc {
    /// The opposite colour: the one a flip turns a disc into.
    #[must_use]
    pub const fn other(self) -> Self {
        match self {
            Self::Black => Self::White,
            Self::White => Self::Black,
        }
    }

    /// The seat that plays this colour.
    #[must_use]
    pub const fn seat(self) -> Seat {
        match self {
            Self::Black => Seat::First,
            Self::White => Seat::Second,
        }
    }

    /// The colour a seat plays.
    #[must_use]
    pub const fn of_seat(seat: Seat) -> Self {
        match seat {
            Seat::First => Self::Black,
            Seat::Second => Self::White,
        }
    }

    /// The letter the seed's text board and the save rows use (`X` black, `O` white).
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Self::Black => 'X',
            Self::White => 'O',
        }
    }

    /// The colour's name as the plain-mode prompts say it ("black", "white").
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Black => "black",
            Self::White => "white",
        }
    }
}

/// One Reversi move: a disc placed on a square, or a pass.
///
/// A pass is a real move (it is recorded, undone and counted as a ply) but it is legal only
/// when the side to move has no placement while the opponent has one; it is never a choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// A disc of the side to move on the square `(x, y)`.
    Place(u8, u8),
    /// The side to move has no placement and hands the turn over.
    Pass,
}

/// Why a plain description of a position cannot be a Reversi position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A centre square is empty; discs are never removed, so no game reaches that.
    #[error("the centre square ({x},{y}) is empty, but the four centre squares are never empty")]
    EmptyCentre {
        /// Column of the empty centre square.
        x: u8,
        /// Row of the empty centre square.
        y: u8,
    },
}

/// An unchecked position: what a save or a test describes, before it is known to be valid.
///
/// It becomes a [`Board`] once, through `Board::try_from`, in the style of shakmaty's
/// `Setup -> Position`; the game never works on unchecked data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setup {
    /// The squares, indexed `cells[y][x]` (row 0 is the bottom row).
    pub cells: [[Option<Disc>; 8]; 8],
    /// The colour whose turn it is (even when that colour can only pass, or the game is over).
    pub to_move: Disc,
}

/// A Reversi position: the discs on the board and whose turn it is.
///
/// Every value is a position that is fine to play on: the centre squares are occupied. The
/// side to move may have only a pass, and a finished position keeps the colour that would
/// have moved, so saves and undo never lose it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [[Option<Disc>; 8]; 8],
    turn: Disc,
}

impl Default for Board {
    fn default() -> Self {
        Self::new()
    }
}

impl TryFrom<Setup> for Board {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<Self, SetupError> {
        for (x, y) in CENTRE {
            if setup.cells[usize::from(y)][usize::from(x)].is_none() {
                return Err(SetupError::EmptyCentre { x, y });
            }
        }
        Ok(Self {
            cells: setup.cells,
            turn: setup.to_move,
        })
    }
}

impl From<Board> for Setup {
    fn from(board: Board) -> Self {
        Self {
            cells: board.cells,
            to_move: board.turn,
        }
    }
}

/// Whether `(x, y)` is on the board, for coordinates that came from outside (clicks, text).
#[must_use]
pub const fn on_board(x: u8, y: u8) -> bool {
    x < SIZE && y < SIZE
}

impl Board {
    /// The starting position: `(3,4)=O`, `(4,4)=X`, `(3,3)=X`, `(4,3)=O`, black to move.
    #[must_use]
    pub fn new() -> Self {
        let mut cells = [[None; 8]; 8];
        cells[4][3] = Some(Disc::White);
        cells[4][4] = Some(Disc::Black);
        cells[3][3] = Some(Disc::Black);
        cells[3][4] = Some(Disc::White);
        Self {
            cells,
            turn: Disc::Black,
        }
    }

    /// The disc on `(x, y)`, or `None` for an empty square or a square off the board.
    #[must_use]
    pub fn disc_at(&self, x: u8, y: u8) -> Option<Disc> {
        if on_board(x, y) {
            self.cells[usize::from(y)][usize::from(x)]
        } else {
            None
        }
    }

    /// The colour whose turn it is. Unlike [`Rules::to_move`] this is also defined once the
    /// game is over (the colour that would have moved), which saves and undo rely on.
    #[must_use]
    pub const fn turn(&self) -> Disc {
        self.turn
    }

    /// How many discs of `disc`'s colour are on the board.
    #[must_use]
    pub fn count(&self, disc: Disc) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|cell| **cell == Some(disc))
            .count()
    }

    /// The squares a disc of colour `disc` placed on `(x, y)` would turn over, line by line
    /// outward from the square. Empty when the placement is illegal (square off the board,
    /// taken, or bracketing nothing), which is exactly the legality rule.
    #[must_use]
    pub fn flips(&self, x: u8, y: u8, disc: Disc) -> Vec<(u8, u8)> {
        let mut flipped = Vec::new();
        if self.disc_at(x, y).is_some() || !on_board(x, y) {
            return flipped;
        }
        for (dx, dy) in DIRECTIONS {
            let line = self.bracketed(x, y, dx, dy, disc);
            flipped.extend(line);
        }
        flipped
    }

    /// The opponent discs bracketed in one direction from `(x, y)` by a disc of `disc`:
    /// one or more contiguous opponent discs followed immediately by one of `disc`'s own.
    fn bracketed(&self, x: u8, y: u8, dx: i8, dy: i8, disc: Disc) -> Vec<(u8, u8)> {
        let mut line = Vec::new();
        let (mut cx, mut cy) = (x, y);
        loop {
            let (Some(nx), Some(ny)) = (cx.checked_add_signed(dx), cy.checked_add_signed(dy))
            else {
                return Vec::new();
            };
            match self.disc_at(nx, ny) {
                Some(found) if found == disc.other() => line.push((nx, ny)),
                Some(_) => return line,
                None => return Vec::new(),
            }
            (cx, cy) = (nx, ny);
        }
    }

    /// Whether a disc of `disc` on `(x, y)` would flip anything (without building the list).
    fn can_place(&self, x: u8, y: u8, disc: Disc) -> bool {
        if self.disc_at(x, y).is_some() || !on_board(x, y) {
            return false;
        }
        DIRECTIONS.iter().any(|&(dx, dy)| {
            let (Some(nx), Some(ny)) = (x.checked_add_signed(dx), y.checked_add_signed(dy)) else {
                return false;
            };
            self.disc_at(nx, ny) == Some(disc.other())
                && !self.bracketed(x, y, dx, dy, disc).is_empty()
        })
    }

    /// Every square where `disc` could place now, bottom row first, left to right.
    #[must_use]
    pub fn placements(&self, disc: Disc) -> Vec<(u8, u8)> {
        let mut squares = Vec::new();
        for y in 0..SIZE {
            for x in 0..SIZE {
                if self.can_place(x, y, disc) {
                    squares.push((x, y));
                }
            }
        }
        squares
    }

    /// Whether `disc` has at least one placement (stops at the first one found).
    #[must_use]
    pub fn has_placement(&self, disc: Disc) -> bool {
        (0..SIZE).any(|y| (0..SIZE).any(|x| self.can_place(x, y, disc)))
    }

    /// Whether the side to move must pass: it has no placement but the opponent has one.
    #[must_use]
    pub fn must_pass(&self) -> bool {
        !self.has_placement(self.turn) && self.has_placement(self.turn.other())
    }

    /// Whether the game is over: neither colour can place a disc. This covers a full board and
    /// a board of one colour as well as a blocked position with empty squares.
    #[must_use]
    pub fn is_over(&self) -> bool {
        !self.has_placement(self.turn) && !self.has_placement(self.turn.other())
    }

    /// The discs `mv` turns over when played in this position: what the screen marks after a
    /// move. Empty for a pass or an illegal placement.
    #[must_use]
    pub fn flipped_by(&self, mv: &Move) -> Vec<(u8, u8)> {
        match *mv {
            Move::Place(x, y) => self.flips(x, y, self.turn),
            Move::Pass => Vec::new(),
        }
    }
}

impl Board {
    /// Why the rules refuse `mv` here, its square named by `name` (plain mode and saves use
    /// the seed's `x,y`; the screen passes the `[ui] coordinates` setting's names, so the
    /// refusal reads like the board's labels); `None` for a legal move.
    #[must_use]
    pub fn refusal_named(&self, mv: &Move, name: &dyn Fn(u8, u8) -> String) -> Option<IllegalMove> {
        let colour = self.turn.name();
        if self.is_over() {
            return Some(IllegalMove::new(
                IllegalReason::GameOver,
                "the game is over".to_string(),
            ));
        }
        match *mv {
            Move::Pass => self.has_placement(self.turn).then(|| {
                IllegalMove::new(
                    IllegalReason::Forbidden,
                    format!("{colour} has a legal move, so {colour} cannot pass"),
                )
            }),
            Move::Place(x, y) if !on_board(x, y) => Some(IllegalMove::new(
                IllegalReason::OffBoard,
                format!("{x},{y} is not on the board"),
            )),
            Move::Place(x, y) if self.disc_at(x, y).is_some() => Some(IllegalMove::new(
                IllegalReason::Occupied,
                format!("the square {} is already taken", name(x, y)),
            )),
            Move::Place(x, y) => self.flips(x, y, self.turn).is_empty().then(|| {
                IllegalMove::new(
                    IllegalReason::Forbidden,
                    format!(
                        "a {colour} piece on {} would not turn over any {} piece",
                        name(x, y),
                        self.turn.other().name()
                    ),
                )
            }),
        }
    }
}

impl Rules for Board {
    type Move = Move;

    fn legal_moves(&self) -> Vec<Move> {
        let squares = self.placements(self.turn);
        if !squares.is_empty() {
            return squares
                .into_iter()
                .map(|(x, y)| Move::Place(x, y))
                .collect();
        }
        if self.has_placement(self.turn.other()) {
            vec![Move::Pass]
        } else {
            Vec::new()
        }
    }

    fn play(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        if let Some(refusal) = self.refusal_named(mv, &|x, y| format!("{x},{y}")) {
            return Err(refusal);
        }
        if let Move::Place(x, y) = *mv {
            let flipped = self.flips(x, y, self.turn);
            self.cells[usize::from(y)][usize::from(x)] = Some(self.turn);
            for (fx, fy) in flipped {
                self.cells[usize::from(fy)][usize::from(fx)] = Some(self.turn);
            }
        }
        self.turn = self.turn.other();
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let black = self.count(Disc::Black);
        let white = self.count(Disc::White);
        Some(match black.cmp(&white) {
            std::cmp::Ordering::Greater => Outcome::Won(Seat::First),
            std::cmp::Ordering::Less => Outcome::Won(Seat::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.is_over()).then_some(self.turn.seat())
    }
}

/// The number of move sequences of `depth` plies from `board` (perft), a pass included as a
/// ply: the generic [`crate::core::rules::perft`] over these rules. Published counts from the
/// start position check move generation.
#[must_use]
pub fn perft(board: &Board, depth: u32) -> u64 {
    crate::core::rules::perft(board, depth)
}
