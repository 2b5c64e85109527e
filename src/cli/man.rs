//! `parlor man`: the manual page `parlor(1)`, from the same clap definitions as `--help`, so
//! the two cannot disagree. One page holds every subcommand (each game, each analysis command
//! and each game's `solve` and `move`), then the files, the environment and the exit codes.
//! `doc/parlor.1` in the repository is this output, kept up to date by `tests/man_page.rs`.

use clap::Command;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, italic, roman};

use crate::core::{Ending, Outcome, Seat};
use crate::games::registry::Registry;

/// The `man` subcommand, added to the whole grammar.
pub fn subcommand(cmd: Command) -> Command {
    cmd.subcommand(
        Command::new("man")
            .about("Print the manual page (roff) on stdout")
            .after_help("Example: parlor man > ~/.local/share/man/man1/parlor.1"),
    )
}

/// The manual page as roff text.
#[must_use]
pub fn page() -> String {
    let mut cmd = super::command();
    // Built, every subcommand knows its full name (`parlor solve connect4`) and carries the
    // global options and `--help`, which the page lists once, at the top.
    cmd.build();
    let top = Man::new(cmd.clone())
        .date(release_date())
        .manual("Parlor Manual");
    let mut page = Page::default();
    page.push(|w| top.render_title(w));
    page.push(|w| top.render_name_section(w));
    page.push(|w| top.render_synopsis_section(w));
    page.push(|w| top.render_description_section(w));
    page.push(|w| top.render_options_section(w));
    let games: Vec<&Command> = cmd
        .get_subcommands()
        .filter(|sub| {
            Registry::STANDARD
                .games()
                .iter()
                .any(|g| g.id == sub.get_name())
        })
        .collect();
    page.roff(Roff::new().control("SH", ["GAMES"]).text([roman(
        "Each game starts straight from the command line; without one, the menu opens. \
         Two-player games take the players' names and may seat the computer.",
    )]));
    for sub in &games {
        page.entries(sub, &cmd);
    }
    page.roff(Roff::new().control("SH", ["COMMANDS"]));
    for sub in cmd
        .get_subcommands()
        .filter(|sub| !games.iter().any(|g| g.get_name() == sub.get_name()))
    {
        page.entries(sub, &cmd);
    }
    page.roff(&files_and_environment());
    page.roff(&exit_status());
    page.push(|w| top.render_version_section(w));
    page.text
}

/// The date of this version in the changelog (`## [0.1.0] - 2026-11-27`), for the page's
/// title line; "unreleased" for a version the changelog has no date for yet.
fn release_date() -> &'static str {
    const CHANGELOG: &str = include_str!("../../CHANGELOG.md");
    let heading = concat!("## [", env!("CARGO_PKG_VERSION"), "] - ");
    CHANGELOG
        .lines()
        .find_map(|line| line.strip_prefix(heading))
        .map_or("unreleased", str::trim)
}

/// The page as it is put together, one rendered piece after another.
#[derive(Default)]
struct Page {
    text: String,
}

impl Page {
    /// Appends one rendered piece; every piece after the first loses the preamble (the
    /// apostrophe definition) that each rendering repeats.
    fn push(&mut self, render: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>) {
        let mut bytes = Vec::new();
        // Writing into a Vec cannot fail.
        let _ = render(&mut bytes);
        let piece = String::from_utf8_lossy(&bytes);
        let preamble = Roff::new().render();
        if self.text.is_empty() {
            self.text.push_str(&piece);
        } else {
            self.text
                .push_str(piece.strip_prefix(&preamble).unwrap_or(&piece));
        }
    }

    fn roff(&mut self, roff: &Roff) {
        self.push(|w| roff.to_writer(w));
    }

    /// A subcommand as a subsection (its usage line, what it does, its own options, its
    /// example), then its own subcommands the same way. The `help` subcommand clap adds is
    /// left out: the page itself says what it would.
    fn entries(&mut self, sub: &Command, root: &Command) {
        if sub.get_name() == "help" {
            return;
        }
        let name = sub
            .get_bin_name()
            .unwrap_or_else(|| sub.get_name())
            .to_string();
        let own = Man::new(only_its_own_options(sub, root));
        self.roff(Roff::new().control("SS", [name.as_str()]));
        self.push(|w| without_heading(w, |w| own.render_synopsis_section(w)));
        self.push(|w| without_heading(w, |w| own.render_description_section(w)));
        if sub.get_arguments().any(|a| own_argument(a, root)) {
            self.push(|w| without_heading(w, |w| own.render_options_section(w)));
        }
        if sub.get_after_help().is_some() {
            self.roff(Roff::new().control("PP", []));
            self.push(|w| without_heading(w, |w| own.render_extra_section(w)));
        }
        for nested in sub.get_subcommands() {
            self.entries(nested, root);
        }
    }
}

