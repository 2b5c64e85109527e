//! English draughts (GAMES.md §4) as a pure state machine.
//!
//! The 32 dark squares are held as bitboards (`u32` per colour plus one for kings) because
//! move generation runs millions of times in perft and in the computer opponents; everything
//! public speaks in [`Square`]s and [`Move`]s whose path is the list of squares the piece
//! visits, so every distinct jump path is a separate move and undo takes back a whole turn.

use std::fmt;

use crate::core::{IllegalMove, Outcome, Rules, Seat};

/// Board width and height.
pub const SIZE: u8 = 8;

/// Plies without a capture or a pawn move after which the game is drawn: 40 moves by each
/// side, so that games between two kings that cannot catch each other end.
pub const DRAW_PLIES: u8 = 80;

/// Pieces each side starts with; a valid position never has more.
pub const PIECES_PER_SIDE: u32 = 12;

/// The longest possible path: a start square and one landing square per opponent piece.
const MAX_PATH: usize = 1 + PIECES_PER_SIDE as usize;

/// Marks "no square" in the neighbour tables.
const NONE: u8 = 32;

/// The four diagonal directions as (dx, dy); white pawns use the first two (upward), black
/// pawns the last two (downward), kings all four.
const DIRECTIONS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const UP: [usize; 2] = [0, 1];
const DOWN: [usize; 2] = [2, 3];
const ALL: [usize; 4] = [0, 1, 2, 3];

/// Bitboard of the row where black pawns are crowned (y = 0).
const BLACK_CROWN_ROW: u32 = 0x0000_000F;
/// Bitboard of the row where white pawns are crowned (y = 7).
const WHITE_CROWN_ROW: u32 = 0xF000_0000;

/// The square `steps` diagonal steps from dark square `index` in direction `dir`, or [`NONE`].
const fn walk(index: u8, dir: usize, steps: i8) -> u8 {
    let sq = Square::from_index(index);
    let (dx, dy) = DIRECTIONS[dir];
    let x = sq.x as i8 + dx * steps;
    let y = sq.y as i8 + dy * steps;
    if x < 0 || y < 0 || x >= SIZE as i8 || y >= SIZE as i8 {
        NONE
    } else {
        (y as u8) * 4 + (x as u8) / 2
    }
}

const fn table(steps: i8) -> [[u8; 4]; 32] {
    let mut t = [[NONE; 4]; 32];
    let mut i = 0;
    while i < 32 {
        let mut d = 0;
        while d < 4 {
            t[i][d] = walk(i as u8, d, steps);
            d += 1;
        }
        i += 1;
    }
    t
}

/// The diagonal neighbour of each dark square in each direction.
const NEIGHBOUR: [[u8; 4]; 32] = table(1);
/// The square two steps away in each direction: where a jump lands.
const LANDING: [[u8; 4]; 32] = table(2);

const fn bit(index: u8) -> u32 {
    1 << index
}

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

    /// The bit index of a dark square (four per row), or `None` for light or off-board squares.
    const fn index(self) -> Option<u8> {
        if self.is_dark() {
            Some(self.y * 4 + self.x / 2)
        } else {
            None
        }
    }

    const fn from_index(index: u8) -> Self {
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

/// Where the pieces stand, without whose turn it is. Separate from [`Checkers`] so a screen or
/// plain mode can show a half-made multi-jump ([`Checkers::preview`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Board {
    black: u32,
    white: u32,
    kings: u32,
}

impl Board {
    /// The piece on a square, `None` for empty, light or off-board squares.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let b = bit(square.index()?);
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
        self.side(side).count_ones()
    }

    const fn side(&self, side: Seat) -> u32 {
        match side {
            Seat::First => self.black,
            Seat::Second => self.white,
        }
    }

    const fn occupied(&self) -> u32 {
        self.black | self.white
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

/// A move in the engine's own form: no allocation, so generation stays fast.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RawMove {
    path: [u8; MAX_PATH],
    len: u8,
    captured: u32,
}

impl RawMove {
    fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.path[..self.len as usize]
            .iter()
            .map(|&i| Square::from_index(i))
    }

    fn to_move(self) -> Move {
        Move::new(self.squares().collect())
    }

    fn matches(&self, path: &[Square]) -> bool {
        path.len() == self.len as usize && self.squares().eq(path.iter().copied())
    }

    fn starts_with(&self, prefix: &[Square]) -> bool {
        prefix.len() <= self.len as usize && self.squares().zip(prefix).all(|(a, &b)| a == b)
    }
}

