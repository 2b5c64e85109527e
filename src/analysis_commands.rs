//! The analysis commands' shared shape (`parlor solve GAME`, `parlor move GAME`): one position
//! per input line, one answer per good line on stdout, and for each line that cannot be read a
//! message on stderr naming it. The batch goes on past a bad line (one typo must not end a
//! long run) but the exit code says that something was wrong, so a script cannot miss it.
//!
//! Pure layer: games describe their commands here with [`AnalysisCommand`] and parse their
//! own lines into typed positions; the command line only wires the streams.

use std::fmt::Display;
use std::io::{self, BufRead, Write};

/// The exit code of a batch in which some line could not be read.
pub const BAD_LINE: u8 = 1;

/// How long answers can take is unknown to the caller: it is told when each line starts and
/// ends, so a terminal can show that a long solve is still working.
pub trait Progress {
    /// Line `number` (1-based), whose text is `text`, is being answered.
    fn started(&mut self, number: usize, text: &str);
    /// The line's answer is written.
    fn finished(&mut self);
    /// Where a long answer can publish what it has done so far (nodes searched, …) for the
    /// display to show next to the time; `None` when nothing is displayed.
    fn status(&self) -> Option<Status> {
        None
    }
}

/// One line of detail about the answer in progress, shared between the search that writes it
/// and the display that shows it (on another thread): clones share the text.
#[derive(Debug, Clone, Default)]
pub struct Status(std::sync::Arc<std::sync::Mutex<String>>);

impl Status {
    /// Replaces the detail.
    pub fn set(&self, text: String) {
        *self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = text;
    }

    /// The detail as last set (empty at first).
    #[must_use]
    pub fn get(&self) -> String {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
}

/// No progress display: for pipes, files and tests.
pub struct Silent;

impl Progress for Silent {
    fn started(&mut self, _number: usize, _text: &str) {}
    fn finished(&mut self) {}
}

/// The streams an analysis command works on.
pub struct Streams<'a> {
    /// Positions, one per line.
    pub input: &'a mut dyn BufRead,
    /// Answers.
    pub out: &'a mut dyn Write,
    /// Messages about bad lines and failures.
    pub err: &'a mut dyn Write,
    /// Told when each line starts and ends.
    pub progress: &'a mut dyn Progress,
}

/// One game's `parlor solve` or `parlor move`: its help, its options and how it runs. The help
/// is the user's only documentation of the line formats, so each game writes it next to the
/// parser it describes.
pub struct AnalysisCommand {
    /// One line for the list of games.
    pub about: &'static str,
    /// A whole command line that runs this command and finishes within a second: the help
    /// ends with it, and a usage error in this command shows it.
    pub example: &'static str,
    /// The input format (with an example line), the output format and the score convention.
    pub help: &'static str,
    /// Adds the game's own options (a depth, a level file…).
    pub args: fn(clap::Command) -> clap::Command,
    /// Runs the command on the parsed options: returns the exit code.
    pub run: fn(&clap::ArgMatches, &mut Streams<'_>) -> io::Result<u8>,
}

/// `--level N|NAME`: the computer's level by number or by the name the menus show (`4`,
/// `master`), read into its number; anything else is a usage error. Shared by the games'
/// command lines and `parlor move`.
#[must_use]
pub fn level_arg() -> clap::Arg {
    clap::Arg::new("level")
        .long("level")
        .value_name("N|NAME")
        .value_parser(LevelParser)
        .hide_possible_values(true)
        .help("The computer's level, by number or name: 1 Beginner, 2 Casual, 3 Strong, 4 Master")
}

/// Reads `--level` into its number and tells shell completion the levels' names, so a tab
/// after `--level` offers `beginner casual strong master` (a closure parser offers nothing).
#[derive(Debug, Clone, Copy)]
struct LevelParser;

impl clap::builder::TypedValueParser for LevelParser {
    type Value = u8;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<u8, clap::Error> {
        let text = value.to_string_lossy();
        text.parse::<crate::core::strength::Strength>()
            .map(crate::core::strength::Strength::number)
            .map_err(|err| {
                let arg = arg.map_or_else(|| "--level".to_string(), ToString::to_string);
                let mut error = clap::Error::raw(
                    clap::error::ErrorKind::ValueValidation,
                    format!("invalid value '{text}' for '{arg}': {err}\n"),
                )
                .with_cmd(cmd);
                // Named as clap names it, so the usage error's example can be `--level`'s.
                error.insert(
                    clap::error::ContextKind::InvalidArg,
                    clap::error::ContextValue::String(arg),
                );
                error
            })
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        // Lowercase, as typed; the numbers 1–4 are accepted too.
        Some(Box::new(
            ["beginner", "casual", "strong", "master"]
                .into_iter()
                .map(clap::builder::PossibleValue::new),
        ))
    }
}

/// The options of every `parlor move GAME`: `--level N|NAME` (required) and `--seed S`.
#[must_use]
pub fn level_args(cmd: clap::Command) -> clap::Command {
    cmd.arg(level_arg().required(true)).arg(
        clap::Arg::new("seed")
            .long("seed")
            .value_name("S")
            .default_value("0")
            .value_parser(clap::value_parser!(u64))
            .help("The seed of the levels' randomness: the same seed gives the same moves"),
    )
}

/// The value of the option `id` as clap parsed it, or `default` when it is absent (the
/// commands' own `--nodes`, `--depth` and the like).
#[must_use]
pub fn arg_or<T: Clone + Send + Sync + 'static>(
    matches: &clap::ArgMatches,
    id: &str,
    default: T,
) -> T {
    matches.get_one::<T>(id).cloned().unwrap_or(default)
}

