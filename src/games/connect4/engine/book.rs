//! The opening book: the exact score of every position up to a ply (8 in the shipped book),
//! computed once by the project's own solver (`examples/connect4_book.rs`, resumable) and
//! shipped in `assets/connect4/book.bin`. Early positions are where the solver is slowest;
//! with the book every position up to that ply is answered by lookups alone (the best move
//! from the scores of the children), and the solver uses it wherever a search passes
//! through those plies.
//!
//! The book stores no keys: every position of a ply has a dense index ([`super::layout`]),
//! and the book one byte per index, so plies 0-8 take 147 kB for 261 234 positions
//! (mirror images share an index). A byte is 0 where the index stands for no position or
//! the score is not computed yet (a book being grown), otherwise the score minus
//! [`MIN_SCORE`] plus 1. Every position is looked up the same way, whether it was reached
//! in play, from a save or typed as a move list.
//!
//! The file is untrusted input (a damaged or replaced asset must not make Master crash): it
//! is read once, lazily, and refused with a [`BookError`] when it is over
//! [`MAX_BOOK_BYTES`], of another version, of the wrong length, fails its checksum, or holds
//! a score no position of its ply can have. Master then solves by search alone, exactly, only
//! slower.
//!
//! File format, version 3: the 7 bytes `PC4BOOK`, a version byte (3), the number of plies
//! held (deepest ply plus one, at most [`MAX_BOOK_PLIES`]), a little-endian `u64` FNV-1a
//! checksum of what follows, then for each ply from 0 its bytes, one per index.

use std::sync::{Arc, OnceLock};

use super::layout::PlyLayout;
use super::position::{CELLS, CENTRE_ORDER, MAX_SCORE, MIN_SCORE, Position};

/// The magic bytes that start a book file.
const MAGIC: &[u8; 7] = b"PC4BOOK";
/// The format version this code reads and writes.
pub const BOOK_VERSION: u8 = 3;
/// Bytes of the header: magic, version, ply count, checksum.
const HEADER_LEN: usize = 7 + 1 + 1 + 8;
/// The most plies a book file may hold (0 to 11): ply 11 alone has 2.8 million indices.
pub const MAX_BOOK_PLIES: usize = 12;
/// The largest book file accepted: a book is read whole into memory, so a huge file is
/// refused before anything is allocated for it.
pub const MAX_BOOK_BYTES: usize = 8 << 20;

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
    /// More plies than a book may hold.
    #[error("the book claims {0} plies; at most {MAX_BOOK_PLIES} are allowed")]
    Plies(usize),
    /// The length does not match the plies.
    #[error(
        "the book is truncated or has trailing bytes: {expected} bytes expected, {found} found"
    )]
    Length {
        /// Bytes the plies need.
        expected: usize,
        /// Bytes present.
        found: usize,
    },
    /// The entries do not match the checksum in the header.
    #[error("the book is corrupt (checksum mismatch)")]
    Checksum,
    /// A score no position of its ply can have.
    #[error("the book is corrupt: an impossible score at ply {ply}, index {index}")]
    Score {
        /// The ply.
        ply: u32,
        /// The index within the ply.
        index: usize,
    },
}

/// The scores of one ply.
#[derive(Debug, Clone, PartialEq, Eq)]
struct PlyScores {
    layout: PlyLayout,
    /// One byte per index (see the module documentation).
    bytes: Vec<u8>,
}

/// The exact scores of the early positions (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Book {
    plies: Vec<PlyScores>,
}

/// The score of a win with the next token in a position of `ply`.
const fn highest_score(ply: u32) -> i32 {
    (CELLS as i32 + 1 - ply as i32) / 2
}

/// The scores a position of `ply` can have: from a loss to the opponent's next token to a
/// win with the mover's, and never beyond what four tokens allow.
fn score_range(ply: u32) -> std::ops::RangeInclusive<i32> {
    let lowest = -(CELLS as i32 - ply as i32) / 2;
    lowest.max(MIN_SCORE)..=highest_score(ply).min(MAX_SCORE)
}

impl Book {
    /// The book compiled into the program, parsed on first use; `None` if it is refused (the
    /// solver then works without it, just slower). [`Book::embedded_status`] says why.
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

    /// An empty book for plies 0 to `deepest` (at most [`MAX_BOOK_PLIES`] - 1), to be
    /// filled by [`Book::set`] and [`Book::derive`].
    pub fn empty(deepest: u32) -> Self {
        let plies = (0..=deepest.min(MAX_BOOK_PLIES as u32 - 1))
            .map(|ply| {
                let layout = PlyLayout::new(ply);
                let bytes = vec![0; layout.len()];
                PlyScores { layout, bytes }
            })
            .collect();
        Self { plies }
    }

    /// The same scores in a book for plies 0 to `deepest` (a book grows a ply deeper).
    #[must_use]
    pub fn extended_to(mut self, deepest: u32) -> Self {
        let more = Self::empty(deepest);
        self.plies
            .extend(more.plies.into_iter().skip(self.plies.len()));
        self
    }

    /// The deepest ply the book has room for (`None` for a book of no ply).
    pub fn deepest_ply(&self) -> Option<u32> {
        (self.plies.len() as u32).checked_sub(1)
    }

