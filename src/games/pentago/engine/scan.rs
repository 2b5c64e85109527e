//! One scan per node instead of one per child: for every quadrant turn `r` the mover may make
//! and every reply `v` of the opponent (a turn, or none), the lines that matter are found once
//! for the node, and each child (a placement and `r`) is then judged with a few bit operations:
//!
//! - the opponent wins at once in the child unless every four-of-five line of theirs has its
//!   fifth square exactly where the mover placed (the placement is the only thing that differs
//!   between children with the same `r`);
//! - the mover's threats in the child (for move ordering) are its four-of-five lines plus the
//!   three-of-five lines the placed piece completes to four.
//!
//! The results are the same as asking [`super::threats`] child by child (checked by the tests);
//! the scan pays off from about six empty squares, below which the solver asks directly.

use super::board::{FULL, has_five, rotate};

/// The variants of a reply: the eight turns, then "no turn" (a placement that makes five).
const VARIANTS: usize = 9;
/// The index of "no turn".
const NONE: usize = 8;

/// Where each turn takes each square (`SQUARE_TURN[8]` is the identity).
static SQUARE_TURN: [[u8; 36]; VARIANTS] = square_turns();

const fn square_turns() -> [[u8; 36]; VARIANTS] {
    let mut maps = [[0u8; 36]; VARIANTS];
    let mut variant = 0;
    while variant < VARIANTS {
        let mut square = 0;
        while square < 36 {
            let (row, col) = (square / 6, square % 6);
            maps[variant][square] = square as u8;
            if variant < 8 {
                let quadrant = variant / 2;
                let (top, left) = ((quadrant / 2) * 3, (quadrant % 2) * 3);
                if row >= top && row < top + 3 && col >= left && col < left + 3 {
                    let (lr, lc) = (row - top, col - left);
                    // Left: (r, c) -> (2 - c, r); right: (r, c) -> (c, 2 - r), as board.rs.
                    let (nr, nc) = if variant % 2 == 0 {
                        (2 - lc, lr)
                    } else {
                        (lc, 2 - lr)
                    };
                    maps[variant][square] = (6 * (top + nr) + left + nc) as u8;
                }
            }
            square += 1;
        }
        variant += 1;
    }
    maps
}

/// The four line directions: the step between squares and the squares a five can start on.
const DIRECTIONS: [(u32, u64); 4] = [
    (
        1,
        0b11 * (1 | 1 << 6 | 1 << 12 | 1 << 18 | 1 << 24 | 1 << 30),
    ),
    (6, (1 << 12) - 1),
    (7, 0b11 | 0b11 << 6),
    (5, 0b11 << 4 | 0b11 << 10),
];

/// The five squares of the line starting at `start` with `step`.
#[inline]
fn line(start: u32, step: u32) -> u64 {
    (1 | 1 << step | 1 << (2 * step) | 1 << (3 * step) | 1 << (4 * step)) << start
}

/// Starts of lines with all five squares in `t` and at least `need` (3 or 4) in `a`.
#[inline]
fn starts(a: u64, t: u64, step: u32, mask: u64, need: u32) -> u64 {
    let all = t & t >> step & t >> (2 * step) & t >> (3 * step) & t >> (4 * step) & mask;
    if all == 0 {
        return 0;
    }
    let (a0, a1, a2, a3, a4) = (
        a,
        a >> step,
        a >> (2 * step),
        a >> (3 * step),
        a >> (4 * step),
    );
    if need >= 4 {
        let (p01, p23) = (a0 & a1, a2 & a3);
        (p01 & p23 | a4 & (p01 & (a2 | a3) | p23 & (a0 | a1))) & all
    } else {
        // At least three of five: a bit-sliced count of the first four, then the fifth.
        let (s1, c1) = (a0 ^ a1, a0 & a1);
        let (s2, c2) = (a2 ^ a3, a2 & a3);
        // Sum of four = ones + 2 * twos + 4 * fours.
        let ones = s1 ^ s2;
        let carry = s1 & s2;
        let twos = c1 ^ c2 ^ carry;
        let fours = c1 & c2 | (c1 ^ c2) & carry;
        // >= 3 of 5: four >= 3, or four == 2 and the fifth.
        let ge3 = fours | twos & ones;
        let eq2 = twos & !ones & !fours;
        (ge3 | eq2 & a4) & all
    }
}

/// What one node's scan knows, per mover's turn `r` and opponent's reply `v`.
pub struct Scan {
    /// The fifth squares of the opponent's four-of-five lines.
    gaps: [[u64; VARIANTS]; 8],
    /// Whether the opponent has five outright after `r` and `v`.
    five: [[bool; VARIANTS]; 8],
    /// The mover's pieces after `r` and `v` (the placed piece not included).
    mine: [[u64; VARIANTS]; 8],
    /// The mover's four-of-five lines (count).
    fours: [[u8; VARIANTS]; 8],
    /// Per square, how many of the mover's three-of-five lines it would make four (bit-sliced,
    /// saturating at 3: `ones`, `twos`).
    threes: [[(u64, u64); VARIANTS]; 8],
}

