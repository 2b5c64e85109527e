//! Magic Square (GAMES.md §2): place the pieces `min ..= min+n²-1` on an n×n board so that every
//! row, column and both diagonals add up to the same (magic) sum.
//!
//! The pure layer: [`rules`] (the state machine), [`notation`] (`5@1,2` placements and save
//! rows), [`text`] (the seed's printed board), [`plain`] (the line-mode driver), [`args`] (the
//! command line) and [`solver`] (completion search behind the hint and Solve). The screen:
//! [`view`] (geometry and drawing) and [`ui`] (cursor, tray, typed values).

pub mod analysis;
pub mod args;
pub mod notation;
pub mod plain;
pub mod rules;
pub mod solver;
pub mod text;
pub mod ui;
pub mod view;

use clap::{ArgMatches, Args as _, FromArgMatches};

pub use rules::{MagicSquare, Params, Placement, SetupError};

use crate::game::screen::open_save;
use crate::game::{GameScreen, Players};
use crate::games::registry::{GameEntry, Launch};
use crate::screen::{Ctx, Screen};
use crate::ui::form::{Field, Form};
use ui::MagicSquareUi;

/// Magic Square's registry entry.
pub static ENTRY: GameEntry = GameEntry {
    id: "magic_square",
    title: "Magic Square",
    aliases: &["magic-square", "MagicSquare", "magicsquare"],
    blurb: "Place the numbers so every row, column and diagonal has the same sum.",
    example: "parlor magic-square 3 -9",
    two_player: false,
    args: args::Args::augment_args,
    launch,
    plain,
    new_game,
    open_save: open_save::<MagicSquareUi>,
    import: None,
    export: None,
    solve: Some(&analysis::SOLVE),
    computer_move: None,
    perft: None,
};

fn arguments(matches: &ArgMatches) -> args::Args {
    args::Args::from_arg_matches(matches).unwrap_or_default()
}

fn launch(launch: &Launch<'_>, ctx: &Ctx) -> Result<Box<dyn Screen>, String> {
    let params = arguments(launch.matches).params();
    Ok(Box::new(GameScreen::<MagicSquareUi>::new(
        params,
        Players::none(),
        ctx,
    )?))
}

fn plain(
    launch: &Launch<'_>,
    input: &mut dyn std::io::BufRead,
    out: &mut dyn std::io::Write,
) -> std::io::Result<crate::core::Ending> {
    // clap range-checked both numbers, so every accepted pair makes a board.
    let start = arguments(launch.matches)
        .start()
        .map_err(|err| std::io::Error::new(std::io::ErrorKind::InvalidInput, err))?;
    plain::run_plain(start, input, out)
}

/// The new-game form: board side and lowest piece.
fn new_game(_ctx: &Ctx) -> Box<dyn Screen> {
    let defaults = Params::default();
    Box::new(Form::new(
        "New game of Magic Square",
        vec![
            Field::number(
                "Size (1-9)",
                i64::from(defaults.size),
                1,
                i64::from(rules::MAX_SIZE),
            ),
            Field::number(
                "Lowest piece",
                defaults.min,
                *rules::SAFE_MIN.start(),
                *rules::SAFE_MIN.end(),
            ),
        ],
        Box::new(|values, ctx: &Ctx| {
            let size = values.number(0)?;
            let params = Params {
                size: u8::try_from(size).map_err(|_| format!("{size} is not a board size"))?,
                min: values.number(1)?,
            };
            Ok(Box::new(GameScreen::<MagicSquareUi>::new(
                params,
                Players::none(),
                ctx,
            )?) as Box<dyn Screen>)
        }),
    ))
}
