//! The contract every loader of a file from outside keeps, written once for the property test
//! over mutated files (`tests/untrusted_files.rs`) and the `cargo fuzz` targets (`fuzz/`).
//!
//! Given any bytes, a loader either refuses them with one clear line (no line breaks, no
//! control characters, not empty, not huge) or returns a game that is valid by its own rules
//! (the game screen's invariants hold: the history replays, the save loads back to the same
//! position). A panic is a broken contract too; callers catch it or let the fuzzer see it.

use crate::config::Config;
use crate::games::connect4::seedfile::{MAX_GAME_FILE_BYTES, parse_game_file};
use crate::games::open_file::open_record;
use crate::games::registry::Registry;
use crate::games::slide::level::{Level, board_from_rows};
use crate::games::slide::list::open_level;
use crate::save::format::{MAX_SAVE_BYTES, SaveFile};
use crate::screen::{Ctx, Screen};

/// The files Parlor reads that a stranger may have written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Loader {
    /// A Parlor save (`saves/*.toml`, `--load FILE`, the load screen).
    Save,
    /// Any file typed on the load screen or given to `--load`: a save, else a game record in
    /// any registered game's format (what `games::open_file::open_file` does, without the
    /// disk); binary files (WTHOR databases) included.
    AnyGameFile,
    /// A Connect Four game file in the seed's three-line format.
    Connect4GameFile,
    /// A Slide level file (`--level FILE`).
    SlideLevel,
    /// A config file (`--config FILE`).
    Config,
}

/// What a loader did with the bytes, when it kept the contract.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A valid game (or config) came out.
    Loaded,
    /// Refused with this message.
    Refused(String),
}

/// The longest refusal message accepted as "one clear line".
pub const MAX_MESSAGE_CHARS: usize = 400;

/// Runs `loader` on `bytes` and checks the contract.
///
/// # Errors
/// A description of the broken promise: a bad message, or a loaded game that is not valid.
/// Free text on purpose (test-only code): the property test prints it with the input and
/// fails, whatever went wrong, so there is no kind for a caller to decide on.
pub fn check(loader: Loader, bytes: &[u8], ctx: &Ctx) -> Result<Verdict, String> {
    let limit = match loader {
        Loader::Connect4GameFile => MAX_GAME_FILE_BYTES,
        _ => MAX_SAVE_BYTES,
    };
    // The same gate `save::store::read_limited` puts before every parser.
    if bytes.len() as u64 > limit {
        return Ok(Verdict::Refused("too large".into()));
    }
    if loader == Loader::AnyGameFile {
        return verdict(load_any(bytes, ctx));
    }
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Ok(Verdict::Refused("not UTF-8".into()));
    };
    let outcome = match loader {
        Loader::Save => load_save(text, ctx),
        Loader::AnyGameFile => load_any(bytes, ctx),
        Loader::Connect4GameFile => load_connect4(text, ctx),
        Loader::SlideLevel => load_level(text, ctx),
        Loader::Config => Config::from_overrides(Some(text), "config.toml")
            .map(|_| ())
            .map_err(|e| Refusal::MultiLine(e.to_string())),
    };
    verdict(outcome)
}

/// The verdict of a load, or the broken promise.
fn verdict(outcome: Result<(), Refusal>) -> Result<Verdict, String> {
    match outcome {
        Ok(()) => Ok(Verdict::Loaded),
        Err(Refusal::Invalid(problem)) => Err(problem),
        Err(Refusal::OneLine(message)) => {
            check_message(&message, true)?;
            Ok(Verdict::Refused(message))
        }
        Err(Refusal::MultiLine(message)) => {
            check_message(&message, false)?;
            Ok(Verdict::Refused(message))
        }
    }
}

/// Why a load did not give a game.
enum Refusal {
    /// A refusal shown in one line (the load screen, the status line).
    OneLine(String),
    /// A refusal printed to stderr, where a TOML caret diagram helps (config files).
    MultiLine(String),
    /// The loader said yes to something invalid: the contract is broken.
    Invalid(String),
}

/// A refusal message must be safe to print and short; `one_line` also forbids line breaks.
///
/// # Errors
/// What is wrong with it, as free text for a failing test's output (test-only code, no
/// caller decides on a kind).
pub fn check_message(message: &str, one_line: bool) -> Result<(), String> {
    if message.trim().is_empty() {
        return Err("an empty refusal message".into());
    }
    if let Some(c) = message
        .chars()
        .find(|&c| crate::core::text::is_unsafe(c) && (one_line || c != '\n'))
    {
        return Err(format!("the refusal message holds {c:?}: {message:?}"));
    }
    if one_line && message.chars().count() > MAX_MESSAGE_CHARS {
        return Err(format!(
            "the refusal message is {} characters long",
            message.chars().count()
        ));
    }
    Ok(())
}

