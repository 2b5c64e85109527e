//! Slide: move every `O` into the goals, where `O` pieces slide until stopped and `X` pieces
//! step one square; fewer moves is better, and every level has a par found by the solver.

pub mod analysis;
pub mod args;
mod clearance;
pub mod generate;
pub mod level;
pub mod levels;
mod node_table;
pub mod notation;
pub mod plain;
mod position;
pub mod rules;
pub mod screen;
pub mod solver;
pub mod text;
pub mod ui;
pub mod view;

use clap::{ArgMatches, Args as _, FromArgMatches};

use crate::games::registry::{GameEntry, Launch};
use crate::screen::{Ctx, Screen};
use args::LevelChoice;
use level::Level;
use screen::{LevelList, SlideGame, level_key};

/// Slide's registry entry.
pub static ENTRY: GameEntry = GameEntry {
    id: "slide",
    title: "Slide",
    aliases: &["Slide"],
    blurb: "Slide every O into the goals in as few moves as par.",
    example: "parlor slide --level 3",
    two_player: false,
    args: args::Args::augment_args,
    launch,
    plain,
    new_game: |_ctx| Box::new(LevelList::new()),
    open_save: SlideGame::open_save,
    import: None,
    export: None,
    solve: Some(&analysis::SOLVE),
    computer_move: None,
    perft: None,
};

/// The level the command line asks for with its best-result key; `None` for the level list.
///
/// # Errors
/// A sentence for a bad level number or an unreadable or invalid level file.
pub fn chosen_level(matches: &ArgMatches) -> Result<Option<(Level, String)>, String> {
    let args = args::Args::from_arg_matches(matches).map_err(|e| e.to_string())?;
    Ok(match args.choice() {
        LevelChoice::Default => None,
        LevelChoice::Shipped(n) => Some((levels::shipped_level(n)?, level_key(n))),
        LevelChoice::File(path) => {
            let text = crate::save::store::read_limited(&path, crate::save::format::MAX_SAVE_BYTES)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let level = Level::from_toml(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let key = format!("file-{}", level.name);
            Some((level, key))
        }
        LevelChoice::Seed(seed, difficulty) => {
            let level = generate::generate(seed, difficulty.par_range());
            let key = format!("seed-{seed}-{difficulty:?}").to_lowercase();
            Some((level, key))
        }
    })
}

fn launch(launch: &Launch<'_>, ctx: &Ctx) -> Result<Box<dyn Screen>, String> {
    match chosen_level(launch.matches)? {
        None => Ok(Box::new(LevelList::new())),
        Some((level, key)) => Ok(Box::new(SlideGame::new(&level, key, ctx)?)),
    }
}

fn plain(
    launch: &Launch<'_>,
    input: &mut dyn std::io::BufRead,
    out: &mut dyn std::io::Write,
) -> std::io::Result<crate::core::Ending> {
    let (level, key) = match chosen_level(launch.matches) {
        Ok(Some(chosen)) => chosen,
        Ok(None) => (
            levels::shipped_level(1).map_err(std::io::Error::other)?,
            level_key(1),
        ),
        Err(err) => return Err(std::io::Error::other(err)),
    };
    plain::run_plain(&level, &key, input, out)
}
