//! The compact form of a material's results: run lengths of win/draw/loss.
//!
//! Results are stored for the side to move as symbols 0 (loss), 1 (draw), 2 (win). The
//! generator fills the slots whose value does not matter (numbers of no position, and
//! positions where the side to move must capture: the probe plays the captures out instead)
//! with the symbol before them, so they lengthen runs instead of breaking them; the stream is
//! then the first symbol and, for each run, one LEB128 number: the run's length less one,
//! shifted left once, with the low bit choosing which of the two other symbols comes next;
//! and that is deflated ([`compress`]; it halves the size again: runs of similar lengths
//! repeat across placements). Decoding gives two bits per slot in memory ([`Packed`]), read
//! in constant time.

/// A material's results, two bits a slot, four slots a byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Packed {
    bytes: Vec<u8>,
    len: u64,
}

impl Packed {
    /// The symbol of slot `i` (0 loss, 1 draw, 2 win), or `None` past the end.
    #[inline]
    pub fn get(&self, i: u64) -> Option<u8> {
        if i >= self.len {
            return None;
        }
        let byte = self.bytes[(i / 4) as usize];
        Some((byte >> (2 * (i % 4))) & 3)
    }

    /// Slots held.
    pub const fn len(&self) -> u64 {
        self.len
    }

    /// Whether no slot is held.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Why a stream is not a material's results.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodecError {
    /// The stream has no first symbol.
    #[error("the results are empty")]
    Empty,
    /// A symbol other than 0, 1, 2.
    #[error("symbol {0} is not a result")]
    Symbol(u8),
    /// A run length's bytes stop part-way.
    #[error("a run length is cut short")]
    Truncated,
    /// A run length too large to be one.
    #[error("a run length does not fit")]
    Overflow,
    /// The deflated stream does not inflate.
    #[error("the results do not inflate")]
    Inflate,
    /// The runs do not add up to the material's positions.
    #[error("the runs cover {found} positions, not {expected}")]
    Length {
        /// Slots the material has.
        expected: u64,
        /// Slots the runs covered (at least).
        found: u64,
    },
}

/// Encodes a stream of symbols (0, 1, 2; don't-care slots already filled in).
///
/// # Panics
/// On a symbol above 2.
pub fn encode(symbols: impl IntoIterator<Item = u8>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut symbols = symbols.into_iter();
    let Some(first) = symbols.next() else {
        return out;
    };
    assert!(first <= 2, "symbol {first}");
    out.push(first);
    let mut current = first;
    let mut run = 1u64;
    for s in symbols {
        assert!(s <= 2, "symbol {s}");
        if s == current {
            run += 1;
            continue;
        }
        let change = u64::from((s + 3 - current) % 3 == 2);
        push_varint(&mut out, ((run - 1) << 1) | change);
        current = s;
        run = 1;
    }
    push_varint(&mut out, (run - 1) << 1);
    out
}

fn push_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Deflates an encoded stream, as hard as deflate goes (the generator does it once).
pub fn compress(stream: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec(stream, 10)
}

/// Inflates and decodes a [`compress`]ed stream of `len` slots.
///
/// # Errors
/// [`CodecError`] when the bytes are not one.
pub fn decompress(bytes: &[u8], len: u64) -> Result<Packed, CodecError> {
    let stream = miniz_oxide::inflate::decompress_to_vec(bytes).map_err(|_| CodecError::Inflate)?;
    decode(&stream, len)
}

