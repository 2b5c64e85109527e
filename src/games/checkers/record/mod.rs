//! Checkers' records: PDN with the `FEN` tag, in the standard square numbers (see [`fen`]
//! for how they map onto Parlor's `x,y` board).

pub mod fen;
mod pdn;

use super::params::Params;
use super::rules::Move;
use crate::core::record::format::RecordFormat;

/// Checkers' formats.
pub const FORMATS: &[RecordFormat<Params, Move>] = &[pdn::FORMAT];

#[cfg(test)]
mod tests;
