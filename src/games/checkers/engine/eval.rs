//! The static evaluations, in hundredths of a pawn from the side to move's point of view.
//!
//! [`evaluate`] (Beginner to Strong): material (a king worth more than a pawn), pawns'
//! advancement (the tempo count, weighted towards the crown row), the back-rank guard that
//! keeps the opponent from crowning, the centre, mobility, and a push to trade down when
//! ahead.
//!
//! [`evaluate_full`] (Master, in [`super::master_eval`]) weighs the same counts and more
//! with weights of its own: the back-rank bridge, runaway pawns, trapped kings, kings by the
//! board's emptiness and the edge, pieces left to a capture, and an endgame plan for the side
//! ahead, plus the trained pattern tables of [`super::pattern`]. This module keeps the shared pieces: material, the row and centre masks, the step
//! count and the runaway cones.

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

/// Row bitboards, row 0 (bottom) first.
pub(super) const ROWS: [u32; 8] = [
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
pub(super) const CENTRE_SQUARES: u32 = (1 << 13) | (1 << 14) | (1 << 17) | (1 << 18);

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
pub(super) fn steps(pawns: u32, kings: u32, black: bool, empty: u32) -> u32 {
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

pub(super) const fn coords(i: u8) -> (i32, i32) {
    let y = (i / 4) as i32;
    (((i % 4) * 2) as i32 + y % 2, y)
}

/// One step against direction `d`.
pub(super) const fn back_step(bits: u32, d: Dir) -> u32 {
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
pub(super) const CONES: [[u32; 32]; 2] = cones();

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
