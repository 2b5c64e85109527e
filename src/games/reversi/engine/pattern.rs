//! The trained pattern evaluation: the board cut into lines and corner blocks whose every
//! configuration has a learnt value, one table set per game stage.
//!
//! A hand-written evaluation sees a few features; the tables see every arrangement of an edge
//! or a corner region, which is what decides Reversi positions and, above all, which move to
//! try first in the endgame search. The weights are learnt by `examples/reversi_train.rs` from
//! positions labelled by the exact solver (`examples/reversi_datagen.rs`); the training run is
//! described in `docs/BENCHMARKS.md`.
//!
//! The shipped weights (`assets/reversi/weights.bin`) are read once, on first use. The file is
//! treated as hostile input ([`Weights::parse`]): a size cap, a magic and version check, an
//! exact length; anything wrong is refused with a [`WeightsError`] and Parlor falls back to
//! the hand-written evaluation ([`super::eval::evaluate`]), so it stays playable.

use std::sync::OnceLock;

use super::board::legal_moves;
use super::pattern_shapes::SHAPES;
pub use super::pattern_shapes::{Instance, canonical_indices, instances};
use crate::core::weights_file::{self, Layout};
pub use crate::core::weights_file::{MAX_FILE_BYTES, WeightsError};

/// The shipped weights, compiled in.
static SHIPPED: &[u8] = include_bytes!("../../../../assets/reversi/weights.bin");

/// The weights file's first bytes.
pub const MAGIC: &[u8; 4] = b"PRVW";
/// The file format version this build reads. Version 2: tables hold their canonical entries
/// only ([`canonical_indices`]); version 1's tables were read orientation by orientation, so
/// their weights mean something else and are refused.
pub const VERSION: u16 = 2;
/// The shape of this build's weights file.
const LAYOUT: Layout = Layout {
    magic: MAGIC,
    version: VERSION,
    count: STAGES * STAGE_WEIGHTS,
};
/// The game stages: positions are grouped by their number of empty squares, five at a time.
pub const STAGES: usize = 13;
/// Empty squares per stage.
const STAGE_WIDTH: u32 = 5;

/// Mobility counts (0..=33) get a table each, for the side to move and the other side.
const MOBILITY_SIZE: usize = 34;

/// Number of feature tables: one per shape, then the two mobility tables.
pub const TABLES: usize = SHAPES.len() + 2;

/// The size of each table: `3^squares` for the shapes, [`MOBILITY_SIZE`] for mobility.
pub const fn table_sizes() -> [usize; TABLES] {
    let mut sizes = [MOBILITY_SIZE; TABLES];
    let mut i = 0;
    while i < SHAPES.len() {
        sizes[i] = 3usize.pow(SHAPES[i].len() as u32);
        i += 1;
    }
    sizes
}

/// Where each table starts in a stage's weights.
const fn table_offsets() -> [usize; TABLES] {
    let sizes = table_sizes();
    let mut offsets = [0; TABLES];
    let mut i = 1;
    while i < TABLES {
        offsets[i] = offsets[i - 1] + sizes[i - 1];
        i += 1;
    }
    offsets
}

/// Offsets of the tables within one stage.
pub const OFFSETS: [usize; TABLES] = table_offsets();
/// Weights per stage (plus one: a constant term).
pub const STAGE_WEIGHTS: usize = OFFSETS[TABLES - 1] + MOBILITY_SIZE + 1;

/// The stage of a position with `empties` empty squares.
pub fn stage(empties: u32) -> usize {
    ((empties / STAGE_WIDTH) as usize).min(STAGES - 1)
}

/// The indices (into one stage's weights) of every feature of (`p` to move, `o`), the
/// constant term last. The trainer uses the same function, so training and play agree.
pub fn features(p: u64, o: u64, out: &mut Vec<usize>) {
    out.clear();
    for instance in instances() {
        let mut index = 0usize;
        for &sq in &instance.squares {
            let bit = 1u64 << sq;
            let digit = if p & bit != 0 {
                1
            } else if o & bit != 0 {
                2
            } else {
                0
            };
            index = index * 3 + digit;
        }
        out.push(OFFSETS[instance.table] + canonical_indices()[instance.table][index] as usize);
    }
    let mine = legal_moves(p, o).count_ones() as usize;
    let theirs = legal_moves(o, p).count_ones() as usize;
    out.push(OFFSETS[TABLES - 2] + mine.min(MOBILITY_SIZE - 1));
    out.push(OFFSETS[TABLES - 1] + theirs.min(MOBILITY_SIZE - 1));
    out.push(STAGE_WEIGHTS - 1);
}

