//! The command line: `parlor [GAME [ARGS]] [--plain] [--load FILE] …`, `parlor solve GAME`,
//! `parlor perft GAME N`, `parlor man`. Games mount their own arguments as subcommands from
//! the registry.

mod analysis_commands;
mod daily;
mod man;
mod records;
#[cfg(feature = "serve")]
mod serve;
mod usage;

pub use man::page as man_page;

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{Arg, ArgAction, ArgMatches, Command, value_parser};

#[cfg(feature = "tui")]
use crate::app::events::TerminalEvents;
#[cfg(feature = "tui")]
use crate::app::{App, AppSetup};
use crate::config::Config;
use crate::core::players::ComputerSeats;
use crate::core::{Ending, Player, Players, Seat};
use crate::games::registry::{GameEntry, Launch, Registry};
use crate::save::format::SaveFile;
use crate::save::records::{Count, Finish, GameResult, Records, Table};
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

/// The whole command-line grammar, with Parlor's games.
#[must_use]
pub fn command() -> Command {
    command_for(Registry::STANDARD)
}

/// The whole command-line grammar with these games (a subcommand each).
#[must_use]
pub fn command_for(games: Registry) -> Command {
    let mut cmd = Command::new("parlor")
        .version(env!("CARGO_PKG_VERSION"))
        .about("A terminal arcade of board games and puzzles. Run without arguments for the menu.")
        .arg(
            Arg::new("load")
                .long("load")
                .value_name("FILE")
                .global(true)
                .value_parser(value_parser!(PathBuf))
                .help("Open a saved game or a game record (GGF, PDN, WTHOR, transcripts…)"),
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
        .arg(crate::analysis_commands::original_arg())
        .arg(
            Arg::new("data-dir")
                .long("data-dir")
                .value_name("DIR")
                .global(true)
                .value_parser(value_parser!(PathBuf))
                .help("Keep saves here (also PARLOR_DATA_DIR)"),
        );
    for game in games.games() {
        let mut sub = Command::new(game.id)
            .about(game.blurb)
            .aliases(game.aliases.iter().copied())
            .after_help(format!("Example: {}", game.example));
        if game.two_player {
            sub = sub
                .arg(Arg::new("computer").long("computer").value_name("SEATS").value_parser(value_parser!(ComputerSeats)).help("The computer plays first, second, or both seats"))
                .arg(crate::analysis_commands::level_arg().help("The computer's level, by number or name: 1 Beginner, 2 Casual, 3 Strong, 4 Master [default: 2]; without --computer, the computer plays second"));
        }
        // The game's `Args` doc comment would replace the description; the blurb wins.
        cmd = cmd.subcommand((game.args)(sub).about(game.blurb));
    }
    cmd = cmd.subcommand(daily::subcommand());
    cmd = cmd.subcommand(
        Command::new("stats")
            .about("Print the records of every game (as the Statistics screen shows them)"),
    );
    #[cfg(feature = "serve")]
    {
        cmd = cmd.subcommand(serve::command());
    }
    man::subcommand(records::subcommands(
        analysis_commands::subcommands(cmd, games),
        games,
    ))
}

/// `parlor stats`: the records as a table on stdout; a records file that cannot be read is a
/// message on stderr and exit code 1 (the file is left as it is).
fn print_stats(games: Registry, data_dir: &Path) -> u8 {
    match Records::read(data_dir) {
        Ok(records) => {
            // Game and variant names come from the file: cleaned like every stream.
            let mut out = crate::core::clean_write::CleanWriter::new(std::io::stdout().lock());
            match out
                .write_all(crate::stats_report::report(&records, games).as_bytes())
                .and_then(|()| out.flush())
            {
                Ok(()) => 0,
                Err(err) => io_failure(&err),
            }
        }
        Err(err) => {
            report(&format!("parlor: {err}"));
            FAILURE
        }
    }
}

/// Rewrites a game name in any case (or a seed's name) to its id, so `parlor Reversi`,
/// `parlor CONNECT4` and `parlor solve ConnectFour` work; only the first word that is not an
/// option is touched, or the second after `solve`, `move`, `perft` or `help`.
fn normalize(games: Registry, args: Vec<String>) -> Vec<String> {
    let value_options = value_options(&command_for(games));
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
        out.push(games.find(&arg).map_or(arg, |g| g.id.to_string()));
    }
    out
}