/// `--original`: name squares the seeds' way (`x,y`; Slide's row,column) in what plain mode,
/// `parlor solve` and `parlor move` print, instead of the standard names. Global, so it
/// stands anywhere on the line; the arcade takes it as the coordinates setting of the run.
#[must_use]
pub fn original_arg() -> clap::Arg {
    clap::Arg::new("original")
        .long("original")
        .global(true)
        .action(clap::ArgAction::SetTrue)
        .help("Name squares the seeds' way (x,y) instead of the standard names (d3, 11-15)")
}

/// How `parlor solve`/`move` name squares: the standard names, unless the global
/// `--original` flag asks for the seeds' `x,y` (never the user's config: scripts read these
/// answers).
#[must_use]
pub fn square_names(matches: &clap::ArgMatches) -> crate::core::Coordinates {
    let original = matches
        .try_get_one::<bool>("original")
        .ok()
        .flatten()
        .copied()
        .unwrap_or(false);
    if original {
        crate::core::Coordinates::Original
    } else {
        crate::core::Coordinates::Standard
    }
}

/// The level and seed [`level_args`] parsed (level 2 and seed 0 if absent).
#[must_use]
pub fn level_and_seed(matches: &clap::ArgMatches) -> (u8, u64) {
    (
        matches.get_one::<u8>("level").copied().unwrap_or(2),
        matches.get_one::<u64>("seed").copied().unwrap_or(0),
    )
}

/// Reads every line of `io.input`: `parse` turns a trimmed line into a position (`Ok(None)`
/// skips it, as games do with blank lines), `answer` writes the answer of each position. Each
/// line that does not parse gets `parlor: line N: "TEXT": REASON` on `io.err`.
///
/// Exit code for a memory size the machine cannot give (a usage error).
pub const TOO_MUCH_MEMORY: u8 = 2;

/// Checks up front that a table of `megabytes` MB can be had, so a size the machine cannot
/// give (`--table-mb 65536` on a small machine) is refused with a sentence instead of an
/// allocation abort later: at most the machine's physical memory (Linux's `MemTotal`, where
/// it can be read), and the address space must really be reservable now (`try_reserve`,
/// which the operating system refuses for an obvious overcommit).
///
/// # Errors
/// The sentence saying why not and what fits.
pub fn check_table_memory(option: &str, megabytes: usize) -> Result<(), String> {
    let bytes = megabytes.saturating_mul(1 << 20);
    let physical = crate::save::reader::read_text(std::path::Path::new("/proc/meminfo"), 1 << 16)
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|line| line.strip_prefix("MemTotal:"))
                .and_then(|rest| {
                    rest.trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<u64>()
                        .ok()
                })
        })
        .map(|kilobytes| kilobytes.saturating_mul(1024));
    if let Some(physical) = physical
        && bytes as u64 > physical
    {
        return Err(format!(
            "{option} {megabytes} is more memory than this machine has ({} MB)",
            physical >> 20
        ));
    }
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(bytes).map_err(|_| {
        format!("{option} {megabytes}: this machine cannot give that much memory now")
    })?;
    Ok(())
}

