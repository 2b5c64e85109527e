//! Bitboards: squares, move generation, flips, passes and perft.
//!
//! A square is a bit index `file + 8 * rank_from_top`, the order of the FFO position strings
//! (`a1 b1 … h1 a2 … h8`, `a1` top left). The rules module counts `(x, y)` from the lower left,
//! so `a1 = (0, 7)` and `h8 = (7, 0)`; [`square_to_xy`] and [`xy_to_square`] convert.

use std::fmt;

/// A square as a bit index 0..64 (`a1` = 0, `h1` = 7, `a2` = 8, `h8` = 63).
pub type Square = u8;

/// Every square but files a and h: a run of discs cannot pass through the side edges when it
/// moves sideways or diagonally, so opponent discs on those files never continue a line.
const NOT_EDGE_FILES: u64 = 0x7E7E_7E7E_7E7E_7E7E;
/// File a (bit 0 of every rank byte).
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// File h (bit 7 of every rank byte).
pub const FILE_H: u64 = 0x8080_8080_8080_8080;
/// Rank 1, the top row in FFO order.
pub const RANK_1: u64 = 0x0000_0000_0000_00FF;
/// Rank 8, the bottom row in FFO order.
pub const RANK_8: u64 = 0xFF00_0000_0000_0000;
/// The four corners.
pub const CORNERS: u64 = 0x8100_0000_0000_0081;

#[cfg(test)]
/// The four 4×4 quadrants: the last empty squares of a region are best played with parity in
/// mind (moving into a region with an odd number of empties keeps the last move there).
pub const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// Squares diagonally next to a corner: tried last in the shallow endgame.
pub const X_SQUARES: u64 = 0x4200_0000_0000_4200;

/// The side to move's squares of `empty` in the regions with an odd number of empties.
///
/// All four parities at once, without counting: the ranks of each half are folded together
/// with exclusive-ors, then the files of each quadrant, which leaves each quadrant's parity in
/// its lowest bit (bits 0, 4, 32 and 36); a multiplication spreads each over its quadrant.
/// Called at nearly every node of the exact solver's last levels.
#[inline]
pub fn odd_regions(empty: u64) -> u64 {
    let mut x = empty;
    x ^= x >> 8;
    x ^= x >> 16;
    x ^= x >> 1;
    x ^= x >> 2;
    (x & 0x0000_0011_0000_0011).wrapping_mul(0x0F0F_0F0F)
}

/// Black's discs at the start: e4 and d5.
pub const START_BLACK: u64 = (1 << 28) | (1 << 35);
/// White's discs at the start: d4 and e5.
pub const START_WHITE: u64 = (1 << 27) | (1 << 36);

/// Converts a square to the rules' `(x, y)` with `(0, 0)` at the lower left.
pub const fn square_to_xy(sq: Square) -> (u8, u8) {
    (sq % 8, 7 - sq / 8)
}

/// Converts the rules' `(x, y)` (lower-left origin, both below 8) to a square.
pub const fn xy_to_square(x: u8, y: u8) -> Square {
    x + 8 * (7 - y)
}

/// The bit of the rules' square `(x, y)`, for building bitboards from the rules' board.
pub const fn xy_bit(x: u8, y: u8) -> u64 {
    1 << xy_to_square(x, y)
}

/// The square's name in upper case (`G8`), as `parlor solve reversi` prints it.
pub fn square_name(sq: Square) -> String {
    let file = char::from(b'A' + sq % 8);
    let rank = char::from(b'1' + sq / 8);
    format!("{file}{rank}")
}

/// Reads a square name such as `g8` or `G8`; `None` for anything else.
pub fn parse_square(text: &str) -> Option<Square> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let file = bytes[0].to_ascii_lowercase();
    let rank = bytes[1];
    if !(b'a'..=b'h').contains(&file) || !(b'1'..=b'8').contains(&rank) {
        return None;
    }
    Some((file - b'a') + 8 * (rank - b'1'))
}

/// The squares next to any square of `b` (in any of the eight directions).
#[inline]
pub fn neighbours(b: u64) -> u64 {
    let h = ((b << 1) & !FILE_A) | ((b >> 1) & !FILE_H);
    let row = b | h;
    h | (row << 8) | (row >> 8)
}

