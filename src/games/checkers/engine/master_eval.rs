//! Master's evaluation as a weighted sum of features, so that its weights can be fitted to
//! game outcomes (`examples/checkers_tune.rs`) rather than guessed one at a time.
//!
//! [`features`] counts, for the side to move minus the opponent, what the plain evaluation
//! looks at (material, advancement, back rank, centre, mobility, trading down) and what wins
//! games rather than pieces: the back-rank bridge, runaway pawns, trapped kings, kings that
//! grow in value as the board empties and stay off the edge, pieces left to a capture, and,
//! for the side ahead in material, an endgame plan (its kings close in, an enemy king in a
//! double corner is driven out). [`score`] weighs them in eighths of a hundredth of a pawn and
//! discounts a lead as the draw counter runs, so the side ahead prefers pawn moves and
//! exchanges to shuffling kings.

use super::board::{DIRECTIONS, Position, step};
use super::eval::{CENTRE_SQUARES, CONES, ROWS, back_step, coords, material, steps};

/// The number of features.
pub const FEATURES: usize = 24;

/// Weights, one per feature, in eighths of a hundredth of a pawn.
pub type Weights = [i32; FEATURES];

/// Feature names, in order (for the tuner's output).
pub const NAMES: [&str; FEATURES] = [
    "pawn",
    "king",
    "advance 1",
    "advance 2",
    "advance 3",
    "advance 4",
    "advance 5",
    "advance 6",
    "back guard",
    "centre",
    "mobility",
    "trade down",
    "bridge",
    "runaway",
    "runaway rows left",
    "trapped king",
    "king x pieces gone",
    "edge king",
    "close in",
    "double corner",
    "king mobility",
    "en prise",
    "tempo",
    "balance",
];

/// Master's weights (eighths of a hundredth of a pawn).
pub const MASTER: Weights = [
    800,  // pawn
    1120, // king
    8,    // advance 1
    16,   // advance 2
    32,   // advance 3
    56,   // advance 4
    88,   // advance 5
    128,  // advance 6
    56,   // back guard
    32,   // centre
    16,   // mobility
    24,   // trade down
    80,   // bridge
    480,  // runaway
    -60,  // runaway rows left
    -400, // trapped king
    20,   // king x pieces gone
    -48,  // edge king
    -24,  // close in
    -120, // double corner
    30,   // king mobility
    -120, // en prise
    0,    // tempo
    0,    // balance
];

/// The material lead (hundredths) from which a side counts as ahead: its kings hunt and its
/// lead fades as the draw counter runs. 40, a king against a pawn, since issue #22's third
/// pass (it was a pawn, 100, and such endings were left to the draw rule).
const LEAD: i32 = 40;

/// The double corners' squares: 6,0 7,1 and 0,6 1,7.
const DOUBLE_CORNERS: u32 = (1 << 3) | (1 << 7) | (1 << 24) | (1 << 28);
/// The bridge on black's back rank: 1,7 and 5,7.
const BLACK_BRIDGE: u32 = (1 << 28) | (1 << 30);
/// The bridge on white's back rank: 6,0 and 2,0.
const WHITE_BRIDGE: u32 = (1 << 3) | (1 << 1);
/// The outermost dark square of each row and the whole first and last rows.
const EDGE: u32 = 0x1111_1111 | 0x8888_8888 | 0x0000_000F | 0xF000_0000;
/// The left half of the board (columns 0–3).
const LEFT: u32 = 0x3333_3333;

/// Why a list of weights was refused by [`parse_weights`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// An entry is not a whole number.
    #[error("weight {} ({}): `{text}` is not a whole number", .index + 1, NAMES[*.index])]
    NotANumber {
        /// Its place in the list, from 0.
        index: usize,
        /// The entry as given.
        text: String,
    },
    /// More entries than Master has features.
    #[error("{given} weights given, Master has {FEATURES}")]
    TooMany {
        /// How many were given.
        given: usize,
    },
}

/// Master's weights with the first ones replaced by `text`, a comma-separated list in
/// [`MASTER`]'s order (missing ones keep Master's): how the tuning tools try a fit without a
/// rebuild. A wrong entry is refused, never skipped, so a typo cannot shift the others.
///
/// # Errors
///
/// [`WeightsError`] for an entry that is not a whole number or for more than [`FEATURES`].
pub fn parse_weights(text: &str) -> Result<Weights, WeightsError> {
    let entries: Vec<&str> = text.split(',').map(str::trim).collect();
    if entries.len() > FEATURES {
        return Err(WeightsError::TooMany {
            given: entries.len(),
        });
    }
    let mut weights = MASTER;
    for (index, (slot, entry)) in weights.iter_mut().zip(entries).enumerate() {
        *slot = entry.parse().map_err(|_| WeightsError::NotANumber {
            index,
            text: entry.to_string(),
        })?;
    }
    Ok(weights)
}

