//! One player's arcade on the server: the same [`App`] as the local terminal's, on its own
//! thread, drawing into the SSH channel and reading the channel's decoded input, with the
//! player's own folder for saves, records and settings.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc::Receiver;

use ratatui::Terminal;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};

use super::remote_terminal::{ChannelOutput, Input, RemoteBackend, RemoteEvents, SharedSize};
use crate::app::{App, AppSetup};
use crate::clock::SystemClock;
use crate::config::Config;
use crate::games::registry::Registry;
use crate::screen::Guest;
use crate::table::command::ServedCommand;
use crate::ui::palette::ColorEnv;
use crate::work_pool::WorkPool;

/// Everything a session's thread is handed when the player's shell starts.
pub struct SessionStart {
    /// The player's id (their key's fingerprint, in hex): the name of their folder.
    pub player: String,
    /// The server's data directory (the player's folder is `players/<id>` in it).
    pub data_dir: PathBuf,
    /// The window's size, kept current by the connection.
    pub size: SharedSize,
    /// The `TERM` the client's pty request named (the colour depth follows it).
    pub term: Option<String>,
    /// The decoded input.
    pub input: Receiver<Input>,
    /// Where the screen's bytes go.
    pub output: ChannelOutput,
    /// The work pool every session shares.
    pub pool: WorkPool,
    /// The games the arcade offers.
    pub games: Registry,
    /// How long the player may send nothing before the session ends.
    pub idle_limit: std::time::Duration,
    /// The server's tables, as this session reaches them.
    pub table: crate::table::hub::TableLink,
    /// The command after the host (`join CODE`, `GAME --table`), if one was given.
    pub command: Option<crate::table::command::ServedCommand>,
}

/// A player's folder under the server's data directory.
#[must_use]
pub fn player_folder(data_dir: &Path, player: &str) -> PathBuf {
    data_dir.join("players").join(player)
}

/// Runs the player's arcade until they leave, their connection ends, or the server stops;
/// every unfinished game is autosaved into their folder whichever way it ends.
pub fn run(start: SessionStart) {
    let SessionStart {
        player,
        data_dir,
        size,
        term,
        input,
        mut output,
        pool,
        games,
        idle_limit,
        table,
        command,
    } = start;
    let folder = player_folder(&data_dir, &player);
    let config_file = folder.join("config.toml");
    let (config, notice) = match Config::load(&config_file) {
        Ok(config) => (config, None),
        Err(err) => {
            log::warn!("serve: player {player}: settings not read: {err}");
            (
                Config::defaults(),
                Some("Your settings could not be read; the defaults are in use.".to_string()),
            )
        }
    };
    let mouse = config.mouse;
    let name = crate::save::player::read_name(&folder);
    log::info!(
        "serve: session of {} ({player}) starts",
        name.as_deref().unwrap_or("a new player")
    );
    let setup = AppSetup {
        config,
        colors: ColorEnv {
            no_color: false,
            colorterm: None,
            term,
        },
        data_dir: folder.clone(),
        config_file: Some(config_file),
        clock: Arc::new(SystemClock),
        pool,
        guest: Some(Guest { name, folder }),
        games,
        table: Some(table.clone()),
    };
    let mut app = App::new(setup);
    if let Some(notice) = notice {
        app.notify(notice);
    }
    // A player whose seat waits for them goes back to their game, whatever they asked.
    let returning = table
        .hub
        .read(|tables| tables.seated(&player))
        .map(|(code, _)| ServedCommand::Join(code));
    if let Some(command) = returning.as_ref().or(command.as_ref()) {
        app.start_at_table(command);
    }
    let mut events = RemoteEvents::new(input, output.clone(), idle_limit);
    let result = enter(&mut output, mouse)
        .map_err(crate::app::RunError::from)
        .and_then(|()| {
            let mut terminal = Terminal::new(RemoteBackend::new(output.clone(), size))
                .map_err(crate::app::RunError::from)?;
            app.run(&mut terminal, &mut events)
        });
    let failed = match &result {
        Ok(()) => Vec::new(),
        Err(err) => {
            log::info!("serve: session of {player} ends: {err}");
            app.autosave_all()
        }
    };
    // A seated player's seat waits for them; a watcher goes.
    app.leave_table();
    for (_, reason) in &failed {
        log::error!("serve: player {player}: autosave failed: {reason}");
    }
    let mut farewell = Vec::new();
    if events.stopped() {
        farewell.push("The Parlor server is stopping.".to_string());
    }
    if events.idled() {
        farewell.push(format!(
            "Nothing was typed for {} minutes: the session has ended.",
            idle_limit.as_secs() / 60
        ));
    }
    if !app.autosaved().is_empty() {
        farewell
            .push("Your unfinished game was saved: open it from Load game next time.".to_string());
    }
    leave(&mut output, &farewell);
    log::info!("serve: session of {player} ends");
}

/// The alternate screen and mouse reporting, as the local terminal enters them (the client's
/// own terminal is already raw: ssh made it so for the pty).
fn enter(output: &mut ChannelOutput, mouse: bool) -> std::io::Result<()> {
    ratatui::crossterm::queue!(output, EnterAlternateScreen)?;
    if mouse {
        ratatui::crossterm::queue!(output, EnableMouseCapture)?;
    }
    output.flush()
}

/// Leaves the client's terminal as it was, then says what became of the game. Failures are
/// ignored: the connection may be gone already.
fn leave(output: &mut ChannelOutput, farewell: &[String]) {
    let _ = ratatui::crossterm::queue!(output, DisableMouseCapture, LeaveAlternateScreen, Show);
    for line in farewell {
        let _ = write!(output, "{line}\r\n");
    }
    let _ = output.flush();
}