/// Runs the program with the arguments as the operating system gave them: an argument that is
/// not UTF-8 is a usage error (exit code 2, with the argument shown as far as it reads), never
/// a panic.
#[must_use]
pub fn run_os(args: Vec<std::ffi::OsString>) -> u8 {
    let mut text = Vec::with_capacity(args.len());
    for (number, arg) in args.into_iter().enumerate() {
        match arg.into_string() {
            Ok(arg) => text.push(arg),
            Err(arg) => {
                report(&format!(
                    "parlor: argument {number} is not valid UTF-8 text: {:?}",
                    arg.to_string_lossy()
                ));
                report("Usage: parlor [GAME [ARGS]] [OPTIONS] (see parlor --help)");
                return USAGE;
            }
        }
    }
    run(text)
}

/// Runs the program with these arguments and returns the exit code.
#[must_use]
pub fn run(args: Vec<String>) -> u8 {
    run_with(Registry::STANDARD, args, None)
}

/// Plain mode's streams given to [`run_with`] instead of the process's own.
pub struct PlainStreams<'a> {
    /// The player's lines.
    pub input: &'a mut dyn BufRead,
    /// Where the games write.
    pub out: &'a mut dyn Write,
}

/// Runs the program with these arguments and these games (a test gives Parlor's games and a
/// toy one) and returns the exit code. With `streams`, the program plays in plain mode on
/// them (as with `--plain` and a pipe); otherwise on the process's standard streams.
#[must_use]
pub fn run_with(games: Registry, args: Vec<String>, streams: Option<PlainStreams<'_>>) -> u8 {
    let args = normalize(games, args);
    let matches = match command_for(games).try_get_matches_from(&args) {
        Ok(matches) => matches,
        Err(err) => return usage_error(games, err, &args),
    };
    if matches.subcommand_name() == Some("man") {
        return man::run();
    }
    let data_dir = crate::paths::data_dir(matches.get_one::<PathBuf>("data-dir").cloned());
    crate::logging::init(&data_dir);
    let config = match Config::load_for(matches.get_one::<PathBuf>("config").cloned()) {
        // `--original` is the coordinates setting of this run, plain mode's and the arcade's.
        Ok(mut config) => {
            if matches.get_flag("original") {
                config.coordinates = crate::core::Coordinates::Original;
            }
            config
        }
        Err(err) => {
            log::error!("config: {err}");
            report(&format!("parlor: {err}"));
            return FAILURE;
        }
    };
    if matches.subcommand_name() == Some("stats") {
        return print_stats(games, &data_dir);
    }
    #[cfg(feature = "serve")]
    if let Some(("serve", sub)) = matches.subcommand() {
        return serve::run(games, sub, data_dir);
    }
    if let Some((name, sub)) = matches.subcommand()
        && let Some(code) = analysis_commands::run(games, name, sub)
            .or_else(|| records::run(games, name, sub, &data_dir))
    {
        return code;
    }
    let game = matches
        .subcommand()
        .and_then(|(name, sub)| games.find(name).map(|g| (g, sub)));
    if let Some((entry, sub)) = game
        && entry.two_player
        && let Err(err) = one_name_needs_a_computer(games, entry.id, sub)
    {
        return usage_error(games, err, &args);
    }
    let plain = streams.is_some() || matches.get_flag("plain") || !std::io::stdin().is_terminal();
    let load = matches.get_one::<PathBuf>("load").cloned();
    let daily = match daily::requested(&matches) {
        Ok(daily) => daily,
        Err(code) => return code,
    };
    if let Some(daily) = &daily
        && plain
    {
        return daily::run_plain(daily, &config, &data_dir);
    }
    #[cfg(feature = "tui")]
    if !plain {
        let config_file = crate::paths::config_file(matches.get_one::<PathBuf>("config").cloned());
        return run_screen(
            games,
            game,
            load.as_deref(),
            daily.as_ref(),
            &config,
            &data_dir,
            config_file,
        );
    }
    #[cfg(not(feature = "tui"))]
    if !plain {
        // Built without the full-screen arcade: the terminal gets plain mode, and says so.
        report("parlor: built without the full-screen arcade; playing in plain mode");
    }
    let plain = PlainRun {
        games,
        game,
        load: load.as_deref(),
        config: &config,
        data_dir: &data_dir,
    };
    match streams {
        Some(PlainStreams { input, out }) => run_plain(&plain, input, out),
        None => {
            // A signal autosaves the game in progress, as in the arcade.
            crate::save::journal::publish_to(watch_signals(&data_dir));
            run_plain(
                &plain,
                &mut std::io::stdin().lock(),
                &mut std::io::stdout().lock(),
            )
        }
    }
}