/// Master's evaluation of a quiet position, from the side to move's point of view: the
/// hand-made features ([`score`] with [`MASTER`]) plus the trained pattern correction
/// ([`super::pattern`]), which is worth about what a doubling of Master's search is
/// (`docs/BENCHMARKS.md`, "Fifth pass").
pub fn evaluate_full(pos: &Position) -> i32 {
    score(pos, &MASTER) + super::pattern::correction(pos)
}

/// The evaluation with `weights`: the weighted features in hundredths of a pawn, a lead
/// discounted as the draw counter runs (see [`progress`]).
pub fn score(pos: &Position, weights: &Weights) -> i32 {
    let f = features(pos);
    let sum: i32 = f.iter().zip(weights).map(|(a, b)| a * b).sum::<i32>() / 8;
    match progress(pos) {
        Some(left) => sum * left / (2 * 80),
        None => sum,
    }
}

/// When a side is ahead (by a king against a pawn or more), the share of its evaluation that counts, out of 160:
/// less as the draw counter runs. `None` for a level position.
pub fn progress(pos: &Position) -> Option<i32> {
    (material(pos).abs() >= LEAD).then(|| 2 * 80 - i32::from(pos.quiet_plies))
}

/// The features of `pos`, each the side to move's count minus the opponent's (the endgame
/// plan's from the point of view of the side ahead, signed for the side to move).
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let (own, opp) = pos.sides();
    let black = pos.black_to_move;
    let empty = pos.empty();
    let mut f = [0; FEATURES];
    side(&mut f, own, opp, pos.kings, black, empty, 1);
    side(&mut f, opp, own, pos.kings, !black, empty, -1);
    let lead = material(pos);
    let fewer = 24 - (own | opp).count_ones() as i32;
    f[11] = lead.signum() * fewer;
    if lead.abs() >= LEAD {
        let hunt = if lead > 0 {
            endgame(own, opp, pos.kings)
        } else {
            let (close, corner) = endgame(opp, own, pos.kings);
            (-close, -corner)
        };
        f[18] = hunt.0;
        f[19] = hunt.1;
    }
    // The opponent's pieces that could jump if it were its turn: the side to move has a
    // piece en prise for each (it has no capture itself, the position being quiet), and
    // must spend its move saving it.
    let flipped = Position {
        black_to_move: !black,
        ..*pos
    };
    f[21] = flipped.jumpers().count_ones() as i32;
    f[22] = 1;
    f
}

/// Adds one side's counts to `f` with `sign`.
fn side(
    f: &mut [i32; FEATURES],
    own: u32,
    opp: u32,
    kings: u32,
    black: bool,
    empty: u32,
    sign: i32,
) {
    let pawns = own & !kings;
    let own_kings = own & kings;
    let opp_pawns = opp & !kings;
    f[0] += sign * pawns.count_ones() as i32;
    f[1] += sign * own_kings.count_ones() as i32;
    for (row, bits) in ROWS.iter().enumerate() {
        let advanced = if black { 7 - row } else { row };
        if (1..=6).contains(&advanced) {
            f[1 + advanced] += sign * (pawns & bits).count_ones() as i32;
        }
    }
    if opp_pawns != 0 {
        let back_row = if black { ROWS[7] } else { ROWS[0] };
        f[8] += sign * (pawns & back_row).count_ones() as i32;
    }
    f[9] += sign * (own & CENTRE_SQUARES).count_ones() as i32;
    f[10] += sign * steps(pawns, own_kings, black, empty) as i32;
    let bridge = if black { BLACK_BRIDGE } else { WHITE_BRIDGE };
    if opp_pawns != 0 && pawns & bridge == bridge {
        f[12] += sign;
    }
    let mut rest = pawns;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let cone = if black { CONES[1][i] } else { CONES[0][i] };
        if cone & opp == 0 {
            let row = i / 4;
            let rows_left = if black { row } else { 7 - row } as i32;
            f[13] += sign;
            f[14] += sign * rows_left;
        }
    }
    let mut free = 0;
    let mut king_steps = 0;
    for d in DIRECTIONS {
        let to = step(own_kings, d) & empty;
        king_steps += to.count_ones() as i32;
        free |= back_step(to, d);
    }
    f[15] += sign * (own_kings & !free).count_ones() as i32;
    let fewer = 24 - (own | opp).count_ones() as i32;
    f[16] += sign * own_kings.count_ones() as i32 * fewer;
    f[17] += sign * (own_kings & EDGE).count_ones() as i32;
    f[20] += sign * king_steps;
    f[23] +=
        sign * ((pawns & LEFT).count_ones() as i32 - (pawns & !LEFT).count_ones() as i32).abs();
}

