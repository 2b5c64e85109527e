//! Puzzle IDs: a puzzle instance written as one word a person can read aloud, type and send,
//! after Simon Tatham's puzzle collection.
//!
//! Two forms (docs/NOTATION.md has the grammar):
//!
//! - **descriptive** `CODE-VERSION-FIELD-…-CHECK` (`magic-1-3-n9-4d`): the puzzle itself is
//!   written in the fields (a board packed into [`ALPHABET`] characters by [`Packer`]), so it
//!   opens the same puzzle in every later Parlor. `VERSION` says how the fields are written; a
//!   Parlor refuses a version newer than it knows instead of misreading it. `CHECK` is two
//!   characters of a CRC-10 of everything before it: any one mistyped character is always
//!   caught (and most other typos), with a sentence saying so.
//! - **seed** `CODE-sSEED[-WORD]` (`slide-s42-hard`): a puzzle the game generates from a
//!   number, as short as a seed can be. It is only as long-lived as the generator.
//!
//! Reading is strict: lower or upper case, surrounding spaces dropped, nothing else forgiven.
//! The code finds the game through the registry; the game reads its own fields.

use std::fmt;
use std::str::FromStr;

/// The characters of packed fields and of the check: digits and lower-case letters without
/// `i`, `l`, `o` and `u` (Crockford's base 32), so none is read as another.
pub const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// The longest ID read (a Slide board is about 40 characters): longer input is refused before
/// any work.
pub const MAX_LEN: usize = 120;

/// Why a text is not a puzzle ID, or not one this Parlor can open. The `Display` is the
/// sentence people read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdError {
    /// Nothing typed.
    #[error("no puzzle ID given")]
    Empty,
    /// Longer than any ID.
    #[error("a puzzle ID is at most {MAX_LEN} characters; this text has {0}")]
    TooLong(usize),
    /// A character no ID has.
    #[error("{0:?} cannot appear in a puzzle ID (letters, digits and '-' only)")]
    BadCharacter(char),
    /// Not shaped like either form.
    #[error("{0:?} is not a puzzle ID; IDs look like slide-s42 or magic-1-3-1-xx")]
    Shape(String),
    /// No registered puzzle starts its IDs with this code.
    #[error("no puzzle has IDs starting with {0:?}")]
    UnknownCode(String),
    /// The check characters do not match the rest.
    #[error("the ID's check characters do not match: a character is mistyped, missing or extra")]
    Check,
    /// Written by a newer Parlor.
    #[error("this ID is in format {found} of its puzzle; this Parlor reads up to {known}")]
    Newer {
        /// The version in the ID.
        found: u32,
        /// The newest this Parlor reads.
        known: u32,
    },
    /// An ID of another puzzle given to this one's command line.
    #[error("{id} is not a {title} ID; open it from the menu's \"Enter a puzzle ID\"")]
    OtherGame {
        /// The ID as given.
        id: String,
        /// The puzzle whose command line it was given to.
        title: &'static str,
    },
    /// A seed ID given where the puzzle has none, or the reverse.
    #[error("{0}")]
    Form(&'static str),
    /// A field the game cannot read; the sentence names it.
    #[error("{0}")]
    Field(String),
}

/// How the puzzle is given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IdBody {
    /// The puzzle written out: the format version and its fields.
    Descriptive {
        /// How the fields are written.
        version: u32,
        /// The fields between the version and the check, in order.
        fields: Vec<String>,
    },
    /// A generated puzzle: its seed and optional words (a difficulty).
    Seed {
        /// The generator's seed.
        seed: u64,
        /// The words after the seed.
        words: Vec<String>,
    },
}

/// A puzzle ID read into its parts (the check already verified).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PuzzleId {
    /// Which puzzle: the registry finds the game by it.
    pub code: String,
    /// The puzzle itself.
    pub body: IdBody,
}

impl PuzzleId {
    /// A descriptive ID of `code` in format `version` with these fields.
    #[must_use]
    pub fn descriptive(code: &str, version: u32, fields: Vec<String>) -> Self {
        Self {
            code: code.to_string(),
            body: IdBody::Descriptive { version, fields },
        }
    }

    /// A seed ID.
    #[must_use]
    pub fn seed(code: &str, seed: u64, words: Vec<String>) -> Self {
        Self {
            code: code.to_string(),
            body: IdBody::Seed { seed, words },
        }
    }