/// Returns 0 when every line was read, [`BAD_LINE`] otherwise.
///
/// # Errors
/// Only failures to read the input or write the answers.
pub fn answer_lines<P, E: Display>(
    io: &mut Streams<'_>,
    mut parse: impl FnMut(&str) -> Result<Option<P>, E>,
    mut answer: impl FnMut(&str, P, &mut dyn Write) -> io::Result<()>,
) -> io::Result<u8> {
    let mut code = 0;
    let mut number = 0;
    // Bounded, cleaned lines: answers and messages echo them, so no escape sequence survives.
    while let Some((text, dropped)) = crate::core::plain::read_line_marked(io.input)? {
        number += 1;
        let line = text.trim();
        if line.is_empty() && dropped {
            // Control characters only: not the empty line some games read as a position.
            code = BAD_LINE;
            writeln!(
                io.err,
                "parlor: {}",
                line_error(number, line, &"the line holds only control characters")
            )?;
            continue;
        }
        match parse(line) {
            Ok(None) => {}
            Ok(Some(position)) => {
                io.progress.started(number, line);
                let mut out = Announced {
                    out: &mut *io.out,
                    progress: &mut *io.progress,
                    open: true,
                };
                let written = answer(line, position, &mut out).and_then(|()| out.flush());
                out.close();
                written?;
            }
            Err(err) => {
                code = BAD_LINE;
                writeln!(io.err, "parlor: {}", line_error(number, line, &err))?;
            }
        }
    }
    Ok(code)
}

/// `parlor move GAME` for a game whose answer is just the computer's move: for each position
/// `parse` reads, the move the engine picks at [`level_and_seed`]'s level and seed from the
/// game's default parameters, in the game's notation, or `end` when it has none.
///
/// # Errors
/// Only failures to read the input or write the answers.
pub fn answer_computer_moves<G: crate::core::Game, E: Display>(
    matches: &clap::ArgMatches,
    io: &mut Streams<'_>,
    parse: impl FnMut(&str) -> Result<Option<G::Rules>, E>,
) -> io::Result<u8>
where
    G::Params: Default,
{
    let (level, seed) = level_and_seed(matches);
    let names = square_names(matches);
    let params = G::Params::default();
    answer_lines(
        io,
        parse,
        |line, state, out| match crate::core::plain::computer_move_seeded::<G>(
            &state, &params, level, seed,
        ) {
            Some(mv) => writeln!(out, "{line} {}", G::name_move(&state, &mv, names)),
            None => writeln!(out, "{line} end"),
        },
    )
}

/// The answer's stream: the progress display is told the line is done before the first byte of
/// the answer, so a progress line on the same terminal is gone before the answer appears.
struct Announced<'a> {
    out: &'a mut dyn Write,
    progress: &'a mut dyn Progress,
    open: bool,
}

impl Announced<'_> {
    fn close(&mut self) {
        if self.open {
            self.open = false;
            self.progress.finished();
        }
    }
}

impl Write for Announced<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.close();
        self.out.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The message for a line that cannot be read: its number, its text (cut to a readable
/// length) and why.
#[must_use]
pub fn line_error(number: usize, line: &str, reason: &dyn Display) -> String {
    let shown = crate::core::text::truncate(line, 40);
    format!("line {number}: {shown:?}: {reason}")
}

/// Runs an analysis command in memory, for the games' unit tests: the command's own arguments
/// parsed by clap, `text` as its input; returns the exit code, standard output and standard
/// error.
#[cfg(test)]
pub(crate) fn run_in_memory(
    command: &AnalysisCommand,
    name: &'static str,
    args: &[&str],
    text: &str,
) -> (u8, String, String) {
    let matches = (command.args)(clap::Command::new(name).arg(original_arg()))
        .get_matches_from(std::iter::once(name).chain(args.iter().copied()));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = (command.run)(
        &matches,
        &mut Streams {
            input: &mut text.as_bytes(),
            out: &mut out,
            err: &mut err,
            progress: &mut Silent,
        },
    )
    .expect("in-memory io");
    (
        code,
        String::from_utf8(out).expect("utf-8"),
        String::from_utf8(err).expect("utf-8"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str) -> (u8, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = answer_lines(
            &mut Streams {
                input: &mut input.as_bytes(),
                out: &mut out,
                err: &mut err,
                progress: &mut Silent,
            },
            |line| match line {
                "" => Ok(None),
                _ => line.parse::<u32>().map(Some),
            },
            |line, n, out| writeln!(out, "{line} {}", n * 2),
        )
        .expect("in-memory I/O");
        (
            code,
            String::from_utf8(out).expect("utf-8"),
            String::from_utf8(err).expect("utf-8"),
        )
    }

    #[test]
    fn good_lines_are_answered_and_bad_ones_named() {
        let (code, out, err) = run("1\n\nx\n 3 \n");
        assert_eq!(out, "1 2\n3 6\n");
        assert_eq!(code, BAD_LINE);
        assert_eq!(
            err,
            "parlor: line 3: \"x\": invalid digit found in string\n"
        );
    }

    #[test]
    fn a_clean_batch_exits_zero() {
        assert_eq!(run("4\n5\n"), (0, "4 8\n5 10\n".into(), String::new()));
    }
}
