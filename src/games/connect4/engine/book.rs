//! The opening book: exact scores of every early position, computed once by the project's own
//! solver (`cargo run --release --example connect4_book`) and shipped in
//! `assets/connect4/book.bin`, so the perfect level answers at once where live solving is
//! slowest.
//!
//! Positions and their mirror images share one entry. Only positions the solver could ask
//! about are stored: the game goes on and the side to move cannot win at once.
//!
//! File format (little-endian): the 8 bytes `PC4BOOK1`, one byte for the deepest ply held,
//! a `u32` entry count, then the entries in increasing order, 7 bytes each: the symmetric
//! position key (49 bits) shifted left by 6, plus the score minus the lowest score (0..=36).

use std::collections::HashSet;
use std::sync::{Arc, OnceLock};

use super::position::{Position, WIDTH};
use super::solver::{MAX_SCORE, MIN_SCORE, Solver};

/// The magic bytes that start a book file.
const MAGIC: &[u8; 8] = b"PC4BOOK1";
/// Bytes of the header: magic, depth, count.
const HEADER_LEN: usize = 8 + 1 + 4;
/// Bytes per entry.
const ENTRY_LEN: usize = 7;
/// Bits of an entry that hold the score.
const SCORE_BITS: u32 = 6;

/// The book shipped with the program.
const EMBEDDED: &[u8] = include_bytes!("../../../../assets/connect4/book.bin");

/// Why bytes are not a book. Each message is one sentence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The file does not start like a book.
    #[error("not a Connect Four opening book (bad header)")]
    BadHeader,
    /// The length does not match the entry count.
    #[error(
        "the book is truncated or has trailing bytes: {expected} bytes expected, {found} found"
    )]
    Length {
        /// Bytes the header announces.
        expected: usize,
        /// Bytes present.
        found: usize,
    },
    /// Entries out of order or with an impossible score.
    #[error("entry {0} of the book is corrupt")]
    Entry(usize),
}

/// Exact scores of the positions up to a number of plies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Book {
    max_depth: u32,
    /// Packed entries (`key << 6 | score - MIN_SCORE`), sorted.
    entries: Vec<u64>,
}

impl Book {
    /// The book compiled into the program, parsed once; `None` if it is missing or corrupt
    /// (the perfect level then solves live, just slower).
    pub fn embedded() -> Option<Arc<Self>> {
        static BOOK: OnceLock<Option<Arc<Book>>> = OnceLock::new();
        BOOK.get_or_init(|| Self::from_bytes(EMBEDDED).ok().map(Arc::new))
            .clone()
    }

    /// A book from positions and their scores (any order; mirror images merged).
    pub fn from_scores(max_depth: u32, scores: impl IntoIterator<Item = (Position, i32)>) -> Self {
        let mut entries: Vec<u64> = scores
            .into_iter()
            .map(|(p, score)| pack(p.symmetric_key(), score))
            .collect();
        entries.sort_unstable();
        entries.dedup_by_key(|e| *e >> SCORE_BITS);
        Self { max_depth, entries }
    }

    /// The deepest ply the book holds.
    pub const fn max_depth(&self) -> u32 {
        self.max_depth
    }

    /// Positions held (mirror pairs count once).
    pub const fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book holds nothing.
    pub const fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The exact score of a position, if the book holds it.
    pub fn get(&self, position: &Position) -> Option<i32> {
        if position.moves_played() > self.max_depth {
            return None;
        }
        let key = position.symmetric_key();
        self.entries
            .binary_search_by_key(&key, |e| e >> SCORE_BITS)
            .ok()
            .map(|i| (self.entries[i] & ((1 << SCORE_BITS) - 1)) as i32 + MIN_SCORE)
    }

