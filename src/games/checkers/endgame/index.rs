//! Where a position sits in the database: its material and its number within that material.
//!
//! Every position is first seen from the side to move ([`Normal::of`]): when white is to move
//! the board is turned half a turn (square `i` becomes `31 - i`) and the colours swapped, so
//! the side to move is always "black", moving down and crowned on row 0. The database then
//! holds one side to move only, and its positions per material are exactly the positions
//! counted without a side to move (the published counts, `tests/checkers_endgame.rs`).
//!
//! Within a [`Material`] a position's number is, most significant first: the mover's pawns (a
//! set of the 28 squares 4–31 they may stand on), the other side's pawns (a set of squares
//! 0–27), the mover's kings among the squares the pawns leave empty, the other side's kings
//! among the squares left after those. Sets are numbered in the combinatorial number system.
//! Two pawn sets that share a square give numbers no position has ([`Material::unindex`]
//! says `None`): a few slots wasted for an index that is simple to compute both ways, and a
//! pawn placement is a contiguous run of numbers (a [`PawnBlock`]), which is what the
//! generator and the runtime solve one at a time.

use crate::games::checkers::engine::board::Position;

/// Squares of the board.
const SQUARES: u32 = 32;
/// Squares a pawn may stand on (all but its crowning row).
const PAWN_SQUARES: u32 = 28;

/// `BINOMIAL[n][k]` = n choose k, for n up to 32 and k up to 6.
pub const BINOMIAL: [[u64; 7]; 33] = binomials();

const fn binomials() -> [[u64; 7]; 33] {
    let mut t = [[0u64; 7]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= 6 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
}

/// n choose k for the small k the index needs.
#[inline]
const fn choose(n: u32, k: u8) -> u64 {
    BINOMIAL[n as usize][k as usize]
}

/// The rank of a set of `squeezed` positions (sorted ascending) in the combinatorial number
/// system: the sum of `C(p_i, i + 1)`.
#[inline]
fn rank(squeezed: impl Iterator<Item = u32>) -> u64 {
    squeezed
        .enumerate()
        .map(|(i, p)| choose(p, (i + 1) as u8))
        .sum()
}

/// The `count` positions (ascending) of the set whose rank is `r` (the inverse of [`rank`]).
fn unrank(mut r: u64, count: u8, out: &mut [u32; 6]) {
    for k in (1..=count).rev() {
        let mut p = u32::from(k) - 1;
        while choose(p + 1, k) <= r {
            p += 1;
        }
        r -= choose(p, k);
        out[usize::from(k) - 1] = p;
    }
}

/// Rotates a bitboard half a turn: square `i` becomes `31 - i`.
#[inline]
pub const fn rotate(bits: u32) -> u32 {
    bits.reverse_bits()
}

/// How many pieces of each kind each side has, the side to move first: one table of the
/// database.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// The side to move's kings.
    pub mover_kings: u8,
    /// The side to move's pawns.
    pub mover_pawns: u8,
    /// The other side's kings.
    pub other_kings: u8,
    /// The other side's pawns.
    pub other_pawns: u8,
}

impl Material {
    /// Every material with `pieces` pieces in all and at least one on each side, in the order
    /// the generator needs: fewer pawns first (a crowning leads to a material with one pawn
    /// less), then by the counts.
    pub fn with_pieces(pieces: u8) -> Vec<Self> {
        let mut out = Vec::new();
        for mover in 1..pieces {
            let other = pieces - mover;
            for mover_kings in 0..=mover {
                for other_kings in 0..=other {
                    out.push(Self {
                        mover_kings,
                        mover_pawns: mover - mover_kings,
                        other_kings,
                        other_pawns: other - other_kings,
                    });
                }
            }
        }
        out.sort_by_key(|m| (m.pawns(), *m));
        out
    }

    /// The material of the position seen from the other side (after a move that neither
    /// captures nor crowns).
    #[must_use]
    pub const fn swapped(self) -> Self {
        Self {
            mover_kings: self.other_kings,
            mover_pawns: self.other_pawns,
            other_kings: self.mover_kings,
            other_pawns: self.mover_pawns,
        }
    }

    /// Pieces on the board.
    pub const fn pieces(self) -> u8 {
        self.mover_kings + self.mover_pawns + self.other_kings + self.other_pawns
    }

    /// Pawns on the board.
    pub const fn pawns(self) -> u8 {
        self.mover_pawns + self.other_pawns
    }

    /// The material's short name, side to move first: `K` a king, `P` a pawn, `v` between
    /// the sides (`KKvKP`).
    pub fn name(self) -> String {
        let side =
            |kings: u8, pawns: u8| "K".repeat(usize::from(kings)) + &"P".repeat(usize::from(pawns));
        format!(
            "{}v{}",
            side(self.mover_kings, self.mover_pawns),
            side(self.other_kings, self.other_pawns)
        )
    }

