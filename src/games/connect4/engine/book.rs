//! The opening book: Master's move, and its value, in every early position Master can face,
//! computed once by the project's own solver (`examples/connect4_book.rs`, resumable) and
//! shipped in `assets/connect4/book.bin`, so the perfect level answers at once where live
//! solving is slowest.
//!
//! Which positions: Master as the first player moves in the empty board, then in every
//! position its book move and any reply lead to; as the second player, in every position after
//! any first move, then after its book move and any reply; and so on to the book's depth. A
//! position and its mirror image share one entry. Positions Master settles without search (it
//! can win at once, or every move loses at once) are left out.
//!
//! The file is untrusted input (a damaged or replaced asset must not make Master play an
//! illegal move or crash): it is read once, lazily, and refused with a [`BookError`] when it
//! is over [`MAX_BOOK_BYTES`], of another version, truncated, fails its checksum, or holds an
//! entry that is not a legal unfinished position with a playable move. Master then plays by
//! live search.
//!
//! File format, version 2 (little-endian):
//! - the 7 bytes `PC4BOOK` and a version byte (2);
//! - a `u32` entry count;
//! - a `u64` checksum: FNV-1a over all entry bytes;
//! - the entries, 8 bytes each, in strictly increasing order of key: the position's symmetric
//!   key (49 bits, see `Position::key`) shifted left by 15, then bit 9 set when the score is
//!   exact (clear: only its sign, the win/draw/loss value, is known), bits 6–8 the best
//!   column (0-based, for the position the key stands for; the mirror image plays `6 - c`),
//!   bits 0–5 the score minus the lowest score. Bits 10–14 are zero.

use std::sync::{Arc, OnceLock};

use super::position::{MAX_SCORE, MIN_SCORE};
use super::position::{Position, WIDTH};

/// The magic bytes that start a book file.
const MAGIC: &[u8; 7] = b"PC4BOOK";
/// The format version this code reads and writes.
pub const BOOK_VERSION: u8 = 2;
/// Bytes of the header: magic, version, count, checksum.
const HEADER_LEN: usize = 7 + 1 + 4 + 8;
/// Bytes per entry.
const ENTRY_LEN: usize = 8;
/// The largest book file accepted (8 MB, a million entries): a book is read whole into
/// memory, so a huge file is refused before anything is allocated for it.
pub const MAX_BOOK_BYTES: usize = 8 << 20;
/// Bits of an entry below the key.
const KEY_SHIFT: u32 = 15;
const SCORE_MASK: u64 = 0x3F;
const COLUMN_SHIFT: u32 = 6;
const EXACT_BIT: u64 = 1 << 9;
const RESERVED_MASK: u64 = 0x1F << 10;

/// The book shipped with the program.
const EMBEDDED: &[u8] = include_bytes!("../../../../assets/connect4/book.bin");

/// Why bytes are not a usable book. Each message is one sentence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// Bigger than any book this program makes.
    #[error("the book is {0} bytes, over the {MAX_BOOK_BYTES}-byte limit")]
    TooLarge(usize),
    /// The file does not start like a book.
    #[error("not a Connect Four opening book (bad header)")]
    BadHeader,
    /// A book of another format version.
    #[error("the book has format version {0}; this program reads version {BOOK_VERSION}")]
    Version(u8),
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
    /// The entries do not match the checksum in the header.
    #[error("the book is corrupt (checksum mismatch)")]
    Checksum,
    /// An entry that cannot be right.
    #[error("entry {index} of the book is corrupt: {reason}")]
    Entry {
        /// 0-based entry index.
        index: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
}

/// What the book says about one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookMove {
    /// The move Master plays (0-based column), already mirrored to the position asked about.
    pub column: usize,
    /// The score for the side to move (see the solver): exact when `exact`, otherwise only
    /// its sign is meaningful (1 win, 0 draw, -1 loss).
    pub score: i32,
    /// Whether `score` is the exact score, and so `column` the fastest win or slowest loss.
    pub exact: bool,
}

/// One entry, with the position it stands for (in the orientation of its key).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookEntry {
    /// The position, in the orientation of the smaller of its and its mirror's key.
    pub position: Position,
    /// What the book says about it (the column for `position` as given).
    pub best: BookMove,
}

/// Master's moves in the early positions it can face (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Book {
    /// Packed entries, sorted by key.
    entries: Vec<u64>,
    /// The deepest ply held (0 for an empty book).
    max_depth: u32,
}

