//! The analysis subcommands: `parlor solve GAME`, `parlor move GAME --level N`,
//! `parlor perft GAME DEPTH` and `parlor completions SHELL`, built from the registry so each
//! game documents its own line formats.

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use clap::{Arg, ArgMatches, Command, value_parser};

use crate::analysis_commands::{AnalysisCommand, Progress, Silent, Status, Streams};
use crate::games::registry::{GameEntry, Registry};

/// The analysis subcommands, added to the whole grammar.
pub fn subcommands(cmd: Command, games: Registry) -> Command {
    let mut solve = Command::new("solve")
        .about("Solve positions read from stdin, one per line, and print the answers")
        .subcommand_required(true)
        .after_help(
            "Each game reads its own line format: see `parlor solve GAME --help`.\n\
             Example: echo 4455 | parlor solve connect4",
        );
    let mut moves = Command::new("move")
        .about("Print the move the computer plays at a level, for positions read from stdin")
        .subcommand_required(true)
        .after_help(
            "Each game reads the same lines as its `parlor solve`: see `parlor move GAME --help`.\n\
             Example: echo 4455 | parlor move connect4 --level 3",
        );
    for game in games.games() {
        if let Some(command) = game.solve {
            solve = solve.subcommand(game_command(game, command));
        }
        if let Some(command) = game.computer_move {
            moves = moves.subcommand(game_command(game, command));
        }
    }
    let perft_games: Vec<&'static str> = games
        .games()
        .iter()
        .filter(|g| g.perft.is_some())
        .map(|g| g.id)
        .collect();
    cmd.subcommand(solve)
        .subcommand(moves)
        .subcommand(
            Command::new("perft")
                .about("Count the move sequences of a given length from the start position")
                .long_about(
                    "Count the move sequences of DEPTH moves from the start position (a pass \
                     counts as a move in Reversi; a multi-jump is one move in Checkers), with \
                     each game's fastest move generator. The counts are the published ones \
                     (OEIS A124004 for Reversi, A212693 for Connect Four, the checkers perft \
                     tables): a check of the move generators.",
                )
                .arg(
                    Arg::new("game")
                        .required(true)
                        .value_parser(perft_games)
                        .help("The game"),
                )
                .arg(
                    Arg::new("depth")
                        .required(true)
                        .value_parser(value_parser!(u32).range(0..=20))
                        .help("How many moves deep to count (0 to 20)"),
                )
                .after_help("Output: one number, the count.\nExample: parlor perft reversi 9"),
        )
        .subcommand(
            Command::new("completions")
                .about("Print a shell completion script (see the README to install it)")
                .arg(
                    Arg::new("shell")
                        .required(true)
                        .value_parser(value_parser!(clap_complete::Shell))
                        .help("The shell"),
                )
                .after_help("Example: parlor completions bash > ~/.local/share/bash-completion/completions/parlor"),
        )
}

fn game_command(game: &GameEntry, command: &AnalysisCommand) -> Command {
    (command.args)(
        Command::new(game.id)
            .about(command.about)
            .aliases(game.aliases.iter().copied())
            .after_help(format!("{}\n\nExample: {}", command.help, command.example)),
    )
}

/// An example command line for a usage error in an analysis subcommand, `None` for others:
/// the named game's own example (`parlor solve pentago --bogus` shows a Pentago line), else
/// the command's.
pub fn example(games: Registry, args: &[String]) -> Option<&'static str> {
    let mut words = args.iter().skip(1).filter(|a| !a.starts_with('-'));
    let first = words.next()?;
    let game = words.next().and_then(|name| games.find(name));
    let own = |pick: fn(&GameEntry) -> Option<&'static AnalysisCommand>| {
        game.and_then(pick).map(|command| command.example)
    };
    Some(match first.as_str() {
        "solve" => own(|g| g.solve).unwrap_or("echo 4455 | parlor solve connect4"),
        "move" => own(|g| g.computer_move).unwrap_or("echo 4455 | parlor move connect4 --level 3"),
        "perft" => "parlor perft reversi 9",
        "completions" => "parlor completions bash",
        _ => return None,
    })
}

/// Runs an analysis subcommand; `None` when `name` is not one.
pub fn run(games: Registry, name: &str, sub: &ArgMatches) -> Option<u8> {
    Some(match name {
        "solve" => analyse(games, sub, |g| g.solve),
        "move" => analyse(games, sub, |g| g.computer_move),
        "perft" => perft(games, sub),
        "completions" => completions(games, sub),
        _ => return None,
    })
}