/// The learnt tables, all stages, in hundredths of a disc.
pub struct Weights {
    values: Vec<i16>,
}

impl Weights {
    /// Reads a weights file ([`crate::core::weights_file`]) with the magic `PRVW` and
    /// [`STAGES`] × [`STAGE_WEIGHTS`] values.
    ///
    /// # Errors
    ///
    /// A [`WeightsError`] for anything but a complete, well-formed file of this build's shape.
    pub fn parse(bytes: &[u8]) -> Result<Self, WeightsError> {
        weights_file::parse(&LAYOUT, bytes).map(Self::symmetric)
    }

    /// Copies every configuration's canonical entry (see [`canonical_indices`]) over its own,
    /// so that the evaluation reads raw indices and still gives mirror-image positions one
    /// value.
    fn symmetric(mut values: Vec<i16>) -> Self {
        let canonical = canonical_indices();
        for stage in values.chunks_exact_mut(STAGE_WEIGHTS) {
            for (table, map) in canonical.iter().enumerate() {
                let weights = &mut stage[OFFSETS[table]..OFFSETS[table] + map.len()];
                for (index, &canon) in map.iter().enumerate() {
                    weights[index] = weights[canon as usize];
                }
            }
        }
        Self { values }
    }

    /// Encodes weights (all stages, [`STAGES`] × [`STAGE_WEIGHTS`] values; `i16::MIN` is
    /// stored as `i16::MIN + 1`) in the format [`Weights::parse`] reads.
    pub fn encode(values: &[i16]) -> Vec<u8> {
        weights_file::encode(&LAYOUT, values)
    }

    /// The evaluation of (`p` to move, `o`) in hundredths of a disc, within ±6000 like the
    /// hand-written one.
    pub fn evaluate(&self, p: u64, o: u64) -> i32 {
        let empties = (!(p | o)).count_ones();
        let base = stage(empties) * STAGE_WEIGHTS;
        let table = &self.values[base..base + STAGE_WEIGHTS];
        let mut score = i32::from(table[STAGE_WEIGHTS - 1]);
        super::pattern_index::for_each_index(p, o, |shape, index| {
            score += i32::from(table[OFFSETS[shape] + index]);
        });
        let mine = legal_moves(p, o).count_ones() as usize;
        let theirs = legal_moves(o, p).count_ones() as usize;
        score += i32::from(table[OFFSETS[TABLES - 2] + mine.min(MOBILITY_SIZE - 1)]);
        score += i32::from(table[OFFSETS[TABLES - 1] + theirs.min(MOBILITY_SIZE - 1)]);
        score.clamp(-6000, 6000)
    }
}

/// The weights in use, set once: by [`install`], else from the shipped file on first use.
static LOADED: OnceLock<Option<Weights>> = OnceLock::new();

/// The weights in use, decoded on first use; `None` (and the hand-written evaluation) if the
/// shipped file is refused.
pub fn shipped() -> Option<&'static Weights> {
    LOADED.get_or_init(|| Weights::parse(SHIPPED).ok()).as_ref()
}

/// Makes `weights` the ones [`evaluate`] uses, instead of the shipped file: the training
/// tools compare freshly trained weights without rebuilding. Only before the first evaluation;
/// returns whether it took effect.
pub fn install(weights: Weights) -> bool {
    LOADED.set(Some(weights)).is_ok()
}

