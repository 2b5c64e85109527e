//! A table's short code: what one player reads out to another ("join K7PX"), so it is short,
//! case-blind, and made of characters nobody mistakes for each other (no `0`/`O`, `1`/`I`/`L`,
//! `5`/`S`, `2`/`Z`, `8`/`B`).

use std::fmt;
use std::str::FromStr;

/// The characters a code is made of: 24 that do not look alike.
const ALPHABET: &[u8; 24] = b"ACDEFGHJKMNPQRTUVWXY3467";

/// How many characters a code has: 24⁴ = 331 776 codes, for a server's few hundred tables.
pub const CODE_LEN: usize = 4;

/// A table's code, always [`CODE_LEN`] characters of [`ALPHABET`] (upper case).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TableCode([u8; CODE_LEN]);

/// Why a typed text is not a table code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Not [`CODE_LEN`] characters.
    #[error("a table's code has {CODE_LEN} characters")]
    Length,
    /// A character no code has.
    #[error("no table's code has the character {0:?}")]
    Character(char),
}

impl TableCode {
    /// The code numbered `n` (taken modulo the number of codes): the server draws `n` at
    /// random and tries the next one while a table has it.
    #[must_use]
    pub fn from_number(n: u64) -> Self {
        let base = ALPHABET.len() as u64;
        let mut rest = n;
        let mut code = [0; CODE_LEN];
        for slot in &mut code {
            *slot = ALPHABET[usize::try_from(rest % base).unwrap_or(0)];
            rest /= base;
        }
        Self(code)
    }
}

impl FromStr for TableCode {
    type Err = CodeError;

    /// Reads a code as a player types it: surrounding spaces ignored, any case.
    fn from_str(text: &str) -> Result<Self, CodeError> {
        let text = text.trim();
        if text.chars().count() != CODE_LEN {
            return Err(CodeError::Length);
        }
        let mut code = [0; CODE_LEN];
        for (slot, c) in code.iter_mut().zip(text.chars()) {
            let upper = c.to_ascii_uppercase();
            match u8::try_from(upper) {
                Ok(byte) if ALPHABET.contains(&byte) => *slot = byte,
                _ => return Err(CodeError::Character(c)),
            }
        }
        Ok(Self(code))
    }
}

impl fmt::Display for TableCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for &byte in &self.0 {
            write!(f, "{}", char::from(byte))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_reads_back_in_any_case() {
        for n in [0, 1, 23, 24, 331_775, 9_999_999] {
            let code = TableCode::from_number(n);
            let text = code.to_string();
            assert_eq!(text.len(), CODE_LEN);
            assert_eq!(text.parse::<TableCode>(), Ok(code));
            assert_eq!(format!(" {} ", text.to_lowercase()).parse(), Ok(code));
        }
    }

    #[test]
    fn codes_differ_for_the_numbers_below_their_count() {
        let codes: std::collections::HashSet<_> =
            (0..2000).map(|n| TableCode::from_number(n * 163)).collect();
        assert_eq!(codes.len(), 2000);
    }

    #[test]
    fn look_alike_characters_and_wrong_lengths_are_refused() {
        assert_eq!("K7P0".parse::<TableCode>(), Err(CodeError::Character('0')));
        assert_eq!("ABCI".parse::<TableCode>(), Err(CodeError::Character('B')));
        assert_eq!("K7P".parse::<TableCode>(), Err(CodeError::Length));
        assert_eq!("K7PXA".parse::<TableCode>(), Err(CodeError::Length));
        assert_eq!("".parse::<TableCode>(), Err(CodeError::Length));
    }
}