/// Why an untrusted position (from a save) is not a checkers position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A piece on a light or off-board square.
    #[error("square {0} is not a dark square of the board")]
    NotDark(Square),
    /// Two pieces on one square.
    #[error("square {0} holds two pieces")]
    Duplicate(Square),
    /// More than twelve pieces of one colour.
    #[error("{side} has {1} pieces but only 12 exist", side = color_name(*.0))]
    TooManyPieces(Seat, u32),
    /// A pawn standing on the row where it would have been crowned.
    #[error("the {side} pawn on {0} should have been crowned", side = color_name(*.1))]
    Uncrowned(Square, Seat),
    /// A draw counter beyond the draw limit.
    #[error("{0} moves without a capture or pawn move is beyond the draw limit of {DRAW_PLIES}")]
    QuietPlies(u8),
}

/// An unchecked position as a save describes it; [`Checkers::try_from`] validates it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The pieces and where they stand.
    pub pieces: Vec<(Square, Piece)>,
    /// Whose turn it is.
    pub to_move: Seat,
    /// Plies played since the last capture or pawn move (the draw counter).
    pub quiet_plies: u8,
    /// Whether capturing is compulsory (standard rules) or free (the seed's variant).
    pub forced_capture: bool,
}

/// A checkers position: the board, whose turn it is, the draw counter and the capture rule in
/// force. Always a valid position.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Checkers {
    board: Board,
    to_move: Seat,
    quiet_plies: u8,
    forced_capture: bool,
}

impl Default for Checkers {
    /// The start position under standard rules (captures compulsory).
    fn default() -> Self {
        Self::new(true)
    }
}

impl TryFrom<Setup> for Checkers {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<Self, SetupError> {
        let mut board = Board::default();
        for &(square, piece) in &setup.pieces {
            let index = square.index().ok_or(SetupError::NotDark(square))?;
            let b = bit(index);
            if board.occupied() & b != 0 {
                return Err(SetupError::Duplicate(square));
            }
            let crown_row = match piece.side {
                Seat::First => 0,
                Seat::Second => SIZE - 1,
            };
            if !piece.king && square.y == crown_row {
                return Err(SetupError::Uncrowned(square, piece.side));
            }
            match piece.side {
                Seat::First => board.black |= b,
                Seat::Second => board.white |= b,
            }
            if piece.king {
                board.kings |= b;
            }
        }
        for side in [Seat::First, Seat::Second] {
            let count = board.count(side);
            if count > PIECES_PER_SIDE {
                return Err(SetupError::TooManyPieces(side, count));
            }
        }
        if setup.quiet_plies > DRAW_PLIES {
            return Err(SetupError::QuietPlies(setup.quiet_plies));
        }
        Ok(Self {
            board,
            to_move: setup.to_move,
            quiet_plies: setup.quiet_plies,
            forced_capture: setup.forced_capture,
        })
    }
}

impl Checkers {
    /// The start position: twelve pawns each, black to move. `forced_capture: false` plays the
    /// seed's variant where a player may decline a capture.
    pub fn new(forced_capture: bool) -> Self {
        Self {
            board: Board {
                black: 0xFFF0_0000,
                white: 0x0000_0FFF,
                kings: 0,
            },
            to_move: Seat::First,
            quiet_plies: 0,
            forced_capture,
        }
    }

    /// The position as plain data, for saving; `Checkers::try_from` gives it back.
    pub fn setup(&self) -> Setup {
        Setup {
            pieces: self.board.pieces().collect(),
            to_move: self.to_move,
            quiet_plies: self.quiet_plies,
            forced_capture: self.forced_capture,
        }
    }