/// The trained evaluation (the endgame solver's move ordering and Master's play), or the
/// hand-written evaluation if the shipped weights could not be read.
pub fn evaluate(p: u64, o: u64) -> i32 {
    match shipped() {
        Some(weights) => weights.evaluate(p, o),
        None => super::eval::evaluate(p, o),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::reversi::engine::pattern_shapes::symmetry;
    use proptest::prelude::*;

    #[test]
    fn instances_cover_the_expected_placements() {
        let counts: Vec<usize> = (0..SHAPES.len())
            .map(|t| instances().iter().filter(|i| i.table == t).count())
            .collect();
        assert_eq!(counts, [4, 8, 4, 4, 4, 4, 2, 4, 4, 4, 4]);
    }

    /// The eight images of a position under the board's symmetries.
    fn images(p: u64, o: u64) -> Vec<(u64, u64)> {
        (0..8)
            .map(|which| {
                let map = |b: u64| {
                    (0..64u8)
                        .filter(|&sq| b >> sq & 1 != 0)
                        .fold(0u64, |acc, sq| acc | 1 << symmetry(sq, which))
                };
                (map(p), map(o))
            })
            .collect()
    }

    proptest! {
        /// Mirror images are the same position: the shipped evaluation gives them one value.
        #[test]
        fn symmetric_positions_get_one_value(a in any::<u64>(), b in any::<u64>()) {
            let (p, o) = (a & !b, b);
            let weights = Weights::parse(SHIPPED).expect("the shipped weights are valid");
            let value = weights.evaluate(p, o);
            for (ip, io) in images(p, o) {
                prop_assert_eq!(weights.evaluate(ip, io), value);
            }
        }
    }

    #[test]
    fn canonical_indices_are_fixed_points_of_their_orbit() {
        for (shape, map) in canonical_indices().iter().enumerate() {
            assert_eq!(map.len(), table_sizes()[shape]);
            for (index, &canon) in map.iter().enumerate() {
                assert!(canon as usize <= index, "shape {shape} index {index}");
                assert_eq!(map[canon as usize], canon, "shape {shape} index {index}");
            }
        }
        // A row read backwards is the same row: two indices, one canonical entry.
        let row = &canonical_indices()[3];
        assert_eq!(row[1], row[3usize.pow(7)]);
    }

    #[test]
    fn the_shipped_weights_load() {
        let weights = Weights::parse(SHIPPED).expect("the shipped weights are valid");
        assert_eq!(weights.values.len(), STAGES * STAGE_WEIGHTS);
    }

    #[test]
    fn encoding_round_trips() {
        let mut values = vec![0i16; STAGES * STAGE_WEIGHTS];
        // Canonical entries (index 0 is every shape's own canonical form), a mobility entry.
        values[0] = 7;
        values[OFFSETS[3]] = 5;
        values[STAGE_WEIGHTS + OFFSETS[TABLES - 1] + 3] = -12;
        values[STAGES * STAGE_WEIGHTS - 1] = 1;
        let weights = Weights::parse(&Weights::encode(&values)).expect("round trip");
        assert_eq!(weights.values, values);
    }

    #[test]
    fn bad_headers_are_refused_with_their_reason() {
        let good = Weights::encode(&vec![0; STAGES * STAGE_WEIGHTS]);
        assert!(Weights::parse(&good).is_ok());
        let mut magic = good.clone();
        magic[0] = b'X';
        assert_eq!(Weights::parse(&magic).err(), Some(WeightsError::Magic));
        let mut version = good.clone();
        version[4] = 9;
        assert_eq!(
            Weights::parse(&version).err(),
            Some(WeightsError::Version {
                found: 9,
                expected: VERSION
            })
        );
        let mut shape = good.clone();
        shape[6] ^= 1;
        assert!(matches!(
            Weights::parse(&shape),
            Err(WeightsError::Shape { .. })
        ));
        let huge = vec![0u8; MAX_FILE_BYTES + 1];
        assert_eq!(
            Weights::parse(&huge).err(),
            Some(WeightsError::TooLarge(MAX_FILE_BYTES + 1))
        );
        assert_eq!(
            Weights::parse(&good[..good.len() - 1]).err(),
            Some(WeightsError::Corrupt)
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// Any mutation of the shipped file either still parses into a full set of weights
        /// that evaluates within bounds, or is refused: never a panic.
        #[test]
        fn mutated_weight_files_parse_or_are_refused(
            edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..8),
            cut in any::<prop::sample::Index>(),
            truncate in any::<bool>(),
        ) {
            let mut bytes = SHIPPED.to_vec();
            for (at, value) in edits {
                let i = at.index(bytes.len());
                bytes[i] = value;
            }
            if truncate {
                bytes.truncate(cut.index(bytes.len() + 1));
            }
            if let Ok(weights) = Weights::parse(&bytes) {
                prop_assert_eq!(weights.values.len(), STAGES * STAGE_WEIGHTS);
                let score = weights.evaluate(0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
                prop_assert!(score.abs() <= 6000);
            }
        }
    }

    proptest! {
        /// The fast indices ([`super::super::pattern_index`]) are the square-by-square
        /// definition's, on any position.
        #[test]
        fn indices_match_the_square_by_square_definition(a in any::<u64>(), b in any::<u64>()) {
            let (p, o) = (a & !b, b);
            let mut expected = Vec::new();
            features(p, o, &mut expected);
            let mut fast = Vec::new();
            super::super::pattern_index::for_each_index(p, o, |table, index| {
                fast.push(OFFSETS[table] + canonical_indices()[table][index] as usize);
            });
            prop_assert_eq!(&fast[..], &expected[..fast.len()]);
        }
    }
}