    /// Pawn placements counted by the index (some share a square and hold no position).
    pub const fn pawn_blocks(self) -> u64 {
        choose(PAWN_SQUARES, self.mover_pawns) * choose(PAWN_SQUARES, self.other_pawns)
    }

    /// Positions in one pawn placement: the kings' arrangements on the squares left.
    pub const fn block_len(self) -> u64 {
        let empty = SQUARES - self.pawns() as u32;
        choose(empty, self.mover_kings) * choose(empty - self.mover_kings as u32, self.other_kings)
    }

    /// Numbers in the index, invalid slots included.
    pub const fn len(self) -> u64 {
        self.pawn_blocks() * self.block_len()
    }

    /// Whether the index is empty (never, for a material with pieces on both sides).
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The pawn placement with number `block`, or `None` when its two sets share a square.
    pub fn pawn_block(self, block: u64) -> Option<PawnBlock> {
        let others = choose(PAWN_SQUARES, self.other_pawns);
        let mut squares = [0u32; 6];
        unrank(block / others, self.mover_pawns, &mut squares);
        let mover_pawns = squares[..usize::from(self.mover_pawns)]
            .iter()
            .fold(0u32, |b, &s| b | 1 << (s + 4));
        unrank(block % others, self.other_pawns, &mut squares);
        let other_pawns = squares[..usize::from(self.other_pawns)]
            .iter()
            .fold(0u32, |b, &s| b | 1 << s);
        (mover_pawns & other_pawns == 0).then(|| PawnBlock::new(self, mover_pawns, other_pawns))
    }

    /// The number of the pawn placement `mover_pawns`, `other_pawns` (which must fit this
    /// material).
    fn block_number(self, mover_pawns: u32, other_pawns: u32) -> u64 {
        let mp = rank(bits(mover_pawns).map(|s| s - 4));
        let op = rank(bits(other_pawns));
        mp * choose(PAWN_SQUARES, self.other_pawns) + op
    }

    /// The position with number `index`, or `None` for a slot no position has.
    pub fn unindex(self, index: u64) -> Option<Normal> {
        let block = self.pawn_block(index / self.block_len())?;
        Some(block.position(index % self.block_len()))
    }
}

/// The set bits of `b`, lowest first.
#[inline]
fn bits(mut b: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let s = b.trailing_zeros();
            b &= b - 1;
            s
        })
    })
}

/// A position seen from the side to move, which moves down the board: the database's form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Normal {
    /// The side to move's pieces.
    pub mover: u32,
    /// The other side's pieces.
    pub other: u32,
    /// The kings of both.
    pub kings: u32,
}

impl Normal {
    /// The position as the side to move sees it (turned and swapped when white is to move).
    pub const fn of(pos: &Position) -> Self {
        if pos.black_to_move {
            Self {
                mover: pos.black,
                other: pos.white,
                kings: pos.kings,
            }
        } else {
            Self {
                mover: rotate(pos.white),
                other: rotate(pos.black),
                kings: rotate(pos.kings),
            }
        }
    }

    /// The engine position, black to move.
    pub const fn position(self) -> Position {
        Position {
            black: self.mover,
            white: self.other,
            kings: self.kings,
            black_to_move: true,
            quiet_plies: 0,
        }
    }

    /// Its material.
    pub const fn material(self) -> Material {
        Material {
            mover_kings: (self.mover & self.kings).count_ones() as u8,
            mover_pawns: (self.mover & !self.kings).count_ones() as u8,
            other_kings: (self.other & self.kings).count_ones() as u8,
            other_pawns: (self.other & !self.kings).count_ones() as u8,
        }
    }

    /// Its number within its material.
    pub fn index(self) -> u64 {
        let material = self.material();
        let mover_pawns = self.mover & !self.kings;
        let other_pawns = self.other & !self.kings;
        let block = material.block_number(mover_pawns, other_pawns);
        block * material.block_len() + king_rank(material, mover_pawns | other_pawns, self)
    }
}

/// The kings' number within their pawn placement `pawns`.
#[inline]
fn king_rank(material: Material, pawns: u32, pos: Normal) -> u64 {
    let mover_kings = pos.mover & pos.kings;
    let other_kings = pos.other & pos.kings;
    let squeeze = |s: u32, taken: u32| s - (taken & ((1u32 << s) - 1)).count_ones();
    let mk = rank(bits(mover_kings).map(|s| squeeze(s, pawns)));
    let ok = rank(bits(other_kings).map(|s| squeeze(s, pawns | mover_kings)));
    let empty = SQUARES - u32::from(material.pawns()) - u32::from(material.mover_kings);
    mk * choose(empty, material.other_kings) + ok
}

/// One pawn placement of a material: its positions differ only in where the kings stand, and
/// only a capture or a pawn move leaves it. The unit the generator solves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PawnBlock {
    /// The material.
    pub material: Material,
    /// The side to move's pawns.
    pub mover_pawns: u32,
    /// The other side's pawns.
    pub other_pawns: u32,
}

impl PawnBlock {
    const fn new(material: Material, mover_pawns: u32, other_pawns: u32) -> Self {
        Self {
            material,
            mover_pawns,
            other_pawns,
        }
    }

