//! The trained pattern correction to Master's evaluation: the board seen through 25 windows
//! of eight dark squares, each window's every arrangement with a learnt value, one table set
//! per game stage.
//!
//! The hand-made features ([`super::master_eval`]) know material, kings and the endgame
//! plan; what they miss is structure: which formations hold, which get broken up, which leave
//! a hole, where a king stands well. The tables learn that from positions labelled by deeper
//! searches (`examples/checkers_datagen.rs`, `examples/checkers_train.rs`): each entry is what
//! the hand-made evaluation got wrong, on average, in positions with that arrangement.
//!
//! The windows ([`Family`]): nine overlapping 4×4 blocks read for pawns only (kings as empty
//! squares), seven bands of two whole rows read for pawns only, and the nine blocks again read
//! for pieces (a king as its side's piece). Each square of a window is empty, the side to
//! move's or the opponent's (3⁸ = 6 561 arrangements), so the tables stay small enough to be
//! learnt from tens of thousands of positions. The sum of a position's 25 entries is clamped
//! to ±[`MAX_CORRECTION`].
//!
//! The shipped tables (`assets/checkers/patterns.bin`, [`crate::core::weights_file`]'s
//! format) are read once, on first use; a file that is refused leaves Master with its
//! hand-made evaluation, still playable.
//!
//! Windows are read from the side to move's point of view (the board turned half round when
//! white moves), so one table serves both colours and a position and its colour-swapped
//! mirror get one value.

use std::sync::OnceLock;

use super::board::Position;
pub use crate::core::weights_file::WeightsError;
use crate::core::weights_file::{self, Layout};

/// Windows per position: [`Family::PawnBlocks`], then [`Family::PawnRows`], then
/// [`Family::PieceBlocks`].
pub const TABLES: usize = 9 + 7 + 9;
/// Arrangements of one window: each of its eight squares empty, own or the opponent's.
pub const TABLE_ENTRIES: usize = 6561;
/// The game stages, by the number of pieces left.
pub const STAGES: usize = 4;
/// The values of one stage.
pub const STAGE_WEIGHTS: usize = TABLES * TABLE_ENTRIES;

/// The three kinds of window, for the trainer to choose which to fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// The nine 4×4 blocks (rows 0–3, 2–5, 4–7 by columns 0–3, 2–5, 4–7), pawns only.
    PawnBlocks,
    /// The seven bands of two neighbouring rows, pawns only.
    PawnRows,
    /// The nine blocks, kings counted as their side's pieces.
    PieceBlocks,
}

impl Family {
    /// Every family, in table order.
    pub const ALL: [Self; 3] = [Self::PawnBlocks, Self::PawnRows, Self::PieceBlocks];

    /// The family of table `t` (0..[`TABLES`]).
    #[must_use]
    pub const fn of_table(t: usize) -> Self {
        match t {
            0..9 => Self::PawnBlocks,
            9..16 => Self::PawnRows,
            _ => Self::PieceBlocks,
        }
    }
}

/// The largest correction (hundredths of a pawn): less than a pawn, so that no arrangement
/// outweighs material. On held-out training positions the fitted sums reach 60–80 at the 99th
/// percentile and about 120 at most, the largest from arrangements seen a few times; without
/// the clamp Master gave back a piece it had won in `master_plays_a_two_for_one_shot`
/// (`tests/checkers_engine.rs`). Over 2 000 games the clamp is neutral.
pub const MAX_CORRECTION: i32 = 60;
// Less than a pawn, checked when the crate is built.
const _: () = assert!(MAX_CORRECTION < super::eval::PAWN);
/// The shape of this build's weights file: magic `PCKW`, version 1.
const LAYOUT: Layout = Layout {
    magic: b"PCKW",
    version: 1,
    count: STAGES * STAGE_WEIGHTS,
};

/// `TERNARY[b]`: the eight bits of `b` read as ternary digits (bit i worth 3^i).
const TERNARY: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut value = 0u16;
        let mut power = 1u16;
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[b] = value;
        b += 1;
    }
    table
};

/// The stage of a position with `pieces` pieces on the board: 24–19, 18–13, 12–8, 7 or fewer.
#[must_use]
pub const fn stage(pieces: u32) -> usize {
    match pieces {
        19.. => 0,
        13..=18 => 1,
        8..=12 => 2,
        _ => 3,
    }
}

/// The side to move's and the opponent's pieces, turned so that the side to move plays
/// towards row 0 (as black does).
#[must_use]
pub const fn oriented(pos: &Position) -> (u32, u32) {
    let (own, opp) = pos.sides();
    if pos.black_to_move {
        (own, opp)
    } else {
        (own.reverse_bits(), opp.reverse_bits())
    }
}

