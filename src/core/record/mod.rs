//! The vocabulary of game records, which the `Game` trait is written in: a format
//! ([`format::RecordFormat`]: a game's reader and writer over its parameters and moves), the
//! tags of a record's header ([`tags`]), the generic parameters every game's records carry
//! ([`params`]), and the typed error a file is refused with ([`error::RecordError`]: what went
//! wrong, and where).
//!
//! It sits in the core, under `Game`, so a game's rules can name their formats; Parlor's own
//! notation and the functions the registry holds are above the saves, in `crate::record`.

pub mod error;
pub mod format;
pub mod params;
pub mod tags;
