//! Numbers every position of a given ply by a dense index, so the opening book can store a
//! score per index and no keys at all.
//!
//! A position is its column heights and which of its tokens are the first player's. For a
//! ply `n` the heights run over every way to share `n` tokens among the seven columns (at
//! most six each), in increasing order of the heights read as a base-7 number, column 1
//! first; of a height vector and its mirror image only the smaller is listed (a palindrome
//! is listed once, and then both mirror images of a position have their own index). Each
//! height vector owns a run of `C(n, ⌈n/2⌉)` indices: the first player's tokens are
//! `⌈n/2⌉` of the `n` filled cells, counted column by column from the bottom, ranked in the
//! combinatorial number system. A position is looked up in the orientation whose heights
//! are listed.
//!
//! Some indices stand for no position (a token pattern where a side already has four); the
//! book keeps them empty. Ply 8 has 104 580 indices (1 494 height vectors, 70 colourings each).

use super::position::{HEIGHT, Position, WIDTH, column_mask};

/// Bits per column in the board words (six rows and the sentinel).
const COLUMN_BITS: usize = HEIGHT + 1;

/// `BINOMIAL[n][k]` = n choose k, for the 42 cells of the board.
const BINOMIAL: [[u64; 43]; 43] = {
    let mut table = [[0u64; 43]; 43];
    let mut n = 0;
    while n < 43 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

/// The index layout of one ply (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyLayout {
    ply: u32,
    /// The listed height vectors as base-7 numbers, increasing.
    codes: Vec<u32>,
    /// Indices per height vector: C(ply, ⌈ply/2⌉).
    run: u64,
}

/// The column heights of a position's tokens.
fn heights_of(mask: u64) -> [u32; WIDTH] {
    std::array::from_fn(|col| (mask & column_mask(col)).count_ones())
}

/// A height vector as a base-7 number, column 1 the most significant digit.
fn code_of(heights: &[u32; WIDTH]) -> u32 {
    heights.iter().fold(0, |code, &h| code * 7 + h)
}

impl PlyLayout {
    /// The layout of ply `ply` (at most 42).
    pub fn new(ply: u32) -> Self {
        let mut codes = Vec::new();
        let mut heights = [0u32; WIDTH];
        list_heights(0, ply, &mut heights, &mut codes);
        codes.sort_unstable();
        Self {
            ply,
            codes,
            run: BINOMIAL[ply as usize][ply.div_ceil(2) as usize],
        }
    }

    /// How many indices the ply has.
    pub fn len(&self) -> usize {
        self.codes.len() * self.run as usize
    }

    /// The index of a position of this ply (in whichever orientation is listed).
    pub fn index(&self, position: &Position) -> Option<usize> {
        if position.moves_played() != self.ply {
            return None;
        }
        let mut mask = position.mask_bits();
        let mut first = position.first_player_bits();
        let mut heights = heights_of(mask);
        let mut mirrored = heights;
        mirrored.reverse();
        if mirrored < heights {
            let m = position.mirrored();
            mask = m.mask_bits();
            first = m.first_player_bits();
            heights = mirrored;
        }
        let row = self.codes.binary_search(&code_of(&heights)).ok()?;
        let mut rank = 0u64;
        let mut cell = 0usize;
        let mut ones = 0usize;
        for (col, &h) in heights.iter().enumerate() {
            for r in 0..h as usize {
                if first & (1 << (col * COLUMN_BITS + r)) != 0 {
                    ones += 1;
                    rank += BINOMIAL[cell][ones];
                }
                cell += 1;
            }
        }
        debug_assert_eq!(mask.count_ones() as usize, cell);
        Some(row * self.run as usize + rank as usize)
    }