/// A two-player game takes both names or none: one name alone could be meant for either
/// seat. With `--computer` taking a seat, one name is the person's and is clear. Checked here
/// rather than by each game's arguments, since the `--computer` flag is the command line's.
fn one_name_needs_a_computer(
    games: Registry,
    game: &str,
    sub: &ArgMatches,
) -> Result<(), clap::Error> {
    let mut cmd = command_for(games);
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

fn usage_error(games: Registry, mut err: clap::Error, args: &[String]) -> u8 {
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
    usage::games_only(games, &mut err);
    // Plain text, cleaned: clap quotes the offending argument, which may hold anything.
    report(err.to_string().trim_end());
    let example = usage::example(games, &command_for(games), &err, args);
    report(&format!("example: {example}"));
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
                source: crate::save::reader::ReadError::Missing("no such file".into()),
            }),
            Some(path) => Self::load(&path),
            None => Ok(Self::defaults()),
        }
    }
}

fn launch_for<'a>(game: &GameEntry, sub: &'a ArgMatches, config: &'a Config) -> Launch<'a> {
    let (computer, level) = if game.two_player {
        let level = sub.get_one::<u8>("level").copied();
        // A level is the computer's: without --computer it brings the computer in as the
        // second player, never silently ignored.
        let computer = sub
            .get_one::<ComputerSeats>("computer")
            .copied()
            .or(level.map(|_| ComputerSeats::Second));
        (computer, level.unwrap_or(2))
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
    games: Registry,
    args: &[&str],
    ctx: &crate::screen::Ctx,
) -> Result<Option<Box<dyn Screen>>, crate::games::error::LaunchError> {
    let args = normalize(
        games,
        std::iter::once("parlor")
            .chain(args.iter().copied())
            .map(String::from)
            .collect(),
    );
    let matches = command_for(games).try_get_matches_from(&args)?;
    if let Some(("daily", sub)) = matches.subcommand() {
        return daily::screen(sub, ctx).map(Some);
    }
    let Some((entry, sub)) = matches
        .subcommand()
        .and_then(|(name, sub)| games.find(name).map(|g| (g, sub)))
    else {
        return Ok(None);
    };
    (entry.screens.launch)(&launch_for(entry, sub, &ctx.config), ctx).map(Some)
}

/// What a plain-mode run was asked for.
struct PlainRun<'a> {
    games: Registry,
    game: Option<(&'static GameEntry, &'a ArgMatches)>,
    load: Option<&'a Path>,
    config: &'a Config,
    data_dir: &'a Path,
}

