//! The distances to conversion of the kings-only materials, shipped so that the game never
//! has to solve them.
//!
//! The draw rule needs each position's distance to conversion ([`super::play`]); for a
//! placement with pawns the game solves it when it gets there ([`super::solve`], a fraction
//! of a second), but the kings-only five-piece materials are one placement of two to four
//! million positions (three kings against two and its mirror: 17.7 s on a loaded machine).
//! Those ship here instead, as the generator computed them, one [`Code`] (result and
//! distance) per position.
//!
//! The file has the database's layout ([`super::database`], magic `PCEGDD1\n`): per material
//! its counts and a deflated stream of one byte per index. Without pawns the board's four
//! symmetries that keep the diagonals (half a turn, and the flips over the two long
//! diagonals) keep every position's value, so only the image with the smallest index is
//! stored; the other slots, and those of positions whose side to move must capture (the
//! caller knows them at once: a capture is a conversion), repeat the byte before them, which
//! deflate folds into its matches. The file is 4 times smaller for it. A material is
//! inflated (1 byte a position in memory) on its first probe.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::database::{DatabaseError, read_streams, write_streams};
use super::index::{Material, Normal, rotate};
use super::solve::Code;

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"PCEGDD1\n";

/// The distances shipped inside the program.
static SHIPPED: &[u8] = include_bytes!("../../../../assets/checkers/endgame-distances.bin");

/// The shipped distances, read on first use; `None` (and an error in the log) if they do not
/// read, which a test rules out. The game then solves those materials as it does the others.
pub fn shipped() -> Option<&'static Distances> {
    static DISTANCES: OnceLock<Option<Distances>> = OnceLock::new();
    DISTANCES
        .get_or_init(|| match Distances::parse(SHIPPED) {
            Ok(d) => Some(d),
            Err(e) => {
                log::error!("the checkers endgame distances do not read: {e}");
                None
            }
        })
        .as_ref()
}

/// One material's stream and, once probed, its codes by index.
#[derive(Debug)]
struct Entry {
    stream: &'static [u8],
    decoded: OnceLock<Option<Vec<u8>>>,
}

/// The codes of some kings-only materials, decoded one material at a time on first probe.
#[derive(Debug)]
pub struct Distances {
    entries: HashMap<Material, Entry>,
}

impl Distances {
    /// Reads a distances file; only kings-only materials may be in it (the symmetries the
    /// streams rely on hold only without pawns).
    ///
    /// # Errors
    /// [`DatabaseError`] naming the first problem.
    pub fn parse(bytes: &'static [u8]) -> Result<Self, DatabaseError> {
        let (pieces, streams) = read_streams(bytes, *MAGIC)?;
        let mut entries = HashMap::new();
        for (material, stream) in streams {
            if material.pawns() != 0 || material.pieces() > pieces {
                return Err(DatabaseError::Material(material.name(), pieces));
            }
            let decoded = OnceLock::new();
            entries.insert(material, Entry { stream, decoded });
        }
        Ok(Self { entries })
    }

    /// Writes the streams of [`stream`] as a distances file.
    pub fn write(pieces: u8, streams: &[(Material, Vec<u8>)]) -> Vec<u8> {
        write_streams(*MAGIC, pieces, streams)
    }

    /// The materials shipped.
    pub fn materials(&self) -> impl Iterator<Item = Material> + '_ {
        self.entries.keys().copied()
    }

    /// The code of a position whose side to move has no capture, when its material is
    /// shipped (and decodes); `None` otherwise, and for a position with a capture (its slot
    /// holds a filler).
    pub fn code(&self, pos: Normal) -> Option<Code> {
        let material = pos.material();
        let entry = self.entries.get(&material)?;
        if pos.position().has_capture() {
            return None;
        }
        let codes = entry
            .decoded
            .get_or_init(|| decode(entry.stream, material))
            .as_ref()?;
        codes.get(canonical_index(pos) as usize).map(|&c| Code(c))
    }
}

/// Inflates a material's stream, checking its length; `None` (logged) when it does not.
fn decode(stream: &[u8], material: Material) -> Option<Vec<u8>> {
    match miniz_oxide::inflate::decompress_to_vec(stream) {
        Ok(codes) if codes.len() as u64 == material.len() => Some(codes),
        Ok(codes) => {
            log::error!(
                "checkers endgame distances, {}: {} codes, not {}",
                material.name(),
                codes.len(),
                material.len()
            );
            None
        }
        Err(_) => {
            log::error!(
                "checkers endgame distances, {}: do not inflate",
                material.name()
            );
            None
        }
    }
}

/// A material's stream: its codes by index, each symmetric image and each position with a
/// capture repeating the byte before, deflated (the generator's last step, run once).
///
/// # Panics
/// When the material has pawns or `codes` is not its full table.
pub fn stream(material: Material, codes: &[Code]) -> Vec<u8> {
    assert_eq!(
        material.pawns(),
        0,
        "only kings-only materials are symmetric"
    );
    assert_eq!(codes.len() as u64, material.len(), "{}", material.name());
    let mut previous = 0u8;
    let bytes: Vec<u8> = (0..material.len())
        .map(|i| {
            let stored = material
                .unindex(i)
                .filter(|pos| !pos.position().has_capture() && canonical_index(*pos) == i);
            if stored.is_some() {
                previous = codes[i as usize].0;
            }
            previous
        })
        .collect();
    miniz_oxide::deflate::compress_to_vec(&bytes, 10)
}