    /// The fields of a descriptive ID in a format up to `known`, for the game to read.
    ///
    /// # Errors
    /// [`IdError::Form`] for a seed ID, [`IdError::Newer`] for a newer format.
    pub fn fields(&self, known: u32) -> Result<(u32, &[String]), IdError> {
        match &self.body {
            IdBody::Descriptive { version, .. } if *version > known => Err(IdError::Newer {
                found: *version,
                known,
            }),
            IdBody::Descriptive { version, fields } => Ok((*version, fields)),
            IdBody::Seed { .. } => Err(IdError::Form("this puzzle has no seed IDs")),
        }
    }
}

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.body {
            IdBody::Descriptive { version, fields } => {
                let mut text = format!("{}-{version}", self.code);
                for field in fields {
                    text.push('-');
                    text.push_str(field);
                }
                let check = check_of(&text);
                write!(f, "{text}-{check}")
            }
            IdBody::Seed { seed, words } => {
                write!(f, "{}-s{seed}", self.code)?;
                words.iter().try_for_each(|word| write!(f, "-{word}"))
            }
        }
    }
}

impl FromStr for PuzzleId {
    type Err = IdError;

    fn from_str(text: &str) -> Result<Self, IdError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(IdError::Empty);
        }
        let length = text.chars().count();
        if length > MAX_LEN {
            return Err(IdError::TooLong(length));
        }
        if let Some(bad) = text
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || *c == '-'))
        {
            return Err(IdError::BadCharacter(bad));
        }
        let text = text.to_ascii_lowercase();
        let shape = || IdError::Shape(text.clone());
        let parts: Vec<&str> = text.split('-').collect();
        if parts.len() < 2 || parts.iter().any(|part| part.is_empty()) {
            return Err(shape());
        }
        let code = parts[0].to_string();
        if !code.starts_with(|c: char| c.is_ascii_lowercase()) {
            return Err(shape());
        }
        if let Some(seed) = parts[1].strip_prefix('s') {
            let seed = seed.parse::<u64>().map_err(|_| shape())?;
            if !seed.to_string().eq(&parts[1][1..]) {
                return Err(shape());
            }
            let words = parts[2..].iter().map(|w| (*w).to_string()).collect();
            return Ok(Self::seed(&code, seed, words));
        }
        if parts.len() < 3 {
            return Err(shape());
        }
        let version = parts[1].parse::<u32>().map_err(|_| shape())?;
        if version.to_string() != parts[1] {
            return Err(shape());
        }
        let (body, check) = text.rsplit_once('-').ok_or_else(shape)?;
        if check.len() != 2 {
            return Err(shape());
        }
        if check_of(body) != check {
            return Err(IdError::Check);
        }
        let fields = parts[2..parts.len() - 1]
            .iter()
            .map(|f| (*f).to_string())
            .collect();
        Ok(Self::descriptive(&code, version, fields))
    }
}

/// The two check characters of an ID's text before its check: a CRC-10 (ATM's polynomial
/// x¹⁰+x⁹+x⁵+x⁴+x+1), which catches every error confined to ten consecutive bits, so every
/// single mistyped character. Written out here so that its values never change with a library.
#[must_use]
pub fn check_of(text: &str) -> String {
    const POLY: u16 = 0x233;
    let mut crc: u16 = 0;
    for byte in text.bytes() {
        for bit in (0..8).rev() {
            let top = (crc >> 9) & 1;
            let input = u16::from(byte >> bit) & 1;
            crc = (crc << 1) & 0x3FF;
            if top ^ input == 1 {
                crc ^= POLY;
            }
        }
    }
    let hi = ALPHABET[usize::from(crc >> 5)];
    let lo = ALPHABET[usize::from(crc & 31)];
    String::from_utf8(vec![hi, lo]).unwrap_or_default()
}

/// A whole number of any size, as little-endian 32-bit limbs: what [`Packer`] builds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn mul_add(&mut self, factor: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let value = u64::from(*limb) * u64::from(factor) + carry;
            *limb = value as u32;
            carry = value >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn div_rem(&mut self, divisor: u32) -> u32 {
        let mut rem = 0u64;
        for limb in self.0.iter_mut().rev() {
            let value = (rem << 32) | u64::from(*limb);
            *limb = (value / u64::from(divisor)) as u32;
            rem = value % u64::from(divisor);
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        rem as u32
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|&limb| limb == 0)
    }
}

