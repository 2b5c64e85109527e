//! The command line: `parlor [GAME [ARGS]] [--plain] [--load FILE] …`, `parlor solve GAME`,
//! `parlor perft GAME N`, `parlor man`. Games mount their own arguments as subcommands from
//! the registry.

mod analysis_commands;
mod man;

pub use man::page as man_page;

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{Arg, ArgAction, ArgMatches, Command, value_parser};

#[cfg(feature = "tui")]
use crate::app::events::TerminalEvents;
#[cfg(feature = "tui")]
use crate::app::{App, AppSetup, AutosaveSlot};
use crate::config::Config;
use crate::core::players::ComputerSeats;
use crate::core::{Ending, Player, Players, Seat};
use crate::games::registry::{self, GAMES, GameEntry, Launch};
use crate::save::format::SaveFile;
use crate::save::records::{Finish, GameResult, Records, Table};
#[cfg(feature = "tui")]
use crate::screen::Screen;

/// Exit code for a command-line usage error.
pub const USAGE: u8 = 2;
/// Exit code for an error with a message on stderr.
pub const FAILURE: u8 = 1;

/// The long options (`--load`) that take a value, anywhere in the grammar: read from clap's
/// definitions, so the game name can be found among the arguments whatever options come first.
fn value_options(cmd: &Command) -> Vec<String> {
    let mut found: Vec<String> = cmd
        .get_arguments()
        .filter(|arg| arg.get_action().takes_values())
        .filter_map(|arg| arg.get_long().map(|long| format!("--{long}")))
        .collect();
    for sub in cmd.get_subcommands() {
        found.extend(value_options(sub));
    }
    found.sort();
    found.dedup();
    found
}

/// The whole command-line grammar.
#[must_use]
pub fn command() -> Command {
    let mut cmd = Command::new("parlor")
        .version(env!("CARGO_PKG_VERSION"))
        .about("A terminal arcade of board games and puzzles. Run without arguments for the menu.")
        .arg(
            Arg::new("load")
                .long("load")
                .value_name("FILE")
                .global(true)
                .value_parser(value_parser!(PathBuf))
                .help("Open a saved game or a Connect Four game file"),
        )
        .arg(
            Arg::new("plain")
                .long("plain")
                .global(true)
                .action(ArgAction::SetTrue)
                .help("Line mode on stdin/stdout (automatic when stdin is not a terminal)"),
        )
        .arg(
            Arg::new("config")
                .long("config")
                .value_name("FILE")
                .global(true)
                .value_parser(value_parser!(PathBuf))
                .help("Use this config file instead of the user's"),
        )
        .arg(
            Arg::new("data-dir")
                .long("data-dir")
                .value_name("DIR")
                .global(true)
                .value_parser(value_parser!(PathBuf))
                .help("Keep saves here (also PARLOR_DATA_DIR)"),
        );
    for game in GAMES {
        let mut sub = Command::new(game.id)
            .about(game.blurb)
            .aliases(game.aliases.iter().copied())
            .after_help(format!("Example: {}", game.example));
        if game.two_player {
            sub = sub
                .arg(Arg::new("computer").long("computer").value_name("SEATS").value_parser(value_parser!(ComputerSeats)).help("The computer plays first, second, or both seats"))
                .arg(crate::analysis_commands::level_arg().help("The computer's level, by number or name: 1 Beginner, 2 Casual, 3 Strong, 4 Master [default: 2]"));
        }
        // The game's `Args` doc comment would replace the description; the blurb wins.
        cmd = cmd.subcommand((game.args)(sub).about(game.blurb));
    }
    cmd = cmd.subcommand(
        Command::new("stats")
            .about("Print the records of every game (as the Statistics screen shows them)"),
    );
    man::subcommand(analysis_commands::subcommands(cmd))
}

/// `parlor stats`: the records as a table on stdout; a records file that cannot be read is a
/// message on stderr and exit code 1 (the file is left as it is).
fn print_stats(data_dir: &Path) -> u8 {
    match Records::read(data_dir) {
        Ok(records) => {
            let mut out = std::io::stdout().lock();
            match out
                .write_all(crate::stats_report::report(&records).as_bytes())
                .and_then(|()| out.flush())
            {
                Ok(()) => 0,
                Err(err) => io_failure(&err),
            }
        }
        Err(err) => {
            eprintln!("parlor: {err}");
            FAILURE
        }
    }
}

