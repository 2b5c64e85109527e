//! The rules' vocabulary: squares, pieces, the board they stand on and whole-turn moves.
//!
//! The board is held as the engine's bitboards (one `u32` per colour and one for kings, bit
//! `y * 4 + x / 2` for dark square `(x, y)`), so the rules and the engine share one layout and
//! one move generator ([`crate::games::checkers::engine::board`]); everything public here
//! speaks in [`Square`]s.

use std::fmt;

use crate::core::Seat;
use crate::games::checkers::engine::board::{EngineMove, Position};

/// Board width and height.
pub const SIZE: u8 = 8;

/// A square of the board, `(0,0)` at the lower left as the seeds print it. Only dark squares
/// (`x + y` even) hold pieces, but any square can be named (a click may land anywhere).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Column, 0 at the left.
    pub x: u8,
    /// Row, 0 at the bottom (white's side).
    pub y: u8,
}

impl Square {
    /// The square at column `x`, row `y`.
    pub const fn new(x: u8, y: u8) -> Self {
        Self { x, y }
    }

    /// Whether pieces may stand here: on the board and dark.
    pub const fn is_dark(self) -> bool {
        self.x < SIZE && self.y < SIZE && (self.x + self.y).is_multiple_of(2)
    }

    /// The bit index of a dark square in the bitboards (four per row, row 0 first), or
    /// `None` for light or off-board squares.
    pub const fn index(self) -> Option<u8> {
        if self.is_dark() {
            Some(self.y * 4 + self.x / 2)
        } else {
            None
        }
    }

    /// The dark square of a bit index (0 to 31), the inverse of [`Square::index`].
    pub const fn from_index(index: u8) -> Self {
        let y = index / 4;
        Self {
            x: (index % 4) * 2 + y % 2,
            y,
        }
    }
}

impl fmt::Display for Square {
    /// The `x,y` form players type in plain mode.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A piece: whose it is and whether it has been crowned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Black is [`Seat::First`], white [`Seat::Second`].
    pub side: Seat,
    /// Kings move and capture in all four directions.
    pub king: bool,
}

impl Piece {
    /// The seed's letter for the piece: `X`/`O` for black/white pawns, `B`/`W` for kings.
    pub const fn symbol(self) -> char {
        match (self.side, self.king) {
            (Seat::First, false) => 'X',
            (Seat::Second, false) => 'O',
            (Seat::First, true) => 'B',
            (Seat::Second, true) => 'W',
        }
    }

    /// The piece a letter stands for (the inverse of [`Piece::symbol`]).
    pub const fn from_symbol(symbol: char) -> Option<Self> {
        let (side, king) = match symbol {
            'X' => (Seat::First, false),
            'O' => (Seat::Second, false),
            'B' => (Seat::First, true),
            'W' => (Seat::Second, true),
            _ => return None,
        };
        Some(Self { side, king })
    }
}

/// The colour name of a seat as the prompts print it (`black` moves first).
pub const fn color_name(side: Seat) -> &'static str {
    match side {
        Seat::First => "black",
        Seat::Second => "white",
    }
}

/// Where the pieces stand, without whose turn it is. Separate from the game state so a screen
/// or plain mode can show a half-made multi-jump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    pub(super) black: u32,
    pub(super) white: u32,
    pub(super) kings: u32,
}

impl Board {
    /// The piece on a square, `None` for empty, light or off-board squares.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let b = 1u32 << square.index()?;
        let side = if self.black & b != 0 {
            Seat::First
        } else if self.white & b != 0 {
            Seat::Second
        } else {
            return None;
        };
        Some(Piece {
            side,
            king: self.kings & b != 0,
        })
    }

    /// Every piece with its square, bottom row first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        (0..32u8).filter_map(move |i| {
            let sq = Square::from_index(i);
            self.piece_at(sq).map(|p| (sq, p))
        })
    }

    /// How many pieces a side has.
    pub fn count(&self, side: Seat) -> u32 {
        match side {
            Seat::First => self.black,
            Seat::Second => self.white,
        }
        .count_ones()
    }

    /// The engine's position for these pieces with `to_move` on the move.
    pub(super) const fn position(&self, to_move: Seat, quiet_plies: u8) -> Position {
        Position {
            black: self.black,
            white: self.white,
            kings: self.kings,
            black_to_move: matches!(to_move, Seat::First),
            quiet_plies,
        }
    }

    /// The pieces of an engine position.
    pub(super) const fn of_position(pos: &Position) -> Self {
        Self {
            black: pos.black,
            white: pos.white,
            kings: pos.kings,
        }
    }
}

/// A whole turn: the squares the moving piece visits, from its start to where it stops. A step
/// has two squares; a jump one more per piece captured.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    /// Start square first; at least two squares in a legal move.
    pub path: Vec<Square>,
}

impl Move {
    /// A move along the given squares (checked only when played).
    pub fn new(path: Vec<Square>) -> Self {
        Self { path }
    }

    /// Whether the move captures (its squares are two apart rather than adjacent).
    pub fn is_jump(&self) -> bool {
        self.path
            .windows(2)
            .any(|w| w[0].x.abs_diff(w[1].x) == 2 && w[0].y.abs_diff(w[1].y) == 2)
    }

    /// Where the piece starts.
    pub fn from(&self) -> Option<Square> {
        self.path.first().copied()
    }

    /// Where the piece stops.
    pub fn to(&self) -> Option<Square> {
        self.path.last().copied()
    }

    /// The squares of the pieces jumped over, in order.
    pub fn captured(&self) -> Vec<Square> {
        self.path
            .windows(2)
            .filter(|w| w[0].x.abs_diff(w[1].x) == 2)
            .map(|w| Square::new(w[0].x.midpoint(w[1].x), w[0].y.midpoint(w[1].y)))
            .collect()
    }
}

impl Move {
    /// The rules' move for an engine move: the same path, square by square. The one
    /// conversion from the engine's moves back to the rules', so whatever the engine plays
    /// is checked by the rules like any other move.
    pub fn from_engine(m: &EngineMove) -> Self {
        Self::new(m.path().into_iter().map(Square::from_index).collect())
    }
}
