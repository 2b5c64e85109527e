//! The bitboard position the solver and the computer levels search.
//!
//! Layout (the usual one): column `c` owns bits `7c .. 7c + 6`, bit `7c + r` being row `r`
//! counted from the bottom; the seventh bit of each column stays empty so that shifts along
//! lines never carry from one column into the next. Two words describe a position: `mask` (all
//! tokens) and `current` (the tokens of the player to move). Playing a move is two word
//! operations, which is what makes ten million positions a second possible.

use crate::core::Seat;

/// Columns on the board.
pub const WIDTH: usize = 7;
/// Rows on the board.
pub const HEIGHT: usize = 6;
/// Cells on the board: the longest game has this many moves.
pub const CELLS: u32 = (WIDTH * HEIGHT) as u32;

/// The lowest score any position can have: the winner needs at least four tokens. (Here, not
/// in the solver, so the book can check scores without depending on the solver that reads it.)
pub const MIN_SCORE: i32 = -(CELLS as i32) / 2 + 3;
/// The highest score any position can have.
pub const MAX_SCORE: i32 = (CELLS as i32 + 1) / 2 - 3;

/// Bits per column: the rows plus one empty sentinel bit.
const COLUMN_BITS: usize = HEIGHT + 1;

/// One bit at the bottom of each column.
pub(super) const BOTTOM_MASK: u64 = bottom_mask();
/// Every playable cell.
pub(super) const BOARD_MASK: u64 = BOTTOM_MASK * ((1 << HEIGHT) - 1);

const fn bottom_mask() -> u64 {
    let mut mask = 0;
    let mut col = 0;
    while col < WIDTH {
        mask |= 1 << (col * COLUMN_BITS);
        col += 1;
    }
    mask
}

/// The cells of one column.
#[inline]
pub(super) const fn column_mask(col: usize) -> u64 {
    ((1 << HEIGHT) - 1) << (col * COLUMN_BITS)
}

/// The top cell of one column: once it is taken the column is full.
#[inline]
const fn top_mask(col: usize) -> u64 {
    1 << (HEIGHT - 1 + col * COLUMN_BITS)
}

/// The bottom cell of one column.
#[inline]
const fn bottom_mask_col(col: usize) -> u64 {
    1 << (col * COLUMN_BITS)
}

/// The cells of the 2nd, 4th and 6th rows: the cells a second player who answers every move
/// in the same column ("follow-up") is sure to get.
const EVEN_ROWS: u64 = {
    let mut m = 0;
    let mut col = 0;
    while col < WIDTH {
        let mut row = 1;
        while row < HEIGHT {
            m |= 1 << (col * COLUMN_BITS + row);
            row += 2;
        }
        col += 1;
    }
    m
};

/// The cells of the two lowest rows.
const ROWS_TO_2: u64 = BOTTOM_MASK * 0b11;
/// The cells of the four lowest rows.
const ROWS_TO_4: u64 = BOTTOM_MASK * 0b1111;

/// Columns from the centre outwards: centre columns take part in more lines, so searching
/// them first finds cut-offs sooner, and among equal moves the engine prefers the centre.
pub const CENTRE_ORDER: [usize; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// Why a move sequence or a grid does not describe a Connect Four position. Each message is
/// one sentence a person can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A character of a move sequence is not a column digit.
    #[error("move {index}: '{found}' is not a column from 1 to 7")]
    NotAColumn {
        /// 1-based index of the move in the sequence.
        index: usize,
        /// The offending character.
        found: char,
    },
    /// A move of the sequence drops into a full column.
    #[error("move {index}: column {column} is full")]
    ColumnFull {
        /// 1-based index of the move in the sequence.
        index: usize,
        /// The full column, 1-based.
        column: usize,
    },
    /// The sequence goes on after a four-in-a-row ended the game.
    #[error("move {index}: the game was already won on the move before")]
    AfterGameOver {
        /// 1-based index of the first move after the end.
        index: usize,
    },
    /// The grid does not have six rows.
    #[error("the grid has {0} rows; Connect Four has 6")]
    RowCount(usize),
    /// A row of the grid does not have seven cells.
    #[error("row {row} has {found} cells; Connect Four has 7 columns")]
    ColumnCount {
        /// 1-based row, counted from the bottom.
        row: usize,
        /// How many cells it has.
        found: usize,
    },
    /// A token with an empty cell under it.
    #[error("the token in column {column}, row {row} floats above an empty cell")]
    Floating {
        /// 1-based column.
        column: usize,
        /// 1-based row, counted from the bottom.
        row: usize,
    },
    /// The token counts cannot arise with this side to move (the first player moves first).
    #[error(
        "{first} tokens of the first player and {second} of the second cannot have {to_move:?} to move"
    )]
    TokenCounts {
        /// Tokens of the first player.
        first: usize,
        /// Tokens of the second player.
        second: usize,
        /// The side said to move.
        to_move: Seat,
    },
    /// The side to move already has four in a row, so the game should have ended before.
    #[error("the side to move already has four in a row: the game ended before its last move")]
    MoverHasFour,
}