    /// Where the pieces stand.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece on a square.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board.piece_at(square)
    }

    /// Whose turn it is, even when the game is over (the side that lost or that would move).
    pub fn side_to_move(&self) -> Seat {
        self.to_move
    }

    /// Whether captures are compulsory in this game.
    pub fn forced_capture(&self) -> bool {
        self.forced_capture
    }

    /// Plies since the last capture or pawn move; the game is drawn at [`DRAW_PLIES`].
    pub fn quiet_plies(&self) -> u8 {
        self.quiet_plies
    }

    /// Whether the side to move is obliged to capture now (so only capturing pieces may move).
    pub fn must_capture(&self) -> bool {
        self.forced_capture && self.raw_moves().first().is_some_and(|m| m.captured != 0)
    }

    /// The squares of the pieces that have a legal move, in board order: what a player may
    /// select. When a capture is compulsory these are exactly the pieces that can capture.
    pub fn movable_pieces(&self) -> Vec<Square> {
        let mut from: Vec<Square> = self
            .raw_moves()
            .iter()
            .map(|m| Square::from_index(m.path[0]))
            .collect();
        from.sort_unstable_by_key(|s| (s.y, s.x));
        from.dedup();
        from
    }

    /// The squares that may come next after the partial path `path` (start square first), so
    /// a screen can build a multi-jump one square at a time. Empty when `path` is already a
    /// whole legal move or leads nowhere.
    pub fn next_squares(&self, path: &[Square]) -> Vec<Square> {
        let mut next: Vec<Square> = self
            .raw_moves()
            .iter()
            .filter(|m| m.len as usize > path.len() && m.starts_with(path))
            .map(|m| Square::from_index(m.path[path.len()]))
            .collect();
        next.sort_unstable_by_key(|s| (s.y, s.x));
        next.dedup();
        next
    }

    /// The legal move whose path is exactly `path`, if there is one: a partial multi-jump
    /// becomes a move once it can go no further.
    pub fn find_move(&self, path: &[Square]) -> Option<Move> {
        self.raw_moves()
            .into_iter()
            .find(|m| m.matches(path))
            .map(RawMove::to_move)
    }

    /// The board as it looks part-way along `path`: the piece moved to the last square and the
    /// pieces it jumped removed. Used to show a multi-jump as it grows.
    pub fn preview(&self, path: &[Square]) -> Board {
        let mut board = self.board;
        let (Some(&from), Some(&to)) = (path.first(), path.last()) else {
            return board;
        };
        let (Some(fi), Some(ti)) = (from.index(), to.index()) else {
            return board;
        };
        let Some(piece) = board.piece_at(from) else {
            return board;
        };
        let mut captured = 0;
        for sq in Move::new(path.to_vec()).captured() {
            if let Some(i) = sq.index() {
                captured |= bit(i);
            }
        }
        Self::move_piece(&mut board, piece, fi, ti, captured);
        board
    }

    /// Moves a piece on a board: leaves `from`, lands on `to` (crowned on its far row),
    /// removes the captured pieces.
    fn move_piece(board: &mut Board, piece: Piece, from: u8, to: u8, captured: u32) {
        let (own, opp) = match piece.side {
            Seat::First => (&mut board.black, &mut board.white),
            Seat::Second => (&mut board.white, &mut board.black),
        };
        *own &= !bit(from);
        *own |= bit(to);
        *opp &= !captured;
        board.kings &= !(captured | bit(from));
        let crown_row = match piece.side {
            Seat::First => BLACK_CROWN_ROW,
            Seat::Second => WHITE_CROWN_ROW,
        };
        if piece.king || crown_row & bit(to) != 0 {
            board.kings |= bit(to);
        }
    }

    /// The legal moves in the engine's form; none once the draw rule has ended the game (or
    /// the side to move has lost).
    fn raw_moves(&self) -> Vec<RawMove> {
        let mut out = Vec::new();
        if self.quiet_plies < DRAW_PLIES {
            self.generate(&mut out);
        }
        out
    }

    /// Every legal move of the side to move into `out` (cleared first), ignoring the draw
    /// rule: jumps first, then (when no capture is compulsory) steps.
    fn generate(&self, out: &mut Vec<RawMove>) {
        out.clear();
        let (own, opp, pawn_dirs, crown_row): (u32, u32, &[usize], u32) = match self.to_move {
            Seat::First => (self.board.black, self.board.white, &DOWN, BLACK_CROWN_ROW),
            Seat::Second => (self.board.white, self.board.black, &UP, WHITE_CROWN_ROW),
        };
        let empty = !self.board.occupied();
        let mut pieces = own;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let king = self.board.kings & bit(from) != 0;
            let jumper = Jumper {
                dirs: if king { &ALL } else { pawn_dirs },
                opp,
                // The moving piece has left its square: a king may come back to it.
                empty: empty | bit(from),
                stop_row: if king { 0 } else { crown_row },
            };
            let mut path = [0; MAX_PATH];
            path[0] = from;
            jumper.search(from, 0, &mut path, 1, out);
        }
        if self.forced_capture && !out.is_empty() {
            return;
        }
        let mut pieces = own;
        while pieces != 0 {
            let from = pieces.trailing_zeros() as u8;
            pieces &= pieces - 1;
            let dirs: &[usize] = if self.board.kings & bit(from) != 0 {
                &ALL
            } else {
                pawn_dirs
            };
            for &d in dirs {
                let to = NEIGHBOUR[from as usize][d];
                if to != NONE && empty & bit(to) != 0 {
                    let mut path = [0; MAX_PATH];
                    path[0] = from;
                    path[1] = to;
                    out.push(RawMove {
                        path,
                        len: 2,
                        captured: 0,
                    });
                }
            }
        }
    }

    fn apply(&mut self, m: &RawMove) {
        let from = m.path[0];
        let to = m.path[m.len as usize - 1];
        let king = self.board.kings & bit(from) != 0;
        let piece = Piece {
            side: self.to_move,
            king,
        };
        Self::move_piece(&mut self.board, piece, from, to, m.captured);
        self.quiet_plies = if m.captured != 0 || !king {
            0
        } else {
            self.quiet_plies.saturating_add(1)
        };
        self.to_move = self.to_move.other();
    }

    /// Counts the leaf positions `depth` plies ahead, every distinct jump path counted as its
    /// own move: the standard check of a move generator against published numbers. Ignores the
    /// draw rule, as the published counts do.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut buffers = vec![Vec::with_capacity(32); depth as usize];
        self.perft_with(depth, &mut buffers)
    }

    fn perft_with(&self, depth: u32, buffers: &mut [Vec<RawMove>]) -> u64 {
        let Some((moves, rest)) = buffers.split_first_mut() else {
            return 1;
        };
        self.generate(moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for m in moves.iter() {
            let mut next = self.clone();
            next.apply(m);
            total += next.perft_with(depth - 1, rest);
        }
        total
    }

    /// A readable sentence on why `path` is not a legal move here.
    fn explain(&self, path: &[Square]) -> String {
        let Some(&from) = path.first() else {
            return "a move needs at least a start and a destination".into();
        };
        let me = color_name(self.to_move);
        match self.piece_at(from) {
            None => return format!("there is no piece on {from}"),
            Some(p) if p.side != self.to_move => {
                return format!("the piece on {from} is not {me}");
            }
            Some(_) => {}
        }
        let movable = self.movable_pieces();
        if !movable.contains(&from) {
            return if self.must_capture() {
                format!(
                    "a capture is compulsory: move {}",
                    join_squares(&movable, " or ")
                )
            } else {
                format!("the piece on {from} has no legal move")
            };
        }
        if path.len() < 2 {
            return format!("the piece on {from} needs a destination");
        }
        for n in 1..path.len() {
            if !self.next_squares(&path[..n]).contains(&path[n]) {
                return format!("the piece cannot move from {} to {}", path[n - 1], path[n]);
            }
        }
        format!(
            "the jump is not finished: the piece can go on to {}",
            join_squares(&self.next_squares(path), " or ")
        )
    }
}