/// The eight squares of block `b` as bits: rows `2 × (b / 3)` to three rows further, in each
/// row the two dark squares from `b % 3`.
#[inline]
const fn block_bits(bits: u32, b: usize) -> u32 {
    let first_row = 2 * (b / 3);
    let column = b % 3;
    let mut out = 0;
    let mut j = 0;
    while j < 4 {
        out |= ((bits >> ((first_row + j) * 4 + column)) & 3) << (2 * j);
        j += 1;
    }
    out
}

/// The arrangement of eight squares given as bits of the two sides.
#[inline]
fn arrangement(own: u32, opp: u32) -> usize {
    TERNARY[own as usize] as usize + 2 * TERNARY[opp as usize] as usize
}

/// Every table's index for `pos` (each table's offset within a stage included).
#[must_use]
pub fn indices(pos: &Position) -> [usize; TABLES] {
    let (own, opp) = oriented(pos);
    let kings = if pos.black_to_move {
        pos.kings
    } else {
        pos.kings.reverse_bits()
    };
    let (own_pawns, opp_pawns) = (own & !kings, opp & !kings);
    std::array::from_fn(|t| {
        let index = match Family::of_table(t) {
            Family::PawnBlocks => arrangement(block_bits(own_pawns, t), block_bits(opp_pawns, t)),
            Family::PawnRows => {
                let shift = 4 * (t - 9);
                arrangement((own_pawns >> shift) & 0xFF, (opp_pawns >> shift) & 0xFF)
            }
            Family::PieceBlocks => arrangement(block_bits(own, t - 16), block_bits(opp, t - 16)),
        };
        t * TABLE_ENTRIES + index
    })
}

/// The learnt tables, all stages, in hundredths of a pawn.
pub struct Weights {
    values: Vec<i16>,
}

impl Weights {
    /// Tables from their values, stage by stage ([`STAGES`] × [`STAGE_WEIGHTS`]); `None` for
    /// any other count.
    #[must_use]
    pub fn from_values(values: Vec<i16>) -> Option<Self> {
        (values.len() == STAGES * STAGE_WEIGHTS).then_some(Self { values })
    }

    /// Reads a weights file ([`crate::core::weights_file`]) of this build's tables.
    ///
    /// # Errors
    ///
    /// A [`WeightsError`] for anything but a complete, well-formed file of this build's shape.
    pub fn parse(bytes: &[u8]) -> Result<Self, WeightsError> {
        weights_file::parse(&LAYOUT, bytes).map(|values| Self { values })
    }

    /// The file [`Weights::parse`] reads back.
    #[must_use]
    pub fn encode(&self) -> Vec<u8> {
        weights_file::encode(&LAYOUT, &self.values)
    }

    /// The correction for `pos`, in hundredths of a pawn, from the side to move's view.
    #[must_use]
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let pieces = (pos.black | pos.white).count_ones();
        let base = stage(pieces) * STAGE_WEIGHTS;
        let table = &self.values[base..base + STAGE_WEIGHTS];
        let sum: i32 = indices(pos).iter().map(|&i| i32::from(table[i])).sum();
        sum.clamp(-MAX_CORRECTION, MAX_CORRECTION)
    }
}

/// The shipped tables, compiled in.
static SHIPPED: &[u8] = include_bytes!("../../../../assets/checkers/patterns.bin");

/// The tables in use, set once: by [`install`], else from the shipped file on first use.
static LOADED: OnceLock<Option<Weights>> = OnceLock::new();

/// The tables in use, decoded on first use; `None` (Master's hand-made evaluation alone) if
/// the shipped file is refused.
pub fn loaded() -> Option<&'static Weights> {
    LOADED.get_or_init(|| Weights::parse(SHIPPED).ok()).as_ref()
}

/// Makes `weights` the tables [`correction`] uses: the training tools compare freshly trained
/// tables without a rebuild. Only before the first evaluation; returns whether it took effect.
pub fn install(weights: Weights) -> bool {
    LOADED.set(Some(weights)).is_ok()
}