/// Rewrites a game name in any case (or a seed's name) to its id, so `parlor Reversi`,
/// `parlor CONNECT4` and `parlor solve ConnectFour` work; only the first word that is not an
/// option is touched, or the second after `solve`, `move`, `perft` or `help`.
fn normalize(args: Vec<String>) -> Vec<String> {
    let value_options = value_options(&command());
    let mut out = Vec::with_capacity(args.len());
    let mut skip_value = false;
    let mut words = 0;
    let mut done = false;
    for (i, arg) in args.into_iter().enumerate() {
        if i == 0 || done || skip_value {
            skip_value = false;
            out.push(arg);
            continue;
        }
        if arg.starts_with('-') {
            skip_value = !arg.contains('=') && value_options.contains(&arg);
            out.push(arg);
            continue;
        }
        words += 1;
        if words == 1 && matches!(arg.as_str(), "solve" | "move" | "perft" | "help") {
            out.push(arg);
            continue;
        }
        done = true;
        out.push(registry::find(&arg).map_or(arg, |g| g.id.to_string()));
    }
    out
}

/// Runs the program with these arguments and returns the exit code.
#[must_use]
pub fn run(args: Vec<String>) -> u8 {
    let args = normalize(args);
    let matches = match command().try_get_matches_from(&args) {
        Ok(matches) => matches,
        Err(err) => return usage_error(&err, &args),
    };
    if matches.subcommand_name() == Some("man") {
        return man::run();
    }
    let data_dir = crate::paths::data_dir(matches.get_one::<PathBuf>("data-dir").cloned());
    crate::logging::init(&data_dir);
    let config = match Config::load_for(matches.get_one::<PathBuf>("config").cloned()) {
        Ok(config) => config,
        Err(err) => {
            log::error!("config: {err}");
            eprintln!("parlor: {err}");
            return FAILURE;
        }
    };
    if matches.subcommand_name() == Some("stats") {
        return print_stats(&data_dir);
    }
    if let Some((name, sub)) = matches.subcommand()
        && let Some(code) = analysis_commands::run(name, sub)
    {
        return code;
    }
    let game = matches
        .subcommand()
        .and_then(|(name, sub)| registry::find(name).map(|g| (g, sub)));
    if let Some((entry, sub)) = game
        && entry.two_player
        && let Err(err) = one_name_needs_a_computer(entry.id, sub)
    {
        return usage_error(&err, &args);
    }
    let plain = matches.get_flag("plain") || !std::io::stdin().is_terminal();
    let load = matches.get_one::<PathBuf>("load").cloned();
    #[cfg(feature = "tui")]
    if !plain {
        let config_file = crate::paths::config_file(matches.get_one::<PathBuf>("config").cloned());
        return run_screen(game, load.as_deref(), &config, &data_dir, config_file);
    }
    #[cfg(not(feature = "tui"))]
    if !plain {
        // Built without the full-screen arcade: the terminal gets plain mode, and says so.
        eprintln!("parlor: built without the full-screen arcade; playing in plain mode");
    }
    run_plain(game, load.as_deref(), &config, &data_dir)
}

/// A two-player game takes both names or none: one name alone could be meant for either
/// seat. With `--computer` taking a seat, one name is the person's and is clear. Checked here
/// rather than by each game's arguments, since the `--computer` flag is the command line's.
fn one_name_needs_a_computer(game: &str, sub: &ArgMatches) -> Result<(), clap::Error> {
    let mut cmd = command();
    // Built, the subcommand knows its full name: the usage line says `parlor reversi`.
    cmd.build();
    let Some(game_cmd) = cmd.find_subcommand_mut(game) else {
        return Ok(());
    };
    let given = game_cmd
        .get_positionals()
        .filter(|arg| sub.contains_id(arg.get_id().as_str()))
        .count();
    if given == 1 && sub.get_one::<ComputerSeats>("computer").is_none() {
        return Err(game_cmd.error(
            clap::error::ErrorKind::MissingRequiredArgument,
            "give both players' names, or none (one name alone could be meant for either seat; \
             with --computer it is the person's)",
        ));
    }
    Ok(())
}

