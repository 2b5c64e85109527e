//! The static evaluation: a hand-weighted sum of the features strong players reason with.
//!
//! Units are hundredths of a disc, from the side to move's point of view. The weights shift
//! with the game's phase: mobility and corners matter most in the middle game, stable discs and
//! the disc count near the end.

use super::board::{CORNERS, FILE_A, FILE_H, RANK_1, RANK_8, legal_moves, neighbours};

/// Squares diagonally next to a corner, with their corner: taking one while the corner is empty
/// usually hands the corner over.
const X_SQUARES: [(u64, u64); 4] = [
    (1 << 9, 1 << 0),
    (1 << 14, 1 << 7),
    (1 << 49, 1 << 56),
    (1 << 54, 1 << 63),
];

/// Edge squares next to a corner, with their corner: risky while the corner is empty.
const C_SQUARES: [(u64, u64); 4] = [
    ((1 << 1) | (1 << 8), 1 << 0),
    ((1 << 6) | (1 << 15), 1 << 7),
    ((1 << 48) | (1 << 57), 1 << 56),
    ((1 << 55) | (1 << 62), 1 << 63),
];

/// The outer ring of the board.
const BORDER: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;

/// The squares from which `n` steps in the direction (`dx`, `dy`) (each −1, 0 or 1) leave the
/// board: for them the line in that direction ends, at the wall, within those steps.
const fn near_wall(dx: i32, dy: i32, n: i32) -> u64 {
    let mut mask = 0u64;
    let mut sq = 0;
    while sq < 64 {
        let (x, y) = (sq % 8, sq / 8);
        let (tx, ty) = (x + dx * n, y + dy * n);
        if tx < 0 || tx > 7 || ty < 0 || ty > 7 {
            mask |= 1 << sq;
        }
        sq += 1;
    }
    mask
}

/// The occupied squares from which every square up to the wall is occupied, going `shift`
/// squares a step (towards higher squares when `upwards`, else lower), by doubling: one, two,
/// then four steps at once. `walls[k]`: the squares within 2^k steps of the wall that way,
/// which count as full past it.
#[inline]
fn full_towards(occupied: u64, shift: u32, upwards: bool, walls: [u64; 3]) -> u64 {
    // Shifting right brings the square `n` above each square onto it.
    let step = |bits: u64, n: u32| if upwards { bits >> n } else { bits << n };
    let mut full = occupied & (step(occupied, shift) | walls[0]);
    full &= step(full, 2 * shift) | walls[1];
    full &= step(full, 4 * shift) | walls[2];
    full
}

/// The squares that lie on a full line in each of the four axes (horizontal, vertical, two
/// diagonals): discs there cannot be flipped along that axis. Branch-free shifts (the exact
/// solver asks for stability at many of its nodes).
fn full_lines(occupied: u64) -> [u64; 4] {
    const UP_RIGHT: [u64; 3] = [near_wall(1, 1, 1), near_wall(1, 1, 2), near_wall(1, 1, 4)];
    const DOWN_LEFT: [u64; 3] = [
        near_wall(-1, -1, 1),
        near_wall(-1, -1, 2),
        near_wall(-1, -1, 4),
    ];
    const UP_LEFT: [u64; 3] = [
        near_wall(-1, 1, 1),
        near_wall(-1, 1, 2),
        near_wall(-1, 1, 4),
    ];
    const DOWN_RIGHT: [u64; 3] = [
        near_wall(1, -1, 1),
        near_wall(1, -1, 2),
        near_wall(1, -1, 4),
    ];
    let mut rows = occupied;
    rows &= rows >> 1;
    rows &= rows >> 2;
    rows &= rows >> 4;
    let horizontal = (rows & FILE_A) * 0xFF;
    let mut vertical = occupied;
    vertical &= vertical.rotate_right(8);
    vertical &= vertical.rotate_right(16);
    vertical &= vertical.rotate_right(32);
    // a1–h8 diagonals step by 9, the others by 7.
    let diag =
        full_towards(occupied, 9, true, UP_RIGHT) & full_towards(occupied, 9, false, DOWN_LEFT);
    let anti =
        full_towards(occupied, 7, true, UP_LEFT) & full_towards(occupied, 7, false, DOWN_RIGHT);
    [horizontal, vertical, diag, anti]
}

