//! A lower bound on the `X` moves still needed before the next `O` can enter a goal: the part
//! of the solver's heuristic that sees a goal walled in by `X` pieces which must first be
//! shuffled out of the way (a *vault*), something the per-`O` counts cannot see at all.
//!
//! The argument. An `O` enters a goal `g` by sliding in some direction `d`, so it stands on or
//! passes the *entry* square `e = g − d`. It was either already on `e`, or it came onto `e`
//! from a neighbour `n` of `e` (passing through, or stopping there first). At that moment `e`
//! and `n` were both free of `X` pieces. So before the next `O` enters, the `X` pieces must
//! reach a placement in which some entry square and one of its non-goal neighbours are free of
//! `X`. The fewest `X` steps to such a placement is found by a breadth-first search over `X`
//! placements alone, in a relaxed game: the `O` pieces are taken off the board and so are the
//! `X` pieces far from every entry. Taking pieces off only frees squares for the remaining `X`
//! steps, so the relaxed count never exceeds the real one. The count is cached per placement
//! and the search is capped; a capped search returns the depth it fully cleared, which is
//! still a lower bound.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for the cache's keys (placement masks, no need to resist crafted collisions).
#[derive(Default)]
struct MaskHasher(u64);

impl Hasher for MaskHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u128(&mut self, mask: u128) {
        let h = (mask as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ ((mask >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        self.0 = h ^ (h >> 29);
    }
}

type MaskMap = HashMap<u128, u8, BuildHasherDefault<MaskHasher>>;

use super::rules::SIZE;
use super::squares::{Pos, bit, bits, step};

/// How deep the search for an open placement goes; deeper vaults count as this many moves.
const MAX_DEPTH: u8 = 24;
/// How many placements one search may hold before it stops and reports the depth it cleared.
const STATE_CAP: usize = 60_000;
/// `X` pieces further than this (in steps) from every entry square are left out.
const RADIUS: usize = 5;

/// The goal layout's entries, and the counts found so far.
pub(crate) struct Clearance {
    goals: u128,
    /// Each entry square with the mask of its neighbours an `O` can come from.
    entries: Vec<(usize, u128)>,
    /// Every entry square.
    entry_mask: u128,
    /// The squares whose `X` pieces take part in the relaxed game.
    near: u128,
    /// The count per relaxed placement (the `X` pieces on `near`).
    cache: RefCell<MaskMap>,
    /// The last placement asked about and its count: most children of a search node share
    /// their parent's `X` pieces.
    last: Cell<(u128, u8)>,
}

impl Clearance {
    /// The entries of the goals in `goals`.
    pub(crate) fn new(goals: u128) -> Self {
        let mut entries = Vec::new();
        let mut entry_mask = 0;
        for goal in bits(goals) {
            for dir in 0..4 {
                let Some(entry) = step(goal, dir) else {
                    continue;
                };
                if goals & bit(entry) != 0 || entry_mask & bit(entry) != 0 {
                    continue;
                }
                let from = (0..4)
                    .filter_map(|d| step(entry, d))
                    .filter(|&n| goals & bit(n) == 0)
                    .fold(0, |mask, n| mask | bit(n));
                entries.push((entry, from));
                entry_mask |= bit(entry);
            }
        }
        let near = (0..SIZE * SIZE)
            .filter(|&square| bits(entry_mask).any(|entry| manhattan(square, entry) <= RADIUS))
            .fold(0, |mask, square| mask | bit(square));
        Self {
            goals,
            entries,
            entry_mask,
            near,
            cache: RefCell::new(MaskMap::default()),
            last: Cell::new((u128::MAX, 0)),
        }
    }

    /// The fewest `X` moves before an `O` can next enter a goal (a lower bound).
    pub(crate) fn lower_bound(&self, pos: Pos) -> u32 {
        if pos.o == 0 || pos.o & self.entry_mask != 0 {
            return 0;
        }
        let x = pos.x & self.near;
        let (last, known) = self.last.get();
        if last == x {
            return u32::from(known);
        }
        if self.open(x) {
            self.last.set((x, 0));
            return 0;
        }
        let cached = self.cache.borrow().get(&x).copied();
        let count = cached.unwrap_or_else(|| {
            let count = self.search(x);
            self.cache.borrow_mut().insert(x, count);
            count
        });
        self.last.set((x, count));
        u32::from(count)
    }

    /// Whether some entry square and one of its neighbours are free of `X` in placement `x`.
    fn open(&self, x: u128) -> bool {
        self.entries
            .iter()
            .any(|&(entry, from)| x & bit(entry) == 0 && from & !x != 0)
    }

    /// Breadth-first over `X` steps from `start` (not open) to the nearest open placement.
    fn search(&self, start: u128) -> u8 {
        let mut seen = HashSet::from([start]);
        let mut layer = vec![start];
        for depth in 1..=MAX_DEPTH {
            let mut next = Vec::new();
            for &x in &layer {
                for from in bits(x) {
                    for dir in 0..4 {
                        let Some(to) = step(from, dir) else {
                            continue;
                        };
                        if (x | self.goals) & bit(to) != 0 {
                            continue;
                        }
                        let moved = x & !bit(from) | bit(to);
                        if self.open(moved) {
                            return depth;
                        }
                        if seen.insert(moved) {
                            next.push(moved);
                        }
                    }
                }
                if seen.len() > STATE_CAP {
                    // Every placement up to `depth - 1` steps away was closed.
                    return depth;
                }
            }
            if next.is_empty() {
                // No placement ever opens: no `O` can enter again.
                return MAX_DEPTH;
            }
            layer = next;
        }
        MAX_DEPTH
    }
}

/// Steps between two squares, ignoring everything on the board.
fn manhattan(a: usize, b: usize) -> usize {
    (a / SIZE).abs_diff(b / SIZE) + (a % SIZE).abs_diff(b % SIZE)
}

/// A small vault for tests: the corner goals walled in by five `X`, one `O` far off. The
/// clearance tests count its steps by hand and the solver's tests check its par against a
/// breadth-first search.
#[cfg(test)]
pub(crate) const TEST_VAULT: [&str; SIZE] = [
    "GGX.......",
    "XXX.......",
    "XX........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    ".....O....",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::slide::level::board_from_rows;
    use crate::games::slide::position::Puzzle;

    fn count(rows: &[&str]) -> u32 {
        let board = board_from_rows(rows).expect("valid test board");
        let (_, pos) = Puzzle::new(&board);
        let goals = (0..SIZE * SIZE)
            .filter(|&i| rows[i / SIZE].as_bytes()[i % SIZE] == b'G')
            .fold(0, |mask, i| mask | bit(i));
        Clearance::new(goals).lower_bound(pos)
    }

    use super::TEST_VAULT as VAULT;

    #[test]
    fn a_walled_corner_needs_two_x_steps_before_an_o_can_enter() {
        // (1,0) and (1,1) cannot move; (0,2) can only step right, which leaves both of the
        // entry's other neighbours taken. Moving (1,2) away first, then (0,2) down, opens it.
        assert_eq!(count(&VAULT), 2);
    }

    #[test]
    fn an_open_entry_or_an_o_on_an_entry_costs_nothing() {
        let mut open = VAULT;
        open[0] = "GG........";
        assert_eq!(count(&open), 0);
        let mut waiting = VAULT;
        waiting[0] = "GGO.......";
        waiting[9] = "..........";
        assert_eq!(count(&waiting), 0);
    }

    #[test]
    fn a_deeper_wall_needs_three() {
        // With (0,3) taken too, every two-step attempt frees one entry square but fills the
        // neighbour the O would have to come from; three steps are needed.
        let mut deeper = VAULT;
        deeper[0] = "GGXX......";
        assert_eq!(count(&deeper), 3);
    }
}
