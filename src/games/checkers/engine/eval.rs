//! The static evaluations, in hundredths of a pawn from the side to move's point of view.
//!
//! [`evaluate`] (Beginner to Strong): material (a king worth more than a pawn), pawns'
//! advancement (the tempo count, weighted towards the crown row), the back-rank guard that
//! keeps the opponent from crowning, the centre, mobility, and a push to trade down when
//! ahead.
//!
//! [`evaluate_full`] (Master) adds what wins games rather than pieces: the back-rank bridge,
//! runaway pawns (nothing in front can stop them), trapped kings, kings that grow in value as
//! the board empties and stay off the edge, and, for the side a pawn or
//! more ahead, an endgame plan (kings close in on the enemy, an enemy king in a double corner
//! is driven out) and progress (the lead is discounted as the draw counter runs, so it prefers
//! pawn moves and exchanges to shuffling kings).

use super::board::{DIRECTIONS, Dir, Position, step};

/// A pawn.
pub const PAWN: i32 = 100;
/// A king: it moves both ways, so it is worth a good deal more than a pawn.
pub const KING: i32 = 140;

/// Bonus per pawn by how many rows it has advanced (0 on its own back row, 6 one row short of
/// crowning): small early so pawns stay together, larger near the crown row.
const ADVANCE: [i32; 8] = [0, 1, 2, 4, 7, 11, 16, 0];
/// Per pawn still on its own back row while the opponent has pawns that could crown there.
const BACK_GUARD: i32 = 7;
/// Per step available, for the side to move and against the opponent's.
const MOBILITY: i32 = 2;
/// When ahead in material, per piece fewer than 24 on the board: trading down wins endings.
const TRADE_DOWN: i32 = 3;
/// Per piece on the four central squares.
const CENTRE: i32 = 4;

/// The bridge on black's back rank: 1,7 and 5,7 (the double corner's back square and the
/// one two along).
const BLACK_BRIDGE: u32 = (1 << 28) | (1 << 30);
/// The bridge on white's back rank: 6,0 and 2,0.
const WHITE_BRIDGE: u32 = (1 << 3) | (1 << 1);
/// The four squares of the two double corners: 6,0 7,1 and 0,6 1,7.
const DOUBLE_CORNERS: u32 = (1 << 3) | (1 << 7) | (1 << 24) | (1 << 28);
/// A bridge held while the opponent still has pawns.
const BRIDGE: i32 = 10;
/// A runaway pawn about to crown; [`RUNAWAY_STEP`] less per row still to go, the whole taken
/// one and a half times (once before issue #22's tournaments, which won more with ×1.5).
const RUNAWAY: i32 = 40;
/// See [`RUNAWAY`].
const RUNAWAY_STEP: i32 = 5;
/// A king with no step to make (25 before the tuning of issue #22; 50 won more games).
const TRAPPED_KING: i32 = 50;
/// Per king, per eight pieces gone from the board: a king does more on an empty board, so
/// in the ending a pawn is worth crowning and a king is not worth trading for a pawn.
const KING_ENDGAME: i32 = 20;
/// Per king on the outermost dark square of a row or on the first or last row, where it
/// covers fewer diagonals.
const EDGE_KING: i32 = 6;
/// The outermost dark square of each row and the whole first and last rows.
const EDGE: u32 = 0x1111_1111 | 0x8888_8888 | 0x0000_000F | 0xF000_0000;
/// Per king step between each of the stronger side's kings and the nearest enemy piece.
const CLOSE_IN: i32 = 3;
/// Per enemy king of the weaker side in a double corner.
const DOUBLE_CORNER: i32 = 15;

/// Row bitboards, row 0 (bottom) first.
const ROWS: [u32; 8] = [
    0x0000_000F,
    0x0000_00F0,
    0x0000_0F00,
    0x0000_F000,
    0x000F_0000,
    0x00F0_0000,
    0x0F00_0000,
    0xF000_0000,
];
/// The squares 2,4 4,4 3,3 5,3.
const CENTRE_SQUARES: u32 = (1 << 13) | (1 << 14) | (1 << 17) | (1 << 18);

