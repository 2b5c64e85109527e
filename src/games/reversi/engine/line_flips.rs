//! The discs a move turns over, line by line through lookup tables.
//!
//! Each of the four lines through the square (row, file, diagonal, anti-diagonal) is gathered
//! into an 8-bit pattern of each side's discs; one table gives where the mover's disc must be
//! to close the runs of opponent discs next to the square, another the discs turned over once
//! it is there; the result goes back onto the board. Four lines of table work in place of
//! eight rays walked one by one. Tested against a walk of the board in `board.rs`.

// `p` and `o` (player, opponent) with `x` and `y` (file, rank) are the field's usual names.
#![allow(clippy::many_single_char_names)]

/// The discs of one file, one bit per rank.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// `OUTFLANK[i][opponent]`: the squares of a line of eight where a disc of the mover closes a
/// run of `opponent` discs starting next to square `i` (at most one on each side).
static OUTFLANK: [[u8; 256]; 8] = build_line_tables().0;

/// `FLIPPED[i][closing]`: the squares strictly between square `i` and the nearest square of
/// `closing` on each side.
static FLIPPED: [[u8; 256]; 8] = build_line_tables().1;

/// A file's 8-bit pattern (as [`gather_file`] makes it) spread back onto file a.
static FILE_SPREAD: [u64; 256] = build_file_spread();

/// The diagonal (towards h8) and the anti-diagonal (towards a8) through each square.
pub(super) static DIAGONALS: [(u64, u64); 64] = build_diagonals();

/// The first squares on either side of square `i` of a line of eight that are not in
/// `members`, walking outwards from `i`: `-1` or `8` when the run reaches the line's end.
const fn run_ends(members: usize, i: usize) -> (i32, i32) {
    let mut left = i as i32 - 1;
    while left >= 0 && members & (1 << left) != 0 {
        left -= 1;
    }
    let mut right = i as i32 + 1;
    while right < 8 && members & (1 << right) != 0 {
        right += 1;
    }
    (left, right)
}

/// The squares strictly between `from` and `to` (either order) on a line of eight.
const fn between(from: i32, to: i32) -> u8 {
    let (low, high) = if from < to { (from, to) } else { (to, from) };
    let mut bits = 0u8;
    let mut j = low + 1;
    while j < high {
        bits |= 1 << j;
        j += 1;
    }
    bits
}

/// Builds [`OUTFLANK`] and [`FLIPPED`] together (one walk over every square and pattern);
/// `last_flip.rs` builds its counting table from the same two, so which discs a line turns
/// over is defined once.
pub(super) const fn build_line_tables() -> ([[u8; 256]; 8], [[u8; 256]; 8]) {
    let mut outflank = [[0u8; 256]; 8];
    let mut flipped = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            // `line` as the opponent's discs: a run's end closes it when it is on the board
            // and the run is not empty.
            let (left, right) = run_ends(line, i);
            if left >= 0 && left < i as i32 - 1 {
                outflank[i][line] |= 1 << left;
            }
            if right < 8 && right > i as i32 + 1 {
                outflank[i][line] |= 1 << right;
            }
            // `line` as the closing discs: the squares up to the nearest one on each side.
            let (left, right) = run_ends(!line & 0xFF, i);
            if left >= 0 {
                flipped[i][line] |= between(left, i as i32);
            }
            if right < 8 {
                flipped[i][line] |= between(i as i32, right);
            }
            line += 1;
        }
        i += 1;
    }
    (outflank, flipped)
}

const fn build_file_spread() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut bits = 0;
    while bits < 256 {
        let mut k = 0;
        while k < 8 {
            if bits & (1 << k) != 0 {
                table[bits] |= 1 << (8 * (7 - k));
            }
            k += 1;
        }
        bits += 1;
    }
    table
}

const fn build_diagonals() -> [(u64, u64); 64] {
    let mut lines = [(0u64, 0u64); 64];
    let mut sq = 0;
    while sq < 64 {
        let (x, y) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut other: i32 = 0;
        while other < 64 {
            let (u, v) = (other % 8, other / 8);
            if u - x == v - y {
                lines[sq].0 |= 1 << other;
            }
            if u - x == y - v {
                lines[sq].1 |= 1 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    lines
}

/// File `x` of `b` as 8 bits, rank 7 first (bit 0) and rank 0 last (bit 7).
#[inline]
pub(super) fn gather_file(b: u64, x: usize) -> usize {
    (((b >> x) & FILE_A).wrapping_mul(0x8040_2010_0804_0201) >> 56) as usize
}

/// The squares of `b` on `line` (a diagonal or anti-diagonal) as 8 bits, one per file: each
/// square of such a line is on its own file, so the partial products never overlap.
#[inline]
pub(super) fn gather_by_file(b: u64, line: u64) -> usize {
    ((b & line).wrapping_mul(FILE_A) >> 56) as usize
}

/// The discs `p` turns over by playing the empty square `sq` (a `board::Square`, 0–63; the
/// tables below the board take it as a plain index) against `o` (0 when the move is
/// illegal). The exact solver calls this at nearly every node: measured on FFO 20–39, the
/// tables take 6–8 % less time than walking eight rays (docs/BENCHMARKS.md).
#[allow(clippy::inline_always)]
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: u8) -> u64 {
    let sq = sq as usize & 63;
    let (x, y) = (sq % 8, sq / 8);
    let (diagonal, anti) = DIAGONALS[sq];
    // Row: position x.
    let row_o = (o >> (8 * y)) as usize & 0xFF;
    let row_p = (p >> (8 * y)) as usize & 0xFF;
    let row = u64::from(FLIPPED[x][usize::from(OUTFLANK[x][row_o]) & row_p]) << (8 * y);
    // File: position 7 - y.
    let file_o = gather_file(o, x);
    let file_p = gather_file(p, x);
    let file = FILE_SPREAD
        [usize::from(FLIPPED[7 - y][usize::from(OUTFLANK[7 - y][file_o]) & file_p])]
        << x;
    // Diagonals: position x.
    let d_o = gather_by_file(o, diagonal);
    let d_p = gather_by_file(p, diagonal);
    let d =
        u64::from(FLIPPED[x][usize::from(OUTFLANK[x][d_o]) & d_p]).wrapping_mul(FILE_A) & diagonal;
    let a_o = gather_by_file(o, anti);
    let a_p = gather_by_file(p, anti);
    let a = u64::from(FLIPPED[x][usize::from(OUTFLANK[x][a_o]) & a_p]).wrapping_mul(FILE_A) & anti;
    row | file | d | a
}
