//! The transposition table: bounds and the best move of positions already searched, so that a
//! position reached by another move order, or searched again one ply deeper, starts from what is
//! known.

// `p`/`o` (player, opponent) are the field's usual names for the two bitboards.
#![allow(clippy::many_single_char_names)]

use super::board::Square;

/// "No move recorded" in [`Entry::best`].
pub const NO_MOVE: u8 = 255;

/// [`Entry::depth`] from here up marks the endgame solver's entries: the number of empties
/// plus this (midgame entries hold their search depth, below it).
pub const ENDGAME: u8 = 0x80;

/// One stored position with the bounds proven for it at `depth`.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    player: u64,
    opponent: u64,
    /// The value is at least this.
    pub lower: i16,
    /// The value is at most this.
    pub upper: i16,
    /// The search depth (midgame) or number of empties (endgame) the bounds hold for.
    pub depth: u8,
    /// The best move found, or [`NO_MOVE`].
    pub best: u8,
    /// How much pruning the bounds allow for: `u8::MAX` exact, lower for the selective
    /// passes of the endgame solver (see `search::Pass::level`).
    pub level: u8,
    generation: u8,
}

impl Entry {
    const EMPTY: Self = Self {
        player: 0,
        opponent: 0,
        lower: i16::MIN,
        upper: i16::MAX,
        depth: 0,
        best: NO_MOVE,
        level: 0,
        generation: 0,
    };
}

/// A fixed-size table of two-entry buckets; the shallower or older entry of a bucket gives way.
pub struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of `2^bits` entries (24 bytes each).
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits.max(1);
        Self {
            entries: vec![Entry::EMPTY; size],
            mask: (size - 1) & !1,
            generation: 1,
        }
    }

    /// Marks the entries stored so far as older, so a new search may overwrite them first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    #[inline]
    fn index(&self, p: u64, o: u64) -> usize {
        let h = (p.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ o.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
            .rotate_left(29)
            .wrapping_mul(0x1656_67B1_9E37_79F9);
        (h >> 20) as usize & self.mask
    }

    /// The entry for (`p`, `o`), if stored.
    #[inline]
    pub fn probe(&self, p: u64, o: u64) -> Option<Entry> {
        let i = self.index(p, o);
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.player == p && e.opponent == o && e.generation != 0)
            .copied()
    }

    /// Records what a search of (`p`, `o`) at `depth` and `level` within the window
    /// (`alpha`, `beta`) proved: `score` is an upper bound if it is at most `alpha`, a lower
    /// bound if at least `beta`, exact otherwise.
    ///
    /// An endgame entry (`depth` from [`ENDGAME`] up) is not replaced by a midgame one of the
    /// same position: the midgame searches the solver runs inside its selective passes would
    /// otherwise erase the endgame bounds they pass through.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn store(
        &mut self,
        p: u64,
        o: u64,
        depth: u8,
        level: u8,
        alpha: i32,
        beta: i32,
        score: i32,
        best: Option<Square>,
    ) {
        let i = self.index(p, o);
        let generation = self.generation;
        let slot = {
            let [a, b] = &self.entries[i..i + 2] else {
                unreachable!("buckets hold two entries")
            };
            if a.player == p && a.opponent == o {
                i
            } else if b.player == p && b.opponent == o {
                i + 1
            } else {
                // Replace the entry from an older search, else the shallower one.
                let key = |e: &Entry| (e.generation == generation, e.depth);
                if key(a) <= key(b) { i } else { i + 1 }
            }
        };
        let entry = &mut self.entries[slot];
        let position = entry.player == p && entry.opponent == o;
        if position && entry.depth >= ENDGAME && depth < ENDGAME {
            if entry.best == NO_MOVE {
                entry.best = best.unwrap_or(NO_MOVE);
            }
            return;
        }
        let same = position && entry.depth == depth && entry.level == level;
        let (mut lower, mut upper) = if same {
            (entry.lower, entry.upper)
        } else {
            (i16::MIN, i16::MAX)
        };
        let score16 = score.clamp(-32000, 32000) as i16;
        if score <= alpha {
            upper = upper.min(score16);
        } else if score >= beta {
            lower = lower.max(score16);
        } else {
            lower = score16;
            upper = score16;
        }
        *entry = Entry {
            player: p,
            opponent: o,
            lower,
            upper,
            depth,
            best: best.unwrap_or(if position { entry.best } else { NO_MOVE }),
            level,
            generation,
        };
    }
}
