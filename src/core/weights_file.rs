//! The file format of trained evaluation tables (Reversi's patterns, Checkers' pattern
//! correction), written once so that both games read their shipped weights the same careful
//! way.
//!
//! A file is a four-byte magic naming the game, a format version (`u16` LE), the value count
//! (`u32` LE), then the values as `i16` LE where `i16::MIN` is followed by a `u16` run of
//! zeros (most table entries are never seen in training and stay zero). The bytes are treated
//! as hostile input: a size cap, the magic, the version and the exact count are checked, and
//! anything wrong is refused with a [`WeightsError`] so that the game can fall back to its
//! hand-written evaluation instead of crashing.

/// No weights file is larger than this: a bigger one is refused before it is decoded.
pub const MAX_FILE_BYTES: usize = 8 << 20;
/// The run-length marker in the encoded values: followed by a `u16` count of zeros.
const ZERO_RUN: i16 = i16::MIN;

/// What a game's weights file must be.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    /// The file's first bytes.
    pub magic: &'static [u8; 4],
    /// The format version this build reads.
    pub version: u16,
    /// The number of values.
    pub count: usize,
}

/// Why a weights file was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// Larger than [`MAX_FILE_BYTES`].
    #[error("the weights file has {0} bytes; at most {MAX_FILE_BYTES} are accepted")]
    TooLarge(usize),
    /// Does not start with the layout's magic.
    #[error("not a weights file of this game (bad magic)")]
    Magic,
    /// A version this build cannot read.
    #[error("weights format version {found}; this build reads version {expected}")]
    Version {
        /// What the file says.
        found: u16,
        /// What this build reads.
        expected: u16,
    },
    /// Built for other tables.
    #[error("the weights are for {found} values; this build's tables need {expected}")]
    Shape {
        /// What the header declares.
        found: u64,
        /// What this build needs.
        expected: u64,
    },
    /// The encoded values end early, run past the declared count, or are followed by junk.
    #[error("the weights data is truncated or corrupt")]
    Corrupt,
}

/// Reads a weights file of `layout`: exactly `layout.count` values.
///
/// # Errors
///
/// A [`WeightsError`] for anything but a complete, well-formed file of this layout.
pub fn parse(layout: &Layout, bytes: &[u8]) -> Result<Vec<i16>, WeightsError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(WeightsError::TooLarge(bytes.len()));
    }
    let rest = bytes
        .strip_prefix(layout.magic)
        .ok_or(WeightsError::Magic)?;
    let (version, rest) = rest.split_at_checked(2).ok_or(WeightsError::Corrupt)?;
    let version = u16::from_le_bytes([version[0], version[1]]);
    if version != layout.version {
        return Err(WeightsError::Version {
            found: version,
            expected: layout.version,
        });
    }
    let (count, mut rest) = rest.split_at_checked(4).ok_or(WeightsError::Corrupt)?;
    let count = u64::from(u32::from_le_bytes([count[0], count[1], count[2], count[3]]));
    let total = layout.count;
    if count != total as u64 {
        return Err(WeightsError::Shape {
            found: count,
            expected: total as u64,
        });
    }
    let mut values = Vec::with_capacity(total);
    while let Some((pair, tail)) = rest.split_at_checked(2) {
        rest = tail;
        let value = i16::from_le_bytes([pair[0], pair[1]]);
        if value == ZERO_RUN {
            let (run, tail) = rest.split_at_checked(2).ok_or(WeightsError::Corrupt)?;
            rest = tail;
            let run = usize::from(u16::from_le_bytes([run[0], run[1]]));
            if values.len() + run > total {
                return Err(WeightsError::Corrupt);
            }
            values.resize(values.len() + run, 0);
        } else {
            if values.len() == total {
                return Err(WeightsError::Corrupt);
            }
            values.push(value);
        }
    }
    if !rest.is_empty() || values.len() != total {
        return Err(WeightsError::Corrupt);
    }
    Ok(values)
}

/// Encodes `values` (`i16::MIN` is stored as `i16::MIN + 1`) with `layout`'s magic and
/// version, in the format [`parse`] reads.
pub fn encode(layout: &Layout, values: &[i16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len());
    out.extend_from_slice(layout.magic);
    out.extend_from_slice(&layout.version.to_le_bytes());
    out.extend_from_slice(&(values.len() as u32).to_le_bytes());
    let mut i = 0;
    while i < values.len() {
        if values[i] == 0 {
            let mut run = 0usize;
            while i < values.len() && values[i] == 0 && run < usize::from(u16::MAX) {
                run += 1;
                i += 1;
            }
            out.extend_from_slice(&ZERO_RUN.to_le_bytes());
            out.extend_from_slice(&(run as u16).to_le_bytes());
        } else {
            out.extend_from_slice(&values[i].max(ZERO_RUN + 1).to_le_bytes());
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const LAYOUT: Layout = Layout {
        magic: b"TEST",
        version: 3,
        count: 70_000,
    };

    #[test]
    fn encoding_round_trips_long_zero_runs_and_the_marker_value() {
        let mut values = vec![0i16; LAYOUT.count];
        values[0] = 7;
        values[69_999] = -12;
        values[5] = i16::MIN;
        let decoded = parse(&LAYOUT, &encode(&LAYOUT, &values)).expect("round trip");
        values[5] = i16::MIN + 1;
        assert_eq!(decoded, values);
    }

    #[test]
    fn bad_files_are_refused_with_their_reason() {
        let good = encode(&LAYOUT, &vec![0; LAYOUT.count]);
        assert!(parse(&LAYOUT, &good).is_ok());
        let mut magic = good.clone();
        magic[0] = b'X';
        assert_eq!(parse(&LAYOUT, &magic), Err(WeightsError::Magic));
        let mut version = good.clone();
        version[4] = 9;
        assert_eq!(
            parse(&LAYOUT, &version),
            Err(WeightsError::Version {
                found: 9,
                expected: 3
            })
        );
        let mut shape = good.clone();
        shape[6] ^= 1;
        assert!(matches!(
            parse(&LAYOUT, &shape),
            Err(WeightsError::Shape { .. })
        ));
        let huge = vec![0u8; MAX_FILE_BYTES + 1];
        assert_eq!(
            parse(&LAYOUT, &huge),
            Err(WeightsError::TooLarge(MAX_FILE_BYTES + 1))
        );
        assert_eq!(
            parse(&LAYOUT, &good[..good.len() - 1]),
            Err(WeightsError::Corrupt)
        );
        let mut long = good.clone();
        long.extend_from_slice(&5i16.to_le_bytes());
        assert_eq!(parse(&LAYOUT, &long), Err(WeightsError::Corrupt));
    }
}