/// A Connect Four position: the tokens and who moves. Every value is reachable by legal play
/// (constructors check), though it may be finished (see [`Position::is_over`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Tokens of the player to move.
    current: u64,
    /// All tokens.
    mask: u64,
    /// Tokens on the board.
    moves: u32,
}

impl Default for Position {
    fn default() -> Self {
        Self::empty()
    }
}

impl Position {
    /// The empty board, first player to move.
    pub const fn empty() -> Self {
        Self {
            current: 0,
            mask: 0,
            moves: 0,
        }
    }

    /// The position after the columns given as 1-based digits (`"4453"`), the notation of
    /// Pascal Pons's test sets and of `parlor solve connect4`. Surrounding white space is
    /// ignored; an empty text is the empty board.
    ///
    /// # Errors
    /// [`PositionError`] for a character that is not `1`..`7`, a drop into a full column, or a
    /// move after the game was won.
    pub fn from_moves(text: &str) -> Result<Self, PositionError> {
        let mut position = Self::empty();
        for (i, ch) in text.trim().chars().enumerate() {
            let index = i + 1;
            let column = match ch.to_digit(10) {
                Some(d @ 1..=7) => d as usize - 1,
                _ => return Err(PositionError::NotAColumn { index, found: ch }),
            };
            if position.last_player_won() {
                return Err(PositionError::AfterGameOver { index });
            }
            if !position.can_play(column) {
                return Err(PositionError::ColumnFull {
                    index,
                    column: column + 1,
                });
            }
            position.play(column);
        }
        Ok(position)
    }

    /// The position shown by a grid of rows from bottom to top (each cell empty or a seat's
    /// token) with `to_move` to move: the way saves and the seed's position text describe it.
    ///
    /// # Errors
    /// [`PositionError`] for a grid that is not 6 × 7, a floating token, token counts that do
    /// not fit the side to move, or a side to move that already has four in a row.
    pub fn from_grid<R: AsRef<[Option<Seat>]>>(
        rows: &[R],
        to_move: Seat,
    ) -> Result<Self, PositionError> {
        if rows.len() != HEIGHT {
            return Err(PositionError::RowCount(rows.len()));
        }
        let mut bits = [0u64; 2];
        let mut mask = 0u64;
        for (r, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            if row.len() != WIDTH {
                return Err(PositionError::ColumnCount {
                    row: r + 1,
                    found: row.len(),
                });
            }
            for (c, cell) in row.iter().enumerate() {
                if let Some(seat) = cell {
                    let bit = 1u64 << (c * COLUMN_BITS + r);
                    if r > 0 && mask & (bit >> 1) == 0 {
                        return Err(PositionError::Floating {
                            column: c + 1,
                            row: r + 1,
                        });
                    }
                    bits[seat.index()] |= bit;
                    mask |= bit;
                }
            }
        }
        let first = bits[0].count_ones() as usize;
        let second = bits[1].count_ones() as usize;
        let fits = match to_move {
            Seat::First => first == second,
            Seat::Second => first == second + 1,
        };
        if !fits {
            return Err(PositionError::TokenCounts {
                first,
                second,
                to_move,
            });
        }
        let current = bits[to_move.index()];
        if has_four(current) {
            return Err(PositionError::MoverHasFour);
        }
        Ok(Self {
            current,
            mask,
            moves: (first + second) as u32,
        })
    }

    /// Tokens on the board (plies played).
    pub const fn moves_played(&self) -> u32 {
        self.moves
    }