/// Squares as `a or b or c`, for messages.
pub fn join_squares(squares: &[Square], sep: &str) -> String {
    squares
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

/// The fixed context of one piece's jump search.
struct Jumper<'a> {
    dirs: &'a [usize],
    opp: u32,
    empty: u32,
    /// A pawn landing on this row is crowned and stops; 0 for kings.
    stop_row: u32,
}

impl Jumper<'_> {
    /// Extends the jump path ending at `at` in every possible way, recording each path that
    /// cannot go further. A captured piece stays on its square until the move ends (it cannot
    /// be jumped twice), which in English draughts never blocks a landing: captured pieces and
    /// landing squares lie on different diagonal lattices.
    fn search(
        &self,
        at: u8,
        captured: u32,
        path: &mut [u8; MAX_PATH],
        len: usize,
        out: &mut Vec<RawMove>,
    ) {
        let mut extended = false;
        if len == 1 || self.stop_row & bit(at) == 0 {
            for &d in self.dirs {
                let over = NEIGHBOUR[at as usize][d];
                let land = LANDING[at as usize][d];
                if land == NONE
                    || self.opp & !captured & bit(over) == 0
                    || self.empty & bit(land) == 0
                {
                    continue;
                }
                path[len] = land;
                self.search(land, captured | bit(over), path, len + 1, out);
                extended = true;
            }
        }
        if !extended && len > 1 {
            out.push(RawMove {
                path: *path,
                len: len as u8,
                captured,
            });
        }
    }
}

impl Rules for Checkers {
    type Move = Move;

    fn legal_moves(&self) -> Vec<Move> {
        self.raw_moves().into_iter().map(RawMove::to_move).collect()
    }

    fn play(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        if let Some(outcome) = self.outcome() {
            return Err(IllegalMove(match outcome {
                Outcome::Draw => "the game is over: it is a draw".into(),
                _ => "the game is over".into(),
            }));
        }
        let raw = self.raw_moves().into_iter().find(|m| m.matches(&mv.path));
        match raw {
            Some(m) => {
                self.apply(&m);
                Ok(())
            }
            None => Err(IllegalMove(self.explain(&mv.path))),
        }
    }

