//! Checkers (English draughts, GAMES.md §4): two players, black first, multi-jumps, crowning,
//! compulsory captures by default and the seed's free-capture variant as an option.

pub mod analysis;
pub mod args;
pub mod engine;
pub mod notation;
pub mod plain;
pub mod rules;
pub mod text;
pub mod ui;
pub mod view;

use clap::{ArgMatches, Args as _, FromArgMatches};

use crate::core::Seat;
use crate::game::players::seats_from_command_line;
use crate::game::screen::open_save;
use crate::game::setup::two_player_form;
use crate::game::{GameScreen, GameUi};
use crate::games::registry::{GameEntry, Launch};
use crate::screen::{Ctx, Screen};
use ui::{CheckersUi, Params};

/// Checkers' registry entry.
pub static ENTRY: GameEntry = GameEntry {
    id: "checkers",
    title: "Checkers",
    aliases: &["Checkers", "draughts"],
    blurb: "English draughts: diagonal moves, multi-jumps, crowned kings.",
    example: "parlor checkers Alice Bob",
    two_player: true,
    args: args::Args::augment_args,
    launch,
    plain,
    new_game: |ctx| two_player_form::<CheckersUi>(Params::from_config(&ctx.config)),
    open_save: open_save::<CheckersUi>,
    import: None,
    export: None,
    solve: Some(&analysis::SOLVE),
    computer_move: Some(&analysis::MOVE),
    perft: Some(engine::perft_from_start),
};

/// The names given on the command line (both or none, as clap enforced).
fn names(matches: &ArgMatches) -> Vec<String> {
    // In seat order; with `--computer` one name is the person's (see `cli`).
    args::Args::from_arg_matches(matches)
        .map(|a| a.black.into_iter().chain(a.white).collect())
        .unwrap_or_default()
}

fn launch(launch: &Launch<'_>, ctx: &Ctx) -> Result<Box<dyn Screen>, String> {
    let players = seats_from_command_line(
        &names(launch.matches),
        CheckersUi::SEAT_NAMES,
        launch.computer,
        launch.level,
    );
    Ok(Box::new(GameScreen::<CheckersUi>::new(
        Params::from_config(launch.config),
        players,
        ctx,
    )?))
}

fn plain(
    launch: &Launch<'_>,
    input: &mut dyn std::io::BufRead,
    out: &mut dyn std::io::Write,
) -> std::io::Result<crate::core::Ending> {
    let players = seats_from_command_line(
        &names(launch.matches),
        CheckersUi::SEAT_NAMES,
        launch.computer,
        launch.level,
    );
    let seat = |seat: Seat| {
        players.at(seat).map_or_else(
            || CheckersUi::SEAT_NAMES[seat.index()].to_string(),
            |p| p.name.clone(),
        )
    };
    let setup = plain::PlainSetup {
        black: seat(Seat::First),
        white: seat(Seat::Second),
        game: rules::Checkers::new(Params::from_config(launch.config).forced_capture),
        computer: [
            players.computer_level(Seat::First),
            players.computer_level(Seat::Second),
        ],
    };
    plain::run_plain(setup, input, out)
}

/// Plain mode's record of a game for the end-of-input autosave: the seats and the capture rule.
fn journal(
    names: &[String; 2],
    computer: [Option<u8>; 2],
    game: &rules::Checkers,
) -> crate::game::journal::Journal<CheckersUi> {
    let seat = |index: usize| match computer[index] {
        Some(level) => crate::game::Player::computer(level),
        None => crate::game::Player::person(&names[index], CheckersUi::SEAT_NAMES[index]),
    };
    let players = crate::game::Players::two(seat(0), seat(1));
    let params = Params {
        forced_capture: game.forced_capture(),
    };
    crate::game::journal::Journal::new(params, players, game)
}
