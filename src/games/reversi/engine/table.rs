//! The transposition table: bounds and the best move of positions already searched, so that a
//! position reached by another move order, or searched again one ply deeper, starts from what is
//! known.
//!
//! The table is shared by the threads of a parallel solve (`parallel.rs`), so its slots are
//! atomics read and written without locks: each slot keeps the entry's data word and the two
//! bitboards each combined by exclusive or with it (Hyatt and Mann's lockless hashing). A slot
//! torn by two threads writing at once no longer decodes to its position and reads as empty; a
//! lost entry costs only a search, never a wrong bound. Two slots make a bucket, aligned on a
//! 64-byte cache line.

// `p`/`o` (player, opponent) are the field's usual names for the two bitboards.
#![allow(clippy::many_single_char_names)]

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

use super::board::Square;

/// "No move recorded" in [`Entry::best`].
pub const NO_MOVE: u8 = 255;

/// [`Entry::depth`] from here up marks the endgame solver's entries: the number of empties
/// plus this (midgame entries hold their search depth, below it).
pub const ENDGAME: u8 = 0x80;

/// One stored position with the bounds proven for it at `depth`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// Everything but the position, in one word.
    fn data(&self) -> u64 {
        u64::from(self.lower as u16)
            | u64::from(self.upper as u16) << 16
            | u64::from(self.depth) << 32
            | u64::from(self.best) << 40
            | u64::from(self.level) << 48
            | u64::from(self.generation) << 56
    }

    fn unpack(player: u64, opponent: u64, data: u64) -> Self {
        Self {
            player,
            opponent,
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8,
            best: (data >> 40) as u8,
            level: (data >> 48) as u8,
            generation: (data >> 56) as u8,
        }
    }
}

/// One slot: the data word and the two bitboards each combined with it by exclusive or. An all-zero slot decodes
/// to generation 0, which marks it empty.
#[derive(Default)]
struct Slot {
    player: AtomicU64,
    opponent: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The slot's entry, if it was written whole (a torn slot reads as another position).
    #[inline]
    fn read(&self) -> Entry {
        let data = self.data.load(Relaxed);
        Entry::unpack(
            self.player.load(Relaxed) ^ data,
            self.opponent.load(Relaxed) ^ data,
            data,
        )
    }

    #[inline]
    fn write(&self, entry: &Entry) {
        let data = entry.data();
        self.data.store(data, Relaxed);
        self.player.store(entry.player ^ data, Relaxed);
        self.opponent.store(entry.opponent ^ data, Relaxed);
    }
}

/// Two slots on one cache line: a probe costs one memory access. (Packed at 48 bytes, half the
/// buckets straddled two lines; aligned, the solver is faster although the table is a third
/// larger: docs/BENCHMARKS.md, Reversi, "Seventh pass".)
#[derive(Default)]
#[repr(align(64))]
struct Bucket([Slot; 2]);

/// A fixed-size table of two-entry buckets; the shallower or older entry of a bucket gives way.
/// Every method takes `&self`: threads share one table.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: AtomicU8,
}

impl Table {
    /// A table of `2^bits` entries (two to a 64-byte bucket).
    pub fn new(bits: u32) -> Self {
        let size = 1usize << (bits.max(1) - 1);
        Self {
            buckets: (0..size).map(|_| Bucket::default()).collect(),
            mask: size - 1,
            generation: AtomicU8::new(1),
        }
    }