/// Decodes a stream of `len` slots.
///
/// # Errors
/// [`CodecError`] when the stream is not one (a damaged or foreign file).
pub fn decode(stream: &[u8], len: u64) -> Result<Packed, CodecError> {
    let (&first, mut rest) = stream.split_first().ok_or(CodecError::Empty)?;
    if first > 2 {
        return Err(CodecError::Symbol(first));
    }
    let mut bytes = vec![0u8; len.div_ceil(4) as usize];
    let mut at = 0u64;
    let mut current = first;
    while !rest.is_empty() {
        let (value, used) = read_varint(rest)?;
        rest = &rest[used..];
        let run = (value >> 1) + 1;
        let end = at.checked_add(run).ok_or(CodecError::Overflow)?;
        if end > len {
            return Err(CodecError::Length {
                expected: len,
                found: end,
            });
        }
        if current != 0 {
            fill(&mut bytes, at, end, current);
        }
        at = end;
        current = (current + 1 + (value & 1) as u8) % 3;
    }
    if at != len {
        return Err(CodecError::Length {
            expected: len,
            found: at,
        });
    }
    Ok(Packed { bytes, len })
}

/// Sets slots `from..to` to `symbol` (the bytes start at zero).
fn fill(bytes: &mut [u8], mut from: u64, to: u64, symbol: u8) {
    while from < to && !from.is_multiple_of(4) {
        bytes[(from / 4) as usize] |= symbol << (2 * (from % 4));
        from += 1;
    }
    let whole = symbol * 0x55;
    while from + 4 <= to {
        bytes[(from / 4) as usize] = whole;
        from += 4;
    }
    while from < to {
        bytes[(from / 4) as usize] |= symbol << (2 * (from % 4));
        from += 1;
    }
}

fn read_varint(bytes: &[u8]) -> Result<(u64, usize), CodecError> {
    let mut value = 0u64;
    for (i, &b) in bytes.iter().enumerate() {
        if i >= 9 {
            return Err(CodecError::Overflow);
        }
        value |= u64::from(b & 0x7F) << (7 * i);
        if b & 0x80 == 0 {
            return Ok((value, i + 1));
        }
    }
    Err(CodecError::Truncated)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn what_is_encoded_decodes_to_the_same(symbols in prop::collection::vec(0u8..3, 1..400)) {
            let stream = encode(symbols.iter().copied());
            let packed = decode(&stream, symbols.len() as u64).expect("decodes");
            for (i, &s) in symbols.iter().enumerate() {
                prop_assert_eq!(packed.get(i as u64), Some(s));
            }
            prop_assert_eq!(packed.get(symbols.len() as u64), None);
        }
    }

    #[test]
    fn long_runs_take_a_few_bytes() {
        let stream = encode(std::iter::repeat_n(2, 1_000_000).chain([0, 1]));
        assert!(stream.len() <= 6, "{}", stream.len());
        let packed = decode(&stream, 1_000_002).expect("decodes");
        assert_eq!(packed.get(999_999), Some(2));
        assert_eq!(packed.get(1_000_000), Some(0));
        assert_eq!(packed.get(1_000_001), Some(1));
    }

    #[test]
    fn a_deflated_stream_inflates_to_the_same() {
        let symbols: Vec<u8> = (0..10_000u32)
            .map(|i| ((i / 7 + i / 13) % 3) as u8)
            .collect();
        let bytes = compress(&encode(symbols.iter().copied()));
        let packed = decompress(&bytes, 10_000).expect("inflates");
        assert!((0..10_000).all(|i| packed.get(i) == Some(symbols[i as usize])));
        assert_eq!(
            decompress(&bytes[..bytes.len() / 2], 10_000),
            Err(CodecError::Inflate)
        );
    }

    #[test]
    fn a_damaged_stream_is_refused() {
        let stream = encode([1, 1, 2, 0]);
        assert_eq!(
            decode(&stream, 5),
            Err(CodecError::Length {
                expected: 5,
                found: 4
            })
        );
        assert!(matches!(decode(&stream, 3), Err(CodecError::Length { .. })));
        assert_eq!(decode(&[], 1), Err(CodecError::Empty));
        assert_eq!(decode(&[7], 1), Err(CodecError::Symbol(7)));
        assert_eq!(decode(&[0, 0x80], 1), Err(CodecError::Truncated));
    }
}
