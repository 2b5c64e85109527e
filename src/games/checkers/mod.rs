//! Checkers (English draughts, GAMES.md §4): two players, black first, multi-jumps, crowning,
//! compulsory captures by default and the seed's free-capture variant as an option.

pub mod args;
pub mod notation;
pub mod plain;
pub mod rules;
pub mod text;