/// Packs small numbers (cells of a board, counts) into one field of [`ALPHABET`] characters,
/// each number in its own range, as digits of one mixed-radix number: a Connect Four board
/// takes 14 characters where its rows would take 42.
#[derive(Debug, Clone, Default)]
pub struct Packer {
    digits: Vec<(u32, u32)>,
}

impl Packer {
    /// An empty packer.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `value`, one of `radix` possible values (`value < radix`, `radix ≥ 2`).
    pub fn push(&mut self, value: u32, radix: u32) {
        debug_assert!(radix >= 2 && value < radix, "{value} of {radix}");
        self.digits.push((value.min(radix - 1), radix.max(2)));
    }

    /// The field: the numbers as [`ALPHABET`] characters, most significant first, at least
    /// one character.
    #[must_use]
    pub fn finish(self) -> String {
        let mut big = Big::default();
        for &(value, radix) in self.digits.iter().rev() {
            big.mul_add(radix, value);
        }
        let mut out = Vec::new();
        while !big.is_zero() {
            out.push(ALPHABET[big.div_rem(32) as usize]);
        }
        if out.is_empty() {
            out.push(ALPHABET[0]);
        }
        out.reverse();
        String::from_utf8(out).unwrap_or_default()
    }
}

/// Reads back what a [`Packer`] wrote, number by number in the same order and ranges.
#[derive(Debug, Clone)]
pub struct Unpacker {
    big: Big,
}

impl Unpacker {
    /// Reads a packed field.
    ///
    /// # Errors
    /// [`IdError::Field`] naming a character outside [`ALPHABET`] or a leading zero (every
    /// field has one spelling).
    pub fn new(field: &str, what: &str) -> Result<Self, IdError> {
        if field.len() > 1 && field.starts_with('0') {
            return Err(IdError::Field(format!("the {what} code starts with 0")));
        }
        let mut big = Big::default();
        for c in field.bytes() {
            let digit = ALPHABET.iter().position(|&a| a == c).ok_or_else(|| {
                IdError::Field(format!(
                    "{:?} cannot appear in the {what} code",
                    char::from(c)
                ))
            })?;
            big.mul_add(32, digit as u32);
        }
        Ok(Self { big })
    }

    /// The next number, one of `radix` values.
    pub fn take(&mut self, radix: u32) -> u32 {
        self.big.div_rem(radix.max(2))
    }

    /// Checks that nothing is left over.
    ///
    /// # Errors
    /// [`IdError::Field`] when the field holds more than was read.
    pub fn finish(self, what: &str) -> Result<(), IdError> {
        if self.big.is_zero() {
            Ok(())
        } else {
            Err(IdError::Field(format!("the {what} code is too long")))
        }
    }
}

/// A signed number as an ID field: `12`, or `n9` for −9 (the `-` separates fields).
#[must_use]
pub fn signed_field(value: i64) -> String {
    if value < 0 {
        format!("n{}", value.unsigned_abs())
    } else {
        value.to_string()
    }
}

