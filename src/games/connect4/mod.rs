//! Connect Four (GAMES.md §6): drop tokens, four in a line wins.

pub mod analysis;
pub mod args;
pub mod engine;
pub mod notation;
pub mod plain;
pub mod rules;
pub mod seedfile;
pub mod text;
pub mod ui;
pub mod view;

use clap::{ArgMatches, Args as _, FromArgMatches};

use crate::core::Seat;
use crate::game::players::seats_from_command_line;
use crate::game::screen::open_save;
use crate::game::setup::two_player_form;
use crate::game::{GameScreen, GameUi, Players};
use crate::games::registry::{GameEntry, Launch};
use crate::screen::{Ctx, Screen};
use ui::{ConnectFourUi, Params};

/// Connect Four's registry entry.
pub static ENTRY: GameEntry = GameEntry {
    id: "connect4",
    title: "Connect Four",
    aliases: &["connect-four", "ConnectFour", "Connect4"],
    blurb: "Drop tokens into seven columns; four in a line wins.",
    example: "parlor connect4 Alice Bob",
    two_player: true,
    args: args::Args::augment_args,
    launch,
    plain,
    new_game: |_ctx| two_player_form::<ConnectFourUi>(Params::default()),
    open_save: open_save::<ConnectFourUi>,
    import: Some(import),
    export: Some(export),
    solve: Some(&engine::cli::SOLVE),
    computer_move: Some(&analysis::MOVE),
    perft: Some(engine::perft),
};

fn names(matches: &ArgMatches) -> Vec<String> {
    args::Args::from_arg_matches(matches)
        .map(|a| a.first.into_iter().chain(a.second).collect())
        .unwrap_or_default()
}

fn launch(launch: &Launch<'_>, ctx: &Ctx) -> Result<Box<dyn Screen>, String> {
    let players = seats_from_command_line(
        &names(launch.matches),
        ConnectFourUi::SEAT_NAMES,
        launch.computer,
        launch.level,
    );
    Ok(Box::new(GameScreen::<ConnectFourUi>::new(
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
    let names = names(launch.matches);
    if launch.computer.is_some() {
        // The computer's seats are named for it; the seed's questions would ask their names.
        let players = seats_from_command_line(
            &names,
            ConnectFourUi::SEAT_NAMES,
            launch.computer,
            launch.level,
        );
        let seat = |seat| players.at(seat).map(|p| p.name.clone()).unwrap_or_default();
        let both = players.computer_level(Seat::First).is_some()
            && players.computer_level(Seat::Second).is_some();
        let start = if names.is_empty() && !both {
            // The seed's questions, as without --computer; only the computer's name is known.
            let fixed = |s: Seat| players.computer_level(s).map(|_| seat(s));
            plain::PlainStart::AskExcept([fixed(Seat::First), fixed(Seat::Second)])
        } else {
            plain::PlainStart::Names(seat(Seat::First), seat(Seat::Second))
        };
        let computer = [
            players.computer_level(Seat::First),
            players.computer_level(Seat::Second),
        ];
        return plain::run_plain_against(start, computer, input, out);
    }
    let start = match names.as_slice() {
        [first, second] => plain::PlainStart::Names(
            crate::ui::text::player_name(first, "Player 1"),
            crate::ui::text::player_name(second, "Player 2"),
        ),
        _ => plain::PlainStart::Ask,
    };
    plain::run_plain(start, input, out)
}

/// Opens a seed-format game file (two names and a position text) as a new game.
fn import(text: &str, ctx: &Ctx) -> Result<Box<dyn Screen>, String> {
    let file = seedfile::parse_game_file(text).map_err(|e| e.to_string())?;
    let params = Params {
        start: Some(notation::to_position_text(&file.board)),
    };
    let players = Players::two(
        crate::game::Player::person(&file.first, "Player 1"),
        crate::game::Player::person(&file.second, "Player 2"),
    );
    Ok(Box::new(GameScreen::<ConnectFourUi>::new(
        params, players, ctx,
    )?))
}

/// A save as the seed's game file: the names and the current position.
fn export(file: &crate::save::format::SaveFile) -> Result<(String, String), String> {
    let saved: crate::game::saved::SavedGame<Params> =
        crate::save::format::state_from_table(&file.state).map_err(|e| e.to_string())?;
    let (history, players, _) = saved
        .restore::<ConnectFourUi>()
        .map_err(|e| e.to_string())?;
    let name = |i: usize| {
        players
            .0
            .get(i)
            .map_or_else(|| format!("Player {}", i + 1), |p| p.name.clone())
    };
    let text =
        seedfile::game_file_text(&name(0), &name(1), crate::core::History::current(&history));
    Ok((format!("{}.txt", file.id), text))
}

/// Opens a game file given on the command line in plain mode, or says what is wrong with it
/// (so a typo in a hand-written file is pointed out, not taken for another kind of file).
///
/// # Errors
/// [`seedfile::GameFileError`] naming the line at fault.
pub fn plain_start_from_file(text: &str) -> Result<plain::PlainStart, seedfile::GameFileError> {
    seedfile::parse_game_file(text).map(|f| plain::PlainStart::Loaded {
        first: f.first,
        second: f.second,
        board: f.board,
    })
}
