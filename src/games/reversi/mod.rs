//! Reversi (GAMES.md §3): two players at one terminal place black and white discs and turn
//! over every line they bracket; the one with more discs when neither can move wins.
//!
//! The pure layer: [`rules`] (the state machine), [`notation`] (`x,y` moves, save rows),
//! [`text`] (the seed's text board), [`plain`] (line mode) and [`args`] (command line); the
//! screen: [`view`] (geometry and drawing) and [`ui`] (the board's part of the game screen).

pub mod analysis;
pub mod args;
pub mod engine;
pub mod notation;
pub mod plain;
pub mod rules;
pub mod text;
pub mod ui;
pub mod view;

#[cfg(test)]
mod tests;

use clap::{ArgMatches, Args as _, FromArgMatches};

use crate::core::Seat;
use crate::game::players::seats_from_command_line;
use crate::game::screen::open_save;
use crate::game::setup::two_player_form;
use crate::game::{GameScreen, GameUi};
use crate::games::registry::{GameEntry, Launch};
use crate::screen::{Ctx, Screen};
use ui::{Params, ReversiUi};

/// Reversi's registry entry.
pub static ENTRY: GameEntry = GameEntry {
    id: "reversi",
    title: "Reversi",
    aliases: &[],
    blurb: "Place discs to bracket and turn over your opponent's; most discs wins.",
    example: args::USAGE_EXAMPLE,
    two_player: true,
    args: args::Args::augment_args,
    launch,
    plain,
    new_game: |_ctx| two_player_form::<ReversiUi>(Params::default()),
    open_save: open_save::<ReversiUi>,
    import: None,
    export: None,
    solve: Some(&analysis::SOLVE),
    computer_move: Some(&analysis::MOVE),
    perft: Some(|depth| {
        engine::perft(
            engine::board::START_BLACK,
            engine::board::START_WHITE,
            depth,
        )
    }),
};

/// The names given on the command line, black's first (one name, with `--computer second`,
/// names the person playing black).
fn names(matches: &ArgMatches) -> Vec<String> {
    args::Args::from_arg_matches(matches)
        .map(|args| args.black.into_iter().chain(args.white).collect())
        .unwrap_or_default()
}

fn launch(launch: &Launch<'_>, ctx: &Ctx) -> Result<Box<dyn Screen>, String> {
    // Until the engine lands a computer seat would wait for a move that never comes.
    if launch.computer.is_some() && !ReversiUi::HAS_ENGINE {
        return Err("the computer cannot play Reversi yet: start without --computer".into());
    }
    let players = seats_from_command_line(
        &names(launch.matches),
        ReversiUi::SEAT_NAMES,
        launch.computer,
        launch.level,
    );
    Ok(Box::new(GameScreen::<ReversiUi>::new(
        Params::default(),
        players,
        ctx,
    )?))
}

fn plain(
    launch: &Launch<'_>,
    input: &mut dyn std::io::BufRead,
    out: &mut dyn std::io::Write,
) -> std::io::Result<crate::core::Ending> {
    let seats = seats_from_command_line(
        &names(launch.matches),
        ReversiUi::SEAT_NAMES,
        launch.computer,
        launch.level,
    );
    let name = |seat: Seat| seats.at(seat).map(|p| p.name.clone()).unwrap_or_default();
    let setup = plain::PlainSetup {
        players: plain::Players {
            black: name(Seat::First),
            white: name(Seat::Second),
        },
        start: rules::Board::new(),
        computer: [
            seats.computer_level(Seat::First),
            seats.computer_level(Seat::Second),
        ],
    };
    plain::run_plain(&setup, input, out)
}