    /// A side with no piece or no legal move loses; that takes precedence over the draw rule,
    /// so a quiet move that leaves the opponent stuck still wins.
    fn outcome(&self) -> Option<Outcome> {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        if moves.is_empty() {
            Some(Outcome::Won(self.to_move.other()))
        } else if self.quiet_plies >= DRAW_PLIES {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn to_move(&self) -> Option<Seat> {
        self.outcome().is_none().then_some(self.to_move)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(x: u8, y: u8) -> Square {
        Square::new(x, y)
    }

    fn path(squares: &[(u8, u8)]) -> Move {
        Move::new(squares.iter().map(|&(x, y)| sq(x, y)).collect())
    }

    fn pawn(side: Seat) -> Piece {
        Piece { side, king: false }
    }

    fn king(side: Seat) -> Piece {
        Piece { side, king: true }
    }

    const B: Seat = Seat::First;
    const W: Seat = Seat::Second;

    fn position(pieces: &[((u8, u8), Piece)], to_move: Seat, forced: bool) -> Checkers {
        Checkers::try_from(Setup {
            pieces: pieces.iter().map(|&((x, y), p)| (sq(x, y), p)).collect(),
            to_move,
            quiet_plies: 0,
            forced_capture: forced,
        })
        .expect("valid test position")
    }

    fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
        moves.sort_by_key(|m| m.path.clone());
        moves
    }

    #[test]
    fn neighbour_tables_match_coordinates() {
        for i in 0..32u8 {
            let s = Square::from_index(i);
            assert!(s.is_dark());
            assert_eq!(s.index(), Some(i));
            for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                let n = NEIGHBOUR[i as usize][d];
                let (x, y) = (s.x as i8 + dx, s.y as i8 + dy);
                if (0..8).contains(&x) && (0..8).contains(&y) {
                    assert_eq!(Square::from_index(n), sq(x as u8, y as u8));
                } else {
                    assert_eq!(n, NONE);
                }
            }
        }
    }

    #[test]
    fn start_position_has_twelve_pawns_each_on_the_right_rows() {
        let g = Checkers::default();
        assert_eq!(g.board().count(B), 12);
        assert_eq!(g.board().count(W), 12);
        for (s, p) in g.board().pieces() {
            assert!(!p.king);
            assert!(s.is_dark());
            match p.side {
                Seat::First => assert!(s.y >= 5),
                Seat::Second => assert!(s.y <= 2),
            }
        }
        assert_eq!(g.to_move(), Some(B));
        assert_eq!(g.piece_at(sq(1, 5)), Some(pawn(B)));
        assert_eq!(g.piece_at(sq(2, 2)), Some(pawn(W)));
    }

    #[test]
    fn black_moves_first_and_down() {
        let g = Checkers::default();
        let moves = g.legal_moves();
        assert_eq!(moves.len(), 7);
        for m in &moves {
            let (from, to) = (m.from().expect("path"), m.to().expect("path"));
            assert_eq!(from.y, 5);
            assert_eq!(to.y, 4);
        }
    }

    #[test]
    fn perft_shallow() {
        let g = Checkers::default();
        let expected = [7, 49, 302, 1469, 7361, 36768, 179_740];
        for (depth, &n) in expected.iter().enumerate() {
            assert_eq!(g.perft(depth as u32 + 1), n, "depth {}", depth + 1);
        }
    }

    #[test]
    fn perft_deep() {
        let g = Checkers::default();
        assert_eq!(g.perft(8), 845_931);
        assert_eq!(g.perft(9), 3_963_680);
        assert_eq!(g.perft(10), 18_391_564);
    }

    #[test]
    fn perft_counts_the_legal_moves_of_the_public_api() {
        // The fast generator and the public move list agree along a random-ish line.
        let mut g = Checkers::default();
        for i in 0..30 {
            let moves = g.legal_moves();
            assert_eq!(g.perft(1), moves.len() as u64);
            if moves.is_empty() {
                break;
            }
            g.play(&moves[(i * 7) % moves.len()]).expect("legal");
        }
    }

    #[test]
    fn pawns_step_forward_only() {
        let black = position(&[((3, 3), pawn(B)), ((7, 5), pawn(W))], B, true);
        assert_eq!(
            sorted(black.legal_moves()),
            vec![path(&[(3, 3), (2, 2)]), path(&[(3, 3), (4, 2)])]
        );
        let white = position(&[((3, 3), pawn(W)), ((7, 7), king(B))], W, true);
        assert_eq!(
            sorted(white.legal_moves()),
            vec![path(&[(3, 3), (2, 4)]), path(&[(3, 3), (4, 4)])]
        );
    }

    #[test]
    fn pawns_capture_forward_only_and_kings_both_ways() {
        // White pieces both in front of and behind the black pawn on 3,3.
        let pieces = [
            ((3, 3), pawn(B)),
            ((2, 2), pawn(W)),
            ((4, 4), pawn(W)),
            ((2, 4), pawn(W)),
        ];
        let g = position(&pieces, B, true);
        assert_eq!(g.legal_moves(), vec![path(&[(3, 3), (1, 1)])]);

        let mut kings = pieces;
        kings[0].1 = king(B);
        let g = position(&kings, B, true);
        assert_eq!(
            sorted(g.legal_moves()),
            vec![
                path(&[(3, 3), (1, 1)]),
                path(&[(3, 3), (1, 5)]),
                path(&[(3, 3), (5, 5)]),
            ]
        );
    }

    #[test]
    fn kings_step_in_all_four_directions() {
        let g = position(&[((3, 3), king(W)), ((7, 7), pawn(B))], W, true);
        assert_eq!(
            sorted(g.legal_moves()),
            vec![
                path(&[(3, 3), (2, 2)]),
                path(&[(3, 3), (2, 4)]),
                path(&[(3, 3), (4, 2)]),
                path(&[(3, 3), (4, 4)]),
            ]
        );
    }

    #[test]
    fn captures_are_compulsory_and_multi_jumps_continue() {
        let g = position(
            &[
                ((1, 1), pawn(W)),
                ((2, 2), pawn(B)),
                ((2, 4), pawn(B)),
                ((6, 6), pawn(B)),
                ((6, 0), pawn(W)),
            ],
            W,
            true,
        );
        // Only the pawn on 1,1 may move, and it must take both pieces.
        assert!(g.must_capture());
        assert_eq!(g.movable_pieces(), vec![sq(1, 1)]);
        assert_eq!(g.legal_moves(), vec![path(&[(1, 1), (3, 3), (1, 5)])]);
        // The partial jump is not a move.
        let mut h = g.clone();
        let err = h.play(&path(&[(1, 1), (3, 3)])).expect_err("unfinished");
        assert!(err.0.contains("1,5"), "{err}");
        let err = h.play(&path(&[(6, 0), (7, 1)])).expect_err("must capture");
        assert!(err.0.contains("compulsory"), "{err}");
        h.play(&path(&[(1, 1), (3, 3), (1, 5)])).expect("legal");
        assert_eq!(h.board().count(B), 1);
        assert_eq!(h.piece_at(sq(1, 5)), Some(pawn(W)));
    }

    #[test]
    fn every_jump_path_is_its_own_move_and_next_squares_follow_them() {
        // A white pawn on 2,0 with a fork: two different double jumps.
        let g = position(
            &[
                ((2, 0), pawn(W)),
                ((1, 1), pawn(B)),
                ((3, 1), pawn(B)),
                ((3, 3), pawn(B)),
                ((5, 3), pawn(B)),
            ],
            W,
            true,
        );
        assert_eq!(
            sorted(g.legal_moves()),
            vec![
                path(&[(2, 0), (0, 2)]),
                path(&[(2, 0), (4, 2), (2, 4)]),
                path(&[(2, 0), (4, 2), (6, 4)]),
            ]
        );
        assert_eq!(g.next_squares(&[sq(2, 0)]), vec![sq(0, 2), sq(4, 2)]);
        assert_eq!(
            g.next_squares(&[sq(2, 0), sq(4, 2)]),
            vec![sq(2, 4), sq(6, 4)]
        );
        assert!(g.next_squares(&[sq(2, 0), sq(0, 2)]).is_empty());
        assert!(g.find_move(&[sq(2, 0), sq(4, 2)]).is_none());
        assert!(g.find_move(&[sq(2, 0), sq(4, 2), sq(6, 4)]).is_some());
        let preview = g.preview(&[sq(2, 0), sq(4, 2)]);
        assert_eq!(preview.piece_at(sq(4, 2)), Some(pawn(W)));
        assert_eq!(preview.piece_at(sq(3, 1)), None);
        assert_eq!(preview.piece_at(sq(2, 0)), None);
    }

    #[test]
    fn crowning_ends_the_move() {
        // The white pawn lands on the far row by a jump; as a king it could jump on over
        // 6,6, but crowning ends its turn.
        let g = position(
            &[((3, 5), pawn(W)), ((4, 6), pawn(B)), ((6, 6), pawn(B))],
            W,
            true,
        );
        assert_eq!(g.legal_moves(), vec![path(&[(3, 5), (5, 7)])]);
        let mut h = g.clone();
        h.play(&path(&[(3, 5), (5, 7)])).expect("legal");
        assert_eq!(h.piece_at(sq(5, 7)), Some(king(W)));
        assert_eq!(h.to_move(), Some(B));

        // A black pawn crowned by a step.
        let mut g = position(&[((1, 1), pawn(B)), ((7, 5), pawn(W))], B, true);
        g.play(&path(&[(1, 1), (0, 0)])).expect("legal");
        assert_eq!(g.piece_at(sq(0, 0)), Some(king(B)));
    }

    #[test]
    fn a_king_already_crowned_jumps_on_from_the_far_row() {
        let g = position(
            &[((3, 5), king(W)), ((4, 6), pawn(B)), ((6, 6), pawn(B))],
            W,
            true,
        );
        assert_eq!(g.legal_moves(), vec![path(&[(3, 5), (5, 7), (7, 5)])]);
    }

    #[test]
    fn a_piece_is_never_jumped_twice() {
        // After 2,2x4,4 the king could jump back over 3,3 if the piece were still there.
        let g = position(&[((2, 2), king(B)), ((3, 3), pawn(W))], B, true);
        assert_eq!(g.legal_moves(), vec![path(&[(2, 2), (4, 4)])]);

        // A ring of four pieces: the king goes round and may come back to its start square,
        // in either direction, but never over a piece twice.
        let ring = [
            ((2, 2), king(B)),
            ((3, 3), pawn(W)),
            ((5, 3), pawn(W)),
            ((5, 1), pawn(W)),
            ((3, 1), pawn(W)),
        ];
        let g = position(&ring, B, true);
        let moves = g.legal_moves();
        for m in &moves {
            let mut captured = m.captured();
            let n = captured.len();
            captured.sort_unstable();
            captured.dedup();
            assert_eq!(captured.len(), n, "{m:?} jumps a piece twice");
        }
        assert!(moves.contains(&path(&[(2, 2), (4, 4), (6, 2), (4, 0), (2, 2)])));
        assert!(moves.contains(&path(&[(2, 2), (4, 0), (6, 2), (4, 4), (2, 2)])));
        let mut after = g.clone();
        after
            .play(&path(&[(2, 2), (4, 4), (6, 2), (4, 0), (2, 2)]))
            .expect("legal");
        assert_eq!(after.board().count(W), 0);
        assert_eq!(after.piece_at(sq(2, 2)), Some(king(B)));
        assert_eq!(after.outcome(), Some(Outcome::Won(B)));
    }

    #[test]
    fn losing_by_having_no_piece() {
        let mut g = position(&[((3, 3), pawn(B)), ((2, 2), pawn(W))], B, true);
        g.play(&path(&[(3, 3), (1, 1)])).expect("legal");
        assert_eq!(g.outcome(), Some(Outcome::Won(B)));
        assert_eq!(g.to_move(), None);
        assert!(g.legal_moves().is_empty());
        assert!(g.play(&path(&[(1, 1), (0, 0)])).is_err());
    }

    #[test]
    fn losing_by_having_no_legal_move() {
        // The white pawn on 0,0 is blocked by a black king it cannot jump (1,1 then 2,2 full).
        let g = position(
            &[((0, 0), pawn(W)), ((1, 1), king(B)), ((2, 2), king(B))],
            W,
            true,
        );
        assert_eq!(g.board().count(W), 1);
        assert!(g.legal_moves().is_empty());
        assert_eq!(g.outcome(), Some(Outcome::Won(B)));
        // The same pieces with black to move: the game goes on.
        let g = position(
            &[((0, 0), pawn(W)), ((1, 1), king(B)), ((2, 2), king(B))],
            B,
            true,
        );
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn forty_quiet_moves_each_draw() {
        let mut g = position(&[((0, 0), king(W)), ((7, 7), king(B))], B, true);
        let shuffle = [
            path(&[(7, 7), (6, 6)]),
            path(&[(0, 0), (1, 1)]),
            path(&[(6, 6), (7, 7)]),
            path(&[(1, 1), (0, 0)]),
        ];
        for ply in 0..DRAW_PLIES as usize {
            assert_eq!(g.outcome(), None, "ply {ply}");
            g.play(&shuffle[ply % 4]).expect("legal");
        }
        assert_eq!(g.quiet_plies(), DRAW_PLIES);
        assert_eq!(g.outcome(), Some(Outcome::Draw));
        assert!(g.legal_moves().is_empty());
        assert!(g.movable_pieces().is_empty());
        assert!(g.play(&shuffle[0]).is_err());
    }

    #[test]
    fn pawn_moves_and_captures_reset_the_draw_counter() {
        let mut g = Checkers::try_from(Setup {
            pieces: vec![
                (sq(7, 7), king(B)),
                (sq(1, 5), pawn(B)),
                (sq(0, 0), king(W)),
            ],
            to_move: B,
            quiet_plies: 70,
            forced_capture: true,
        })
        .expect("valid");
        g.play(&path(&[(7, 7), (6, 6)])).expect("legal");
        assert_eq!(g.quiet_plies(), 71);
        g.play(&path(&[(0, 0), (1, 1)])).expect("legal");
        g.play(&path(&[(1, 5), (0, 4)])).expect("legal");
        assert_eq!(g.quiet_plies(), 0);
    }

    #[test]
    fn free_capture_variant_allows_declining_a_capture() {
        let pieces = [((3, 3), pawn(B)), ((2, 2), pawn(W)), ((7, 5), pawn(W))];
        let forced = position(&pieces, B, true);
        assert_eq!(forced.legal_moves(), vec![path(&[(3, 3), (1, 1)])]);
        let free = position(&pieces, B, false);
        assert!(!free.must_capture());
        assert_eq!(
            sorted(free.legal_moves()),
            vec![path(&[(3, 3), (1, 1)]), path(&[(3, 3), (4, 2)])]
        );
        let mut g = free.clone();
        g.play(&path(&[(3, 3), (4, 2)]))
            .expect("declining is allowed");
        assert_eq!(g.board().count(W), 2);
        // Once jumping, the piece still goes on as far as it can.
        let chain = position(
            &[((5, 5), pawn(B)), ((4, 4), pawn(W)), ((2, 2), pawn(W))],
            B,
            false,
        );
        assert_eq!(
            sorted(chain.legal_moves()),
            vec![path(&[(5, 5), (3, 3), (1, 1)]), path(&[(5, 5), (6, 4)]),]
        );
    }

    #[test]
    fn setups_are_validated() {
        let base = Checkers::default().setup();
        let bad = |pieces: Vec<(Square, Piece)>| {
            Checkers::try_from(Setup {
                pieces,
                ..base.clone()
            })
        };
        assert_eq!(
            bad(vec![(sq(0, 1), pawn(B))]),
            Err(SetupError::NotDark(sq(0, 1)))
        );
        assert_eq!(
            bad(vec![(sq(1, 1), pawn(B)), (sq(1, 1), pawn(W))]),
            Err(SetupError::Duplicate(sq(1, 1)))
        );
        assert_eq!(
            bad(vec![(sq(0, 0), pawn(B))]),
            Err(SetupError::Uncrowned(sq(0, 0), B))
        );
        assert_eq!(
            bad(vec![(sq(1, 7), pawn(W))]),
            Err(SetupError::Uncrowned(sq(1, 7), W))
        );
        let thirteen: Vec<_> = (0..13u8)
            .map(|i| (Square::from_index(i + 4), pawn(W)))
            .collect();
        assert_eq!(bad(thirteen), Err(SetupError::TooManyPieces(W, 13)));
        assert!(
            Checkers::try_from(Setup {
                quiet_plies: DRAW_PLIES + 1,
                ..base.clone()
            })
            .is_err()
        );
        assert_eq!(Checkers::try_from(base), Ok(Checkers::default()));
    }

    mod properties {
        use proptest::prelude::*;

        use super::super::super::notation::{format_move, parse_move};
        use super::*;
        use crate::core::History;

        /// A game of up to `choices.len()` moves from the start, each number picking a move.
        fn played(choices: &[usize], forced: bool) -> History<Checkers> {
            let mut history = History::new(Checkers::new(forced));
            for &c in choices {
                let moves = history.current().legal_moves();
                if moves.is_empty() {
                    break;
                }
                history
                    .play(&moves[c % moves.len()])
                    .expect("generated moves are legal");
            }
            history
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(48))]

            #[test]
            fn undo_then_redo_is_the_identity(
                choices in proptest::collection::vec(0usize..64, 0..150),
                forced: bool,
                back in 0usize..150,
            ) {
                let mut history = played(&choices, forced);
                let end = history.current().clone();
                let n = history.applied();
                let back = back.min(n);
                let mut positions = vec![end.clone()];
                for _ in 0..back {
                    prop_assert!(history.undo());
                    positions.push(history.current().clone());
                }
                for _ in 0..back {
                    prop_assert!(history.redo());
                }
                prop_assert_eq!(history.current(), &end);
                // Undoing one move gives exactly the position that move was played in.
                for ((before, mv), after) in history.applied_moves().zip(
                    history.all_moves().skip(1).map(|(p, _)| p).chain(std::iter::once(&end)),
                ) {
                    let mut replayed = before.clone();
                    replayed.play(mv).expect("recorded moves are legal");
                    prop_assert_eq!(&replayed, after);
                }
            }

            #[test]
            fn a_saved_move_list_replays_to_the_same_game(
                choices in proptest::collection::vec(0usize..64, 0..150),
                forced: bool,
                back in 0usize..20,
            ) {
                let mut history = played(&choices, forced);
                for _ in 0..back {
                    history.undo();
                }
                let texts: Vec<String> = history.all_moves().map(|(_, m)| format_move(m)).collect();
                let moves: Vec<Move> = texts
                    .iter()
                    .map(|t| parse_move(t))
                    .collect::<Result<_, _>>()
                    .expect("own notation parses");
                let start = Checkers::try_from(history.start().setup()).expect("valid start");
                let replayed = History::replay(start, &moves, history.applied())
                    .expect("own moves replay");
                prop_assert_eq!(replayed, history);
            }

            #[test]
            fn square_by_square_selection_reaches_exactly_the_legal_moves(
                choices in proptest::collection::vec(0usize..64, 0..150),
                forced: bool,
            ) {
                let history = played(&choices, forced);
                let game = history.current();
                let moves = game.legal_moves();
                let mut built = Vec::new();
                let mut stack: Vec<Vec<Square>> =
                    game.movable_pieces().into_iter().map(|s| vec![s]).collect();
                while let Some(path) = stack.pop() {
                    let next = game.next_squares(&path);
                    if next.is_empty() {
                        let mv = game.find_move(&path);
                        prop_assert!(mv.is_some(), "dead end {:?}", path);
                        built.extend(mv);
                    }
                    for sq in next {
                        let mut longer = path.clone();
                        longer.push(sq);
                        stack.push(longer);
                    }
                }
                prop_assert_eq!(sorted(built), sorted(moves.clone()));
                for mv in &moves {
                    let mut after = game.clone();
                    prop_assert!(after.play(mv).is_ok());
                    let moved = after.board().count(game.side_to_move());
                    prop_assert_eq!(moved, game.board().count(game.side_to_move()));
                    prop_assert_eq!(
                        after.board().count(game.side_to_move().other()) as usize,
                        game.board().count(game.side_to_move().other()) as usize
                            - mv.captured().len()
                    );
                }
            }
        }
    }
}