/// Reads a field written by [`signed_field`].
///
/// # Errors
/// [`IdError::Field`] naming the field when it is not such a number.
pub fn parse_signed(field: &str, what: &str) -> Result<i64, IdError> {
    let bad = || IdError::Field(format!("{field:?} is not a {what} (write -9 as n9)"));
    let (negative, digits) = match field.strip_prefix('n') {
        Some(rest) => (true, rest),
        None => (false, field),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let magnitude: u64 = digits.parse().map_err(|_| bad())?;
    let value = if negative {
        0i64.checked_sub_unsigned(magnitude).ok_or_else(bad)?
    } else {
        i64::try_from(magnitude).map_err(|_| bad())?
    };
    if signed_field(value) != field {
        return Err(bad());
    }
    Ok(value)
}

/// The fields of a descriptive ID, counted: the game's reader asks for exactly as many as its
/// format has.
///
/// # Errors
/// [`IdError::Field`] saying how many were expected.
pub fn expect_fields<'a, const N: usize>(
    fields: &'a [String],
    what: &str,
) -> Result<[&'a str; N], IdError> {
    let found: Vec<&str> = fields.iter().map(String::as_str).collect();
    found.try_into().map_err(|_| {
        IdError::Field(format!(
            "{what} IDs have {N} field{} between the version and the check; this one has {}",
            if N == 1 { "" } else { "s" },
            fields.len()
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_check_is_a_fixed_function() {
        // Golden values: IDs written today must open in every later Parlor.
        assert_eq!(check_of(""), "00");
        assert_eq!(check_of("magic-1-3-1"), check_of("magic-1-3-1"));
        let id = PuzzleId::descriptive("magic", 1, vec!["3".into(), "n9".into()]);
        assert_eq!(
            id.to_string(),
            format!("magic-1-3-n9-{}", check_of("magic-1-3-n9"))
        );
        assert_eq!(check_of("magic-1-3-n9"), "2q");
        assert_eq!(check_of("almonds-1"), "6m");
    }

    #[test]
    fn every_single_mistyped_character_is_caught() {
        let id = PuzzleId::descriptive("slide", 1, vec!["p14".into(), "7zk3q0m".into()]);
        let text = id.to_string();
        for (i, original) in text.char_indices() {
            for replacement in "0123456789abcdefghijklmnopqrstuvwxyz-".chars() {
                if replacement == original {
                    continue;
                }
                let mut typo = text.clone();
                typo.replace_range(i..=i, &replacement.to_string());
                assert_ne!(typo.parse::<PuzzleId>(), Ok(id.clone()), "{typo}");
            }
        }
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert_eq!("".parse::<PuzzleId>(), Err(IdError::Empty));
        assert_eq!(
            "slide 42".parse::<PuzzleId>(),
            Err(IdError::BadCharacter(' '))
        );
        assert!(matches!(
            "slide".parse::<PuzzleId>(),
            Err(IdError::Shape(_))
        ));
        assert!(matches!(
            "slide--3".parse::<PuzzleId>(),
            Err(IdError::Shape(_))
        ));
        assert!(matches!(
            "slide-s042".parse::<PuzzleId>(),
            Err(IdError::Shape(_))
        ));
        assert!(matches!(
            "magic-1-3-n9-zz".parse::<PuzzleId>(),
            Err(IdError::Check)
        ));
        let long = "a".repeat(MAX_LEN + 1);
        assert_eq!(long.parse::<PuzzleId>(), Err(IdError::TooLong(MAX_LEN + 1)));
        let newer = PuzzleId::descriptive("magic", 9, vec![]);
        assert_eq!(newer.fields(1), Err(IdError::Newer { found: 9, known: 1 }));
        assert_eq!(
            Unpacker::new("0a", "board").map(|_| ()),
            Err(IdError::Field("the board code starts with 0".into()))
        );
        assert!(Unpacker::new("ab!", "board").is_err());
        assert!(parse_signed("-3", "number").is_err());
        assert!(parse_signed("n0", "number").is_err());
        assert!(parse_signed("03", "number").is_err());
        assert_eq!(parse_signed("n9", "number"), Ok(-9));
    }

    #[test]
    fn seed_ids_read_and_print_alike_in_any_case() {
        let id: PuzzleId = " SLIDE-S42-Hard ".parse().expect("a seed ID");
        assert_eq!(id, PuzzleId::seed("slide", 42, vec!["hard".into()]));
        assert_eq!(id.to_string(), "slide-s42-hard");
    }

    proptest! {
        #[test]
        fn packed_numbers_come_back(values in prop::collection::vec((0u32..1000, 2u32..1000), 0..120)) {
            let values: Vec<(u32, u32)> = values.into_iter().map(|(v, r)| (v % r, r)).collect();
            let mut packer = Packer::new();
            for &(value, radix) in &values {
                packer.push(value, radix);
            }
            let field = packer.finish();
            let mut unpacker = Unpacker::new(&field, "test").expect("reads");
            for &(value, radix) in &values {
                prop_assert_eq!(unpacker.take(radix), value);
            }
            prop_assert!(unpacker.finish("test").is_ok());
        }

        #[test]
        fn descriptive_ids_round_trip(
            code in "[a-z][a-z0-9]{0,8}",
            version in 0u32..100,
            fields in prop::collection::vec("[a-z0-9]{1,12}", 0..5),
        ) {
            let id = PuzzleId::descriptive(&code, version, fields);
            let text = id.to_string();
            prop_assert_eq!(text.parse::<PuzzleId>(), Ok(id.clone()));
            prop_assert_eq!(text.to_uppercase().parse::<PuzzleId>(), Ok(id));
        }

        #[test]
        fn signed_fields_round_trip(value in any::<i64>()) {
            prop_assert_eq!(parse_signed(&signed_field(value), "n"), Ok(value));
        }

        #[test]
        fn no_text_panics_the_reader(text in "\\PC{0,60}") {
            let _ = text.parse::<PuzzleId>();
        }
    }
}
