//! The solver's squares and masks: a position as two 100-bit masks, and stepping between
//! squares. Apart from `position` so the clearance bound and the position tables, which use
//! each other's results, both build on it without depending on each other.

use super::rules::{Dir, SIZE};

/// A position: one bit per square for the `O` and the `X` pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Pos {
    /// The `O` pieces still on the board.
    pub(crate) o: u128,
    /// The `X` pieces.
    pub(crate) x: u128,
}

/// The mask of one square.
pub(crate) const fn bit(square: usize) -> u128 {
    1u128 << square
}

/// The square one step from `index` in direction `dir` (an index into [`Dir::ALL`]).
pub(crate) fn step(index: usize, dir: usize) -> Option<usize> {
    let (row, col) = (index / SIZE, index % SIZE);
    match Dir::ALL[dir] {
        Dir::Up => (row > 0).then(|| index - SIZE),
        Dir::Down => (row + 1 < SIZE).then(|| index + SIZE),
        Dir::Left => (col > 0).then(|| index - 1),
        Dir::Right => (col + 1 < SIZE).then(|| index + 1),
    }
}

/// Iterates over the set bits of a mask, lowest square first.
pub(crate) fn bits(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let index = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(index)
        }
    })
}