    /// The seat whose turn it is (even when the game is over: the seat that would move).
    pub const fn to_move(&self) -> Seat {
        if self.moves.is_multiple_of(2) {
            Seat::First
        } else {
            Seat::Second
        }
    }

    /// Whose token is in a cell: `col` 0..7 from the left, `row` 0..6 from the bottom.
    /// Out-of-range coordinates are empty.
    pub fn cell(&self, col: usize, row: usize) -> Option<Seat> {
        if col >= WIDTH || row >= HEIGHT {
            return None;
        }
        let bit = 1u64 << (col * COLUMN_BITS + row);
        if self.mask & bit == 0 {
            None
        } else if self.current & bit != 0 {
            Some(self.to_move())
        } else {
            Some(self.to_move().other())
        }
    }

    /// Whether a token can drop into the column (0-based): it exists and is not full. Says
    /// nothing about whether the game is over.
    pub const fn can_play(&self, col: usize) -> bool {
        col < WIDTH && self.mask & top_mask(col) == 0
    }

    /// Drops a token of the side to move into column `col` (0-based).
    ///
    /// The caller checks [`Position::can_play`] first (and that the game is not over); this
    /// is the hot path of perft and the searches, so it only asserts in debug builds.
    pub fn play(&mut self, col: usize) {
        debug_assert!(self.can_play(col));
        self.play_mask((self.mask + bottom_mask_col(col)) & column_mask(col));
    }

    /// Plays the move given as the single bit of the cell it fills.
    #[inline]
    pub(super) fn play_mask(&mut self, mv: u64) {
        self.current ^= self.mask;
        self.mask |= mv;
        self.moves += 1;
    }

    /// Whether dropping into `col` (playable) makes four in a row for the side to move.
    pub fn is_winning_move(&self, col: usize) -> bool {
        self.winning_position() & self.possible() & column_mask(col) != 0
    }

    /// Whether the player who made the last move has four in a row.
    pub fn last_player_won(&self) -> bool {
        has_four(self.current ^ self.mask)
    }

    /// Whether the board is full.
    pub const fn is_full(&self) -> bool {
        self.moves == CELLS
    }

    /// Whether the game has ended: a four-in-a-row or a full board.
    pub fn is_over(&self) -> bool {
        self.is_full() || self.last_player_won()
    }

    /// The columns (0-based, left to right) a token can drop into; empty once the game is over.
    pub fn legal_columns(&self) -> Vec<usize> {
        if self.is_over() {
            return Vec::new();
        }
        (0..WIDTH).filter(|&c| self.can_play(c)).collect()
    }

    /// The same position seen in a mirror: column `c` becomes column `6 - c`. Scores do not
    /// change, so the opening book stores one of each pair.
    #[must_use]
    pub fn mirrored(&self) -> Self {
        Self {
            current: mirror_bits(self.current),
            mask: mirror_bits(self.mask),
            moves: self.moves,
        }
    }

    /// A number that identifies the position: `current + mask` puts one bit above each
    /// column's tokens (a carry into the first empty cell), so it fits in 49 bits and no two
    /// positions share it.
    #[inline]
    pub(super) const fn key(&self) -> u64 {
        self.current + self.mask
    }

    /// The key shared by a position and its mirror image (the smaller of the two): tests
    /// compare positions up to mirroring with it.
    #[cfg(test)]
    pub(super) fn symmetric_key(&self) -> u64 {
        let key = self.key();
        key.min(mirror_bits(key))
    }

    /// The position with the first player's tokens `first` among all tokens `mask` (board
    /// words of this module's layout), or `None` when the tokens float, the counts do not fit
    /// alternate play, or either side has four in a row (a finished game is not a position
    /// the opening book or the solver is asked about). The book builds its positions here.
    pub(super) fn from_parts(first: u64, mask: u64) -> Option<Self> {
        if mask & !BOARD_MASK != 0 || first & !mask != 0 || (mask + BOTTOM_MASK) & mask != 0 {
            return None;
        }
        let moves = mask.count_ones();
        let second = mask ^ first;
        if first.count_ones() != moves.div_ceil(2) || has_four(first) || has_four(second) {
            return None;
        }
        let current = if moves.is_multiple_of(2) {
            first
        } else {
            second
        };
        Some(Self {
            current,
            mask,
            moves,
        })
    }