    /// The position an index stands for, `None` when it stands for none (a side has four).
    pub fn position(&self, index: usize) -> Option<Position> {
        let run = self.run as usize;
        let code = *self.codes.get(index / run)?;
        let mut rank = (index % run) as u64;
        let mut heights = [0u32; WIDTH];
        let mut rest = code;
        for h in heights.iter_mut().rev() {
            *h = rest % 7;
            rest /= 7;
        }
        let mut cells = Vec::with_capacity(self.ply as usize);
        let mut mask = 0u64;
        for (col, &h) in heights.iter().enumerate() {
            for r in 0..h as usize {
                let bit = 1u64 << (col * COLUMN_BITS + r);
                cells.push(bit);
                mask |= bit;
            }
        }
        // Unrank: the largest cell c with C(c, k) <= rank holds the k-th token, and so on.
        let mut first = 0u64;
        let mut c = cells.len();
        for k in (1..=self.ply.div_ceil(2) as usize).rev() {
            c -= 1;
            while BINOMIAL[c][k] > rank {
                c -= 1;
            }
            rank -= BINOMIAL[c][k];
            first |= cells[c];
        }
        Position::from_parts(first, mask)
    }
}

/// Lists, into `codes`, the height vectors from column `col` on that hold `left` tokens and
/// come no later than their mirror image.
fn list_heights(col: usize, left: u32, heights: &mut [u32; WIDTH], codes: &mut Vec<u32>) {
    if col == WIDTH - 1 {
        if left as usize <= HEIGHT {
            heights[col] = left;
            let mut mirrored = *heights;
            mirrored.reverse();
            if *heights <= mirrored {
                codes.push(code_of(heights));
            }
        }
        return;
    }
    for h in 0..=left.min(HEIGHT as u32) {
        heights[col] = h;
        list_heights(col + 1, left - h, heights, codes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn binomials_are_right() {
        assert_eq!(BINOMIAL[8][4], 70);
        assert_eq!(BINOMIAL[42][21], 538_257_874_440);
        assert_eq!(BINOMIAL[5][0], 1);
        assert_eq!(BINOMIAL[5][5], 1);
    }

    #[test]
    fn every_index_of_the_early_plies_round_trips() {
        for ply in 0..=6 {
            let layout = PlyLayout::new(ply);
            let mut positions = 0;
            for index in 0..layout.len() {
                if let Some(p) = layout.position(index) {
                    assert_eq!(p.moves_played(), ply);
                    assert_eq!(layout.index(&p), Some(index), "ply {ply} index {index}");
                    assert!(layout.index(&p.mirrored()).is_some());
                    positions += 1;
                }
            }
            assert!(positions > 0);
        }
        assert_eq!(PlyLayout::new(0).len(), 1);
        assert_eq!(PlyLayout::new(1).len(), 4);
    }

    /// Every position of ply 4 (counted from the empty board by playing all moves) has an
    /// index, and a position and its mirror image the same one unless their heights are a
    /// palindrome.
    #[test]
    fn every_reachable_position_has_an_index() {
        let layout = PlyLayout::new(4);
        let mut frontier = vec![Position::empty()];
        for _ in 0..4 {
            let mut next = Vec::new();
            for p in frontier {
                for col in p.legal_columns() {
                    let mut q = p;
                    q.play(col);
                    if !q.is_over() {
                        next.push(q);
                    }
                }
            }
            frontier = next;
        }
        for p in frontier {
            let index = layout.index(&p).expect("listed");
            assert_eq!(
                layout.position(index).map(|q| q.symmetric_key()),
                Some(p.symmetric_key())
            );
            let mut h = heights_of(p.mask_bits());
            let forward = h;
            h.reverse();
            if h != forward {
                assert_eq!(layout.index(&p.mirrored()), Some(index));
            }
        }
    }

    proptest! {
        #[test]
        fn random_positions_round_trip(columns in proptest::collection::vec(0usize..WIDTH, 0..14)) {
            let mut p = Position::empty();
            for c in columns {
                if p.is_over() || !p.can_play(c) {
                    continue;
                }
                p.play(c);
            }
            prop_assume!(!p.is_over());
            let layout = PlyLayout::new(p.moves_played());
            let index = layout.index(&p).expect("every unfinished position has an index");
            prop_assert!(index < layout.len());
            let back = layout.position(index).expect("a position");
            prop_assert_eq!(back.symmetric_key(), p.symmetric_key());
        }
    }
}
