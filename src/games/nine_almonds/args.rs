//! The command line of `parlor nine-almonds`: the puzzle always starts from the same position,
//! so it takes no arguments, but it still has an `Args` so the CLI mounts every game alike.

/// Arguments of `parlor nine-almonds` (none).
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {}