    /// The tokens of the first player, whoever is to move.
    pub(super) const fn first_player_bits(&self) -> u64 {
        if self.moves.is_multiple_of(2) {
            self.current
        } else {
            self.current ^ self.mask
        }
    }

    /// An upper bound on the score of the side to move from the opponent's follow-up strategy
    /// (Allis's "claimeven"), for a first player to move (an even number of tokens); `None`
    /// when the strategy proves nothing.
    ///
    /// The second player answers a move in a column of even height on top of it, and a move
    /// in a column of odd height in another column of odd height (there is an even number of
    /// them). So it gets at least every empty cell of an even row that cannot be played now,
    /// and the first player at most the other empty cells. If those cannot make four with the
    /// first player's tokens, the first player never wins: the score is at most 0, and at most
    /// -1 (a loss) when the second player's cells and tokens hold a four, which it then
    /// completes at the latest when the board fills; -2 or -3 when such a four is low enough
    /// to be complete while cells above it are still empty (the timing is Steininger's, added
    /// 2026-11-28: it cuts the null windows below -1 of an exact solve).
    pub(super) fn follow_up_bound(&self) -> Option<i32> {
        debug_assert!(self.moves.is_multiple_of(2));
        let empty = BOARD_MASK & !self.mask;
        let stones = self.current ^ self.mask;
        let claimed = EVEN_ROWS & empty & !self.possible();
        let theirs = stones | claimed;
        if has_four(BOARD_MASK & !theirs) {
            None
        } else if !has_four(theirs) {
            Some(0)
        } else {
            // The four completes when its last empty cell is filled, and every cell above
            // that one in its column is still empty then: a four whose empty cells lie in
            // the second row (or below) leaves at least four cells empty, so the second
            // player wins by move 38 (score 3); in the fourth row, by move 40 (score 2).
            if has_four(stones | (claimed & ROWS_TO_2)) {
                Some(-3)
            } else if has_four(stones | (claimed & ROWS_TO_4)) {
                Some(-2)
            } else {
                Some(-1)
            }
        }
    }

    /// The cells a token can drop into now, one per non-full column.
    #[inline]
    pub(super) const fn possible(&self) -> u64 {
        (self.mask + BOTTOM_MASK) & BOARD_MASK
    }

    /// Empty cells that would complete four for the side to move.
    #[inline]
    pub(super) const fn winning_position(&self) -> u64 {
        winning_cells(self.current, self.mask)
    }

    /// Empty cells that would complete four for the opponent.
    #[inline]
    pub(super) const fn opponent_winning_position(&self) -> u64 {
        winning_cells(self.current ^ self.mask, self.mask)
    }

    /// Whether the side to move can win with its next token.
    #[inline]
    pub(super) const fn can_win_next(&self) -> bool {
        self.winning_position() & self.possible() != 0
    }

    /// The playable cells that do not hand the opponent an immediate win: if the opponent
    /// threatens to win, the only candidate is the block (none if there are two threats), and
    /// never a cell right under an opponent's winning cell. Zero means every move loses at
    /// once. Only meaningful when the side to move cannot win at once.
    #[inline]
    pub(super) const fn possible_non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let opponent_win = self.opponent_winning_position();
        let forced = possible & opponent_win;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opponent_win >> 1)
    }

    /// How promising a move looks for ordering: the number of winning cells (threats) the
    /// side to move has after it.
    #[inline]
    pub(super) const fn move_score(&self, mv: u64) -> u32 {
        winning_cells(self.current | mv, self.mask).count_ones()
    }

    /// The tokens of the side to move (for evaluation).
    pub(super) const fn current_bits(&self) -> u64 {
        self.current
    }

    /// All tokens.
    pub(super) const fn mask_bits(&self) -> u64 {
        self.mask
    }
}

/// Swaps columns `c` and `6 - c` of a board word (keys have the same per-column layout).
fn mirror_bits(bits: u64) -> u64 {
    let mut out = 0;
    for col in 0..WIDTH {
        let column = (bits >> (col * COLUMN_BITS)) & 0x7F;
        out |= column << ((WIDTH - 1 - col) * COLUMN_BITS);
    }
    out
}