/// The value of a side: `pawns_black` says which way its pawns move.
fn side_value(pawns: u32, kings: u32, black: bool, opponent_pawns: u32) -> i32 {
    let mut score = pawns.count_ones() as i32 * PAWN + kings.count_ones() as i32 * KING;
    for (row, bits) in ROWS.iter().enumerate() {
        let advanced = if black { 7 - row } else { row };
        score += ADVANCE[advanced] * (pawns & bits).count_ones() as i32;
    }
    if opponent_pawns != 0 {
        let back_row = if black { ROWS[7] } else { ROWS[0] };
        score += BACK_GUARD * (pawns & back_row).count_ones() as i32;
    }
    score += CENTRE * ((pawns | kings) & CENTRE_SQUARES).count_ones() as i32;
    score
}

/// The number of steps a side could make (pieces blocked in count for nothing).
fn steps(pawns: u32, kings: u32, black: bool, empty: u32) -> u32 {
    let forward: [Dir; 2] = if black {
        [Dir::DownRight, Dir::DownLeft]
    } else {
        [Dir::UpRight, Dir::UpLeft]
    };
    let mut n = 0;
    for d in forward {
        n += (step(pawns | kings, d) & empty).count_ones();
    }
    if kings != 0 {
        for d in DIRECTIONS.iter().filter(|d| !forward.contains(d)) {
            n += (step(kings, *d) & empty).count_ones();
        }
    }
    n
}

/// The material alone (pawns and kings), from the side to move's point of view.
pub fn material(pos: &Position) -> i32 {
    let (own, opp) = pos.sides();
    let value = |bits: u32| {
        (bits & !pos.kings).count_ones() as i32 * PAWN
            + (bits & pos.kings).count_ones() as i32 * KING
    };
    value(own) - value(opp)
}

/// The evaluation of a quiet position, from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let (own, opp) = pos.sides();
    let black = pos.black_to_move;
    let empty = pos.empty();
    let (own_pawns, own_kings) = (own & !pos.kings, own & pos.kings);
    let (opp_pawns, opp_kings) = (opp & !pos.kings, opp & pos.kings);
    let mut score = side_value(own_pawns, own_kings, black, opp_pawns)
        - side_value(opp_pawns, opp_kings, !black, own_pawns);
    score += MOBILITY
        * (steps(own_pawns, own_kings, black, empty) as i32
            - steps(opp_pawns, opp_kings, !black, empty) as i32);
    let lead = material(pos);
    if lead != 0 {
        let fewer = 24 - (own | opp).count_ones() as i32;
        score += lead.signum() * TRADE_DOWN * fewer;
    }
    score
}

/// Master's evaluation: [`evaluate`] plus the knowledge that turns an advantage into a win
/// and keeps the back rank safe (see the module's notes on each term).
pub fn evaluate_full(pos: &Position) -> i32 {
    let (own, opp) = pos.sides();
    let black = pos.black_to_move;
    let empty = pos.empty();
    let mut score = evaluate(pos) + knowledge(own, opp, pos.kings, black, empty)
        - knowledge(opp, own, pos.kings, !black, empty);
    let lead = material(pos);
    if lead.abs() >= PAWN {
        // The side ahead hunts; the side behind only hopes to hide.
        let hunt = if lead > 0 {
            endgame(own, opp, pos.kings)
        } else {
            -endgame(opp, own, pos.kings)
        };
        score += hunt;
        // Progress: as the draw counter runs, an advantage is worth less, so the side ahead
        // prefers moves that reset it (pawn moves and captures) to shuffling its kings.
        score = score * (2 * 80 - i32::from(pos.quiet_plies)) / (2 * 80);
    }
    score
}

