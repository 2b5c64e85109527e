//! The database as the game reads it: every material's results in the compact form
//! ([`codec`](super::codec)), decoded the first time a position of that material is probed,
//! and probed in constant time after that.
//!
//! The file: the magic `PCEGDB1\n`, the number of pieces it is complete for (one byte), the
//! number of materials (two bytes, little-endian), then per material its four counts (mover's
//! kings, mover's pawns, other's kings, other's pawns) and the length of its stream (four
//! bytes, little-endian), then the streams in the same order. [`Database::parse`] checks it
//! all once; a material whose stream later fails to decode is reported and treated as absent.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::codec::{self, CodecError, Packed};
use super::index::{Material, Normal};
use super::solve::{Code, Wdl};
use crate::games::checkers::engine::board::MoveList;
use crate::games::checkers::engine::board::Position;

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"PCEGDB1\n";

/// Why bytes are not a database.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DatabaseError {
    /// Not our format.
    #[error("not a checkers endgame database (bad magic)")]
    Magic,
    /// The file ends inside its header or a stream.
    #[error("the database is cut short")]
    Truncated,
    /// A material that cannot be in a database of its piece count.
    #[error("material {0} does not belong in a {1}-piece database")]
    Material(String, u8),
    /// A material listed twice.
    #[error("material {0} is listed twice")]
    Duplicate(String),
    /// A material missing from a database said to be complete.
    #[error("material {0} is missing")]
    Missing(String),
    /// Bytes after the last stream.
    #[error("{0} bytes follow the last material")]
    Trailing(usize),
}

/// One material's stream and, once probed, its decoded results.
#[derive(Debug)]
struct Entry {
    stream: &'static [u8],
    decoded: OnceLock<Result<Packed, CodecError>>,
}

/// The results of every position with up to [`Database::pieces`] pieces, under compulsory
/// capture, for the side to move and the draw rule aside (the distances that the draw rule
/// needs come from solving the position's placement, [`super::solve`], or for kings only from
/// [`super::distances`]).
#[derive(Debug)]
pub struct Database {
    pieces: u8,
    entries: HashMap<Material, Entry>,
}

/// Reads a little-endian number of `N` bytes.
fn take<const N: usize>(bytes: &mut &'static [u8]) -> Result<[u8; N], DatabaseError> {
    let (head, rest) = bytes
        .split_first_chunk::<N>()
        .ok_or(DatabaseError::Truncated)?;
    *bytes = rest;
    Ok(*head)
}

impl Database {
    /// Reads a database; every material with up to its piece count must be there once.
    ///
    /// # Errors
    /// [`DatabaseError`] naming the first problem.
    pub fn parse(bytes: &'static [u8]) -> Result<Self, DatabaseError> {
        let (pieces, streams) = read_streams(bytes, *MAGIC)?;
        let mut entries = HashMap::new();
        for (material, stream) in streams {
            let valid = (2..=pieces).contains(&material.pieces());
            if !valid {
                return Err(DatabaseError::Material(material.name(), pieces));
            }
            let entry = Entry {
                stream,
                decoded: OnceLock::new(),
            };
            entries.insert(material, entry);
        }
        for n in 2..=pieces {
            if let Some(m) = Material::with_pieces(n)
                .into_iter()
                .find(|m| !entries.contains_key(m))
            {
                return Err(DatabaseError::Missing(m.name()));
            }
        }
        Ok(Self { pieces, entries })
    }

    /// Writes materials' streams as a database complete for `pieces` pieces (the generator's
    /// last step; `streams` must hold every material up to that count).
    pub fn write(pieces: u8, streams: &[(Material, Vec<u8>)]) -> Vec<u8> {
        write_streams(*MAGIC, pieces, streams)
    }

    /// The most pieces a position may have to be in the database.
    pub const fn pieces(&self) -> u8 {
        self.pieces
    }

    /// Whether the position is in the database: both sides have a piece and there are at
    /// most [`Database::pieces`] pieces.
    pub fn covers(&self, pos: &Position) -> bool {
        pos.black != 0
            && pos.white != 0
            && (pos.black | pos.white).count_ones() <= u32::from(self.pieces)
    }