fn run_plain(run: &PlainRun<'_>, input: &mut dyn BufRead, out: &mut dyn Write) -> u8 {
    let PlainRun {
        games,
        game,
        load,
        config,
        data_dir,
    } = *run;
    let mut input = crate::plain::EofWatch::new(input);
    // Plain mode echoes names and moves typed or read from files: cleaned on the way out.
    let mut out = crate::core::clean_write::CleanWriter::new(out);
    let result = match load {
        Some(path) => plain_load(games, path, &mut input, &mut out).map(|e| e.map(|e| (e, None))),
        None => plain_game(games, game, config, &mut input, &mut out),
    };
    let _ = out.flush();
    let mut err = crate::core::clean_write::CleanWriter::new(std::io::stderr());
    match result {
        Ok(Some((ending, finish))) => {
            if let Some(finish) = finish {
                record_plain(&finish, data_dir);
            }
            let cut =
                (ending == Ending::Quit && input.ended()).then_some(crate::plain::Cut::InputEnded);
            crate::plain::autosave_after(cut, data_dir, &mut err);
            ending.exit_code()
        }
        Ok(None) => 0,
        Err(code) => {
            // A closed stdout or a failed read mid-game: the game in progress is not lost.
            crate::plain::autosave_after(Some(crate::plain::Cut::Failed), data_dir, &mut err);
            code
        }
    }
}

/// Counts a game finished in plain mode in the records, as the arcade does (merged with what
/// the file holds now, under the data directory's lock). A records file that cannot be read
/// is left alone (never overwritten) with a message.
fn record_plain(finish: &Finish, data_dir: &Path) {
    if let Err(err) = Records::record_on_disk(data_dir, finish) {
        report(&format!(
            "parlor: the result was not recorded: {}",
            err.sentence()
        ));
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
        counts: Count::First,
    })
}