/// Where a square goes when the board is flipped over its long diagonal (the single corner
/// to the single corner): square `y * 4 + x / 2` (dark when `x + y` is even) to `x * 4 + y / 2`.
const FLIP: [u8; 32] = flip_table();

const fn flip_table() -> [u8; 32] {
    let mut table = [0u8; 32];
    let mut s = 0;
    while s < 32 {
        let y = s / 4;
        let x = 2 * (s % 4) + y % 2;
        table[s] = (x * 4 + y / 2) as u8;
        s += 1;
    }
    table
}

/// A bitboard flipped over the long diagonal.
fn flip(bits: u32) -> u32 {
    let mut out = 0;
    let mut rest = bits;
    while rest != 0 {
        out |= 1 << FLIP[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    out
}

/// The smallest index among a kings-only position's four symmetric images (itself, half a
/// turn, and the two flips), all of which have its value.
pub fn canonical_index(pos: Normal) -> u64 {
    let map = |f: &dyn Fn(u32) -> u32| Normal {
        mover: f(pos.mover),
        other: f(pos.other),
        kings: f(pos.kings),
    };
    let turned = map(&rotate);
    let flipped = map(&flip);
    let both = map(&|b| rotate(flip(b)));
    [pos, turned, flipped, both]
        .into_iter()
        .map(Normal::index)
        .min()
        .unwrap_or_else(|| pos.index())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::checkers::endgame::generate::Tables;
    use crate::games::checkers::engine::board::{DIRECTIONS, step};

    #[test]
    fn the_flip_keeps_the_diagonals_and_undoes_itself() {
        for s in 0..32u32 {
            assert_eq!(flip(flip(1 << s)), 1 << s);
        }
        // Neighbours stay neighbours: a king's moves and jumps map onto moves and jumps.
        for s in 0..32u32 {
            for d in DIRECTIONS {
                let to = step(1 << s, d);
                if to != 0 {
                    let moved = flip(to);
                    let from = flip(1 << s);
                    assert!(
                        DIRECTIONS.iter().any(|&e| step(from, e) == moved),
                        "{s} {d:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_four_images_of_a_position_share_one_slot() {
        let material = Material {
            mover_kings: 2,
            mover_pawns: 0,
            other_kings: 1,
            other_pawns: 0,
        };
        let mut distinct = 0;
        for i in 0..material.len() {
            let Some(pos) = material.unindex(i) else {
                continue;
            };
            let slot = canonical_index(pos);
            assert!(slot <= i);
            distinct += usize::from(slot == i);
            for f in [rotate, flip] {
                let image = Normal {
                    mover: f(pos.mover),
                    other: f(pos.other),
                    kings: f(pos.kings),
                };
                assert_eq!(canonical_index(image), slot, "{pos:?}");
            }
        }
        // A quarter of them, and a few more (positions that are their own image).
        assert!(distinct * 4 >= material.len() as usize && distinct * 3 < material.len() as usize);
    }

    #[test]
    fn packed_distances_read_back_and_damage_is_refused() {
        let mut tables = Tables::new();
        tables.generate_up_to(3);
        let kings_only: Vec<Material> = Material::with_pieces(3)
            .into_iter()
            .filter(|m| m.pawns() == 0)
            .collect();
        let streams: Vec<(Material, Vec<u8>)> = kings_only
            .iter()
            .map(|&m| (m, stream(m, tables.get(m).expect("generated"))))
            .collect();
        let bytes: &'static [u8] = Box::leak(Distances::write(3, &streams).into_boxed_slice());
        let read = Distances::parse(bytes).expect("reads back");
        for &m in &kings_only {
            let codes = tables.get(m).expect("generated");
            for i in 0..m.len() {
                let pos = m.unindex(i).expect("no pawns, no empty slot");
                let expected = (!pos.position().has_capture()).then_some(codes[i as usize]);
                assert_eq!(read.code(pos), expected, "{pos:?}");
            }
        }
        // Cut short, with pawns, or a stream that does not inflate.
        let cut: &'static [u8] = &bytes[..bytes.len() - 1];
        assert!(Distances::parse(cut).is_err());
        let pawned = Material {
            mover_kings: 1,
            mover_pawns: 1,
            other_kings: 1,
            other_pawns: 0,
        };
        let with_pawns = Box::leak(Distances::write(3, &[(pawned, vec![1])]).into_boxed_slice());
        assert!(matches!(
            Distances::parse(with_pawns),
            Err(DatabaseError::Material(..))
        ));
        let damaged =
            Box::leak(Distances::write(3, &[(kings_only[0], vec![7, 7, 7])]).into_boxed_slice());
        let read = Distances::parse(damaged).expect("the layout reads");
        let quiet = (0..kings_only[0].len())
            .filter_map(|i| kings_only[0].unindex(i))
            .find(|p| !p.position().has_capture())
            .expect("a position without a capture");
        assert_eq!(read.code(quiet), None);
    }

    #[test]
    fn the_shipped_distances_read() {
        let shipped = shipped().expect("the shipped distances read");
        assert!(
            shipped
                .materials()
                .all(|m| m.pawns() == 0 && m.pieces() == 5)
        );
    }
}
