//! The exact solver's transposition table: bounds on the value (−1, 0, 1) of canonical
//! positions (see [`super::symmetry`]) with a best move, in buckets of two entries.
//!
//! Of each bucket, the first entry keeps the position whose proof cost the most nodes
//! (depth-preferred: it saves the most when met again), the second always takes the newest.
//! Values are facts about positions, not about one search, so the table stays valid across
//! solves and is never cleared.

use super::board::{EngineMove, NO_ROTATION, Position};

/// One entry: word 0 holds the side to place's pieces (bits 0..36), the lower bound + 2
/// (36..38, never 0 in a used entry), the upper bound + 2 (38..40), the best move
/// (40..49: place × 8 + rotation, 511 for none) and the cost (49..55, about log2 of the
/// nodes the proof took); word 1 the other side's pieces.
#[derive(Clone, Copy)]
struct Entry {
    word: u64,
    you: u64,
}

const BITS36: u64 = (1 << 36) - 1;
const NO_MOVE: u64 = 511;

impl Entry {
    fn used(self) -> bool {
        (self.word >> 36) & 3 != 0
    }

    fn holds(self, pos: Position) -> bool {
        self.used() && self.word & BITS36 == pos.me && self.you == pos.you
    }

    fn lower(self) -> i8 {
        ((self.word >> 36) & 3) as i8 - 2
    }

    fn upper(self) -> i8 {
        ((self.word >> 38) & 3) as i8 - 2
    }

    fn cost(self) -> u32 {
        ((self.word >> 49) & 63) as u32
    }

    fn best(self) -> Option<EngineMove> {
        let code = (self.word >> 40) & 511;
        (code != NO_MOVE).then_some(EngineMove {
            place: (code / 8) as u8,
            rotation: (code % 8) as u8,
        })
    }

    fn new(pos: Position, lower: i8, upper: i8, best: Option<EngineMove>, cost: u32) -> Self {
        let code = best
            .filter(|mv| mv.rotation != NO_ROTATION)
            .map_or(NO_MOVE, |mv| {
                u64::from(mv.place) * 8 + u64::from(mv.rotation)
            });
        Self {
            word: pos.me
                | ((lower + 2) as u64) << 36
                | ((upper + 2) as u64) << 38
                | code << 40
                | u64::from(cost.min(63)) << 49,
            you: pos.you,
        }
    }
}

/// What the table knows of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Known {
    /// The value is at least this.
    pub lower: i8,
    /// The value is at most this.
    pub upper: i8,
    /// The move that proved the last bound, in the canonical position's frame.
    pub best: Option<EngineMove>,
}

/// The table: a power of two of two-entry buckets, kept as plain words so that a new table is
/// zeroed memory from the system (pages are only touched once used).
pub struct Table {
    buckets: Vec<[u64; 4]>,
    mask: usize,
    stored: u64,
}

/// Bytes per bucket.
pub const BUCKET_BYTES: usize = 32;

impl Table {
    /// A table of at most `megabytes` MB (rounded down to a power of two of buckets, at least
    /// 64 KB), zeroed.
    #[must_use]
    pub fn with_megabytes(megabytes: usize) -> Self {
        let bytes = megabytes.saturating_mul(1 << 20).max(1 << 16);
        let buckets = bytes / BUCKET_BYTES;
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        Self {
            buckets: vec![[0; 4]; buckets],
            mask: buckets - 1,
            stored: 0,
        }
    }

    /// The table's size in bytes.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_BYTES
    }

    /// How many entries were written (new or replaced) so far.
    #[must_use]
    pub fn stored(&self) -> u64 {
        self.stored
    }

    fn index(&self, pos: Position) -> usize {
        let h = (pos.me.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ pos.you.wrapping_mul(0xC2B2_AE3D_27D4_EB4F))
        .rotate_left(31)
        .wrapping_mul(0xD6E8_FEB8_6659_FD93);
        (h >> 20) as usize & self.mask
    }

    /// What is known of canonical `pos`, if anything.
    #[must_use]
    pub fn probe(&self, pos: Position) -> Option<Known> {
        let words = &self.buckets[self.index(pos)];
        let bucket = [
            Entry {
                word: words[0],
                you: words[1],
            },
            Entry {
                word: words[2],
                you: words[3],
            },
        ];
        bucket.iter().find(|e| e.holds(pos)).map(|e| Known {
            lower: e.lower(),
            upper: e.upper(),
            best: e.best(),
        })
    }

    /// Records bounds on canonical `pos` (merged with what is already known of it), the move
    /// that proved them and the proof's cost (about log2 of its nodes).
    pub fn store(
        &mut self,
        pos: Position,
        lower: i8,
        upper: i8,
        best: Option<EngineMove>,
        cost: u32,
    ) {
        let index = self.index(pos);
        let words = &mut self.buckets[index];
        let mut bucket = [
            Entry {
                word: words[0],
                you: words[1],
            },
            Entry {
                word: words[2],
                you: words[3],
            },
        ];
        if let Some(e) = bucket.iter_mut().find(|e| e.holds(pos)) {
            let best = best.or_else(|| e.best());
            *e = Entry::new(
                pos,
                lower.max(e.lower()),
                upper.min(e.upper()),
                best,
                cost.max(e.cost()),
            );
        } else {
            self.stored += 1;
            let entry = Entry::new(pos, lower, upper, best, cost);
            if !bucket[0].used() || cost >= bucket[0].cost() {
                bucket[1] = bucket[0];
                bucket[0] = entry;
            } else {
                bucket[1] = entry;
            }
        }
        *words = [bucket[0].word, bucket[0].you, bucket[1].word, bucket[1].you];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_merge() {
        let mut table = Table::with_megabytes(1);
        let pos = Position {
            me: 0b101,
            you: 1 << 35,
        };
        assert_eq!(table.probe(pos), None);
        let mv = EngineMove {
            place: 35,
            rotation: 7,
        };
        table.store(pos, 0, 1, Some(mv), 12);
        assert_eq!(
            table.probe(pos),
            Some(Known {
                lower: 0,
                upper: 1,
                best: Some(mv)
            })
        );
        table.store(pos, -1, 0, None, 3);
        let known = table.probe(pos).expect("kept");
        assert_eq!((known.lower, known.upper, known.best), (0, 0, Some(mv)));
        // The empty board and a lost position are storable too.
        let empty = Position { me: 0, you: 0 };
        table.store(empty, -1, -1, None, 0);
        assert_eq!(
            table.probe(empty).map(|k| (k.lower, k.upper)),
            Some((-1, -1))
        );
    }
}