fn analyse(
    games: Registry,
    sub: &ArgMatches,
    pick: fn(&GameEntry) -> Option<&'static AnalysisCommand>,
) -> u8 {
    let Some((name, matches)) = sub.subcommand() else {
        return super::USAGE;
    };
    let Some(command) = games.find(name).and_then(pick) else {
        return super::USAGE;
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    // Answers and messages echo the lines read: nothing unsafe reaches either stream.
    let mut out = crate::core::clean_write::CleanWriter::new(std::io::stdout().lock());
    let mut err = crate::core::clean_write::CleanWriter::new(std::io::stderr());
    let mut terminal;
    let mut silent = Silent;
    let progress: &mut dyn Progress = if std::io::stderr().is_terminal() {
        terminal = TerminalProgress::start();
        &mut terminal
    } else {
        &mut silent
    };
    let result = (command.run)(
        matches,
        &mut Streams {
            input: &mut input,
            out: &mut out,
            err: &mut err,
            progress,
        },
    );
    match result {
        Ok(code) => code,
        Err(err) => super::io_failure(&err),
    }
}

fn perft(games: Registry, sub: &ArgMatches) -> u8 {
    let name = sub.get_one::<String>("game").map_or("", String::as_str);
    let depth = sub.get_one::<u32>("depth").copied().unwrap_or(0);
    match games.find(name).and_then(|g| g.perft) {
        // A closed stdout (`| head`) ends quietly: `io_failure` takes a broken pipe as done.
        Some(perft) => match writeln!(std::io::stdout().lock(), "{}", perft(depth)) {
            Ok(()) => 0,
            Err(err) => super::io_failure(&err),
        },
        None => {
            super::report(&format!("parlor: no move counter for {name:?}"));
            super::USAGE
        }
    }
}

fn completions(games: Registry, sub: &ArgMatches) -> u8 {
    let Some(shell) = sub.get_one::<clap_complete::Shell>("shell").copied() else {
        return super::USAGE;
    };
    let mut cmd = super::command_for(games);
    // Generated into memory first: the generator panics on a failed write, and stdout may be
    // a closed pipe (`| head`), which ends quietly.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "parlor", &mut script);
    let mut out = std::io::stdout().lock();
    match out.write_all(&script).and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(err) => super::io_failure(&err),
    }
}

/// What the progress line shows and whether it is on the screen.
#[derive(Default)]
struct Shown {
    /// The line being answered and when it started.
    line: Option<(usize, Instant)>,
    /// Whether a progress line is drawn and must be erased.
    drawn: bool,
    /// What the answer in progress says it has done.
    status: Status,
}

impl Shown {
    fn erase(&mut self) {
        if self.drawn {
            // The terminal may be gone; the answer matters more than the eraser.
            let _ = write!(std::io::stderr(), "\r\x1b[K");
            self.drawn = false;
        }
    }
}

/// A progress line on a terminal's stderr for any answer taking over a second, erased when the
/// answer comes; Ctrl-C erases it and exits with 130 (nothing is left half-written: answers are
/// flushed line by line).
struct TerminalProgress {
    shown: Arc<Mutex<Shown>>,
}

impl TerminalProgress {
    fn start() -> Self {
        let shown = Arc::new(Mutex::new(Shown::default()));
        let ticker = Arc::clone(&shown);
        std::thread::spawn(move || {
            loop {
                std::thread::sleep(Duration::from_millis(250));
                let mut shown = ticker.lock().unwrap_or_else(PoisonError::into_inner);
                if let Some((number, since)) = shown.line {
                    let elapsed = since.elapsed();
                    if elapsed >= Duration::from_secs(1) {
                        let detail = shown.status.get();
                        let detail = if detail.is_empty() {
                            String::new()
                        } else {
                            format!(", {detail}")
                        };
                        let _ = write!(
                            std::io::stderr(),
                            "\r\x1b[Kline {number}: working… {} s{detail} (Ctrl-C stops)",
                            elapsed.as_secs()
                        );
                        shown.drawn = true;
                    }
                }
            }
        });
        // Unix only: elsewhere Ctrl-C ends the process as the terminal decides.
        #[cfg(unix)]
        if let Ok(mut signals) = signal_hook::iterator::Signals::new([signal_hook::consts::SIGINT])
        {
            let interrupted = Arc::clone(&shown);
            std::thread::spawn(move || {
                if signals.forever().next().is_some() {
                    let mut shown = interrupted.lock().unwrap_or_else(PoisonError::into_inner);
                    shown.erase();
                    let _ = writeln!(std::io::stderr(), "parlor: interrupted");
                    std::process::exit(130);
                }
            });
        }
        Self { shown }
    }
}

impl Progress for TerminalProgress {
    fn started(&mut self, number: usize, _text: &str) {
        let mut shown = self.shown.lock().unwrap_or_else(PoisonError::into_inner);
        shown.line = Some((number, Instant::now()));
        shown.status.set(String::new());
    }

    fn status(&self) -> Option<Status> {
        let shown = self.shown.lock().unwrap_or_else(PoisonError::into_inner);
        Some(shown.status.clone())
    }

    fn finished(&mut self) {
        let mut shown = self.shown.lock().unwrap_or_else(PoisonError::into_inner);
        shown.line = None;
        shown.erase();
    }
}