/// A side's structural terms beyond [`side_value`]: the bridge on its back rank, runaway
/// pawns, trapped kings and where its kings stand. `black` says which way its pawns move.
fn knowledge(own: u32, opp: u32, kings: u32, black: bool, empty: u32) -> i32 {
    let pawns = own & !kings;
    let own_kings = own & kings;
    let opp_pawns = opp & !kings;
    let mut score = 0;
    // The bridge: with pawns on the back rank's second and fourth dark squares from the
    // double corner, no single pawn of the opponent's can crown.
    let bridge = if black { BLACK_BRIDGE } else { WHITE_BRIDGE };
    if opp_pawns != 0 && pawns & bridge == bridge {
        score += BRIDGE;
    }
    // Runaway pawns: nothing of the opponent's in the cone in front, so it will crown.
    let mut rest = pawns;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let cone = if black { CONES[1][i] } else { CONES[0][i] };
        if cone & opp == 0 {
            let row = i / 4;
            let rows_left = if black { row } else { 7 - row } as i32;
            score += (RUNAWAY - RUNAWAY_STEP * rows_left) * 3 / 2;
        }
    }
    // Trapped kings: a king that cannot step anywhere is as good as lost.
    let mut free = 0;
    for d in DIRECTIONS {
        free |= back_step(step(own_kings, d) & empty, d);
    }
    score -= TRAPPED_KING * (own_kings & !free).count_ones() as i32;
    // Kings: worth more as the board empties, less on the edge.
    let fewer = 24 - (own | opp).count_ones() as i32;
    score += KING_ENDGAME * own_kings.count_ones() as i32 * fewer / 8;
    score -= EDGE_KING * (own_kings & EDGE).count_ones() as i32;
    score
}

/// The stronger side's endgame plan, from its point of view: kings close in on the enemy's
/// pieces, and an enemy king sitting in a double corner (where it cannot be cornered by two
/// kings without technique) is worth driving out.
fn endgame(strong: u32, weak: u32, kings: u32) -> i32 {
    let strong_kings = strong & kings;
    if strong_kings == 0 || weak == 0 {
        return 0;
    }
    let mut score = 0;
    let mut hunters = strong_kings;
    while hunters != 0 {
        let k = hunters.trailing_zeros() as u8;
        hunters &= hunters - 1;
        let mut nearest = 7;
        let mut prey = weak;
        while prey != 0 {
            let p = prey.trailing_zeros() as u8;
            prey &= prey - 1;
            nearest = nearest.min(distance(k, p));
        }
        score -= CLOSE_IN * nearest;
    }
    score -= DOUBLE_CORNER * (weak & kings & DOUBLE_CORNERS).count_ones() as i32;
    score
}

/// King steps between two dark squares (the larger of the row and column distances).
fn distance(a: u8, b: u8) -> i32 {
    let (ax, ay) = coords(a);
    let (bx, by) = coords(b);
    (ax - bx).abs().max((ay - by).abs())
}

const fn coords(i: u8) -> (i32, i32) {
    let y = (i / 4) as i32;
    (((i % 4) * 2) as i32 + y % 2, y)
}

/// One step against direction `d`.
const fn back_step(bits: u32, d: Dir) -> u32 {
    step(
        bits,
        match d {
            Dir::UpRight => Dir::DownLeft,
            Dir::UpLeft => Dir::DownRight,
            Dir::DownRight => Dir::UpLeft,
            Dir::DownLeft => Dir::UpRight,
        },
    )
}

/// For white (`[0]`, moving up) and black (`[1]`, moving down), each square's cone: the dark
/// squares ahead of it up to the crown row within one column more than rows, which a pawn there
/// could be stopped from.
const CONES: [[u32; 32]; 2] = cones();

const fn cones() -> [[u32; 32]; 2] {
    let mut table = [[0; 32]; 2];
    let mut from = 0;
    while from < 32 {
        let (x, y) = coords(from as u8);
        let mut to = 0;
        while to < 32 {
            let (to_x, to_y) = coords(to as u8);
            let columns = if to_x > x { to_x - x } else { x - to_x };
            if to_y > y && columns <= to_y - y + 1 {
                table[0][from] |= 1 << to;
            }
            if to_y < y && columns <= y - to_y + 1 {
                table[1][from] |= 1 << to;
            }
            to += 1;
        }
        from += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_and_material_counts_most() {
        let start = Position::start();
        assert_eq!(evaluate(&start), 0);
        let mut up = start;
        up.white &= !1; // white loses the pawn on 0,0
        assert!(evaluate(&up) > PAWN / 2);
        assert_eq!(material(&up), PAWN);
        let mut flipped = up;
        flipped.black_to_move = false;
        assert!(evaluate(&flipped) < -PAWN / 2);
    }

    #[test]
    fn a_king_is_worth_more_than_a_pawn() {
        let pawn = Position {
            black: 1 << 17,
            white: 1 << 2,
            kings: 1 << 2,
            black_to_move: true,
            quiet_plies: 0,
        };
        let king = Position {
            kings: pawn.kings | (1 << 17),
            ..pawn
        };
        assert!(evaluate(&king) > evaluate(&pawn));
    }
}