impl Book {
    /// The book compiled into the program, parsed on first use; `None` if it is refused (the
    /// perfect level then solves live, just slower). [`Book::embedded_status`] says why.
    pub fn embedded() -> Option<Arc<Self>> {
        Self::embedded_status().ok()
    }

    /// The compiled-in book, or why it was refused (for a message to the person playing).
    ///
    /// # Errors
    /// The [`BookError`] the shipped bytes gave.
    pub fn embedded_status() -> Result<Arc<Self>, BookError> {
        static BOOK: OnceLock<Result<Arc<Book>, BookError>> = OnceLock::new();
        BOOK.get_or_init(|| Self::from_bytes(EMBEDDED).map(Arc::new))
            .clone()
    }

    /// A book from entries (any order, any orientation; of a position and its mirror the
    /// later one wins). Positions that are over are skipped; columns that cannot be played
    /// and scores out of range are skipped as well, so a book made here always reads back.
    pub fn from_entries(entries: impl IntoIterator<Item = (Position, BookMove)>) -> Self {
        let mut packed: Vec<u64> = Vec::new();
        for (position, best) in entries {
            if position.is_over() || !position.can_play(best.column) {
                continue;
            }
            if !(MIN_SCORE..=MAX_SCORE).contains(&best.score) {
                continue;
            }
            let key = position.key();
            let canonical = position.symmetric_key();
            let column = if key == canonical {
                best.column
            } else {
                WIDTH - 1 - best.column
            };
            let score = if best.exact {
                best.score
            } else {
                best.score.signum()
            };
            packed.push(
                (canonical << KEY_SHIFT)
                    | if best.exact { EXACT_BIT } else { 0 }
                    | ((column as u64) << COLUMN_SHIFT)
                    | (score - MIN_SCORE) as u64,
            );
        }
        // Stable sort: among duplicates the last one given comes last, and is kept.
        packed.sort_by_key(|e| e >> KEY_SHIFT);
        let mut entries: Vec<u64> = Vec::with_capacity(packed.len());
        for e in packed {
            match entries.last_mut() {
                Some(last) if *last >> KEY_SHIFT == e >> KEY_SHIFT => *last = e,
                _ => entries.push(e),
            }
        }
        let max_depth = entries
            .iter()
            .filter_map(|e| Position::from_key(e >> KEY_SHIFT))
            .map(|p| p.moves_played())
            .max()
            .unwrap_or(0);
        Self { entries, max_depth }
    }

    /// The deepest ply held.
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

    fn find(&self, position: &Position) -> Option<u64> {
        if position.moves_played() > self.max_depth || self.entries.is_empty() {
            return None;
        }
        let key = position.symmetric_key();
        self.entries
            .binary_search_by_key(&key, |e| e >> KEY_SHIFT)
            .ok()
            .map(|i| self.entries[i])
    }

    /// Master's move in a position, if the book holds it.
    pub fn best_move(&self, position: &Position) -> Option<BookMove> {
        let e = self.find(position)?;
        let column = ((e >> COLUMN_SHIFT) & 7) as usize;
        let column = if position.key() == e >> KEY_SHIFT {
            column
        } else {
            WIDTH - 1 - column
        };
        Some(BookMove {
            column,
            score: (e & SCORE_MASK) as i32 + MIN_SCORE,
            exact: e & EXACT_BIT != 0,
        })
    }

    /// The exact score of a position, if the book holds it with an exact score: what the
    /// solver uses as a leaf.
    pub fn get(&self, position: &Position) -> Option<i32> {
        self.best_move(position)
            .filter(|m| m.exact)
            .map(|m| m.score)
    }