    /// The exact score of a position for the side to move, if the book holds it.
    #[inline]
    pub fn score(&self, position: &Position) -> Option<i32> {
        let ply = self.plies.get(position.moves_played() as usize)?;
        let index = ply.layout.index(position)?;
        match ply.bytes[index] {
            0 => None,
            byte => Some(i32::from(byte) - 1 + MIN_SCORE),
        }
    }

    /// Records a position's exact score (the book generator). A score out of range for the
    /// position's ply, or a ply the book has no room for, is ignored.
    pub fn set(&mut self, position: &Position, score: i32) {
        let ply = position.moves_played();
        if !score_range(ply).contains(&score) {
            return;
        }
        if let Some(scores) = self.plies.get_mut(ply as usize)
            && let Some(index) = scores.layout.index(position)
        {
            scores.bytes[index] = (score - MIN_SCORE + 1) as u8;
        }
    }

    /// The best move (0-based column) and its exact score, from the scores of the children:
    /// the highest score, the column nearest the centre among equals. `None` when the game is
    /// over or a child's score is not in the book.
    pub fn best_move(&self, position: &Position) -> Option<(usize, i32)> {
        if position.is_over() {
            return None;
        }
        let ply = position.moves_played();
        // A win at once is the highest score there is: it needs no other child's score.
        if let Some(col) = CENTRE_ORDER
            .into_iter()
            .find(|&col| position.can_play(col) && position.is_winning_move(col))
        {
            return Some((col, highest_score(ply)));
        }
        let mut best: Option<(usize, i32)> = None;
        for col in CENTRE_ORDER {
            if !position.can_play(col) {
                continue;
            }
            let mut child = *position;
            child.play(col);
            let score = if child.can_win_next() {
                -highest_score(ply + 1)
            } else if child.is_full() {
                0
            } else {
                -self.score(&child)?
            };
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((col, score));
            }
        }
        best
    }

    /// Fills the unknown scores of `ply` whose children are all known (or need no score): a
    /// ply from the one below it. Returns how many it filled.
    pub fn derive(&mut self, ply: u32) -> usize {
        let Some(scores) = self.plies.get(ply as usize) else {
            return 0;
        };
        let mut filled = Vec::new();
        for (index, &byte) in scores.bytes.iter().enumerate() {
            if byte != 0 {
                continue;
            }
            if let Some(position) = scores.layout.position(index)
                && let Some((_, score)) = self.best_move(&position)
            {
                filled.push((index, score));
            }
        }
        let count = filled.len();
        let bytes = &mut self.plies[ply as usize].bytes;
        for (index, score) in filled {
            bytes[index] = (score - MIN_SCORE + 1) as u8;
        }
        count
    }

    /// The positions of a ply with their index, in index order (one of each mirror pair
    /// whose heights differ), and whether each score is known: what the generator solves.
    pub fn positions(&self, ply: u32) -> impl Iterator<Item = (usize, Position, bool)> + '_ {
        self.plies.get(ply as usize).into_iter().flat_map(|scores| {
            (0..scores.layout.len()).filter_map(move |index| {
                let position = scores.layout.position(index)?;
                Some((index, position, scores.bytes[index] != 0))
            })
        })
    }

    /// Positions of a ply with a known score, and indices of the ply.
    pub fn known(&self, ply: u32) -> (usize, usize) {
        self.plies.get(ply as usize).map_or((0, 0), |scores| {
            (
                scores.bytes.iter().filter(|&&b| b != 0).count(),
                scores.bytes.len(),
            )
        })
    }

    /// The file form (see the module documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let body: Vec<u8> = self
            .plies
            .iter()
            .flat_map(|p| p.bytes.iter().copied())
            .collect();
        let mut out = Vec::with_capacity(HEADER_LEN + body.len());
        out.extend_from_slice(MAGIC);
        out.push(BOOK_VERSION);
        out.push(self.plies.len() as u8);
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
        let count = usize::from(bytes[8]);
        if count > MAX_BOOK_PLIES {
            return Err(BookError::Plies(count));
        }
        let layouts: Vec<PlyLayout> = (0..count as u32).map(PlyLayout::new).collect();
        let expected = HEADER_LEN + layouts.iter().map(PlyLayout::len).sum::<usize>();
        if bytes.len() != expected {
            return Err(BookError::Length {
                expected,
                found: bytes.len(),
            });
        }
        let mut checksum = [0u8; 8];
        checksum.copy_from_slice(&bytes[9..HEADER_LEN]);
        let mut body = &bytes[HEADER_LEN..];
        if fnv1a(body) != u64::from_le_bytes(checksum) {
            return Err(BookError::Checksum);
        }
        let mut plies = Vec::with_capacity(count);
        for (ply, layout) in (0u32..).zip(layouts) {
            let (mine, rest) = body.split_at(layout.len());
            body = rest;
            let range = score_range(ply);
            if let Some(index) = mine
                .iter()
                .position(|&b| b != 0 && !range.contains(&(i32::from(b) - 1 + MIN_SCORE)))
            {
                return Err(BookError::Score { ply, index });
            }
            plies.push(PlyScores {
                layout,
                bytes: mine.to_vec(),
            });
        }
        Ok(Self { plies })
    }
}

/// FNV-1a, 64 bits: enough to catch a damaged file (not a defence against forgery, which
/// the range checks and the exact search make harmless anyway).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

#[cfg(test)]
#[path = "book_tests.rs"]
mod tests;