/// Whether a set of tokens contains four in a line.
pub(super) const fn has_four(pos: u64) -> bool {
    let shifts = [1, COLUMN_BITS, COLUMN_BITS - 1, COLUMN_BITS + 1];
    let mut i = 0;
    while i < shifts.len() {
        let s = shifts[i];
        let m = pos & (pos >> s);
        if m & (m >> (2 * s)) != 0 {
            return true;
        }
        i += 1;
    }
    false
}

/// The empty cells that would give `pos` four in a line (vertical, horizontal, both
/// diagonals): for each direction, three tokens in a row on one side, or two plus one
/// around a gap.
#[inline]
pub(super) const fn winning_cells(pos: u64, mask: u64) -> u64 {
    const H: usize = HEIGHT;
    // vertical: three below
    let mut r = (pos << 1) & (pos << 2) & (pos << 3);

    // horizontal
    let mut p = (pos << (H + 1)) & (pos << (2 * (H + 1)));
    r |= p & (pos << (3 * (H + 1)));
    r |= p & (pos >> (H + 1));
    p = (pos >> (H + 1)) & (pos >> (2 * (H + 1)));
    r |= p & (pos << (H + 1));
    r |= p & (pos >> (3 * (H + 1)));

    // diagonal one way
    p = (pos << H) & (pos << (2 * H));
    r |= p & (pos << (3 * H));
    r |= p & (pos >> H);
    p = (pos >> H) & (pos >> (2 * H));
    r |= p & (pos << H);
    r |= p & (pos >> (3 * H));

    // diagonal the other way
    p = (pos << (H + 2)) & (pos << (2 * (H + 2)));
    r |= p & (pos << (3 * (H + 2)));
    r |= p & (pos >> (H + 2));
    p = (pos >> (H + 2)) & (pos >> (2 * (H + 2)));
    r |= p & (pos << (H + 2));
    r |= p & (pos >> (3 * (H + 2)));

    r & (BOARD_MASK ^ mask)
}

/// Counts the move sequences of `depth` plies from `position` (a four-in-a-row ends the
/// game: the winning sequence is counted, not extended). The standard check that move
/// generation is right.
pub fn perft_from(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.is_over() {
        return 0;
    }
    perft_inner(position, depth)
}

/// Perft below a position known not to be over.
fn perft_inner(position: &Position, depth: u32) -> u64 {
    let possible = position.possible();
    if depth == 1 {
        return u64::from(possible.count_ones());
    }
    let winning = position.winning_position() & possible;
    let mut total = 0;
    let mut moves = possible & !winning;
    while moves != 0 {
        let mv = moves & moves.wrapping_neg();
        moves ^= mv;
        let mut next = *position;
        next.play_mask(mv);
        if !next.is_full() {
            total += perft_inner(&next, depth - 1);
        }
    }
    total
}