/// A lower bound on the discs of `p` that can never be flipped: a disc is stable when, along
/// each of the four axes, its line is full or a neighbour on that axis is the wall or another
/// stable disc of the same colour.
pub fn stable_discs(p: u64, o: u64) -> u64 {
    let [full_h, full_v, full_d, full_a] = full_lines(p | o);
    let mut stable = 0u64;
    loop {
        let horizontal =
            full_h | FILE_A | FILE_H | ((stable << 1) & !FILE_A) | ((stable >> 1) & !FILE_H);
        let vertical = full_v | RANK_1 | RANK_8 | (stable << 8) | (stable >> 8);
        let diag = full_d | BORDER | ((stable << 9) & !FILE_A) | ((stable >> 9) & !FILE_H);
        let anti = full_a | BORDER | ((stable << 7) & !FILE_H) | ((stable >> 7) & !FILE_A);
        let next = p & horizontal & vertical & diag & anti;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The most the side to move (`p`) can still score when `o`'s stable discs already hold it
/// to at most `alpha`: the node fails low without a search. `None` when the cap is above
/// `alpha`, tested cheaply first (fewer discs than the cap needs cannot all be stable).
/// Measured in docs/BENCHMARKS.md (Reversi, "Eighth pass"): worth it from five empties up.
#[inline]
pub fn stability_cutoff(p: u64, o: u64, alpha: i32) -> Option<i32> {
    if alpha < 64 - 2 * o.count_ones() as i32 {
        return None;
    }
    let cap = 64 - 2 * stable_discs(o, p).count_ones() as i32;
    (cap <= alpha).then_some(cap)
}

/// Only the discs that are stable because they are chained to a corner along the edges: cheap
/// enough for every evaluation.
fn edge_anchored(p: u64) -> u64 {
    let mut stable = p & CORNERS;
    if stable == 0 {
        return 0;
    }
    let edges = p & BORDER;
    for _ in 0..6 {
        let grow = (((stable << 1) & !FILE_A) | ((stable >> 1) & !FILE_H)) & (RANK_1 | RANK_8)
            | ((stable << 8) | (stable >> 8)) & (FILE_A | FILE_H);
        let next = stable | (grow & edges);
        if next == stable {
            break;
        }
        stable = next;
    }
    stable
}

/// Counts of a feature for the side to move minus the other side.
#[inline]
fn diff(a: u64, b: u64) -> i32 {
    a.count_ones() as i32 - b.count_ones() as i32
}

/// The evaluation of (`p` to move, `o`), in hundredths of a disc, kept within ±6000 so it never
/// reaches the scale of a decided game.
pub fn evaluate(p: u64, o: u64) -> i32 {
    let empty = !(p | o);
    let empties = empty.count_ones() as i32;
    let my_moves = legal_moves(p, o);
    let their_moves = legal_moves(o, p);

    // Mobility, relative so that 3 moves against 1 weighs more than 13 against 11.
    let mine = my_moves.count_ones() as i32;
    let theirs = their_moves.count_ones() as i32;
    let mobility = 100 * (mine - theirs) / (mine + theirs + 2);

    // Potential mobility: empty squares next to the other side's discs are future moves.
    let frontier = diff(neighbours(o) & empty, neighbours(p) & empty);

    let corners = diff(p & CORNERS, o & CORNERS);
    // A corner the side to move can take now is almost one already.
    let corner_moves = diff(my_moves & CORNERS, their_moves & CORNERS);

    let mut x_squares = 0;
    for &(x, corner) in &X_SQUARES {
        if empty & corner != 0 {
            x_squares += diff(p & x, o & x);
        }
    }
    let mut c_squares = 0;
    for &(c, corner) in &C_SQUARES {
        if empty & corner != 0 {
            c_squares += diff(p & c, o & c);
        }
    }

    let stable = if empties <= 40 {
        diff(stable_discs(p, o), stable_discs(o, p))
    } else {
        diff(edge_anchored(p), edge_anchored(o))
    };

    let discs = diff(p, o);
    // The side that moves last in each region gains; in the endgame the side to move plays
    // last overall when the number of empty squares is odd.
    let parity = if empties % 2 == 1 { 1 } else { -1 };

    // Phase weights: 0 at the start, 60 at the end.
    let phase = 60 - empties.clamp(0, 60);
    let score = mobility * (9 - phase / 10)
        + frontier * (28 - phase / 3)
        + corners * 380
        + corner_moves * 120
        - x_squares * (220 - 2 * phase)
        - c_squares * (60 - phase / 2)
        + stable * (60 + 2 * phase)
        + discs * (if phase > 44 { (phase - 44) * 4 } else { -2 })
        + parity * (if empties < 20 { 60 } else { 15 });
    score.clamp(-6000, 6000)
}

/// A disc-count-only evaluation, the judgement of someone who has just learnt the rules: more
/// discs now looks better. The Beginner level plays with it.
pub fn greedy(p: u64, o: u64) -> i32 {
    100 * diff(p, o)
}

#[cfg(test)]
mod tests {
    use super::super::board::{Position, START_BLACK, START_WHITE};
    use super::super::endgame::tests::{minimax, random_position};
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn start_is_balanced() {
        assert_eq!(
            evaluate(START_BLACK, START_WHITE),
            evaluate(START_WHITE, START_BLACK)
        );
    }

    /// The squares of the full lines, straight from the definition: each line of each axis
    /// checked square by square.
    fn full_lines_by_definition(occupied: u64) -> [u64; 4] {
        let mut lines = [0u64; 4];
        for (axis, (dx, dy)) in [(1, 0), (0, 1), (1, 1), (-1, 1)].into_iter().enumerate() {
            for sq in 0..64i32 {
                let mut line = 0u64;
                for dir in [-1, 1] {
                    let (mut x, mut y) = (sq % 8, sq / 8);
                    while (0..8).contains(&x) && (0..8).contains(&y) {
                        line |= 1 << (x + 8 * y);
                        (x, y) = (x + dir * dx, y + dir * dy);
                    }
                }
                if occupied & line == line {
                    lines[axis] |= 1 << sq;
                }
            }
        }
        lines
    }

    proptest! {
        /// Boards from sparse to nearly full (the union of up to four random boards) and
        /// full with one hole: the shifted lines are the defined ones.
        #[test]
        fn full_lines_are_the_lines_with_no_empty_square(a in any::<u64>(), b in any::<u64>(), c in any::<u64>(), d in any::<u64>()) {
            for board in [a, a | b, a | b | c, a | b | c | d, !(1 << (a % 64))] {
                prop_assert_eq!(full_lines(board), full_lines_by_definition(board), "{:#x}", board);
            }
        }
    }

    /// On positions of six empties (played out from the start, or discs scattered so that
    /// lopsided boards are common) and every `alpha`: a cut-off is at most `alpha` and no
    /// lower than the true value, so failing low there is never wrong.
    #[test]
    fn a_stability_cutoff_never_cuts_below_the_value() {
        let mut cuts = 0;
        for seed in 0..300 {
            for scatter in [false, true] {
                let pos = random_position(seed, 6, scatter);
                let (p, o) = (pos.player, pos.opponent);
                let value = minimax(p, o);
                for alpha in -64..=64 {
                    if let Some(cap) = stability_cutoff(p, o, alpha) {
                        assert!(
                            cap <= alpha && value <= cap,
                            "{pos} alpha {alpha} cap {cap}"
                        );
                        cuts += 1;
                    }
                }
            }
        }
        assert!(cuts > 100, "only {cuts} cut-offs: the test proves little");
    }

    #[test]
    fn the_stable_discs_of_a_full_edge_cap_the_score() {
        // White (to be capped) owns the whole first rank; Black the rest but for four squares.
        let o = 0xFF;
        let p = !o & !(0x0F << 40);
        assert_eq!(stability_cutoff(p, o, 48), Some(48));
        assert_eq!(stability_cutoff(p, o, 60), Some(48));
        assert_eq!(stability_cutoff(p, o, 47), None);
    }

    #[test]
    fn corners_and_full_edges_are_stable() {
        // Black owns a1, b1 and a2 with the rest of the board empty; all three are stable.
        let p = 1 | (1 << 1) | (1 << 8);
        assert_eq!(stable_discs(p, 0), p);
        assert_eq!(edge_anchored(p), p);
        // A lone centre disc is not stable.
        assert_eq!(stable_discs(1 << 27, 1 << 28), 0);
        // A full board is stable everywhere.
        let black = 0x5555_5555_5555_5555;
        assert_eq!(stable_discs(black, !black), black);
    }

    #[test]
    fn owning_a_corner_is_good() {
        let pos =
            Position::parse("X-------------------------OX------XO---------------------------- O")
                .expect("valid");
        // Evaluated for the side that owns the corner (X), after O's move would be its turn.
        assert!(evaluate(pos.opponent, pos.player) > evaluate(pos.player, pos.opponent));
    }
}
