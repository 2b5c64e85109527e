//! The solver's transposition table (see [`TransTable`]): bounds and moves of positions
//! already searched, so transpositions and the repeated null-window searches of one solve are
//! not searched again.

use super::position::{MAX_SCORE, MIN_SCORE};

/// The transposition table: buckets of two 64-bit slots, each holding the whole key (49
/// bits) above an 8-bit bound, above both the column (0-6, 7 for none) of the move that
/// refuted or raised the bound, and on top the entry's work class ([`work_class`]: how many
/// positions its search took, on a log scale). So a probe is one cache line and there are no
/// false hits. The first slot of a bucket keeps the entry that cost the most to find, the
/// second the latest entry: an expensive result is not overwritten by a cheap one. (Work
/// replaced the ply as the measure on 2026-11-28, after Steininger's solver: the ply is a
/// poor guess of the work below a node once forced lines are cheap; 4 % fewer positions on
/// Begin-Hard.) The index is a multiplicative hash of the key: the raw key's low bits
/// describe only the left columns.
pub(super) struct TransTable {
    slots: Vec<u64>,
    shift: u32,
}

/// Bits of a slot below the key: the bound.
const BOUND_BITS: u32 = 8;
/// Where the move sits in a slot: above the key's 49 bits.
const MOVE_SHIFT: u32 = BOUND_BITS + 49;
/// Where the work class sits in a slot: above the move's 3 bits (4 bits, 0-15).
const CLASS_SHIFT: u32 = MOVE_SHIFT + 3;
/// The key's bits in a slot.
const KEY_FIELD: u64 = ((1 << 49) - 1) << BOUND_BITS;
/// The move field of a slot that has no move.
pub(super) const NO_MOVE: usize = 7;

impl TransTable {
    // Written out rather than `vec![0; size]`: a zeroed allocation maps its pages lazily,
    // and a page fault on a first probe costs more than the search around it.
    #[allow(clippy::slow_vector_initialization)]
    pub(super) fn new(bits: u32) -> Self {
        let bits = bits.clamp(10, 30);
        let size = 1usize << bits;
        let mut slots = Vec::with_capacity(size);
        slots.resize(size, 0);
        Self {
            slots,
            shift: 64 - bits + 1,
        }
    }

    /// The first slot of the key's bucket.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize) * 2
    }

    /// Stores a bound and move under `key` with the work class `class` (smaller is kept
    /// first: see [`work_class`]).
    #[inline]
    pub(super) fn put(&mut self, key: u64, value: u8, column: usize, class: u64) {
        let i = self.bucket(key);
        let entry = (class << CLASS_SHIFT)
            | ((column as u64) << MOVE_SHIFT)
            | (key << BOUND_BITS)
            | u64::from(value);
        let first = self.slots[i];
        if first & KEY_FIELD == key << BOUND_BITS {
            self.slots[i] = entry;
        } else if self.slots[i + 1] & KEY_FIELD == key << BOUND_BITS {
            self.slots[i + 1] = entry;
        } else if entry >> CLASS_SHIFT <= first >> CLASS_SHIFT || first == 0 {
            self.slots[i + 1] = first;
            self.slots[i] = entry;
        } else {
            self.slots[i + 1] = entry;
        }
    }

    /// The stored bound (0 when the key is absent) and move ([`NO_MOVE`] when none).
    #[inline]
    pub(super) fn get(&self, key: u64) -> (u8, usize) {
        let i = self.bucket(key);
        for slot in [self.slots[i], self.slots[i + 1]] {
            if slot & KEY_FIELD == key << BOUND_BITS {
                return (slot as u8, ((slot >> MOVE_SHIFT) & 7) as usize);
            }
        }
        (0, NO_MOVE)
    }
}

/// A stored lower bound: the score is at least `score`.
pub(super) const fn lower_bound(score: i32) -> u8 {
    (score + MAX_SCORE - 2 * MIN_SCORE + 2) as u8
}

/// A stored upper bound: the score is at most `score`.
pub(super) const fn upper_bound(score: i32) -> u8 {
    (score - MIN_SCORE + 1) as u8
}

/// The replacement class of an entry whose search took `nodes` positions: 15 minus half the
/// number of binary digits, so 0 is the most expensive and [`TransTable::put`] keeps the
/// smaller class in a bucket's first slot.
#[inline]
pub(super) const fn work_class(nodes: u64) -> u64 {
    let digits = (64 - nodes.leading_zeros()) / 2;
    15 - if digits > 15 { 15 } else { digits as u64 }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three keys that share one bucket of a table of 2^10 slots.
    fn same_bucket_keys(table: &TransTable) -> [u64; 3] {
        let target = table.bucket(1);
        let mut keys = (1u64..).filter(|&k| table.bucket(k) == target);
        std::array::from_fn(|_| keys.next().expect("keys share buckets"))
    }

    #[test]
    fn a_bucket_keeps_the_costliest_entry_and_the_latest_one() {
        let mut table = TransTable::new(10);
        let [a, b, c] = same_bucket_keys(&table);
        table.put(a, 10, 1, 6);
        table.put(b, 11, 2, 10);
        assert_eq!((table.get(a), table.get(b)), ((10, 1), (11, 2)));
        // A cheaper entry than the kept one replaces the latest entry, not the costliest.
        table.put(c, 12, 3, 11);
        assert_eq!(
            (table.get(a), table.get(b), table.get(c)),
            ((10, 1), (0, NO_MOVE), (12, 3))
        );
        // A costlier entry takes the first slot; the entry it moves out replaces the latest.
        table.put(b, 13, 4, 1);
        assert_eq!(
            (table.get(a), table.get(b), table.get(c)),
            ((10, 1), (13, 4), (0, NO_MOVE))
        );
        // A key already held is updated where it is.
        table.put(a, 14, 5, 13);
        assert_eq!((table.get(a), table.get(b)), ((14, 5), (13, 4)));
    }

    #[test]
    fn work_classes_rank_bigger_searches_first() {
        assert_eq!(work_class(0), 15);
        assert_eq!(work_class(1), 15);
        assert_eq!(work_class(4), 14);
        assert!(work_class(1 << 20) < work_class(1 << 10));
        assert_eq!(work_class(u64::MAX), 0);
    }
}