/// Perft from the empty board: `perft(9) == 39_394_572`.
pub fn perft(depth: u32) -> u64 {
    perft_from(&Position::empty(), depth)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Plays the columns that are legal, in order, stopping when the game ends.
    fn play_legal(columns: &[usize]) -> Position {
        let mut p = Position::empty();
        for &c in columns {
            if p.is_over() {
                break;
            }
            if p.can_play(c) {
                p.play(c);
            }
        }
        p
    }

    proptest! {
        #[test]
        fn grid_round_trip(columns in proptest::collection::vec(0usize..WIDTH, 0..60)) {
            let p = play_legal(&columns);
            let rows: Vec<Vec<Option<Seat>>> = (0..HEIGHT)
                .map(|r| (0..WIDTH).map(|c| p.cell(c, r)).collect())
                .collect();
            prop_assert_eq!(Position::from_grid(&rows, p.to_move()), Ok(p));
            prop_assert_eq!(p.mirrored().mirrored(), p);
            prop_assert_eq!(p.mirrored().symmetric_key(), p.symmetric_key());
            prop_assert_eq!(p.mirrored().is_over(), p.is_over());
            let parts = Position::from_parts(p.first_player_bits(), p.mask_bits());
            prop_assert_eq!(parts, (!p.last_player_won()).then_some(p));
        }

        #[test]
        fn winning_moves_are_the_moves_that_make_four(
            columns in proptest::collection::vec(0usize..WIDTH, 0..60)
        ) {
            let p = play_legal(&columns);
            if !p.is_over() {
                for c in 0..WIDTH {
                    if p.can_play(c) {
                        let mut q = p;
                        q.play(c);
                        prop_assert_eq!(p.is_winning_move(c), q.last_player_won());
                    }
                }
            }
        }
    }

    #[test]
    fn perft_counts_match_the_published_numbers() {
        let expected = [
            1, 7, 49, 343, 2401, 16807, 117_649, 823_536, 5_673_234, 39_394_572,
        ];
        for (depth, &count) in expected.iter().enumerate() {
            assert_eq!(perft(depth as u32), count, "ply {depth}");
        }
    }

    #[test]
    fn from_moves_rejects_illegal_lines() {
        assert_eq!(Position::from_moves(" "), Ok(Position::empty()));
        assert_eq!(
            Position::from_moves("48"),
            Err(PositionError::NotAColumn {
                index: 2,
                found: '8'
            })
        );
        assert_eq!(
            Position::from_moves("1111111"),
            Err(PositionError::ColumnFull {
                index: 7,
                column: 1
            })
        );
        assert_eq!(
            Position::from_moves("12121212"),
            Err(PositionError::AfterGameOver { index: 8 })
        );
        assert!(Position::from_moves("1212121").is_ok_and(|p| p.last_player_won()));
        assert_eq!(
            Position::from_moves("0"),
            Err(PositionError::NotAColumn {
                index: 1,
                found: '0'
            })
        );
    }

    #[test]
    fn grid_and_moves_agree() {
        let p = Position::from_moves("4453").expect("legal");
        let x = Some(Seat::First);
        let o = Some(Seat::Second);
        let mut rows = vec![[None; WIDTH]; HEIGHT];
        rows[0][3] = x;
        rows[1][3] = o;
        rows[0][4] = x;
        rows[0][2] = o;
        assert_eq!(Position::from_grid(&rows, Seat::First), Ok(p));
        assert_eq!(p.cell(3, 1), o);
        assert_eq!(p.cell(2, 0), o);
        assert_eq!(p.cell(4, 0), x);
        assert_eq!(p.cell(4, 1), None);
        assert!(matches!(
            Position::from_grid(&rows, Seat::Second),
            Err(PositionError::TokenCounts { .. })
        ));
        rows[3][0] = x;
        assert_eq!(
            Position::from_grid(&rows, Seat::First),
            Err(PositionError::Floating { column: 1, row: 4 })
        );
        assert_eq!(
            Position::from_grid(&rows[..5], Seat::First),
            Err(PositionError::RowCount(5))
        );
        let ragged: Vec<Vec<Option<Seat>>> = vec![vec![None; 7]; 5]
            .into_iter()
            .chain([vec![None; 6]])
            .collect();
        assert_eq!(
            Position::from_grid(&ragged, Seat::First),
            Err(PositionError::ColumnCount { row: 6, found: 6 })
        );
    }

    #[test]
    fn grid_rejects_a_mover_with_four() {
        // x has four in the bottom row but o moved after it: o to move would be fine,
        // x to move (after o's extra token) is not.
        let x = Some(Seat::First);
        let o = Some(Seat::Second);
        let mut rows = vec![[None; WIDTH]; HEIGHT];
        rows[0][..4].fill(x);
        rows[1][..4].fill(o);
        assert_eq!(
            Position::from_grid(&rows, Seat::First),
            Err(PositionError::MoverHasFour)
        );
        rows[1][3] = None;
        let p = Position::from_grid(&rows, Seat::Second).expect("x just won");
        assert!(p.last_player_won() && p.is_over() && p.legal_columns().is_empty());
    }

    #[test]
    fn winning_cells_find_every_direction() {
        // vertical: three x in column 1
        let p = Position::from_moves("121212").expect("legal");
        assert!(p.is_winning_move(0));
        assert!(!p.is_winning_move(2));
        // horizontal with a gap: x on 1, 2, 4 bottom row
        let p = Position::from_moves("1727471").expect("legal");
        assert_eq!(p.to_move(), Seat::Second);
        let p = Position::from_moves("172747").expect("legal");
        assert!(p.is_winning_move(2));
        // mirror keeps the structure
        assert!(p.mirrored().is_winning_move(4));
        assert_eq!(p.mirrored().mirrored(), p);
        assert_eq!(p.symmetric_key(), p.mirrored().symmetric_key());
    }
}
