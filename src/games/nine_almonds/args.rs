//! The command line of `parlor nine-almonds`: the puzzle always starts from the same position,
//! so it takes only its puzzle ID (`almonds-1-…`), which the menu's "Enter a puzzle ID" and the
//! daily puzzle open through the same arguments as every puzzle.

/// Arguments of `parlor nine-almonds`.
#[derive(Debug, Clone, Default, PartialEq, Eq, clap::Args)]
pub struct Args {
    /// The puzzle by its ID (there is one: `almonds-1-6m`).
    #[arg(long, value_name = "ID", value_parser = crate::core::game::read_puzzle_id::<super::game::NineAlmondsGame>)]
    pub id: Option<super::game::Params>,
}
