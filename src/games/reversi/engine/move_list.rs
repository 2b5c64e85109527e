//! The move list of the searches: a fixed-capacity array of moves with their flips and
//! ordering keys, sorted in place, so that a node's moves need no allocation.

use super::board::Square;

/// A small fixed-capacity move list (a position has at most 33 legal moves), sorted by key.
#[derive(Clone)]
pub(super) struct MoveList {
    pub(super) moves: [(Square, u64, i32); 34],
    pub(super) len: usize,
}

impl MoveList {
    pub(super) fn new() -> Self {
        Self {
            moves: [(0, 0, 0); 34],
            len: 0,
        }
    }

    #[inline]
    pub(super) fn push(&mut self, sq: Square, flips: u64, key: i32) {
        if self.len < self.moves.len() {
            self.moves[self.len] = (sq, flips, key);
            self.len += 1;
        }
    }

    /// Highest key first (insertion sort: the lists are short).
    pub(super) fn sort(&mut self) {
        let moves = &mut self.moves[..self.len];
        for i in 1..moves.len() {
            let item = moves[i];
            let mut j = i;
            while j > 0 && moves[j - 1].2 < item.2 {
                moves[j] = moves[j - 1];
                j -= 1;
            }
            moves[j] = item;
        }
    }

    /// Takes the move on `sq` out of the list (the order of the rest changes), if there.
    pub(super) fn take(&mut self, sq: Square) -> Option<(Square, u64, i32)> {
        let i = self.moves[..self.len].iter().position(|m| m.0 == sq)?;
        let found = self.moves[i];
        self.len -= 1;
        self.moves[i] = self.moves[self.len];
        Some(found)
    }

    pub(super) fn iter_mut(&mut self) -> std::slice::IterMut<'_, (Square, u64, i32)> {
        self.moves[..self.len].iter_mut()
    }

    pub(super) fn iter(&self) -> std::slice::Iter<'_, (Square, u64, i32)> {
        self.moves[..self.len].iter()
    }
}
