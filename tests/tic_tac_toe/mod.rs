//! Tic-tac-toe: the toy eighth game the registry test adds. Everything it is lives in this
//! folder; the one line that adds it to an arcade is in `tests/toy_game.rs`.

pub mod game;
pub mod plain;
pub mod rules;
pub mod ui;
pub mod view;

use std::io;

use parlor::config::Config;
use parlor::core::Ending;
use parlor::games::entry::{Launch, PlainIo, Registration};
use parlor::games::error::LaunchError;

/// `parlor tictactoe [NAME1 NAME2]`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Args {
    /// Player 1's name (x, moves first).
    pub first: Option<String>,
    /// Player 2's name (o).
    pub second: Option<String>,
}

/// Tic-tac-toe's registration.
pub struct TicTacToe;

impl Registration for TicTacToe {
    type Game = game::TicTacToeGame;
    type Args = Args;

    const ALIASES: &'static [&'static str] = &["tic-tac-toe", "noughts"];
    const BLURB: &'static str = "Three in a row on a 3×3 board.";
    const EXAMPLE: &'static str = "parlor tictactoe Alice Bob";

    fn params(_args: &Args, _config: &Config) -> Result<game::Params, LaunchError> {
        Ok(game::Params::default())
    }

    fn names(args: &Args) -> Vec<String> {
        args.first.iter().chain(&args.second).cloned().collect()
    }

    fn plain(args: &Args, launch: &Launch<'_>, io: PlainIo<'_>) -> io::Result<Ending> {
        let players = parlor::games::entry::command_line_players::<Self>(args, launch);
        plain::run(&players, io.input, io.out)
    }
}
