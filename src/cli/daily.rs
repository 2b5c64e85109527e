//! `parlor daily [--date YYYY-MM-DD] [--id]`: the daily puzzle, in the arcade or (with
//! `--plain`) in line mode, or its ID printed.

use std::io::Write;
use std::path::Path;

use clap::{Arg, ArgAction, ArgMatches, Command};
use time::Date;

use crate::config::Config;
use crate::core::{Ending, Outcome};
use crate::games::daily::{DailyPuzzle, for_date};
use crate::save::daily::{DailyResult, date_text, parse_date, share_line, today};
use crate::save::records::Records;

/// The `daily` subcommand.
pub fn subcommand() -> Command {
    Command::new("daily")
        .about("Play today's daily puzzle: the same for everyone on a date (UTC), kinds in turn")
        .arg(
            Arg::new("date")
                .long("date")
                .value_name("YYYY-MM-DD")
                .value_parser(|text: &str| parse_date(text))
                .help("The puzzle of another date"),
        )
        .arg(
            Arg::new("id")
                .long("id")
                .action(ArgAction::SetTrue)
                .help("Print the puzzle's ID instead of playing it"),
        )
        .after_help("Example: parlor daily --date 2026-12-03")
}

/// The daily puzzle the command line asks for (`parlor daily`), or `None` for another command.
///
/// # Errors
/// The exit code to end with now: 0 once `--id` has printed the puzzle's ID, a failure (said
/// on stderr) when no puzzle has daily puzzles (never with the shipped games).
pub fn requested(matches: &ArgMatches) -> Result<Option<DailyPuzzle>, u8> {
    let Some(("daily", sub)) = matches.subcommand() else {
        return Ok(None);
    };
    let date = date_of(sub, std::time::SystemTime::now());
    let Some(daily) = for_date(date) else {
        super::report(&format!("parlor: {}", NoDaily(date_text(date))));
        return Err(super::FAILURE);
    };
    if sub.get_flag("id") {
        let mut out = std::io::stdout().lock();
        return Err(
            match writeln!(out, "{}", daily.id).and_then(|()| out.flush()) {
                Ok(()) => 0,
                Err(err) => super::io_failure(&err),
            },
        );
    }
    Ok(Some(daily))
}

/// No puzzle has daily puzzles (never with the shipped games).
#[derive(Debug, thiserror::Error)]
#[error("there is no daily puzzle for {0}")]
struct NoDaily(String);

/// The date `parlor daily` asks for: `--date`, else today (UTC) at `now`.
fn date_of(sub: &ArgMatches, now: std::time::SystemTime) -> Date {
    sub.get_one::<Date>("date")
        .copied()
        .unwrap_or_else(|| today(now))
}

#[cfg(feature = "tui")]
/// The daily puzzle's screen for `parlor daily [--date …]` (today by the app's clock), as
/// [`super::command_line_screen`] opens it for the tests.
///
/// # Errors
/// Why the puzzle does not open (never expected: the tests open many dates' puzzles).
pub fn screen(
    sub: &ArgMatches,
    ctx: &crate::screen::Ctx,
) -> Result<Box<dyn crate::screen::Screen>, crate::games::error::LaunchError> {
    let date = date_of(sub, ctx.now);
    let daily = for_date(date)
        .ok_or_else(|| crate::games::error::LaunchError::choice(NoDaily(date_text(date))))?;
    crate::lobby::daily::open(&daily, ctx).map_err(crate::games::error::LaunchError::choice)
}

/// `parlor daily --plain`: the puzzle in line mode, then its result in the records and the
/// share line. The exit code is the puzzle's.
pub fn run_plain(daily: &DailyPuzzle, config: &Config, data_dir: &Path) -> u8 {
    let stdin = std::io::stdin();
    let mut input = crate::plain::EofWatch::new(stdin.lock());
    // The puzzle echoes names and moves typed: cleaned on the way out, as plain mode's are.
    let mut out = crate::core::clean_write::CleanWriter::new(std::io::stdout().lock());
    let _ = writeln!(
        out,
        "Daily puzzle {}: {}",
        date_text(daily.date),
        daily.entry.title
    );
    let started = std::time::Instant::now();
    let ending = match crate::games::open_id::plain(&daily.id, config, &mut input, &mut out) {
        Ok((_, Ok(ending))) => ending,
        Ok((_, Err(err))) => {
            super::report(&format!("parlor: {err}"));
            return super::FAILURE;
        }
        Err(err) => {
            super::report(&format!("parlor: {}: {err}", daily.id));
            return super::FAILURE;
        }
    };
    if ending == Ending::Finished(Outcome::Solved) {
        // Plain mode knows the time it took, not the game's count of moves.
        let result = DailyResult {
            puzzle: daily.entry.title.to_string(),
            seconds: Some(started.elapsed().as_secs()),
            ..DailyResult::default()
        };
        let _ = writeln!(out, "{}", share_line(daily.date, &result));
        if let Err(err) = Records::record_daily_on_disk(data_dir, daily.date, result) {
            super::report(&format!(
                "parlor: the result was not recorded: {}",
                err.sentence()
            ));
        }
    }
    let _ = out.flush();
    ending.exit_code()
}