fn usage_error(err: &clap::Error, args: &[String]) -> u8 {
    use clap::error::ErrorKind;
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = err.print();
        return 0;
    }
    let _ = err.print();
    let example = analysis_commands::example(args).unwrap_or_else(|| {
        args.iter()
            .skip(1)
            .find_map(|a| registry::find(a))
            .map_or("parlor connect4 Alice Bob", |g| g.example)
    });
    eprintln!("example: {example}");
    USAGE
}

impl Config {
    /// The config for this run: `--config FILE`, else the user's file, over the defaults.
    ///
    /// # Errors
    /// A config file that exists but cannot be used.
    pub fn load_for(flag: Option<PathBuf>) -> Result<Self, crate::config::ConfigError> {
        let explicit = flag.is_some();
        match crate::paths::config_file(flag) {
            Some(path) if explicit && !path.exists() => Err(crate::config::ConfigError::Read {
                path: path.display().to_string(),
                source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
            }),
            Some(path) => Self::load(&path),
            None => Ok(Self::defaults()),
        }
    }
}

fn launch_for<'a>(game: &GameEntry, sub: &'a ArgMatches, config: &'a Config) -> Launch<'a> {
    let (computer, level) = if game.two_player {
        (
            sub.get_one::<ComputerSeats>("computer").copied(),
            sub.get_one::<u8>("level").copied().unwrap_or(2),
        )
    } else {
        (None, 2)
    };
    Launch {
        matches: sub,
        computer,
        level,
        config,
    }
}

#[cfg(feature = "tui")]
/// The screen a command line opens in the arcade (`["reversi", "Ann", "Bob"]`), or `None`
/// for the menu: the same parsing and launching as `parlor …` itself, for tests that start a
/// game "as from the command line" without a terminal.
///
/// # Errors
/// [`LaunchError::Arguments`](crate::games::error::LaunchError::Arguments) for a usage error,
/// else why the game does not start.
pub fn command_line_screen(
    args: &[&str],
    ctx: &crate::screen::Ctx,
) -> Result<Option<Box<dyn Screen>>, crate::games::error::LaunchError> {
    let args = normalize(
        std::iter::once("parlor")
            .chain(args.iter().copied())
            .map(String::from)
            .collect(),
    );
    let matches = command().try_get_matches_from(&args)?;
    let Some((entry, sub)) = matches
        .subcommand()
        .and_then(|(name, sub)| registry::find(name).map(|g| (g, sub)))
    else {
        return Ok(None);
    };
    (entry.screens.launch)(&launch_for(entry, sub, &ctx.config), ctx).map(Some)
}

