//! Wins in one by placement and rotation, found with shifts instead of trying the up to 288
//! moves: for the board as it stands and for each of the eight quadrant turns, a line of five
//! with four of the mover's pieces and its fifth square empty is a win (a placement first, then
//! the turn), unless the turn also gives the other side five.
//!
//! Near the end (fewer than six empty squares), the exact solver asks this of each child to
//! drop the moves that hand the opponent a win at once; further from the end
//! [`super::scan::Scan`] answers the same question for all children of a node at once.

use super::board::{FULL, has_five, rotate};

/// Start squares of the row fives (columns 1–2 of every row).
const ROW_STARTS: u64 = 0b11 * (1 | 1 << 6 | 1 << 12 | 1 << 18 | 1 << 24 | 1 << 30);
/// Start squares of the column fives (rows A and B).
const COL_STARTS: u64 = (1 << 12) - 1;
/// Start squares of the down-right diagonal fives: A1, A2, B1, B2.
const DIAG_STARTS: u64 = 0b11 | 0b11 << 6;
/// Start squares of the down-left diagonal fives: A5, A6, B5, B6.
const ANTI_STARTS: u64 = 0b11 << 4 | 0b11 << 10;

/// Starts of the lines in direction `step` whose five squares are all in `t` and at least
/// four of them in `a` (`a` a subset of `t`).
#[inline]
fn near_in(a: u64, t: u64, step: u32, starts: u64) -> u64 {
    let all = t & t >> step & t >> (2 * step) & t >> (3 * step) & t >> (4 * step) & starts;
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
    let (p01, p23) = (a0 & a1, a2 & a3);
    let four = p01 & p23 | a4 & (p01 & (a2 | a3) | p23 & (a0 | a1));
    four & all
}

/// Whether some line has at least four of `a`'s pieces and the rest in `t`.
#[inline]
fn any_near_five(a: u64, t: u64) -> bool {
    near_in(a, t, 1, ROW_STARTS) != 0
        || near_in(a, t, 6, COL_STARTS) != 0
        || near_in(a, t, 7, DIAG_STARTS) != 0
        || near_in(a, t, 5, ANTI_STARTS) != 0
}

/// The nine squares of each quadrant.
const QUADRANT: [u64; 4] = [
    0b111 * (1 | 1 << 6 | 1 << 12),
    0b111 << 3 | 0b111 << 9 | 0b111 << 15,
    0b111 << 18 | 0b111 << 24 | 0b111 << 30,
    0b111 << 21 | 0b111 << 27 | 0b111 << 33,
];

/// Whether the side with pieces `me`, to place next against `you`, wins with its next move.
#[must_use]
pub fn wins_now(me: u64, you: u64) -> bool {
    let empty = FULL & !(me | you);
    if empty == 0 || me.count_ones() < 4 {
        return false;
    }
    let t = me | empty;
    if any_near_five(me, t) {
        return true;
    }
    for (q, &quadrant) in QUADRANT.iter().enumerate() {
        if (me | you) & quadrant == 0 {
            // Turning an empty quadrant changes nothing: the board as it stands covers it.
            continue;
        }
        for d in 0..2u8 {
            let r = 2 * q as u8 + d;
            if any_near_five(rotate(me, r), rotate(t, r)) && !has_five(rotate(you, r)) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::pentago::engine::board::Position;
    use proptest::prelude::*;

    proptest! {
        /// The shifts agree with trying every move, on boards with any mix of pieces.
        #[test]
        fn wins_now_agrees_with_trying_every_move(cells in proptest::collection::vec(0u8..3, 36)) {
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
            let pos = Position { me, you };
            prop_assert_eq!(wins_now(me, you), pos.can_win_now());
        }
    }
}