/// The legal moves of the player owning `p` against `o`, all at once.
///
/// Shift-based: the runs of opponent discs next to the player's discs are grown in each
/// direction, the empty square just past a run being a move. A run is at most six discs long;
/// after two single steps, two double steps (through pairs of opponent discs) cover it, four
/// steps instead of six (the exact solver generates moves at most of its nodes above the last
/// four empties).
#[inline]
pub fn legal_moves(p: u64, o: u64) -> u64 {
    #[inline]
    fn dir(p: u64, mask: u64, s: u32) -> u64 {
        let mut f = mask & (p << s);
        f |= mask & (f << s);
        let pairs_f = mask & (mask << s);
        f |= pairs_f & (f << (2 * s));
        f |= pairs_f & (f << (2 * s));
        let mut b = mask & (p >> s);
        b |= mask & (b >> s);
        let pairs_b = pairs_f >> s;
        b |= pairs_b & (b >> (2 * s));
        b |= pairs_b & (b >> (2 * s));
        (f << s) | (b >> s)
    }
    let inner = o & NOT_EDGE_FILES;
    let moves = dir(p, inner, 1) | dir(p, o, 8) | dir(p, inner, 7) | dir(p, inner, 9);
    moves & !(p | o)
}

/// The opponent discs that turn over when the owner of `p` plays on `sq` (empty when the move
/// is illegal). Line by line through lookup tables: see [`super::line_flips`].
pub use super::line_flips::flips;

/// Iterates over the squares of a bitboard, lowest first.
#[derive(Clone)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as Square;
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

/// The final disc difference for the owner of `p` when the game ends now, empty squares going
/// to the winner (the FFO and WOF convention).
#[inline]
pub fn final_score(p: u64, o: u64) -> i32 {
    let mine = p.count_ones() as i32;
    let theirs = o.count_ones() as i32;
    let empty = 64 - mine - theirs;
    let diff = mine - theirs;
    match diff.signum() {
        1 => diff + empty,
        -1 => diff - empty,
        _ => 0,
    }
}

/// A position from the side to move's point of view: `player` moves next against `opponent`.
/// The colour of the side to move is kept alongside so a position can be printed and read.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the other side.
    pub opponent: u64,
    /// Whether the side to move is black (`X`).
    pub black_to_move: bool,
}

/// Why a position line could not be read; shown to the user as one sentence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The board part does not have 64 squares.
    #[error("the board has {0} squares; it needs 64 (X, O or - each)")]
    Length(usize),
    /// A square is not `X`, `O` or `-`.
    #[error("square {square} is {found:?}; squares are X, O or -")]
    Square {
        /// The square's name.
        square: String,
        /// The character found there.
        found: char,
    },
    /// The side to move is missing or not `X`/`O`.
    #[error("the side to move must follow the board after a space, as X or O")]
    Side,
}

impl Position {
    /// The standard start, black to move.
    pub const fn start() -> Self {
        Self {
            player: START_BLACK,
            opponent: START_WHITE,
            black_to_move: true,
        }
    }

    /// The position from the two colours' bitboards.
    pub const fn from_colours(black: u64, white: u64, black_to_move: bool) -> Self {
        if black_to_move {
            Self {
                player: black,
                opponent: white,
                black_to_move,
            }
        } else {
            Self {
                player: white,
                opponent: black,
                black_to_move,
            }
        }
    }

    /// Black's discs.
    pub const fn black(&self) -> u64 {
        if self.black_to_move {
            self.player
        } else {
            self.opponent
        }
    }

    /// White's discs.
    pub const fn white(&self) -> u64 {
        if self.black_to_move {
            self.opponent
        } else {
            self.player
        }
    }

