//! A game on screen: the part of a registration that needs the terminal (`tui` feature). A
//! game names its board type in [`ScreenRegistration`] (in its `ui.rs`); everything else on
//! screen — the game screen for a command line, the new-game form of a two-player game, saves
//! opened (as games or replays), the game with default parameters the tests walk — is written
//! here once and filled into the registry's [`ScreenEntry`].

use super::entry::{Launch, Registration, arguments, command_line_players};
use crate::core::{Game, Players};
use crate::game_screen::screen::{open_review, open_save};
use crate::game_screen::setup::two_player_form;
use crate::game_screen::{GameScreen, GameUi};
use crate::games::error::LaunchError;
use crate::save::catalog::SaveSummary;
use crate::save::format::{SaveError, SaveFile};
use crate::screen::{Ctx, Screen};
use crate::ui::board_colors::BoardPaints;

/// A game's board on the game screen, and the screens a game opens in its own way.
///
/// Implemented in the game's `ui.rs` by the same unit type as its [`Registration`]; only the
/// board type is required.
pub trait ScreenRegistration: Registration {
    /// The board on the game screen, for this registration's game.
    type Ui: GameUi<Game = Self::Game>;

    /// What the menu opens: the new-game form of a two-player game, else the game itself.
    fn new_game(ctx: &Ctx) -> Box<dyn Screen> {
        let params = Self::params(&Self::Args::default(), &ctx.config);
        match params {
            Ok(params) if !Self::Game::is_puzzle() => two_player_form::<Self::Ui>(params, ctx),
            Ok(params) => match GameScreen::<Self::Ui>::new(params, Players::none(), ctx) {
                Ok(screen) => Box::new(screen),
                Err(err) => message_screen(&err.to_string()),
            },
            Err(err) => message_screen(&err.to_string()),
        }
    }

    /// The game screen a command line starts (the level list of Slide without a level).
    ///
    /// # Errors
    /// [`LaunchError`] when the arguments do not make a playable game.
    fn launch(
        args: &Self::Args,
        launch: &Launch<'_>,
        ctx: &Ctx,
    ) -> Result<Box<dyn Screen>, LaunchError> {
        let params = Self::params(args, launch.config)?;
        Ok(Box::new(GameScreen::<Self::Ui>::new(
            params,
            command_line_players::<Self>(args, launch),
            ctx,
        )?))
    }
}

/// Starts the game screen from the command line.
pub type LaunchFn = fn(&Launch<'_>, &Ctx) -> Result<Box<dyn Screen>, LaunchError>;
/// Opens a save of the game: its summary and its screen.
pub type OpenSaveFn = fn(&SaveFile, &Ctx) -> Result<(SaveSummary, Box<dyn Screen>), SaveError>;
/// Opens a save of the game as a replay from its first move (review mode).
pub type OpenReviewFn = fn(&SaveFile, &Ctx) -> Result<Box<dyn Screen>, SaveError>;
/// The game screen of a table (issue 39): the table's game, from this terminal's seat.
pub type TableFn = fn(&crate::table::AtTable, &Ctx) -> Result<Box<dyn Screen>, LaunchError>;
/// A new game with the default parameters and these players, on its game screen.
pub type PlayFn = fn(Players, &Ctx) -> Result<Box<dyn Screen>, LaunchError>;

/// One game's screens, as the registry lists them.
pub struct ScreenEntry {
    /// The game screen for a command line.
    pub launch: LaunchFn,
    /// What the menu opens: a new-game form, a level list, or the game itself.
    pub new_game: fn(&Ctx) -> Box<dyn Screen>,
    /// Opens a save of this game.
    pub open_save: OpenSaveFn,
    /// The game screen of a new game with default parameters, two people or the puzzle
    /// alone, whatever the menu would open first (the tests that walk every game use it).
    pub start: fn(&Ctx) -> Result<Box<dyn Screen>, LaunchError>,
    /// The game screen of a new game with default parameters and these players (the monkey
    /// test seats the computer this way).
    pub play: PlayFn,
    /// The board's palette ([`GameUi::PAINTS`]): the contrast tests check every game's.
    pub paints: Option<&'static BoardPaints>,
    /// Opens a save of this game as a replay from its first move (review mode).
    pub open_review: OpenReviewFn,
    /// The game screen at a table, with the table's parameters and players.
    pub table: TableFn,
}

impl ScreenEntry {
    /// The screens of a registered game, filled in from its types.
    #[must_use]
    pub const fn of<R: Registration + ScreenRegistration>() -> Self {
        Self {
            launch: launch_screen::<R>,
            new_game: R::new_game,
            open_save: open_save::<R::Ui>,
            start: start_default::<R>,
            play: play_with::<R>,
            paints: <R::Ui as GameUi>::PAINTS,
            open_review: open_review::<R::Ui>,
            table: table_screen::<R>,
        }
    }
}

/// A dialog standing for a game that cannot start, saying why (never expected for a game's
/// default parameters, which the registry test starts).
fn message_screen(message: &str) -> Box<dyn Screen> {
    Box::new(crate::modal::dialog::Dialog::new(
        "Cannot start the game",
        &[message],
        &[("OK", crate::screen::Answer::Ok)],
    ))
}

fn launch_screen<R: ScreenRegistration>(
    launch: &Launch<'_>,
    ctx: &Ctx,
) -> Result<Box<dyn Screen>, LaunchError> {
    R::launch(&arguments::<R>(launch.matches)?, launch, ctx)
}

/// A new game with the default parameters: two people, or the puzzle alone.
fn start_default<R: ScreenRegistration>(ctx: &Ctx) -> Result<Box<dyn Screen>, LaunchError> {
    let seats = R::Game::SEAT_NAMES;
    let players = if seats[0].is_empty() {
        Players::none()
    } else {
        Players::two(
            crate::core::Player::person("", seats[0]),
            crate::core::Player::person("", seats[1]),
        )
    };
    play_with::<R>(players, ctx)
}

fn play_with<R: ScreenRegistration>(
    players: Players,
    ctx: &Ctx,
) -> Result<Box<dyn Screen>, LaunchError> {
    let params = R::params(&R::Args::default(), &ctx.config)?;
    Ok(Box::new(GameScreen::<R::Ui>::new(params, players, ctx)?))
}

/// The game at a table: its parameters as the table keeps them (the defaults when it keeps
/// none), its players by the names at its seats, seen from `at`'s seat.
fn table_screen<R: ScreenRegistration>(
    at: &crate::table::AtTable,
    ctx: &Ctx,
) -> Result<Box<dyn Screen>, LaunchError> {
    let params = match crate::table::params::read(&at.table.params) {
        Some(params) => params,
        None => R::params(&R::Args::default(), &ctx.config)?,
    };
    let seats = R::Game::SEAT_NAMES;
    let name = |seat: crate::core::Seat| at.table.name_at(seat).unwrap_or_default();
    let players = Players::two(
        crate::core::Player::person(name(crate::core::Seat::First), seats[0]),
        crate::core::Player::person(name(crate::core::Seat::Second), seats[1]),
    );
    // A player back at their kept seat goes on in the save their copy was left in.
    let kept = at
        .seat
        .and_then(|seat| at.table.seats[seat.index()].as_ref())
        .and_then(|occupant| occupant.save.as_ref());
    let screen = GameScreen::<R::Ui>::new(params, players, ctx)?
        .at_table(at.table.code, at.seat)
        .saving_into(kept);
    Ok(Box::new(screen))
}
