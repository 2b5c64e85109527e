//! The example line under a usage error: the right use of the thing that was wrong. An
//! option's own example when the option was at fault (`parlor --load` shows a `--load` line,
//! `parlor reversi --level 9` a `--level` line), else the subcommand's (the one its help ends
//! with, or the bare subcommand), else a game's. And a missing game (`parlor solve`) is
//! asked for by the games' names alone.

use clap::Command;
use clap::error::{ContextKind, ContextValue};

use crate::games::registry::Registry;

/// The global options' examples: an option given without its value or with a bad one.
const OPTION_EXAMPLES: [(&str, &str); 3] = [
    ("--load", "parlor --load ~/my-game.ggf"),
    ("--config", "parlor --config ~/parlor.toml"),
    ("--data-dir", "parlor --data-dir ~/parlor-saves"),
];

/// Leaves only the games' own names in the list of subcommands a missing one is chosen from
/// (`parlor solve`): clap lists every alias (`nine-almonds, NineAlmonds, almonds, …`) and
/// `help`, where one name a game says more.
pub fn games_only(games: Registry, err: &mut clap::Error) {
    if err.kind() != clap::error::ErrorKind::MissingSubcommand {
        return;
    }
    if let Some(ContextValue::Strings(names)) = err.get(ContextKind::ValidSubcommand) {
        let canonical: Vec<String> = names
            .iter()
            .filter(|name| {
                games
                    .find(name)
                    .is_some_and(|game| game.id == name.as_str())
            })
            .cloned()
            .collect();
        if !canonical.is_empty() {
            err.insert(
                ContextKind::ValidSubcommand,
                ContextValue::Strings(canonical),
            );
        }
    }
}

/// The example for `err`, raised by `cmd` (the whole command line's definition) on `args`.
pub fn example(games: Registry, cmd: &Command, err: &clap::Error, args: &[String]) -> String {
    // The option at fault, as clap names it (`--level <LEVEL>`): its long name.
    let option = match err.get(ContextKind::InvalidArg) {
        Some(ContextValue::String(arg)) => {
            arg.split([' ', '=']).next().unwrap_or_default().to_string()
        }
        _ => String::new(),
    };
    if let Some((_, example)) = OPTION_EXAMPLES.iter().find(|(name, _)| *name == option) {
        return (*example).to_string();
    }
    if let Some(example) = super::analysis_commands::example(games, args) {
        return example.to_string();
    }
    let sub = args
        .iter()
        .skip(1)
        .filter(|word| !word.starts_with('-'))
        .find_map(|word| cmd.find_subcommand(word));
    let Some(sub) = sub else {
        return games
            .games()
            .first()
            .map_or("parlor --help", |game| game.example)
            .to_string();
    };
    if let Some(game) = games.find(sub.get_name()) {
        if option == "--level" || option == "--computer" {
            return format!("parlor {} --computer second --level 3", game.id);
        }
        return game.example.to_string();
    }
    // The example the subcommand's help ends with, or the subcommand alone.
    sub.get_after_help()
        .and_then(|help| {
            let help = help.to_string();
            help.lines()
                .rev()
                .find_map(|line| line.strip_prefix("Example: ").map(str::to_string))
        })
        .unwrap_or_else(|| format!("parlor {}", sub.get_name()))
}
