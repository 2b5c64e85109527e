//! `parlor connect4 [NAME1 NAME2]`.

/// Connect Four's command-line arguments.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Args {
    /// Player 1's name (x, moves first).
    pub first: Option<String>,
    /// Player 2's name (o).
    pub second: Option<String>,
}