impl Scan {
    /// The scan of the node where `me` places next against `you`.
    #[must_use]
    pub fn new(me: u64, you: u64) -> Self {
        let mut scan = Self {
            gaps: [[0; VARIANTS]; 8],
            five: [[false; VARIANTS]; 8],
            mine: [[0; VARIANTS]; 8],
            fours: [[0; VARIANTS]; 8],
            threes: [[(0, 0); VARIANTS]; 8],
        };
        for r in 0..8u8 {
            let (me_r, you_r) = (rotate(me, r), rotate(you, r));
            for v in 0..VARIANTS {
                let (m, y) = if v == NONE {
                    (me_r, you_r)
                } else {
                    (rotate(me_r, v as u8), rotate(you_r, v as u8))
                };
                let (ri, free_for_you, free_for_me) = (usize::from(r), FULL & !m, FULL & !y);
                scan.mine[ri][v] = m;
                let (mut gaps, mut five, mut fours) = (0u64, false, 0u8);
                let (mut ones, mut twos) = (0u64, 0u64);
                for &(step, mask) in &DIRECTIONS {
                    let mut near = starts(y, free_for_you, step, mask, 4);
                    while near != 0 {
                        let start = near.trailing_zeros();
                        near &= near - 1;
                        let gap = line(start, step) & !y;
                        five |= gap == 0;
                        gaps |= gap;
                    }
                    let mut mine = starts(m, free_for_me, step, mask, 3);
                    while mine != 0 {
                        let start = mine.trailing_zeros();
                        mine &= mine - 1;
                        let open = line(start, step) & !m;
                        if open.count_ones() <= 1 {
                            fours = fours.saturating_add(1);
                        } else {
                            // Saturating two-bit counters, one per square.
                            let was = ones;
                            ones = was & !open | open & (!was | twos);
                            twos |= was & open;
                        }
                    }
                }
                scan.gaps[ri][v] = gaps;
                scan.five[ri][v] = five;
                scan.fours[ri][v] = fours;
                scan.threes[ri][v] = (ones, twos);
            }
        }
        scan
    }

    /// Judges the child where the mover places on `place` and turns `r` (the child is open):
    /// `None` when the opponent wins at once in it, else the mover's threat count there.
    #[must_use]
    pub fn child(&self, place: u8, r: u8) -> Option<u32> {
        let ri = usize::from(r);
        let after_turn = usize::from(SQUARE_TURN[ri][usize::from(place)]);
        let mut threats = 0u32;
        for (v, turn) in SQUARE_TURN.iter().enumerate() {
            let square = turn[after_turn];
            let bit = 1u64 << square;
            let lines = self.five[ri][v] || self.gaps[ri][v] & !bit != 0;
            if lines && (v == NONE || !has_five(self.mine[ri][v] | bit)) {
                return None;
            }
            let (ones, twos) = self.threes[ri][v];
            threats += u32::from(self.fours[ri][v])
                + ((ones >> square) & 1) as u32
                + 2 * ((twos >> square) & 1) as u32;
        }
        Some(threats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pentago::engine::threats::wins_now;
    use proptest::prelude::*;

    /// The mover's threats in the child counted line by line: four-of-five lines with the
    /// fifth free, over the board and each of its eight turns (counts saturate per square at
    /// three three-of-five lines, as the scan's do).
    fn threats_direct(me2: u64, you2: u64) -> u32 {
        let mut count = 0;
        for v in 0..VARIANTS {
            let (m, y) = if v == NONE {
                (me2, you2)
            } else {
                (rotate(me2, v as u8), rotate(you2, v as u8))
            };
            for &(step, mask) in &DIRECTIONS {
                count += starts(m, FULL & !y, step, mask, 4).count_ones();
            }
        }
        count
    }

    #[test]
    fn square_turns_agree_with_board_turns() {
        for (v, turn) in SQUARE_TURN.iter().enumerate().take(8) {
            for (i, &to) in turn.iter().enumerate() {
                assert_eq!(rotate(1 << i, v as u8), 1 << to);
            }
        }
    }

    proptest! {
        /// The scan's verdict on every open child is the direct one: the opponent's win in
        /// one, and (with few three-of-five lines through a square) the mover's threats.
        #[test]
        fn the_scan_judges_children_as_the_direct_checks(cells in proptest::collection::vec(0u8..3, 36)) {
            let (mut me, mut you) = (0u64, 0u64);
            for (i, c) in cells.iter().enumerate() {
                match c {
                    1 => me |= 1 << i,
                    2 => you |= 1 << i,
                    _ => {}
                }
            }
            if has_five(me) || has_five(you) {
                return Ok(());
            }
            let scan = Scan::new(me, you);
            let mut empty = FULL & !(me | you);
            while empty != 0 {
                let place = empty.trailing_zeros() as u8;
                empty &= empty - 1;
                if has_five(me | 1 << place) {
                    continue;
                }
                for r in 0..8u8 {
                    let (me2, you2) = (rotate(me | 1 << place, r), rotate(you, r));
                    if has_five(me2) || has_five(you2) || me2 | you2 == FULL {
                        continue;
                    }
                    let got = scan.child(place, r);
                    prop_assert_eq!(got.is_none(), wins_now(you2, me2), "{} {}", place, r);
                    if let Some(threats) = got {
                        prop_assert!(threats <= threats_direct(me2, you2));
                        prop_assert!(threats_direct(me2, you2) <= threats + 27);
                    }
                }
            }
        }
    }
}