    /// The block a position belongs to.
    pub const fn of(pos: Normal) -> Self {
        Self::new(
            pos.material(),
            pos.mover & !pos.kings,
            pos.other & !pos.kings,
        )
    }

    /// The same placement seen by the other side: where a king move leads.
    #[must_use]
    pub const fn swapped(self) -> Self {
        Self::new(
            self.material.swapped(),
            rotate(self.other_pawns),
            rotate(self.mover_pawns),
        )
    }

    /// The index of its first position in its material's table.
    pub fn start(self) -> u64 {
        self.material
            .block_number(self.mover_pawns, self.other_pawns)
            * self.material.block_len()
    }

    /// Its positions.
    pub const fn len(self) -> u64 {
        self.material.block_len()
    }

    /// Whether it holds no position (never: every material has a kings' arrangement).
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The pawns' steps left to their crowning rows, added up: every pawn move takes one off,
    /// a king move none, so solving blocks by increasing distance finds every pawn move's
    /// result already known. The same seen from either side.
    pub const fn distance(self) -> u32 {
        let mut d = 0;
        let mut b = self.mover_pawns;
        while b != 0 {
            d += b.trailing_zeros() / 4;
            b &= b - 1;
        }
        let mut b = self.other_pawns;
        while b != 0 {
            d += 7 - b.trailing_zeros() / 4;
            b &= b - 1;
        }
        d
    }

    /// The position with kings' number `local` (below [`PawnBlock::len`]).
    pub fn position(self, local: u64) -> Normal {
        let m = self.material;
        let pawns = self.mover_pawns | self.other_pawns;
        let empty = SQUARES - u32::from(m.pawns()) - u32::from(m.mover_kings);
        let others = choose(empty, m.other_kings);
        let mut squeezed = [0u32; 6];
        unrank(local / others, m.mover_kings, &mut squeezed);
        let mover_kings = unsqueeze(&squeezed[..usize::from(m.mover_kings)], pawns);
        unrank(local % others, m.other_kings, &mut squeezed);
        let other_kings = unsqueeze(&squeezed[..usize::from(m.other_kings)], pawns | mover_kings);
        Normal {
            mover: self.mover_pawns | mover_kings,
            other: self.other_pawns | other_kings,
            kings: mover_kings | other_kings,
        }
    }

    /// The kings' number of a position of this block.
    #[inline]
    pub fn local(self, pos: Normal) -> u64 {
        king_rank(self.material, self.mover_pawns | self.other_pawns, pos)
    }
}

/// The squares that are the `squeezed`-th free squares (not in `taken`), as a bitboard.
fn unsqueeze(squeezed: &[u32], taken: u32) -> u32 {
    let mut out = 0;
    let mut free = !taken;
    let mut seen = 0;
    let mut want = squeezed.iter().peekable();
    while let Some(&&p) = want.peek() {
        let s = free.trailing_zeros();
        free &= free - 1;
        if seen == p {
            out |= 1 << s;
            want.next();
        }
        seen += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_of_small_materials_reads_back() {
        for pieces in 2..=3 {
            for material in Material::with_pieces(pieces) {
                let mut valid = 0;
                for i in 0..material.len() {
                    if let Some(pos) = material.unindex(i) {
                        valid += 1;
                        assert_eq!(pos.material(), material);
                        assert_eq!(pos.index(), i, "{}", material.name());
                        assert_eq!(pos.mover & pos.other, 0);
                        // Pawns never stand on their crowning rows.
                        assert_eq!(pos.mover & !pos.kings & 0xF, 0);
                        assert_eq!(pos.other & !pos.kings & 0xF000_0000, 0);
                    }
                }
                assert!(valid > 0);
            }
        }
    }

    #[test]
    fn turning_the_board_twice_gives_it_back() {
        let pos = Position {
            black: 0x0010_2040,
            white: 0x0300_0001,
            kings: 0x0100_0040,
            black_to_move: false,
            quiet_plies: 0,
        };
        let seen = Normal::of(&pos);
        assert_eq!(seen.mover, rotate(pos.white));
        let back = Normal::of(&Position {
            black_to_move: false,
            black: rotate(seen.other),
            white: rotate(seen.mover),
            kings: rotate(seen.kings),
            quiet_plies: 0,
        });
        assert_eq!(back, seen);
    }

    #[test]
    fn a_pawn_move_takes_one_off_the_distance() {
        let material = Material {
            mover_kings: 0,
            mover_pawns: 1,
            other_kings: 0,
            other_pawns: 1,
        };
        // A mover's pawn on row 5, the other's on row 1.
        let block = PawnBlock::new(material, 1 << 20, 1 << 5);
        assert_eq!(block.distance(), 5 + 6);
        assert_eq!(block.swapped().distance(), block.distance());
        let moved = PawnBlock::new(material, 1 << 16, 1 << 5);
        assert_eq!(moved.distance(), block.distance() - 1);
    }
}