/// Text that came from the file and is shown as is must hold no control characters.
fn no_controls(what: &str, text: &str) -> Result<(), Refusal> {
    match text.chars().find(|&c| crate::core::text::is_unsafe(c)) {
        Some(c) => Err(Refusal::Invalid(format!("{what} holds {c:?}: {text:?}"))),
        None => Ok(()),
    }
}

fn valid_screen(screen: &dyn Screen) -> Result<(), Refusal> {
    screen
        .check_invariants()
        .map(|_| ())
        .map_err(|problem| Refusal::Invalid(format!("loaded an invalid game: {problem}")))
}

fn load_save(text: &str, ctx: &Ctx) -> Result<(), Refusal> {
    let file = SaveFile::parse(text, "untrusted").map_err(|e| Refusal::OneLine(e.to_string()))?;
    let (summary, screen) = Registry::STANDARD
        .open(&file, ctx)
        .map_err(|e| Refusal::OneLine(e.to_string()))?;
    valid_screen(screen.as_ref())?;
    no_controls("the title", &file.title)?;
    for text in [&summary.players, &summary.status, &summary.game_title] {
        no_controls("the summary", text)?;
    }
    Ok(())
}

fn load_any(bytes: &[u8], ctx: &Ctx) -> Result<(), Refusal> {
    let save_error = match std::str::from_utf8(bytes).map(|text| load_save(text, ctx)) {
        Ok(Ok(())) => return Ok(()),
        Ok(Err(Refusal::OneLine(message))) => message,
        Ok(Err(other)) => return Err(other),
        Err(_) => "not UTF-8".to_string(),
    };
    let games = Registry::STANDARD
        .read_records(bytes)
        .map_err(|err| Refusal::OneLine(format!("{save_error}; {err}")))?;
    let mut first_refusal = None;
    let mut loaded = false;
    for game in &games {
        no_controls("a game's label", &game.label)?;
        match &game.record {
            Ok(record) => {
                let screen = open_record(record.as_ref(), game.game, Registry::STANDARD, ctx)
                    .map_err(|e| {
                        Refusal::Invalid(format!("a game that read does not open: {e}"))
                    })?;
                valid_screen(screen.as_ref())?;
                loaded = true;
            }
            Err(err) => {
                let message = err.to_string();
                check_message(&message, true).map_err(Refusal::Invalid)?;
                first_refusal.get_or_insert(message);
            }
        }
    }
    match (loaded, first_refusal) {
        (false, Some(message)) => Err(Refusal::OneLine(message)),
        _ => Ok(()),
    }
}

fn load_connect4(text: &str, ctx: &Ctx) -> Result<(), Refusal> {
    let file = parse_game_file(text).map_err(|e| Refusal::OneLine(e.to_string()))?;
    no_controls("a player name", &file.first)?;
    no_controls("a player name", &file.second)?;
    let games = Registry::STANDARD
        .read_records(text.as_bytes())
        .map_err(|e| Refusal::Invalid(format!("a parsed game file does not read: {e}")))?;
    let [game] = games.as_slice() else {
        return Err(Refusal::Invalid("a game file read as several games".into()));
    };
    let record = game
        .record
        .as_ref()
        .map_err(|e| Refusal::Invalid(format!("a parsed game file does not read: {e}")))?;
    let screen = open_record(record.as_ref(), game.game, Registry::STANDARD, ctx)
        .map_err(|e| Refusal::Invalid(format!("a parsed game file does not open: {e}")))?;
    valid_screen(screen.as_ref())
}

fn load_level(text: &str, ctx: &Ctx) -> Result<(), Refusal> {
    let level = Level::from_toml(text).map_err(|e| Refusal::OneLine(e.to_string()))?;
    let rows = level.board.rows();
    if board_from_rows(&rows).as_ref() != Ok(&level.board) || level.board.o_count() == 0 {
        return Err(Refusal::Invalid(
            "a loaded level does not read back as itself".into(),
        ));
    }
    no_controls("the level name", &level.name)?;
    let screen = open_level(&level, "untrusted".into(), ctx)
        .map_err(|e| Refusal::Invalid(format!("a valid level does not open: {e}")))?;
    valid_screen(&screen)
}