    /// Marks the entries stored so far as older, so a new search may overwrite them first.
    pub fn new_search(&self) {
        let next = self.generation.load(Relaxed).wrapping_add(1).max(1);
        self.generation.store(next, Relaxed);
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
        self.buckets[self.index(p, o)]
            .0
            .iter()
            .map(Slot::read)
            .find(|e| e.player == p && e.opponent == o && e.generation != 0)
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
        &self,
        p: u64,
        o: u64,
        depth: u8,
        level: u8,
        alpha: i32,
        beta: i32,
        score: i32,
        best: Option<Square>,
    ) {
        let [first, second] = &self.buckets[self.index(p, o)].0;
        let generation = self.generation.load(Relaxed);
        let (a, b) = (first.read(), second.read());
        let (slot, entry) = if a.player == p && a.opponent == o {
            (first, a)
        } else if b.player == p && b.opponent == o {
            (second, b)
        } else {
            // Replace the entry from an older search, else the shallower one.
            let key = |e: &Entry| (e.generation == generation, e.depth);
            if key(&a) <= key(&b) {
                (first, a)
            } else {
                (second, b)
            }
        };
        let position = entry.player == p && entry.opponent == o && entry.generation != 0;
        if position && entry.depth >= ENDGAME && depth < ENDGAME {
            if entry.best == NO_MOVE
                && let Some(sq) = best
            {
                slot.write(&Entry { best: sq, ..entry });
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
        slot.write(&Entry {
            player: p,
            opponent: o,
            lower,
            upper,
            depth,
            best: best.unwrap_or(if position { entry.best } else { NO_MOVE }),
            level,
            generation,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_survives_its_packing() {
        let entry = Entry {
            player: 0x0123_4567_89AB_CDEF,
            opponent: 0x1000_0000_0000_0001,
            lower: -32000,
            upper: 32000,
            depth: ENDGAME + 24,
            best: 63,
            level: 200,
            generation: 7,
        };
        assert_eq!(
            Entry::unpack(entry.player, entry.opponent, entry.data()),
            entry
        );
        let slot = Slot::default();
        slot.write(&entry);
        assert_eq!(slot.read(), entry);
    }

    #[test]
    fn a_torn_slot_reads_as_another_position() {
        let table = Table::new(4);
        table.store(1, 2, 5, u8::MAX, -10, 10, 3, Some(9));
        let hit = table.buckets[table.index(1, 2)]
            .0
            .iter()
            .find(|s| s.read().player == 1)
            .expect("stored");
        // Another thread's data word lands without its bitboards.
        hit.data.fetch_xor(1 << 20, Relaxed);
        assert_eq!(table.probe(1, 2), None);
    }

    /// Raises its flag when dropped.
    struct StopOnDrop<'d>(&'d std::sync::atomic::AtomicBool);

    impl Drop for StopOnDrop<'_> {
        fn drop(&mut self) {
            self.0.store(true, Relaxed);
        }
    }

    /// Two threads write four positions into one bucket of two slots (a table of a single
    /// bucket), so each store evicts another's entry, while this thread reads: a read never
    /// mixes one entry's bitboards with another's bounds. Slots written as three plain words
    /// do within a second (tried: four runs of four).
    #[test]
    fn racing_writers_never_mix_their_entries() {
        let table = Table::new(1);
        // Each position's score is its own: a mixed read shows the wrong one.
        let positions: [(u64, u64, i32); 4] = [
            (0x0F, 0xF0, 10),
            (0x0F00, 0xF000, -20),
            (0x0F_0000, 0xF0_0000, 30),
            (0x0F00_0000, 0xF000_0000, -40),
        ];
        let done = std::sync::atomic::AtomicBool::new(false);
        let mut seen = 0u32;
        std::thread::scope(|scope| {
            for mine in [[positions[0], positions[2]], [positions[1], positions[3]]] {
                let (table, done) = (&table, &done);
                scope.spawn(move || {
                    let mut depth = 0u8;
                    while !done.load(Relaxed) {
                        depth = depth.wrapping_add(1) % 100;
                        for (p, o, score) in mine {
                            table.store(p, o, depth, u8::MAX, -64, 64, score, None);
                        }
                    }
                });
            }
            // Stops the writers however the reading ends, a failed assertion included.
            let _stop = StopOnDrop(&done);
            // Reads until entries were found many times, however the threads are scheduled
            // (on a loaded machine the writers may start late).
            while seen < 2_000_000 {
                for &(p, o, score) in &positions {
                    if let Some(e) = table.probe(p, o) {
                        assert_eq!((e.lower, e.upper), (score as i16, score as i16));
                        seen += 1;
                    }
                }
            }
        });
    }

    #[test]
    fn bounds_from_windows_merge() {
        let table = Table::new(4);
        table.store(1, 2, 5, u8::MAX, 0, 10, 20, Some(3)); // at least 20
        table.store(1, 2, 5, u8::MAX, 30, 40, 25, None); // at most 25
        let e = table.probe(1, 2).expect("stored");
        assert_eq!((e.lower, e.upper, e.best), (20, 25, 3));
        table.store(1, 2, 3, u8::MAX, 0, 10, 5, None); // midgame result, another depth
        let e = table.probe(1, 2).expect("stored");
        assert_eq!((e.lower, e.upper, e.depth), (5, 5, 3));
    }
}