/// The trained correction to Master's hand-made evaluation of `pos` (0 if the shipped tables
/// could not be read).
pub fn correction(pos: &Position) -> i32 {
    loaded().map_or(0, |w| w.evaluate(pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_blocks_tile_the_board_as_overlapping_four_by_four_squares() {
        // Every block holds eight squares; corner blocks' squares belong to one block only,
        // the centre's to four.
        let mut cover = [0u8; 32];
        for b in 0..9 {
            let bits = (0..32).fold(0u32, |acc, sq| {
                if block_bits(1 << sq, b) != 0 {
                    acc | 1 << sq
                } else {
                    acc
                }
            });
            assert_eq!(bits.count_ones(), 8, "block {b}");
            for (sq, count) in cover.iter_mut().enumerate() {
                *count += u8::from(bits >> sq & 1 != 0);
            }
        }
        assert_eq!(cover.iter().map(|&c| usize::from(c)).sum::<usize>(), 72);
        // Row 0's outer square (index 0) lies in the bottom-left block only; 3,2 (index 13)
        // and 4,1 (index 17) in four.
        assert_eq!(cover[0], 1);
        assert_eq!(cover[13], 4);
        assert_eq!(cover[17], 4);
    }

    /// A position with black to move and only pawns, from the two sides' bits.
    fn pawns(black: u32, white: u32) -> Position {
        Position {
            black,
            white,
            kings: 0,
            black_to_move: true,
            quiet_plies: 0,
        }
    }

    #[test]
    fn an_index_spells_its_window_in_ternary() {
        // Own pawns on the first block's first two squares, an enemy pawn on its last.
        let all = indices(&pawns(0b11, 1 << (3 * 4 + 1)));
        assert_eq!(all[0], 1 + 3 + 2 * 3usize.pow(7));
        // The same three pawns in the first row band: squares 0, 1 of eight, 13 outside.
        assert_eq!(all[9], 9 * TABLE_ENTRIES + 1 + 3);
        assert_eq!(all[16], 16 * TABLE_ENTRIES + all[0]);
        let full = indices(&pawns(u32::MAX, 0));
        for (t, index) in full.iter().enumerate() {
            assert_eq!(
                *index,
                t * TABLE_ENTRIES + (TABLE_ENTRIES - 1) / 2,
                "table {t}"
            );
        }
    }

    #[test]
    fn kings_are_seen_by_the_piece_blocks_only() {
        let pawn = pawns(1, 0);
        let king = Position { kings: 1, ..pawn };
        let (with_pawn, with_king) = (indices(&pawn), indices(&king));
        // Square 0 lies in the first pawn block, the first row band and the first piece
        // block: a pawn turned king leaves the pawn windows and stays in the piece window.
        let changed: Vec<usize> = (0..TABLES)
            .filter(|&t| with_pawn[t] != with_king[t])
            .collect();
        assert_eq!(changed, [0, 9]);
        assert_eq!(with_king[0], 0);
        assert_eq!(with_king[16], 16 * TABLE_ENTRIES + 1);
    }

    #[test]
    fn both_colours_see_the_same_windows_from_their_own_side() {
        let pos = Position {
            black: 0xF00F_0000,
            white: 0x0000_1F0F,
            kings: 0x1000_0001,
            black_to_move: true,
            quiet_plies: 0,
        };
        let mirrored = Position {
            black: pos.white.reverse_bits(),
            white: pos.black.reverse_bits(),
            kings: pos.kings.reverse_bits(),
            black_to_move: false,
            quiet_plies: 0,
        };
        assert_eq!(oriented(&pos), oriented(&mirrored));
        assert_eq!(indices(&pos), indices(&mirrored));
        let values: Vec<i16> = (0..STAGES * STAGE_WEIGHTS)
            .map(|i| (i % 97) as i16)
            .collect();
        let weights = Weights::from_values(values).expect("the right count");
        assert_eq!(weights.evaluate(&pos), weights.evaluate(&mirrored));
        let reread = Weights::parse(&weights.encode()).expect("round trip");
        assert_eq!(reread.evaluate(&pos), weights.evaluate(&pos));
    }

    #[test]
    fn the_correction_never_outweighs_a_pawn() {
        let pos = Position::start();
        let big = Weights::from_values(vec![1000; STAGES * STAGE_WEIGHTS]).expect("the count");
        assert_eq!(big.evaluate(&pos), MAX_CORRECTION);
        let small = Weights::from_values(vec![-1; STAGES * STAGE_WEIGHTS]).expect("the count");
        assert_eq!(small.evaluate(&pos), -(TABLES as i32));
        let negative = Weights::from_values(vec![-1000; STAGES * STAGE_WEIGHTS]).expect("count");
        assert_eq!(negative.evaluate(&pos), -MAX_CORRECTION);
    }

    #[test]
    fn the_shipped_tables_load() {
        let weights = Weights::parse(SHIPPED).expect("the shipped tables are valid");
        assert_eq!(weights.values.len(), STAGES * STAGE_WEIGHTS);
        assert!(weights.values.iter().any(|&v| v != 0), "trained, not blank");
    }

    #[test]
    fn stages_follow_the_pieces_left() {
        assert_eq!(stage(24), 0);
        assert_eq!(stage(19), 0);
        assert_eq!(stage(18), 1);
        assert_eq!(stage(13), 1);
        assert_eq!(stage(12), 2);
        assert_eq!(stage(8), 2);
        assert_eq!(stage(7), 3);
        assert_eq!(stage(0), 3);
    }
}
