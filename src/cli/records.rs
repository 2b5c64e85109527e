//! `parlor export SAVE [--format F]` and `parlor import FILE [--game N]`: game records in and
//! out of the saves folder from the command line, through the registry's formats.

use std::fmt::Write as _;

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Arg, ArgMatches, Command, value_parser};

use super::{FAILURE, USAGE, io_failure, report};
use crate::core::record::format::MAX_RECORD_BYTES;
use crate::core::text::shown_path;
use crate::games::registry::Registry;
use crate::record::erased::ExportError;
use crate::save::format::{MAX_SAVE_BYTES, SaveFile};

/// The two subcommands, added to the whole grammar (the formats of these games).
pub fn subcommands(cmd: Command, games: Registry) -> Command {
    let formats: Vec<String> = games
        .games()
        .iter()
        .map(|game| {
            let ids: Vec<&str> = (game.records.formats)()
                .iter()
                .filter(|f| f.writable)
                .map(|f| f.id)
                .collect();
            format!("  {}: {}", game.id, ids.join(", "))
        })
        .collect();
    cmd.subcommand(
        Command::new("export")
            .about("Print a saved game as a game record (GGF, PDN, Parlor notation…)")
            .arg(
                Arg::new("save")
                    .required(true)
                    .value_name("SAVE")
                    .value_parser(value_parser!(PathBuf))
                    .help("A save file, or the name of a save in the saves folder"),
            )
            .arg(
                Arg::new("format")
                    .long("format")
                    .value_name("F")
                    .help("The format; by default the game's first that holds the whole game"),
            )
            .after_help(format!(
                "Formats, the default first:\n{}\nExample: parlor export my-game --format parlor > game.pgr",
                formats.join("\n")
            )),
    )
    .subcommand(
        Command::new("import")
            .about("Add a game record (GGF, PDN, WTHOR, a transcript…) to the saves")
            .arg(
                Arg::new("file")
                    .required(true)
                    .value_name("FILE")
                    .value_parser(value_parser!(PathBuf))
                    .help("The record file"),
            )
            .arg(
                Arg::new("game")
                    .long("game")
                    .value_name("N")
                    .value_parser(value_parser!(usize))
                    .help("Which game of a file of several (as listed without it)"),
            )
            .after_help(
                "A file of one game becomes a save; a file of several lists them, and\n\
                 --game N imports one.\nExample: parlor import games.pdn --game 3",
            ),
    )
}

/// Runs `export` or `import` if `name` is one of them.
pub fn run(games: Registry, name: &str, matches: &ArgMatches, data_dir: &Path) -> Option<u8> {
    match name {
        "export" => Some(export(games, matches, data_dir)),
        "import" => Some(import(games, matches, data_dir)),
        _ => None,
    }
}

/// Writes `text` to stdout.
fn print(text: &str) -> u8 {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(err) => io_failure(&err),
    }
}

fn export(games: Registry, matches: &ArgMatches, data_dir: &Path) -> u8 {
    let Some(named) = matches.get_one::<PathBuf>("save") else {
        return USAGE;
    };
    // A path that exists, else a save of that name in the saves folder.
    let path = if named.exists() {
        named.clone()
    } else {
        crate::save::store::saves_dir(data_dir)
            .join(named)
            .with_extension("toml")
    };
    let file = crate::save::store::read_limited(&path, MAX_SAVE_BYTES).and_then(|text| {
        let id = path.file_stem().and_then(|s| s.to_str()).unwrap_or("game");
        SaveFile::parse(&text, id)
    });
    let file = match file {
        Ok(file) => file,
        Err(err) => {
            report(&format!("parlor: {}: {err}", shown_path(named)));
            return FAILURE;
        }
    };
    match games.export(
        &file,
        matches.get_one::<String>("format").map(String::as_str),
    ) {
        Ok(exported) => print(&exported.text),
        Err(err @ ExportError::UnknownFormat { .. }) => {
            report(&format!("parlor: {err}"));
            USAGE
        }
        Err(err) => {
            report(&format!("parlor: {}: {err}", shown_path(named)));
            FAILURE
        }
    }
}

fn import(registry: Registry, matches: &ArgMatches, data_dir: &Path) -> u8 {
    let Some(path) = matches.get_one::<PathBuf>("file") else {
        return USAGE;
    };
    let failed = |err: &dyn std::fmt::Display| {
        report(&format!("parlor: {}: {err}", shown_path(path)));
        FAILURE
    };
    let bytes = match crate::save::store::read_bytes_limited(path, MAX_RECORD_BYTES) {
        Ok(bytes) => bytes,
        Err(err) => return failed(&err),
    };
    let games = match registry.read_records(&bytes) {
        Ok(games) => games,
        Err(err) => return failed(&err),
    };
    let chosen = match (matches.get_one::<usize>("game"), games.len()) {
        (None, 1) => 0,
        (None, count) => {
            let mut list = format!(
                "{} holds {count} games; import one with --game N:\n",
                shown_path(path)
            );
            for (i, game) in games.iter().enumerate() {
                let state = game.record.as_ref().map_or_else(
                    |err| format!("does not read: {err}"),
                    |r| format!("{} moves", r.moves()),
                );
                let _ = writeln!(
                    list,
                    "{:>5}  {} · {} · {state}",
                    i + 1,
                    game.game_title,
                    game.label
                );
            }
            return print(&list);
        }
        (Some(&n), count) if (1..=count).contains(&n) => n - 1,
        (Some(&n), count) => {
            report(&format!(
                "parlor: --game {n}: the file holds games 1 to {count}"
            ));
            return USAGE;
        }
    };
    let game = &games[chosen];
    let record = match &game.record {
        Ok(record) => record,
        Err(err) => return failed(err),
    };
    let id = crate::save::store::new_id(game.game);
    let save = match record.to_save(&id, std::time::SystemTime::now()) {
        Ok(save) => save,
        Err(err) => return failed(&err),
    };
    match crate::save::store::write_save(data_dir, &save) {
        Ok(written) => print(&format!(
            "Imported {} ({}, {} moves) as {}\n",
            save.title,
            game.game_title,
            record.moves(),
            shown_path(&written)
        )),
        Err(err) => {
            report(&format!("parlor: {err}"));
            FAILURE
        }
    }
}