/// The stronger side's endgame plan: the sum over its kings of the king steps to the nearest
/// enemy piece, and the enemy kings sitting in a double corner (where two kings cannot
/// corner them without technique).
fn endgame(strong: u32, weak: u32, kings: u32) -> (i32, i32) {
    let strong_kings = strong & kings;
    if strong_kings == 0 || weak == 0 {
        return (0, 0);
    }
    let mut close = 0;
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
        close += nearest;
    }
    (close, (weak & kings & DOUBLE_CORNERS).count_ones() as i32)
}

/// King steps between two dark squares (the larger of the row and column distances).
fn distance(a: u8, b: u8) -> i32 {
    let (ax, ay) = coords(a);
    let (bx, by) = coords(b);
    (ax - bx).abs().max((ay - by).abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_weights_list_replaces_the_first_weights_and_keeps_the_rest() {
        let weights = parse_weights("700, 1000,9").expect("three numbers");
        assert_eq!(weights[..3], [700, 1000, 9]);
        assert_eq!(weights[3..], MASTER[3..]);
        let all = MASTER.map(|w| w.to_string()).join(",");
        assert_eq!(parse_weights(&all), Ok(MASTER));
    }

    #[test]
    fn a_wrong_weights_list_is_refused_with_its_place() {
        assert_eq!(
            parse_weights("800,x,3"),
            Err(WeightsError::NotANumber {
                index: 1,
                text: "x".into()
            })
        );
        let error = parse_weights("800,,3").expect_err("an empty entry");
        assert_eq!(
            error.to_string(),
            "weight 2 (king): `` is not a whole number"
        );
        let too_many = vec!["1"; FEATURES + 1].join(",");
        assert_eq!(
            parse_weights(&too_many),
            Err(WeightsError::TooMany {
                given: FEATURES + 1
            })
        );
    }

    /// The position turned half round with the colours swapped: the same game for the other
    /// side.
    fn mirrored(pos: &Position) -> Position {
        Position {
            black: pos.white.reverse_bits(),
            white: pos.black.reverse_bits(),
            kings: pos.kings.reverse_bits(),
            black_to_move: !pos.black_to_move,
            quiet_plies: pos.quiet_plies,
        }
    }

    #[test]
    fn the_start_is_level_and_colours_do_not_matter() {
        // The hand-made features see the start as level; the pattern tables may give the
        // side to move a little (they learnt what the move is worth).
        assert_eq!(score(&Position::start(), &MASTER), 0);
        assert!(evaluate_full(&Position::start()).abs() <= super::super::pattern::MAX_CORRECTION);
        // Positions from a fixed walk through the game tree, kings and all.
        let mut pos = Position::start();
        let mut moves = Vec::new();
        for ply in 0..120usize {
            pos.generate(true, &mut moves);
            if moves.is_empty() {
                break;
            }
            if !pos.has_capture() {
                assert_eq!(
                    evaluate_full(&pos),
                    evaluate_full(&mirrored(&pos)),
                    "ply {ply}"
                );
            }
            pos = pos.play(&moves[(ply * 7) % moves.len()]);
        }
    }

    #[test]
    fn a_piece_en_prise_counts_against_the_side_to_move() {
        // Black (to move, moving down) has a pawn on 3,3 with a white pawn on 2,2 below it
        // and 4,4 behind it empty: white would jump it (black's own jump is blocked by its
        // pawn on 1,1).
        let safe = Position {
            black: 1 << 30,
            white: 1 << 3,
            kings: 0,
            black_to_move: true,
            quiet_plies: 0,
        };
        let black_pawn = 1 << (3 * 4 + 1); // 3,3
        let white_pawn = 1 << (2 * 4 + 1); // 2,2
        let threatened = Position {
            black: safe.black | black_pawn | 1 << 4,
            white: safe.white | white_pawn,
            ..safe
        };
        assert!(!threatened.has_capture());
        assert_eq!(features(&threatened)[21], 1);
        assert_eq!(features(&safe)[21], 0);
    }
}