    /// Every entry as (symmetric key, score), for tests that check the book.
    #[cfg(test)]
    pub(super) fn entries(&self) -> impl Iterator<Item = (u64, i32)> + '_ {
        self.entries.iter().map(|e| {
            (
                e >> SCORE_BITS,
                (e & ((1 << SCORE_BITS) - 1)) as i32 + MIN_SCORE,
            )
        })
    }

    /// The file form (see the module documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + ENTRY_LEN * self.entries.len());
        out.extend_from_slice(MAGIC);
        out.push(self.max_depth as u8);
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        for e in &self.entries {
            out.extend_from_slice(&e.to_le_bytes()[..ENTRY_LEN]);
        }
        out
    }

    /// Reads the file form.
    ///
    /// # Errors
    /// [`BookError`] when the bytes are not a well-formed book.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, BookError> {
        if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
            return Err(BookError::BadHeader);
        }
        let max_depth = u32::from(bytes[8]);
        let mut count = [0u8; 4];
        count.copy_from_slice(&bytes[9..13]);
        let count = u32::from_le_bytes(count) as usize;
        let expected = HEADER_LEN + count * ENTRY_LEN;
        if bytes.len() != expected {
            return Err(BookError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let mut entries = Vec::with_capacity(count);
        for (i, chunk) in bytes[HEADER_LEN..].chunks_exact(ENTRY_LEN).enumerate() {
            let mut word = [0u8; 8];
            word[..ENTRY_LEN].copy_from_slice(chunk);
            let e = u64::from_le_bytes(word);
            let score = (e & ((1 << SCORE_BITS) - 1)) as i32 + MIN_SCORE;
            let ordered = entries
                .last()
                .is_none_or(|&last: &u64| last >> SCORE_BITS < e >> SCORE_BITS);
            if score > MAX_SCORE || !ordered {
                return Err(BookError::Entry(i));
            }
            entries.push(e);
        }
        Ok(Self { max_depth, entries })
    }
}

fn pack(key: u64, score: i32) -> u64 {
    debug_assert!((MIN_SCORE..=MAX_SCORE).contains(&score));
    (key << SCORE_BITS) | (score - MIN_SCORE) as u64
}

/// The positions a book holds from `root` down to `max_depth` plies (counted from the empty
/// board), by ply from the root's: one of each mirror pair, game not over, side to move
/// unable to win at once.
pub fn book_positions(root: Position, max_depth: u32) -> Vec<Vec<Position>> {
    let mut frontier = if root.is_over() {
        Vec::new()
    } else {
        vec![root]
    };
    let mut by_ply = Vec::new();
    for depth in root.moves_played()..=max_depth {
        by_ply.push(
            frontier
                .iter()
                .filter(|p| !p.can_win_next())
                .copied()
                .collect::<Vec<_>>(),
        );
        if depth == max_depth {
            break;
        }
        let mut seen = HashSet::new();
        let mut next = Vec::new();
        for p in &frontier {
            for col in 0..WIDTH {
                if !p.can_play(col) {
                    continue;
                }
                let mut child = *p;
                child.play(col);
                if !child.is_over() && seen.insert(child.symmetric_key()) {
                    next.push(child);
                }
            }
        }
        frontier = next;
    }
    by_ply
}