    /// The empty squares.
    pub const fn empties(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// The side to move's legal moves.
    pub fn moves(&self) -> u64 {
        legal_moves(self.player, self.opponent)
    }

    /// The position after the side to move plays `sq`, or `None` if it turns nothing over.
    pub fn play(&self, sq: Square) -> Option<Self> {
        if self.empties() & (1 << sq) == 0 {
            return None;
        }
        let f = flips(self.player, self.opponent, sq);
        if f == 0 {
            return None;
        }
        Some(Self {
            player: self.opponent & !f,
            opponent: self.player | f | (1 << sq),
            black_to_move: !self.black_to_move,
        })
    }

    /// The position after the side to move passes (only legal when it has no move).
    #[must_use]
    pub const fn pass(&self) -> Self {
        Self {
            player: self.opponent,
            opponent: self.player,
            black_to_move: !self.black_to_move,
        }
    }

    /// Whether neither side can move.
    pub fn is_over(&self) -> bool {
        self.moves() == 0 && legal_moves(self.opponent, self.player) == 0
    }

    /// Reads the FFO line format: 64 characters (`X`, `O`, `-`), a space, the side to move;
    /// anything after the side (such as the FFO files' `; G8:+18;`) is ignored.
    ///
    /// # Errors
    ///
    /// A [`PositionError`] naming what is wrong with the line.
    pub fn parse(line: &str) -> Result<Self, PositionError> {
        let mut parts = line.split_whitespace();
        let board = parts.next().unwrap_or("");
        let count = board.chars().count();
        if count != 64 {
            return Err(PositionError::Length(count));
        }
        let mut black = 0;
        let mut white = 0;
        for (i, c) in board.chars().enumerate() {
            match c {
                'X' => black |= 1 << i,
                'O' => white |= 1 << i,
                '-' => {}
                found => {
                    return Err(PositionError::Square {
                        square: square_name(i as Square),
                        found,
                    });
                }
            }
        }
        let side = parts.next().unwrap_or("");
        let side = side.strip_suffix(';').unwrap_or(side);
        let black_to_move = match side {
            "X" => true,
            "O" => false,
            _ => return Err(PositionError::Side),
        };
        Ok(Self::from_colours(black, white, black_to_move))
    }
}

impl fmt::Display for Position {
    /// The FFO line format, the inverse of [`Position::parse`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (black, white) = (self.black(), self.white());
        for i in 0..64 {
            let bit = 1u64 << i;
            let c = if black & bit != 0 {
                'X'
            } else if white & bit != 0 {
                'O'
            } else {
                '-'
            };
            write!(f, "{c}")?;
        }
        write!(f, " {}", if self.black_to_move { 'X' } else { 'O' })
    }
}