/// Renders a section without its `.SH` line: under a subcommand's `.SS` the usage, description
/// and options are paragraphs, not sections of their own.
fn without_heading(
    w: &mut Vec<u8>,
    render: impl FnOnce(&mut Vec<u8>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    render(&mut bytes)?;
    let text = String::from_utf8_lossy(&bytes);
    for line in text.lines().filter(|line| !line.starts_with(".SH ")) {
        w.extend_from_slice(line.as_bytes());
        w.push(b'\n');
    }
    Ok(())
}

/// Whether an argument is the subcommand's own, not a global option or `--help`/`--version`
/// that every subcommand repeats.
fn own_argument(arg: &clap::Arg, root: &Command) -> bool {
    let id = arg.get_id().as_str();
    id != "help" && id != "version" && !root.get_arguments().any(|a| a.get_id() == id)
}

/// The subcommand with the repeated options hidden, for its usage line and option list.
fn only_its_own_options(sub: &Command, root: &Command) -> Command {
    let mut own = sub.clone().subcommand_required(false);
    let repeated: Vec<String> = own
        .get_arguments()
        .filter(|a| !own_argument(a, root))
        .map(|a| a.get_id().to_string())
        .collect();
    for id in repeated {
        own = own.mut_arg(id, |a| a.hide(true));
    }
    own
}

/// Where Parlor keeps its files and the variables it reads (`paths.rs`, `logging.rs`).
fn files_and_environment() -> Roff {
    let mut roff = Roff::new();
    roff.control("SH", ["FILES"]);
    for (path, what) in [
        (
            "~/.config/parlor/config.toml",
            "Settings (theme, mouse, speed, coordinates, key bindings, rules); any part of the \
             defaults may be overridden. The Settings screen edits it in place. Another file: \
             --config.",
        ),
        (
            "~/.local/share/parlor/saves/",
            "Saved games, one TOML file each, with the whole move list. Another folder: \
             --data-dir or PARLOR_DATA_DIR.",
        ),
        (
            "~/.local/share/parlor/records.toml",
            "Every finished game, counted (parlor stats, the Statistics screen).",
        ),
        (
            "~/.local/share/parlor/parlor.log",
            "The debug log, written only with PARLOR_LOG.",
        ),
    ] {
        roff.control("TP", [])
            .text([italic(path)])
            .text([roman(what)]);
    }
    roff.control("PP", []).text([roman(
        "These are the Linux places; other systems use their own configuration and data folders.",
    )]);
    roff.control("SH", ["ENVIRONMENT"]);
    for (name, what) in [
        (
            crate::paths::DATA_DIR_VAR,
            "The data folder (saves, records, log), unless --data-dir is given.",
        ),
        (
            crate::logging::LOG_VAR,
            "Turns the debug log on at this level: error, warn, info, debug or trace (any other \
             value means debug).",
        ),
        ("NO_COLOR", "When set, the screens use no colour."),
    ] {
        roff.control("TP", [])
            .text([bold(name)])
            .text([roman(what)]);
    }
    roff
}

/// The exit codes, from the values the program returns (`core::outcome`, `cli`).
fn exit_status() -> Roff {
    let mut roff = Roff::new();
    roff.control("SH", ["EXIT STATUS"]);
    let code = |c: u8| c.to_string();
    for (number, what) in [
        (
            code(Outcome::Solved.exit_code()),
            "Success; started into a puzzle: solved.",
        ),
        (code(super::FAILURE), "An error, with a message on stderr."),
        (code(super::USAGE), "A usage error, with an example."),
        (
            code(Outcome::Lost.exit_code()),
            "Started into a puzzle: lost.",
        ),
        (
            code(Ending::Quit.exit_code()),
            "Started into a game: left before its end.",
        ),
        (
            code(Outcome::Won(Seat::First).exit_code()),
            "Started into a two-player game: the first player won.",
        ),
        (
            code(Outcome::Won(Seat::Second).exit_code()),
            "Started into a two-player game: the second player won.",
        ),
        (
            code(Outcome::Draw.exit_code()),
            "Started into a two-player game: drawn.",
        ),
        (
            "128+N".to_string(),
            "Stopped by signal N (SIGHUP 129, SIGINT 130, SIGQUIT 131, SIGTERM 143), after autosaving the game in progress.",
        ),
    ] {
        roff.control("TP", [])
            .text([bold(number)])
            .text([roman(what)]);
    }
    roff
}

/// `parlor man`: the page on stdout.
pub fn run() -> u8 {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(page().as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(err) => super::io_failure(&err),
    }
}