/// Solves every position from `root` down to `max_depth` plies (from the empty board; the
/// shipped book uses the empty board as root), deepest first so that each shallower ply is
/// answered from the plies below it. The transposition table has 2^`table_bits` slots (deep
/// books go faster with a big one). `progress(ply, done, total)` is called as it goes.
pub fn generate(
    root: Position,
    max_depth: u32,
    table_bits: u32,
    mut progress: impl FnMut(u32, usize, usize),
) -> Book {
    let by_ply = book_positions(root, max_depth);
    let mut solver = Solver::with_table_bits(table_bits);
    let mut scores: Vec<(Position, i32)> = Vec::new();
    for positions in by_ply.iter().rev() {
        for (i, p) in positions.iter().enumerate() {
            scores.push((*p, solver.solve(p)));
            progress(p.moves_played(), i + 1, positions.len());
        }
        solver.set_book(Some(Arc::new(Book::from_scores(
            max_depth,
            scores.iter().copied(),
        ))));
    }
    Book::from_scores(max_depth, scores)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A late root keeps generation cheap enough for a test.
    fn late_root() -> Position {
        Position::from_moves("4661237137541742643224").expect("legal")
    }

    #[test]
    fn round_trip_and_corruption() {
        let book = generate(late_root(), 25, 16, |_, _, _| {});
        assert!(book.len() > 20);
        let bytes = book.to_bytes();
        assert_eq!(Book::from_bytes(&bytes), Ok(book.clone()));
        assert_eq!(Book::from_bytes(b"nonsense"), Err(BookError::BadHeader));
        assert!(matches!(
            Book::from_bytes(&bytes[..bytes.len() - 1]),
            Err(BookError::Length { .. })
        ));
        let mut swapped = bytes.clone();
        let (a, b) = (HEADER_LEN, HEADER_LEN + ENTRY_LEN);
        let first: Vec<u8> = swapped[a..b].to_vec();
        let second: Vec<u8> = swapped[b..b + ENTRY_LEN].to_vec();
        swapped[a..b].copy_from_slice(&second);
        swapped[b..b + ENTRY_LEN].copy_from_slice(&first);
        assert_eq!(Book::from_bytes(&swapped), Err(BookError::Entry(1)));
    }

    #[test]
    fn a_generated_book_agrees_with_the_solver() {
        let root = late_root();
        let book = generate(root, 25, 16, |_, _, _| {});
        let mut solver = Solver::with_table_bits(18);
        let mut checked = 0;
        for p in book_positions(root, 25).iter().flatten() {
            let held = book.get(p).expect("every listed position is in the book");
            assert_eq!(held, solver.solve(p));
            assert_eq!(book.get(&p.mirrored()), Some(held));
            checked += 1;
        }
        assert_eq!(checked, book.len());
        assert!(checked > 50);
        // Positions beyond its depth are not answered.
        let mut deeper = root;
        for col in [0, 6, 0, 6] {
            deeper.play(col);
        }
        assert_eq!(book.get(&deeper), None);
    }

    /// Every entry of the shipped book is the best of its children's scores (from the book
    /// itself or an immediate win), and the deepest entries agree with live solving where
    /// that is quick. (A header-only book, shipped while no deeper one has been generated,
    /// only has to parse.)
    #[test]
    fn the_shipped_book_is_consistent() {
        let book = Book::embedded().expect("the shipped book parses");
        if book.is_empty() {
            return;
        }
        // The published value of the empty board: the first player wins with its last token.
        assert_eq!(book.get(&Position::empty()), Some(1));
        let mut solver = Solver::with_table_bits(20);
        let never = std::sync::atomic::AtomicBool::new(false);
        let mut live_attempts = 0;
        for (key, score) in book.entries() {
            assert!((MIN_SCORE..=MAX_SCORE).contains(&score), "entry {key}");
        }
        for p in book_positions(Position::empty(), book.max_depth())
            .iter()
            .flatten()
        {
            let held = book.get(p).expect("every book position is held");
            if p.moves_played() < book.max_depth() {
                let best = (0..WIDTH)
                    .filter(|&c| p.can_play(c))
                    .map(|c| {
                        let mut child = *p;
                        child.play(c);
                        let moves = child.moves_played() as i32;
                        if child.can_win_next() {
                            -((42 + 1 - moves) / 2)
                        } else {
                            -book.get(&child).expect("children are held")
                        }
                    })
                    .max();
                assert_eq!(best, Some(held));
            } else if live_attempts < 40 {
                // A sample: the deepest ply holds thousands of positions, some slow to solve.
                live_attempts += 1;
                if let Ok(score) = solver.solve_with(p, &never, Some(2_000_000)) {
                    assert_eq!(score, held);
                }
            }
        }
    }

    #[test]
    fn positions_per_ply_merge_mirrors() {
        let by_ply = book_positions(Position::empty(), 2);
        assert_eq!(by_ply[0].len(), 1);
        assert_eq!(by_ply[1].len(), 4);
        // 49 two-move positions; only x and o both in the centre column is its own mirror.
        assert_eq!(by_ply[2].len(), 25);
    }
}