fn run_plain(
    game: Option<(&'static GameEntry, &ArgMatches)>,
    load: Option<&Path>,
    config: &Config,
    data_dir: &Path,
) -> u8 {
    let stdin = std::io::stdin();
    let mut input = crate::plain::EofWatch::new(stdin.lock());
    let mut out = std::io::stdout().lock();
    let result = match load {
        Some(path) => plain_load(path, &mut input, &mut out).map(|e| e.map(|e| (e, None))),
        None => plain_game(game, config, &mut input, &mut out),
    };
    let _ = out.flush();
    match result {
        Ok(Some((ending, finish))) => {
            if let Some(finish) = finish {
                record_plain(&finish, data_dir);
            }
            crate::plain::autosave_after(ending, input.ended(), data_dir, &mut std::io::stderr());
            ending.exit_code()
        }
        Ok(None) => 0,
        Err(code) => code,
    }
}

/// Counts a game finished in plain mode in the records, as the arcade does. A records file
/// that cannot be read is left alone (never overwritten) with a message.
fn record_plain(finish: &Finish, data_dir: &Path) {
    match Records::read(data_dir) {
        Ok(mut records) => {
            records.record(finish);
            if let Err(err) = records.store(data_dir) {
                eprintln!("parlor: could not record the result: {err}");
            }
        }
        Err(err) => eprintln!("parlor: the result was not recorded: {err}"),
    }
}

/// What plain mode knows of a finished game for the records: the seats from the command line
/// and, for a puzzle, the variant they make (so a plain-mode solve counts in the same row as
/// the arcade's; the number of moves is not known here, so no best result is kept).
fn plain_finish(entry: &GameEntry, launch: &Launch, ending: Ending) -> Option<Finish> {
    let Ending::Finished(outcome) = ending else {
        return None;
    };
    if entry.two_player {
        let seat = |seat| match launch.computer {
            Some(seats) if seats.takes(seat) => Player::computer(launch.level),
            _ => Player::person("", "Player"),
        };
        let players = Players::two(seat(Seat::First), seat(Seat::Second));
        return Some(Finish::two_player(entry.id, &players, outcome));
    }
    let (variant, par) =
        (entry.puzzle_variant)(launch).unwrap_or_else(|| ("plain mode".into(), None));
    Some(Finish {
        game: entry.id.into(),
        table: Table::Puzzle { variant, par },
        result: GameResult::of(outcome, Seat::First, false),
        score: None,
        seconds: None,
        counts: true,
    })
}

/// Chooses (if not named) and plays a game in plain mode: how it ended and what the records
/// count, `None` when the player left the menu, or the exit code of a failure.
fn plain_game(
    game: Option<(&'static GameEntry, &ArgMatches)>,
    config: &Config,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<(Ending, Option<Finish>)>, u8> {
    let empty;
    let (entry, sub) = match game {
        Some(found) => found,
        None => match crate::plain::choose_game(input, out) {
            Ok(Some(entry)) => {
                empty = command()
                    .find_subcommand(entry.id)
                    .map(|c| c.clone().get_matches_from([entry.id]))
                    .unwrap_or_default();
                (entry, &empty)
            }
            Ok(None) => return Ok(None),
            Err(err) => return Err(io_failure(&err)),
        },
    };
    let launch = launch_for(entry, sub, config);
    (entry.plain)(&launch, input, out)
        .map(|ending| Some((ending, plain_finish(entry, &launch, ending))))
        .map_err(|err| io_failure(&err))
}

/// `parlor --plain --load FILE`: the first game whose seed-format files the text is, played in
/// plain mode; a Parlor save or anything else is refused with why.
fn plain_load(
    path: &Path,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<crate::core::Ending>, u8> {
    let text = match crate::save::store::read_limited(path, crate::save::format::MAX_SAVE_BYTES) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("parlor: {}: {err}", path.display());
            return Err(FAILURE);
        }
    };
    let mut refusals = Vec::new();
    for game in GAMES {
        let Some(load) = game.plain_load else {
            continue;
        };
        match load(
            &text,
            crate::games::entry::PlainIo {
                input: &mut *input,
                out: &mut *out,
            },
        ) {
            Ok(played) => return played.map(Some).map_err(|err| io_failure(&err)),
            Err(err) => refusals.push((game.title, err)),
        }
    }
    let titles: Vec<&str> = refusals.iter().map(|(title, _)| *title).collect();
    if SaveFile::parse(&text, "plain").is_ok() {
        // A Parlor save is a fine file, only not one plain mode can open.
        eprintln!(
            "parlor: {}: plain mode opens {} game files; open saves in the full-screen arcade",
            path.display(),
            titles.join(" and ")
        );
    } else {
        let reasons: Vec<String> = refusals
            .iter()
            .map(|(title, err)| format!("not a {title} game file: {err}"))
            .collect();
        eprintln!("parlor: {}: {}", path.display(), reasons.join("; "));
    }
    Err(FAILURE)
}

fn io_failure(err: &std::io::Error) -> u8 {
    if err.kind() == std::io::ErrorKind::BrokenPipe {
        return 0;
    }
    eprintln!("parlor: {err}");
    FAILURE
}

#[cfg(feature = "tui")]
fn run_screen(
    game: Option<(&'static GameEntry, &ArgMatches)>,
    load: Option<&Path>,
    config: &Config,
    data_dir: &Path,
    config_file: Option<PathBuf>,
) -> u8 {
    let colors = crate::ui::palette::ColorEnv::from_env();
    let mouse = config.mouse;
    let mut setup = AppSetup::local(config.clone(), colors, data_dir);
    setup.config_file = config_file;
    let started = App::starting_with(setup, |ctx| -> Result<_, u8> {
        if let Some(path) = load {
            return match crate::games::open_file::open_file(path, ctx) {
                Ok(screen) => Ok(Some(screen)),
                Err(err) => {
                    eprintln!("parlor: {}: {err}", path.display());
                    Err(FAILURE)
                }
            };
        }
        let Some((entry, sub)) = game else {
            return Ok(None);
        };
        match (entry.screens.launch)(&launch_for(entry, sub, config), ctx) {
            Ok(screen) => Ok(Some(screen)),
            Err(err) => {
                eprintln!("parlor: {err}");
                Err(USAGE)
            }
        }
    });
    let mut app = match started {
        Ok(app) => app,
        Err(code) => return code,
    };
    let slot = AutosaveSlot::default();
    app.publish_autosaves(std::sync::Arc::clone(&slot));
    if let Err(err) = watch_signals(slot, data_dir.to_path_buf()) {
        eprintln!(
            "parlor: cannot watch for termination signals ({err}); games are saved only on a normal exit"
        );
    }
    let (mut terminal, guard) = match crate::tui::enter(mouse) {
        Ok(entered) => entered,
        Err(err) => {
            eprintln!("parlor: cannot use the terminal: {err}");
            return FAILURE;
        }
    };
    let result = app.run(&mut terminal, &mut TerminalEvents);
    drop(guard);
    for path in app.autosaved() {
        report(&format!(
            "parlor: the unfinished game was saved to {}",
            path.display()
        ));
    }
    match result {
        Ok(()) => app.exit_code(),
        Err(err) => {
            let failures = app.autosave_all();
            report(&format!("parlor: {err}"));
            for failure in failures {
                report(&format!("parlor: autosave failed: {failure}"));
            }
            FAILURE
        }
    }
}

#[cfg(feature = "tui")]
/// One line on stderr, ignoring a failure: after the terminal has closed, `eprintln!` would
/// panic, and on the signal thread that panic would skip the exit and leave the process
/// running with no terminal.
fn report(line: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

#[cfg(feature = "tui")]
/// On SIGTERM, SIGHUP (the terminal closed) or SIGQUIT: write the published autosaves, restore
/// the terminal, and exit with 128 + the signal number. Runs on its own thread so the event
/// loop can keep blocking on input.
fn watch_signals(slot: AutosaveSlot, data_dir: PathBuf) -> std::io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGQUIT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGQUIT])?;
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            let saves = slot.lock().map(|g| g.clone()).unwrap_or_default();
            log::warn!(
                "signal {signal}: autosaving {} game(s), then exiting",
                saves.len()
            );
            let mut failures = Vec::new();
            for save in &saves {
                if let Err(err) = crate::save::store::write_save(&data_dir, save) {
                    failures.push(err);
                }
            }
            crate::tui::restore();
            // The terminal may be gone (SIGHUP): a failed write must not stop the exit.
            if !saves.is_empty() {
                report(&format!(
                    "parlor: stopped by signal {signal}; the game was autosaved"
                ));
            }
            for failure in failures {
                report(&format!("parlor: autosave failed: {failure}"));
            }
            log::logger().flush();
            std::process::exit(128 + signal);
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grammar_is_consistent() {
        command().debug_assert();
    }

    #[test]
    fn game_names_are_case_insensitive() {
        let args = |v: &[&str]| v.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
        assert_eq!(
            normalize(args(&["parlor", "CONNECT4", "Reversi"])),
            args(&["parlor", "connect4", "Reversi"])
        );
        assert_eq!(
            normalize(args(&["parlor", "--data-dir", "Connect4", "ConnectFour"])),
            args(&["parlor", "--data-dir", "Connect4", "connect4"])
        );
    }
}