    /// The theoretical result for the side to move, the draw rule aside; `None` when the
    /// position has too many pieces (or its material failed to decode). A side without
    /// pieces has lost. Captures are played out (their slots are not stored).
    pub fn wdl(&self, pos: &Position) -> Option<Wdl> {
        let normal = Normal::of(pos);
        if normal.mover == 0 {
            return Some(Wdl::Loss);
        }
        if normal.other == 0 {
            return Some(Wdl::Win);
        }
        if (normal.mover | normal.other).count_ones() > u32::from(self.pieces) {
            return None;
        }
        let here = normal.position();
        if here.has_capture() {
            let mut jumps = MoveList::new();
            here.generate_jumps(&mut jumps);
            let mut best = Wdl::Loss;
            for m in &jumps {
                best = best.max(self.wdl(&here.play(m))?.flipped());
                if best == Wdl::Win {
                    break;
                }
            }
            return Some(best);
        }
        let packed = self.decoded(normal.material())?;
        Some(match packed.get(normal.index())? {
            0 => Wdl::Loss,
            1 => Wdl::Draw,
            _ => Wdl::Win,
        })
    }

    /// A material's decoded results, decoding them on first use.
    fn decoded(&self, material: Material) -> Option<&Packed> {
        let entry = self.entries.get(&material)?;
        let decoded = entry
            .decoded
            .get_or_init(|| codec::decompress(entry.stream, material.len()));
        match decoded {
            Ok(packed) => Some(packed),
            Err(e) => {
                log::error!("checkers endgame database, {}: {e}", material.name());
                None
            }
        }
    }
}

/// A material and its stream, as a file lists them.
pub(super) type Stream = (Material, &'static [u8]);

/// Reads the layout both shipped files share (this database and the distances,
/// [`super::distances`]): `magic`, a piece count, then each material's counts and stream. Every
/// material is a real one (pieces on both sides, at most six), listed once, and the streams
/// fill the file exactly.
pub(super) fn read_streams(
    mut bytes: &'static [u8],
    magic: [u8; 8],
) -> Result<(u8, Vec<Stream>), DatabaseError> {
    if take::<8>(&mut bytes)? != magic {
        return Err(DatabaseError::Magic);
    }
    let [pieces] = take::<1>(&mut bytes)?;
    let count = u16::from_le_bytes(take::<2>(&mut bytes)?);
    let mut headers = Vec::with_capacity(usize::from(count));
    for _ in 0..count {
        let [mover_kings, mover_pawns, other_kings, other_pawns] = take::<4>(&mut bytes)?;
        let material = Material {
            mover_kings,
            mover_pawns,
            other_kings,
            other_pawns,
        };
        let len = u32::from_le_bytes(take::<4>(&mut bytes)?) as usize;
        headers.push((material, len));
    }
    let mut streams: Vec<Stream> = Vec::with_capacity(headers.len());
    for (material, len) in headers {
        let valid = (2..=6).contains(&material.pieces())
            && Material::with_pieces(material.pieces()).contains(&material);
        if !valid {
            return Err(DatabaseError::Material(material.name(), pieces));
        }
        if streams.iter().any(|&(m, _)| m == material) {
            return Err(DatabaseError::Duplicate(material.name()));
        }
        if bytes.len() < len {
            return Err(DatabaseError::Truncated);
        }
        let (stream, rest) = bytes.split_at(len);
        bytes = rest;
        streams.push((material, stream));
    }
    if !bytes.is_empty() {
        return Err(DatabaseError::Trailing(bytes.len()));
    }
    Ok((pieces, streams))
}

/// Writes materials' streams in the layout [`read_streams`] reads.
pub(super) fn write_streams(
    magic: [u8; 8],
    pieces: u8,
    streams: &[(Material, Vec<u8>)],
) -> Vec<u8> {
    let mut out = magic.to_vec();
    out.push(pieces);
    out.extend_from_slice(&(streams.len() as u16).to_le_bytes());
    for (m, stream) in streams {
        out.extend_from_slice(&[m.mover_kings, m.mover_pawns, m.other_kings, m.other_pawns]);
        out.extend_from_slice(&(stream.len() as u32).to_le_bytes());
    }
    for (_, stream) in streams {
        out.extend_from_slice(stream);
    }
    out
}

/// A material's stream as the file stores it: its [`symbols`] encoded and compressed.
pub fn stream(material: Material, codes: &[Code]) -> Vec<u8> {
    codec::compress(&codec::encode(symbols(material, codes)))
}

/// The symbols to store for a material's codes: 0 loss, 1 draw, 2 win, and where the value
/// does not matter (a slot of no position, or a position whose side to move must capture)
/// the symbol before, so that runs stay long.
pub fn symbols(material: Material, codes: &[Code]) -> impl Iterator<Item = u8> + '_ {
    let mut previous = 1;
    (0..material.len()).map(move |i| {
        let stored = material
            .unindex(i)
            .filter(|pos| !pos.position().has_capture())
            .map(|_| match codes[i as usize].wdl() {
                Wdl::Loss => 0,
                Wdl::Draw => 1,
                Wdl::Win => 2,
            });
        if let Some(s) = stored {
            previous = s;
        }
        previous
    })
}
