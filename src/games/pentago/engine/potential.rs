//! Whether a side can still make five at all before the board is full: a static test that
//! ends most of the exact solver's lines long before the last square.
//!
//! A five needs five of the side's pieces on one of the 32 lines at some moment. By then each
//! quadrant holds what it holds now, turned some number of quarter turns (each move left turns
//! one quadrant a quarter, so the turns of all quadrants together are at most the moves left),
//! plus pieces placed later on squares that are empty in that orientation. So a line can only become the side's five if, for each quadrant it crosses,
//! some orientation leaves no opposing piece on the line's squares there, and the side's
//! missing pieces, summed over the quadrants each in its best orientation, are at most the
//! pieces it still has to place. When no line passes, the side can never make five: it cannot
//! win, and the other side cannot lose. The test ignores that the opponent moves too, so it is
//! only ever too hopeful, never wrong.
//!
//! In a position that ends in a tie the exact solver must show, move after move to the end,
//! that neither side can force five; without this test every such line was searched until the
//! board filled up.

use super::board::{nine, turn_nine};

/// Each line as its parts in the quadrants it crosses: (quadrant, its squares there as nine
/// bits), at most three parts (a short diagonal crosses three quadrants), unused parts empty.
static PARTS: [[(usize, u16); 3]; 32] = line_parts();

const fn line_parts() -> [[(usize, u16); 3]; 32] {
    let masks = super::board::line_masks();
    let mut parts = [[(0usize, 0u16); 3]; 32];
    let mut line = 0;
    while line < 32 {
        let mut n = 0;
        let mut q = 0;
        while q < 4 {
            let piece = nine(masks[line], q);
            if piece != 0 {
                parts[line][n] = (q, piece);
                n += 1;
            }
            q += 1;
        }
        line += 1;
    }
    parts
}

/// The four orientations of each quadrant of `bits`: as it is, a quarter turn left, a half
/// turn, a quarter turn right.
fn orientations(bits: u64) -> [[u16; 4]; 4] {
    let mut all = [[0u16; 4]; 4];
    for (q, turns) in all.iter_mut().enumerate() {
        let x = nine(bits, q);
        let left = turn_nine(x, 0);
        *turns = [x, left, turn_nine(left, 0), turn_nine(x, 1)];
    }
    all
}

/// Quarter turns needed to bring a quadrant to each orientation of [`orientations`].
const TURNS_NEEDED: [usize; 4] = [0, 1, 2, 1];

/// Whether the side with pieces `mine`, against `theirs`, could make five with `placements`
/// more pieces of its own and at most `turns` more quarter turns in all (one per move left,
/// whoever makes it), the quadrants turned in any way that allows (see the module's
/// comment). False means it never can.
#[must_use]
pub fn can_make_five(mine: u64, theirs: u64, placements: u32, turns: u32) -> bool {
    const NONE: u32 = u32::MAX / 4;
    if placements >= 5 {
        // Any line free of the opponent would do; the test is only worth it near the end.
        return true;
    }
    let turns = (turns as usize).min(6);
    let (mine, theirs) = (orientations(mine), orientations(theirs));
    PARTS.iter().any(|parts| {
        // The fewest pieces missing on the line, by quarter turns spent so far.
        let mut missing = [NONE; 7];
        missing[0] = 0;
        for &(q, part) in parts {
            if part == 0 {
                break;
            }
            let mut next = [NONE; 7];
            for (r, &cost) in TURNS_NEEDED.iter().enumerate() {
                if theirs[q][r] & part != 0 {
                    continue;
                }
                let lack = (part & !mine[q][r]).count_ones();
                for spent in 0..=turns - cost.min(turns) {
                    if cost + spent <= turns && missing[spent] < NONE {
                        let total = &mut next[spent + cost];
                        *total = (*total).min(missing[spent] + lack);
                    }
                }
            }
            missing = next;
        }
        missing[..=turns].iter().any(|&m| m <= placements)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pentago::engine::board::{After, LINES, Position, has_five};
    use crate::games::pentago::engine::exact::tests::random_position;

    #[test]
    fn every_line_is_cut_into_its_five_squares() {
        for (line, parts) in PARTS.iter().enumerate() {
            let squares: u32 = parts.iter().map(|&(_, part)| part.count_ones()).sum();
            assert_eq!(squares, 5, "line {line}");
            assert!(
                parts[0].1 != 0 && parts[1].1 != 0,
                "line {line} crosses two quadrants"
            );
        }
        assert_eq!(LINES.len(), 32);
    }

    /// Whether the side to place (`me`) or the other can reach five within `plies` more moves,
    /// by trying every move: the slow truth the static test must never contradict.
    fn five_reachable(pos: Position, plies: u32, me_is_side: bool) -> bool {
        if plies == 0 {
            return false;
        }
        let mut empty = pos.empty();
        while empty != 0 {
            let place = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            let placed = pos.me | 1 << place;
            if has_five(placed) {
                // Five on placing ends the game at once, without a turn.
                if me_is_side {
                    return true;
                }
                continue;
            }
            for rotation in 0..8 {
                let mv = crate::games::pentago::engine::board::EngineMove { place, rotation };
                let (me2, you2) = (
                    crate::games::pentago::engine::board::rotate(placed, rotation),
                    crate::games::pentago::engine::board::rotate(pos.you, rotation),
                );
                if has_five(if me_is_side { me2 } else { you2 }) {
                    return true;
                }
                if let After::Open(next) = pos.after(mv)
                    && five_reachable(next, plies - 1, !me_is_side)
                {
                    return true;
                }
            }
        }
        false
    }

    /// Near the end of random games, whenever the test says a side can never make five, no
    /// sequence of moves to the end gives it one; and the test does say so on some of them
    /// (random games rarely get this far without a five: 300 seeds gave only two denials, so
    /// 3 000 are tried).
    #[test]
    fn never_denies_a_reachable_five() {
        let mut denied = 0;
        for seed in 0..3000 {
            let empties = 2 + (seed % 3) as u32;
            let Some(pos) = random_position(seed, empties) else {
                continue;
            };
            let e = pos.empty().count_ones();
            if !can_make_five(pos.me, pos.you, e.div_ceil(2), e) {
                denied += 1;
                assert!(!five_reachable(pos, e, true), "{pos:?}");
            }
            if !can_make_five(pos.you, pos.me, e / 2, e) {
                denied += 1;
                assert!(!five_reachable(pos, e, false), "{pos:?}");
            }
        }
        assert!(
            denied >= 5,
            "only {denied} denials: the test would prove little"
        );
    }
}
