//! Pentago (GAMES.md §5): place a piece, then turn a quadrant; five in a line wins.

pub mod analysis;
pub mod args;
pub mod engine;
pub mod notation;
pub mod plain;
pub mod rules;
pub mod text;
pub mod turn;
pub mod ui;
pub mod view;

use clap::{ArgMatches, Args as _, FromArgMatches};

use crate::game::players::seats_from_command_line;
use crate::game::screen::open_save;
use crate::game::setup::two_player_form;
use crate::game::{GameScreen, GameUi};
use crate::games::registry::{GameEntry, Launch};
use crate::screen::{Ctx, Screen};
use ui::{Params, PentagoUi};

/// Pentago's registry entry.
pub static ENTRY: GameEntry = GameEntry {
    id: "pentago",
    title: "Pentago",
    aliases: &["Pentago"],
    blurb: "Place a piece, then turn a quadrant; five in a line wins.",
    example: "parlor pentago Alice Bob",
    two_player: true,
    args: args::Args::augment_args,
    launch,
    plain,
    new_game: |_ctx| two_player_form::<PentagoUi>(Params::default()),
    open_save: open_save::<PentagoUi>,
    import: None,
    export: None,
    solve: Some(&analysis::SOLVE),
    computer_move: Some(&analysis::MOVE),
    perft: None,
};

/// The names given on the command line (none or both: clap enforces it).
fn names(matches: &ArgMatches) -> Vec<String> {
    args::Args::from_arg_matches(matches)
        .map(|a| a.x_name.into_iter().chain(a.o_name).collect())
        .unwrap_or_default()
}

fn launch(launch: &Launch<'_>, ctx: &Ctx) -> Result<Box<dyn Screen>, String> {
    let players = seats_from_command_line(
        &names(launch.matches),
        PentagoUi::SEAT_NAMES,
        launch.computer,
        launch.level,
    );
    Ok(Box::new(GameScreen::<PentagoUi>::new(
        Params::default(),
        players,
        ctx,
    )?))
}

/// Plain mode always starts from the empty board; the seed's prompts name the pieces (X, O),
/// not the players, so the names are not used there. With `--computer` the engine plays its
/// seats at `--level`.
fn plain(
    launch: &Launch<'_>,
    input: &mut dyn std::io::BufRead,
    out: &mut dyn std::io::Write,
) -> std::io::Result<crate::core::Ending> {
    let computer = launch.computer.map(|seats| plain::Computer {
        seats,
        level: engine::Level::from_number(launch.level).unwrap_or(engine::Level::Master),
    });
    plain::run_plain_against(rules::Pentago::new(), computer, input, out)
}

/// Plain mode's record of a game for the end-of-input autosave (the seats keep their names).
fn journal(
    game: &rules::Pentago,
    computer: Option<plain::Computer>,
) -> crate::game::journal::Journal<PentagoUi> {
    let seat = |seat: crate::core::Seat| match computer.filter(|c| c.seats.takes(seat)) {
        Some(c) => crate::game::Player::computer(c.level as u8),
        None => crate::game::Player::person("", PentagoUi::SEAT_NAMES[seat.index()]),
    };
    let players = crate::game::Players::two(
        seat(crate::core::Seat::First),
        seat(crate::core::Seat::Second),
    );
    crate::game::journal::Journal::new(ui::Params {}, players, game)
}