    /// Every entry, in key order (for the generator and the tests).
    pub fn entries(&self) -> impl Iterator<Item = BookEntry> + '_ {
        self.entries.iter().filter_map(|&e| {
            let position = Position::from_key(e >> KEY_SHIFT)?;
            Some(BookEntry {
                position,
                best: BookMove {
                    column: ((e >> COLUMN_SHIFT) & 7) as usize,
                    score: (e & SCORE_MASK) as i32 + MIN_SCORE,
                    exact: e & EXACT_BIT != 0,
                },
            })
        })
    }

    /// The file form (see the module documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(ENTRY_LEN * self.entries.len());
        for e in &self.entries {
            body.extend_from_slice(&e.to_le_bytes());
        }
        let mut out = Vec::with_capacity(HEADER_LEN + body.len());
        out.extend_from_slice(MAGIC);
        out.push(BOOK_VERSION);
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        out.extend_from_slice(&fnv1a(&body).to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    /// Reads the file form, checking everything (the bytes may come from anywhere).
    ///
    /// # Errors
    /// [`BookError`] when the bytes are not a well-formed book of this version.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, BookError> {
        if bytes.len() > MAX_BOOK_BYTES {
            return Err(BookError::TooLarge(bytes.len()));
        }
        if bytes.len() < HEADER_LEN || &bytes[..MAGIC.len()] != MAGIC {
            return Err(BookError::BadHeader);
        }
        if bytes[7] != BOOK_VERSION {
            return Err(BookError::Version(bytes[7]));
        }
        let count = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize;
        let expected = count
            .checked_mul(ENTRY_LEN)
            .and_then(|n| n.checked_add(HEADER_LEN))
            .unwrap_or(usize::MAX);
        if bytes.len() != expected {
            return Err(BookError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let mut checksum = [0u8; 8];
        checksum.copy_from_slice(&bytes[12..HEADER_LEN]);
        let body = &bytes[HEADER_LEN..];
        if fnv1a(body) != u64::from_le_bytes(checksum) {
            return Err(BookError::Checksum);
        }
        let mut entries: Vec<u64> = Vec::with_capacity(count);
        let mut max_depth = 0;
        for (index, chunk) in body.chunks_exact(ENTRY_LEN).enumerate() {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            let e = u64::from_le_bytes(word);
            let bad = |reason| Err(BookError::Entry { index, reason });
            if entries
                .last()
                .is_some_and(|&last| last >> KEY_SHIFT >= e >> KEY_SHIFT)
            {
                return bad("out of order");
            }
            if e & RESERVED_MASK != 0 {
                return bad("reserved bits set");
            }
            let key = e >> KEY_SHIFT;
            let Some(position) = Position::from_key(key) else {
                return bad("not a legal position");
            };
            if key != position.symmetric_key() {
                return bad("not the smaller of a mirror pair");
            }
            if position.is_over() {
                return bad("the game is over there");
            }
            let score = (e & SCORE_MASK) as i32 + MIN_SCORE;
            let exact = e & EXACT_BIT != 0;
            if score > MAX_SCORE || (!exact && score.abs() > 1) {
                return bad("impossible score");
            }
            if !position.can_play(((e >> COLUMN_SHIFT) & 7) as usize) {
                return bad("its move is not playable");
            }
            max_depth = max_depth.max(position.moves_played());
            entries.push(e);
        }
        Ok(Self { entries, max_depth })
    }
}

/// FNV-1a, 64 bits: enough to catch a damaged file (not a defence against forgery, which
/// the per-entry checks and the fallback to search make harmless anyway).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// The positions at `ply` Master can face according to `book` (see the module
/// documentation): the empty board at ply 0, every first move at ply 1, and after that the
/// replies to the book's move in each entry two plies up. One of each mirror pair, in key
/// order; positions that are over or that Master settles at once (a win now, or every move
/// losing now) are left out.
pub fn master_positions(book: &Book, ply: u32) -> Vec<Position> {
    let mut found: Vec<(u64, Position)> = Vec::new();
    let mut add = |p: Position| {
        if !p.is_over() && !p.can_win_next() && p.possible_non_losing_moves() != 0 {
            found.push((p.symmetric_key(), p));
        }
    };
    match ply {
        0 => add(Position::empty()),
        1 => {
            for col in 0..WIDTH {
                let mut p = Position::empty();
                p.play(col);
                add(p);
            }
        }
        _ => {
            for entry in book.entries() {
                if entry.position.moves_played() + 2 != ply {
                    continue;
                }
                let mut after = entry.position;
                after.play(entry.best.column);
                if after.is_over() {
                    continue;
                }
                for reply in 0..WIDTH {
                    if after.can_play(reply) {
                        let mut p = after;
                        p.play(reply);
                        add(p);
                    }
                }
            }
        }
    }
    found.sort_by_key(|&(k, _)| k);
    found.dedup_by_key(|&mut (k, _)| k);
    found.into_iter().map(|(_, p)| p).collect()
}

#[cfg(test)]
#[path = "book_tests.rs"]
mod tests;