/// Chooses (if not named) and plays a game in plain mode: how it ended and what the records
/// count, `None` when the player left the menu, or the exit code of a failure.
fn plain_game(
    games: Registry,
    game: Option<(&'static GameEntry, &ArgMatches)>,
    config: &Config,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<(Ending, Option<Finish>)>, u8> {
    let empty;
    let (entry, sub) = match game {
        Some(found) => found,
        None => match crate::plain::choose_game(games, input, out) {
            Ok(Some(entry)) => {
                empty = command_for(games)
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
    games: Registry,
    path: &Path,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<crate::core::Ending>, u8> {
    let text = match crate::save::store::read_limited(path, crate::save::format::MAX_SAVE_BYTES) {
        Ok(text) => text,
        Err(err) => {
            report(&format!("parlor: {}: {err}", shown(path)));
            return Err(FAILURE);
        }
    };
    let mut refusals = Vec::new();
    for game in games.games() {
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
    let shown = shown(path);
    let message = match SaveFile::parse(&text, "plain") {
        // A Parlor save is a fine file, only not one plain mode can open.
        Ok(_) => format!(
            "parlor: {shown}: plain mode opens {} game files; open saves in the full-screen arcade",
            titles.join(" and ")
        ),
        // A broken save is named as one: its own reason, not the game files'.
        Err(save) if looks_like_save(path, &text) => format!(
            "parlor: {shown}: a Parlor save that cannot be read ({save}); plain mode opens {} game files only",
            titles.join(" and ")
        ),
        Err(_) => match games.read_records(text.as_bytes()) {
            // A record of another program (a Reversi transcript, a PDN): plain mode does not
            // play those, but the arcade and `import` do, so say that rather than why it is
            // not a Connect Four game file.
            Ok(found) if !found.is_empty() => format!(
                "parlor: {shown}: a {} game record; plain mode opens only {} game files: open it in the full-screen arcade (`parlor --load FILE`) or add it to the saves (`parlor import FILE`)",
                found[0].game_title,
                titles.join(" and ")
            ),
            _ => {
                let reasons: Vec<String> = refusals
                    .iter()
                    .map(|(title, err)| format!("not a {title} game file: {err}"))
                    .collect();
                format!("parlor: {shown}: {}", reasons.join("; "))
            }
        },
    };
    report(&message);
    Err(FAILURE)
}

/// Whether a file that reads as none of them is more likely a broken Parlor save than a
/// broken game file: named `.toml`, or with a save's `format = ` line.
fn looks_like_save(path: &Path, text: &str) -> bool {
    path.extension().is_some_and(|ext| ext == "toml")
        || text
            .lines()
            .any(|line| line.trim_start().starts_with("format ="))
}

pub(crate) fn io_failure(err: &std::io::Error) -> u8 {
    if err.kind() == std::io::ErrorKind::BrokenPipe {
        return 0;
    }
    report(&format!("parlor: {err}"));
    FAILURE
}

#[cfg(feature = "tui")]
fn run_screen(
    games: Registry,
    game: Option<(&'static GameEntry, &ArgMatches)>,
    load: Option<&Path>,
    daily: Option<&crate::games::daily::DailyPuzzle>,
    config: &Config,
    data_dir: &Path,
    config_file: Option<PathBuf>,
) -> u8 {
    let colors = crate::ui::palette::ColorEnv::from_env();
    let mouse = config.mouse;
    let mut setup = AppSetup::local(config.clone(), colors, data_dir);
    setup.config_file = config_file;
    setup.games = games;
    let started = App::starting_with(setup, |ctx| -> Result<_, u8> {
        if let Some(path) = load {
            return match crate::games::open_file::open_file(path, games, ctx) {
                Ok(opened) => Ok(Some(crate::lobby::game_list::screen_of(opened, games))),
                Err(err) => {
                    report(&format!("parlor: {}: {err}", shown(path)));
                    Err(FAILURE)
                }
            };
        }
        if let Some(daily) = daily {
            return match crate::lobby::daily::open(daily, ctx) {
                Ok(screen) => Ok(Some(screen)),
                Err(err) => {
                    eprintln!("parlor: the daily puzzle {}: {err}", daily.id);
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
                report(&format!("parlor: {err}"));
                Err(USAGE)
            }
        }
    });
    let mut app = match started {
        Ok(app) => app,
        Err(code) => return code,
    };
    app.publish_autosaves(watch_signals(data_dir));
    let (mut terminal, guard) = match crate::tui::enter(mouse) {
        Ok(entered) => entered,
        Err(err) => {
            report(&format!("parlor: cannot use the terminal: {err}"));
            return FAILURE;
        }
    };
    let result = app.run(&mut terminal, &mut TerminalEvents::new());
    drop(guard);
    for path in app.autosaved() {
        report(&format!(
            "parlor: the unfinished game was autosaved to {} (continue with: parlor --load {0})",
            path.display()
        ));
    }
    for line in app.shared() {
        // On stdout, where a person copies from and a script reads.
        println!("{line}");
    }
    for line in app.shared() {
        // On stdout, where a person copies from and a script reads.
        println!("{line}");
    }
    match result {
        Ok(()) => app.exit_code(),
        Err(err) => {
            report(&format!("parlor: {err}"));
            let said = app.autosaved().len();
            let failed = app.autosave_all();
            for path in &app.autosaved()[said..] {
                report(&format!(
                    "parlor: the unfinished game was autosaved to {}",
                    path.display()
                ));
            }
            for (save, _) in failed {
                let rescued = crate::save::store::rescue(data_dir, &save);
                report(&format!("parlor: {}", rescued.sentence()));
            }
            FAILURE
        }
    }
}

/// The slot a termination signal's handler autosaves from (see
/// [`crate::signals::watch_termination`]), watched from now on; when the handler cannot be
/// installed, says so and games are saved only on a normal exit.
fn watch_signals(data_dir: &Path) -> crate::save::journal::AutosaveSlot {
    let slot = crate::save::journal::AutosaveSlot::default();
    if let Err(err) =
        crate::signals::watch_termination(std::sync::Arc::clone(&slot), data_dir.to_path_buf())
    {
        report(&format!(
            "parlor: cannot watch for termination signals ({err}); games are saved only on a normal exit"
        ));
    }
    slot
}

pub(crate) use crate::core::clean_write::report;

/// A path as messages show it (see [`crate::core::text::shown_path`]).
fn shown(path: &Path) -> String {
    crate::core::text::shown_path(path)
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
            normalize(Registry::STANDARD, args(&["parlor", "CONNECT4", "Reversi"])),
            args(&["parlor", "connect4", "Reversi"])
        );
        assert_eq!(
            normalize(
                Registry::STANDARD,
                args(&["parlor", "--data-dir", "Connect4", "ConnectFour"])
            ),
            args(&["parlor", "--data-dir", "Connect4", "connect4"])
        );
    }
}