/// The number of move sequences of length `depth` from (`p`, `o`): a pass counts as one ply
/// when the opponent can move; a finished game ends its sequences early and they do not count.
pub fn perft(p: u64, o: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves(p, o);
    if moves == 0 {
        return if legal_moves(o, p) == 0 {
            0
        } else {
            perft(o, p, depth - 1)
        };
    }
    if depth == 1 {
        return u64::from(moves.count_ones());
    }
    Bits(moves)
        .map(|sq| {
            let f = flips(p, o, sq);
            perft(o & !f, p | f | (1 << sq), depth - 1)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One step in each of the eight directions, as a shift on the bitboard with the mask of the
    /// squares the step may land on (the mask keeps a sideways step from wrapping to another rank).
    fn step(b: u64, dir: usize) -> u64 {
        match dir {
            0 => (b << 1) & !FILE_A,
            1 => (b >> 1) & !FILE_H,
            2 => b << 8,
            3 => b >> 8,
            4 => (b << 9) & !FILE_A,
            5 => (b >> 9) & !FILE_H,
            6 => (b << 7) & !FILE_H,
            _ => (b >> 7) & !FILE_A,
        }
    }

    /// Move generation by walking each direction square by square, to check the fast one.
    fn slow_flips(p: u64, o: u64, sq: Square) -> u64 {
        if (p | o) & (1 << sq) != 0 {
            return 0;
        }
        let mut all = 0;
        for dir in 0..8 {
            let mut run = 0;
            let mut cur = step(1 << sq, dir);
            while cur & o != 0 {
                run |= cur;
                cur = step(cur, dir);
            }
            if cur & p != 0 {
                all |= run;
            }
        }
        all
    }

    #[test]
    fn squares_convert_between_ffo_names_and_rules_coordinates() {
        assert_eq!(square_to_xy(0), (0, 7));
        assert_eq!(square_to_xy(63), (7, 0));
        let d4 = parse_square("d4").expect("valid name");
        assert_eq!(square_to_xy(d4), (3, 4));
        assert_eq!(START_WHITE & (1 << d4), 1 << d4);
        let e4 = parse_square("E4").expect("valid name");
        assert_eq!(square_to_xy(e4), (4, 4));
        assert_ne!(START_BLACK & (1 << e4), 0);
        let d5 = parse_square("d5").expect("valid name");
        assert_eq!(square_to_xy(d5), (3, 3));
        assert_ne!(START_BLACK & (1 << d5), 0);
        let e5 = parse_square("e5").expect("valid name");
        assert_eq!(square_to_xy(e5), (4, 3));
        assert_ne!(START_WHITE & (1 << e5), 0);
        for sq in 0..64 {
            let (x, y) = square_to_xy(sq);
            assert_eq!(xy_to_square(x, y), sq);
            assert_eq!(parse_square(&square_name(sq)), Some(sq));
        }
        assert_eq!(parse_square("i1"), None);
        assert_eq!(parse_square("a9"), None);
        assert_eq!(parse_square("a10"), None);
    }

    #[test]
    fn start_has_the_four_classic_moves() {
        let moves = legal_moves(START_BLACK, START_WHITE);
        let names: Vec<String> = Bits(moves).map(square_name).collect();
        assert_eq!(names, ["D3", "C4", "F5", "E6"]);
    }

    #[test]
    fn perft_matches_the_published_counts() {
        let expected = [
            4, 12, 56, 244, 1396, 8200, 55092, 390_216, 3_005_288, 24_571_056,
        ];
        for (depth, &count) in (1..).zip(expected.iter()) {
            assert_eq!(
                perft(START_BLACK, START_WHITE, depth),
                count,
                "depth {depth}"
            );
        }
    }

    #[test]
    fn position_lines_round_trip_and_bad_lines_are_named() {
        let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
        let pos = Position::parse(&format!("{line}; G8:+18;")).expect("valid line");
        assert_eq!(pos.to_string(), line);
        assert!(pos.black_to_move);
        assert_eq!(Position::parse("XO X"), Err(PositionError::Length(2)));
        let bad = line.replacen('-', "?", 1);
        assert!(matches!(
            Position::parse(&bad),
            Err(PositionError::Square { found: '?', .. })
        ));
        assert_eq!(
            Position::parse(&line.replace(" X", " Y")),
            Err(PositionError::Side)
        );
        assert_eq!(
            Position::parse(&line.replace(" X", "")),
            Err(PositionError::Side)
        );
    }

    proptest::proptest! {
        /// Boards with a full row or more of opponent discs and the player's discs sparse:
        /// long runs closed or open at the board's edge, rarer on random boards.
        #[test]
        fn flips_agree_with_walking_on_long_runs(row in 0u32..8, runs in proptest::num::u64::ANY, mine in proptest::num::u64::ANY) {
            let o = runs | (0xFF << (8 * row));
            let p = mine & !o & 0x8100_0000_0000_0081_u64.rotate_left(row);
            let o = o & !p;
            for sq in 0..64u8 {
                let (p, o) = (p & !(1 << sq), o & !(1 << sq));
                proptest::prop_assert_eq!(flips(p, o, sq), slow_flips(p, o, sq));
            }
        }

        /// The folded parities agree with counting each quadrant's empties.
        #[test]
        fn odd_regions_are_the_quadrants_with_an_odd_count(empty in proptest::num::u64::ANY) {
            let counted = QUADRANTS
                .iter()
                .filter(|&&q| (empty & q).count_ones() % 2 == 1)
                .fold(0, |acc, &q| acc | q);
            proptest::prop_assert_eq!(odd_regions(empty), counted);
        }

        #[test]
        fn fast_move_generation_agrees_with_walking(a in proptest::num::u64::ANY, b in proptest::num::u64::ANY) {
            let (p, o) = (a & !b, b);
            let moves = legal_moves(p, o);
            for sq in 0..64u8 {
                let slow = slow_flips(p, o, sq);
                proptest::prop_assert_eq!(moves & (1 << sq) != 0, slow != 0);
                if (p | o) & (1 << sq) == 0 {
                    proptest::prop_assert_eq!(flips(p, o, sq), slow);
                }
            }
        }
    }
}
